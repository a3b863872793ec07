"""New Character (guided): the game template's attributes and skills, with the dice left
shown as the player shares them out. Over budget or over a limit is said in plain words
under the dice left; nothing is clamped. Finish hands back the character
(``character()``); Cancel leaves nothing behind."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from sheets.dice import DieCode
from sheets.documents import Character
from sheets.templates import CreationCount, GameTemplate, count_creation, strength_damage
from sheets.templates.creation import create_character
from ui.creation.dice_box import DiceSpinBox
from ui.dialog_buttons import ok_cancel
from ui.services.prompter import Choice, Prompter, Question


def _dice(pips: int) -> str:
    return str(DieCode.from_pips(pips)) if pips >= 0 else "-" + str(DieCode.from_pips(-pips))


class CreationDialog(QDialog):
    """Guided creation with ``template``'s budget; ``character()`` after Finish."""

    def __init__(
        self,
        template: GameTemplate,
        name: str,
        prompter: Prompter,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("CreationDialog")
        self.setWindowTitle(self.tr("New Character: %1").replace("%1", template.name))
        self.template = template
        self.prompter = prompter
        self._made: Character | None = None

        self.name_edit = QLineEdit(name)
        self.attribute_left = QLabel()
        self.skill_left = QLabel()
        self.derived = QLabel()
        self.problems = QLabel()
        self.problems.setObjectName("creationProblems")
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("color: palette(link);")  # readable in light and dark

        self.attribute_boxes: dict[str, DiceSpinBox] = {}
        self.skill_boxes: dict[str, DiceSpinBox] = {}
        attributes = QGroupBox(self.tr("Attributes"))
        form = QFormLayout(attributes)
        for spec in template.attributes:
            box = DiceSpinBox()
            box.setValue(spec.min_pips)
            box.setToolTip(
                self.tr("From %1 to %2 at creation")
                .replace("%1", _dice(spec.min_pips))
                .replace("%2", _dice(spec.max_pips))
            )
            box.valueChanged.connect(self._recount)
            self.attribute_boxes[spec.name] = box
            label = spec.name + (self.tr(" (extranormal)") if spec.extranormal else "")
            form.addRow(label, box)

        skills = QWidget()
        grid = QGridLayout(skills)
        row = 0
        for spec in template.attributes:
            if not spec.skills:
                continue
            heading = QLabel(f"<b>{spec.name}</b>")
            grid.addWidget(heading, row, 0, 1, 4)
            row += 1
            for index, skill in enumerate(spec.skills):
                box = DiceSpinBox()
                box.setSpecialValueText(self.tr("—"))
                box.setToolTip(
                    self.tr("Dice added to %1 for %2").replace("%1", spec.name).replace("%2", skill)
                )
                box.valueChanged.connect(self._recount)
                self.skill_boxes[skill] = box
                column = (index % 2) * 2
                grid.addWidget(QLabel(skill), row, column)
                grid.addWidget(box, row, column + 1)
                if index % 2 == 1 or index == len(spec.skills) - 1:
                    row += 1
        if not self.skill_boxes:
            grid.addWidget(
                QLabel(self.tr("This game lists no skills: add them on the sheet.")), 0, 0
            )
        scroll = QScrollArea()
        scroll.setWidget(skills)
        scroll.setWidgetResizable(True)
        skill_box = QGroupBox(self.tr("Skills (dice added to the attribute)"))
        QVBoxLayout(skill_box).addWidget(scroll)

        buttons = ok_cancel(self, ok_text=self.tr("&Finish"), on_ok=self.finish)
        self.finish_button = buttons.button(QDialogButtonBox.StandardButton.Ok)

        top = QFormLayout()
        top.addRow(self.tr("&Name"), self.name_edit)
        left = QVBoxLayout()
        left.addLayout(top)
        left.addWidget(attributes)
        left.addWidget(self.attribute_left)
        left.addWidget(self.skill_left)
        left.addWidget(self.derived)
        left.addWidget(self.problems)
        if template.dice_mode == "success_counting":
            note = QLabel(
                self.tr(
                    "%1 counts successes: every die showing 3 or more is one success, "
                    "and a check needs a number of them."
                ).replace("%1", template.name)
            )
            note.setToolTip(self.tr("R3 success counting"))
            note.setWordWrap(True)
            left.addWidget(note)
        left.addStretch(1)
        body = QHBoxLayout()
        body.addLayout(left, 2)
        body.addWidget(skill_box, 3)
        layout = QVBoxLayout(self)
        layout.addLayout(body)
        layout.addWidget(buttons)
        self.resize(1000, 620)
        self._recount()

    # --- the count ---------------------------------------------------------------------------

    def chosen_attributes(self) -> dict[str, int]:
        return {name: box.value() for name, box in self.attribute_boxes.items()}

    def chosen_skills(self) -> dict[str, int]:
        return {name: box.value() for name, box in self.skill_boxes.items() if box.value()}

    def count(self) -> CreationCount:
        return count_creation(self.template, self.chosen_attributes(), self.chosen_skills())

    def _recount(self) -> None:
        count = self.count()
        self.attribute_left.setText(
            self.tr("Attribute dice left: %1").replace("%1", _dice(count.attribute_left))
        )
        self.skill_left.setText(
            self.tr("Skill dice left: %1").replace("%1", _dice(count.skill_left))
        )
        strength = self.attribute_boxes[self.template.strength_attribute].value()
        parts = [
            self.tr("Move %1").replace("%1", str(self.template.move)),
            self.tr("Strength Damage %1").replace(
                "%1", str(strength_damage(DieCode.from_pips(strength)))
            ),
        ]
        if self.template.damage_system == "body_points":
            parts.append(self.tr("Body Points %1").replace("%1", str(20 + strength)))
        elif self.template.damage_system == "wounds":
            parts.append(self.tr("Wound levels: Stunned to Dead"))
        self.derived.setText(", ".join(parts))
        self.problems.setText("\n".join(count.problems))

    # --- finishing ---------------------------------------------------------------------------

    def finish(self) -> None:
        """Make the character; over budget or a limit, the player says yes first."""
        count = self.count()
        if not count.ok:
            answer = self.prompter.ask(
                Question(
                    self.tr("Make the character anyway?"),
                    self.tr("This character does not fit %1's budget:\n\n%2\n\nMake it anyway?")
                    .replace("%1", self.template.name)
                    .replace("%2", "\n".join(count.problems)),
                    (Choice.YES, Choice.NO),
                    Choice.NO,
                )
            )
            if answer is not Choice.YES:
                return
        name = self.name_edit.text().strip() or self.tr("New character")
        self._made = create_character(
            self.template, name, self.chosen_attributes(), self.chosen_skills()
        )
        self.accept()

    def character(self) -> Character | None:
        """The character made by Finish; None until then (or after Cancel)."""
        return self._made
