"""Named conditions (R4 benchmarks, R5): listed with their ranks and duration, each with a
Recover button; a form below adds one, its duration defaulting from its ranks (R4)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
)

from sheets.results import RANKS, Duration
from ui import commands
from ui.sheet.conditions.section import ConditionSection, clear_layout
from ui.text import tooltip
from ui.workspace.character_document import CharacterDocument


class NamedConditions(ConditionSection):
    """The named conditions of the sheet and the form that adds one (never compact)."""

    def __init__(self, doc: CharacterDocument) -> None:
        super().__init__(doc, compact=False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.named_list = QVBoxLayout()
        layout.addLayout(self.named_list)
        form = QHBoxLayout()
        self.named_name = QLineEdit()
        self.named_name.setPlaceholderText(self.tr("Condition, e.g. Blinded"))
        self.named_name.setAccessibleName(self.tr("New condition name"))
        self.named_ranks = QSpinBox()
        self.named_ranks.setRange(1, 6)
        self.named_ranks.setPrefix(self.tr("rank "))
        self.named_ranks.setAccessibleName(self.tr("New condition ranks"))
        self.named_ranks.setToolTip(self.tr("R4: the ranks of the check that created it"))
        self.named_duration = QComboBox()
        self.named_duration.setAccessibleName(self.tr("New condition duration"))
        for duration in Duration:
            if duration is not Duration.ROUNDS:
                self.named_duration.addItem(duration.label, duration.value)
        self.named_ranks.valueChanged.connect(self._default_duration)
        self._default_duration(1)
        self.named_add = QPushButton(self.tr("Add condition"))
        self.named_add.setAccessibleName(self.tr("Add named condition"))
        self.named_add.clicked.connect(self._add_named)
        self.named_name.returnPressed.connect(self._add_named)
        form.addWidget(self.named_name, 1)
        form.addWidget(self.named_ranks)
        form.addWidget(self.named_duration)
        form.addWidget(self.named_add)
        layout.addLayout(form)

    def refresh(self) -> None:
        clear_layout(self.named_list)
        named = [i for i in self.character.conditions.instances if i.track is None]
        for instance in named:
            row = QHBoxLayout()
            text = (
                self.tr("%1 — rank %2, %3")
                .replace("%1", instance.name)
                .replace("%2", str(instance.ranks))
            )
            text = text.replace("%3", Duration(instance.duration).label)
            label = QLabel(text)
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setWordWrap(True)
            if instance.effect:
                label.setToolTip(tooltip(instance.effect))
            recover = QToolButton()
            recover.setText(self.tr("Recover"))
            recover.setAccessibleName(self.tr("Recover %1").replace("%1", instance.name))
            recover.setToolTip(self.tr("R5: recovered by a check with the same result points"))
            recover.clicked.connect(lambda _c=False, i=instance.id: self.recover(i))
            row.addWidget(label, 1)
            row.addWidget(recover)
            self.named_list.addLayout(row)
        if not named:
            none = QLabel(self.tr("none"))
            none.setEnabled(False)
            self.named_list.addWidget(none)

    # --- edits -----------------------------------------------------------------------------

    def _default_duration(self, ranks: int) -> None:
        duration = RANKS[min(ranks, len(RANKS)) - 1].duration  # R4: duration by rank
        index = self.named_duration.findData(duration.value)
        if index >= 0:
            self.named_duration.setCurrentIndex(index)

    def _add_named(self) -> None:
        name = self.named_name.text().strip()
        if not name:
            self.problem.emit(self.tr("Name the condition first, e.g. Blinded"))
            return
        if self.try_push(
            lambda: commands.add_named_condition(
                self.doc, name, self.named_ranks.value(), self.named_duration.currentData()
            )
        ):
            self.named_name.clear()
