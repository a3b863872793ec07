"""What the app keeps between runs for the window: its geometry and dock layout, the last
campaign, and the colour scheme."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QObject
from PySide6.QtWidgets import QApplication, QMainWindow

if TYPE_CHECKING:
    from ui.main.docks import DockLayout
    from ui.workspace.workspace import Workspace


class WindowPreferences(QObject):
    def __init__(self, window: QMainWindow, docks: DockLayout, workspace: Workspace) -> None:
        super().__init__(window)
        self.window = window
        self.docks = docks
        self.workspace = workspace

    def set_color_scheme(self, scheme: str) -> None:
        from ui.services.settings_store import SettingsStore
        from ui.theme import apply_color_scheme

        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_color_scheme(app, scheme)  # type: ignore[arg-type]
        SettingsStore().remember(color_scheme=scheme)

    def save_window(self) -> None:
        from ui.services.settings_store import SettingsStore

        session = self.workspace.session
        changes: dict[str, str | QByteArray | None] = {
            "geometry": self.window.saveGeometry(),
            "window_state": self.window.saveState(),
        }
        if session is not None:
            changes["last_campaign"] = str(session.folder.absolute())
        SettingsStore().remember(**changes)

    def restore_window(self, geometry: QByteArray | None, state: QByteArray | None) -> None:
        if geometry is not None:
            self.window.restoreGeometry(geometry)
        if state is not None and self.window.restoreState(state):
            self.docks.restore()  # the player's own dock sizes
