"""Scene flow (R6): start, scene type, goal, intentions, initiative, order, turns,
actions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from sheets.documents import StatusCondition
from sheets.documents.encounter import SceneType, TacticalType
from sheets.encounter import initiative, turns
from sheets.encounter.commands.base import (
    ActionKind,
    Command,
    Context,
    Json,
    Outcome,
    name_of,
    require_running,
)
from sheets.encounter.state import CommandRefused

# --- scene set-up and flow (R6) --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StartEncounter(Command):
    entry_type: ClassVar[str] = "scene"

    def run(self, ctx: Context) -> Outcome:
        enc = ctx.view.encounter
        if enc.state != "setup":
            raise CommandRefused(f"the encounter is {enc.state}, not being set up")
        ctx.changes.set(enc, "state", "running")
        text = f"{enc.name} begins ({enc.scene_type} scene)"
        return Outcome(ctx.log(None, self.entry_type, text, self.inputs()))


@dataclass(frozen=True, slots=True)
class SetScene(Command):
    """R6: switch between quick check, dramatic and tactical scene during the encounter."""

    scene_type: SceneType
    tactical_type: TacticalType | None = None
    entry_type: ClassVar[str] = "scene"

    def run(self, ctx: Context) -> Outcome:
        enc = ctx.view.encounter
        if enc.state == "ended":
            raise CommandRefused("the scene has ended")
        ctx.changes.set(enc, "scene_type", self.scene_type)
        if self.tactical_type is not None and self.tactical_type != enc.tactical_type:
            ctx.changes.set(enc, "tactical_type", self.tactical_type)
            # A debate roll is not a chase position nor a melee value (R6): the old
            # numbers go, the new kind of scene orders anew.
            for combatant in enc.combatants:
                ctx.changes.set(combatant, "initiative", None)
        kind = self.scene_type + (
            f" ({enc.tactical_type})" if self.scene_type == "tactical" else ""
        )
        return Outcome(ctx.log(None, self.entry_type, f"the scene is now {kind}", self.inputs()))


@dataclass(frozen=True, slots=True)
class SetGoal(Command):
    """R6 dramatic scene: a goal and a limit (the clock is a status condition, R5)."""

    goal: str
    limit: str = ""
    clock: str | None = None
    clock_scale: Literal["effect", "quantity", "duration", "coverage"] = "duration"

    def run(self, ctx: Context) -> Outcome:
        enc = ctx.view.encounter
        ctx.changes.set(enc, "goal", self.goal)
        ctx.changes.set(enc, "limit", self.limit)
        if self.clock is not None:
            ctx.changes.set(enc, "clock", StatusCondition(name=self.clock, scale=self.clock_scale))
        text = f"goal: {self.goal}" + (f"; limit: {self.limit}" if self.limit else "")
        return Outcome(ctx.log(None, "scene", text, self.inputs()))


@dataclass(frozen=True, slots=True)
class DeclareIntention(Command):
    """R6 dramatic scene: intentions are declared, and may change at any time."""

    combatant: str
    intention: str

    def run(self, ctx: Context) -> Outcome:
        combatant = ctx.view.combatant(self.combatant)
        ctx.changes.set(combatant, "intention", self.intention)
        return Outcome(
            ctx.log(self.combatant, "intention", f"intends to {self.intention}", self.inputs())
        )


@dataclass(frozen=True, slots=True)
class Note(Command):
    text: str
    actor: str | None = None

    def run(self, ctx: Context) -> Outcome:
        return Outcome(ctx.log(self.actor, "note", self.text, self.inputs()))


def relocate_current(ctx: Context, new_order: list[str]) -> None:
    enc = ctx.view.encounter
    actor = ctx.view.actor()
    if list(enc.turn_order) != new_order:
        ctx.changes.mark_every_row()  # every row's place in the order
        if enc.round:
            ctx.changes.set(enc.engine_state, "reordered_in_round", enc.round)
    ctx.changes.replace_list(enc.turn_order, new_order)
    if actor is not None and actor in new_order:
        ctx.changes.set(enc, "current_turn", new_order.index(actor))
    elif enc.current_turn >= len(new_order):
        ctx.changes.set(enc, "current_turn", 0)


@dataclass(frozen=True, slots=True)
class RollInitiative(Command):
    """R6: melee (fixed value, Dexterity, roll-off) or debate (an ability check each).

    Between rounds or in the middle of one (Ruling (ours): those who have acted this round
    do not act again)."""

    seed: int | None = None
    ability: str | None = None
    """Debate: the ability rolled. Ruling (ours): Wits by default."""
    entry_type: ClassVar[str] = "initiative"

    def run(self, ctx: Context) -> Outcome:
        view = ctx.view
        enc = view.encounter
        if enc.scene_type != "tactical":
            raise CommandRefused(
                f"a {enc.scene_type} scene has no initiative: the GM orders actions (R6)"
            )
        if enc.tactical_type == "chase":
            raise CommandRefused("a chase orders by position: set or move the order (R6)")
        pairs = [(c.id, view.character(c)) for c in enc.combatants]
        seed = int(self.seed or 0)
        if enc.tactical_type == "melee":
            entries = initiative.melee_order(pairs, view.rules, seed)
            how = f"melee initiative by {view.rules.initiative_ability}"
        else:
            entries = initiative.debate_order(pairs, view.rules, seed, self.ability or "Wits")
            how = f"debate initiative by a {self.ability or 'Wits'} roll"
        for entry in entries:
            ctx.changes.set(view.by_id[entry.combatant], "initiative", entry.value)
        relocate_current(ctx, [e.combatant for e in entries])
        words = ", ".join(f"{view.by_id[e.combatant].name} {e.value}" for e in entries)
        data = {
            **self.inputs(),
            "order": [{"id": e.combatant, "value": e.value, "detail": e.detail} for e in entries],
        }
        return Outcome(ctx.log(None, self.entry_type, f"{how}: {words}", data))


@dataclass(frozen=True, slots=True)
class SetOrder(Command):
    """R6: a manual order (chase positions, a dramatic scene's order of relevance)."""

    order: tuple[str, ...]
    entry_type: ClassVar[str] = "initiative"

    def run(self, ctx: Context) -> Outcome:
        view = ctx.view
        for combatant_id in self.order:
            view.combatant(combatant_id)
        if len(set(self.order)) != len(self.order):
            raise CommandRefused("the order names a combatant twice")
        actor = view.actor()
        if actor is not None and actor not in self.order:
            raise CommandRefused(f"{name_of(view, actor)} is acting now and must stay in the order")
        relocate_current(ctx, list(self.order))
        words = ", ".join(view.by_id[c].name for c in self.order)
        return Outcome(ctx.log(None, self.entry_type, f"order: {words}", self.inputs()))


@dataclass(frozen=True, slots=True)
class MoveInOrder(Command):
    """R6 chase: move a combatant up (negative steps) or down (positive) the order."""

    combatant: str
    steps: int
    entry_type: ClassVar[str] = "initiative"

    def run(self, ctx: Context) -> Outcome:
        view = ctx.view
        if self.combatant not in view.encounter.turn_order:
            raise CommandRefused(f"{name_of(view, self.combatant)} is not in the turn order")
        new = initiative.move(view.encounter.turn_order, self.combatant, self.steps)
        relocate_current(ctx, new)
        where = "up" if self.steps < 0 else "down"
        place = new.index(self.combatant) + 1
        text = f"{name_of(view, self.combatant)} moves {where} to position {place}"
        return Outcome(ctx.log(None, self.entry_type, text, self.inputs()))


@dataclass(frozen=True, slots=True)
class NextTurn(Command):
    """R6: end the running turn (conditions expire) and give the next; rounds reset."""

    entry_type: ClassVar[str] = "turn"

    def run(self, ctx: Context) -> Outcome:
        view = ctx.view
        require_running(view)
        if view.encounter.scene_type != "tactical":
            raise CommandRefused(
                f"a {view.encounter.scene_type} scene has no turn order: the GM gives the turn"
            )
        advanced = turns.advance(view, ctx.changes, ctx.notes)
        return _turn_outcome(ctx, advanced, self.inputs())


def _turn_outcome(ctx: Context, advanced: turns.Advanced, data: Json) -> Outcome:
    view = ctx.view
    parts = []
    if advanced.new_round:
        parts.append(f"round {view.encounter.round} begins")
    if advanced.skipped:
        names = ", ".join(view.by_id[c].name for c in advanced.skipped)
        parts.append(f"skipped (cannot act): {names}")
    if advanced.actor is not None:
        parts.append(f"{view.by_id[advanced.actor].name}'s turn")
    data = {**data, "actor": advanced.actor, "skipped": list(advanced.skipped)}
    return Outcome(ctx.log(advanced.actor, "turn", ", ".join(parts), data))


@dataclass(frozen=True, slots=True)
class GiveTurn(Command):
    """R6 dramatic scene: the GM gives the turn to whoever is relevant now.

    Ruling (ours): a dramatic scene has no rounds for the table, but the engine counts an
    *exchange* each time everyone in the order of relevance has had a turn, so durations
    in turns and rounds still mean something."""

    combatant: str
    entry_type: ClassVar[str] = "turn"

    def run(self, ctx: Context) -> Outcome:
        view = ctx.view
        enc = view.encounter
        require_running(view)
        if enc.scene_type == "tactical":
            raise CommandRefused("in a tactical scene initiative gives the turns (R6)")
        target = view.combatant(self.combatant)
        if self.combatant not in enc.turn_order:
            ctx.changes.replace_list(enc.turn_order, [*enc.turn_order, self.combatant])
            ctx.changes.mark(self.combatant)  # the others keep their places
        new_round = False
        if enc.round == 0:
            turns.start_round(view, ctx.changes, 1)
            new_round = True
        else:
            current = view.by_id[enc.turn_order[enc.current_turn]]
            if current.last_turn < enc.round:
                turns.end_turn(view, ctx.changes, current, ctx.notes)
            if target.last_turn >= enc.round:
                turns.close_round(view, ctx.changes, ctx.notes)
                new_round = True
        ctx.changes.set(enc, "current_turn", enc.turn_order.index(self.combatant))
        return _turn_outcome(ctx, turns.Advanced(self.combatant, new_round, ()), self.inputs())


# --- actions (R6) ----------


def spend(ctx: Context, combatant_id: str, kind: ActionKind, reaction: bool = False) -> str:
    """Spend one action (R6), or refuse with the reason.

    Ruling (ours): an incapacitated combatant (R5: can decide, cannot act) keeps its free
    actions (a word, a look); conceded and Out of Action ones have none. A full or bonus
    action out of turn (a dodge) must be marked as a reaction; it comes from the same
    budget. Outside a tactical scene there is no budget (R6: the GM orders actions)."""
    view = ctx.view
    require_running(view)
    combatant = view.combatant(combatant_id)
    reason = view.cannot_act(combatant)
    if reason is not None and not (
        kind == "free" and not combatant.conceded and not view.is_out(combatant)
    ):
        raise CommandRefused(reason)
    if kind == "free":
        return "free action"
    if view.encounter.scene_type != "tactical":
        return f"{kind} action"  # R6: no budget outside a tactical scene
    if view.actor() != combatant_id and not reaction:
        raise CommandRefused(
            f"it is not {combatant.name}'s turn (mark it as a reaction to act out of turn)"
        )
    budget = combatant.actions
    have, spent = (
        (budget.full, budget.full_spent)
        if kind == "full"
        else (
            budget.bonus,
            budget.bonus_spent,
        )
    )
    if spent >= have:
        raise CommandRefused(
            f"{combatant.name} has no {kind} action left this round ({spent} of {have} spent)"
        )
    ctx.changes.set(budget, f"{kind}_spent", spent + 1)
    ctx.changes.mark(combatant_id)  # the budget is the combatant's
    return f"{kind} action ({spent + 1} of {have})"


@dataclass(frozen=True, slots=True)
class SpendAction(Command):
    combatant: str
    kind: ActionKind = "full"
    what: str = ""
    reaction: bool = False
    entry_type: ClassVar[str] = "action"

    def run(self, ctx: Context) -> Outcome:
        words = spend(ctx, self.combatant, self.kind, self.reaction)
        text = f"{words}" + (f": {self.what}" if self.what else "")
        return Outcome(ctx.log(self.combatant, self.entry_type, text, self.inputs()))


@dataclass(frozen=True, slots=True)
class AdjustActions(Command):
    """The GM changes this round's budget (effects that add or remove actions, R6)."""

    combatant: str
    full: int = 0
    bonus: int = 0
    entry_type: ClassVar[str] = "action"

    def run(self, ctx: Context) -> Outcome:
        combatant = ctx.view.combatant(self.combatant)
        budget = combatant.actions
        ctx.changes.set(budget, "full", min(100, max(0, budget.full + self.full)))
        ctx.changes.set(budget, "bonus", min(100, max(0, budget.bonus + self.bonus)))
        ctx.changes.mark(self.combatant)
        text = f"actions this round: {budget.full} full, {budget.bonus} bonus"
        return Outcome(ctx.log(self.combatant, self.entry_type, text, self.inputs()))
