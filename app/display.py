"""Is there a screen to show the window on? Asked before Qt starts.

Without one (an ssh session, a CI box) Qt aborts with a message about xcb-cursor that
points the wrong way. On Linux and the BSDs the window needs an X11 or Wayland display, or
a Qt platform chosen by hand; Windows and macOS always have their own.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping


def missing_display(
    env: Mapping[str, str] = os.environ, platform: str = sys.platform
) -> str | None:
    """One line saying what is missing and how to run anyway, or None when Qt can start."""
    if platform.startswith(("win", "darwin", "cygwin")):
        return None
    if env.get("QT_QPA_PLATFORM") or env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    return (
        "no display to show the window on (neither DISPLAY nor WAYLAND_DISPLAY is set): run "
        "it in a desktop session, with ssh -X, or without a window as "
        "QT_QPA_PLATFORM=offscreen wilddie ..."
    )
