"""The tracker's tables (the GM's initiative table, the players' view) painted in one
Python pass over their rows, from kept cells.

Qt's table paints a cell by calling its delegate, a Python method, with a fresh style
option and index: ~18 us a cell before the delegate does anything. A new round turns the
GM's table back to its first page: a page of 22 rows and 7 columns took 5-6 ms to paint,
about half of it in those calls (a no-op delegate: ~3 ms; bench/bench_tracker.py). This
pass reads each row once (the GM's ``RowData``, the players' ``PublicCombatant``), finds
each cell's kept pixmap by the delegate's own key (``row_key``, ``CellPixmaps.key``) and
copies it; a cell not kept yet goes through its delegate as Qt would call it, and is kept.

It paints what ``QTableView::paintEvent`` paints (Qt 6, qtableview.cpp): per cell the
style's item row panel (alternate rows, the selection) and the delegate, with the same
state flags (enabled, selected, the current cell's focus, the hovered cell); then the
grid. The row panel is asked of the style once per kind (``RowPanels``): mostly it is
nothing or one colour. A test compares its pixels with Qt's own paint in every state it
handles. What it does not handle (right to left, hidden sections, a delegate that keeps
no cells) returns False, and Qt paints; it knows no spans (neither table sets any).
"""

from __future__ import annotations

from collections.abc import Callable
from math import ceil
from typing import Any, Final

from PySide6.QtCore import QLineF, QModelIndex, QRect, Qt
from PySide6.QtGui import QColor, QCursor, QImage, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QStyle, QStyleOptionViewItem, QTableView

from ui.tracker.cell_pixmaps import KeptCellsDelegate

_SELECTED = QStyle.StateFlag.State_Selected.value
_HAS_FOCUS = QStyle.StateFlag.State_HasFocus.value
_MOUSE_OVER = QStyle.StateFlag.State_MouseOver.value
_ALTERNATE = QStyleOptionViewItem.ViewItemFeature.Alternate
_ROW_PANEL = QStyle.PrimitiveElement.PE_PanelItemViewRow

RowOf = Callable[[int], Any]
"""The row a view row shows (the proxy mapped to the source), as its delegates'
``row_key`` reads it."""
Column = tuple[int, int, int, KeptCellsDelegate]
"""A column in sight: (logical column, viewport x, width, its delegate)."""


def paint_kept_rows(view: QTableView, event: QPaintEvent, row_of: RowOf, panels: RowPanels) -> bool:
    """Paint ``view``'s dirty rows from kept cells, the rows' panels as ``panels`` found
    them; False (nothing painted) when this pass cannot paint the view as Qt would."""
    columns = _columns(view)
    if columns is None:
        return False
    model = view.model()
    rows = model.rowCount()
    if rows == 0:
        return True
    viewport = view.viewport()
    option = QStyleOptionViewItem()
    view.initViewItemOption(option)
    base_state = option.state.value
    if base_state & QStyle.StateFlag.State_Enabled.value:  # as drawCell: items are enabled
        palette = QPalette(option.palette)
        palette.setCurrentColorGroup(QPalette.ColorGroup.Normal)
        option.palette = palette
    grid_pen = _grid_pen(view, option) if view.showGrid() else None
    grid_size = 1 if grid_pen is not None else 0
    palette_key = option.palette.cacheKey()
    ratio = viewport.devicePixelRatioF()
    style = view.style()
    selection = view.selectionModel()
    cells_alone = selection.hasSelection()  # a cell may be selected without its row
    current = view.currentIndex()
    focus_row = focus_column = -1
    if current.isValid() and (view.hasFocus() or viewport.hasFocus()):
        focus_row, focus_column = current.row(), current.column()
    hover_row, hover_column = _hovered(view)
    alternate = view.alternatingRowColors()
    # Per column, what each of its cells asks: the delegate's key of a row, and its kept
    # cells' key and lookup (bound once: a cell is ~150 of them on a page).
    sights = [
        (
            column,
            left,
            width - grid_size,
            delegate,
            delegate.row_key,
            delegate.cells.key,
            delegate.cells.kept,
            delegate.cells.font_key(option.font),
        )
        for column, left, width, delegate in columns
    ]
    regions = list(event.region())  # type: ignore[call-overload]  # PySide6 iterates a QRegion
    drawn: set[tuple[int, int]] | None = set() if len(regions) > 1 else None
    flags: dict[int, QStyle.StateFlag] = {}  # an enum built once per state (each costs a call)
    plain = option.features & ~_ALTERNATE
    features = (plain, plain | _ALTERNATE if alternate else plain)
    panels.follow(style, palette_key, ratio)
    found = panels.found
    # Rows wholly selected, asked once (isRowSelected costs a call a row).
    selected_rows = {index.row() for index in selection.selectedRows()} if cells_alone else set()
    painter = QPainter(viewport)
    for dirty in regions:
        first = view.rowAt(dirty.top())
        last = view.rowAt(dirty.bottom())
        if first < 0:
            continue  # below the last row
        if last < 0:
            last = rows - 1
        in_dirty = [
            c for c in sights if c[1] + c[2] + grid_size > dirty.left() and c[1] <= dirty.right()
        ]
        for row in range(first, last + 1):
            top = view.rowViewportPosition(row)
            height = view.rowHeight(row) - grid_size
            data = row_of(row)
            row_selected = row in selected_rows
            row_state = base_state | _SELECTED if row_selected else base_state
            parity = row & 1
            set_features = True
            for column, left, width, delegate, row_key, key_of, kept_by, font_key in in_dirty:
                if drawn is not None:
                    if (row, column) in drawn:
                        continue
                    drawn.add((row, column))
                state = row_state
                if row == focus_row and column == focus_column:
                    state |= _HAS_FOCUS
                if row == hover_row and column == hover_column:
                    state |= _MOUSE_OVER
                if (
                    cells_alone
                    and not row_selected
                    and selection.isSelected(model.index(row, column))
                ):
                    state |= _SELECTED
                shows = row_key(data, column)
                kept = (
                    None
                    if shows is None
                    else kept_by(key_of(shows, state, width, height, ratio, palette_key, font_key))
                )
                panel = found.get((state, parity, width, height))
                if panel is None or panel is _DRAW or kept is None:
                    # The style or the delegate paints: they read the option.
                    if set_features:
                        option.features = features[parity]
                        set_features = False
                    option.rect = QRect(left, top, width, height)
                    flag = flags.get(state)
                    if flag is None:
                        flag = flags[state] = QStyle.StateFlag(state)
                    option.state = flag
                    if panel is None:
                        panel = panels.panel((state, parity, width, height), option, view)
                if panel is _DRAW:
                    style.drawPrimitive(_ROW_PANEL, option, painter, view)
                elif panel is not _BARE:
                    painter.fillRect(left, top, width, height, panel)
                if kept is not None:
                    painter.drawPixmap(left, top, kept)
                else:
                    index = model.index(row, column)
                    option.index = index
                    delegate.paint(painter, option, index)
        if grid_pen is not None:
            painter.setPen(grid_pen)
            _paint_grid(view, painter, dirty, first, last, [c[1] + c[2] for c in in_dirty])
    painter.end()
    return True


_DRAW: Final = "draw"
"""A row panel the style paints its own way: asked to, cell by cell."""
_BARE: Final = "bare"
"""A row panel the style paints nothing for (Fusion's and Qt's common style: a row
neither alternate nor selected)."""
Panel = QColor | str
PanelKey = tuple[int, int, int, int]
"""(state, row parity, width, height)."""


class RowPanels:
    """What a view's style paints as a row panel (``PE_PanelItemViewRow``) under a cell,
    found once per state, parity and size by painting it aside: nothing, one opaque
    colour (a ``fillRect``: Qt's common style fills the alternate and the selected rows),
    or something else (the style paints it, cell by cell). Asking the style costs ~10 us
    a cell, two thirds of a kept cell's paint, for what is mostly no paint at all."""

    def __init__(self) -> None:
        self.found: dict[PanelKey, Panel] = {}
        self._painted_by: tuple[int, str, int, float] | None = None
        self._style: QStyle | None = None
        self._ratio = 1.0

    def follow(self, style: QStyle, palette_key: int, ratio: float) -> None:
        """Paint with ``style`` at ``ratio`` from now on; forget what was found when the
        style, the palette or the pixel ratio changed (a theme switch, a screen of
        another density)."""
        self._style, self._ratio = style, ratio
        painted_by = (id(style), style.name(), palette_key, ratio)
        if painted_by != self._painted_by:
            self._painted_by = painted_by
            self.found.clear()

    def panel(self, key: PanelKey, option: QStyleOptionViewItem, view: QTableView) -> Panel:
        """The panel under a cell of ``key``, found the first time by painting it aside
        (``option`` as the cell's, ``view`` the style's widget)."""
        found = self.found.get(key)
        if found is None:
            found = self.found[key] = self._probe(key, option, view)
        return found

    def _probe(self, key: PanelKey, option: QStyleOptionViewItem, view: QTableView) -> Panel:
        assert self._style is not None, "follow() names the style first"
        width, height, ratio = key[2], key[3], self._ratio
        image = QImage(
            max(ceil(width * ratio), 1), max(ceil(height * ratio), 1), QImage.Format.Format_ARGB32
        )
        image.setDevicePixelRatio(ratio)
        image.fill(0)
        aside = QStyleOptionViewItem(option)
        aside.rect = QRect(0, 0, width, height)
        painter = QPainter(image)
        self._style.drawPrimitive(_ROW_PANEL, aside, painter, view)
        painter.end()
        return _plain(image)


class KeptRowsTable(QTableView):
    """A table painted by ``paint_kept_rows``, with its own ``RowPanels``: the GM's
    initiative table and the players' table. A subclass says what each view row shows
    (``row_at``), as its delegates' ``row_key`` reads it."""

    paints_kept_rows = True
    """A test turns it off to compare with Qt's own paint."""

    def __init__(self) -> None:
        super().__init__()
        self.row_panels = RowPanels()

    def row_at(self, row: int) -> Any:
        raise NotImplementedError

    def paintEvent(self, event: QPaintEvent) -> None:
        if not (
            self.paints_kept_rows and paint_kept_rows(self, event, self.row_at, self.row_panels)
        ):
            super().paintEvent(event)


def _plain(image: QImage) -> Panel:
    """``_BARE`` for an image left transparent, its colour for one opaque colour
    throughout, else ``_DRAW``."""
    first = image.pixel(0, 0)
    same = QImage(image.size(), image.format())
    same.fill(first)
    if image != same:
        return _DRAW
    if first == 0:
        return _BARE
    if first >> 24 == 0xFF:
        return QColor.fromRgba(first)
    return _DRAW


def _columns(view: QTableView) -> list[Column] | None:
    """The columns in sight, in the order shown; None when this pass cannot paint the
    view."""
    if view.isRightToLeft():
        return None
    header = view.horizontalHeader()
    if header.hiddenSectionCount() or view.verticalHeader().hiddenSectionCount():
        return None
    width = view.viewport().width()
    columns: list[Column] = []
    for visual in range(header.count()):
        column = header.logicalIndex(visual)
        left = header.sectionViewportPosition(column)
        size = header.sectionSize(column)
        if left + size <= 0 or left >= width:
            continue
        delegate = view.itemDelegateForColumn(column) or view.itemDelegate()
        if not isinstance(delegate, KeptCellsDelegate):
            return None
        columns.append((column, left, size, delegate))
    return columns


def _hovered(view: QTableView) -> tuple[int, int]:
    """The cell under the mouse, as Qt marks it (State_MouseOver) for a viewport that
    takes hover events; (-1, -1) otherwise."""
    viewport = view.viewport()
    if not viewport.testAttribute(Qt.WidgetAttribute.WA_Hover) or not viewport.underMouse():
        return -1, -1
    index: QModelIndex = view.indexAt(viewport.mapFromGlobal(QCursor.pos()))
    return (index.row(), index.column()) if index.isValid() else (-1, -1)


def _grid_pen(view: QTableView, option: QStyleOptionViewItem) -> QPen:
    """The pen ``QTableView`` draws its grid with (the style's grid colour)."""
    hint = view.style().styleHint(QStyle.StyleHint.SH_Table_GridLineColor, option, view)
    return QPen(QColor.fromRgba(hint & 0xFFFFFFFF), 1, view.gridStyle())


def _paint_grid(
    view: QTableView,
    painter: QPainter,
    dirty: QRect,
    first: int,
    last: int,
    lines: list[int],
) -> None:
    """The grid as ``QTableView`` draws it: a line under each row and right of each
    column (at ``lines``, viewport x), across the dirty rectangle, half a pixel in."""
    for row in range(first, last + 1):
        y = view.rowViewportPosition(row) + view.rowHeight(row) - 1
        painter.drawLine(QLineF(dirty.left(), y, dirty.right(), y).translated(0.5, 0.5))
    for x in lines:
        painter.drawLine(QLineF(x, dirty.top(), x, dirty.bottom()).translated(0.5, 0.5))
