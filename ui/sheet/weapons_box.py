"""The sheet's Weapons box (Gear tab): the weapons table, Add / Remove, and Attack and
Damage, which ask the dice panel for a roll (``rollRequested``). An attack rolls the row
its weapon names (``sheets.attack``, R2) and the panel then offers its damage: attack and
damage in two clicks (issue 15). Every edit is an undoable command on the document."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QGroupBox,
    QHeaderView,
    QVBoxLayout,
    QWidget,
)

from sheets.attack import attack_check, attack_damage
from sheets.dice import DieCode
from sheets.documents import Weapon
from sheets.skills import CheckNotPossible
from ui import commands
from ui.sheet.delegates import DieCodeDelegate
from ui.sheet.gear_model import (
    COL_DAMAGE,
    COL_NAME,
    COL_NOTES,
    COL_PENETRATION,
    COL_SKILL,
    WeaponsModel,
)
from ui.sheet.part_table import action_buttons, part_table
from ui.sheet.roll_request import RollRequest
from ui.sheet.skill_pick import SkillPickDelegate
from ui.workspace.character_document import CharacterDocument

Index = QModelIndex | QPersistentModelIndex


class WeaponsBox(QGroupBox):
    rollRequested = Signal(object)  # RollRequest: an attack (then its damage) or a damage
    problem = Signal(str)  # a refused edit or roll, in plain words

    def __init__(self, doc: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Weapons"), parent)
        self.doc = doc
        self.setToolTip(self.tr("R9: damage, penetration, performance level, scale"))
        self.model = WeaponsModel(doc, self)
        self.view = part_table(self.model, self.tr("Weapons"), double_click_edits=False)
        self.view.setWordWrap(False)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_NOTES, QHeaderView.ResizeMode.Stretch)
        self.code_delegate = DieCodeDelegate(self.view)
        for column in (COL_DAMAGE, COL_PENETRATION):
            self.view.setItemDelegateForColumn(column, self.code_delegate)
        self.code_delegate.rejected.connect(self.problem)
        self.model.editRejected.connect(lambda _i, reason: self.problem.emit(reason))
        self.view.activated.connect(self._activated)
        self.skill_delegate = SkillPickDelegate(lambda: self.doc.character, self.view)
        self.view.setItemDelegateForColumn(COL_SKILL, self.skill_delegate)

        add = QAction(self.tr("+ Weapon"), self)
        add.triggered.connect(self.add)
        attack = QAction(self.tr("Attack"), self)
        attack.setShortcut(QKeySequence("Ctrl+Return"))
        attack.setToolTip(
            self.tr(
                "Roll the selected weapon's attack with its skill; the dice panel then "
                "offers its damage (Ctrl+Return, or double-click the row)"
            )
        )
        attack.triggered.connect(lambda: self.attack())
        damage = QAction(self.tr("Damage"), self)
        damage.setShortcut(QKeySequence("Shift+Return"))
        damage.setToolTip(self.tr("Roll the selected weapon's damage (Shift+Return)"))
        damage.triggered.connect(lambda: self.roll_damage())
        remove = QAction(self.tr("Remove weapon"), self)
        remove.setShortcut(QKeySequence.StandardKey.Delete)
        remove.triggered.connect(self.remove)
        for action in (attack, damage, remove):
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.view.addAction(action)
        self.weapon_actions = {"add": add, "remove": remove, "attack": attack, "damage": damage}
        buttons = action_buttons((add, remove, attack, damage))
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(self.view)
        doc.changed.connect(self._update_actions)
        self._update_actions()

    def _update_actions(self) -> None:
        armed = bool(self.doc.character.weapons)
        for key in ("remove", "attack", "damage"):
            self.weapon_actions[key].setEnabled(armed)

    # --- editing -------------------------------------------------------------------------------

    def add(self) -> Weapon | None:
        character = self.doc.character
        weapon = Weapon(
            name=commands.unique_name(self.tr("New weapon"), character.weapons), damage=DieCode(3)
        )
        self.doc.push(
            commands.insert_item(
                self.doc,
                character,
                "weapons",
                len(character.weapons),
                weapon,
                self.tr("Add weapon"),
            )
        )
        index = self.model.index(len(character.weapons) - 1, COL_NAME)
        self.view.setCurrentIndex(index)
        self.view.edit(index)
        return weapon

    def remove(self) -> bool:
        row = self.view.currentIndex().row()
        weapon = self.model.weapon(row)
        if weapon is None:
            return False
        self.doc.push(
            commands.remove_item(
                self.doc,
                self.doc.character,
                "weapons",
                row,
                self.tr("Remove %1").replace("%1", weapon.name),
            )
        )
        return True

    # --- rolling -------------------------------------------------------------------------------

    def _activated(self, index: Index) -> None:
        """Double-click or Enter: the Damage cell rolls the damage, any other the attack."""
        if index.column() == COL_DAMAGE:
            self.roll_damage(index.row())
        else:
            self.attack(index.row())

    def _row(self, row: int | None) -> int:
        """``row``, else the selected weapon's, else the only weapon's (one click less)."""
        if row is not None:
            return row
        current = self.view.currentIndex().row()
        return 0 if current < 0 and len(self.doc.character.weapons) == 1 else current

    def damage_request(self, weapon: Weapon) -> RollRequest:
        """The weapon's damage roll (R4 effect roll, STR+XD added), against nothing."""
        character = self.doc.character
        label = self.tr("%1: %2 damage").replace("%1", self.doc.title).replace("%2", weapon.name)

        def current() -> DieCode | None:
            present = any(w is weapon for w in self.doc.character.weapons)
            return attack_damage(self.doc.character, weapon) if present else None

        return RollRequest(label, attack_damage(character, weapon), current, damage=True)

    def roll_damage(self, row: int | None = None) -> bool:
        weapon = self.model.weapon(self._row(row))
        if weapon is None:
            return False
        self.rollRequested.emit(self.damage_request(weapon))
        return True

    def attack(self, row: int | None = None) -> bool:
        """Roll the attack with the weapon's skill (its R2 total) in the dice panel, which
        then offers the damage roll: attack and damage in two clicks (issue 15)."""
        weapon = self.model.weapon(self._row(row))
        if weapon is None:
            self.problem.emit(self.tr("Select the weapon to attack with"))
            return False
        try:
            check = attack_check(self.doc.character, weapon)
        except CheckNotPossible as reason:
            self.problem.emit(str(reason))
            return False
        label = self.tr("%1: %2 attack").replace("%1", self.doc.title).replace("%2", weapon.name)

        def current() -> DieCode | None:
            if not any(w is weapon for w in self.doc.character.weapons):
                return None
            try:
                return attack_check(self.doc.character, weapon).code
            except CheckNotPossible:
                return None

        self.rollRequested.emit(
            RollRequest(label, check.code, current, then=self.damage_request(weapon))
        )
        return True
