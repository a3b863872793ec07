"""Conditions carried by an element (R5): track instances, attitude, willpower, statuses.

The tables (level names, modifiers, difficulties) are in ``sheets.conditions``; these are
the models that store one element's conditions in a file.
"""

from __future__ import annotations

import uuid
from typing import Annotated, Any, Final, Literal, Self

from pydantic import (
    Field,
    SerializationInfo,
    SerializerFunctionWrapHandler,
    StringConstraints,
    model_serializer,
    model_validator,
)

from sheets.conditions import (
    LAST_STATUS_LEVEL,
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
MAX_ROUND_NUMBER: Final = 1_000_000


def omit_defaults(data: Any, defaults: dict[str, Any]) -> Any:
    """Drop the encounter engine's fields while they hold their defaults.

    Files written before the engine existed (and sheets the engine never touched) keep
    their exact bytes: a field appears in a file only once it says something.
    """
    if isinstance(data, dict):
        for name, default in defaults.items():
            if name in data and data[name] == default:
                del data[name]
    return data


CheckPurpose = Literal["attack", "defence", "skill"]
"""What a check is for, as R8 sorts them: attacks, defence rolls, other skill rolls."""


class CheckModifier(Part):
    """The mechanical part of a condition that changes checks (R4 effect menu, R8 fear).

    A condition with a modifier is what "+1D to Dodge until the end of the encounter" is:
    the condition carries the duration (R4, R6), this says what it changes and on which
    checks. The encounter engine folds it into the roll it proposes (R3 options).
    """

    dice: int = Field(default=0, ge=-100, le=100)
    """+/-D to the die code before the roll (R3: dice modifiers)."""
    value: int = Field(default=0, ge=-1000, le=1000)
    """+/- to the total after the roll (R3 step 7)."""
    wild_dice: int = Field(default=0, ge=-10, le=10)
    """+/-WD (R3 step 2)."""
    boost: int = Field(default=0, ge=0, le=100)
    penalty: int = Field(default=0, ge=0, le=100)
    advantage: int = Field(default=0, ge=0, le=10)
    disadvantage: int = Field(default=0, ge=0, le=10)
    fixed: int = Field(default=0, ge=-1000, le=1000)
    """+/- to a fixed value (R4 rank 2: +/-3), used when it resists as a fixed value."""
    full_actions: int = Field(default=0, ge=-10, le=10)
    """R4 rank 3: +/-1 full action in the round ``from_round``."""
    bonus_actions: int = Field(default=0, ge=-10, le=10)
    """R4 rank 2: +/-1 bonus action in the round ``from_round``."""
    from_round: int = Field(default=0, ge=0, le=MAX_ROUND_NUMBER)
    """The round the action changes apply in ("the next round", R4)."""
    skill: Annotated[str, StringConstraints(strip_whitespace=True, max_length=120)] = ""
    """Only checks with this skill (or specialization); empty for any."""
    ability: Annotated[str, StringConstraints(strip_whitespace=True, max_length=120)] = ""
    """Only checks on this ability; empty for any."""
    purposes: list[CheckPurpose] = Field(default_factory=list)
    """Only these kinds of check (R8: attacks; defence and skill rolls); empty for any."""
    against: list[Annotated[str, StringConstraints(max_length=64)]] = Field(default_factory=list)
    """Only checks aimed at these combatants (R8: attacks on the creature); empty for any."""
    single_check: bool = False
    """R4 "a single skill check": the first check it changes uses it up."""


class FearMemory(Part):
    """What a character remembers of one kind of creature or place (R8)."""

    creature: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
    """The kind: a template or character file, or a name."""
    encounters: int = Field(default=0, ge=0, le=1_000_000)
    """Encounters with it so far; after six no more fear checks (R8)."""
    tolerant: bool = False
    """No more fear checks against it: beaten without significant harm, or six encounters."""


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
    group: Annotated[str, StringConstraints(strip_whitespace=True, max_length=120)] = ""
    """R5: progressive conditions of one group replace each other (empty: the name)."""
    anchor: Annotated[str, StringConstraints(max_length=64)] | None = None
    """R6: whose turn end counts this condition down (a combatant id; ``*round`` for the
    end of a round); None when it does not expire with turns and rounds."""
    expires_round: int | None = Field(default=None, ge=0, le=MAX_ROUND_NUMBER)
    """R6: it expires at the anchor's turn end (or the round end) in this round."""
    modifier: CheckModifier | None = None
    """What it changes on checks, action budgets and fixed values (R4 effect menu)."""

    @model_serializer(mode="wrap")
    def _omit_engine_defaults(
        self, handler: SerializerFunctionWrapHandler, info: SerializationInfo
    ) -> Any:
        return omit_defaults(handler(self), _INSTANCE_DEFAULTS)

    @model_validator(mode="after")
    def _check_rules(self) -> Self:
        if self.track is not None:
            if self.kind != "cumulative":
                raise ValueError(
                    f"a {self.track} track condition is cumulative, not {self.kind} (R5)"
                )
            # R5 ruling: a hit of rank r adds r ranks, a rank-6 hit six (the track's level
            # is capped at Out of Action; only six ranks recover it). MAX_RANKS bounds it.
        elif not self.name:
            raise ValueError("a condition that is not on a track needs a name")
        if self.duration == "rounds" and self.remaining_rounds is None:
            raise ValueError("a duration in rounds needs its remaining rounds (R6)")
        if self.duration != "rounds" and self.remaining_rounds is not None:
            raise ValueError(
                f"remaining rounds only apply to a duration in rounds, not '{self.duration}'"
            )
        return self


_INSTANCE_DEFAULTS: Final[dict[str, Any]] = {
    "group": "",
    "anchor": None,
    "expires_round": None,
    "modifier": None,
}


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
    fear_memory: list[FearMemory] = Field(default_factory=list)
    """R8: the kinds of creature or place met, and which no longer call for a fear check."""

    @model_serializer(mode="wrap")
    def _omit_engine_defaults(
        self, handler: SerializerFunctionWrapHandler, info: SerializationInfo
    ) -> Any:
        return omit_defaults(handler(self), {"fear_memory": []})

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
