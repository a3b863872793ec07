"""A spin box of pips written as a die code (R1): 7 reads ``2D+1``; one step is one pip."""

from __future__ import annotations

from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QSpinBox, QWidget

from sheets.dice import DieCode


class DiceSpinBox(QSpinBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRange(0, 60)
        self.setAccelerated(True)

    def textFromValue(self, value: int) -> str:
        return str(DieCode.from_pips(value))

    def valueFromText(self, text: str) -> int:
        try:
            code = DieCode.parse(text)
        except ValueError:
            return self.value()
        return code.dice * 3 + code.pips

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        try:
            DieCode.parse(text)
        except ValueError:
            return (QValidator.State.Intermediate, text, pos)
        return (QValidator.State.Acceptable, text, pos)
