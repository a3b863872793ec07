"""Cold start: what waits until the main window has painted once.

Before the first paint the window holds only Qt widgets and the campaign browser over the
quick ``json`` index; after it (from the event loop) come the toolbar icons, the browser's
last touches, the deferred campaign loading (pydantic, the documents, crash recovery) and
the dice panel: whoever owns each connects to ``afterFirstPaint``.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtWidgets import QWidget


class FirstPaint(QObject):
    """Watches a window for its first paint."""

    firstPainted = Signal()  # at the first paint (start-up probes time it)
    afterFirstPaint = Signal()  # once, from the event loop after it

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.painted = False
        self.done = False  # the work after the first paint has run
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Paint and not self.painted:
            self.painted = True
            self.firstPainted.emit()
            QTimer.singleShot(0, self.after_first_paint)
        return super().eventFilter(watched, event)

    def after_first_paint(self) -> None:
        if self.done:
            return
        self.done = True
        self.afterFirstPaint.emit()
