"""What the app keeps between runs for the window: its geometry and dock layout, the last
campaign, and the colour scheme."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray
from PySide6.QtWidgets import QApplication

if TYPE_CHECKING:
    from ui.main_window import MainWindow


def set_color_scheme(window: MainWindow, scheme: str) -> None:
    from ui.services.settings_store import load_settings, save_settings
    from ui.theme import apply_color_scheme

    app = QApplication.instance()
    if isinstance(app, QApplication):
        apply_color_scheme(app, scheme)  # type: ignore[arg-type]
    if scheme in window.scheme_actions:
        window.scheme_actions[scheme].setChecked(True)
    settings = load_settings()
    settings.color_scheme = scheme
    save_settings(settings)


def save_window_settings(window: MainWindow) -> None:
    from ui.services.settings_store import load_settings, save_settings

    settings = load_settings()
    settings.geometry = window.saveGeometry()
    settings.window_state = window.saveState()
    if window.session is not None:
        settings.last_campaign = str(window.session.folder.absolute())
    save_settings(settings)


def restore_window_settings(
    window: MainWindow, geometry: QByteArray | None, state: QByteArray | None
) -> None:
    if geometry is not None:
        window.restoreGeometry(geometry)
    if state is not None and window.restoreState(state):
        window.docks.restore()  # the player's own dock sizes
