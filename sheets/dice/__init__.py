"""Dice: die codes (R1), the roll pipeline (R3) and after-roll spends (R3, R7)."""

from sheets.dice.check_defaults import CheckDefaults
from sheets.dice.codes import PIPS_PER_DIE, DieCode
from sheets.dice.pipeline import (
    CHAIN_CAP,
    DieKind,
    DieRoll,
    DropReason,
    RollResult,
    new_seed,
    roll,
    roll_seeded,
)
from sheets.dice.spec import (
    CRITICAL_FAILURE_RULES,
    DIE_SIDES,
    SUCCESS_FACE,
    CriticalFailure,
    RollSpec,
)
from sheets.dice.spends import action_point_dice, action_point_reroll, character_point

__all__ = [
    "CHAIN_CAP",
    "CRITICAL_FAILURE_RULES",
    "DIE_SIDES",
    "PIPS_PER_DIE",
    "SUCCESS_FACE",
    "CheckDefaults",
    "CriticalFailure",
    "DieCode",
    "DieKind",
    "DieRoll",
    "DropReason",
    "RollResult",
    "RollSpec",
    "action_point_dice",
    "action_point_reroll",
    "character_point",
    "new_seed",
    "roll",
    "roll_seeded",
]
