"""The act bar: the one form a GM uses every turn, always in view (issue 16).

Who acts, at whom, with which weapon and skill, what the target resists with; then one
button rolls and records the check, one rolls its damage, and a total rolled at the table
can be typed in instead. Everything else (the dice's options, the check's details, the
other effects ranks buy) sits in the tabs below, so an attack with damage is a few inputs
and nothing scrolls. The bar lays the fields out (the check form owns them) and forwards
its buttons; it decides nothing.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ui.tracker.act.check_form import CheckForm

MAX_TYPED_TOTAL: Final = 999

ROLL_KEY: Final = "Ctrl+Return"
RECORD_KEY: Final = "Ctrl+Shift+Return"
DAMAGE_KEY: Final = "Ctrl+D"
TARGET_KEY: Final = "Ctrl+T"
TYPED_KEY: Final = "Ctrl+Shift+T"
SPEND_KEY: Final = "Ctrl+E"


class ActBar(QGroupBox):
    """Actor, target, weapon, skill, resistance; roll and record, damage, a typed total."""

    def __init__(self, form: CheckForm) -> None:
        super().__init__()
        self.setObjectName("ActBar")
        # Two fields a row: the bar stays short enough for the dice tab below it on a
        # 768 px screen.
        fields = QGridLayout()
        fields.setColumnStretch(1, 1)
        fields.setColumnStretch(3, 1)
        for row, at, text, widget in (
            (0, 0, "&Who acts", form.actor_combo),
            (0, 2, "&Target", form.target_combo),
            (1, 0, "&Weapon", form.weapon_combo),
            (1, 2, "S&kill", form.skill_combo),
            (2, 0, "Resists", form.resist_combo),
        ):
            label = QLabel(text)
            label.setBuddy(widget)
            fields.addWidget(label, row, at)
            fields.addWidget(widget, row, at + 1, 1, 3 if row == 2 else 1)
            widget.setMinimumContentsLength(8)
            widget.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
        form.target_combo.setToolTip(f"Who the check is aimed at ({TARGET_KEY})")

        self.roll_button = QPushButton("&Roll and record")
        self.roll_button.setObjectName("RollAndRecord")
        self.roll_button.setToolTip(
            f"Roll the check and record it against the target ({ROLL_KEY}). To spend "
            "points on the roll first, roll on the Dice tab, then Record."
        )
        self.record_button = QPushButton("Re&cord")
        self.record_button.setObjectName("RecordCheck")
        self.record_button.setToolTip(
            f"Record the roll on the Dice tab as this check ({RECORD_KEY}); its ranks are "
            "then spent on damage or an effect (R4)"
        )
        self.record_button.setEnabled(False)
        self.damage_button = QPushButton("&Damage")
        self.damage_button.setObjectName("RollDamage")
        self.damage_button.setToolTip(
            f"Roll the weapon's damage against the target with the recorded check's ranks "
            f"({DAMAGE_KEY}; R4 effect roll)"
        )
        self.damage_button.setEnabled(False)
        buttons = QHBoxLayout()
        buttons.addWidget(self.roll_button, 1)
        buttons.addWidget(self.record_button)
        buttons.addWidget(self.damage_button)
        buttons.addSpacing(12)

        self.typed_spin = QSpinBox()
        self.typed_spin.setObjectName("TypedTotal")
        self.typed_spin.setRange(0, MAX_TYPED_TOTAL)
        self.typed_spin.setAccessibleName("Total rolled at the table")
        self.typed_spin.setToolTip(
            f"A total a player rolled with real dice ({TYPED_KEY} to type it); Record "
            "total makes it this check"
        )
        self.typed_button = QPushButton("Record")
        self.typed_button.setObjectName("RecordTypedTotal")
        self.typed_button.setToolTip("Record the typed total as this check (no dice rolled)")
        typed_label = QLabel("&Table roll")
        typed_label.setBuddy(self.typed_spin)
        buttons.addWidget(typed_label)
        buttons.addWidget(self.typed_spin)
        buttons.addWidget(self.typed_button)

        self.result_label = QLabel()
        self.result_label.setObjectName("CheckResult")
        self.result_label.setTextFormat(Qt.TextFormat.PlainText)  # names in the outcome
        self.result_label.setWordWrap(True)
        self.result_label.setAccessibleName("Recorded result")
        self.result_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.result_label.setFixedHeight(2 * self.result_label.fontMetrics().lineSpacing() + 2)

        # Nothing in the bar changes height as a turn goes on: a wrapped line moved the
        # buttons under the GM's pointer and grew the window past a laptop's screen (found
        # under Xvfb). Who resists with what is the Resists box's tooltip (and the Details
        # tab); the recorded result keeps two lines.
        column = self._column = QVBoxLayout(self)
        column.addLayout(fields)
        column.addLayout(buttons)
        column.addWidget(self.result_label)

    def add_outcome_line(self, line: QWidget) -> None:
        """A line under the recorded result (the damage an effect roll did)."""
        self._column.addWidget(line)
