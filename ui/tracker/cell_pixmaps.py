"""Table cells painted once and copied after: the tracker's tables repaint many rows at a
time (a new round changes every row; the player view's whole table on a projector), and
most cells show what they showed before, or what another row shows ("Waiting", two full
pips, "Heroes"). Painting a cell's text and marks through a Python delegate costs
60-200 us on the machines we measure; copying a kept pixmap a few
(bench/bench_tracker.py)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from math import ceil
from typing import Any, Final

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QRect, Qt
from PySide6.QtGui import QFont, QPainter, QPixmap
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem

CELL_LIMIT: Final = 4096
"""Cells kept per delegate, oldest dropped first: a screen of rows several times over."""

PaintCell = Callable[[QPainter, QStyleOptionViewItem], None]
"""Paints one cell at ``option.rect`` (at the origin when painting into a pixmap)."""


class CellPixmaps:
    """One delegate's painted cells, kept by a key that names everything the painting
    reads: what the cell shows, and how (``draw`` adds the size, the pixel ratio, the
    palette, the font and the item's state)."""

    def __init__(self) -> None:
        self._cells: dict[Hashable, QPixmap] = {}
        self._font = QFont()
        self._font_key = self._font.key()

    def font_key(self, font: QFont) -> str:
        """``font.key()``, kept while the font stays the same: the key costs more than the
        rest of a cell's lookup."""
        if font != self._font:
            self._font = QFont(font)
            self._font_key = font.key()
        return self._font_key

    def key(
        self,
        shows: Hashable,
        state: int,
        width: int,
        height: int,
        ratio: float,
        palette_key: int,
        font_key: str,
    ) -> Hashable:
        """What a kept cell is found by: what it shows, its item state (an int: selected,
        focus, enabled), its size and pixel ratio, the palette and the font."""
        return (shows, state, width, height, ratio, palette_key, font_key)

    def kept(self, key: Hashable) -> QPixmap | None:
        return self._cells.get(key)

    def draw(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        shows: Hashable,
        paint_cell: PaintCell,
    ) -> None:
        rect: QRect = option.rect
        ratio = painter.device().devicePixelRatioF()
        key = self.key(
            shows,
            option.state.value,  # an int (enum ops cost a call)
            rect.width(),
            rect.height(),
            ratio,
            option.palette.cacheKey(),
            self.font_key(option.font),
        )
        cell = self._cells.get(key)
        if cell is None:
            cell = _painted(option, painter, ratio, paint_cell)
            if len(self._cells) >= CELL_LIMIT:
                del self._cells[next(iter(self._cells))]  # the oldest
            self._cells[key] = cell
        painter.drawPixmap(rect.topLeft(), cell)


def _painted(
    option: QStyleOptionViewItem, painter: QPainter, ratio: float, paint_cell: PaintCell
) -> QPixmap:
    """The cell painted alone on a transparent pixmap (the view has painted the row's
    own background beneath it already), with the view painter's font and hints."""
    rect: QRect = option.rect
    cell = QPixmap(ceil(rect.width() * ratio), ceil(rect.height() * ratio))
    cell.setDevicePixelRatio(ratio)
    cell.fill(Qt.GlobalColor.transparent)
    at_origin = QStyleOptionViewItem(option)
    at_origin.rect = QRect(0, 0, rect.width(), rect.height())
    own = QPainter(cell)
    own.setFont(painter.font())
    own.setRenderHints(painter.renderHints())
    paint_cell(own, at_origin)
    own.end()
    return cell


class KeptCellsDelegate(QStyledItemDelegate):
    """Qt's styled delegate, its cells painted once and copied after (``CellPixmaps``).
    A subclass names what a cell shows (``cell_key``: equal keys paint equal pixels; None:
    paint it afresh) and may paint it its own way (``paint_cell``)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._cells = CellPixmaps()

    @property
    def cells(self) -> CellPixmaps:
        """The kept cells, for a view that draws them itself (``ui.tracker.table_paint``)."""
        return self._cells

    def cell_key(self, index: QModelIndex | QPersistentModelIndex) -> Hashable | None:
        raise NotImplementedError

    def row_key(self, row: Any, column: int) -> Hashable | None:
        """``cell_key`` from the row itself, for a view that paints its rows in one pass
        and has the row in hand (``ui.tracker.table_paint``); None: paint it as Qt does."""
        return None

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        key = self.cell_key(index)
        if key is None:
            super().paint(painter, option, index)
            return
        self._cells.draw(painter, option, key, lambda own, at: self.paint_cell(own, at, index))

    def paint_cell(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        super().paint(painter, option, index)
