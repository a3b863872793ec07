"""OpenD6 multiple actions: declaring several actions in a round costs dice."""

from __future__ import annotations

from typing import Final

from sheets.dice import DieCode

MAX_DECLARED_ACTIONS: Final = 6


def multiple_action_dice(actions: int) -> int:
    """OpenD6 "Multiple Actions": every roll of the round loses 1D for each action declared
    beyond the first (three actions: -2D on each)."""
    return max(0, actions - 1)


def with_multiple_actions(code: DieCode, actions: int) -> DieCode:
    """``code`` less the multiple-action dice; never below 0D (the pips stay)."""
    lost = multiple_action_dice(actions)
    return DieCode(max(0, code.dice - lost), code.pips if code.dice - lost >= 0 else 0)
