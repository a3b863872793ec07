"""How a campaign rolls a check before anyone changes an option: its house rules' Wild
Dice and critical 1 (R3 settings) and its game's way of reading the dice (R3: D6 Legend
counts successes). The dice panel, the sheet's Chance column and a sheet's roll all read
this one object, so they never disagree about what a check is."""

from __future__ import annotations

from sheets.dice.codes import DieCode
from sheets.dice.spec import CriticalFailure, RollSpec
from sheets.records import FrozenRecord


class CheckDefaults(FrozenRecord):
    __slots__ = ("count_successes", "critical_failure", "wild_dice")
    wild_dice: int  # R3 step 2 setting `wild_dice`
    critical_failure: CriticalFailure  # R3 step 3 setting
    count_successes: bool  # R3 success counting: the game's mode (D6 Legend)

    def __init__(
        self,
        wild_dice: int = 1,
        critical_failure: CriticalFailure = "complication",
        count_successes: bool = False,
    ) -> None:
        object.__setattr__(self, "wild_dice", wild_dice)
        object.__setattr__(self, "critical_failure", critical_failure)
        object.__setattr__(self, "count_successes", count_successes)

    def spec(self, code: DieCode, *, effect: bool = False) -> RollSpec:
        """The roll of ``code`` with these defaults. An effect roll (R4: damage, against
        nothing) is a total even where checks count successes. Ruling (ours): R3 makes
        success counting a way to meet a difficulty, and an effect roll has none."""
        return RollSpec(
            code=code,
            wild_dice=self.wild_dice,
            critical_failure=self.critical_failure,
            count_successes=self.count_successes and not effect,
        )
