"""Advancement: Character Points spent to raise an attribute, a skill or a specialization
by one pip (OpenD6 "Improving Characters"), and the log a sheet keeps of it.

OpenD6 default costs: a skill pip costs the number before the D of the skill's current
total (ability + skill, R2), a specialization half that rounded up, an attribute ten times
the number before its D. A template may set other multipliers (``AdvancementCosts``).
Three pips make the next die (R1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from pydantic import Field

from sheets.dice import DieCode
from sheets.documents.character import Ability, Character, Skill, Specialization
from sheets.documents.common import Part
from sheets.skills import CheckNotPossible, check_dice

Level = Literal["ability", "skill", "specialization"]
MIN_COST: Final = 1  # raising a 0D skill still costs a point


class AdvancementCosts(Part):
    """How many Character Points one pip costs, as multiples of the number before the D."""

    skill: int = Field(default=1, ge=1, le=100)
    """A skill pip: this times the dice of the skill's total (OpenD6: 1)."""
    specialization_divisor: int = Field(default=2, ge=1, le=10)
    """A specialization pip: the skill's cost divided by this, rounded up (OpenD6: 2)."""
    attribute: int = Field(default=10, ge=1, le=100)
    """An attribute pip: this times the attribute's dice (OpenD6: 10)."""


OPEND6_COSTS: Final = AdvancementCosts()


@dataclass(frozen=True, slots=True)
class Raise:
    """One pip more on one row of the sheet, what it costs and what it becomes."""

    level: Level
    label: str
    """``Dexterity: Dodge``: the row as the log names it."""
    before: DieCode
    after: DieCode
    cost: int


def one_pip_more(code: DieCode) -> DieCode:
    """R1: one pip more; the third pip makes the next die."""
    return DieCode.from_pips(code.fixed_value + 1)


def raise_of(
    character: Character,
    ability: Ability,
    skill: Skill | None = None,
    specialization: Specialization | None = None,
    costs: AdvancementCosts = OPEND6_COSTS,
) -> Raise:
    """What raising this row by one pip costs (the row's own code goes up one pip)."""
    if skill is None:
        dice = ability.code.dice
        cost = max(MIN_COST, costs.attribute * dice)
        return Raise("ability", ability.name, ability.code, one_pip_more(ability.code), cost)
    try:  # OpenD6 counts the skill's total: ability + skill (R2)
        total = check_dice(character, skill.name, ability=ability.name).code
    except CheckNotPossible:
        total = ability.code + skill.code
    skill_cost = max(MIN_COST, costs.skill * total.dice)
    if specialization is None:
        label = f"{ability.name}: {skill.name}"
        return Raise("skill", label, skill.code, one_pip_more(skill.code), skill_cost)
    cost = max(MIN_COST, -(-skill_cost // costs.specialization_divisor))
    label = f"{ability.name}: {skill.name}: {specialization.name}"
    code = specialization.code
    return Raise("specialization", label, code, one_pip_more(code), cost)


def refusal(character: Character, step: Raise) -> str | None:
    """Why the character cannot pay for ``step`` (plain words), or None."""
    if character.character_points < step.cost:
        return (
            f"Raising {step.label} to {step.after} costs {step.cost} Character Points; "
            f"{character.name} has {character.character_points}."
        )
    return None
