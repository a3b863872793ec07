"""The session's roll history: a table model (newest first) and replay by seed (R3 log).

A roll's seed replays it exactly (``sheets.dice.roll_seeded``), and every after-roll spend
draws from that seed too (``sheets.dice.spends``), so :func:`replay` rebuilds a roll with
its spends from the spec, the seed and the list of spends the history shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from sheets.dice import (
    RollResult,
)
from sheets.dice.text import die_token
from sheets.results import result_points
from ui.dice import words
from ui.text import tooltip

if TYPE_CHECKING:
    from datetime import datetime  # loaded with the first roll, not the dice panel

MAX_ROWS = 1000  # a session; the oldest rolls leave first
Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()


class HistoryEntry:
    """One roll of the session, as it stands after its spends (never changed once made: a
    spend replaces the entry). A plain class: a frozen dataclass compiles its methods from
    source when it is made (~4.7 M instructions), and the dice panel is on the first screen."""

    __slots__ = ("against", "replayed", "result", "time")

    def __init__(
        self,
        time: datetime,
        result: RollResult,
        against: int | None = None,
        replayed: bool = False,
    ) -> None:
        self.time = time
        self.result = result
        self.against = against
        self.replayed = replayed

    def __repr__(self) -> str:
        return f"HistoryEntry({self.time!r}, {self.result!r}, {self.against!r}, {self.replayed!r})"


def spend_label(spend: str) -> str:
    return {
        "character_point": QCoreApplication.translate("Dice", "+CP"),
        "action_point": QCoreApplication.translate("Dice", "+AP 2D"),
        "action_point_reroll": QCoreApplication.translate("Dice", "AP reroll"),
    }.get(spend, spend)


class RollHistoryModel(QAbstractTableModel):
    """Rolls of this session; column 0 carries the entry in ``EntryRole``."""

    TIME, ROLL, TOTAL, SEED = range(4)
    EntryRole = Qt.ItemDataRole.UserRole + 1

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._entries: list[HistoryEntry] = []

    # --- editing (not through views: the panel adds and updates rows) -----------------------

    def add(self, entry: HistoryEntry) -> QModelIndex:
        """Put ``entry`` on top; the oldest row leaves beyond ``MAX_ROWS``."""
        self.beginInsertRows(QModelIndex(), 0, 0)
        self._entries.insert(0, entry)
        self.endInsertRows()
        if len(self._entries) > MAX_ROWS:
            last = len(self._entries) - 1
            self.beginRemoveRows(QModelIndex(), last, last)
            del self._entries[last]
            self.endRemoveRows()
        return self.index(0, 0)

    def replace(self, row: int, entry: HistoryEntry) -> None:
        """The roll at ``row`` after a spend, or after its spend was undone."""
        self._entries[row] = entry
        self.dataChanged.emit(self.index(row, 0), self.index(row, self.columnCount() - 1))

    def row_of(self, result: RollResult) -> int | None:
        """Where a roll shows (matched by identity: results are values, equal rolls differ)."""
        return next((i for i, e in enumerate(self._entries) if e.result is result), None)

    def entry(self, row: int) -> HistoryEntry:
        return self._entries[row]

    def restore(self, entries: list[HistoryEntry]) -> None:
        """The remembered rolls, oldest first, as the history (newest on top)."""
        self.beginResetModel()
        self._entries = list(reversed(entries))[:MAX_ROWS]
        self.endResetModel()

    def clear(self) -> None:
        self.beginResetModel()
        self._entries.clear()
        self.endResetModel()

    # --- QAbstractItemModel -----------------------------------------------------------------

    def rowCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._entries)

    def columnCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else 4

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return (
            Qt.ItemFlag.ItemIsEnabled
            | Qt.ItemFlag.ItemIsSelectable
            | Qt.ItemFlag.ItemNeverHasChildren
        )

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        names = (self.tr("Time"), self.tr("Roll"), self.tr("Total"), self.tr("Seed"))
        return names[section] if 0 <= section < len(names) else None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._entries):
            return None
        entry = self._entries[index.row()]
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self._text(entry, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip(self._tooltip(entry))
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (self.TOTAL, self.SEED):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == self.EntryRole:
            return entry
        return None

    def _text(self, entry: HistoryEntry, column: int) -> str:
        result = entry.result
        if column == self.TIME:
            return entry.time.strftime("%H:%M:%S")
        if column == self.ROLL:
            text = words.spec_text(result.spec)
            if result.spends:
                text += " · " + " ".join(spend_label(s) for s in result.spends)
            if entry.replayed:
                text += self.tr(" (replay)")
            return text
        if column == self.TOTAL:
            if entry.against is None:
                return str(result.total)
            points = result_points(result.total, entry.against)
            return (
                self.tr("%1 (%2 vs %3)")
                .replace("%1", str(result.total))
                .replace("%2", f"{points:+d}")
                .replace("%3", str(entry.against))
            )
        return "" if result.seed is None else str(result.seed)

    def _tooltip(self, entry: HistoryEntry) -> str:
        result = entry.result
        dice = " ".join(die_token(d) for d in result.dice if d.set_index == result.kept_set)
        lines = [
            words.spec_text(result.spec),
            dice,
            words.total_text(result.total, result.spec.count_successes),
            words.outcome_text(result.total, entry.against),
        ]
        if result.seed is not None:
            lines.append(
                self.tr("Seed %1 (select and press Replay)").replace("%1", str(result.seed))
            )
        return "\n".join(lines)
