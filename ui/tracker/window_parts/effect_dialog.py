"""The dialog that puts an effect straight on combatants, without a check (issue 16; a trap,
a spell, a GM's ruling): harm on a track, a modifier to checks, or a named condition,
with how long it lasts (R4 durations, R6 expiry). It only asks; ``CombatantActions``
builds one ``CreateCondition`` per combatant."""

from __future__ import annotations

from typing import Final

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from sheets.conditions import TRACK_NAMES, TrackName
from sheets.documents import CheckModifier
from sheets.results import Duration
from ui.dialog_buttons import ok_cancel

KINDS: Final = (
    ("Harm on a track", "track"),
    ("Modifier to checks", "modifier"),
    ("A named condition", "named"),
)
MAX_RANKS: Final = 6  # R5: a rank-6 hit adds an instance of 6 ranks
MAX_ROUNDS: Final = 99


class EffectDialog(QDialog):
    """What the effect is, its size, and how long it lasts."""

    def __init__(self, names: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        who = ", ".join(names) if len(names) <= 3 else f"{len(names)} combatants"
        self.setWindowTitle(f"Apply an effect to {who}")
        self.kind_combo = QComboBox()
        for label, kind in KINDS:
            self.kind_combo.addItem(label, kind)
        self.track_combo = QComboBox()
        for track in TRACK_NAMES:
            self.track_combo.addItem(track.title(), track)
        self.ranks_spin = QSpinBox()
        self.ranks_spin.setRange(1, MAX_RANKS)
        self.ranks_spin.setToolTip("R5: each rank is one step down the track")
        self.dice_spin = QSpinBox()
        self.dice_spin.setRange(-20, 20)
        self.dice_spin.setSuffix("D")
        self.dice_spin.setToolTip("Dice added to (or taken from) every check it changes")
        self.value_spin = QSpinBox()
        self.value_spin.setRange(-50, 50)
        self.value_spin.setToolTip("Added to (or taken from) the total of every check")
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("e.g. Blinded, On fire, Blessed")
        self.duration_combo = QComboBox()
        for duration in Duration:
            self.duration_combo.addItem(_duration_label(duration), duration.value)
        self.duration_combo.setCurrentIndex(self.duration_combo.findData(Duration.ROUNDS.value))
        self.duration_combo.setToolTip(
            "R6: a full turn ends at the end of the combatant's next turn; a full round at "
            "the same point of the next round; rounds count down at each new round"
        )
        self.rounds_spin = QSpinBox()
        self.rounds_spin.setRange(1, MAX_ROUNDS)
        self.rounds_spin.setValue(3)
        self.rounds_spin.setSuffix(" rounds")
        form = QFormLayout(self)
        form.addRow("&Effect", self.kind_combo)
        form.addRow("&Track", self.track_combo)
        form.addRow("&Ranks", self.ranks_spin)
        form.addRow("&Dice", self.dice_spin)
        form.addRow("&Value", self.value_spin)
        form.addRow("&Name", self.name_edit)
        form.addRow("&Lasts", self.duration_combo)
        form.addRow("", self.rounds_spin)
        self._form = form
        self.problem_label = QLabel()
        self.problem_label.setObjectName("EffectProblem")
        self.problem_label.setWordWrap(True)
        form.addRow(self.problem_label)
        buttons = ok_cancel(self, ok_text="Apply")
        form.addRow(buttons)
        self.kind_combo.currentIndexChanged.connect(lambda _: self._show_fields())
        self.duration_combo.currentIndexChanged.connect(lambda _: self._show_fields())
        self._show_fields()

    def _show_fields(self) -> None:
        kind = self.kind()
        for widget, shown in (
            (self.track_combo, kind == "track"),
            (self.ranks_spin, kind == "track"),
            (self.dice_spin, kind == "modifier"),
            (self.value_spin, kind == "modifier"),
            (self.rounds_spin, self.duration() == Duration.ROUNDS),
        ):
            self._form.setRowVisible(widget, shown)

    def accept(self) -> None:
        """Apply only a whole effect: what is missing is said here, the dialog stays."""
        problem = self.problem()
        self.problem_label.setText(problem or "")
        if problem is None:
            super().accept()

    def kind(self) -> str:
        return str(self.kind_combo.currentData())

    def duration(self) -> Duration:
        return Duration(self.duration_combo.currentData())

    def track(self) -> TrackName | None:
        if self.kind() != "track":
            return None
        track: TrackName = self.track_combo.currentData()
        return track

    def modifier(self) -> CheckModifier | None:
        if self.kind() != "modifier":
            return None
        return CheckModifier(dice=self.dice_spin.value(), value=self.value_spin.value())

    def problem(self) -> str | None:
        """What keeps the effect from being applied, in plain words."""
        kind = self.kind()
        if kind == "named" and not self.name_edit.text().strip():
            return "Give the condition a name"
        if kind == "modifier" and not (self.dice_spin.value() or self.value_spin.value()):
            return "Give the modifier some dice or a value"
        return None


def _duration_label(duration: Duration) -> str:
    if duration == Duration.ROUNDS:
        return "a number of rounds"
    return duration.label
