"""Creating, changing and recovering conditions (R4, R5), through recorded changes.

Conditions created in the encounter live on the combatant in the encounter document; the
sheet's own conditions count too (tracks, modifiers) and can be recovered. When the scene
ends, what outlasts it ("until recovered") moves onto the sheet (``commands.ending``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sheets.conditions import ATTITUDES, WILLPOWERS, ConditionKind, TrackName, track_level_name
from sheets.documents import ConditionInstance
from sheets.documents.condition_state import CheckModifier
from sheets.encounter.changes import Changes
from sheets.encounter.durations import (
    ROUND_END,
    TIMED,
    Expiry,
    expiry_for,
    next_round_expiry,
    rank_of_duration,
)
from sheets.encounter.state import CommandRefused, EncounterView
from sheets.results import Duration


def roll_rounds(seed: int) -> int:
    """R6: "1D rounds" rolls its length once, when created (a plain D6, from the seed)."""
    return random.Random(seed).randint(1, 6)


@dataclass(frozen=True, slots=True)
class Created:
    instance: ConditionInstance | None
    """None when a discrete condition was already there (R5: ignored)."""
    replaced: tuple[ConditionInstance, ...] = ()
    """Progressive conditions of the same group that the new one replaced (R5)."""


def _related(instance: ConditionInstance, group: str) -> bool:
    own = (instance.group or instance.name).casefold()
    return bool(own) and own == group.casefold()


def create(
    view: EncounterView,
    changes: Changes,
    owner: str,
    *,
    name: str = "",
    kind: ConditionKind = "discrete",
    track: TrackName | None = None,
    ranks: int = 1,
    duration: Duration = Duration.UNTIL_RECOVERED,
    rounds: int | None = None,
    group: str = "",
    source: str = "",
    effect: str = "",
    modifier: CheckModifier | None = None,
    until_next_round_end: bool = False,
) -> Created:
    """Create a condition on ``owner`` by its R5 kind; expiry set by R6."""
    combatant = view.combatant(owner)
    if track is not None:
        kind = "cumulative"  # R5: tracks are cumulative
    key = group or name
    existing = list(view.conditions(combatant))
    if kind == "discrete" and key and any(_related(i, key) for i in existing):
        return Created(None)  # R5: a second creation is ignored
    replaced: list[ConditionInstance] = []
    if kind == "progressive" and key:
        for items in (combatant.conditions, view.character(combatant).conditions.instances):
            index = 0
            while index < len(items):
                if _related(items[index], key):
                    replaced.append(view.remove_instance(changes, owner, items, index))
                else:
                    index += 1
    if until_next_round_end:
        expiry = next_round_expiry(view.moment(owner))
    elif duration in TIMED:
        expiry = expiry_for(duration, owner, view.moment(owner), rounds)
    else:
        expiry = Expiry(None, None)
    now = view.encounter
    instance = ConditionInstance(
        id=fresh_id(view, owner),
        name=name,
        kind=kind,
        track=track,
        ranks=ranks,  # R5 ruling: a hit of rank r adds r ranks (6 too: only 6 recover it)
        duration=duration,
        remaining_rounds=expiry.remaining_rounds if duration == Duration.ROUNDS else None,
        created_round=now.round,
        created_turn=now.current_turn if now.round else None,
        source=source,
        effect=effect,
        group=group,
        anchor=expiry.anchor,
        expires_round=expiry.expires_round,
        modifier=modifier,
    )
    view.add_instance(changes, owner, instance)
    bump_id_counter(view, changes, instance.id)
    return Created(instance, tuple(replaced))


def fresh_id(view: EncounterView, owner: str) -> str:
    """A condition id unique on its owner, from a counter kept in the document."""
    number = view.encounter.engine_state.next_condition
    combatant = view.combatant(owner)
    taken = {i.id for i in view.conditions(combatant)}
    while f"c{number}" in taken:
        number += 1
    return f"c{number}"


def bump_id_counter(view: EncounterView, changes: Changes, used: str) -> None:
    number = int(used[1:]) if used[1:].isdigit() else 0
    changes.set(view.encounter.engine_state, "next_condition", number + 1)


def remove(
    view: EncounterView, changes: Changes, owner: str, condition_id: str
) -> ConditionInstance:
    items, index = view.find_condition(owner, condition_id)
    return view.remove_instance(changes, owner, items, index)


def describe(instance: ConditionInstance, length: str = "full") -> str:
    """``Hurt (2 ranks, one full round)`` / ``-1D to attacks (2 rounds)``."""
    if instance.track is not None:
        name = track_level_name(instance.track, instance.ranks)
        head = f"{instance.track} +{instance.ranks} ({name})"
    else:
        head = instance.name
    if instance.duration == Duration.ROUNDS:
        return f"{head}, {instance.remaining_rounds} rounds"
    return f"{head}, {instance.duration.label}"


# --- R4 duration changes -------------------------------------------------------------------

DURATION_EFFECTS = {
    # key: (from durations allowed, to)
    "extend_to_encounter": Duration.END_OF_ENCOUNTER,
    "extend_to_scene": Duration.END_OF_SCENE,
    "require_recovery": Duration.UNTIL_RECOVERED,
    "shorten_to_encounter": Duration.END_OF_ENCOUNTER,
    "shorten_to_scene": Duration.END_OF_SCENE,
}
SHORTEN_FROM = {
    "shorten_to_rounds": Duration.END_OF_ENCOUNTER,
    "shorten_to_encounter": Duration.END_OF_SCENE,
    "shorten_to_scene": Duration.UNTIL_RECOVERED,
}


def change_duration(
    view: EncounterView,
    changes: Changes,
    owner: str,
    condition_id: str,
    effect: str,
    *,
    sign: int = 1,
    seed: int = 0,
) -> tuple[ConditionInstance, ConditionInstance | None]:
    """Apply an R4 duration effect; returns (before, after) — after None if it ended."""
    items, index = view.find_condition(owner, condition_id)
    old = items[index]
    duration = old.duration
    if effect == "round":
        if duration not in TIMED:
            raise CommandRefused(
                f"'{describe(old)}' does not last a number of turns or rounds: "
                "a full round can only be added to or taken from one that does (R4)"
            )
        expires = (old.expires_round or view.encounter.round) + sign
        remaining = old.remaining_rounds
        if remaining is not None:
            remaining += sign
        moment = view.moment(old.anchor or owner)
        if (
            expires < max(view.encounter.round, 1)
            or (expires == view.encounter.round and old.anchor != ROUND_END and moment.owner_done)
            or (remaining is not None and remaining <= 0)
        ):
            view.remove_instance(changes, owner, items, index)
            return old, None  # Ruling (ours): removing its last round ends it now
        new = old.model_copy(update={"expires_round": expires, "remaining_rounds": remaining})
        view.replace_instance(changes, owner, items, index, new)
        return old, new
    if effect in SHORTEN_FROM:
        if duration != SHORTEN_FROM[effect]:
            raise CommandRefused(
                f"'{describe(old)}' does not last {SHORTEN_FROM[effect].label}: "
                f"this effect shortens only that (R4)"
            )
        if effect == "shorten_to_rounds":
            rounds = roll_rounds(seed)
            expiry = expiry_for(Duration.ROUNDS, owner, view.moment(owner), rounds)
            new = old.model_copy(
                update={
                    "duration": Duration.ROUNDS,
                    "remaining_rounds": rounds,
                    "anchor": expiry.anchor,
                    "expires_round": expiry.expires_round,
                }
            )
        else:
            new = old.model_copy(update={"duration": DURATION_EFFECTS[effect]})
        view.replace_instance(changes, owner, items, index, new)
        return old, new
    if effect in DURATION_EFFECTS:
        target = DURATION_EFFECTS[effect]
        if rank_of_duration(duration) >= rank_of_duration(target):
            raise CommandRefused(
                f"'{describe(old)}' already lasts {duration.label}: "
                f"extending means lasting longer (R4)"
            )
        new = old.model_copy(
            update={
                "duration": target,
                "remaining_rounds": None,
                "anchor": None,
                "expires_round": None,
            }
        )
        view.replace_instance(changes, owner, items, index, new)
        return old, new
    raise CommandRefused(f"'{effect}' is not an R4 duration effect")


# --- R5 attitude and willpower --------------------------------------------------------------


def step_attitude(
    view: EncounterView, changes: Changes, owner: str, which: str, steps: int
) -> tuple[str, str]:
    """Move attitude or willpower ``steps`` along its ladder (R5 progressive: replaces)."""
    combatant = view.combatant(owner)
    state = view.character(combatant).conditions
    ladder: tuple[str, ...] = ATTITUDES if which == "attitude" else WILLPOWERS
    old = str(getattr(state, which))
    index = min(max(ladder.index(old) + steps, 0), len(ladder) - 1)
    changes.set(state, which, ladder[index])
    return old, ladder[index]
