"""The initiative table: one row per combatant, over the encounter engine's state.

The model never decides a rule: every cell is an engine query (``order``, ``actions_left``,
``tracks``, ``active_modifiers``, ``can_act``). Rows follow the turn order (R6), then
anyone not in it yet. After a command the controller tells :meth:`InitiativeModel.refresh`
which combatants changed: only their rows get ``dataChanged``; the same combatants in a
new order (a roll, a re-sort, a chase move) change the layout (the selection follows the
combatant); a different set of combatants resets the model.

Row data is computed once per change and cached, so painting 500 rows stays cheap.

The Conditions column follows the campaign's damage system (R10, ``view.rules``): under
``conditions`` (the default) the R5 damage/composure/body tracks; under ``wounds`` the
wound level, then the tracks still in play (composure); under ``body_points`` the pool
("14/23 BP"), then the same tracks. The sheet fields behind it (``wound_level``,
``body_points``) change by a command on that combatant, so its row is among the changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication

from sheets.conditions import OUT_OF_ACTION
from sheets.damage import DEAD
from sheets.encounter import Engine
from ui.text import tooltip
from ui.theme import mix
from ui.tracker.rows import (
    COL_ACTIONS,
    COL_CONDITIONS,
    COL_INITIATIVE,
    COL_MODIFIERS,
    COL_NAME,
    COL_ORDER,
    COL_SIDE,
    COL_STATE,
    COLUMN_COUNT,
    STATE_WORDS,
    DamageCell,
    RowData,
    TrackCell,
    changed_spans,
    damage_cell,
    faded,
    row_data,
)

HEADERS: Final = (
    "#",
    "Name",
    "Side",
    "Init.",
    "Actions",
    "Conditions",
    "Modifiers",
    "State",
    "Points",
)
HEADER_TIPS: Final = (
    "Place in the turn order (R6)",
    "The combatant",
    "The side of the conflict (R6)",
    "Initiative value (R6: melee = fixed value of Perception; debate = a roll)",
    "Full and bonus actions left this round (R6: 1 full + 1 bonus each round)",
    "Damage / composure / body tracks (R5); the filled steps show the level",
    "Active modifiers and how long they have left (R4 durations, R6 expiry)",
    "Acting now, done this round, waiting, conceded (R6) or Out of Action (R5)",
    "Action points, Character Points, Fate Points on the sheet (R7); spends in the dice "
    "panel take them off",
)

CombatantIdRole: Final = int(Qt.ItemDataRole.UserRole) + 1
"""str: the combatant's id."""
ActingRole: Final = CombatantIdRole + 1
"""bool: this combatant's turn is running."""
ActionsRole: Final = CombatantIdRole + 2
"""(full left, full total, bonus left, bonus total)."""
TracksRole: Final = CombatantIdRole + 3
"""tuple of TrackCell: the compact condition steps."""
StateRole: Final = CombatantIdRole + 4
"""str: acting / done / waiting / conceded / out / incapacitated."""
SortRole: Final = CombatantIdRole + 5
"""A value that sorts the column sensibly (numbers as numbers)."""
HiddenRole: Final = CombatantIdRole + 6
"""bool: hidden from the players (never on the player view)."""
RowRole: Final = CombatantIdRole + 7
"""RowData: the whole row at once (the delegates paint from it in one call)."""
DamageRole: Final = CombatantIdRole + 8
"""DamageCell | None: the wound level or body points (R10); None under ``conditions``."""

CONDITIONS_TIPS: Final[dict[str, str]] = {
    "conditions": HEADER_TIPS[COL_CONDITIONS],
    "wounds": (
        "Wound level on the OpenD6 wound chart (R10: the campaign plays wounds), then the "
        "composure track (R5)"
    ),
    "body_points": (
        "Body points left of the maximum (R10: the campaign plays body points), then the "
        "composure track (R5)"
    ),
}


QUIET_RUN: Final = 20
"""Rows per dataChanged off screen: 20 rows of 9 cells stay under the ~200 cells past
which Qt repaints the whole table."""
_ROW_FLAGS: Final = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_NO_FLAGS: Final = Qt.ItemFlag.NoItemFlags
_DISPLAY: Final = int(Qt.ItemDataRole.DisplayRole)
_FONT: Final = int(Qt.ItemDataRole.FontRole)
_BACKGROUND: Final = int(Qt.ItemDataRole.BackgroundRole)
_FOREGROUND: Final = int(Qt.ItemDataRole.ForegroundRole)
_ALIGN: Final = int(Qt.ItemDataRole.TextAlignmentRole)
_CENTER: Final = int(Qt.AlignmentFlag.AlignCenter)
NO_DATA_ROLES: Final = frozenset(
    int(r)
    for r in (
        Qt.ItemDataRole.DecorationRole,
        Qt.ItemDataRole.CheckStateRole,
        Qt.ItemDataRole.EditRole,
        Qt.ItemDataRole.SizeHintRole,
        Qt.ItemDataRole.StatusTipRole,
        Qt.ItemDataRole.WhatsThisRole,
    )
)
"""Roles a styled item delegate asks of every cell it paints that the tracker never
answers: a set lookup answers them before any row is read."""


class InitiativeModel(QAbstractTableModel):
    """One row per combatant in turn order; columns ``COL_*``; roles above."""

    actorMoved = Signal(str)  # the combatant whose turn it is now (a turn passed, R6)

    def __init__(self, engine: Engine, parent: Any = None) -> None:
        super().__init__(parent)
        self._engine = engine
        self._ids: list[str] = []
        self._row_of: dict[str, int] = {}
        self._cache: dict[str, RowData] = {}
        self._actor: str | None = None
        self.rows_in_sight: Callable[[], Iterable[int]] | None = None
        """The rows the view that shows this model has in sight (set by the view; None:
        every cached row counts as in sight). A new round builds those again at once."""
        self._ids = self._compute_ids()
        self._row_of = {cid: row for row, cid in enumerate(self._ids)}
        self._actor = engine.current()
        self._bold = QFont()
        self._bold.setBold(True)
        self._colors: tuple[QColor, QColor] | None = None
        self._update_colors()

    # --- structure ---------------------------------------------------------------------

    @property
    def engine(self) -> Engine:
        return self._engine

    def _compute_ids(self) -> list[str]:
        enc = self._engine.encounter
        ordered = list(enc.turn_order)
        if len(ordered) == len(enc.combatants):
            return ordered
        known = set(ordered)
        return ordered + [c.id for c in enc.combatants if c.id not in known]

    def combatant_at(self, row: int) -> str:
        return self._ids[row]

    def row_of(self, combatant_id: str) -> int | None:
        return self._row_of.get(combatant_id)

    def ids(self) -> list[str]:
        return list(self._ids)

    def row(self, row: int) -> RowData:
        cid = self._ids[row]
        data = self._cache.get(cid)
        if data is None:
            position = row + 1 if row < len(self._engine.encounter.turn_order) else None
            data = row_data(self._engine, cid, position)
            self._cache[cid] = data
        return data

    def refresh(self, changed: Iterable[str] | None = None) -> None:
        """After a command: ``changed`` combatants (None: every row) get ``dataChanged``;
        a new order resets the model. The rows of the previous and the new actor always
        change (the current-turn mark moves); a new actor is announced (``actorMoved``)."""
        before = self._actor
        announced = self._refresh(changed)
        if not announced and self._actor != before and self._actor is not None:
            self.actorMoved.emit(self._actor)

    def _refresh(self, changed: Iterable[str] | None) -> bool:
        """The update; True when it announced the new actor itself."""
        ids = self._compute_ids()
        actor = self._engine.current()
        if ids != self._ids and sorted(ids) == sorted(self._ids):
            self._reorder(ids, actor)
            return False
        if ids != self._ids:
            self.beginResetModel()
            self._ids = ids
            self._row_of = {cid: row for row, cid in enumerate(ids)}
            self._cache.clear()
            self._actor = actor
            self.endResetModel()
            return False
        if changed is None:
            moved = actor != self._actor and actor is not None
            self._actor = actor
            if moved:  # the view follows first: the rows then in its sight are built now
                self.actorMoved.emit(actor)
            if self._update_colors():  # a new palette: every cell paints anew
                self._cache.clear()
                if self._ids:
                    self.dataChanged.emit(
                        self.index(0, 0), self.index(len(self._ids) - 1, COLUMN_COUNT - 1)
                    )
            else:
                self._refresh_every_row()
            return moved
        rows = set(changed)
        if actor != self._actor:
            rows.update(x for x in (actor, self._actor) if x is not None)
            self._actor = actor
        for cid in rows:
            row = self._row_of.get(cid)
            if row is None:
                continue
            self._cache.pop(cid, None)
            self.dataChanged.emit(self.index(row, 0), self.index(row, COLUMN_COUNT - 1))
        return False

    def _refresh_every_row(self) -> None:
        """Every row may have changed (a new round: budgets, Done, rounds left). The rows
        on screen (``rows_in_sight``) that were built are built again now and only their
        changed cells repaint (``changed_spans``): at a round change that is three columns
        of ten. The others are built when next shown (a table that followed the turns
        has built every row by the round's end); their dataChanged goes in runs of
        ``QUIET_RUN`` rows, since Qt repaints the whole table for a range of more than
        about 200 cells even when none of it is on screen."""
        before, self._cache = self._cache, {}
        if self.rows_in_sight is not None:
            ids = self._ids
            before = {
                ids[row]: before[ids[row]]
                for row in self.rows_in_sight()
                if 0 <= row < len(ids) and ids[row] in before
            }
        in_order = len(self._engine.encounter.turn_order)
        run: int | None = None
        for row, cid in enumerate(self._ids):
            old = before.get(cid)
            if old is None:
                if run is None:
                    run = row
                elif row - run == QUIET_RUN:
                    self._row_range_changed(run, row - 1)
                    run = row
                continue
            if run is not None:
                self._row_range_changed(run, row - 1)
                run = None
            new = row_data(self._engine, cid, row + 1 if row < in_order else None)
            self._cache[cid] = new
            for first, last in changed_spans(old, new):
                self.dataChanged.emit(self.index(row, first), self.index(row, last))
        if run is not None:
            self._row_range_changed(run, len(self._ids) - 1)

    def _row_range_changed(self, first: int, last: int) -> None:
        self.dataChanged.emit(self.index(first, 0), self.index(last, COLUMN_COUNT - 1))

    def _reorder(self, ids: list[str], actor: str | None) -> None:
        """The same combatants in a new order (a chase move, a manual order, a re-sort):
        a layout change, so the selection and the current row follow the combatant."""
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        new_row = {cid: row for row, cid in enumerate(ids)}
        moved = [
            self.index(new_row[self._ids[index.row()]], index.column())
            if index.isValid()
            else QModelIndex()
            for index in old
        ]
        self._ids = ids
        self._row_of = new_row
        self._cache.clear()
        self._actor = actor
        self.changePersistentIndexList(old, moved)
        self.layoutChanged.emit()

    # --- QAbstractTableModel -------------------------------------------------------------

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else COLUMN_COUNT

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        # Asked for every cell painted: a constant, not an enum "|" (a Python call in PySide6).
        return _ROW_FLAGS if index.isValid() else _NO_FLAGS

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < COLUMN_COUNT:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return HEADERS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            if section == COL_CONDITIONS:
                return CONDITIONS_TIPS[self._engine.view.rules.damage_system]
            return HEADER_TIPS[section]
        return None

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        # The delegates ask for the whole row once per cell painted (RowRole); other views
        # ask ~10 roles per cell: answer from the row cache, cheapest first.
        if role == RowRole:
            return self.row(index.row()) if index.isValid() else None
        if role in NO_DATA_ROLES or not index.isValid():
            return None
        data = self.row(index.row())
        column = index.column()
        if role == _DISPLAY:
            return data.display[column]
        if role == _FONT:
            return self._bold if data.acting else None
        if role == _BACKGROUND:
            return self._acting_brush if data.acting else None
        if role == _FOREGROUND:
            return self._faded if faded(data) else None
        if role == _ALIGN:
            return _CENTER if column in (COL_ORDER, COL_INITIATIVE) else None
        if role == CombatantIdRole:
            return data.combatant
        if role == ActingRole:
            return data.acting
        if role == ActionsRole:
            return data.actions
        if role == TracksRole:
            return data.tracks
        if role == DamageRole:
            return data.damage
        if role == StateRole:
            return data.state
        if role == HiddenRole:
            return data.hidden
        if role == SortRole:
            return self._sort_key(data, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            tip = self._tooltip(data, column)
            return tooltip(tip) if tip else tip
        if role == Qt.ItemDataRole.AccessibleTextRole and column in (COL_ACTIONS, COL_CONDITIONS):
            return data.display[column]
        return None

    def _update_colors(self) -> bool:
        """The actor's and faded rows' colours from the palette; whether they changed."""
        palette = QApplication.palette()
        colors = (
            mix(
                palette.color(QPalette.ColorRole.Base),
                palette.color(QPalette.ColorRole.Highlight),
                0.28,
            ),
            palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text),
        )
        if colors == self._colors:
            return False
        self._colors = colors
        self._acting_brush, self._faded = colors
        return True

    def _sort_key(self, data: RowData, column: int) -> Any:
        if column == COL_ORDER:
            return data.position if data.position is not None else 1_000_000
        if column == COL_INITIATIVE:
            return data.initiative if data.initiative is not None else -1
        if column == COL_ACTIONS:
            return data.actions[0] * 100 + data.actions[2]
        if column == COL_CONDITIONS:
            worst = max((cell.level for cell in data.tracks), default=0)
            if data.damage is None:
                return worst
            # R10 first (0..6 like a wound level), the tracks break ties.
            return data.damage.severity * DEAD + worst / 10
        if column == COL_MODIFIERS:
            return len(data.modifiers)
        return data.display[column] or ""

    def _tooltip(self, data: RowData, column: int) -> str | None:
        if column == COL_CONDITIONS:
            lines = [
                f"{cell.track.title()}: {cell.word} (level {cell.level}; Out of Action after "
                f"{cell.steps} ranks, R5)"
                for cell in data.tracks
            ]
            if data.damage is not None:
                lines.insert(0, data.damage.tip)
            return "\n".join(lines)
        if column == COL_MODIFIERS:
            return "\n".join(data.modifiers) or "No active modifiers"
        if column == COL_STATE:
            return data.reason or STATE_WORDS[data.state]
        if column == COL_NAME and data.notes:
            return f"GM notes: {data.notes}"
        if column == COL_ACTIONS:
            return HEADER_TIPS[COL_ACTIONS]
        return None


class InitiativeProxy(QSortFilterProxyModel):
    """Sorting by any column (``SortRole``); unsorted, it keeps the turn order."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setSortRole(SortRole)
        self.setDynamicSortFilter(False)

    def combatant_at(self, row: int) -> str:
        return str(self.index(row, 0).data(CombatantIdRole))


__all__ = [
    "COLUMN_COUNT",
    "COL_ACTIONS",
    "COL_CONDITIONS",
    "COL_INITIATIVE",
    "COL_MODIFIERS",
    "COL_NAME",
    "COL_ORDER",
    "COL_SIDE",
    "COL_STATE",
    "CONDITIONS_TIPS",
    "NO_DATA_ROLES",
    "OUT_OF_ACTION",
    "ActingRole",
    "ActionsRole",
    "CombatantIdRole",
    "DamageCell",
    "DamageRole",
    "HiddenRole",
    "InitiativeModel",
    "InitiativeProxy",
    "RowData",
    "RowRole",
    "SortRole",
    "StateRole",
    "TrackCell",
    "TracksRole",
    "damage_cell",
    "row_data",
]
