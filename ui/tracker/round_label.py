"""The status bar's round and whose turn, without laying out the window at every turn.

Qt lays out the whole main window again whenever a label's text changes:
``QWidget::updateGeometry`` walks up from the label to the status bar and on to the
window, whose docks (the act panel's forms) are measured again, ~0.4 ms of a 500-row
round change's frame (bench/bench_tracker.py). The walk stops at a widget whose minimum
and maximum sizes are equal, so the label keeps a fixed size: made wider when a text
needs more room, narrower only when a text needs much less (a scene-over hint taken
back), so names of about the same length leave it, and the window, alone.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QLabel, QWidget

NARROWER_BELOW: Final = 2 / 3
"""A text narrower than this share of the label's width makes the label narrower."""


class RoundLabel(QLabel):
    """A bold, slightly larger plain-text label of a fixed size that follows its text
    lazily (``show_text``)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("RoundLabel")
        self.setTextFormat(Qt.TextFormat.PlainText)  # it names whose turn it is
        font = self.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.setFont(font)
        # A gap of one line height between a long status message and the round.
        self.setContentsMargins(self.fontMetrics().height(), 0, 0, 0)
        self._fit()

    def show_text(self, text: str) -> None:
        """Show ``text``; the label's size changes only when it must (see the module)."""
        self.setText(text)
        needed = self._needed(text)
        width = self.width()
        if needed > width or needed < width * NARROWER_BELOW:
            self._fit()

    def _needed(self, text: str) -> int:
        """The width ``text`` takes here (a label's size hint is never less than its
        minimum size, which is fixed: so it is measured as QLabel measures it)."""
        metrics = self.fontMetrics()
        margins = self.contentsMargins()
        room = margins.left() + margins.right() + 2 * (self.margin() + self.frameWidth())
        # One pixel more than the font says, as QLabel measures (its bounding box).
        return max(metrics.horizontalAdvance(text), metrics.boundingRect(text).width()) + room + 1

    def _fit(self) -> None:
        self.setMinimumSize(0, 0)  # else the hint is the old size at least
        self.setFixedSize(self.sizeHint())

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()  # the text's size changed with the font or the style
