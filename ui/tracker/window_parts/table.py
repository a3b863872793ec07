"""The initiative table: the view over the window's proxy (its delegates, column widths
and order), sorting by a header click and back to the turn order, and the selection."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView

from ui.tracker.delegates import ActionsDelegate, ConditionsDelegate, RowDelegate
from ui.tracker.initiative_model import (
    COL_ACTIONS,
    COL_CONDITIONS,
    COL_INITIATIVE,
    COL_MODIFIERS,
    COL_NAME,
    COL_ORDER,
    COL_SIDE,
    COL_STATE,
    CombatantIdRole,
)

if TYPE_CHECKING:
    from ui.tracker.window import TrackerWindow

COLUMN_WIDTHS: Final = {
    COL_ORDER: 34,
    COL_NAME: 190,
    COL_SIDE: 130,
    COL_INITIATIVE: 48,
    COL_ACTIONS: 82,
    COL_CONDITIONS: 330,
    COL_STATE: 110,
}


def build_table(window: TrackerWindow) -> QTableView:
    """The table over ``window.proxy``; sets the window's ``row_delegate``,
    ``actions_delegate`` and ``conditions_delegate``."""
    table = QTableView()
    table.setObjectName("InitiativeTable")
    table.setAccessibleName("Initiative order")
    table.setModel(window.proxy)
    table.setSortingEnabled(False)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setAlternatingRowColors(True)
    table.setWordWrap(False)
    table.verticalHeader().hide()
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    table.verticalHeader().setDefaultSectionSize(int(table.fontMetrics().height() * 1.7))
    window.row_delegate = RowDelegate(table)
    table.setItemDelegate(window.row_delegate)
    window.actions_delegate = ActionsDelegate(table)
    window.conditions_delegate = ConditionsDelegate(table)
    table.setItemDelegateForColumn(COL_ACTIONS, window.actions_delegate)
    table.setItemDelegateForColumn(COL_CONDITIONS, window.conditions_delegate)
    header = table.horizontalHeader()
    header.setSectionsClickable(True)
    header.setSortIndicatorShown(False)
    header.sectionClicked.connect(window._sort_by)
    for column, width in COLUMN_WIDTHS.items():
        header.resizeSection(column, width)
    header.setSectionResizeMode(COL_MODIFIERS, QHeaderView.ResizeMode.Stretch)
    header.setSectionResizeMode(COL_STATE, QHeaderView.ResizeMode.Fixed)
    header.moveSection(COL_STATE, COL_ACTIONS)
    return table


def sort_by(window: TrackerWindow, column: int) -> None:
    """A header click: ascending, then descending, then back to the turn order."""
    proxy = window.proxy
    header = window.table.horizontalHeader()
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


def unsort(window: TrackerWindow) -> None:
    """Back to the turn order (a move is up or down the order, not a sorted column)."""
    if window.proxy.sortColumn() != -1:
        window.proxy.sort(-1)
        window.table.horizontalHeader().setSortIndicatorShown(False)


def selected_ids(table: QTableView) -> list[str]:
    """The selected combatants in table order; none selected: the current row's."""
    rows = table.selectionModel().selectedRows()
    ids = [str(index.data(CombatantIdRole)) for index in sorted(rows, key=QModelIndex.row)]
    if not ids:
        current = table.currentIndex()
        if current.isValid():
            ids = [str(current.data(CombatantIdRole))]
    return ids


def select(window: TrackerWindow, combatant: str) -> None:
    row = window.model.row_of(combatant)
    if row is None:
        return
    index = window.proxy.mapFromSource(window.model.index(row, 0))
    window.table.selectionModel().setCurrentIndex(
        index,
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
    )


def current_row_changed(window: TrackerWindow, current: QModelIndex) -> None:
    """The act panel proposes the clicked combatant as the target."""
    if current.isValid():
        window.act_panel.set_target_hint(str(current.data(CombatantIdRole)))
