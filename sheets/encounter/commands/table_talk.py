"""What the GM keeps about the table itself (issue 16): a combatant's notes, who the
players see, and running an ended encounter again. Each is one undoable step."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from sheets.documents import ActionBudget, EngineState
from sheets.encounter.commands.base import Command, Context, Outcome
from sheets.encounter.state import CommandRefused


@dataclass(frozen=True, slots=True)
class SetNotes(Command):
    """The GM's notes on a combatant (never on the player view)."""

    combatant: str
    notes: str
    entry_type: ClassVar[str] = "note"

    def run(self, ctx: Context) -> Outcome:
        combatant = ctx.view.combatant(self.combatant)
        text = self.notes.strip()
        if text == combatant.notes:
            raise CommandRefused("the notes are unchanged")
        ctx.changes.set(combatant, "notes", text)
        # The log says that notes changed, not what they say: the log can be shown.
        words = "GM notes cleared" if not text else "GM notes changed"
        return Outcome(ctx.log(self.combatant, self.entry_type, words, {"command": "SetNotes"}))


@dataclass(frozen=True, slots=True)
class SetHidden(Command):
    """Hide a combatant from the player view (an ambush) or reveal it."""

    combatant: str
    hidden: bool
    entry_type: ClassVar[str] = "note"

    def run(self, ctx: Context) -> Outcome:
        combatant = ctx.view.combatant(self.combatant)
        if combatant.hidden == self.hidden:
            state = "hidden from" if self.hidden else "shown to"
            raise CommandRefused(f"{combatant.name} is {state} the players already")
        ctx.changes.set(combatant, "hidden", self.hidden)
        words = "hidden from the players" if self.hidden else "revealed to the players"
        return Outcome(ctx.log(self.combatant, self.entry_type, words, self.inputs()))


@dataclass(frozen=True, slots=True)
class ResetEncounter(Command):
    """Run the encounter again from its setup: no round, no order, no conditions made in
    it, every action back, no concessions. Ruling (ours): the characters' own sheets keep
    what happened to them (damage on a Dynamic character's sheet, points spent); undo the
    reset to have the fight back as it ended."""

    entry_type: ClassVar[str] = "scene"

    def run(self, ctx: Context) -> Outcome:
        enc = ctx.view.encounter
        if enc.state == "setup":
            raise CommandRefused("the encounter has not started: there is nothing to reset")
        ctx.changes.call(ctx.view.rebuild, lambda: None)  # its undo runs last
        for combatant in enc.combatants:
            for name, value in (
                ("initiative", None),
                ("actions", ActionBudget()),
                ("conditions", []),
                ("conceded", False),
                ("pending_action_points", 0),
                ("last_turn", 0),
                ("help", []),
                ("intention", ""),
            ):
                ctx.changes.set(combatant, name, value)
        ctx.changes.replace_list(enc.turn_order, [])
        ctx.changes.set(enc, "current_turn", 0)
        ctx.changes.set(enc, "round", 0)
        ctx.changes.set(enc, "state", "setup")
        ctx.changes.set(enc, "engine_state", EngineState())
        ctx.changes.mark_every_row()
        ctx.view.rebuild()  # the condition index
        ctx.changes.call(lambda: None, ctx.view.rebuild)  # its redo runs last
        words = "the encounter is reset: start it again"
        return Outcome(ctx.log(None, self.entry_type, words, self.inputs()))
