"""The player view on a shared screen: shown, kept while the tracker lives, closed."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction

from sheets.encounter import Engine
from ui.tracker.player_view import PlayerView


class PlayerScreen(QObject):
    """Owns the player view window (None while it is not shown)."""

    def __init__(self, engine: Engine, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.engine = engine
        self.view: PlayerView | None = None
        self.action: QAction | None = None  # the tracker's toggle, kept in step

    def toggle(self, on: bool, *, full_screen: bool = False) -> None:
        if on:
            if self.view is None:
                self.view = PlayerView(self.engine)
                self.view.destroyed.connect(self._gone)
            self.view.update_now()
            self.view.show_on(None, full_screen=full_screen)
        else:
            self.close()
        if self.action is not None and self.action.isChecked() != on:
            self.action.setChecked(on)

    def _gone(self) -> None:
        self.view = None

    def close(self) -> None:
        if self.view is not None:
            self.view.close()
            self.view.deleteLater()
            self.view = None
