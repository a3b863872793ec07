"""Files shipped with the app (``resources/``), found the same way from source and frozen.

From a source checkout they are the repository's ``resources/`` folder; in a PyInstaller
bundle they are ``resources/`` inside the bundle's data folder (``sys._MEIPASS``: the
``_internal`` folder beside the executable, or ``Contents/Frameworks`` in a macOS ``.app``,
which links to ``Contents/Resources``). ``WILDDIE_RESOURCES`` overrides both (a distribution
that installs the data elsewhere, or a test).

Treat everything here as read-only: the install location may be. The app's own files go to
the platformdirs folders of ``ui.services.paths``; copy a resource there before changing it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Final

RESOURCES_ENV: Final = "WILDDIE_RESOURCES"
SAMPLE_CAMPAIGN: Final = "sample-campaign"
APP_ICON: Final = ("icons", "io.github.wilddie.WildDie.svg")


def is_frozen() -> bool:
    """Whether this is a frozen (PyInstaller) build rather than Python running the source."""
    return bool(getattr(sys, "frozen", False))


def resource_root() -> Path:
    """The folder that holds the shipped resources."""
    override = os.environ.get(RESOURCES_ENV, "").strip()
    if override:
        return Path(override)
    bundle_dir = getattr(sys, "_MEIPASS", None)
    if is_frozen() and bundle_dir:
        return Path(bundle_dir) / "resources"
    return Path(__file__).resolve().parent.parent / "resources"


def resource_path(*parts: str) -> Path:
    """A shipped file or folder: ``resource_path("sample-campaign", "campaign.json")``.

    The path is returned whether or not it exists; callers that need it check.
    """
    return resource_root().joinpath(*parts)


def sample_campaign_path() -> Path:
    """The sample campaign folder shipped with the app (open it read-only)."""
    return resource_path(SAMPLE_CAMPAIGN)


def app_icon_path() -> Path:
    """The scalable app icon (SVG); Qt renders it at any size through QtSvg."""
    return resource_path(*APP_ICON)
