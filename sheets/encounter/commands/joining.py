"""Combatants joining and leaving mid-fight (issue 16: reinforcements, a duplicated NPC,
one who leaves the scene), each one undoable step.

Ruling (ours, R6): in a running melee a newcomer takes its place in the turn order by its
initiative (the fixed value of the campaign's initiative ability, after those it ties
with: it did not roll off); in a debate or a chase, or before initiative, it joins at the
end of the order and the GM moves it. Whoever is acting keeps the turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from sheets.documents import Combatant, Side
from sheets.encounter import initiative
from sheets.encounter.commands.base import Command, Context, Json, Outcome
from sheets.encounter.state import CommandRefused


def _reindex(ctx: Context) -> None:
    """The view's lookups follow the combatant list, now and after an undo or a redo."""
    view = ctx.view
    view.rebuild()


@dataclass(frozen=True, slots=True)
class AddCombatants(Command):
    """New combatants join the encounter (built by ``sheets.encounter.roster``)."""

    combatants: tuple[Combatant, ...]
    entry_type: ClassVar[str] = "join"

    def inputs(self) -> Json:
        return {
            "command": type(self).__name__,
            "combatants": [{"id": c.id, "name": c.name, "side": c.side} for c in self.combatants],
        }

    def run(self, ctx: Context) -> Outcome:
        view = ctx.view
        enc = view.encounter
        if enc.state == "ended":
            raise CommandRefused("the scene has ended: nobody joins it now")
        if not self.combatants:
            raise CommandRefused("say who joins")
        ids = [c.id for c in self.combatants]
        taken = sorted(set(ids) & set(view.by_id)) or sorted({i for i in ids if ids.count(i) > 1})
        if taken:
            raise CommandRefused(f"the id {taken[0]} is taken in this encounter")
        for combatant in self.combatants:
            if combatant.character is None and combatant.character_file not in view.characters:
                raise CommandRefused(f"{combatant.name}'s sheet is not in the campaign")
        ctx.changes.call(lambda: _reindex(ctx), lambda: None)  # runs last on undo
        known = {side.name.casefold() for side in enc.sides}
        for combatant in self.combatants:
            if combatant.side.casefold() not in known:  # a new side joins with them
                known.add(combatant.side.casefold())
                ctx.changes.append(enc.sides, Side(name=combatant.side))
            ctx.changes.append(enc.combatants, combatant)
        _reindex(ctx)
        placed = ""
        if enc.turn_order:
            new_order = self._placed(ctx)
            actor = view.actor()
            ctx.changes.replace_list(enc.turn_order, new_order)
            if actor is not None:
                ctx.changes.set(enc, "current_turn", new_order.index(actor))
            ctx.changes.mark_every_row()  # every row's place in the order
            placed = ", in the order by initiative" if self._by_initiative(ctx) else ""
        for combatant in self.combatants:
            ctx.changes.mark(combatant.id)
        ctx.changes.call(lambda: None, lambda: _reindex(ctx))  # runs last on redo
        names = ", ".join(c.name for c in self.combatants)
        return Outcome(ctx.log(None, self.entry_type, f"joins: {names}{placed}", self.inputs()))

    def _by_initiative(self, ctx: Context) -> bool:
        enc = ctx.view.encounter
        return enc.scene_type == "tactical" and enc.tactical_type == "melee"

    def _placed(self, ctx: Context) -> list[str]:
        view = ctx.view
        enc = view.encounter
        order = list(enc.turn_order)
        if not self._by_initiative(ctx):
            return order + [c.id for c in self.combatants]
        ability = view.rules.initiative_ability
        for combatant in self.combatants:
            value = initiative.ability_code(view.character(combatant), ability).fixed_value
            ctx.changes.set(combatant, "initiative", value)
            # After everyone at or above its value (ties: it did not roll off).
            at = len(order)
            for index, other in enumerate(order):
                other_value = view.by_id[other].initiative
                if other_value is not None and other_value < value:
                    at = index
                    break
            order.insert(at, combatant.id)
        return order


@dataclass(frozen=True, slots=True)
class RemoveCombatant(Command):
    """A combatant leaves the encounter (not conceding, R6: the GM takes it out of the
    scene). Its sheet keeps what happened to it. Not while it is acting: the GM passes the
    turn on first, so the round's order stays whole."""

    combatant: str
    entry_type: ClassVar[str] = "leave"

    def run(self, ctx: Context) -> Outcome:
        view = ctx.view
        enc = view.encounter
        leaving = view.combatant(self.combatant)
        if enc.state == "ended":
            raise CommandRefused("the scene has ended: nobody leaves it now")
        if len(enc.combatants) == 1:
            raise CommandRefused(f"{leaving.name} is the last one in the encounter")
        actor = view.actor()
        if actor == self.combatant:
            raise CommandRefused(
                f"{leaving.name} is acting now: pass the turn on first (Next turn)"
            )
        ctx.changes.call(lambda: _reindex(ctx), lambda: None)  # runs last on undo
        if self.combatant in enc.turn_order:
            order = [c for c in enc.turn_order if c != self.combatant]
            ctx.changes.replace_list(enc.turn_order, order)
            if actor is not None:
                ctx.changes.set(enc, "current_turn", order.index(actor))
            elif enc.current_turn >= len(order):
                ctx.changes.set(enc, "current_turn", 0)
            ctx.changes.mark_every_row()
        ctx.changes.pop(enc.combatants, enc.combatants.index(leaving))
        _reindex(ctx)
        ctx.changes.call(lambda: None, lambda: _reindex(ctx))  # runs last on redo
        return Outcome(
            ctx.log(None, self.entry_type, f"{leaving.name} leaves the encounter", self.inputs())
        )
