"""What a target resists a check with, when the GM has not said (R4 active resistance).

Issue 16: a target with no Dodge resisted a pistol with Strength, the first ability on its
sheet. The resistance follows the kind of action instead: a ranged attack is dodged, a
melee attack parried or fought off, a social check (Presence or Wits, R5 Composure) met
with discipline or insight. Where the sheet lacks every defence skill, the bare ability
that skill stands on resists (R2: a skill falls back to its ability).
"""

from __future__ import annotations

from typing import Final, Literal

from sheets.documents import Character, Weapon

Defence = Literal["ranged", "melee", "social", "none"]
"""How a check is resisted: ``none`` when it is not aimed at anyone's defence."""

# Skills first (the first the target has wins), then the abilities they stand on.
DEFENCE_SKILLS: Final[dict[Defence, tuple[str, ...]]] = {
    "ranged": ("Dodge",),
    "melee": ("Melee Parry", "Brawling Parry", "Melee Combat", "Brawling", "Fighting", "Dodge"),
    # R5: Composure damage is resisted with discipline or insight.
    "social": ("Discipline", "Willpower", "Insight"),
    "none": (),
}
DEFENCE_ABILITIES: Final[dict[Defence, tuple[str, ...]]] = {
    "ranged": ("Dexterity", "Agility", "Reflexes", "Coordination"),
    "melee": ("Dexterity", "Agility", "Reflexes", "Coordination", "Strength", "Physique"),
    "social": ("Presence", "Wits", "Willpower", "Charisma", "Acumen", "Knowledge"),
    "none": (),
}
# R5: social checks come from Wits or Presence (OpenD6 sheets: Charisma, Acumen).
SOCIAL_ABILITIES: Final = frozenset({"presence", "wits", "charisma", "acumen"})

_MELEE_SKILLS: Final = frozenset(
    name.casefold() for name in DEFENCE_SKILLS["melee"] if name != "Dodge"
)

ResistPick = tuple[str | None, None, str | None]
"""(skill, specialization, ability) the target resists with, as a check pick."""


def weapon_defence(weapon: Weapon) -> Defence:
    """A weapon with a range band shoots or is thrown (dodged); one without is melee."""
    return "ranged" if weapon.range.strip() else "melee"


def check_defence(
    sheet: Character, skill: str | None, ability: str | None, weapon: Weapon | None
) -> Defence:
    """How the actor's check is resisted: by its weapon when it has one, by the ability
    the skill stands on otherwise (social for Presence and Wits checks)."""
    if weapon is not None:
        return weapon_defence(weapon)
    if skill is not None:
        for owner, _skill in sheet.skills_named(skill):
            ability = owner.name
            break
        for candidate in sheet.weapons:
            if candidate.skill.casefold() == skill.casefold():
                return weapon_defence(candidate)
        if skill.casefold() in _MELEE_SKILLS:
            return "melee"
    if ability is not None and ability.casefold() in SOCIAL_ABILITIES:
        return "social"
    return "ranged" if skill is not None or ability is not None else "none"


def default_resistance(target: Character, defence: Defence) -> ResistPick | None:
    """The target's skill (else ability) that resists ``defence``; None when the sheet has
    neither (the GM picks)."""
    for name in DEFENCE_SKILLS[defence]:
        if target.skills_named(name):
            return (target.skills_named(name)[0][1].name, None, None)
    for name in DEFENCE_ABILITIES[defence]:
        found = target.ability(name)
        if found is not None:
            return (None, None, found.name)
    return None


# R2: without the weapon's skill on the sheet, the attack falls back to the bare ability
# such a skill stands on (aiming and striking: Dexterity first).
ATTACK_ABILITIES: Final[dict[Defence, tuple[str, ...]]] = {
    "ranged": ("Dexterity", "Agility", "Coordination", "Reflexes"),
    "melee": ("Dexterity", "Agility", "Strength", "Physique", "Coordination", "Reflexes"),
}
"""By a weapon's kind (``weapon_defence`` gives ranged or melee only)."""


def attack_ability(sheet: Character, weapon: Weapon) -> str | None:
    """The ability an attack with ``weapon`` falls back to when the sheet lacks its skill:
    the one that skill stands on elsewhere on the sheet, else by the weapon's kind."""
    for owner, _skill in sheet.skills_named(weapon.skill) if weapon.skill else ():
        return owner.name
    for name in ATTACK_ABILITIES.get(weapon_defence(weapon), ()):
        found = sheet.ability(name)
        if found is not None:
            return found.name
    return None
