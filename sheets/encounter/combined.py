"""Combined actions (R6): a helper's skill + specialization dice join the primary check.

The helper's skill and specialization codes are added (R1), the pips dropped, and the
whole dice join the primary's check as Boost dice (enhance) or Penalty dice (blunt).
Helping another applies in the same turn; helping yourself readies the dice for your
next turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheets.dice import DieCode
from sheets.documents import Character
from sheets.encounter.state import CommandRefused


@dataclass(frozen=True, slots=True)
class HelpDice:
    dice: int
    words: str


def help_dice(character: Character, skill: str, specialization: str | None = None) -> HelpDice:
    """R6: skill + specialization dice, whole dice only (the ability does not count)."""
    found = character.skills_named(skill)
    if not found:
        raise CommandRefused(
            f"{character.name} has no skill '{skill}': a helper adds skill and "
            "specialization dice (R6)"
        )
    _, entry = found[0]
    total = entry.code
    words = f"{entry.name} {entry.code}"
    if specialization:
        spec = entry.specialization(specialization)
        if spec is None:
            raise CommandRefused(
                f"{character.name} has no specialization '{specialization}' under {entry.name}"
            )
        total = total + spec.code
        words += f" + {spec.name} {spec.code}"
    whole = DieCode(max(0, total.dice), 0) if total.dice > 0 else DieCode()
    return HelpDice(whole.dice, f"{words} = {whole.dice} whole dice")
