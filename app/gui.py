"""The desktop app: the QApplication and a minimal main window.

The GUI issue replaces ``MainWindow``; ``run`` stays the entry point (``wilddie``,
``wilddie gui [CAMPAIGN]``, ``python -m app``). Only Qt is imported here: the window shows
first, and anything heavy (pydantic, documents) loads after it, from the event loop.
"""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QMessageBox

APP_NAME = "Wild Die"
ORGANIZATION = "Wild Die"
# Matches the .desktop file's base name (and so the window's class on Wayland and X11).
DESKTOP_FILE_NAME = "io.github.wilddie.WildDie"
QUIT_AFTER_ENV = "WILDDIE_QUIT_AFTER_MS"  # for smoke tests and screenshots


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("wilddie")
    except PackageNotFoundError:
        return "development"


class MainWindow(QMainWindow):
    """A minimal window: a title, a placeholder, a status bar and Help > About."""

    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle(APP_NAME)
        self.resize(960, 640)

        placeholder = QLabel("No campaign open.")
        placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setCentralWidget(placeholder)

        self.file_menu = file_menu = self.menuBar().addMenu("&File")
        self.quit_action = QAction("&Quit", self)
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self.quit_action.triggered.connect(self.close)
        file_menu.addAction(self.quit_action)

        self.help_menu = help_menu = self.menuBar().addMenu("&Help")
        self.about_action = QAction(f"&About {APP_NAME}", self)
        self.about_action.triggered.connect(self.show_about)
        help_menu.addAction(self.about_action)

        self.statusBar().showMessage("Ready")

    def show_about(self) -> None:
        QMessageBox.about(
            self,
            f"About {APP_NAME}",
            f"<h3>{APP_NAME} {_version()}</h3>"
            "<p>Offline character sheets and encounter tracker for FreeD6 / OpenD6.</p>",
        )


def _quit_after_ms() -> int | None:
    raw = os.environ.get(QUIT_AFTER_ENV, "").strip()
    if not raw:
        return None
    try:
        return max(0, int(raw))
    except ValueError:
        print(f"wilddie: ignoring {QUIT_AFTER_ENV}={raw!r}: not a whole number", file=sys.stderr)
        return None


def run(argv: list[str]) -> int:
    """Start the desktop app; ``argv`` holds the app's own arguments (an optional campaign)."""
    existing = QApplication.instance()
    # Qt gets only the program name: a campaign path is never parsed as a Qt option.
    app = existing if isinstance(existing, QApplication) else QApplication(["wilddie"])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION)
    app.setDesktopFileName(DESKTOP_FILE_NAME)

    window = MainWindow()
    window.show()
    if argv:
        # Opening campaigns arrives with the GUI issue; say so instead of ignoring it.
        window.statusBar().showMessage(f"Opening campaigns is not available yet: {argv[0]}")

    quit_after = _quit_after_ms()
    if quit_after is not None:
        QTimer.singleShot(quit_after, app.quit)
    return app.exec()
