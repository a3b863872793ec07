"""The readable encounter log, newest last; expiring conditions stand out (R6)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QAbstractItemView, QApplication, QHeaderView, QTableView, QWidget

from sheets.encounter import Engine
from ui.text import tooltip
from ui.theme import mix
from ui.tracker.cell_pixmaps import KeptCellsDelegate
from ui.tracker.initiative_model import NO_DATA_ROLES

EXPIRY_WORDS = ("expired", " ends", "lapsed")
EntryTypeRole = int(Qt.ItemDataRole.UserRole) + 1
ExpiryRole = int(Qt.ItemDataRole.UserRole) + 2
LineKeyRole = int(Qt.ItemDataRole.UserRole) + 3
"""(text, entry type, expiring): everything a line's painting reads (``LogLineDelegate``)."""


def mentions_expiry(text: str) -> bool:
    return any(word in text for word in EXPIRY_WORDS)


class LogModel(QAbstractListModel):
    """The engine's log entries (``encounter.log``) as rows; follows inserts and undos."""

    def __init__(self, engine: Engine, parent: Any = None) -> None:
        super().__init__(parent)
        self._engine = engine
        self._count = len(engine.encounter.log)

    def refresh(self) -> None:
        log = self._engine.encounter.log
        count = len(log)
        if count > self._count:
            self.beginInsertRows(QModelIndex(), self._count, count - 1)
            self._count = count
            self.endInsertRows()
        elif count < self._count:
            self.beginRemoveRows(QModelIndex(), count, self._count - 1)
            self._count = count
            self.endRemoveRows()

    def behind(self) -> bool:
        """Whether lines it shows are gone from the log (an undo took them back)."""
        return len(self._engine.encounter.log) < self._count

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._count

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        # A new line scrolls the log: every line on screen is painted again, ~9 roles each.
        if role in NO_DATA_ROLES or not index.isValid() or index.row() >= self._count:
            return None
        entry = self._engine.encounter.log[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return entry.text
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip(entry.text)
        if role == EntryTypeRole:
            return entry.entry_type
        expiring = mentions_expiry(entry.text)
        if role == LineKeyRole:
            return entry.text, entry.entry_type, expiring
        if role == ExpiryRole:
            return expiring
        if role == Qt.ItemDataRole.BackgroundRole and expiring:
            palette = QApplication.palette()
            return mix(
                palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Link), 0.2
            )
        if role == Qt.ItemDataRole.FontRole and entry.entry_type in ("scene", "turn"):
            font = QFont()
            font.setBold(entry.entry_type == "scene")
            font.setItalic(entry.entry_type == "turn")
            return font
        return None


class LogLineDelegate(KeptCellsDelegate):
    """Log lines painted once and copied after: each new entry scrolls the log, and the
    lines on screen, painted again one row higher, cost ~180 us each through Qt's styled
    delegate (long lines, elided) against a few copied (bench/bench_tracker.py)."""

    def cell_key(self, index: QModelIndex | QPersistentModelIndex) -> Hashable | None:
        key = index.data(LineKeyRole)
        return key if isinstance(key, tuple) else None


class LogView(QTableView):
    """The log list, scrolled to the newest entry as it arrives. A one-column table with
    fixed row heights takes a new entry in constant time: a QListView re-laid out every
    row on each new entry (6 ms a turn with a few thousand entries), a QTreeView rebuilt
    its row index (8 ms at 5,000 entries; 1.6 ms as a table, bench/bench_tracker.py)."""

    def __init__(self, model: LogModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("EncounterLog")
        self.setAccessibleName(self.tr("Encounter log"))
        self.setModel(model)
        self.line_delegate = LogLineDelegate(self)
        self.setItemDelegate(self.line_delegate)
        # One line per entry (the tooltip has the whole text).
        self.horizontalHeader().hide()
        self.horizontalHeader().setStretchLastSection(True)
        rows = self.verticalHeader()
        rows.hide()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.fontMetrics().height() + 4)
        self.setShowGrid(False)
        self.setWordWrap(False)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.setAlternatingRowColors(True)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        model.rowsInserted.connect(lambda *_: self.scrollToBottom())

    def texts(self) -> list[str]:
        model = self.model()
        return [str(model.index(r, 0).data()) for r in range(model.rowCount())]
