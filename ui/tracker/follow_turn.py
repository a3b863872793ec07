"""The tables follow the turn: the row of whoever acts is scrolled into view.

With more combatants than the screen has rows (a 1366x768 laptop shows about 22), Next
turn would otherwise pass the turn to a row the GM (or, on the projector, the players)
cannot see. The GM's table turns a page: the actor's row goes to the top, with those who
act after it in view below, and the next turns repaint only their own rows (creeping a
row a turn cost its frame ~5 ms more, bench/bench_tracker.py). The projector's table
creeps a row a turn: its rows are large, and a page turn repaints them all (p95 13-18 ms
against 7 ms creeping). Only the rows move: a table scrolled sideways keeps its columns.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel
from PySide6.QtWidgets import QAbstractItemView, QTableView


def show_row(table: QTableView, row: int, *, page: bool = True) -> None:
    """Bring ``table``'s ``row`` (a view row) into sight unless it is: at the top
    (``page``), or the least scroll that shows it."""
    model: QAbstractItemModel = table.model()
    if not 0 <= row < model.rowCount():
        return
    top = table.rowViewportPosition(row)
    if top >= 0 and top + table.rowHeight(row) <= table.viewport().height():
        return  # in sight already: nothing moves
    # Aim at the leftmost column wholly in sight, so the table does not move sideways.
    header = table.horizontalHeader()
    visual = max(header.visualIndexAt(0), 0)
    column = header.logicalIndex(visual)
    if table.columnViewportPosition(column) < 0 and visual + 1 < header.count():
        column = header.logicalIndex(visual + 1)
    hint = QAbstractItemView.ScrollHint
    table.scrollTo(model.index(row, column), hint.PositionAtTop if page else hint.EnsureVisible)
