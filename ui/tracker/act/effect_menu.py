"""The R4 effect menu of the act dock: what a recorded check's ranks can buy (the engine's
``effect_menu``, each option with its price), the parameters the picked effect needs
(help or hinder, a track, ranks, a name, a condition) and the Spend button. The
weapon of an effect roll is the check form's. It builds the engine command for the pick;
it decides no rule."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sheets.conditions import TRACK_NAMES
from sheets.encounter import Damage, EffectOption, Engine, SpendRanks
from ui.text import tooltip

NAMED_SKILL_EFFECTS = ("check_value", "skill_dice", "check_dice")
"""Effects on a skill: the Name field says which (R4)."""
NAMED_ABILITY_EFFECTS = ("ability_dice", "ability")
"""Effects on an ability: the Name field says which (R4)."""


class EffectMenu(QWidget):
    """The options of one check, their parameters and the Spend button."""

    def __init__(self, engine: Engine, line_height: int) -> None:
        """``line_height``: the act panel's, for the list's height in lines (the menu has
        no font of its own until it is placed)."""
        super().__init__()
        self.engine = engine
        self.effect_list = QListWidget()
        self.effect_list.setObjectName("EffectMenu")
        self.effect_list.setAccessibleName("R4 effect menu")
        self.effect_list.setMinimumHeight(4 * line_height)
        self.effect_list.setMaximumHeight(7 * line_height)
        self.sign_combo = QComboBox()
        self.sign_combo.addItem("+ (help)", 1)
        self.sign_combo.addItem("\u2212 (hinder)", -1)
        self.track_combo = QComboBox()
        for track in TRACK_NAMES:
            self.track_combo.addItem(track.title(), track)
        self.ranks_spin = QSpinBox()
        self.ranks_spin.setRange(1, 6)
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("condition name / skill / ability")
        self.condition_combo = QComboBox()
        self.condition_combo.setToolTip("The condition whose duration changes, or to recover")
        params = QFormLayout()
        params.addRow("Sign", self.sign_combo)
        params.addRow("Track / ranks", _row(self.track_combo, self.ranks_spin))
        params.addRow("Name", self.name_edit)
        params.addRow("Condition", self.condition_combo)
        self.spend_button = QPushButton("Spend")
        self.spend_button.setObjectName("SpendRanks")
        self.spend_button.setEnabled(False)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.effect_list, 1)
        column.addLayout(params)
        column.addWidget(self.spend_button)
        self.effect_list.currentRowChanged.connect(lambda _: self._effect_picked())
        self._check_id: str | None = None

    def refresh(self, check_id: str | None) -> int | None:
        """The options of ``check_id`` (none without a check); returns its ranks left."""
        self._check_id = check_id
        self.effect_list.clear()
        if check_id is None:
            self.spend_button.setEnabled(False)
            return None
        left = self.engine.ranks_left(check_id)
        options = self.engine.effect_menu(check_id)
        for option in options:
            item = QListWidgetItem(f"[{option.ranks}] {option.label}")
            item.setData(Qt.ItemDataRole.UserRole, option.key)
            if not option.mechanical:
                item.setToolTip("Recorded as a named condition for the table to play (R4)")
            self.effect_list.addItem(item)
        self.spend_button.setEnabled(bool(options))
        self.spend_button.setText(f"Spend ({left} rank(s) left)")
        return left

    def option(self, key: str) -> EffectOption | None:
        if self._check_id is None:
            return None
        return next((o for o in self.engine.effect_menu(self._check_id) if o.key == key), None)

    def pick(self, key: str) -> bool:
        for row in range(self.effect_list.count()):
            if self.effect_list.item(row).data(Qt.ItemDataRole.UserRole) == key:
                self.effect_list.setCurrentRow(row)
                return True
        return False

    def picked(self) -> str | None:
        """The key of the effect picked in the menu."""
        item = self.effect_list.currentItem()
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def _effect_picked(self) -> None:
        item = self.effect_list.currentItem()
        key = item.data(Qt.ItemDataRole.UserRole) if item else None
        option = self.option(key) if key else None
        if option is not None:
            self.spend_button.setToolTip(tooltip(f"{option.label} ({option.ranks} rank(s), R4)"))

    def list_conditions(self, target: str | None) -> None:
        """The target's conditions, whose duration an effect changes or which it recovers."""
        self.condition_combo.clear()
        if target is None:
            return
        for modifier in self.engine.active_modifiers(target):
            self.condition_combo.addItem(
                f"{modifier.name} ({modifier.remaining})", modifier.condition_id
            )

    # --- the commands ----------------------------------------------------------------------

    def effect_roll(self, check_id: str, actor: str, target: str, weapon: str | None) -> Damage:
        """R4: the effect roll of the check, with ``weapon`` (or the damage code typed in
        the Name field when there is none)."""
        return Damage(
            actor,
            target,
            weapon=weapon,
            damage=None if weapon else self.name_edit.text() or None,
            check_id=check_id,
        )

    def spending(self, check_id: str, key: str) -> SpendRanks:
        """R4: ranks of the check spent on the effect ``key`` with the parameters shown."""
        text = self.name_edit.text().strip()
        track = self.track_combo.currentData()
        return SpendRanks(
            check_id,
            key,
            sign=int(self.sign_combo.currentData()),
            skill=text if key in NAMED_SKILL_EFFECTS else "",
            ability=text if key in NAMED_ABILITY_EFFECTS else "",
            condition_id=self.condition_combo.currentData(),
            ranks=self.ranks_spin.value(),
            name=text,
            track=track if key == "track" else None,
        )


def _row(*widgets: QWidget) -> QWidget:
    box = QWidget()
    layout = QHBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        layout.addWidget(widget)
    return box
