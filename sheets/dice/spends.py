"""After-roll spends (R3, R7): each takes a finished roll and returns a new, logged one."""

from __future__ import annotations

import random
from typing import Literal

from sheets.dice.pipeline import RollResult, add_dice, roll, roll_seeded
from sheets.dice.spec import RollSpec

ACTION_POINT_DICE = 2  # R7: one action point adds 2D after the roll


def _spend_rng(result: RollResult, rng: random.Random | None) -> random.Random:
    """A spend on a seeded roll draws from a generator derived from that seed, so the
    whole history replays from the one seed the log shows."""
    if rng is not None:
        return rng
    return random.Random(f"{result.seed}:{len(result.spends)}")


def character_point(result: RollResult, rng: random.Random | None = None) -> RollResult:
    """OpenD6 Character Point (R7): one more die, spent after the roll."""
    return add_dice(result, "character_point", 1, _spend_rng(result, rng))


def action_point_dice(result: RollResult, rng: random.Random | None = None) -> RollResult:
    """FreeD6 action point (R7): +2D after the roll."""
    return add_dice(result, "action_point", ACTION_POINT_DICE, _spend_rng(result, rng))


def action_point_reroll(
    result: RollResult,
    rng: random.Random | None = None,
    *,
    keep: Literal["better", "new", "old"] = "better",
) -> RollResult:
    """FreeD6 action point (R7): reroll the whole check and keep either total (the
    better one unless the player says otherwise); the other roll stays in the log."""
    again = roll(result.spec, _spend_rng(result, rng))
    if keep == "better":
        keep = "new" if again.total > result.total else "old"
    kept, other = (again, result) if keep == "new" else (result, again)
    return kept.replace(
        seed=result.seed,
        spends=(*result.spends, "action_point_reroll"),
        other_roll=other,
    )


def replay(result: RollResult) -> RollResult:
    """The same roll again from its seed, spends included (R3 log, R7 spends)."""
    if result.seed is None:
        raise ValueError("a roll without a seed cannot be replayed")
    return replay_spec(result.spec, result.seed, result.spends)


def replay_spec(spec: RollSpec, seed: int, spends: tuple[str, ...] = ()) -> RollResult:
    """The roll of ``spec`` from ``seed`` with ``spends`` made after it, as it was."""
    again = roll_seeded(spec, seed)
    for spend in spends:
        if spend == "character_point":
            again = character_point(again)
        elif spend == "action_point":
            again = action_point_dice(again)
        elif spend == "action_point_reroll":
            again = action_point_reroll(again, keep="better")
        else:
            raise ValueError(f"unknown spend {spend!r}")
    return again
