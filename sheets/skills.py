"""The die code of an ability or skill check, with the R2 fallback.

R2: check value = ability + skill + specialization. No specialization ranks -> the skill;
no skill ranks -> the bare ability (an ability check); a specialization may be held
without its skill. A trained-only skill or specialization never falls back to the bare
ability. No ability -> the check cannot be made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sheets.dice import DieCode
from sheets.documents.character import Ability, Character, Skill, Specialization

CheckLevel = Literal["specialization", "skill", "ability"]


class CheckNotPossible(ValueError):
    """The check cannot be made; the message says why in the player's words (R2)."""


@dataclass(frozen=True, slots=True)
class CheckDice:
    """The die code of a check and what it is made of."""

    code: DieCode
    ability: str
    skill: str | None
    """The skill asked for (even when it had no ranks and the check fell back)."""
    specialization: str | None
    level: CheckLevel
    """The most specific level with ranks: ``ability`` means a bare ability check."""
    parts: tuple[tuple[str, DieCode], ...]
    """The named codes that were added (R1), in order: ability, skill, specialization."""

    def describe(self) -> str:
        """``Dexterity 3D+1 + Dodge 1D = 4D+1``: how the code was found."""
        added = " + ".join(f"{name} {code}" for name, code in self.parts)
        return f"{added} = {self.code}" if len(self.parts) > 1 else added


def _has_ranks(entry: Skill | Specialization | None) -> bool:
    return entry is not None and entry.code.total_pips > 0


def _find_skill(
    character: Character, skill: str, ability: str | None
) -> tuple[Ability | None, Skill | None]:
    found = character.skills_named(skill)
    if ability is not None:
        for parent, entry in found:
            if parent.name.casefold() == ability.strip().casefold():
                return parent, entry
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        parents = " and ".join(parent.name for parent, _ in found)
        raise CheckNotPossible(
            f"{character.name} has a skill '{skill}' under {parents}: say which ability to use"
        )
    return None, None


def _find_specialization(
    character: Character, specialization: str
) -> tuple[Ability | None, Skill | None, Specialization | None]:
    found = [
        (ability, skill, entry)
        for ability in character.abilities
        for skill in ability.skills
        if (entry := skill.specialization(specialization)) is not None
    ]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        raise CheckNotPossible(
            f"{character.name} has more than one specialization '{specialization}': "
            "say which skill it belongs to"
        )
    return None, None, None


def check_dice(
    character: Character,
    skill: str | None = None,
    specialization: str | None = None,
    *,
    ability: str | None = None,
    trained_only: bool = False,
) -> CheckDice:
    """The die code for a check on ``character`` (R2), with the fallback applied.

    ``ability`` names the ability to add; by default the skill's own. The GM may call for a
    skill with another ability (R2), and a skill the sheet does not list is an ability
    check on ``ability``. ``trained_only`` marks the asked skill as needing training even
    when the sheet does not list it. Raises ``CheckNotPossible`` saying why.
    """
    parent: Ability | None = None
    skill_entry: Skill | None = None
    spec_entry: Specialization | None = None
    if skill is not None:
        parent, skill_entry = _find_skill(character, skill, ability)
        if skill_entry is not None and specialization is not None:
            spec_entry = skill_entry.specialization(specialization)
    elif specialization is not None:
        parent, skill_entry, spec_entry = _find_specialization(character, specialization)

    ability_name = ability if ability is not None else (parent.name if parent else None)
    if ability_name is None:
        asked = skill if skill is not None else specialization
        raise CheckNotPossible(
            f"{character.name} has no skill or specialization '{asked}': "
            "name the ability to make an ability check instead (R2)"
        )
    ability_entry = character.ability(ability_name)
    if ability_entry is None:
        raise CheckNotPossible(
            f"{character.name} has no {ability_name.strip()} ability, "
            "so the check cannot be made (R2)"
        )

    skill_ranks = _has_ranks(skill_entry)
    spec_ranks = _has_ranks(spec_entry)
    needs_training = (
        trained_only
        or (skill_entry is not None and skill_entry.trained_only)
        or (spec_entry is not None and spec_entry.trained_only)
    )
    if needs_training and not skill_ranks and not spec_ranks:
        asked = " / ".join(name for name in (skill, specialization) if name)
        raise CheckNotPossible(
            f"{asked} is trained only and {character.name} has no ranks in it: "
            f"no fallback to the bare {ability_entry.name} (R2)"
        )

    parts: list[tuple[str, DieCode]] = [(ability_entry.name, ability_entry.code)]
    level: CheckLevel = "ability"
    if skill_ranks and skill_entry is not None:
        parts.append((skill_entry.name, skill_entry.code))
        level = "skill"
    if spec_ranks and spec_entry is not None:
        parts.append((spec_entry.name, spec_entry.code))
        level = "specialization"
    total = sum((code for _, code in parts), DieCode())  # R1 addition
    return CheckDice(
        code=total,
        ability=ability_entry.name,
        skill=skill_entry.name if skill_entry is not None else skill,
        specialization=spec_entry.name if spec_entry is not None else specialization,
        level=level,
        parts=tuple(parts),
    )
