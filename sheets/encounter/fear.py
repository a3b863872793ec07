"""Fear and Fame (R8), as pure functions: the difficulty, who rolls, what failing costs.

- Difficulty: the creature's Fear rating x the number of such creatures present.
- The group's Fame (the sum of the player side's Fame) first reduces that Fear; if the
  Fame exceeds the Fear there is no check: the creatures roll Intelligence against the
  group's Fame instead ("to see if they even want to tangle with the characters").
- Failing by 1-6: -1D to attacks on it for 2 rounds. 7-11: -2D to attacks for 2 rounds,
  then -1D for the rest of the battle. 12-15: -3D to attacks, -1D to defence and skill
  rolls, whole battle. 16+: -5D to attacks, -3D to defence and skill rolls, whole battle.
- No more checks after beating it without significant harm, or after six encounters.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from sheets.documents import Character
from sheets.documents.condition_state import CheckModifier, CheckPurpose
from sheets.results import Duration

TOLERANCE_ENCOUNTERS: Final = 6  # R8: six encounters build up a tolerance
# Ruling (ours): the Fear check is a Discipline check (Presence) -- FreeD6 keeps willpower
# as a condition, and Discipline is the skill that resists with it (R5).
FEAR_SKILL: Final = "Discipline"
CREATURE_ABILITY: Final = "Intelligence"  # R8: "Intellect/Intelligence"
FEAR_TRAITS: Final = ("Willpower", "Wisdom")  # R8: "a Willpower (or Wisdom) roll"


def fear_roll(character: Character) -> tuple[str | None, str | None]:
    """(skill, ability) a hero's fear check rolls (R8): Willpower, else Wisdom, as the
    sheet has it (an ability or a skill); else the template's Discipline (Presence)."""
    for name in FEAR_TRAITS:
        key = name.casefold()
        for ability in character.abilities:
            if ability.name.casefold() == key:
                return None, ability.name
            for skill in ability.skills:
                if skill.name.casefold() == key:
                    return skill.name, None
    return FEAR_SKILL, None


@dataclass(frozen=True, slots=True)
class FearSetup:
    fear: int
    """Fear rating x number present."""
    fame: int
    difficulty: int
    """What each character rolls against (0: no check)."""
    creatures_roll: bool
    """Fame exceeds Fear: the creatures roll against the group's Fame."""


def fear_setup(rating: int, count: int, fame: int) -> FearSetup:
    """R8. Ruling (ours): Fame equal to the Fear cancels it: no check, and no roll for the
    creatures either (Fame must *exceed* the Fear for that)."""
    fear = rating * count
    if fame > fear:
        return FearSetup(fear, fame, 0, True)
    return FearSetup(fear, fame, fear - fame, False)


@dataclass(frozen=True, slots=True)
class FearPart:
    """One modifier a failed fear check attaches (R8), with its duration."""

    dice: int
    purposes: tuple[CheckPurpose, ...]
    against_creature: bool
    duration: Duration
    rounds: int | None = None


@dataclass(frozen=True, slots=True)
class FearBand:
    name: str
    parts: tuple[FearPart, ...] = field(default_factory=tuple)


_ATTACK: Final[tuple[CheckPurpose, ...]] = ("attack",)
_OTHER: Final[tuple[CheckPurpose, ...]] = ("defence", "skill")


def fear_band(margin: int) -> FearBand | None:
    """What failing by ``margin`` (difficulty minus total, > 0) costs (R8); None: passed."""
    if margin <= 0:
        return None
    if margin <= 6:
        return FearBand("Hesitant", (FearPart(-1, _ATTACK, True, Duration.ROUNDS, 2),))
    if margin <= 11:
        # -2D for the first two rounds, then -1D: a -1D for 2 rounds on top of a -1D for
        # the battle. Ruling (ours): "battle" is the encounter (R4 end of encounter).
        return FearBand(
            "Intimidated",
            (
                FearPart(-1, _ATTACK, True, Duration.ROUNDS, 2),
                FearPart(-1, _ATTACK, False, Duration.END_OF_ENCOUNTER),
            ),
        )
    if margin <= 15:
        return FearBand(
            "Frightened",
            (
                FearPart(-3, _ATTACK, False, Duration.END_OF_ENCOUNTER),
                FearPart(-1, _OTHER, False, Duration.END_OF_ENCOUNTER),
            ),
        )
    return FearBand(
        "Terrified",
        (
            FearPart(-5, _ATTACK, False, Duration.END_OF_ENCOUNTER),
            FearPart(-3, _OTHER, False, Duration.END_OF_ENCOUNTER),
        ),
    )


def part_modifier(part: FearPart, creatures: list[str]) -> CheckModifier:
    return CheckModifier(
        dice=part.dice,
        purposes=list(part.purposes),
        against=list(creatures) if part.against_creature else [],
    )


def part_name(band: FearBand, part: FearPart, creature: str) -> str:
    what = "attacks" if part.purposes == _ATTACK else "defence and skill rolls"
    on = f" on {creature}" if part.against_creature else ""
    return f"{band.name}: {part.dice}D to {what}{on}"
