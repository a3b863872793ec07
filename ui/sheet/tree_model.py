"""Abilities -> skills -> specializations as a tree (a QAbstractItemModel over the document).

Columns (``COL_*``): name, die code, total die code (R2: ability + skill + specialization
with the fallback, computed by ``sheets.skills.check_dice``, never stored), fixed value of
that total (R1), trained only (R2) and the exact chance to meet or beat the difficulty the
player picked (R4; ``sheets.odds``, updated as the sheet changes). Editing a cell pushes an
undoable command on the document's stack; the command changes the pydantic document through
``CharacterDocument``, whose precise signals this model turns into ``dataChanged`` /
``beginInsertRows`` ... A refused edit (a bad die code, a duplicate name) emits
``editRejected`` with the reason.

Indexes carry the ``id()`` of their parent node (0 for abilities) as the internal id; the
model keeps those parents alive in ``_parents`` so an id is never reused.
"""

from __future__ import annotations

from typing import Any, Final, Literal

from pydantic import BaseModel
from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QApplication

from sheets.dice import CheckDefaults
from sheets.documents import Ability, Character, Skill, Specialization
from sheets.odds import chance_at_least, distribution
from sheets.results import default_difficulty, difficulty_name
from sheets.skills import CheckDice, CheckNotPossible, check_dice
from ui import commands
from ui.text import percent_text, tooltip
from ui.workspace.character_document import CharacterDocument

COL_NAME: Final = 0
COL_CODE: Final = 1
COL_TOTAL: Final = 2
COL_FIXED: Final = 3
COL_TRAINED: Final = 4
COL_CHANCE: Final = 5
COLUMNS: Final = 6

NodeRole: Final = Qt.ItemDataRole.UserRole + 1  # the Ability / Skill / Specialization
LevelRole: Final = Qt.ItemDataRole.UserRole + 2  # "ability" | "skill" | "specialization"
CheckRole: Final = Qt.ItemDataRole.UserRole + 3  # CheckDice, or None when not possible
ReasonRole: Final = Qt.ItemDataRole.UserRole + 4  # why the check cannot be made (R2)

Level = Literal["ability", "skill", "specialization"]
Node = Ability | Skill | Specialization
Index = QModelIndex | QPersistentModelIndex
CHILD_FIELD: Final = {"character": "abilities", "ability": "skills", "skill": "specializations"}


def level_of(node: object) -> Level:
    if isinstance(node, Ability):
        return "ability"
    if isinstance(node, Skill):
        return "skill"
    return "specialization"


class AbilityTreeModel(QAbstractItemModel):
    """The ability tree of one character document."""

    editRejected = Signal(QModelIndex, str)  # the cell, and why the edit was refused
    countingChanged = Signal(bool)  # the chance is now in successes (R3, D6 Legend) or not

    def __init__(self, doc: CharacterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.defaults = CheckDefaults()
        """How the campaign rolls a check (R3): the Chance column rolls the same way."""
        self.difficulty = default_difficulty(False)
        self.doc = doc
        self._parents: dict[int, BaseModel] = {}
        doc.fieldChanged.connect(self._field_changed)
        doc.itemsAboutToBeInserted.connect(self._about_to_insert)
        doc.itemsInserted.connect(self._inserted)
        doc.itemsAboutToBeRemoved.connect(self._about_to_remove)
        doc.itemsRemoved.connect(self._removed)
        doc.itemAboutToMove.connect(self._about_to_move)
        doc.itemMoved.connect(self._moved)
        doc.aboutToReset.connect(self.beginResetModel)
        doc.reset.connect(self._reset)
        self._pending: list[bool] = []  # whether the matching "about to" signal began a change

    @property
    def character(self) -> Character:
        return self.doc.character

    # --- structure ---------------------------------------------------------------------------

    def _children(self, node: object) -> list[Any]:
        if node is None:
            return self.character.abilities
        if isinstance(node, Ability):
            return node.skills
        if isinstance(node, Skill):
            return node.specializations
        return []

    def _key(self, node: BaseModel | None) -> int:
        if node is None:
            return 0
        key = id(node)
        self._parents[key] = node
        return key

    def _locate(self, node: object) -> tuple[BaseModel | None, int] | None:
        """The parent of ``node`` (None: the character) and its row, or None if gone."""
        for row, ability in enumerate(self.character.abilities):
            if ability is node:
                return None, row
            for skill_row, skill in enumerate(ability.skills):
                if skill is node:
                    return ability, skill_row
                for spec_row, spec in enumerate(skill.specializations):
                    if spec is node:
                        return skill, spec_row
        return None

    def node(self, index: Index) -> Node | None:
        if not index.isValid():
            return None
        key = index.internalId()
        parent = self._parents.get(key) if key else None
        if key and parent is None:
            return None
        children = self._children(parent)
        return children[index.row()] if 0 <= index.row() < len(children) else None

    def index_of(self, node: object, column: int = COL_NAME) -> QModelIndex:
        """The index of an ability, skill or specialization (invalid if not in the tree)."""
        if node is None or node is self.character:
            return QModelIndex()
        found = self._locate(node)
        if found is None:
            return QModelIndex()
        parent, row = found
        return self.createIndex(row, column, self._key(parent))

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if column < 0 or column >= COLUMNS or row < 0:
            return QModelIndex()
        parent_node = self.node(parent) if parent.isValid() else None
        if parent.isValid() and parent_node is None:
            return QModelIndex()
        if row >= len(self._children(parent_node)):
            return QModelIndex()
        return self.createIndex(row, column, self._key(parent_node))

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid() or not index.internalId():
            return QModelIndex()
        parent = self._parents.get(index.internalId())
        if parent is None:
            return QModelIndex()
        return self.index_of(parent)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid():
            if parent.column() != 0:
                return 0
            node = self.node(parent)
            return len(self._children(node)) if node is not None else 0
        return len(self.character.abilities)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return COLUMNS

    def hasChildren(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        return self.rowCount(parent) > 0

    # --- rules -------------------------------------------------------------------------------

    def check(self, node: Node) -> CheckDice | str:
        """The R2 check of a row: its CheckDice, or why it cannot be made."""
        found = self._locate(node)
        if found is None:
            return self.tr("not on this sheet")
        try:
            if isinstance(node, Ability):
                return check_dice(self.character, ability=node.name)
            if isinstance(node, Skill):
                ability = found[0]
                assert isinstance(ability, Ability)
                return check_dice(self.character, node.name, ability=ability.name)
            skill = found[0]
            assert isinstance(skill, Skill)
            owner = self._locate(skill)
            assert owner is not None and isinstance(owner[0], Ability)
            return check_dice(self.character, skill.name, node.name, ability=owner[0].name)
        except CheckNotPossible as error:
            return str(error)

    def set_difficulty(self, difficulty: int) -> None:
        """The difficulty the chance column is against (R4 benchmarks)."""
        if difficulty == self.difficulty:
            return
        self.difficulty = difficulty
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, COL_CHANCE, COL_CHANCE)
        self._chances_changed_below(QModelIndex())

    def set_check_defaults(self, defaults: CheckDefaults) -> None:
        """The campaign's way of rolling changed (house rules, game): every chance moves;
        a switch to or from counting successes starts again at that mode's difficulty."""
        if defaults == self.defaults:
            return
        counting = defaults.count_successes != self.defaults.count_successes
        self.defaults = defaults
        if counting:
            self.difficulty = default_difficulty(defaults.count_successes)
            self.countingChanged.emit(defaults.count_successes)
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, COL_CHANCE, COL_CHANCE)
        self._chances_changed_below(QModelIndex())

    def _chances_changed_below(self, parent: QModelIndex) -> None:
        rows = self.rowCount(parent)
        if rows == 0:
            return
        first, last = self.index(0, COL_CHANCE, parent), self.index(rows - 1, COL_CHANCE, parent)
        self.dataChanged.emit(first, last)
        for row in range(rows):
            self._chances_changed_below(self.index(row, COL_NAME, parent))

    def chance(self, node: Node) -> float | None:
        """The exact chance of this row's check to meet or beat ``difficulty`` (R4)."""
        found = self.check(node)
        if isinstance(found, str):
            return None
        return chance_at_least(distribution(self.defaults.spec(found.code)), self.difficulty)

    def label(self, node: Node) -> str:
        """``Dexterity: Firearms: Pistol``: what a roll of this row is called."""
        names = [node.name]
        found = self._locate(node)
        while found is not None and found[0] is not None:
            names.insert(0, getattr(found[0], "name", ""))
            found = self._locate(found[0])
        return ": ".join(names)

    def _chance_title(self) -> str:
        if self.defaults.count_successes:
            return self.tr("Chance of %1+ successes").replace("%1", str(self.difficulty))
        return self.tr("Chance vs %1").replace("%1", str(self.difficulty))

    def _chance_tip(self) -> str:
        wild = self.defaults.wild_dice
        dice = (
            self.tr("rolled with one Wild Die")
            if wild == 1
            else self.tr("rolled with %1 Wild Dice as the campaign rolls").replace("%1", str(wild))
        )
        if self.defaults.count_successes:
            return self.tr(
                "The exact chance to roll at least this many successes (R3: every die "
                "showing 3+ is one), %1"
            ).replace("%1", dice)
        return self.tr(
            "The exact chance to meet or beat the difficulty picked above the tree "
            "(R4: a tie succeeds), %1"
        ).replace("%1", dice)

    # --- data --------------------------------------------------------------------------------

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return (
                self.tr("Ability / skill / specialization"),
                self.tr("Code"),
                self.tr("Total"),
                self.tr("Fixed"),
                self.tr("Trained only"),
                self._chance_title(),
            )[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return (
                self.tr("Double-click or Enter rolls the row in the dice panel; F2 renames."),
                self.tr("R1: the row's own die code, e.g. 3D+2. Type to change it."),
                self.tr("R2: ability + skill + specialization, with the fallback."),
                self.tr("R1: fixed value of the total = 3 x dice + pips."),
                self.tr("R2: without ranks, no fallback to the bare ability."),
                self._chance_tip(),
            )[section]
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        column = index.column()
        node = self.node(index)
        if column in (COL_NAME, COL_CODE):
            flags |= Qt.ItemFlag.ItemIsEditable
        if column == COL_TRAINED and node is not None and not isinstance(node, Ability):
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        node = self.node(index)
        if node is None:
            return None
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self._text(node, column, role == Qt.ItemDataRole.EditRole)
        if role == Qt.ItemDataRole.CheckStateRole and column == COL_TRAINED:
            if isinstance(node, Ability):
                return None
            return Qt.CheckState.Checked if node.trained_only else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.ToolTipRole:
            tip = self._tooltip(node, column)
            return tooltip(tip) if tip else tip
        if role == Qt.ItemDataRole.FontRole and isinstance(node, Ability):
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and column in (COL_CODE, COL_TOTAL, COL_FIXED):
            if column == COL_CODE and not isinstance(node, Ability) and not node.code:
                return QApplication.palette().color(QPalette.ColorRole.PlaceholderText)
            if column != COL_CODE and isinstance(self.check(node), str):
                return QApplication.palette().color(QPalette.ColorRole.PlaceholderText)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (
            COL_CODE,
            COL_TOTAL,
            COL_FIXED,
            COL_CHANCE,
        ):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return self._accessible(node, column)
        if role == NodeRole:
            return node
        if role == LevelRole:
            return level_of(node)
        if role == CheckRole:
            found = self.check(node)
            return found if isinstance(found, CheckDice) else None
        if role == ReasonRole:
            found = self.check(node)
            return found if isinstance(found, str) else None
        return None

    def _text(self, node: Node, column: int, editing: bool) -> Any:
        if column == COL_NAME:
            return node.name
        if column == COL_CODE:
            return str(node.code)
        if editing:
            return None
        if column in (COL_TOTAL, COL_FIXED):
            found = self.check(node)
            if isinstance(found, str):
                return "—"
            return str(found.code) if column == COL_TOTAL else str(found.code.fixed_value)
        if column == COL_CHANCE:
            chance = self.chance(node)
            return "—" if chance is None else percent_text(chance)
        return None

    def _tooltip(self, node: Node, column: int) -> str | None:
        if column == COL_CHANCE:
            chance = self.chance(node)
            if chance is None:
                return None
            found = self.check(node)
            assert not isinstance(found, str)
            if self.defaults.count_successes:
                return (
                    self.tr("%1 with %2 rolls %3 or more successes: exactly %4")
                    .replace("%1", node.name)
                    .replace("%2", str(found.code))
                    .replace("%3", str(self.difficulty))
                    .replace("%4", f"{chance:.2%}")
                )
            return (
                self.tr("%1 with %2 meets or beats %3 (%4): exactly %5")
                .replace("%1", node.name)
                .replace("%2", str(found.code))
                .replace("%3", str(self.difficulty))
                .replace("%4", difficulty_name(self.difficulty))
                .replace("%5", f"{chance:.2%}")
            )
        if column in (COL_TOTAL, COL_FIXED, COL_NAME):
            found = self.check(node)
            if isinstance(found, str):
                return self.tr("Cannot roll: %1").replace("%1", found)
            text = self.tr("R2: %1").replace("%1", found.describe())
            if column == COL_FIXED:
                text += "\n" + self.tr("R1: fixed value %1 = 3 x %2 + %3").replace(
                    "%1", str(found.code.fixed_value)
                ).replace("%2", str(found.code.dice)).replace("%3", str(found.code.pips))
            if isinstance(node, Ability) and node.extranormal:
                text += "\n" + self.tr("Extranormal ability (R2): needs a narrative background.")
            return text
        if column == COL_CODE:
            return self.tr("R1 die code: type e.g. 3D+2, 2d6+1 or +2; never below 0D")
        if column == COL_TRAINED and not isinstance(node, Ability):
            return self.tr("R2: trained only: without ranks, no fallback to the bare ability")
        return None

    def _accessible(self, node: Node, column: int) -> str:
        if column == COL_NAME:
            return f"{level_of(node)} {node.name}"
        if column == COL_CODE:
            return self.tr("%1 die code %2").replace("%1", node.name).replace("%2", str(node.code))
        if column == COL_TOTAL:
            found = self.check(node)
            return (
                self.tr("%1 cannot roll").replace("%1", node.name)
                if isinstance(found, str)
                else self.tr("%1 total %2").replace("%1", node.name).replace("%2", str(found.code))
            )
        text = self._text(node, column, False)
        return str(text or "")

    # --- editing through commands ------------------------------------------------------------

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        node = self.node(index)
        if node is None:
            return False
        column = index.column()
        try:
            if column == COL_NAME and role == Qt.ItemDataRole.EditRole:
                command = commands.set_field(
                    self.doc,
                    node,
                    "name",
                    str(value),
                    self.tr("Rename %1").replace("%1", node.name),
                )
            elif column == COL_CODE and role == Qt.ItemDataRole.EditRole:
                command = commands.set_field(
                    self.doc,
                    node,
                    "code",
                    str(value),
                    self.tr("Set %1 to %2").replace("%1", node.name).replace("%2", str(value)),
                )
            elif column == COL_TRAINED and role == Qt.ItemDataRole.CheckStateRole:
                if isinstance(node, Ability):
                    return False
                checked = Qt.CheckState(value) == Qt.CheckState.Checked
                command = commands.set_field(
                    self.doc,
                    node,
                    "trained_only",
                    checked,
                    (
                        self.tr("Mark %1 trained only")
                        if checked
                        else self.tr("Unmark %1 trained only")
                    ).replace("%1", node.name),
                )
            else:
                return False
        except ValueError as error:
            self.editRejected.emit(
                self.index(index.row(), index.column(), index.parent()), str(error)
            )
            return False
        if command is not None:
            self.doc.push(command)
        return True

    # --- document signals -> precise model signals -------------------------------------------

    def _parent_index(self, owner: object, field: str) -> QModelIndex | None:
        """The parent index of rows in ``owner.field``; None when not part of this tree."""
        if owner is self.character and field == "abilities":
            return QModelIndex()
        if (isinstance(owner, Ability) and field == "skills") or (
            isinstance(owner, Skill) and field == "specializations"
        ):
            index = self.index_of(owner)
            return index if index.isValid() else None
        return None

    def _about_to_insert(self, owner: object, field: str, first: int, last: int) -> None:
        parent = self._parent_index(owner, field)
        self._pending.append(parent is not None)
        if parent is not None:
            self.beginInsertRows(parent, first, last)

    def _inserted(self, *_args: object) -> None:
        if self._pending and self._pending.pop():
            self.endInsertRows()

    def _about_to_remove(self, owner: object, field: str, first: int, last: int) -> None:
        parent = self._parent_index(owner, field)
        self._pending.append(parent is not None)
        if parent is not None:
            self.beginRemoveRows(parent, first, last)

    def _removed(self, *_args: object) -> None:
        if self._pending and self._pending.pop():
            self.endRemoveRows()

    def _about_to_move(self, owner: object, field: str, source: int, target: int) -> None:
        parent = self._parent_index(owner, field)
        self._pending.append(parent is not None)
        if parent is not None:
            destination = target + 1 if target > source else target
            self.beginMoveRows(parent, source, source, parent, destination)

    def _moved(self, *_args: object) -> None:
        if self._pending and self._pending.pop():
            self.endMoveRows()

    def _reset(self) -> None:
        self._parents.clear()
        self.endResetModel()

    def _field_changed(self, target: object, field: str) -> None:
        if not isinstance(target, Ability | Skill | Specialization):
            return
        index = self.index_of(target)
        if not index.isValid():
            return
        self.dataChanged.emit(index, index.siblingAtColumn(COLUMNS - 1))
        if field in ("code", "trained_only", "name"):
            self._totals_changed_below(index)

    def _totals_changed_below(self, parent: QModelIndex) -> None:
        """R2: a code change moves the totals (and the chances) of every row under it."""
        rows = self.rowCount(parent)
        if rows == 0:
            return
        self.dataChanged.emit(
            self.index(0, COL_TOTAL, parent), self.index(rows - 1, COL_CHANCE, parent)
        )
        for row in range(rows):
            self._totals_changed_below(self.index(row, COL_NAME, parent))
