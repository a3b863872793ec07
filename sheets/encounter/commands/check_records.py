"""The record each check leaves (R4): its id, the ranks it bought and what is spent of
them, kept in the encounter's engine state under ``checks``."""

from __future__ import annotations

from typing import Any

from sheets.documents import CheckRecord
from sheets.encounter.commands.base import Context
from sheets.encounter.state import CommandRefused, EncounterView


def new_check_id(ctx: Context) -> str:
    state = ctx.view.encounter.engine_state
    number = state.next_check
    ctx.changes.set(state, "next_check", number + 1)
    return f"k{number}"


def find_check(view: EncounterView, check_id: str) -> CheckRecord | None:
    """The check's record, or None when the encounter has no such check."""
    return view.encounter.engine_state.checks.get(check_id)


def check_record(ctx: Context, check_id: str) -> CheckRecord:
    record = find_check(ctx.view, check_id)
    if record is None:
        raise CommandRefused(f"there is no check '{check_id}' in this encounter")
    return record


def pay(ctx: Context, check_id: str, cost: int, **update: Any) -> CheckRecord:
    """Spend ``cost`` of the check's ranks (R4), or refuse when it has fewer left."""
    record = check_record(ctx, check_id)
    left = record.ranks_left
    if cost > left:
        raise CommandRefused(f"that costs {cost} rank(s); the check has {left} left (R4)")
    new = record.model_copy(update={"spent": record.spent + cost, **update})
    ctx.changes.put(ctx.view.encounter.engine_state.checks, check_id, new)
    return new
