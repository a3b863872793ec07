"""Holding a turn and moving identical NPCs together (issue 16; R6 leaves both to the GM).

Ruling (ours): a combatant that delays swaps places with the next in the order; the next
acts now, and the delayer acts right after it, this round. Its turn has not ended, so
nothing that ends "at the end of its turn" expires. Delaying again moves it further.

Ruling (ours): grouping puts the copies of one Stock template right after the first of
them in the order (where the best of them rolled), so sixteen cultists act as one block.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from sheets.encounter.commands.base import Command, Context, Outcome, require_running
from sheets.encounter.commands.flow import relocate_current
from sheets.encounter.state import CommandRefused


@dataclass(frozen=True, slots=True)
class DelayTurn(Command):
    """The one acting waits for the next in the order."""

    entry_type: ClassVar[str] = "initiative"

    def run(self, ctx: Context) -> Outcome:
        view = ctx.view
        enc = view.encounter
        require_running(view)
        if enc.scene_type != "tactical":
            raise CommandRefused("only a tactical scene has a turn order to wait in (R6)")
        actor = view.actor()
        if actor is None:
            raise CommandRefused("no turn is running: start the round with Next turn")
        order = list(enc.turn_order)
        index = order.index(actor)
        if index + 1 >= len(order):
            raise CommandRefused(
                f"{view.by_id[actor].name} is last in the order: nobody to wait for"
            )
        order[index], order[index + 1] = order[index + 1], order[index]
        ctx.changes.replace_list(enc.turn_order, order)
        ctx.changes.set(enc.engine_state, "reordered_in_round", enc.round)
        ctx.changes.mark(actor, order[index])  # their places and "acting" swap
        now = view.by_id[order[index]].name
        words = f"{view.by_id[actor].name} waits: {now} acts first"
        return Outcome(ctx.log(actor, self.entry_type, words, self.inputs()))


@dataclass(frozen=True, slots=True)
class GroupCopies(Command):
    """Copies of one Stock template act one after another, where the first of them is."""

    entry_type: ClassVar[str] = "initiative"

    def run(self, ctx: Context) -> Outcome:
        view = ctx.view
        enc = view.encounter
        if not enc.turn_order:
            raise CommandRefused("there is no turn order yet: roll initiative first")
        template_of = {c.id: c.template for c in enc.combatants if c.template}
        grouped: list[str] = []
        placed: set[str] = set()
        for cid in enc.turn_order:
            if cid in placed:
                continue
            template = template_of.get(cid)
            block = (
                [other for other in enc.turn_order if template_of.get(other) == template]
                if template
                else [cid]
            )
            grouped += block
            placed.update(block)
        if grouped == list(enc.turn_order):
            raise CommandRefused("the copies of each template already act together")
        relocate_current(ctx, grouped)
        words = "copies of the same sheet act together: " + ", ".join(
            view.by_id[c].name for c in grouped
        )
        return Outcome(ctx.log(None, self.entry_type, words, self.inputs()))
