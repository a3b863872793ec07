"""What a roll is: the immutable specification of R3's pipeline for one check."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, get_args

from sheets.dice.codes import DieCode
from sheets.records import FrozenRecord

CriticalFailure = Literal["complication", "zero", "drop_highest"]
CRITICAL_FAILURE_RULES: tuple[CriticalFailure, ...] = get_args(CriticalFailure)
DIE_SIDES = (4, 6, 8, 10, 12, 20)  # R3: other dice may replace D6 by effect
SUCCESS_FACE = 3  # R3 success counting: every die showing 3+ is one success


class RollSpec(FrozenRecord):
    """Every option of R3 for one check. Construct by keyword; a die code may be text."""

    __slots__ = (
        "advantage",
        "boost",
        "code",
        "count_successes",
        "critical_failure",
        "disadvantage",
        "flips",
        "luck",
        "modifier",
        "penalty",
        "sides",
        "wild_dice",
    )
    code: DieCode
    wild_dice: int  # R3 step 2, setting `wild_dice`; +/-WD effects change it
    critical_failure: CriticalFailure  # R3 step 3 setting
    luck: bool  # R3 step 1: a Luck/Fate point doubles the dice
    advantage: int  # R3 step 4: instances, cancelled one for one
    disadvantage: int
    boost: int  # R3 step 5: Bk and Pk cancel one for one
    penalty: int
    flips: frozenset[int]  # R3 step 6: faces F1..F6 (F1..Fsides)
    sides: int
    modifier: int  # R3 step 7: value modifiers after the roll
    count_successes: bool  # R3: D6 Legend success counting

    def __init__(
        self,
        *,
        code: DieCode | str,
        wild_dice: int = 1,
        critical_failure: CriticalFailure = "complication",
        luck: bool = False,
        advantage: int = 0,
        disadvantage: int = 0,
        boost: int = 0,
        penalty: int = 0,
        flips: Iterable[int] = frozenset(),
        sides: int = 6,
        modifier: int = 0,
        count_successes: bool = False,
    ) -> None:
        if isinstance(code, str):
            code = DieCode.parse(code)
        elif not isinstance(code, DieCode):
            raise ValueError(f"code must be a die code like 3D+2, not {code!r}")
        values = (
            code,
            wild_dice,
            critical_failure,
            luck,
            advantage,
            disadvantage,
            boost,
            penalty,
            frozenset(flips),
            sides,
            modifier,
            count_successes,
        )
        for name, value in zip(self._fields, values, strict=True):
            object.__setattr__(self, name, value)
        for name in ("wild_dice", "advantage", "disadvantage", "boost", "penalty", "modifier"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{name.replace('_', ' ')} must be a whole number")
        for name in ("advantage", "disadvantage", "boost", "penalty"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} counts instances and cannot be negative")
        if self.sides not in DIE_SIDES:
            sides_list = ", ".join(f"D{s}" for s in DIE_SIDES)
            raise ValueError(f"dice have {sides_list} sides, not {self.sides}")
        if self.critical_failure not in CRITICAL_FAILURE_RULES:
            raise ValueError(
                f"critical failure rule {self.critical_failure!r} is not one of "
                + ", ".join(CRITICAL_FAILURE_RULES)
            )
        bad = sorted(f for f in self.flips if not 1 <= f <= self.sides)
        if bad:
            raise ValueError(f"flip F{bad[0]} is not a face of a D{self.sides}")

    # Derived quantities: each names the R3 step that decides it.

    @property
    def pool(self) -> int:
        """Dice in one set after R3 step 1 (luck doubles dice, never pips)."""
        return self.code.rolled_dice * (2 if self.luck else 1)

    @property
    def wild_count(self) -> int:
        """R3 step 2: W is clamped to 0..N."""
        return min(max(self.wild_dice, 0), self.pool)

    @property
    def advantage_sign(self) -> int:
        """R3 step 4 ruling: instances cancel one for one; what remains applies once."""
        net = self.advantage - self.disadvantage
        return (net > 0) - (net < 0)

    @property
    def net_boost(self) -> int:
        """R3 step 5: positive for Boost dice, negative for Penalty dice."""
        return self.boost - self.penalty

    @property
    def added_pips(self) -> int:
        """R3 step 7 pips; success counting uses none, and a code below 0D rolls nothing."""
        if self.count_successes or self.code.dice < 0:
            return 0
        return self.code.pips

    def flip(self, face: int) -> int:
        """R3 step 6: a listed face becomes sides + 1 - face, judged on the rolled face."""
        return self.sides + 1 - face if face in self.flips else face
