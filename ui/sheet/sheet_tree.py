"""The abilities-and-skills tree view: Tab moves along the row, as in a spreadsheet.

QTreeView takes Tab (``MoveNext``) to the next row; on a sheet the player types a skill's
name, presses Tab and expects its die code next (issue 15), so Tab and Shift+Tab walk the
editable cells of the row first and only then go on to the next or previous row.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QTreeView

Index = QModelIndex | QPersistentModelIndex


class SheetTree(QTreeView):
    def moveCursor(
        self, cursorAction: QAbstractItemView.CursorAction, modifiers: Qt.KeyboardModifier
    ) -> QModelIndex:
        current = self.currentIndex()
        model = self.model()
        forward = cursorAction == QAbstractItemView.CursorAction.MoveNext
        backward = cursorAction == QAbstractItemView.CursorAction.MovePrevious
        if current.isValid() and model is not None and (forward or backward):
            step = 1 if forward else -1
            column = current.column() + step
            while 0 <= column < model.columnCount(current.parent()):
                cell = current.siblingAtColumn(column)
                if cell.flags() & Qt.ItemFlag.ItemIsEditable and not self.isColumnHidden(column):
                    return cell
                column += step
        return super().moveCursor(cursorAction, modifiers)
