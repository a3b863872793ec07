"""The record each check leaves (R4): its id, the ranks it bought and what is spent of
them, kept in the encounter's engine state under ``checks``."""

from __future__ import annotations

from typing import Any

from sheets.encounter.commands.base import Context
from sheets.encounter.state import CommandRefused, EncounterView


def checks_of(view: EncounterView) -> dict[str, Any]:
    checks = view.encounter.engine_state.get("checks")
    return checks if isinstance(checks, dict) else {}


def ensure_checks(ctx: Context) -> dict[str, Any]:
    state = ctx.view.encounter.engine_state
    if not isinstance(state.get("checks"), dict):
        ctx.changes.put(state, "checks", {})
    checks = state["checks"]
    assert isinstance(checks, dict)
    return checks


def new_check_id(ctx: Context) -> str:
    state = ctx.view.encounter.engine_state
    number = state.get("next_check", 1)
    number = number if isinstance(number, int) else 1
    ctx.changes.put(state, "next_check", number + 1)
    return f"k{number}"


def find_check(view: EncounterView, check_id: str) -> dict[str, Any] | None:
    """The check's record, or None when the encounter has no such check."""
    record = checks_of(view).get(check_id)
    return record if isinstance(record, dict) else None


def check_record(ctx: Context, check_id: str) -> dict[str, Any]:
    record = find_check(ctx.view, check_id)
    if record is None:
        raise CommandRefused(f"there is no check '{check_id}' in this encounter")
    return record


def pay(ctx: Context, check_id: str, cost: int, **update: Any) -> dict[str, Any]:
    record = check_record(ctx, check_id)
    left = int(record["ranks"]) - int(record["spent"])
    if cost > left:
        raise CommandRefused(f"that costs {cost} rank(s); the check has {left} left (R4)")
    new = {**record, "spent": int(record["spent"]) + cost, **update}
    ctx.changes.put(checks_of(ctx.view), check_id, new)
    return new
