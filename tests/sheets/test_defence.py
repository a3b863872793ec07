"""Default resistance by the kind of check (issue 16; R4 active resistance, R5 Composure)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sheets.dice import DieCode
from sheets.documents import Ability, Character, Skill, Weapon
from sheets.encounter.defence import (
    DEFENCE_ABILITIES,
    DEFENCE_SKILLS,
    attack_ability,
    check_defence,
    default_resistance,
)


def _sheet(*abilities: tuple[str, tuple[str, ...]], weapons: tuple[Weapon, ...] = ()) -> Character:
    return Character(
        name="Someone",
        abilities=[
            Ability(
                name=name, code=DieCode(2), skills=[Skill(name=s, code=DieCode(1)) for s in skills]
            )
            for name, skills in abilities
        ],
        weapons=list(weapons),
    )


PISTOL = Weapon(name="Pistol", skill="Firearms", damage=DieCode(4), range="3-10/25/50")
KNIFE = Weapon(name="Knife", skill="Melee Combat", damage=DieCode(1, 2))


def test_a_target_without_dodge_resists_a_pistol_with_dexterity_not_strength() -> None:
    # The bug of issue 16: the first ability of the list (Strength) resisted a pistol.
    target = _sheet(("Strength", ("Brawling",)), ("Dexterity", ("Firearms",)))
    assert default_resistance(target, "ranged") == (None, None, "Dexterity")


def test_dodge_resists_a_ranged_attack() -> None:
    target = _sheet(("Strength", ()), ("Dexterity", ("Firearms", "Dodge")))
    assert default_resistance(target, "ranged") == ("Dodge", None, None)


def test_melee_is_parried_or_fought_off_before_it_is_dodged() -> None:
    target = _sheet(("Strength", ("Brawling",)), ("Dexterity", ("Dodge",)))
    assert default_resistance(target, "melee") == ("Brawling", None, None)


def test_a_social_check_meets_discipline_then_the_presence_behind_it() -> None:
    assert default_resistance(_sheet(("Presence", ("Discipline",))), "social") == (
        "Discipline",
        None,
        None,
    )
    assert default_resistance(_sheet(("Strength", ()), ("Presence", ())), "social") == (
        None,
        None,
        "Presence",
    )


def test_the_weapon_says_how_an_attack_is_resisted() -> None:
    actor = _sheet(("Dexterity", ("Firearms", "Melee Combat")), weapons=(PISTOL, KNIFE))
    assert check_defence(actor, "Firearms", None, PISTOL) == "ranged"
    assert check_defence(actor, "Melee Combat", None, KNIFE) == "melee"
    # No weapon picked: the sheet's weapon of that skill still tells.
    assert check_defence(actor, "Melee Combat", None, None) == "melee"


def test_presence_and_wits_checks_are_social() -> None:
    actor = _sheet(("Presence", ("Intimidate",)), ("Wits", ("Bluff",)))
    assert check_defence(actor, "Intimidate", None, None) == "social"
    assert check_defence(actor, None, "Wits", None) == "social"
    assert check_defence(actor, None, None, None) == "none"


def test_a_vehicle_with_no_defence_at_all_leaves_the_pick_to_the_gm() -> None:
    vehicle = _sheet(("Body", ()), ("Handling", ()))
    assert default_resistance(vehicle, "ranged") is None
    assert default_resistance(vehicle, "none") is None


NAMES = st.sampled_from(
    sorted({n for names in DEFENCE_ABILITIES.values() for n in names} | {"Body", "Magic"})
)
SKILLS = st.sampled_from(
    sorted({n for names in DEFENCE_SKILLS.values() for n in names} | {"Search", "Stealth"})
)


@given(
    st.lists(
        st.tuples(NAMES, st.lists(SKILLS, max_size=3, unique=True)),
        max_size=6,
        unique_by=lambda a: a[0],
    ),
    st.sampled_from(["ranged", "melee", "social"]),
)
def test_the_resistance_is_always_on_the_targets_sheet(
    abilities: list[tuple[str, list[str]]], defence: str
) -> None:
    # A skill can sit under only one ability: keep its first.
    seen: set[str] = set()
    cleaned = []
    for name, skills in abilities:
        mine = tuple(s for s in skills if s not in seen)
        seen.update(mine)
        cleaned.append((name, mine))
    target = _sheet(*cleaned)
    pick = default_resistance(target, defence)  # type: ignore[arg-type]
    if pick is None:
        assert not any(
            target.skills_named(s)
            for s in DEFENCE_SKILLS[defence]  # type: ignore[index]
        )
        return
    skill, _spec, ability = pick
    if skill is not None:
        assert target.skills_named(skill)
        assert skill in DEFENCE_SKILLS[defence]  # type: ignore[index]
    else:
        assert ability is not None and target.ability(ability) is not None
        assert ability in DEFENCE_ABILITIES[defence]  # type: ignore[index]


def test_an_attack_without_its_skill_falls_back_to_the_ability_it_stands_on() -> None:
    # Odile's hatpin is a Melee Combat weapon; she has no Melee Combat: Dexterity, not
    # Strength (the first ability of her sheet).
    sheet = _sheet(("Strength", ("Athletics",)), ("Dexterity", ("Stealth",)), weapons=(KNIFE,))
    assert attack_ability(sheet, KNIFE) == "Dexterity"
    trained = _sheet(("Strength", ("Melee Combat",)), ("Dexterity", ()), weapons=(KNIFE,))
    assert attack_ability(trained, KNIFE) == "Strength"
    assert attack_ability(_sheet(("Body", ())), PISTOL) is None


def test_strength_damage_is_half_the_strength_dice_rounded_up() -> None:
    from sheets.damage import strength_damage

    assert strength_damage(DieCode(3, 2)) == DieCode(2)  # pips dropped
    assert strength_damage(DieCode(4)) == DieCode(2)
    assert strength_damage(DieCode(5)) == DieCode(3)
    assert strength_damage(DieCode(0)) == DieCode(0)


def test_a_str_weapon_adds_the_wielders_strength_damage() -> None:
    from sheets.encounter import Damage
    from tests.encounter_helpers import small_engine

    engine = small_engine(6, 5)
    club = Weapon(name="Club", skill="Brawling", damage=DieCode(1), strength_damage=True)
    attacker = engine.view.sheet_of("a")  # Strength 3D: Strength Damage 2D
    attacker.weapons.append(club)
    assert club.damage_words() == "STR+1D"
    engine.next_turn()
    record = engine.apply(Damage("a", "b", weapon="Club", seed=5))
    assert "Club (STR+1D) 3D vs" in record.outcome.text
