"""Action points (FreeD6) and Character/Fate points (OpenD6): R7."""

from __future__ import annotations


def session_action_points(current: int, carry_over: bool) -> int:
    """R7 ruling: "start session" sets a player character's action points to 1; with the
    house rule ``action_points_carry_over`` it adds 1 instead."""
    return current + 1 if carry_over else 1
