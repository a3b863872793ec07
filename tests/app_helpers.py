"""Running a short Python script in a fresh process, as the app starts: offscreen, no stdin,
from the repository root, its settings and data kept apart under ``home`` when given."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.locations import ROOT

XDG_DIRS = ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")


def run_script(
    code: str, *args: str, home: Path | None = None, **env: str
) -> subprocess.CompletedProcess[str]:
    """``python -c code args`` offscreen; ``env`` adds variables. Fails on a bad exit."""
    environ = dict(os.environ, QT_QPA_PLATFORM="offscreen", **env)
    if home is not None:
        for name in XDG_DIRS:
            environ[name] = str(home / name)
    proc = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return proc
