"""The initiative table: the view over the initiative proxy (its delegates, column widths
and order), sorting by a header click and back to the turn order, and the selection."""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QHeaderView

from ui.tracker.delegates import ActionsDelegate, ConditionsDelegate, RowDelegate
from ui.tracker.follow_turn import show_row
from ui.tracker.initiative_model import CombatantIdRole, InitiativeModel, InitiativeProxy
from ui.tracker.rows import (
    COL_ACTIONS,
    COL_CONDITIONS,
    COL_INITIATIVE,
    COL_MODIFIERS,
    COL_NAME,
    COL_ORDER,
    COL_POINTS,
    COL_SIDE,
    COL_STATE,
    RowData,
)
from ui.tracker.table_paint import KeptRowsTable

MAX_NAME_WIDTH: Final = 320
COLUMN_WIDTHS: Final = {
    COL_ORDER: 34,
    COL_NAME: 190,
    COL_SIDE: 130,
    COL_INITIATIVE: 48,
    COL_ACTIONS: 82,
    COL_CONDITIONS: 330,
    COL_STATE: 110,
    COL_POINTS: 140,  # "AP 1 · CP 3 · FP 1" whole
}


class InitiativeTable(KeptRowsTable):
    """The initiative order: rows of combatants, sortable by a header click."""

    targetHinted = Signal(str)  # a combatant's id: the row the GM clicked

    def __init__(self, model: InitiativeModel, proxy: InitiativeProxy) -> None:
        super().__init__()
        self.source = model
        self.proxy = proxy
        self.setObjectName("InitiativeTable")
        self.setAccessibleName("Initiative order")
        self.setModel(proxy)
        self.setSortingEnabled(False)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        rows = self.verticalHeader()
        rows.hide()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(int(self.fontMetrics().height() * 1.7))
        self.row_delegate = RowDelegate(self)
        self.setItemDelegate(self.row_delegate)
        self.actions_delegate = ActionsDelegate(self)
        self.conditions_delegate = ConditionsDelegate(self)
        self.setItemDelegateForColumn(COL_ACTIONS, self.actions_delegate)
        self.setItemDelegateForColumn(COL_CONDITIONS, self.conditions_delegate)
        header = self.horizontalHeader()
        header.setSectionsClickable(True)
        header.setSortIndicatorShown(False)
        header.sectionClicked.connect(self.sort_by)
        for column, width in COLUMN_WIDTHS.items():
            header.resizeSection(column, width)
        header.setSectionResizeMode(COL_MODIFIERS, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_STATE, QHeaderView.ResizeMode.Fixed)
        header.moveSection(COL_STATE, COL_ACTIONS)
        self.selectionModel().currentRowChanged.connect(self._current_changed)
        # Issue 16: sixteen cultists must read apart. A name too long for its column loses
        # its middle, never its number; the column grows to the longest name it can.
        self.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        model.modelReset.connect(self.fit_names)
        model.rowsInserted.connect(lambda *_: self.fit_names())
        model.actorMoved.connect(self.follow_turn)
        model.rows_in_sight = self.source_rows_in_sight
        self.fit_names()

    def row_at(self, row: int) -> RowData:
        """What the view's ``row`` shows (through the sorting proxy)."""
        return self.source.row(self.proxy.mapToSource(self.proxy.index(row, 0)).row())

    def fit_names(self) -> None:
        """The name column as wide as the longest name (within bounds), and the order
        column as wide as the last place in bold (the actor's row): at 500 combatants
        the actor's "498" showed as "4..."."""
        metrics = self.fontMetrics()
        count = self.source.rowCount()
        names = [str(self.source.index(row, COL_NAME).data()) for row in range(count)]
        widest = max((metrics.horizontalAdvance(n) for n in names), default=0) + 24
        width = min(max(COLUMN_WIDTHS[COL_NAME], widest), MAX_NAME_WIDTH)
        header = self.horizontalHeader()
        if header.sectionSize(COL_NAME) < width:
            header.resizeSection(COL_NAME, width)
        bold = QFont(self.font())
        bold.setBold(True)
        place = QFontMetrics(bold).horizontalAdvance(str(max(count, 1))) + 16
        if header.sectionSize(COL_ORDER) < place:
            header.resizeSection(COL_ORDER, place)

    def sort_by(self, column: int) -> None:
        """A header click: ascending, then descending, then back to the turn order."""
        proxy = self.proxy
        header = self.horizontalHeader()
        if proxy.sortColumn() == column:
            if proxy.sortOrder() == Qt.SortOrder.AscendingOrder:
                proxy.sort(column, Qt.SortOrder.DescendingOrder)
            else:
                proxy.sort(-1)
                header.setSortIndicatorShown(False)
                return
        else:
            proxy.sort(column, Qt.SortOrder.AscendingOrder)
        header.setSortIndicatorShown(True)
        header.setSortIndicator(column, proxy.sortOrder())

    def unsort(self) -> None:
        """Back to the turn order (a move is up or down the order, not a sorted column)."""
        if self.proxy.sortColumn() != -1:
            self.proxy.sort(-1)
            self.horizontalHeader().setSortIndicatorShown(False)

    def selected_ids(self) -> list[str]:
        """The selected combatants in table order; none selected: the current row's."""
        rows = self.selectionModel().selectedRows()
        ids = [str(index.data(CombatantIdRole)) for index in sorted(rows, key=QModelIndex.row)]
        if not ids:
            current = self.currentIndex()
            if current.isValid():
                ids = [str(current.data(CombatantIdRole))]
        return ids

    def select(self, combatant: str) -> None:
        row = self.source.row_of(combatant)
        if row is None:
            return
        index = self.proxy.mapFromSource(self.source.index(row, 0))
        self.selectionModel().setCurrentIndex(
            index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )

    def source_rows_in_sight(self) -> list[int]:
        """The model rows this table shows now (a new round builds those first)."""
        first = self.rowAt(0)
        if first < 0:
            return []
        last = self.rowAt(self.viewport().height() - 1)
        if last < 0:
            last = self.proxy.rowCount() - 1
        proxy = self.proxy
        return [proxy.mapToSource(proxy.index(row, 0)).row() for row in range(first, last + 1)]

    def follow_turn(self, combatant: str) -> None:
        """Keep the acting combatant's row in sight (``ui.tracker.follow_turn``)."""
        row = self.source.row_of(combatant)
        if row is not None:
            show_row(self, self.proxy.mapFromSource(self.source.index(row, 0)).row())

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        """The act panel proposes the clicked combatant as the target."""
        if current.isValid():
            self.targetHinted.emit(str(current.data(CombatantIdRole)))
