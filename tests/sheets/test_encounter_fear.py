"""R8 as a table: the difficulty, Fame against Fear, and the failure bands."""

from __future__ import annotations

import pytest

from sheets.dice import DieCode
from sheets.documents import Ability, Skill, new_character
from sheets.encounter.fear import fear_band, fear_roll, fear_setup
from sheets.results import Duration


def test_difficulty_is_fear_times_count_less_fame() -> None:
    assert fear_setup(4, 5, 0).difficulty == 20  # R8's example
    setup = fear_setup(4, 5, 7)
    assert (setup.fear, setup.difficulty, setup.creatures_roll) == (20, 13, False)
    assert fear_setup(4, 1, 10).creatures_roll  # Fame exceeds the Fear
    equal = fear_setup(4, 2, 8)
    assert (equal.difficulty, equal.creatures_roll) == (0, False)  # ruling: cancelled


@pytest.mark.parametrize(
    ("margin", "name"),
    [
        (0, None),
        (-3, None),
        (1, "Hesitant"),
        (6, "Hesitant"),
        (7, "Intimidated"),
        (11, "Intimidated"),
        (12, "Frightened"),
        (15, "Frightened"),
        (16, "Terrified"),
        (40, "Terrified"),
    ],
)
def test_failure_bands_edges(margin: int, name: str | None) -> None:
    band = fear_band(margin)
    assert (band.name if band else None) == name


def test_band_durations() -> None:
    hesitant = fear_band(3)
    assert hesitant is not None
    (part,) = hesitant.parts
    assert (part.dice, part.duration, part.rounds, part.against_creature) == (
        -1,
        Duration.ROUNDS,
        2,
        True,
    )
    intimidated = fear_band(9)
    assert intimidated is not None
    assert sum(p.dice for p in intimidated.parts) == -2  # the first two rounds
    assert [p.duration for p in intimidated.parts] == [Duration.ROUNDS, Duration.END_OF_ENCOUNTER]
    terrified = fear_band(20)
    assert terrified is not None
    assert {(p.dice, p.purposes) for p in terrified.parts} == {
        (-5, ("attack",)),
        (-3, ("defence", "skill")),
    }


def test_the_fear_check_rolls_willpower_else_wisdom_else_discipline() -> None:
    """Issue 16 / R8: "a Willpower (or Wisdom) roll"; it rolled Discipline only."""
    hero = new_character("Hero")
    assert fear_roll(hero) == ("Discipline", None)  # the template's: Discipline (Presence)
    wits = next(a for a in hero.abilities if a.name == "Wits")
    wits.skills.append(Skill(name="Wisdom", code=DieCode(1)))
    assert fear_roll(hero) == ("Wisdom", None)
    hero.abilities.append(Ability(name="Willpower", code=DieCode(3)))
    assert fear_roll(hero) == (None, "Willpower")  # Willpower first, as an ability
