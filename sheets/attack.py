"""A weapon's attack and damage from the sheet (issue 15): the skill a weapon is used with
is picked from the sheet's own abilities, skills and specializations, and its attack is
that row's R2 total; the damage is the weapon's code (plus Strength Damage for a
Strength weapon, OpenD6 STR+XD).

``Weapon.skill`` stays a name (older files and the tracker read it as one): the name of a
skill, else of a specialization, else of an ability on this sheet. A name that matches
nothing on the sheet (typed before the picker, or from another sheet) is kept as it is and
the attack falls back to the bare ability such a skill stands on (R2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sheets.dice import DieCode
from sheets.documents.character import Character, Weapon
from sheets.encounter.defence import attack_ability
from sheets.skills import CheckDice, CheckNotPossible, check_dice

ChoiceLevel = Literal["ability", "skill", "specialization"]


@dataclass(frozen=True, slots=True)
class SkillChoice:
    """One row a weapon's skill can be picked from, in the sheet's order."""

    name: str
    """What ``Weapon.skill`` stores."""
    level: ChoiceLevel
    code: DieCode | None
    """The row's R2 total; None when it cannot be rolled (trained only, no ranks)."""


def skill_choices(character: Character) -> list[SkillChoice]:
    """Every ability, skill and specialization on the sheet, tree order, with its total."""
    found: list[SkillChoice] = []
    for ability in character.abilities:
        found.append(SkillChoice(ability.name, "ability", ability.code))
        for skill in ability.skills:
            found.append(
                SkillChoice(skill.name, "skill", _total(character, ability.name, skill.name))
            )
            for spec in skill.specializations:
                code = _total(character, ability.name, skill.name, spec.name)
                found.append(SkillChoice(spec.name, "specialization", code))
    return found


def _total(
    character: Character, ability: str, skill: str, specialization: str | None = None
) -> DieCode | None:
    try:
        return check_dice(character, skill, specialization, ability=ability).code
    except CheckNotPossible:
        return None


def on_sheet(character: Character, name: str) -> bool:
    """True if ``name`` is one of the sheet's abilities, skills or specializations."""
    wanted = name.strip().casefold()
    return any(choice.name.casefold() == wanted for choice in skill_choices(character))


@dataclass(frozen=True, slots=True)
class AttackRow:
    """The sheet row a weapon attacks with, as ``check_dice`` takes it: a skill, a skill's
    specialization, or a bare ability (R2)."""

    skill: str | None
    specialization: str | None
    ability: str | None


def attack_row(character: Character, weapon: Weapon) -> AttackRow | None:
    """The row ``weapon.skill`` names on this sheet: a skill (under its first ability when
    two list it), else a specialization, else an ability; else the bare ability the weapon's
    kind falls back on (R2). None: no row and no ability to fall back on."""
    name = weapon.skill.strip()
    if name:
        skills = character.skills_named(name)
        if skills:
            return AttackRow(name, None, skills[0][0].name)
        for ability in character.abilities:
            for skill in ability.skills:
                spec = skill.specialization(name)
                if spec is not None:
                    return AttackRow(skill.name, spec.name, ability.name)
        found = character.ability(name)
        if found is not None:  # a bare ability (R2 ability check)
            return AttackRow(None, None, found.name)
    fallback = attack_ability(character, weapon)
    if fallback is None:
        return None
    return AttackRow(name or None, None, fallback)  # R2: the bare ability


def attack_check(character: Character, weapon: Weapon) -> CheckDice:
    """The attack roll with ``weapon`` (R2 total of its skill's row). Raises
    ``CheckNotPossible`` saying why, in the player's words."""
    row = attack_row(character, weapon)
    if row is None:
        name = weapon.skill.strip()
        raise CheckNotPossible(
            f"{character.name} has no {name or 'skill'} for the {weapon.name} and no "
            "ability to fall back on: pick the weapon's skill (R2)"
        )
    return check_dice(character, row.skill, row.specialization, ability=row.ability)


def attack_damage(character: Character, weapon: Weapon) -> DieCode:
    """The damage roll (R4 effect roll): the weapon's code, plus the wielder's Strength
    Damage for a Strength weapon (OpenD6 STR+XD)."""
    if weapon.strength_damage:
        return weapon.damage + character.strength_damage()
    return weapon.damage
