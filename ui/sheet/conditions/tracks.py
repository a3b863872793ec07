"""The R5 condition tracks: damage and composure (body for vehicles, objects, locations),
each a step bar from Normal to Out of Action with a chip per hit to recover.

An element with a shorter encounter length shows fewer steps before Out of Action (R5:
brief 2, moderate 3, lengthy 4, full 5 ranks). Clicking a step above the current level adds
one instance with the missing ranks (R5 ruling: a hit of rank r adds r ranks); clicking at
or below it recovers the latest instance (its ranks leave the track). Keyboard: Right or +
adds 1 rank, Left or - recovers the latest instance.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QToolButton

from sheets.conditions import (
    OUT_OF_ACTION,
    OUT_OF_ACTION_AT,
    TRACK_LEVELS,
    TRACK_NAMES,
    EncounterLength,
    TrackName,
    display_name,
    tracks_in_play,
)
from sheets.damage import DamageSystem
from sheets.documents import Character
from ui import commands
from ui.sheet.campaign_rules import campaign_damage_system
from ui.sheet.conditions.section import ConditionSection, clear_layout
from ui.sheet.conditions.step_bar import StepBar
from ui.text import tooltip
from ui.workspace.character_document import CharacterDocument

MAX_TRACK_INSTANCE_RANKS: Final = OUT_OF_ACTION


def tracks_for(
    character: Character, damage_system: DamageSystem = "conditions"
) -> tuple[TrackName, ...]:
    """The tracks a sheet shows: those in play for the element (R5, R10:
    ``sheets.conditions.tracks_in_play``), and any track with a hit on it."""
    wanted = tracks_in_play(character.kind, character.toughness is not None, damage_system)
    hit = {i.track for i in character.conditions.instances if i.track is not None}
    return tuple(t for t in TRACK_NAMES if t in wanted or t in hit)


def track_steps(track: TrackName, length: EncounterLength) -> list[tuple[int, str]]:
    """(level, name) of each step drawn for a track: Normal ... Out of Action (R5)."""
    at = OUT_OF_ACTION_AT[length]
    names = TRACK_LEVELS[track]
    return [(level, names[level]) for level in range(at)] + [(OUT_OF_ACTION, names[-1])]


class ConditionTracks(ConditionSection):
    """A label, a step bar and (unless compact) a row of hit chips per track."""

    def __init__(self, doc: CharacterDocument, *, compact: bool) -> None:
        super().__init__(doc, compact=compact)
        self.track_bars: dict[TrackName, StepBar] = {}
        self.track_labels: dict[TrackName, QLabel] = {}
        self.instance_rows: dict[TrackName, QHBoxLayout] = {}
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setHorizontalSpacing(6)
        self._grid.setVerticalSpacing(2 if compact else 4)

    def refresh(self) -> None:
        character = self.character
        wanted = tracks_for(character, campaign_damage_system(self.doc))
        if tuple(self.track_bars) != wanted:
            self._rebuild(wanted)
        length = character.encounter_length
        for track, bar in self.track_bars.items():
            steps = track_steps(track, length)
            level = character.conditions.track_level(track, length)
            ranks = character.conditions.track_ranks(track)
            current = next(i for i, (lv, _n) in enumerate(steps) if lv == level)
            tips = [
                self.tr("%1: %2 ranks")
                .replace("%1", name)
                .replace("%2", str(lv if lv < OUT_OF_ACTION else OUT_OF_ACTION_AT[length]))
                for lv, name in steps
            ]
            bar.set_steps([name for _lv, name in steps], current, tips)
            self.track_labels[track].setText(
                self.tr("<b>%1</b>: %2 — %3 of %4 ranks to Out of Action")
                .replace("%1", display_name(track))
                .replace("%2", steps[current][1])
                .replace("%3", str(min(ranks, OUT_OF_ACTION_AT[length])))
                .replace("%4", str(OUT_OF_ACTION_AT[length]))
                if not self.compact
                else display_name(track)
            )
            self.track_labels[track].setAccessibleName(
                self.tr("%1 track").replace("%1", display_name(track))
            )
            if track in self.instance_rows:
                self._refresh_chips(track)

    def _rebuild(self, wanted: tuple[TrackName, ...]) -> None:
        clear_layout(self._grid)
        self.track_bars.clear()
        self.track_labels.clear()
        self.instance_rows.clear()
        for row, track in enumerate(wanted):
            label = QLabel()
            bar = StepBar(
                self.tr("%1 track").replace("%1", display_name(track)), compact=self.compact
            )
            label.setBuddy(bar)
            bar.stepClicked.connect(lambda step, t=track: self._track_clicked(t, step))
            bar.stepRequested.connect(lambda delta, t=track: self._track_nudged(t, delta))
            bar.setToolTip(
                self.tr(
                    "R5: click a higher step to add a hit, a lower one to recover the "
                    "latest; Right/+ adds 1 rank, Left/- recovers"
                )
            )
            if self.compact:  # one line per track: label, bar
                self._grid.addWidget(label, row, 0)
                self._grid.addWidget(bar, row, 1)
            else:  # the label (with the level in words) above the full-width bar
                self._grid.addWidget(label, row * 3, 0, 1, 2)
                self._grid.addWidget(bar, row * 3 + 1, 0, 1, 2)
                chips = QHBoxLayout()
                chips.setContentsMargins(0, 0, 0, 0)
                self._grid.addLayout(chips, row * 3 + 2, 0, 1, 2)
                self.instance_rows[track] = chips
            self.track_bars[track] = bar
            self.track_labels[track] = label
        self._grid.setColumnStretch(1, 1)

    def _refresh_chips(self, track: TrackName) -> None:
        row = self.instance_rows[track]
        clear_layout(row)
        instances = [i for i in self.character.conditions.instances if i.track == track]
        for instance in instances:
            button = QToolButton()
            button.setText(self.tr("%1 ✕").replace("%1", str(instance.ranks)))
            what = (
                self.tr("Recover a %1-rank %2 hit")
                .replace("%1", str(instance.ranks))
                .replace("%2", track)
            )
            button.setToolTip(tooltip(what + self.tr(" (R5: its ranks leave the track)")))
            button.setAccessibleName(what)
            button.clicked.connect(lambda _c=False, i=instance.id: self.recover(i))
            row.addWidget(button)
        if not instances:
            none = QLabel(self.tr("no hits"))
            none.setEnabled(False)
            row.addWidget(none)
        row.addStretch(1)

    # --- edits -----------------------------------------------------------------------------

    def _track_clicked(self, track: TrackName, step: int) -> None:
        length = self.character.encounter_length
        steps = track_steps(track, length)
        level = steps[step][0]
        wanted = OUT_OF_ACTION_AT[length] if level == OUT_OF_ACTION else level
        ranks = self.character.conditions.track_ranks(track)
        current_level = self.character.conditions.track_level(track, length)
        if level > current_level:
            self.add_hit(track, max(1, wanted - ranks))
        else:
            self.recover_latest(track)

    def _track_nudged(self, track: TrackName, delta: int) -> None:
        if delta > 0:
            if (
                self.character.conditions.track_level(track, self.character.encounter_length)
                < OUT_OF_ACTION
            ):
                self.add_hit(track, 1)
        else:
            self.recover_latest(track)

    def add_hit(self, track: TrackName, ranks: int) -> None:
        """R5 ruling: a hit of rank r adds one instance of r ranks."""
        self.try_push(
            lambda: commands.add_track_hit(self.doc, track, min(ranks, MAX_TRACK_INSTANCE_RANKS))
        )

    def recover_latest(self, track: TrackName) -> None:
        instances = [i for i in self.character.conditions.instances if i.track == track]
        if instances:
            self.recover(instances[-1].id)
