"""Campaign > Game: the game template the campaign plays (issue 15), and the GM's edited
copy of it (house rules) kept inside campaign.json. A change is one step on the
campaign's undo stack."""

from __future__ import annotations

from typing import get_args

from pydantic import ValidationError
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sheets.damage import DamageSystem
from sheets.dice import DieCode
from sheets.documents.game_template import MAX_START_POINTS
from sheets.templates import BUILTIN_TEMPLATES, GameTemplate, builtin_template
from ui.campaign.house_rules import damage_system_name
from ui.creation.dice_box import DiceSpinBox
from ui.dialog_buttons import ok_cancel

GameChoice = tuple[str, GameTemplate | None]
"""The built-in template's id, and the GM's edited copy (None: the built-in as it is)."""

_COPY = "__copy__"


def _tr(text: str) -> str:
    return QCoreApplication.translate("GameTemplate", text)


class TemplateEditor(QDialog):
    """Edit a copy of a game template: names, limits, skills, budget, damage system."""

    COLUMNS = ("Attribute", "Lowest", "Highest", "Extranormal", "Skills (comma between)")

    def __init__(self, template: GameTemplate, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("TemplateEditor")
        self.setWindowTitle(self.tr("Edit the game: %1").replace("%1", template.name))
        self._base = template
        self._edited: GameTemplate | None = None
        self.name_edit = QLineEdit(template.name)
        self.damage_system = QComboBox()
        for system in get_args(DamageSystem):
            self.damage_system.addItem(damage_system_name(system), system)
        self.damage_system.setCurrentIndex(self.damage_system.findData(template.damage_system))
        self.attribute_dice = DiceSpinBox()
        self.attribute_dice.setRange(0, 300)
        self.attribute_dice.setValue(template.budget.attribute_pips)
        self.skill_dice = DiceSpinBox()
        self.skill_dice.setRange(0, 300)
        self.skill_dice.setValue(template.budget.skill_pips)
        self.max_skill = DiceSpinBox()
        self.max_skill.setValue(template.budget.max_skill_pips)
        self.start_cp, self.start_fp = QSpinBox(), QSpinBox()
        for spin, value in (
            (self.start_cp, template.budget.character_points),
            (self.start_fp, template.budget.fate_points),
        ):
            spin.setRange(0, MAX_START_POINTS)
            spin.setValue(value)
        self.move_box = QSpinBox()
        self.move_box.setRange(0, 1000)
        self.move_box.setValue(template.move)
        self.table = QTableWidget(len(template.attributes), len(self.COLUMNS))
        self.table.setHorizontalHeaderLabels([self.tr(c) for c in self.COLUMNS])
        for row, spec in enumerate(template.attributes):
            self.table.setItem(row, 0, QTableWidgetItem(spec.name))
            self.table.setItem(row, 1, QTableWidgetItem(str(DieCode.from_pips(spec.min_pips))))
            self.table.setItem(row, 2, QTableWidgetItem(str(DieCode.from_pips(spec.max_pips))))
            box = QCheckBox()
            box.setChecked(spec.extranormal)
            self.table.setCellWidget(row, 3, box)
            self.table.setItem(row, 4, QTableWidgetItem(", ".join(spec.skills)))
        self.table.resizeColumnsToContents()
        # A long skill list wraps in its cell, whole, instead of ending in "..."
        self.table.setWordWrap(True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideNone)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        header.sectionResized.connect(lambda *_: self.table.resizeRowsToContents())
        self.table.itemChanged.connect(lambda _item: self.table.resizeRowsToContents())
        add = QPushButton(self.tr("&Add attribute"))
        add.clicked.connect(self.add_attribute)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("&Name"), self.name_edit)
        form.addRow(self.tr("&Damage"), self.damage_system)
        form.addRow(self.tr("Attribute &dice"), self.attribute_dice)
        form.addRow(self.tr("S&kill dice"), self.skill_dice)
        form.addRow(self.tr("Most dice in one skill"), self.max_skill)
        form.addRow(self.tr("Starting &Character Points"), self.start_cp)
        form.addRow(self.tr("Starting &Fate Points"), self.start_fp)
        form.addRow(self.tr("&Move (metres)"), self.move_box)
        buttons = ok_cancel(self, on_ok=self.finish)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.table)
        layout.addWidget(add)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.resize(900, 600)
        self.table.resizeRowsToContents()

    def add_attribute(self) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        for column, text in enumerate((self.tr("New attribute"), "1D", "5D")):
            self.table.setItem(row, column, QTableWidgetItem(text))
        self.table.setCellWidget(row, 3, QCheckBox())
        self.table.setItem(row, 4, QTableWidgetItem(""))

    def _cell(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text().strip() if item is not None else ""

    def template(self) -> GameTemplate:
        """The copy as edited; raises ValueError (plain words) when it does not hold."""
        attributes = []
        for row in range(self.table.rowCount()):
            name = self._cell(row, 0)
            if not name:
                continue  # an emptied name removes the attribute
            low, high = DieCode.parse(self._cell(row, 1)), DieCode.parse(self._cell(row, 2))
            box = self.table.cellWidget(row, 3)
            attributes.append(
                {  # checked by GameTemplate below
                    "name": name,
                    "min_pips": low.dice * 3 + low.pips,
                    "max_pips": high.dice * 3 + high.pips,
                    "extranormal": isinstance(box, QCheckBox) and box.isChecked(),
                    "skills": [s.strip() for s in self._cell(row, 4).split(",") if s.strip()],
                }
            )
        names = {str(a["name"]).casefold() for a in attributes}
        strength = self._base.strength_attribute
        if strength.casefold() not in names and attributes:
            strength = str(attributes[0]["name"])
        data = self._base.model_dump() | {
            "name": self.name_edit.text(),
            "damage_system": self.damage_system.currentData(),
            "move": self.move_box.value(),
            "strength_attribute": strength,
            "attributes": attributes,
            "budget": self._base.budget.model_dump()
            | {
                "attribute_pips": self.attribute_dice.value(),
                "skill_pips": self.skill_dice.value(),
                "max_skill_pips": self.max_skill.value(),
                "character_points": self.start_cp.value(),
                "fate_points": self.start_fp.value(),
            },
        }
        try:
            return GameTemplate.model_validate(data)
        except ValidationError as error:
            words = "; ".join(str(e["msg"]) for e in error.errors(include_url=False))
            raise ValueError(words) from None

    def finish(self) -> None:
        try:
            self._edited = self.template()
        except ValueError as error:
            self.problem.setText(self.tr("Cannot keep this game: %1").replace("%1", str(error)))
            return
        self.accept()

    def edited(self) -> GameTemplate | None:
        return self._edited


class GameTemplateDialog(QDialog):
    """Pick the campaign's game; Copy and edit makes the campaign's own copy."""

    def __init__(
        self, chosen: str, custom: GameTemplate | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("GameTemplateDialog")
        self.setWindowTitle(self.tr("Game"))
        self._id = chosen
        self._custom = custom
        self.game = QComboBox()
        self._fill()
        copy = QPushButton(self.tr("&Copy and edit…"))
        copy.clicked.connect(self.copy_and_edit)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.game.currentIndexChanged.connect(self._show)
        form = QFormLayout()
        form.addRow(self.tr("&Game"), self.game)
        buttons = ok_cancel(self)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(copy)
        layout.addWidget(self.summary)
        layout.addWidget(buttons)
        self._show()

    def _fill(self) -> None:
        self.game.blockSignals(True)
        self.game.clear()
        if self._custom is not None:
            self.game.addItem(self.tr("%1 (our copy)").replace("%1", self._custom.name), _COPY)
        for template in BUILTIN_TEMPLATES:
            self.game.addItem(template.name, template.id)
        self.game.setCurrentIndex(
            0 if self._custom is not None else max(0, self.game.findData(self._id))
        )
        self.game.blockSignals(False)

    def current(self) -> GameTemplate:
        data = self.game.currentData()
        if data == _COPY and self._custom is not None:
            return self._custom
        return builtin_template(str(data)) or BUILTIN_TEMPLATES[0]

    def _show(self) -> None:
        template = self.current()
        self.summary.setText(
            self.tr("%1 attributes, %2 skills; %3 for attributes, %4 for skills; damage: %5")
            .replace("%1", str(len(template.attributes)))
            .replace("%2", str(sum(len(a.skills) for a in template.attributes)))
            .replace("%3", str(DieCode.from_pips(template.budget.attribute_pips)))
            .replace("%4", str(DieCode.from_pips(template.budget.skill_pips)))
            .replace("%5", damage_system_name(template.damage_system))
            + ("\n" + template.notes if template.notes else "")
        )

    def copy_and_edit(self) -> bool:
        editor = TemplateEditor(self.current(), self)
        if editor.exec() != QDialog.DialogCode.Accepted or editor.edited() is None:
            return False
        if self.game.currentData() != _COPY:
            self._id = str(self.game.currentData())
        self._custom = editor.edited()
        self._fill()
        self._show()
        return True

    def choice(self) -> GameChoice:
        """(built-in id, edited copy or None) as the dialog shows them."""
        if self.game.currentData() == _COPY:
            return (self._id, self._custom)
        return (str(self.game.currentData()), None)
