"""The difficulty the sheet's Chance column is against: R4's bands (Very Easy 5 ...
Heroic 30), or a number of successes where the campaign's game counts them (R3)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QWidget

from sheets.results import STANDARD_DIFFICULTIES, SUCCESS_DIFFICULTIES
from ui.sheet.tree_model import AbilityTreeModel


class ChancePicker(QComboBox):
    def __init__(self, model: AbilityTreeModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model_ = model
        self.setObjectName("ChanceDifficulty")
        self.setAccessibleName(self.tr("Difficulty of the Chance column"))
        self._fill(model.defaults.count_successes)
        self.currentIndexChanged.connect(self._picked)
        model.countingChanged.connect(self._fill)

    def _fill(self, counting: bool) -> None:
        self.blockSignals(True)
        try:
            self.clear()
            if counting:
                for number in SUCCESS_DIFFICULTIES:
                    self.addItem(self.tr("%1+ successes").replace("%1", str(number)), number)
                self.setToolTip(
                    self.tr(
                        "The Chance column: each row's exact chance to roll at least this "
                        "many successes (R3 success counting)"
                    )
                )
            else:
                for name, number in STANDARD_DIFFICULTIES:
                    self.addItem(f"vs {number} {name}", number)
                self.setToolTip(
                    self.tr("The Chance column: each row's exact chance to meet or beat this (R4)")
                )
            self.setCurrentIndex(self.findData(self.model_.difficulty))
        finally:
            self.blockSignals(False)

    def _picked(self, _index: int) -> None:
        self.model_.set_difficulty(int(self.currentData()))
