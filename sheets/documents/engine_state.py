"""What the encounter engine keeps between commands, typed: the checks' ranks, its id
counters, when the order last changed, who has met which fear.

Saved inside the encounter as ``engine_state``. A field appears in the file only once it
holds something (an encounter that never ran still writes ``{}``), and keys an older
engine wrote (``initiative_ties``, ``ended_by``) are kept as they were.
"""

from __future__ import annotations

from typing import Any, Final

from pydantic import Field, SerializationInfo, SerializerFunctionWrapHandler, model_serializer

from sheets.documents.common import Part
from sheets.documents.condition_state import omit_defaults


class CheckRecord(Part):
    """R4: one check's ranks and how many of them are spent."""

    actor: str
    target: str | None = None
    ranks: int = Field(default=0, ge=0, le=1000)
    spent: int = Field(default=0, ge=0, le=1000)
    effect_roll: bool = False
    """The ranks bought an effect roll (R4): the damage rolls again."""
    effect_dice: int = Field(default=0, ge=-100, le=100)
    """Dice the ranks added to (or took from) the effect roll (R4)."""
    round: int = Field(default=0, ge=0)

    @property
    def ranks_left(self) -> int:
        return self.ranks - self.spent


class EngineState(Part):
    """The engine's own bookkeeping; everything else in an encounter is the document."""

    next_check: int = Field(default=1, ge=1)
    """The number of the next check id (``k1``, ``k2``, ...)."""
    checks: dict[str, CheckRecord] = Field(default_factory=dict)
    """Check id -> its record (R4): the effect menu spends from it."""
    next_condition: int = Field(default=1, ge=1)
    """The number of the next condition id (``c1``, ...)."""
    reordered_in_round: int | None = None
    """The round in which the turn order last changed (the next turn starts from the top)."""
    fear: dict[str, list[str]] = Field(default_factory=dict)
    """R8: creature kind -> the heroes who have met it in this scene."""

    @model_serializer(mode="wrap")
    def _omit_defaults(
        self, handler: SerializerFunctionWrapHandler, info: SerializationInfo
    ) -> Any:
        return omit_defaults(handler(self), _DEFAULTS)


_DEFAULTS: Final[dict[str, Any]] = {
    "next_check": 1,
    "checks": {},
    "next_condition": 1,
    "reordered_in_round": None,
    "fear": {},
}
