"""OpenD6 advancement: the cost of one pip, paid in Character Points (issue 15)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sheets.advancement import AdvancementCosts, one_pip_more, raise_of, refusal
from sheets.dice import DieCode
from sheets.documents import Ability, Character, Skill, Specialization


def _sheet(points: int = 20) -> Character:
    pistol = Specialization(name="Pistol", code=DieCode(0, 1))
    return Character(
        name="Greta",
        character_points=points,
        abilities=[
            Ability(
                name="Dexterity",
                code=DieCode(3, 1),
                skills=[Skill(name="Firearms", code=DieCode(1, 1), specializations=[pistol])],
            )
        ],
    )


def test_a_skill_pip_costs_the_dice_of_its_total() -> None:
    sheet = _sheet()
    dex = sheet.abilities[0]
    firearms = dex.skills[0]
    step = raise_of(sheet, dex, firearms)  # total 3D+1 + 1D+1 = 4D+2: 4 points
    assert (step.before, step.after, step.cost) == (DieCode(1, 1), DieCode(1, 2), 4)
    assert step.label == "Dexterity: Firearms"


def test_a_specialization_costs_half_rounded_up_and_an_attribute_ten_times() -> None:
    sheet = _sheet()
    dex = sheet.abilities[0]
    firearms = dex.skills[0]
    spec = firearms.specializations[0]
    assert raise_of(sheet, dex, firearms, spec).cost == 2  # half of 4
    attribute = raise_of(sheet, dex)
    assert attribute.cost == 30 and attribute.after == DieCode(3, 2)
    house = AdvancementCosts(attribute=5, specialization_divisor=3)
    assert raise_of(sheet, dex, costs=house).cost == 15
    assert raise_of(sheet, dex, firearms, spec, costs=house).cost == 2  # 4 / 3 up


def test_the_third_pip_makes_the_next_die() -> None:
    assert one_pip_more(DieCode(2, 2)) == DieCode(3)
    assert one_pip_more(DieCode(0)) == DieCode(0, 1)


def test_too_few_points_is_said_in_plain_words() -> None:
    sheet = _sheet(points=3)
    step = raise_of(sheet, sheet.abilities[0], sheet.abilities[0].skills[0])
    problem = refusal(sheet, step)
    assert problem is not None and "costs 4 Character Points" in problem and "has 3" in problem
    assert refusal(_sheet(points=4), step) is None


@given(st.integers(0, 12), st.integers(0, 2), st.integers(0, 6), st.integers(0, 2))
def test_a_raise_is_always_one_pip_and_never_free(
    ability_dice: int, ability_pips: int, skill_dice: int, skill_pips: int
) -> None:
    sheet = Character(
        name="X",
        abilities=[
            Ability(
                name="Strength",
                code=DieCode(ability_dice, ability_pips),
                skills=[Skill(name="Lifting", code=DieCode(skill_dice, skill_pips))],
            )
        ],
    )
    ability = sheet.abilities[0]
    for step in (raise_of(sheet, ability), raise_of(sheet, ability, ability.skills[0])):
        assert step.after.fixed_value == step.before.fixed_value + 1
        assert step.cost >= 1
