"""The tables follow the turn: the row of whoever acts is scrolled into view.

With more combatants than the screen has rows (a 1366x768 laptop shows about 22), Next
turn would otherwise pass the turn to a row the GM (or, on the projector, the players)
cannot see. Only the rows move: a GM who scrolled the table sideways keeps the columns
they look at.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel
from PySide6.QtWidgets import QAbstractItemView, QTableView


def show_row(table: QTableView, row: int) -> None:
    """Scroll ``table`` (the least it takes) so its ``row`` (a view row) is in sight."""
    model: QAbstractItemModel = table.model()
    if not 0 <= row < model.rowCount():
        return
    # Aim at the leftmost column wholly in sight, so the table does not move sideways.
    header = table.horizontalHeader()
    visual = max(header.visualIndexAt(0), 0)
    column = header.logicalIndex(visual)
    if table.columnViewportPosition(column) < 0 and visual + 1 < header.count():
        column = header.logicalIndex(visual + 1)
    table.scrollTo(model.index(row, column), QAbstractItemView.ScrollHint.EnsureVisible)
