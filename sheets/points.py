"""Action points (FreeD6) and Character/Fate points (OpenD6): R7."""

from __future__ import annotations

from typing import Final, Literal


def session_action_points(current: int, carry_over: bool) -> int:
    """R7 ruling: "start session" sets a player character's action points to 1; with the
    house rule ``action_points_carry_over`` it adds 1 instead."""
    return current + 1 if carry_over else 1


PointKind = Literal["action_point", "character_point", "fate_point"]
"""A point spent on a roll (R3, R7): an action point, a Character Point, a Fate Point."""

POINT_FIELDS: Final[dict[PointKind, str]] = {
    "action_point": "action_points",
    "character_point": "character_points",
    "fate_point": "fate_points",
}
"""The sheet field that holds each kind of point."""

POINT_WORDS: Final[dict[PointKind, tuple[str, str]]] = {
    "action_point": ("action point", "action points"),
    "character_point": ("Character Point", "Character Points"),
    "fate_point": ("Fate Point", "Fate Points"),
}
"""Each kind in words: one, many."""
