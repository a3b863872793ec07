"""Who an action is aimed at when the GM has not said (issue 16: the target never
defaults to the actor or one of its allies)."""

from __future__ import annotations

from sheets.encounter.state import EncounterView


def is_opponent(view: EncounterView, actor: str, other: str) -> bool:
    """Another side's combatant (sides compare without case)."""
    return other != actor and view.by_id[other].side.casefold() != view.by_id[actor].side.casefold()


def default_target(view: EncounterView, actor: str, current: str | None = None) -> str | None:
    """The target to offer ``actor``: the one picked already while it is still an opponent
    in the fight, else the first opponent after the actor in the turn order (then in the
    list) who has neither conceded nor gone out (R6); None when nobody is left."""

    def standing(cid: str) -> bool:
        combatant = view.by_id[cid]
        return not combatant.conceded and not view.is_out(combatant)

    if (
        current is not None
        and current in view.by_id
        and is_opponent(view, actor, current)
        and standing(current)
    ):
        return current
    order = list(view.encounter.turn_order)
    placed = set(order)  # a set: 500 combatants, every turn
    order += [c.id for c in view.encounter.combatants if c.id not in placed]
    start = order.index(actor) + 1 if actor in order else 0
    for cid in order[start:] + order[:start]:
        if cid in view.by_id and is_opponent(view, actor, cid) and standing(cid):
            return cid
    return None
