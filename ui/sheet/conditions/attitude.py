"""Attitude and willpower (R5): two seven-step scales, progressive (a new level replaces
the old), each with the resistance modifier it gives discipline and insight (-15 ... +15)."""

from __future__ import annotations

from typing import Final, Literal

from PySide6.QtWidgets import QGridLayout, QLabel

from sheets.conditions import (
    ATTITUDE_MODIFIERS,
    ATTITUDES,
    WILLPOWER_MODIFIERS,
    WILLPOWERS,
    display_name,
)
from ui import commands
from ui.sheet.conditions.section import ConditionSection
from ui.sheet.conditions.step_bar import StepBar
from ui.workspace.character_document import CharacterDocument

Scale = Literal["attitude", "willpower"]
SCALES: Final[dict[Scale, tuple[tuple[str, ...], dict[str, int]]]] = {
    "attitude": (ATTITUDES, {str(k): v for k, v in ATTITUDE_MODIFIERS.items()}),
    "willpower": (WILLPOWERS, {str(k): v for k, v in WILLPOWER_MODIFIERS.items()}),
}
"""Each scale's levels, ordered from -15 to +15, and the R5 resistance modifier of each."""


class AttitudeAndWillpower(ConditionSection):
    """A label (the level in words and its modifier) over each scale's step bar; compact,
    a label and a bar of modifiers on one line each."""

    def __init__(self, doc: CharacterDocument, *, compact: bool) -> None:
        super().__init__(doc, compact=compact)
        self.attitude_bar = StepBar(self.tr("Attitude"), compact=compact, mode="scale")
        self.willpower_bar = StepBar(self.tr("Willpower"), compact=compact, mode="scale")
        self.attitude_label = QLabel()
        self.willpower_label = QLabel()
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(2 if compact else 4)
        if compact:
            grid.addWidget(self.attitude_label, 0, 0)
            grid.addWidget(self.attitude_bar, 0, 1)
            grid.addWidget(self.willpower_label, 1, 0)
            grid.addWidget(self.willpower_bar, 1, 1)
        else:
            grid.addWidget(self.attitude_label, 0, 0, 1, 2)
            grid.addWidget(self.attitude_bar, 1, 0, 1, 2)
            grid.addWidget(self.willpower_label, 2, 0, 1, 2)
            grid.addWidget(self.willpower_bar, 3, 0, 1, 2)
        grid.setColumnStretch(1, 1)
        self.attitude_bar.stepClicked.connect(lambda step: self._set_scale("attitude", step))
        self.willpower_bar.stepClicked.connect(lambda step: self._set_scale("willpower", step))
        self.attitude_bar.stepRequested.connect(lambda d: self._nudge_scale("attitude", d))
        self.willpower_bar.stepRequested.connect(lambda d: self._nudge_scale("willpower", d))
        for label, bar in self._rows():
            label.setBuddy(bar)
            bar.setToolTip(
                self.tr("R5: modifies discipline and insight resistance; click a level to set it")
            )

    def _rows(self) -> tuple[tuple[QLabel, StepBar], tuple[QLabel, StepBar]]:
        return (
            (self.attitude_label, self.attitude_bar),
            (self.willpower_label, self.willpower_bar),
        )

    def _title(self, scale: Scale) -> str:
        return self.tr("Attitude") if scale == "attitude" else self.tr("Willpower")

    def refresh(self) -> None:
        conditions = self.character.conditions
        for scale, (label, bar) in zip(SCALES, self._rows(), strict=True):
            values, table = SCALES[scale]
            current: str = getattr(conditions, scale)
            names = [display_name(v) for v in values]
            tips = [
                f"{display_name(v)}: {table[v]:+d} " + self.tr("resistance (R5)") for v in values
            ]
            modifiers_text = [f"{table[v]:+d}" for v in values]
            shown = modifiers_text if self.compact else names
            bar.set_steps(shown, values.index(current), tips, modifiers_text)
            text = (
                self.tr("<b>%1</b>: %2 — discipline and insight resistance %3")
                if not self.compact
                else self.tr("%1 %3")
            )
            label.setText(
                text.replace("%1", self._title(scale))
                .replace("%2", display_name(current))
                .replace("%3", f"{table[current]:+d}")
            )

    # --- edits -----------------------------------------------------------------------------

    def _set_scale(self, scale: Scale, step: int) -> None:
        values = SCALES[scale][0]
        if not 0 <= step < len(values):
            return
        text = (
            self.tr("%1 %2")
            .replace("%1", self._title(scale))
            .replace("%2", display_name(values[step]))
        )
        conditions = self.character.conditions
        self.try_push(lambda: commands.set_field(self.doc, conditions, scale, values[step], text))

    def _nudge_scale(self, scale: Scale, delta: int) -> None:
        current = SCALES[scale][0].index(getattr(self.character.conditions, scale))
        self._set_scale(scale, current + delta)
