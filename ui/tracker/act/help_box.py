"""The combined action box of the act dock (R6): whoever acts adds its skill dice to the
target's next check, as Boost dice (help) or Penalty dice (hinder); with no target, it
readies them for its own next turn. It lays out and forwards; the engine's ``Help``
decides."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QGroupBox, QHBoxLayout, QLabel, QPushButton


class HelpBox(QGroupBox):
    """Help or hinder the target with the skill picked above."""

    helpRequested = Signal(str)  # "enhance" or "blunt"

    def __init__(self) -> None:
        super().__init__("Combined action")
        self.setObjectName("HelpBox")
        self.setToolTip(
            "R6: the helper's skill and specialization dice (whole dice) join the target's "
            "next check as Boost dice (help) or Penalty dice (hinder); it takes the "
            "helper's full action"
        )
        self.mode_combo = QComboBox()
        self.mode_combo.addItem("Help the target (Boost dice)", "enhance")
        self.mode_combo.addItem("Hinder the target (Penalty dice)", "blunt")
        self.help_button = QPushButton("Add my dice")
        self.help_button.setObjectName("HelpButton")
        self.help_button.setToolTip(
            "The skill picked above lends its whole dice to the target's next check; with "
            "no target, the actor readies them for its own next turn"
        )
        row = QHBoxLayout(self)
        row.addWidget(QLabel("With the skill above:"))
        row.addWidget(self.mode_combo, 1)
        row.addWidget(self.help_button)
        self.help_button.clicked.connect(
            lambda: self.helpRequested.emit(str(self.mode_combo.currentData()))
        )

    def set_target_is_ally(self, ally: bool) -> None:
        """Help an ally, hinder an opponent: the usual pick, the GM may change it."""
        self.mode_combo.setCurrentIndex(0 if ally else 1)
