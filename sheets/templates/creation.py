"""A new character's budget (issue 15): dice left, and every way the choice breaks the
template's limits, in plain words. Nothing is clamped: the creator decides."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sheets.dice import DieCode
from sheets.documents.character import Character
from sheets.templates.model import GameTemplate


def code_of(pips: int) -> DieCode:
    """R1: pips as a normalised die code (7 pips = 2D+1)."""
    return DieCode(pips // 3, pips % 3)


@dataclass(frozen=True)
class CreationCount:
    """What a creation choice spends and what it breaks."""

    attribute_left: int
    """Attribute pips left (negative: over budget)."""
    skill_left: int
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def count_creation(
    template: GameTemplate, attributes: Mapping[str, int], skills: Mapping[str, int]
) -> CreationCount:
    """Count the pips put in attributes and added to skills against the template's budget."""
    problems: list[str] = []
    spent_attributes = 0
    for spec in template.attributes:
        pips = attributes.get(spec.name, spec.min_pips)
        spent_attributes += pips
        if pips < spec.min_pips:
            problems.append(f"{spec.name} is below its lowest, {code_of(spec.min_pips)}")
        if pips > spec.max_pips:
            problems.append(f"{spec.name} is above its highest, {code_of(spec.max_pips)}")
    spent_skills = 0
    for name, pips in skills.items():
        spent_skills += pips
        if pips < 0:
            problems.append(f"{name} has fewer than no dice added")
        if pips > template.budget.max_skill_pips:
            problems.append(
                f"{name} gets more than {code_of(template.budget.max_skill_pips)} at creation"
            )
    attribute_left = template.budget.attribute_pips - spent_attributes
    skill_left = template.budget.skill_pips - spent_skills
    if attribute_left < 0:
        problems.append(f"{code_of(-attribute_left)} too many in attributes")
    if skill_left < 0:
        problems.append(f"{code_of(-skill_left)} too many in skills")
    return CreationCount(attribute_left, skill_left, tuple(problems))


def create_character(
    template: GameTemplate,
    name: str,
    attributes: Mapping[str, int],
    skills: Mapping[str, int],
) -> Character:
    """The guided creation's result: the template's attributes at the chosen pips, each
    skill with added dice under its attribute, and the derived values filled in (body
    points from the strength attribute, R10; Move from the template)."""
    from sheets.damage import default_body_points
    from sheets.documents.character import Skill, new_character

    character = new_character(name, "character", template=template)
    for ability in character.abilities:
        spec = template.attribute(ability.name)
        assert spec is not None
        ability.code = code_of(attributes.get(spec.name, spec.min_pips))
        ability.skills = [
            Skill(name=skill, code=code_of(skills[skill]))
            for skill in spec.skills
            if skills.get(skill, 0) > 0
        ]
    if template.damage_system == "body_points":
        strength = character.ability(template.strength_attribute)
        fixed = strength.code.fixed_value if strength is not None else 0
        character.body_points_max = default_body_points(fixed)
    return Character.model_validate(character.model_dump())
