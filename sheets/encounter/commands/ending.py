"""Ending the encounter and the scene (R4, R6, R7, R8)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from sheets.conditions import track_level_name
from sheets.documents.condition_state import (
    ConditionInstance,
    FearMemory,
)
from sheets.encounter import conditions as cond
from sheets.encounter import fear
from sheets.encounter.commands.base import (
    Command,
    Context,
    Outcome,
    require_running,
)
from sheets.encounter.commands.people import creature_kind
from sheets.encounter.durations import ENDS_WITH_ENCOUNTER, ENDS_WITH_SCENE
from sheets.encounter.state import changes_actions
from sheets.results import Duration

# --- ending (R6) ----------


def _expire_all(ctx: Context, durations: frozenset[Duration], notes: list[str]) -> None:
    view = ctx.view
    for combatant in view.encounter.combatants:
        sheet = view.character(combatant).conditions.instances
        for items in (combatant.conditions, sheet):
            index = 0
            while index < len(items):
                if items[index].duration in durations:
                    removed = view.remove_instance(ctx.changes, combatant.id, items, index)
                    notes.append(f"{combatant.name}'s {cond.describe(removed)} ends")
                    if items is sheet:
                        ctx.touch(combatant)
                else:
                    index += 1
        index = 0
        while index < len(combatant.help):
            ctx.changes.pop(combatant.help, index)
            ctx.changes.mark(combatant.id)


def _kept(instance: ConditionInstance) -> str:
    """``Wounded (damage +3, until recovered)`` / ``Broken arm (until recovered)``."""
    if instance.track is not None:
        name = track_level_name(instance.track, instance.ranks)
        return f"{name} ({instance.track} +{instance.ranks}, {instance.duration.label})"
    return f"{instance.name} ({instance.duration.label})"


def _free_id(wanted: str, taken: set[str]) -> str:
    """``wanted``, or ``wanted-2``, ``wanted-3``... when the sheet already uses it."""
    if wanted not in taken:
        return wanted
    number = 2
    while f"{wanted[:56]}-{number}" in taken:
        number += 1
    return f"{wanted[:56]}-{number}"


def _keep_on_sheets(ctx: Context, notes: list[str]) -> None:
    """R5, R6: what outlasts the scene ("until recovered" never expires) must outlast the
    encounter file. Ruling (ours): it moves from the combatant onto its character sheet,
    saved with the character file, so the sheet and the next encounter see it (a track's
    level, a recovery by check with the same result points, R5). Run after the scene's
    durations expired: only "until recovered" is left by then, but whatever remains moves.

    Ruling (ours): an inline Stock copy (an embedded NPC) keeps its conditions on its own
    inline sheet in the encounter file; the template it was copied from never changes, so
    the next copy made from it starts healthy.
    Ruling (ours): a moved condition keeps its id unless the sheet already uses it (the
    same sheet in two encounters): then it becomes ``<id>-2``, ``<id>-3``..."""
    view = ctx.view
    changes = ctx.changes
    for combatant in view.encounter.combatants:
        if not combatant.conditions:
            continue
        sheet = view.character(combatant).conditions.instances
        while combatant.conditions:
            moved = view.remove_instance(changes, combatant.id, combatant.conditions, 0)
            free = _free_id(moved.id, {i.id for i in sheet})
            if free != moved.id:
                moved = moved.model_copy(update={"id": free})
            changes.append(sheet, moved)
            if changes_actions(moved):  # its budget effect stays seen (rounds may go on)
                view.watch_budget(combatant.id)
            notes.append(f"{combatant.name} keeps {_kept(moved)}")
        ctx.touch(combatant)


@dataclass(frozen=True, slots=True)
class EndEncounter(Command):
    """The GM ends the encounter (the conflict): "until end of encounter" and shorter
    conditions end (R4, R6). Ruling (ours): the scene goes on; rounds keep counting."""

    entry_type: ClassVar[str] = "scene"

    def run(self, ctx: Context) -> Outcome:
        require_running(ctx.view)
        _expire_all(ctx, ENDS_WITH_ENCOUNTER, ctx.notes)
        return Outcome(ctx.log(None, self.entry_type, "the encounter ends", self.inputs()))


@dataclass(frozen=True, slots=True)
class EndScene(Command):
    """The GM ends the scene (R6): end-of-scene and shorter conditions end, what remains
    ("until recovered") moves onto the character sheets (R5, see ``_keep_on_sheets``),
    pending action points are awarded (conceding, accepted complications, R7) and fear
    memories updated (R8).

    ``clean_victory``: the creatures were beaten without significant harm (R8); None lets
    the engine judge -- Ruling (ours): every creature met is Out of Action or conceded and
    no player-side character is significantly harmed (``EncounterView.significantly_harmed``:
    Wounded or worse, under R10 too)."""

    clean_victory: bool | None = None
    entry_type: ClassVar[str] = "scene"

    def run(self, ctx: Context) -> Outcome:
        view = ctx.view
        require_running(view)
        notes = ctx.notes
        self._fear_memory(ctx, notes)
        _expire_all(ctx, ENDS_WITH_SCENE, notes)
        _keep_on_sheets(ctx, notes)
        for combatant in view.encounter.combatants:
            points = combatant.pending_action_points
            if points:
                character = view.character(combatant)
                ctx.changes.set(character, "action_points", character.action_points + points)
                ctx.changes.set(combatant, "pending_action_points", 0)
                ctx.touch(combatant)
                notes.append(f"{combatant.name} gains {points} action point(s) (R7)")
        ctx.changes.set(view.encounter, "state", "ended")
        return Outcome(ctx.log(None, self.entry_type, "the scene ends", self.inputs()))

    def _fear_memory(self, ctx: Context, notes: list[str]) -> None:
        view = ctx.view
        for kind, met in sorted(view.encounter.engine_state.fear.items()):
            creatures = [
                c for c in view.encounter.combatants if creature_kind(c, view.character(c)) == kind
            ]
            clean = self.clean_victory
            if clean is None:
                heroes = [c for c in view.encounter.combatants if view.side_is_players(c.side)]
                clean = all(not view.is_active(c) for c in creatures) and not any(
                    view.significantly_harmed(h) for h in heroes
                )
            for hero_id in met:
                hero = view.by_id.get(str(hero_id))
                if hero is None:
                    continue
                sheet = view.character(hero).conditions
                memories = list(sheet.fear_memory)
                index = next((i for i, m in enumerate(memories) if m.creature == kind), None)
                old = memories[index] if index is not None else FearMemory(creature=kind)
                count = old.encounters + 1
                tolerant = old.tolerant or clean or count >= fear.TOLERANCE_ENCOUNTERS
                new = FearMemory(creature=kind, encounters=count, tolerant=tolerant)
                if index is None:
                    memories.append(new)
                else:
                    memories[index] = new
                ctx.changes.set(sheet, "fear_memory", memories)
                ctx.touch(hero)
                if tolerant and not old.tolerant:
                    notes.append(f"{hero.name} will not fear {kind} again (R8)")
