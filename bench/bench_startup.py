"""Cold start: process start to the first painted main window, Wild Die vs bare PySide6.

    .venv/bin/python bench/bench_startup.py [--runs 9] [--platform offscreen|xcb] [--floor]
    xvfb-run -s "-screen 0 1600x1000x24" .venv/bin/python bench/bench_startup.py --platform xcb

Each run is a fresh Python process; the time is from just before the process is spawned
to the first paint event of the main window, as printed by the process itself
(``time.time()`` on both sides). Four figures, median of ``--runs`` runs each, runs
interleaved so machine noise hits them alike:

- bare: ``QApplication`` + an empty ``QMainWindow`` of the same size, shown;
- Wild Die, first paint: ``python -m app`` with the sample campaign listed in the browser
  (``WILDDIE_STARTUP_PROBE=1``; the quick ``json`` index of the campaign folder);
- Wild Die, fully loaded: the dice panel built and its odds painted (the window usable).
  Until issue 17's third sitting this was marked when the odds were computed; the panel
  was painted only after the campaign's loading (~0.5 s later), so it is now marked at
  the panel's paint: stricter, and what a player sees;
- Wild Die, validated: every file validated by pydantic and attached to its row (a big
  campaign validates on a worker thread while the window is usable).

The goals (issues 4 and 17) are first paint within 1.5x of bare and fully loaded within
2x. ``--floor`` adds a figure: a plain PySide6 window with the first screen's widgets and
no app code (what PySide6 itself costs for that screen; not a goal's peer).
``--special-files`` opens a copy of the sample campaign with a FIFO named x.json, a link
to /dev/zero, a folder named z.json and a 50 MB file in characters/ (issue 13.4: under
3 s to loaded). ``--characters N`` opens a copy grown to N characters. A private
temporary home is used, so the first run copies the sample campaign into it (that run is
a warm-up, not counted, which also writes the bytecode caches an installed app has).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BARE = """
import sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

app = QApplication(["bare"])
window = QMainWindow()
window.resize(1480, 900)

class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            print(f"first-paint {time.time():.6f}", flush=True)
            QTimer.singleShot(0, app.quit)
        return False

probe = FirstPaint()
window.installEventFilter(probe)
window.show()
app.exec()
"""

# The floor of the first screen in PySide6 (``--floor``): the widgets Wild Die's first
# paint shows (menus, a toolbar, the campaign dock with a search field, a filter and a
# 15-row sorted list, the dice dock's placeholder, the centre's hint, a status bar),
# built directly from a static model, no app code. Not a goal's peer (the goals compare
# with the bare window above): what PySide6 itself costs for such a screen.
FLOOR = """
import sys, time
from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (QApplication, QComboBox, QDockWidget, QFormLayout, QLabel,
    QLineEdit, QMainWindow, QStackedWidget, QTabWidget, QTreeView, QVBoxLayout, QWidget)

app = QApplication(["floor"])
window = QMainWindow()
window.resize(1480, 900)
for menu_name in ("&File", "&Edit", "&Campaign", "&View", "&Help"):
    menu = window.menuBar().addMenu(menu_name)
    for number in range(6):
        action = QAction(f"{menu_name} action {number}", window)
        action.setShortcut(QKeySequence(f"Ctrl+Shift+{number}"))
        action.setStatusTip("What the action does")
        menu.addAction(action)
toolbar = window.addToolBar("Main toolbar")
toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
for name in ("New Character", "Open", "Save", "Undo", "Redo", "Start Session"):
    toolbar.addAction(QAction(name, window))
centre = QStackedWidget()
hint = QLabel("Open a character from the campaign browser (Enter or double-click).")
hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
centre.addWidget(hint)
centre.addWidget(QTabWidget())
window.setCentralWidget(centre)
browser = QWidget()
column = QVBoxLayout(browser)
title = QLabel("The Drowned Valley")
column.addWidget(title)
filters = QFormLayout()
search = QLineEdit()
search.setPlaceholderText("Name, player or kind")
kinds = QComboBox()
for kind in ("All", "Player characters", "NPCs", "Creatures", "Vehicles", "Objects", "Encounters"):
    kinds.addItem(kind)
filters.addRow("&Search:", search)
filters.addRow("Sho&w:", kinds)
column.addLayout(filters)
model = QStandardItemModel(0, 5)
model.setHorizontalHeaderLabels(["Name", "Kind", "Player", "Importance", "File"])
for row in range(15):
    model.appendRow([QStandardItem(f"Character {row}"), QStandardItem("NPC"),
                     QStandardItem("Player"), QStandardItem("Stock"), QStandardItem("x.json")])
view = QTreeView()
view.setModel(model)
view.setRootIsDecorated(False)
view.setUniformRowHeights(True)
view.setAlternatingRowColors(True)
view.setSortingEnabled(True)
for hidden in (2, 3, 4):
    view.setColumnHidden(hidden, True)
column.addWidget(view, 1)
column.addWidget(QLabel("15 of 15 shown"))
for area, title_text, widget in (
    (Qt.DockWidgetArea.LeftDockWidgetArea, "Campaign", browser),
    (Qt.DockWidgetArea.RightDockWidgetArea, "Dice", QLabel("The dice panel is loading...")),
):
    dock = QDockWidget(title_text, window)
    dock.setWidget(widget)
    window.addDockWidget(area, dock)
window.statusBar().showMessage("Opened The Drowned Valley")
window.statusBar().addPermanentWidget(QLabel("Session 1"))

class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            print(f"first-paint {time.time():.6f}", flush=True)
            QTimer.singleShot(0, app.quit)
        return False

probe = FirstPaint()
window.installEventFilter(probe)
window.show()
app.exec()
"""


def _env(home: Path, platform: str) -> dict[str, str]:
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = platform
    for name, sub in (
        ("XDG_DATA_HOME", "data"),
        ("XDG_CONFIG_HOME", "config"),
        ("XDG_STATE_HOME", "state"),
        ("XDG_CACHE_HOME", "cache"),
    ):
        env[name] = str(home / sub)
    env.pop("WILDDIE_QUIT_AFTER_MS", None)
    # Installed apps run from compiled bytecode; with PYTHONDONTWRITEBYTECODE set (as in
    # some CI and sandbox shells) every start would compile the app's modules afresh.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _run(command: list[str], env: dict[str, str]) -> dict[str, float]:
    started = time.time()
    proc = subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False
    )
    if proc.returncode != 0:
        raise SystemExit(f"{command} failed ({proc.returncode}):\n{proc.stderr}")
    if "wilddie-startup " in proc.stdout and "wilddie-startup loaded" not in proc.stdout:
        raise SystemExit(f"{command} never finished loading:\n{proc.stderr}")
    marks: dict[str, float] = {}
    for line in proc.stdout.splitlines():
        words = line.split()
        if line.startswith("first-paint ") and len(words) == 2:
            marks["first-paint"] = float(words[1]) - started
        elif line.startswith("wilddie-startup "):
            marks[words[1]] = float(words[2]) - started
    return marks


def _special_campaign(home: Path) -> Path:
    import shutil

    campaign = home / "special"
    shutil.copytree(ROOT / "resources" / "sample-campaign", campaign)
    characters = campaign / "characters"
    os.mkfifo(characters / "x.json")
    (characters / "zero.json").symlink_to("/dev/zero")
    (characters / "z.json").mkdir()
    with (characters / "big.json").open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)
    return campaign


def _big_campaign(home: Path, count: int) -> Path:
    """A copy of the sample campaign grown to ``count`` characters: its sheets copied
    round-robin under new names and file names (written once per run of the bench)."""
    import json
    import shutil

    campaign = home / f"campaign-{count}"
    shutil.copytree(ROOT / "resources" / "sample-campaign", campaign)
    characters = campaign / "characters"
    sheets = sorted(characters.glob("*.json"))
    raws = [json.loads(path.read_text(encoding="utf-8")) for path in sheets]
    for number in range(len(sheets), count):
        raw = dict(raws[number % len(raws)])
        raw["name"] = f"{raw['name']} {number}"
        (characters / f"generated-{number:05d}.json").write_text(
            json.dumps(raw, indent=2), encoding="utf-8"
        )
    return campaign


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    default_platform = "xcb" if os.environ.get("DISPLAY") else "offscreen"
    parser.add_argument("--platform", default=default_platform)
    parser.add_argument(
        "--special-files",
        action="store_true",
        help="open a sample copy with a FIFO, a /dev/zero link, a folder and a 50 MB file",
    )
    parser.add_argument(
        "--floor",
        action="store_true",
        help="also time a plain PySide6 window with the first screen's widgets (no app code)",
    )
    parser.add_argument(
        "--characters",
        type=int,
        default=0,
        help="open a copy of the sample campaign grown to N characters (1000, 10000)",
    )
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="wilddie-bench-") as folder:
        env = _env(Path(folder), args.platform)
        # The probe quits once loaded; the quit timer only stops a run that went wrong.
        app_env = dict(env, WILDDIE_STARTUP_PROBE="1", WILDDIE_QUIT_AFTER_MS="30000")
        bare_command = [sys.executable, "-c", BARE]
        app_command = [sys.executable, "-m", "app"]
        if args.special_files:
            app_command += ["gui", str(_special_campaign(Path(folder)))]
        elif args.characters:
            app_command += ["gui", str(_big_campaign(Path(folder), args.characters))]
        _run(app_command, app_env)  # warm-up: copies the sample campaign, writes .pyc files
        _run(bare_command, env)
        floor_command = [sys.executable, "-c", FLOOR]
        if args.floor:
            _run(floor_command, env)
        bare, floor, first, usable, loaded = [], [], [], [], []
        for _ in range(args.runs):
            bare.append(_run(bare_command, env)["first-paint"])
            if args.floor:
                floor.append(_run(floor_command, env)["first-paint"])
            marks = _run(app_command, app_env)
            first.append(marks["first-paint"])
            usable.append(marks.get("usable", marks["loaded"]))
            loaded.append(marks["loaded"])

    def ms(values: list[float]) -> str:
        return f"{statistics.median(values) * 1000:6.0f} ms (min {min(values) * 1000:.0f})"

    base = statistics.median(bare)
    special = ", campaign with special files" if args.special_files else ""
    if args.characters:
        special = f", campaign of {args.characters} characters"
    print(f"platform {args.platform}{special}, {args.runs} runs each, median (min):")
    print(f"  bare PySide6 QMainWindow, first paint      {ms(bare)}")
    if floor:
        print(
            f"  PySide6, the first screen's widgets (floor) {ms(floor)}"
            f"  = {statistics.median(floor) / base:.2f}x bare"
        )
    print(
        f"  Wild Die + sample campaign, first paint    {ms(first)}"
        f"  = {statistics.median(first) / base:.2f}x bare"
    )
    print(
        f"  Wild Die, fully loaded (odds painted)      {ms(usable)}"
        f"  = {statistics.median(usable) / base:.2f}x bare"
    )
    print(
        f"  Wild Die, every file validated             {ms(loaded)}"
        f"  = {statistics.median(loaded) / base:.2f}x bare"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
