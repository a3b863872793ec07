"""Weapons as a table (``COL_*`` columns), and the armour / toughness / PL / scale form (R9).

The weapons model is a QAbstractTableModel over ``character.weapons``; edits push
commands, the document's precise signals become ``dataChanged`` and row inserts/removes.
"""

from __future__ import annotations

from typing import Any, Final

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from sheets.attack import attack_check, on_sheet
from sheets.documents import Character, Weapon
from sheets.documents.character import MAX_PERFORMANCE_LEVEL, MAX_SCALE
from sheets.skills import CheckDice, CheckNotPossible
from ui import commands
from ui.sheet.delegates import DieCodeEdit
from ui.text import tooltip
from ui.workspace.character_document import CharacterDocument

COL_NAME: Final = 0
COL_SKILL: Final = 1
COL_DAMAGE: Final = 2
COL_PENETRATION: Final = 3
COL_PL: Final = 4
COL_SCALE: Final = 5
COL_RANGE: Final = 6
COL_NOTES: Final = 7
COL_STRENGTH: Final = 8
COLUMNS: Final = 9
DIE_CODE_COLUMNS: Final = (COL_DAMAGE, COL_PENETRATION)
FIELDS: Final = (
    "name",
    "skill",
    "damage",
    "penetration",
    "performance_level",
    "scale",
    "range",
    "notes",
    "strength_damage",
)

WeaponRole: Final = Qt.ItemDataRole.UserRole + 1
Index = QModelIndex | QPersistentModelIndex


class PartListModel(QAbstractTableModel):
    """A list of parts of the character (``LIST``) as a table, one column per field
    (``FIELDS``); edits push commands, the document's precise signals become
    ``dataChanged`` and row inserts, removes and moves."""

    editRejected = Signal(QModelIndex, str)
    LIST: str = ""
    FIELDS: tuple[str, ...] = ()
    RIGHT_ALIGNED: tuple[int, ...] = ()

    def __init__(self, doc: CharacterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self._pending: list[bool] = []
        doc.fieldChanged.connect(self._field_changed)
        doc.itemsAboutToBeInserted.connect(self._about_to_insert)
        doc.itemsInserted.connect(lambda *_a: self._end(self.endInsertRows))
        doc.itemsAboutToBeRemoved.connect(self._about_to_remove)
        doc.itemsRemoved.connect(lambda *_a: self._end(self.endRemoveRows))
        doc.itemAboutToMove.connect(self._about_to_move)
        doc.itemMoved.connect(lambda *_a: self._end(self.endMoveRows))
        doc.aboutToReset.connect(self.beginResetModel)
        doc.reset.connect(self.endResetModel)

    @property
    def character(self) -> Character:
        return self.doc.character

    def items(self) -> list[Any]:
        items: list[Any] = getattr(self.character, self.LIST)
        return items

    def item(self, row: int) -> Any:
        items = self.items()
        return items[row] if 0 <= row < len(items) else None

    def headers(self) -> tuple[str, ...]:  # pragma: no cover - each list names its own
        raise NotImplementedError

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.items())

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.FIELDS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.headers()[section]
        return None

    def _is_flag(self, column: int) -> bool:
        part = self.item(0)
        return part is not None and isinstance(getattr(part, self.FIELDS[column]), bool)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        if self._is_flag(index.column()):  # a yes/no field: a check box
            return (
                Qt.ItemFlag.ItemIsEnabled
                | Qt.ItemFlag.ItemIsSelectable
                | Qt.ItemFlag.ItemIsUserCheckable
            )
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEditable

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        part = self.item(index.row()) if index.isValid() else None
        if part is None:
            return None
        field = self.FIELDS[index.column()]
        value = getattr(part, field)
        if isinstance(value, bool):
            if role == Qt.ItemDataRole.CheckStateRole:
                return Qt.CheckState.Checked if value else Qt.CheckState.Unchecked
            if role == Qt.ItemDataRole.DisplayRole:
                return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            value = getattr(part, field)
            if role == Qt.ItemDataRole.EditRole and isinstance(value, int | float):
                return value
            return _shown(value)
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in self.RIGHT_ALIGNED:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            title = self.headerData(index.column(), Qt.Orientation.Horizontal)
            return f"{title} {_shown(getattr(part, field))}"
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        part = self.item(index.row()) if index.isValid() else None
        if part is not None and role == Qt.ItemDataRole.CheckStateRole:
            value = Qt.CheckState(value) == Qt.CheckState.Checked
            role = Qt.ItemDataRole.EditRole
        if part is None or role != Qt.ItemDataRole.EditRole:
            return False
        field = self.FIELDS[index.column()]
        title = self.headerData(index.column(), Qt.Orientation.Horizontal)
        text = self.tr("%1: %2").replace("%1", part.name).replace("%2", str(title))
        try:
            command = commands.set_field(self.doc, part, field, value, text)
        except ValueError as error:
            self.editRejected.emit(self.index(index.row(), index.column()), str(error))
            return False
        if command is not None:
            self.doc.push(command)
        return True

    # --- document signals ------------------------------------------------------------------------

    def _ours(self, owner: object, field: str) -> bool:
        return owner is self.character and field == self.LIST

    def _about_to_insert(self, owner: object, field: str, first: int, last: int) -> None:
        ours = self._ours(owner, field)
        self._pending.append(ours)
        if ours:
            self.beginInsertRows(QModelIndex(), first, last)

    def _about_to_remove(self, owner: object, field: str, first: int, last: int) -> None:
        ours = self._ours(owner, field)
        self._pending.append(ours)
        if ours:
            self.beginRemoveRows(QModelIndex(), first, last)

    def _about_to_move(self, owner: object, field: str, source: int, target: int) -> None:
        ours = self._ours(owner, field)
        self._pending.append(ours)
        if ours:
            destination = target + 1 if target > source else target
            self.beginMoveRows(QModelIndex(), source, source, QModelIndex(), destination)

    def _end(self, end: Any) -> None:
        if self._pending and self._pending.pop():
            end()

    def _field_changed(self, target: object, field: str) -> None:
        for row, part in enumerate(self.items()):
            if part is target:
                last = len(self.FIELDS) - 1
                self.dataChanged.emit(self.index(row, 0), self.index(row, last))
                return


def _shown(value: object) -> str:
    """A cell's text: 2.5 kg, not 2.5000000001; 1, not 1.0."""
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


class WeaponsModel(PartListModel):
    """The character's weapons, one row each."""

    LIST = "weapons"
    FIELDS = FIELDS
    RIGHT_ALIGNED = (COL_DAMAGE, COL_PENETRATION, COL_PL, COL_SCALE)

    def __init__(self, doc: CharacterDocument, parent: QObject | None = None) -> None:
        super().__init__(doc, parent)
        # The Skill cell shows the attack's total: a skill raised in the tree changes it.
        doc.changed.connect(self._attacks_changed)

    def _attacks_changed(self) -> None:
        if self.rowCount():
            last = self.rowCount() - 1
            self.dataChanged.emit(self.index(0, COL_SKILL), self.index(last, COL_SKILL))

    def weapon(self, row: int) -> Weapon | None:
        found: Weapon | None = self.item(row)
        return found

    def attack(self, row: int) -> CheckDice | str | None:
        """The attack roll with the weapon of ``row`` (R2), or why it cannot be made."""
        weapon = self.weapon(row)
        if weapon is None:
            return None
        try:
            return attack_check(self.character, weapon)
        except CheckNotPossible as reason:
            return str(reason)

    def headers(self) -> tuple[str, ...]:
        return (
            self.tr("Weapon"),
            self.tr("Skill"),
            self.tr("Damage"),
            self.tr("PEN"),
            self.tr("PL"),
            self.tr("Scale"),
            self.tr("Range"),
            self.tr("Notes"),
            self.tr("STR+"),
        )

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            return {
                COL_DAMAGE: self.tr("The damage roll, an effect roll (R4)"),
                COL_PENETRATION: self.tr("R9: removes up to this much armour, never toughness"),
                COL_PL: self.tr("R9: the PL difference comes off the lower side's roll"),
                COL_SCALE: self.tr("R9: the weapon's scale value"),
                COL_STRENGTH: self.tr(
                    "OpenD6 STR+: the wielder's Strength Damage adds to this damage (melee)"
                ),
            }.get(section)
        return super().headerData(section, orientation, role)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == COL_DAMAGE:
            return self.tr("Double-click or Enter rolls the damage in the dice panel")
        if index.column() == COL_SKILL and role in (
            Qt.ItemDataRole.DisplayRole,
            Qt.ItemDataRole.ToolTipRole,
        ):
            return self._skill_text(index.row(), role)
        if role == WeaponRole:
            return self.weapon(index.row())
        return super().data(index, role)

    def _skill_text(self, row: int, role: int) -> str | None:
        weapon, attack = self.weapon(row), self.attack(row)
        if weapon is None:
            return None
        kept = bool(weapon.skill) and not on_sheet(self.character, weapon.skill)
        if role == Qt.ItemDataRole.ToolTipRole:
            how = attack.describe() if isinstance(attack, CheckDice) else str(attack)
            if kept:
                how = (
                    self.tr("%1 is not on this sheet (R2: %2)")
                    .replace("%1", weapon.skill)
                    .replace("%2", how)
                )
            words = self.tr("Attack: %1. Double-click or Enter rolls it; F2 picks the skill")
            return tooltip(words.replace("%1", how))  # names from the file: text, not HTML
        name = weapon.skill or self.tr("(none)")
        if not isinstance(attack, CheckDice):
            return self.tr("%1 (cannot attack)").replace("%1", name)
        if kept:
            return (
                self.tr("%1 (not on sheet) %2").replace("%1", name).replace("%2", str(attack.code))
            )
        return f"{name} {attack.code}"


ITEM_FIELDS: Final = ("name", "quantity", "weight", "cost", "notes")
ITEM_COL_NAME, ITEM_COL_QUANTITY, ITEM_COL_WEIGHT, ITEM_COL_COST, ITEM_COL_NOTES = range(5)


class EquipmentModel(PartListModel):
    """What the character carries, one item a row (issue 15)."""

    LIST = "equipment"
    FIELDS = ITEM_FIELDS
    RIGHT_ALIGNED = (ITEM_COL_QUANTITY, ITEM_COL_WEIGHT, ITEM_COL_COST)

    def headers(self) -> tuple[str, ...]:
        return (
            self.tr("Item"),
            self.tr("How many"),
            self.tr("Weight (each)"),
            self.tr("Cost (each)"),
            self.tr("Notes"),
        )


class ProtectionWidget(QWidget):
    """Armour per facing, toughness, performance level and scale (R9)."""

    def __init__(self, doc: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.problem_handler: Any = None
        self.facings: dict[str, DieCodeEdit] = {}
        facing_row = QHBoxLayout()
        for facing, label in (
            ("front", self.tr("Front")),
            ("side", self.tr("Side")),
            ("rear", self.tr("Rear")),
        ):
            edit = DieCodeEdit()
            edit.setAccessibleName(self.tr("Armour %1").replace("%1", label.lower()))
            edit.setMaximumWidth(90)
            edit.editingFinished.connect(lambda f=facing, e=edit: self._commit_armour(f, e))
            caption = QLabel(label)
            caption.setBuddy(edit)
            facing_row.addWidget(caption)
            facing_row.addWidget(edit)
            self.facings[facing] = edit
        facing_row.addStretch(1)
        self.toughness = DieCodeEdit(allow_empty=True)
        self.toughness.setAccessibleName(self.tr("Toughness"))
        self.toughness.setPlaceholderText(self.tr("none (uses Strength)"))
        self.toughness.setMaximumWidth(160)
        self.toughness.editingFinished.connect(self._commit_toughness)
        self.performance = QSpinBox()
        self.performance.setRange(0, MAX_PERFORMANCE_LEVEL)
        self.performance.setAccessibleName(self.tr("Performance level"))
        self.performance.editingFinished.connect(
            lambda: self._commit("performance_level", self.performance.value())
        )
        self.scale = QSpinBox()
        self.scale.setRange(-MAX_SCALE, MAX_SCALE)
        self.scale.setAccessibleName(self.tr("Scale"))
        self.scale.editingFinished.connect(lambda: self._commit("scale", self.scale.value()))
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        armour_label = QLabel(self.tr("Armour:"))
        armour_label.setToolTip(self.tr("R9: armour per facing adds to toughness against damage"))
        form.addRow(armour_label, facing_row)
        for text, widget, tip in (
            (
                self.tr("&Toughness:"),
                self.toughness,
                self.tr("R9: what an object or vehicle resists damage with"),
            ),
            (
                self.tr("Performance &level:"),
                self.performance,
                self.tr("R9: the PL difference comes off the lower side's roll"),
            ),
            (self.tr("S&cale:"), self.scale, self.tr("R9: elements need parity of scale")),
        ):
            caption = QLabel(text)
            caption.setBuddy(widget)
            caption.setToolTip(tip)
            widget.setToolTip(tip)
            form.addRow(caption, widget)
        doc.changed.connect(self.refresh)
        doc.reset.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        c = self.doc.character
        for facing, edit in self.facings.items():
            if not edit.hasFocus():
                edit.setText(str(getattr(c.armour, facing)))
        if not self.toughness.hasFocus():
            self.toughness.setText("" if c.toughness is None else str(c.toughness))
        if not self.performance.hasFocus():
            self.performance.setValue(c.performance_level)
        if not self.scale.hasFocus():
            self.scale.setValue(c.scale)

    def _report(self, reason: str) -> None:
        if self.problem_handler is not None:
            self.problem_handler(reason)

    def _commit_armour(self, facing: str, edit: DieCodeEdit) -> None:
        armour = self.doc.character.armour
        if edit.reason() is not None:
            self._report(edit.reason() or "")
            return
        self._push(armour, facing, edit.text(), self.tr("Armour %1").replace("%1", facing))

    def _commit_toughness(self) -> None:
        if self.toughness.reason() is not None:
            self._report(self.toughness.reason() or "")
            return
        text = self.toughness.text().strip()
        self._push(self.doc.character, "toughness", text or None, self.tr("Change toughness"))

    def _commit(self, field: str, value: object) -> None:
        self._push(self.doc.character, field, value, None)

    def _push(self, target: Any, field: str, value: object, text: str | None) -> None:
        try:
            command = commands.set_field(self.doc, target, field, value, text)
        except ValueError as error:
            self._report(str(error))
            self.refresh()
            return
        if command is not None:
            self.doc.push(command)
