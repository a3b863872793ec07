"""The encounter document: who takes part, on which side, and the scene's running state.

This is the container the encounter engine persists (R6): it stores initiative, actions
spent, conditions created in the scene, the log, and the typed ``engine_state`` for what
the engine needs later. The rules themselves live in the engine, not here.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Final, Literal, Self

from pydantic import (
    Field,
    JsonValue,
    SerializationInfo,
    SerializerFunctionWrapHandler,
    StringConstraints,
    field_validator,
    model_serializer,
    model_validator,
)

from sheets.documents.character import Character
from sheets.documents.common import Document, Name, Part, Text, require_unique_names
from sheets.documents.condition_state import ConditionInstance, StatusCondition, omit_defaults
from sheets.documents.engine_state import EngineState

SceneType = Literal["quick", "dramatic", "tactical"]
"""R6: a quick check, a dramatic scene (order of relevance), a tactical scene (rounds)."""
TacticalType = Literal["melee", "chase", "debate"]
"""R6: how initiative is found in a tactical scene."""
EncounterState = Literal["setup", "running", "ended"]

CombatantId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,64}$")]
"""A short identifier, unique in the encounter: the log and conditions point at it."""

MAX_ROUND: Final = 1_000_000
_DRIVE = re.compile(r"^[A-Za-z]:")


def check_relative_document_path(path: str) -> str:
    """A path inside the campaign folder, written with ``/``: ``characters/ada.json``.

    A file handed from player to player must not point outside its campaign.
    """
    parts = path.split("/")
    if (
        not path
        or "\\" in path
        or path.startswith("/")
        or _DRIVE.match(path)
        or any(part in ("", ".", "..") for part in parts)
        or not path.endswith(".json")
    ):
        raise ValueError(
            f"'{path}' is not a file inside the campaign folder like characters/ada.json"
        )
    return path


class Side(Part):
    """A side of the conflict: the heroes, the cult, the audience."""

    name: Name
    player_side: bool = False
    """The player characters' side: conceding earns them an action point (R6, R7)."""
    notes: Text = ""


class ActionBudget(Part):
    """R6: each round a character has 1 full action and 1 bonus action; effects change it."""

    full: int = Field(default=1, ge=0, le=100)
    bonus: int = Field(default=1, ge=0, le=100)
    full_spent: int = Field(default=0, ge=0, le=100)
    bonus_spent: int = Field(default=0, ge=0, le=100)


HelpMode = Literal["enhance", "blunt"]
"""R6 combined action: a helper's dice join as Boost (enhance) or Penalty (blunt) dice."""


class PendingHelp(Part):
    """A helper's dice waiting for the primary's check (R6 combined action)."""

    helper: CombatantId
    skill: Annotated[str, StringConstraints(max_length=250)] = ""
    """What the helper used, in words: "Brawling + Haymaker"."""
    dice: int = Field(ge=0, le=100)
    """Whole dice of the helper's skill + specialization, pips dropped (R6)."""
    mode: HelpMode = "enhance"
    ready_round: int = Field(default=0, ge=0, le=MAX_ROUND)
    """Usable from the primary's turn in this round on (helping yourself readies it)."""
    expires_round: int = Field(default=0, ge=0, le=MAX_ROUND)
    """Unused, it lapses at the end of the primary's turn in this round."""


class Combatant(Part):
    """One element in the encounter: a character file, or an inline Stock copy."""

    id: CombatantId
    name: Name
    """The name shown in the initiative list ("Cultist 2")."""
    side: Name
    """The name of one of the encounter's sides."""
    character_file: str | None = None
    """A character file in the campaign folder, e.g. ``characters/ada-vance.json``."""
    character: Character | None = None
    """An inline Stock NPC, copied from a template so each copy keeps its own conditions."""
    template: str | None = None
    """The file the inline copy was made from, to refresh or copy it again."""
    initiative: int | None = None
    """R6: the initiative value once found (melee: a fixed value; debate: a roll)."""
    actions: ActionBudget = Field(default_factory=ActionBudget)
    conditions: list[ConditionInstance] = Field(default_factory=list)
    """Conditions created during this encounter (R5)."""
    conceded: bool = False
    """R6: a conceding side acts no more and cannot rejoin."""
    pending_action_points: int = Field(default=0, ge=0, le=1000)
    """R7: action points awarded at the end of the scene (conceding, accepted hooks)."""
    notes: Text = ""
    """The GM's notes: never shown on the player view."""
    hidden: bool = False
    """Hidden from the players (an ambush, a lurker): the player view leaves it out."""
    last_turn: int = Field(default=0, ge=0, le=MAX_ROUND)
    """The last round whose turn this combatant has had (taken or skipped), R6."""
    help: list[PendingHelp] = Field(default_factory=list)
    """R6 combined actions waiting for this combatant's next check."""
    intention: Text = ""
    """A dramatic scene's declared intention (R6); it may change at any time."""

    @model_serializer(mode="wrap")
    def _omit_engine_defaults(
        self, handler: SerializerFunctionWrapHandler, info: SerializationInfo
    ) -> Any:
        return omit_defaults(handler(self), _COMBATANT_DEFAULTS)

    @field_validator("character_file", "template")
    @classmethod
    def _inside_campaign(cls, path: str | None) -> str | None:
        return None if path is None else check_relative_document_path(path)

    @model_validator(mode="after")
    def _one_source(self) -> Self:
        if (self.character_file is None) == (self.character is None):
            raise ValueError(
                "a combatant needs either a character file or an inline character (not both)"
            )
        if self.character is not None and self.character.importance != "stock":
            raise ValueError(
                "an inline combatant is a Stock copy: a Dynamic character keeps its own file (R2)"
            )
        ids = set()
        for condition in self.conditions:
            if condition.id in ids:
                raise ValueError(f"two conditions have the id '{condition.id}'")
            ids.add(condition.id)
        return self


_COMBATANT_DEFAULTS: Final[dict[str, Any]] = {
    "hidden": False,
    "last_turn": 0,
    "help": [],
    "intention": "",
}


class LogEntry(Part):
    """One line of the encounter's log: an action, a roll, a condition, a note."""

    round: int = Field(default=0, ge=0, le=MAX_ROUND)
    actor: Annotated[str, StringConstraints(max_length=64)] = ""
    """The combatant id of who acted; empty for the GM."""
    entry_type: Annotated[str, StringConstraints(max_length=40)] = "note"
    """What happened: note, roll, condition, concede... (the engine's vocabulary)."""
    text: Text = ""
    data: dict[str, JsonValue] = Field(default_factory=dict)
    """What the engine needs to replay or undo it: a roll log with its seed (R3)."""
    at: Annotated[str, StringConstraints(max_length=40)] = ""
    """When, as ISO 8601 text."""


class Encounter(Document):
    """An encounter ready to run, or one in progress."""

    kind: Literal["encounter"] = "encounter"
    name: Name
    description: Text = ""
    scene_type: SceneType = "tactical"
    tactical_type: TacticalType = "melee"
    """R6: melee (fixed value initiative), chase (position) or debate (a roll)."""
    goal: Text = ""
    """A dramatic scene's goal (R6)."""
    limit: Text = ""
    """A dramatic scene's limit in time or attempts (R6)."""
    clock: StatusCondition | None = None
    """A status condition used as the scene clock (R5, R6)."""
    state: EncounterState = "setup"
    sides: list[Side] = Field(default_factory=list)
    combatants: list[Combatant] = Field(default_factory=list)
    round: int = Field(default=0, ge=0, le=MAX_ROUND)
    """0 before the first round starts."""
    turn_order: list[CombatantId] = Field(default_factory=list)
    """Combatant ids in the order they act (R6)."""
    current_turn: int = Field(default=0, ge=0)
    """Index into the turn order of who acts now."""
    log: list[LogEntry] = Field(default_factory=list)
    engine_state: EngineState = Field(default_factory=EngineState)
    """The encounter engine's own bookkeeping (checks' ranks, id counters, fear met)."""

    @model_validator(mode="after")
    def _check_references(self) -> Self:
        require_unique_names(self.sides, "sides")
        side_names = {side.name.casefold() for side in self.sides}
        ids: set[str] = set()
        for combatant in self.combatants:
            if combatant.id in ids:
                raise ValueError(f"two combatants have the id '{combatant.id}'")
            ids.add(combatant.id)
            if combatant.side.casefold() not in side_names:
                raise ValueError(
                    f"combatant '{combatant.name}' is on side '{combatant.side}', "
                    "which is not one of the encounter's sides"
                )
        for combatant_id in self.turn_order:
            if combatant_id not in ids:
                raise ValueError(f"the turn order names '{combatant_id}', who is not a combatant")
        if len(set(self.turn_order)) != len(self.turn_order):
            raise ValueError("the turn order names a combatant twice")
        if self.turn_order and self.current_turn >= len(self.turn_order):
            raise ValueError(
                f"the current turn is {self.current_turn}, past the end of the turn order"
            )
        return self

    def combatant(self, combatant_id: str) -> Combatant | None:
        """The combatant with this id, or None."""
        return next((c for c in self.combatants if c.id == combatant_id), None)
