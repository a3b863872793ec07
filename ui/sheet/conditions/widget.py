"""The conditions widget (R5): one element's tracks, attitude and willpower, statuses and
named conditions, each part in a titled box.

Every change is an undoable command on the character's stack (each part pushes its own).
``compact=True`` draws only the bars, smaller and without boxes or forms, for one row per
combatant in the encounter tracker.
"""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtCore import QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QGroupBox, QVBoxLayout, QWidget

from sheets.documents import Character
from ui.sheet.conditions.attitude import AttitudeAndWillpower
from ui.sheet.conditions.named import NamedConditions
from ui.sheet.conditions.section import ConditionSection
from ui.sheet.conditions.statuses import StatusConditions
from ui.sheet.conditions.step_bar import StepBar
from ui.sheet.conditions.tracks import ConditionTracks
from ui.workspace.character_document import CharacterDocument


class ConditionsWidget(QWidget):
    """Every condition of one element (R5), editable with undoable commands."""

    problem = Signal(str)  # a refused edit, in the player's words

    def __init__(
        self, doc: CharacterDocument, parent: QWidget | None = None, *, compact: bool = False
    ) -> None:
        super().__init__(parent)
        self.setObjectName("ConditionsWidget")
        self.doc = doc
        self.compact = compact
        self._ordering = False
        self._layout = QVBoxLayout(self)
        margin = 0 if compact else 4
        self._layout.setContentsMargins(margin, margin, margin, margin)
        self._layout.setSpacing(2 if compact else 6)

        self.tracks = ConditionTracks(doc, compact=compact)
        self._add(self.tr("Tracks"), self.tr("R5: damage, composure and body tracks"), self.tracks)
        self.track_bars = self.tracks.track_bars
        self.track_labels = self.tracks.track_labels

        self.scales = AttitudeAndWillpower(doc, compact=compact)
        self._add(
            self.tr("Attitude and willpower"),
            self.tr("R5: progressive conditions that modify resistance"),
            self.scales,
        )
        self.attitude_bar = self.scales.attitude_bar
        self.willpower_bar = self.scales.willpower_bar
        self.attitude_label = self.scales.attitude_label
        self.willpower_label = self.scales.willpower_label

        self.statuses = StatusConditions(doc, compact=compact)
        self._add(
            self.tr("Statuses"),
            self.tr("R5: status conditions, tested by difficulty"),
            self.statuses,
        )
        self.named: NamedConditions | None = None
        if not compact:  # the add forms and the named conditions: the sheet only
            self.status_name = self.statuses.status_name
            self.status_scale = self.statuses.status_scale
            self.status_add = self.statuses.status_add
            self.named = NamedConditions(doc)
            self._add(
                self.tr("Named conditions"),
                self.tr("R4 effects and R5 conditions with a name and a duration"),
                self.named,
            )
            self.named_name = self.named.named_name
            self.named_ranks = self.named.named_ranks
            self.named_duration = self.named.named_duration
            self.named_add = self.named.named_add
        self._layout.addStretch(1)

        doc.changed.connect(self.refresh)
        doc.reset.connect(self.refresh)
        self.refresh()

    def _add(self, title: str, rule: str, section: ConditionSection) -> None:
        """The part in a titled box (bare when compact), the rule in the box's tooltip;
        its refusals become ours."""
        section.problem.connect(self.problem)
        if self.compact:
            self._layout.addWidget(section)
            return
        box = QGroupBox(title)
        box.setToolTip(rule)
        layout = QVBoxLayout(box)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(section)
        self._layout.addWidget(box)

    @property
    def character(self) -> Character:
        return self.doc.character

    @property
    def status_bars(self) -> list[StepBar]:
        """The statuses' bars, in order (rebuilt when the statuses change)."""
        return self.statuses.status_bars

    def refresh(self) -> None:
        self.tracks.refresh()
        self.scales.refresh()
        self.statuses.refresh()
        if self.named is not None:
            self.named.refresh()
        self._order_later()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._order_later()

    def _order_later(self) -> None:
        if not self._ordering:
            self._ordering = True
            QTimer.singleShot(0, self, self.order_tabs)

    def order_tabs(self) -> None:
        """Tab walks the conditions in reading order, top to bottom, left to right (issue
        15: it skipped attitude and willpower, which were made after the forms below)."""
        self._ordering = False
        shown = [
            w
            for w in self.findChildren(QWidget)
            if w.isVisibleTo(self) and w.focusPolicy() & Qt.FocusPolicy.TabFocus
        ]
        places = {id(w): w.mapTo(self, QPoint(0, 0)) for w in shown}
        shown.sort(key=lambda w: (places[id(w)].y(), places[id(w)].x()))
        for first, second in pairwise(shown):
            QWidget.setTabOrder(first, second)
