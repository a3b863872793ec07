"""The desktop app: the QApplication, the main window, and what happens at start-up.

``run`` is the entry point (``wilddie``, ``wilddie gui [CAMPAIGN]``, ``python -m app``).
Cold start matters, so the order is: Qt and the main window (Qt widgets and the campaign's
title) -> show -> first paint -> then the browser's rows (a quick ``json`` index of the
folder), the dice panel, pydantic, the validated documents and crash recovery, from the
event loop.

Which campaign opens: the one named on the command line; else the last one; else (first
run) the sample campaign, copied from the install folder into the user's data folder
(installers may be read-only; the copy is the player's to change).

Environment hooks: ``WILDDIE_QUIT_AFTER_MS`` quits after that many milliseconds (smoke
tests, screenshots); ``WILDDIE_STARTUP_PROBE=1`` prints ``wilddie-startup first-paint T``,
``wilddie-startup usable T`` (the dice panel's odds painted) and ``wilddie-startup loaded T
FOLDER`` (every file validated; ``time.time()``) and quits (bench/bench_startup.py).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

import app.source_scans  # noqa: F401  first: PySide reads no source file of ours (issue 17)
from ui.main.first_paint import after_painted
from ui.main.window import APP_NAME, MainWindow
from ui.services.names import FOLDER

ORGANIZATION = FOLDER  # QSettings and QStandardPaths file under the one folder name
# Matches the .desktop file's base name (and so the window's class on Wayland and X11).
DESKTOP_FILE_NAME = "io.github.wilddie.WildDie"
QUIT_AFTER_ENV = "WILDDIE_QUIT_AFTER_MS"  # for smoke tests and screenshots
STARTUP_PROBE_ENV = "WILDDIE_STARTUP_PROBE"  # for bench/bench_startup.py
SAMPLE_FOLDER_NAME = "Sample campaign - The Drowned Valley"

__all__ = [
    "APP_NAME",
    "DESKTOP_FILE_NAME",
    "ORGANIZATION",
    "QUIT_AFTER_ENV",
    "MainWindow",
    "install_sample_campaign",
    "run",
]


def _quit_after_ms() -> int | None:
    raw = os.environ.get(QUIT_AFTER_ENV, "").strip()
    if not raw:
        return None
    try:
        return max(0, int(raw))
    except ValueError:
        print(f"wilddie: ignoring {QUIT_AFTER_ENV}={raw!r}: not a whole number", file=sys.stderr)
        return None


def install_sample_campaign() -> Path:
    """The user's copy of the sample campaign (made on first use); never the install copy."""
    import shutil

    from app.resources import sample_campaign_path
    from ui.services.paths import data_dir

    target = data_dir() / SAMPLE_FOLDER_NAME
    if not (target / "campaign.json").is_file():
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(
            sample_campaign_path(),
            target,
            dirs_exist_ok=True,
            ignore=shutil.ignore_patterns(".wilddie-backups", ".*.tmp"),
        )
    return target


def _campaign_to_open(argv: list[str], last: str | None) -> Path | None:
    if argv:
        return Path(argv[0]).expanduser()
    if last and (Path(last) / "campaign.json").is_file():
        return Path(last)
    try:
        return install_sample_campaign()
    except OSError as error:
        print(f"wilddie: cannot copy the sample campaign: {error}", file=sys.stderr)
        return None


def _install_translator(app: QApplication) -> None:
    """Load ``resources/translations/wilddie_<locale>.qm`` when one ships (none yet)."""
    from app.resources import resource_path

    folder = resource_path("translations")
    if not folder.is_dir():
        return
    from PySide6.QtCore import QLocale, QTranslator

    translator = QTranslator(app)
    if translator.load(QLocale(), "wilddie", "_", str(folder)):
        app.installTranslator(translator)


def _startup_probe(window: MainWindow, app: QApplication) -> None:
    marks: set[str] = set()

    def mark(name: str, extra: str = "") -> None:
        print(f"wilddie-startup {name} {time.time():.6f}{extra}", flush=True)
        marks.add(name)
        if {"usable", "loaded"} <= marks:
            QTimer.singleShot(0, app.quit)

    class _OddsPainted(QObject):
        """Marks ``usable`` when the dice panel's odds are painted: on screen, not only
        computed (the window paints after every queued call, so the odds' answer can
        come well before anyone sees them)."""

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            panel = window.rolls.panel
            painted = event.type() == QEvent.Type.Paint and "usable" not in marks
            if painted and panel is not None and panel.odds() is not None:
                mark("usable")
            return False

    def usable() -> None:  # the dice panel built (after the first paint)
        window.rolls.ensure_panel().histogram.installEventFilter(_OddsPainted(window))

    window.first_paint.firstPainted.connect(lambda: mark("first-paint"))
    window.first_paint.afterFirstPaint.connect(usable)
    window.campaigns.campaignOpened.connect(
        lambda session: mark("loaded", f" {getattr(session, 'folder', '')}")
    )


class _FileOpenEvents(QObject):
    """macOS delivers "open this document" as a QFileOpenEvent, not an argument."""

    def __init__(self, window: MainWindow, parent: QObject) -> None:
        super().__init__(parent)
        self.window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        from PySide6.QtGui import QFileOpenEvent

        if event.type() == QEvent.Type.FileOpen and isinstance(event, QFileOpenEvent):
            self.window.opener.open_path(event.file())
            return True
        return super().eventFilter(watched, event)


def run_with_display(argv: list[str]) -> int:
    """``run``, after checking there is a screen: without one, one line on stderr, exit 2."""
    from app.display import missing_display

    problem = missing_display()
    if problem is not None:
        print(f"wilddie: {problem}", file=sys.stderr)
        return 2
    return run(argv)


def run(argv: list[str]) -> int:
    """Start the desktop app; ``argv`` holds the app's own arguments (an optional campaign)."""
    existing = QApplication.instance()
    # Qt gets only the program name: a campaign path is never parsed as a Qt option.
    app = existing if isinstance(existing, QApplication) else QApplication(["wilddie"])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION)
    app.setDesktopFileName(DESKTOP_FILE_NAME)
    from app.resources import app_icon_path, resource_root
    from ui.services.settings_store import SettingsStore

    _install_translator(app)
    settings = SettingsStore().load()
    if settings.color_scheme != "system":
        from ui.theme import apply_color_scheme

        apply_color_scheme(app, settings.color_scheme)  # type: ignore[arg-type]

    window = MainWindow()
    window.menus.help_file = resource_root() / "help" / "rules.md"
    window.preferences.restore_window(settings.geometry, settings.window_state)
    window.menus.set_scheme(settings.color_scheme)
    if os.environ.get(STARTUP_PROBE_ENV):
        _startup_probe(window, app)

    def after_first_screen() -> None:
        from PySide6.QtGui import QIcon  # its enums cost ~3 ms: not before the first paint

        from app.memory import keep_big_blocks

        icon = app_icon_path()  # an SVG: loads Qt's SVG plugin
        if icon.is_file():
            app.setWindowIcon(QIcon(str(icon)))
        keep_big_blocks()  # for the odds of the big rolls to come (imports ctypes)

    # Once the dice panel has painted too: the first screen's work comes first.
    window.first_paint.afterFirstPaint.connect(
        lambda: after_painted(window.rolls.ensure_panel(), after_first_screen)
    )
    window.show()
    # A file (from a file manager's "open with" or the installers' file association)
    # opens in its own campaign; a folder is the campaign to open.
    target = Path(argv[0]).expanduser() if argv else None
    missing = target is not None and not target.exists()
    if missing:  # a typo: say so, and start as usual (the last campaign, or the sample)
        print(f"wilddie: {target} does not exist; opening the usual campaign", file=sys.stderr)
        argv = []
    document = target if target is not None and target.is_file() else None
    if document is not None and document.name != "campaign.json":
        from sheets.storage import campaign_folder_of

        argv = [str(home)] if (home := campaign_folder_of(document)) else []
    folder = _campaign_to_open(argv, settings.last_campaign)
    if folder is not None and not window.campaigns.open(folder, defer_loading=True):
        window.statusBar().showMessage(
            window.tr("%1 is not a campaign folder (no campaign.json)").replace("%1", str(folder))
        )
    if document is not None and document.name != "campaign.json":
        window.opener.open_path(document)
    if missing:
        window.statusBar().showMessage(
            window.tr("%1 does not exist: opened the usual campaign instead").replace(
                "%1", str(target)
            )
        )
    if sys.platform == "darwin":  # macOS hands files to a running app as events
        # Only there: a filter on the application sees every event of every widget, and
        # in Python each one costs a call (and the first paint ~20 ms of enum set-up).
        app.installEventFilter(_FileOpenEvents(window, app))

    quit_after = _quit_after_ms()
    if quit_after is not None:
        QTimer.singleShot(quit_after, window.files.discard_all_changes)
        QTimer.singleShot(quit_after, app.quit)
    return app.exec()
