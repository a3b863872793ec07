"""Points spent on a roll in the encounter (R7): an action point, a Character Point or a
Fate Point comes off the sheet when it is used, and back when that spend is undone.

Once used it is gone (OpenD6 "Improving Rolls"): a spend with none left is refused, so a
character with 1 action point cannot spend it twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from sheets.encounter.commands.base import Command, Context, Outcome
from sheets.encounter.state import CommandRefused
from sheets.points import POINT_FIELDS, POINT_WORDS, PointKind


@dataclass(frozen=True, slots=True)
class SpendPoint(Command):
    """``count`` points of ``kind`` off the combatant's sheet (R7); a negative count gives
    them back (a spend taken back in the dice panel)."""

    combatant: str
    kind: PointKind = "action_point"
    count: int = 1
    what: str = ""
    """On what: "+2D", "reroll", "+1D", "doubled dice"."""
    entry_type: ClassVar[str] = "points"

    def run(self, ctx: Context) -> Outcome:
        combatant = ctx.view.combatant(self.combatant)
        sheet = ctx.view.character(combatant)
        field = POINT_FIELDS[self.kind]
        have = int(getattr(sheet, field))
        one, many = POINT_WORDS[self.kind]
        if self.count == 0:
            raise CommandRefused("no points to spend")
        if have - self.count < 0:
            raise CommandRefused(
                f"{combatant.name} has {have} {one if have == 1 else many} left (R7)"
            )
        ctx.changes.set(sheet, field, have - self.count)
        ctx.touch(combatant)
        if self.count > 0:
            words = f"spends {self.count} {one if self.count == 1 else many}"
        else:
            words = f"gets {-self.count} {one if self.count == -1 else many} back"
        if self.what:
            words += f" ({self.what})"
        words += f": {have - self.count} left"
        return Outcome(ctx.log(self.combatant, self.entry_type, words, self.inputs()))
