"""Architecture rules the code base keeps, and the guarantees the test harness gives.

``sheets`` is the pure-Python rules core: no Qt, directly or through another import, and no
dependency on the ``ui`` or ``app`` layers above it. The command line and any future
headless tool rely on that.
"""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHEETS = ROOT / "sheets"
QT_PACKAGES = ("PySide6", "PySide2", "shiboken6", "shiboken2", "PyQt5", "PyQt6")
UPPER_LAYERS = ("ui", "app")

# Imports every module of the sheets package, then reports what got loaded.
_IMPORT_ALL = """
import importlib, json, pkgutil, sys
import sheets
names = ["sheets"]
for info in pkgutil.walk_packages(sheets.__path__, "sheets."):
    importlib.import_module(info.name)
    names.append(info.name)
print(json.dumps({"imported": names, "loaded": sorted(sys.modules)}))
"""


@functools.cache
def _import_all_sheets() -> tuple[list[str], list[str]]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONSTARTUP"}
    proc = subprocess.run(
        [sys.executable, "-c", _IMPORT_ALL],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, f"importing the sheets package failed:\n{proc.stderr}"
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    return report["imported"], report["loaded"]


def _top(name: str) -> str:
    return name.partition(".")[0]


def test_sheets_never_loads_qt_even_transitively() -> None:
    imported, loaded = _import_all_sheets()
    assert "sheets.dice.codes" in imported  # the walk really found the modules
    qt = sorted(name for name in loaded if _top(name) in QT_PACKAGES)
    assert not qt, (
        "importing the sheets package loaded Qt modules (sheets must stay pure Python; "
        f"put Qt code in ui/): {qt[:10]}"
    )


def test_sheets_never_loads_ui_or_app() -> None:
    _, loaded = _import_all_sheets()
    upper = sorted(name for name in loaded if _top(name) in UPPER_LAYERS)
    assert not upper, f"sheets imports the layers above it (ui/app): {upper[:10]}"


_QT_IMPORT = re.compile(r"^\s*(?:from|import)\s+(?:" + "|".join(QT_PACKAGES) + r")\b", re.MULTILINE)


def test_no_qt_import_lines_in_sheets() -> None:
    offenders = []
    for path in sorted(SHEETS.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for match in _QT_IMPORT.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            offenders.append(f"{path.relative_to(ROOT)}:{line}: {match.group().strip()}")
    assert not offenders, "sheets/ must not import Qt:\n" + "\n".join(offenders)


# --- harness guarantees (see conftest.py) ---------------------------------------------


def test_user_directories_are_private(private_home: Path) -> None:
    import platformdirs

    for directory in (
        platformdirs.user_data_dir("wilddie"),
        platformdirs.user_config_dir("wilddie"),
        platformdirs.user_cache_dir("wilddie"),
        platformdirs.user_state_dir("wilddie"),
        os.path.expanduser("~/.wilddie"),
    ):
        assert Path(directory).is_relative_to(private_home)


def test_qt_platform_is_offscreen() -> None:
    assert os.environ["QT_QPA_PLATFORM"] == "offscreen"


@pytest.mark.parametrize("name", ["QMessageBox.warning", "QFileDialog.getOpenFileName"])
def test_unpatched_dialog_fails_the_test(name: str) -> None:
    from PySide6 import QtWidgets

    cls_name, _, method = name.partition(".")
    with pytest.raises(AssertionError, match=re.escape(f"un-mocked modal dialog {name}()")):
        getattr(getattr(QtWidgets, cls_name), method)(None, "title", "text")
