"""Turns, rounds and action budgets (R6), and the expiry that rides on them.

Each combatant takes one turn per round, in the turn order. Ending a turn counts down
the conditions anchored on that combatant (R6 durations); ending a round counts down
the "until the end of the next round" ones; starting a round resets every budget to
1 full + 1 bonus action plus the effects that add or remove some (R4, R6).

Ruling (ours): a combatant has at most one turn per round. When the order changes in
the middle of a round (a chase, a re-sort), the rest of the round goes to those who have
not had their turn yet, in the new order.
Ruling (ours): Out of Action and conceded combatants are skipped, but their turn still
passes (their conditions count down).
"""

from __future__ import annotations

from dataclasses import dataclass

from sheets.documents import Combatant
from sheets.encounter.changes import Changes
from sheets.encounter.conditions import describe
from sheets.encounter.durations import ROUND_END
from sheets.encounter.state import CommandRefused, EncounterView

FULL_ACTIONS = 1  # R6: each round, 1 full action
BONUS_ACTIONS = 1  # and 1 bonus action


def expire_anchored(
    view: EncounterView, changes: Changes, anchor: str, turn_round: int, notes: list[str]
) -> None:
    """Remove the conditions anchored on ``anchor`` that end in ``turn_round`` (R6)."""
    bucket = view.anchored.get(anchor)
    if not bucket:
        return
    due = []
    for ref, instance in list(bucket.items()):
        expires = instance.expires_round
        if expires is not None and expires <= turn_round:
            due.append(ref)
        elif instance.remaining_rounds is not None and expires is not None:
            left = expires - turn_round
            if left != instance.remaining_rounds:
                owner_list = view.by_id[ref[0]].conditions
                index = owner_list.index(instance)
                view.replace_instance(
                    changes,
                    ref[0],
                    owner_list,
                    index,
                    instance.model_copy(update={"remaining_rounds": left}),
                )
    for owner, condition_id in sorted(due):
        items = view.by_id[owner].conditions
        for index, instance in enumerate(items):
            if instance.id == condition_id:
                view.remove_instance(changes, owner, items, index)
                notes.append(f"{view.by_id[owner].name}'s {describe(instance)} expired")
                break


def end_turn(view: EncounterView, changes: Changes, combatant: Combatant, notes: list[str]) -> None:
    """The end of ``combatant``'s turn this round (taken or skipped)."""
    turn_round = view.encounter.round
    changes.set(combatant, "last_turn", turn_round)
    expire_anchored(view, changes, combatant.id, turn_round, notes)
    if combatant.help:
        # R6: help is given for one turn. Ruling (ours): unused by its end, it is lost.
        index = 0
        while index < len(combatant.help):
            if combatant.help[index].expires_round <= turn_round:
                lapsed = changes.pop(combatant.help, index)
                changes.mark(combatant.id)
                notes.append(f"{combatant.name}: unused help from {lapsed.helper} lapsed")
            else:
                index += 1


def sweep_overdue(view: EncounterView, changes: Changes, turn_round: int, notes: list[str]) -> None:
    """At a round end: what ends at the round end, and anything whose anchor never had a
    turn (not in the order) -- Ruling (ours): those end with the round they were due in."""
    expire_anchored(view, changes, ROUND_END, turn_round, notes)
    order = set(view.encounter.turn_order)
    for anchor in [a for a in view.anchored if a != ROUND_END and a not in order]:
        expire_anchored(view, changes, anchor, turn_round, notes)


def budget_for(view: EncounterView, combatant: Combatant, turn_round: int) -> tuple[int, int]:
    """R6 + R4: 1 full and 1 bonus action, plus effects for this round."""
    full, bonus = FULL_ACTIONS, BONUS_ACTIONS
    # The two lists straight, not ``view.conditions``' generator: every combatant at every
    # round change (500 of them within a frame, bench/bench_tracker.py).
    for instances in (view.character(combatant).conditions.instances, combatant.conditions):
        for instance in instances:
            modifier = instance.modifier
            if modifier is not None and modifier.from_round == turn_round:
                full += modifier.full_actions
                bonus += modifier.bonus_actions
    return max(0, full), max(0, bonus)


def start_round(view: EncounterView, changes: Changes, new_round: int) -> None:
    changes.set(view.encounter, "round", new_round)
    # Only those who ever held an action effect need their conditions read: at 500
    # combatants that walk was most of a round change (bench/bench_tracker.py).
    watch = view.budget_watch
    for combatant in view.encounter.combatants:
        if combatant.id in watch:
            full, bonus = budget_for(view, combatant, new_round)
        else:
            full, bonus = FULL_ACTIONS, BONUS_ACTIONS
        budget = combatant.actions
        if (budget.full, budget.bonus, budget.full_spent, budget.bonus_spent) != (
            full,
            bonus,
            0,
            0,
        ):
            changes.set_fields(
                budget, {"full": full, "bonus": bonus, "full_spent": 0, "bonus_spent": 0}
            )


@dataclass(frozen=True, slots=True)
class Advanced:
    actor: str | None
    new_round: bool
    skipped: tuple[str, ...]


def _waiting(view: EncounterView, start: int, stop: int) -> int | None:
    order = view.encounter.turn_order
    turn_round = view.encounter.round
    by_id = view.by_id
    for index in range(start, stop):
        if by_id[order[index]].last_turn < turn_round:
            return index
    return None


def next_waiting(view: EncounterView, after: int) -> int | None:
    """The next combatant in the order who has not had a turn this round; after the order
    changed in this round, the first such combatant in the new order (ruling above)."""
    order = view.encounter.turn_order
    if view.encounter.engine_state.reordered_in_round == view.encounter.round:
        after = -1
    found = _waiting(view, after + 1, len(order))
    if found is None:
        found = _waiting(view, 0, min(after + 1, len(order)))
    return found


def advance(view: EncounterView, changes: Changes, notes: list[str]) -> Advanced:
    """End the running turn and give the next one (R6), starting a round when needed."""
    enc = view.encounter
    if enc.state != "running":
        raise CommandRefused("the encounter is not running: start it first")
    if not enc.turn_order:
        raise CommandRefused("there is no turn order yet: roll or set initiative first (R6)")
    new_round = False
    skipped: list[str] = []
    if enc.round == 0:
        start_round(view, changes, 1)
        new_round = True
        index = next_waiting(view, -1)
    else:
        current = view.by_id[enc.turn_order[enc.current_turn]]
        if current.last_turn < enc.round:
            end_turn(view, changes, current, notes)
        index = next_waiting(view, enc.current_turn)
    rounds_started = 0
    while True:
        if index is None:
            rounds_started += 1
            if rounds_started > 1:
                raise CommandRefused(
                    "nobody in the turn order can act: all are Out of Action or conceded (R6)"
                )
            sweep_overdue(view, changes, enc.round, notes)
            start_round(view, changes, enc.round + 1)
            new_round = True
            index = next_waiting(view, -1)
            if index is None:  # pragma: no cover - an order always has someone waiting
                raise CommandRefused("nobody is left to act")
        candidate = view.by_id[enc.turn_order[index]]
        if view.is_active(candidate):
            changes.set(enc, "current_turn", index)
            return Advanced(candidate.id, new_round, tuple(skipped))
        # R6: Out of Action / conceded: the turn is skipped, but it passes.
        skipped.append(candidate.id)
        changes.set(enc, "current_turn", index)
        end_turn(view, changes, candidate, notes)
        index = next_waiting(view, index)


def close_round(view: EncounterView, changes: Changes, notes: list[str]) -> None:
    """End the round now and start the next (a dramatic scene's new exchange)."""
    sweep_overdue(view, changes, view.encounter.round, notes)
    start_round(view, changes, view.encounter.round + 1)
