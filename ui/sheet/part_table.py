"""The table a sheet's list of parts (weapons, equipment) is shown in, and its row of
buttons: one shape for every Gear list, so they select, edit and read alike."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractItemView, QHBoxLayout, QTableView, QToolButton

from ui.action_buttons import show_action


def part_table(
    model: QAbstractItemModel, name: str, *, double_click_edits: bool = True
) -> QTableView:
    """Whole rows selected, alternate row colours, no row numbers; typing or F2 edits a
    cell. ``double_click_edits`` False leaves the double click to the owner (a weapon's
    double click attacks), and a click on a selected cell edits it instead."""
    view = QTableView()
    view.setModel(model)
    view.setAccessibleName(name)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    second = (
        QAbstractItemView.EditTrigger.DoubleClicked
        if double_click_edits
        else QAbstractItemView.EditTrigger.SelectedClicked
    )
    view.setEditTriggers(
        second
        | QAbstractItemView.EditTrigger.EditKeyPressed
        | QAbstractItemView.EditTrigger.AnyKeyPressed
    )
    view.verticalHeader().hide()
    view.setAlternatingRowColors(True)
    return view


def action_buttons(actions: Iterable[QAction]) -> QHBoxLayout:
    """A row of tool buttons for ``actions`` (reachable by Tab), then room to spare."""
    row = QHBoxLayout()
    for action in actions:
        button = QToolButton()
        show_action(button, action)
        button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        row.addWidget(button)
    row.addStretch(1)
    return row
