"""The chance of each rank (R4) under the histogram: the ranks' names over their chances,
in columns.

Painted by hand rather than as a rich-text table in a word-wrapped label: every new roll
(a new actor in the tracker, each turn) changed that label's text, and its size hints,
each a text document laid out anew, re-laid out the dice panel's whole scroll area. A new
roll's odds then took 5-8 ms to show, now ~2 ms. Here the size is worked out from font
metrics once a change, and the layouts around are told only when it moved.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

PAD = 3
"""Space around each name and chance (the table's cell padding it replaces)."""

Cells = tuple[tuple[str, str], ...]
"""(rank name, chance) per column, in rank order."""


class RankChances(QWidget):
    """A two-row table: each rank's name (bold) over its chance."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._cells: Cells = ()
        self._widths: tuple[int, ...] = ()
        self._size = QSize(0, 0)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def cells(self) -> Cells:
        return self._cells

    def set_cells(self, cells: Cells) -> None:
        """Show ``cells``; none: an empty table (an effect roll has no ranks, R4)."""
        if cells == self._cells:
            return
        self._cells = cells
        self.setAccessibleDescription("; ".join(f"{name} {chance}" for name, chance in cells))
        self._measure()
        self.update()

    def _measure(self) -> None:
        cells = self._cells
        bold = self._bold()
        names, plain = QFontMetrics(bold), self.fontMetrics()
        self._widths = tuple(
            max(names.horizontalAdvance(name), plain.horizontalAdvance(chance)) + 2 * PAD
            for name, chance in cells
        )
        row = max(names.height(), plain.height()) + 2 * PAD
        size = QSize(sum(self._widths), 2 * row if cells else 0)
        if size != self._size:
            self._size = size
            self.updateGeometry()  # only then: the panel's layout is costly to redo

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._measure()
        super().changeEvent(event)

    def _bold(self) -> QFont:
        font = QFont(self.font())
        font.setBold(True)
        return font

    def sizeHint(self) -> QSize:
        return self._size

    def minimumSizeHint(self) -> QSize:
        return self._size

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self._cells:
            return
        painter = QPainter(self)
        row = self._size.height() // 2
        x = 0
        center = Qt.AlignmentFlag.AlignCenter
        bold = self._bold()
        for (name, chance), width in zip(self._cells, self._widths, strict=True):
            painter.setFont(bold)
            painter.drawText(QRect(x, 0, width, row), center, name)
            painter.setFont(self.font())
            painter.drawText(QRect(x, row, width, row), center, chance)
            x += width
        painter.end()
