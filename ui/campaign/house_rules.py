"""Campaign > House Rules: the settings RULES.md leaves to the table, edited in one place.

Every setting is a field of ``sheets.documents.HouseRules``; its docstring (the rule it
belongs to) is the tooltip, so the dialog and the schema say the same. A change is one
step on the campaign's undo stack and marks ``campaign.json`` modified (Save writes it).
"""

from __future__ import annotations

from typing import get_args

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sheets.damage import DamageSystem
from sheets.dice import CRITICAL_FAILURE_RULES
from sheets.documents import HouseRules
from sheets.documents.campaign import ScaleRule
from sheets.documents.character import CHARACTER_ABILITIES
from ui.dialog_buttons import ok_cancel
from ui.dice.words import critical_rule_name


def _tr(text: str) -> str:
    return QCoreApplication.translate("HouseRules", text)


def damage_system_name(system: DamageSystem) -> str:
    """R10 setting ``damage_system``, in words."""
    return {
        "conditions": _tr("Conditions (FreeD6 tracks)"),
        "wounds": _tr("Wounds (OpenD6 wound chart)"),
        "body_points": _tr("Body points (OpenD6)"),
    }[system]


def scale_rule_name(rule: ScaleRule) -> str:
    """R9 setting: what a difference of scale does."""
    return {
        "parity": _tr("Parity only (elements need the same scale)"),
        "opend6_modifier": _tr("OpenD6 scale modifier"),
    }[rule]


def _tip(field: str) -> str:
    """The field's own docstring: the rule it belongs to (one source for schema and UI)."""
    from sheets.documents.schema import field_doc

    return field_doc(HouseRules, field)


class HouseRulesDialog(QDialog):
    """The campaign's house rules; ``rules()`` is what the GM chose."""

    def __init__(self, rules: HouseRules, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("HouseRulesDialog")
        self.setWindowTitle(self.tr("House Rules"))
        self._rules = rules

        self.wild_dice = QSpinBox()
        self.wild_dice.setRange(0, 10)
        self.wild_dice.setValue(rules.wild_dice)
        self.critical_failure = QComboBox()
        for rule in CRITICAL_FAILURE_RULES:
            self.critical_failure.addItem(critical_rule_name(rule), rule)
        self.damage_system = QComboBox()
        for system in get_args(DamageSystem):
            self.damage_system.addItem(damage_system_name(system), system)
        self.initiative_ability = QComboBox()
        self.initiative_ability.setEditable(True)  # a setting may use an uncommon ability
        line = self.initiative_ability.lineEdit()
        if line is not None:
            line.setMaxLength(120)  # a Name (sheets.documents.common)
        self.initiative_ability.addItems(list(CHARACTER_ABILITIES))
        self.scale_rule = QComboBox()
        for rule in get_args(ScaleRule):
            self.scale_rule.addItem(scale_rule_name(rule), rule)
        self.carry_over = QCheckBox(self.tr("Starting a session adds 1 action point"))
        self._select(self.critical_failure, rules.critical_failure)
        self._select(self.damage_system, rules.damage_system)
        self._select(self.scale_rule, rules.scale_rule)
        self.initiative_ability.setCurrentText(rules.initiative_ability)
        self.carry_over.setChecked(rules.action_points_carry_over)

        form = QFormLayout()
        for label, widget, field in (
            (self.tr("&Wild Dice (R3):"), self.wild_dice, "wild_dice"),
            (self.tr("&Critical 1 (R3):"), self.critical_failure, "critical_failure"),
            (self.tr("&Damage (R10):"), self.damage_system, "damage_system"),
            (self.tr("&Melee initiative (R6):"), self.initiative_ability, "initiative_ability"),
            (self.tr("&Scale (R9):"), self.scale_rule, "scale_rule"),
            (self.tr("&Action points (R7):"), self.carry_over, "action_points_carry_over"),
        ):
            widget.setToolTip(_tip(field))
            form.addRow(label, widget)
        note = QLabel(
            self.tr(
                "New rolls, sheets and encounters follow these rules; a tracker already "
                "open keeps the rules it started with."
            )
        )
        note.setWordWrap(True)
        buttons = ok_cancel(self)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(buttons)

    @staticmethod
    def _select(combo: QComboBox, value: str) -> None:
        combo.setCurrentIndex(max(0, combo.findData(value)))

    def rules(self) -> HouseRules:
        """The rules as the dialog shows them (a blank ability keeps the old one)."""
        ability = " ".join(self.initiative_ability.currentText().split())
        chosen = {
            "wild_dice": self.wild_dice.value(),
            "critical_failure": self.critical_failure.currentData(),
            "damage_system": self.damage_system.currentData(),
            "initiative_ability": ability or self._rules.initiative_ability,
            "scale_rule": self.scale_rule.currentData(),
            "action_points_carry_over": self.carry_over.isChecked(),
        }
        # Validated like a loaded file; fields this version does not know are kept.
        return HouseRules.model_validate(self._rules.model_dump() | chosen)
