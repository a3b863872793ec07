"""A weapon's attack with the skill picked from the sheet, and its damage (issue 15; R2
check totals and fallback, OpenD6 STR+XD)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheets.attack import attack_check, attack_damage, on_sheet, skill_choices
from sheets.dice import DieCode
from sheets.documents import Ability, Character, Skill, Specialization, Weapon
from sheets.skills import CheckNotPossible


def _greta(skill: str = "Firearms", **weapon: object) -> Character:
    return Character(
        name="Greta",
        abilities=[
            Ability(
                name="Strength", code=DieCode(3), skills=[Skill(name="Lifting", code=DieCode(1))]
            ),
            Ability(
                name="Dexterity",
                code=DieCode(2, 2),
                skills=[
                    Skill(
                        name="Firearms",
                        code=DieCode(1),
                        specializations=[Specialization(name="Pistol", code=DieCode(1))],
                    ),
                    Skill(name="Lockpicking", code=DieCode(), trained_only=True),
                ],
            ),
        ],
        weapons=[Weapon(name="Walther PPK", skill=skill, damage=DieCode(3, 1), **weapon)],
    )


def test_the_choices_are_the_sheet_rows_in_tree_order_with_their_totals() -> None:
    choices = [(c.name, c.level, c.code) for c in skill_choices(_greta())]
    assert choices == [
        ("Strength", "ability", DieCode(3)),
        ("Lifting", "skill", DieCode(4)),
        ("Dexterity", "ability", DieCode(2, 2)),
        ("Firearms", "skill", DieCode(3, 2)),  # R2: Dexterity 2D+2 + Firearms 1D
        ("Pistol", "specialization", DieCode(4, 2)),  # + Pistol 1D
        ("Lockpicking", "skill", None),  # trained only, no ranks: cannot be rolled (R2)
    ]


@pytest.mark.parametrize(
    ("skill", "code", "level"),
    [
        ("Firearms", DieCode(3, 2), "skill"),
        ("pistol", DieCode(4, 2), "specialization"),
        ("Dexterity", DieCode(2, 2), "ability"),
        ("Blasters", DieCode(2, 2), "ability"),  # not on the sheet: R2 bare Dexterity
        ("", DieCode(2, 2), "ability"),  # no skill picked: the same fallback
    ],
)
def test_the_attack_is_the_picked_rows_total(skill: str, code: DieCode, level: str) -> None:
    sheet = _greta(skill)
    check = attack_check(sheet, sheet.weapons[0])
    assert (check.code, check.level) == (code, level)


def test_an_old_free_text_skill_is_not_on_the_sheet_and_is_left_as_it_is() -> None:
    sheet = _greta("Blasters")
    assert not on_sheet(sheet, "Blasters") and on_sheet(sheet, " firearms ")
    attack_check(sheet, sheet.weapons[0])
    assert sheet.weapons[0].skill == "Blasters"


def test_a_trained_only_skill_without_ranks_cannot_attack() -> None:
    sheet = _greta("Lockpicking")
    with pytest.raises(CheckNotPossible, match="trained only"):
        attack_check(sheet, sheet.weapons[0])


def test_no_ability_to_fall_back_on_says_so() -> None:
    sheet = Character(name="Ghost", weapons=[Weapon(name="Chill", damage=DieCode(2))])
    with pytest.raises(CheckNotPossible, match="pick the weapon's skill"):
        attack_check(sheet, sheet.weapons[0])


def test_a_strength_weapon_adds_strength_damage() -> None:
    club = _greta("Strength", strength_damage=True)
    plain = _greta()
    # OpenD6: Strength 3D + Lifting 1D = 4D -> Strength Damage 2D.
    assert attack_damage(club, club.weapons[0]) == DieCode(3, 1) + DieCode(2)
    assert attack_damage(plain, plain.weapons[0]) == DieCode(3, 1)


@given(
    ability=st.integers(1, 6),
    skill=st.integers(0, 20),
    spec=st.integers(0, 20),
)
def test_a_specialization_attack_adds_all_three_codes(ability: int, skill: int, spec: int) -> None:
    # R2: check value = ability + skill + specialization (each level only with ranks).
    sheet = Character(
        name="X",
        abilities=[
            Ability(
                name="Dexterity",
                code=DieCode.from_pips(ability * 3),
                skills=[
                    Skill(
                        name="Firearms",
                        code=DieCode.from_pips(skill),
                        specializations=[
                            Specialization(name="Pistol", code=DieCode.from_pips(spec))
                        ],
                    )
                ],
            )
        ],
        weapons=[Weapon(name="Gun", skill="Pistol", damage=DieCode(3))],
    )
    total = attack_check(sheet, sheet.weapons[0]).code.total_pips
    assert total == ability * 3 + skill + spec
    codes = {c.name: c.code for c in skill_choices(sheet)}
    assert codes["Pistol"] is not None and codes["Pistol"].total_pips == total
