"""Keep one widget of a scroll area in view while what is above it settles.

The dice panel's result sits below the form and the odds; in a short dock (a 1366x768
laptop) it is below the fold, and the odds above it arrive after the roll and grow,
pushing it down again (issue 15: the Result box was clipped). While following, every
change of the scroll range brings the widget back into view: all of it when it fits,
else from its top. The player scrolling (wheel, bar, keys) stops it; so does the owner.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget


class KeepInView(QObject):
    def __init__(self, area: QScrollArea, widget: QWidget, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.area = area
        self.widget = widget
        self.following = False
        bar = area.verticalScrollBar()
        bar.rangeChanged.connect(self._range_changed)
        bar.actionTriggered.connect(self._scrolled_by_hand)

    def follow(self) -> None:
        """Bring the widget into view now and whenever the content above it moves it."""
        self.following = True
        self._reveal_later()

    def stop(self) -> None:
        self.following = False

    def _range_changed(self, _low: int, _high: int) -> None:
        if self.following:
            self._reveal_later()

    def _scrolled_by_hand(self, _action: int) -> None:
        self.following = False  # the player scrolls: the view is theirs now

    def _reveal_later(self) -> None:
        if self.area.isVisible():
            QTimer.singleShot(0, self, self.reveal)

    def reveal(self) -> None:
        """Scroll the widget into view once the layouts have taken its size."""
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        content = self.area.widget()
        if content is None:
            return
        bar = self.area.verticalScrollBar()
        top = self.widget.mapTo(content, self.widget.rect().topLeft()).y()
        # The bar's page step is the viewport's height (QScrollArea sets it so); handing the
        # Qt-made viewport to Python makes PySide build every widget type (~14 ms, issue 17).
        bottom_first = top + self.widget.height() - bar.pageStep()
        bar.setValue(max(0, min(top, max(bottom_first, bar.value()), bar.maximum())))
