"""Cold start: what waits until the main window has painted once, and what waits until the
dice panel has.

Before the first paint the window holds only Qt widgets and the campaign's title; after it
(from the event loop) come the browser's rows, the dice panel, the toolbar icons and the
browser's last touches: whoever owns each connects to ``afterFirstPaint``. The
deferred campaign loading (pydantic, the documents, crash recovery) waits for the dice
panel's own first paint (``after_painted``): the window is whole before it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtWidgets import QWidget

PAINT_WAIT_MS = 1000
"""At most this long for a widget's paint (a minimised window paints nothing)."""


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


class _NextPaint(QObject):
    def __init__(self, widget: QWidget, slot: Callable[[], None]) -> None:
        super().__init__(widget)
        self.widget = widget
        self.slot: Callable[[], None] | None = slot
        widget.installEventFilter(self)
        QTimer.singleShot(PAINT_WAIT_MS, self, self._run)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget and event.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, self, self._run)  # once the paint is done
        return super().eventFilter(watched, event)

    def _run(self) -> None:
        slot, self.slot = self.slot, None
        if slot is None:
            return
        self.widget.removeEventFilter(self)
        self.deleteLater()
        slot()


def after_painted(widget: QWidget, slot: Callable[[], None]) -> None:
    """Call ``slot`` once, from the event loop, after ``widget`` next paints (after a
    ``PAINT_WAIT_MS`` wait at most); a hidden widget paints nothing: soon, then.

    Not ``QTimer.singleShot(0, ...)`` alone: Qt posts the paint at low priority, so a queued
    call runs before it (the sample campaign's loading, ~0.5 s, used to run before the dice
    panel that was built for it appeared, issue 17)."""
    if widget.isVisible():
        _NextPaint(widget, slot)
    else:
        QTimer.singleShot(0, slot)
