"""Conditions carried by an element (R5): track instances, attitude, willpower, statuses.

The tables (level names, modifiers, difficulties) are in ``sheets.conditions``; these are
the models that store one element's conditions in a file.
"""

from __future__ import annotations

import uuid
from typing import Annotated, Self

from pydantic import Field, StringConstraints, model_validator

from sheets.conditions import (
    LAST_STATUS_LEVEL,
    OUT_OF_ACTION,
    Attitude,
    ConditionKind,
    EncounterLength,
    StatusScale,
    TrackName,
    Willpower,
    track_level,
)
from sheets.documents.common import Name, Part, Text, require_unique_names
from sheets.results import Duration

ConditionId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,64}$")]
"""A short identifier, unique within its element: lets a log entry or a recovery name it."""

MAX_RANKS = 6  # R4: 26+ result points is rank 6


def new_condition_id() -> str:
    """A fresh identifier for a condition instance."""
    return uuid.uuid4().hex[:12]


class ConditionInstance(Part):
    """One created condition (R5): a hit on a track, or a named condition with a duration."""

    id: ConditionId
    """Unique within the element, so a recovery or a log entry can point at it."""
    name: Annotated[str, StringConstraints(strip_whitespace=True, max_length=120)] = ""
    """What the sheet shows: "Blinded", "+1D to Dodge". Empty for a plain track hit."""
    kind: ConditionKind = "discrete"
    """R5: discrete, progressive or cumulative."""
    track: TrackName | None = None
    """The track this instance adds ranks to (damage, composure, body), or none."""
    ranks: int = Field(default=1, ge=1, le=MAX_RANKS)
    """The ranks that created it (R4); a track hit adds this many to its track (R5)."""
    duration: Duration = Duration.UNTIL_RECOVERED
    """How long it lasts (R4, R6)."""
    remaining_rounds: int | None = Field(default=None, ge=0, le=1000)
    """Rounds left when the duration is a number of rounds (R6: 1D rounds, rolled once)."""
    created_round: int | None = Field(default=None, ge=0)
    """The round it was created in, when created during a tactical scene."""
    created_turn: int | None = Field(default=None, ge=0)
    """The turn (position in the initiative order) it was created in."""
    source: Annotated[str, StringConstraints(max_length=200)] = ""
    """Who or what created it: a combatant id, a weapon, a trap."""
    effect: Text = ""
    """The narrative and mechanical effect in words."""

    @model_validator(mode="after")
    def _check_rules(self) -> Self:
        if self.track is not None:
            if self.kind != "cumulative":
                raise ValueError(
                    f"a {self.track} track condition is cumulative, not {self.kind} (R5)"
                )
            if self.ranks > OUT_OF_ACTION:
                raise ValueError(
                    f"a track condition has at most {OUT_OF_ACTION} ranks "
                    f"(Out of Action), not {self.ranks} (R5)"
                )
        elif not self.name:
            raise ValueError("a condition that is not on a track needs a name")
        if self.duration == "rounds" and self.remaining_rounds is None:
            raise ValueError("a duration in rounds needs its remaining rounds (R6)")
        if self.duration != "rounds" and self.remaining_rounds is not None:
            raise ValueError(
                f"remaining rounds only apply to a duration in rounds, not '{self.duration}'"
            )
        return self


class StatusCondition(Part):
    """A status that measures quantity or time (R5): ammunition, a spell, a scene clock."""

    name: Name
    scale: StatusScale = "quantity"
    """Which R5 ladder it moves down: effect, quantity, duration or coverage."""
    level: int = Field(default=0, ge=0, le=LAST_STATUS_LEVEL)
    """0 is Full; each failed test moves it one level down (R5); 4 has run out."""
    tested_with: Annotated[str, StringConstraints(strip_whitespace=True, max_length=120)] = ""
    """The ability or skill that tests it, as its ability's description says (R5)."""
    notes: Text = ""


class ConditionState(Part):
    """Everything that describes an element's current state (R5)."""

    attitude: Attitude = "neutral"
    """Progressive; modifies discipline and insight resistance (R5)."""
    willpower: Willpower = "neutral"
    """Progressive; modifies discipline and insight resistance (R5)."""
    statuses: list[StatusCondition] = Field(default_factory=list)
    instances: list[ConditionInstance] = Field(default_factory=list)
    """Track hits and named conditions, each created and removed on its own (R5)."""

    @model_validator(mode="after")
    def _check_unique(self) -> Self:
        require_unique_names(self.statuses, "statuses")
        seen: set[str] = set()
        for instance in self.instances:
            if instance.id in seen:
                raise ValueError(f"two conditions have the id '{instance.id}'")
            seen.add(instance.id)
        return self

    def track_ranks(self, track: TrackName) -> int:
        """The summed ranks of the instances on ``track`` (R5 ruling)."""
        return sum(i.ranks for i in self.instances if i.track == track)

    def track_level(self, track: TrackName, encounter_length: EncounterLength = "full") -> int:
        """The track's level 0..5, capped at Out of Action (R5)."""
        return track_level(self.track_ranks(track), encounter_length)
