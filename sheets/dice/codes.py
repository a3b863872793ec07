"""Die codes (R1): ``ND+P``, N six-sided dice plus P pips, P in {0, 1, 2} once normalised."""

from __future__ import annotations

import re
from functools import total_ordering

from sheets.records import FrozenRecord

PIPS_PER_DIE = 3  # R1: every 3 pips become 1D; the fixed value of 1D is 3.

# `3D+2`, `3d6+2`, `4D`, `2D-1`, `-1D`, `3 D + 2`: the D and an optional 6 after it.
_CODE = re.compile(
    r"""^\s*(?P<sign>[+-])?\s*(?P<dice>\d+)\s*[dD]\s*(?P<sides>\d+)?
        \s*(?:(?P<psign>[+-])\s*(?P<pips>\d+))?\s*$""",
    re.VERBOSE,
)
# A bare signed number is a pips-only code, as effects write it (R1: `-2`).
_PIPS_ONLY = re.compile(r"^\s*(?P<sign>[+-])\s*(?P<pips>\d+)\s*$")
_MAX_DIGITS = 6  # a die code of a million dice is a typo, not a roll
MAX_DICE = 120
"""The most dice a die code may have: more is a typo, not a roll (99999D was taken)."""


@total_ordering
class DieCode(FrozenRecord):
    """An immutable, normalised die code. Ordered by fixed value; hashable.

    Stored as whole dice and pips with ``0 <= pips <= 2``; negative codes (effects such as
    ``-1D``) keep the pips non-negative, so ``-2`` pips is ``-1D+1`` (fixed value -2).
    """

    __slots__ = ("dice", "pips")
    dice: int
    pips: int

    def __init__(self, dice: int = 0, pips: int = 0) -> None:
        total = dice * PIPS_PER_DIE + pips  # R1: add dice, add pips, every 3 pips = 1D
        object.__setattr__(self, "dice", total // PIPS_PER_DIE)
        object.__setattr__(self, "pips", total % PIPS_PER_DIE)

    @classmethod
    def from_pips(cls, total_pips: int) -> DieCode:
        """The code worth ``total_pips`` pips (3 pips per die), as od6s stores codes."""
        return cls(0, total_pips)

    @classmethod
    def parse(cls, text: str) -> DieCode:
        """Read a die code written the way players write them (R1).

        Raises ``ValueError`` naming the text when it is not a die code.
        """
        if not isinstance(text, str):
            raise ValueError(f"die code {text!r} is not text like 3D+2")
        clean = text.replace("\u2212", "-")  # a typographic minus from a PDF or web page
        match = _CODE.match(clean)
        if match is not None:
            if match["sides"] is not None and match["sides"] != "6":
                raise ValueError(
                    f"die code {text!r} uses d{match['sides']}: die codes count six-sided "
                    "dice; choose other dice with the die sides option"
                )
            if len(match["dice"]) > _MAX_DIGITS or len(match["pips"] or "") > _MAX_DIGITS:
                raise ValueError(f"die code {text!r} is too large")
            dice = int(match["dice"]) * (-1 if match["sign"] == "-" else 1)
            pips = int(match["pips"] or 0) * (-1 if match["psign"] == "-" else 1)
            if abs(dice) > MAX_DICE:
                raise ValueError(
                    f"die code {text!r} has more than {MAX_DICE} dice: a typo? (at most "
                    f"{MAX_DICE}D)"
                )
            return cls(dice, pips)
        match = _PIPS_ONLY.match(clean)
        if match is not None and len(match["pips"]) <= _MAX_DIGITS:
            return cls(0, int(match["pips"]) * (-1 if match["sign"] == "-" else 1))
        raise ValueError(f"die code {text!r} is not a die code like 3D+2")

    @property
    def total_pips(self) -> int:
        """The code counted in pips: 3 per die plus the pips."""
        return self.dice * PIPS_PER_DIE + self.pips

    @property
    def fixed_value(self) -> int:
        """R1: fixed value = 3 x dice + pips (``2D+2`` is 8)."""
        return self.total_pips

    @property
    def rolled_dice(self) -> int:
        """How many dice the code rolls: never fewer than 0 (R1)."""
        return max(0, self.dice)

    def without_pips(self) -> DieCode:
        """Whole dice only, as a helper's dice join a combined action (R6)."""
        return DieCode(self.dice, 0)

    def __add__(self, other: object) -> DieCode:
        if isinstance(other, DieCode):
            return DieCode(0, self.total_pips + other.total_pips)
        if isinstance(other, int) and not isinstance(other, bool):
            return DieCode(0, self.total_pips + other)  # R1: advancing by pips
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other: object) -> DieCode:
        if isinstance(other, DieCode):
            return DieCode(0, self.total_pips - other.total_pips)
        if isinstance(other, int) and not isinstance(other, bool):
            return DieCode(0, self.total_pips - other)
        return NotImplemented

    def __neg__(self) -> DieCode:
        return DieCode(0, -self.total_pips)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, DieCode):
            return NotImplemented
        return self.total_pips < other.total_pips

    def __bool__(self) -> bool:
        return self.total_pips != 0

    def __str__(self) -> str:
        if self.dice == 0 and self.pips:
            return f"+{self.pips}"  # a pips-only bonus reads as one
        return f"{self.dice}D+{self.pips}" if self.pips else f"{self.dice}D"

    def __repr__(self) -> str:
        return f"DieCode({str(self)!r})"
