"""Cold start: what waits until the main window has painted once.

Before the first paint the window holds only Qt widgets and the campaign browser over the
quick ``json`` index; after it (from the event loop) come the toolbar icons, the browser's
last touches, the deferred campaign loading (pydantic, the documents, crash recovery) and
the dice panel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QEvent, QObject, QTimer

from ui.window import campaigns

if TYPE_CHECKING:
    from ui.main_window import MainWindow

# Toolbar icons from the style, set after the first paint (QStyle's enums cost ~6 ms).
ICONS: Final = {
    "new_action": "SP_FileIcon",
    "open_action": "SP_DialogOpenButton",
    "open_campaign_action": "SP_DirOpenIcon",
    "save_action": "SP_DialogSaveButton",
    "undo_action": "SP_ArrowBack",
    "redo_action": "SP_ArrowForward",
    "start_session_action": "SP_MediaPlay",
}


class FirstPaint(QObject):
    """Watches the window for its first paint, then finishes the start-up."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.painted = False
        self.done = False  # the work after the first paint has run
        self.deferred_load = False
        window.installEventFilter(self)

    def load_later(self) -> bool:
        """Leave the open campaign's loading until after the first paint; False when
        that has passed already (load it now)."""
        if self.done:
            return False
        self.deferred_load = True
        return True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Paint and not self.painted:
            self.painted = True
            self.window.firstPainted.emit()
            QTimer.singleShot(0, self.after_first_paint)
        return super().eventFilter(watched, event)

    def after_first_paint(self) -> None:
        if self.done:
            return
        self.done = True
        window = self.window
        set_icons(window)
        window.browser.finish_setup()
        if self.deferred_load and window.session is not None:
            self.deferred_load = False
            campaigns.finish_loading(window)
        window.ensure_dice_panel()


def set_icons(window: MainWindow) -> None:
    from PySide6.QtWidgets import QStyle

    style = window.style()
    for name, pixmap in ICONS.items():
        getattr(window, name).setIcon(style.standardIcon(getattr(QStyle.StandardPixmap, pixmap)))
