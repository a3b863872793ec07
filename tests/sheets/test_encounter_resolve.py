"""R4 resolution and R9 damage: armour by facing, penetration, performance level, scale."""

from __future__ import annotations

from sheets.dice import DieCode
from sheets.documents import Character, HouseRules
from sheets.encounter.resolve import Resolution, damage_setup, scale_to_hit
from tests.encounter_helpers import sample


def vehicles() -> tuple[Character, Character]:
    folder = sample()
    tank = folder.character("characters/halvorsen-tank.json")
    dozer = folder.character("characters/dam-bulldozer.json")
    assert tank is not None and dozer is not None
    return tank, dozer


def test_resolution_points_and_ranks_r4() -> None:
    assert (Resolution(19, 15).points, Resolution(19, 15).ranks) == (4, 1)
    assert Resolution(15, 15).ranks == 0
    assert Resolution(12, None).ranks == 3  # standing: points = total
    assert Resolution(50, 20).ranks == 6


def test_tank_gun_against_the_bulldozer_front_r9() -> None:
    tank, dozer = vehicles()
    gun = tank.weapons[0]
    setup = damage_setup(
        damage=gun.damage,
        penetration=gun.penetration,
        weapon_pl=gun.performance_level,
        weapon_scale=gun.scale,
        target=dozer,
        facing="front",
        rules=HouseRules(),
    )
    # "8D against 8D, the bulldozer's resistance roll -3" (R9).
    assert setup.damage_code == DieCode(8) and setup.damage_modifier == 0
    assert setup.resistance_code == DieCode(8) and setup.resistance_modifier == -3
    assert setup.track == "body"
    assert any("ignored" in note for note in setup.notes)


def test_bulldozer_against_the_tank_rear_r9() -> None:
    tank, dozer = vehicles()
    ram = dozer.weapons[0]
    setup = damage_setup(
        damage=ram.damage,
        penetration=ram.penetration,
        weapon_pl=ram.performance_level,
        weapon_scale=ram.scale,
        target=tank,
        facing="rear",
        rules=HouseRules(),
    )
    # "8D against 8D+1, the damage roll -3" (R9).
    assert setup.damage_code == DieCode(8) and setup.damage_modifier == -3
    assert setup.resistance_code == DieCode(8, 1) and setup.resistance_modifier == 0


def test_other_facings_of_the_worked_example() -> None:
    tank, dozer = vehicles()
    ram = dozer.weapons[0]
    front = damage_setup(
        damage=ram.damage,
        penetration=DieCode(),
        weapon_pl=0,
        weapon_scale=11,
        target=tank,
        facing="front",
        rules=HouseRules(),
    )
    side = damage_setup(
        damage=ram.damage,
        penetration=DieCode(),
        weapon_pl=0,
        weapon_scale=11,
        target=tank,
        facing="side",
        rules=HouseRules(),
    )
    assert front.resistance_code == DieCode(11)  # "8D vs 11D (PL3)"
    assert side.resistance_code == DieCode(9)  # "8D vs the Tank's 9D"
    # Without its AP round the tank's gun meets the blade: 8D vs 10D.
    no_pen = damage_setup(
        damage=DieCode(8),
        penetration=DieCode(),
        weapon_pl=3,
        weapon_scale=11,
        target=dozer,
        facing="front",
        rules=HouseRules(),
    )
    assert no_pen.resistance_code == DieCode(10)
    # Penetration above the armour is lost: never taken from the toughness.
    big = damage_setup(
        damage=DieCode(8),
        penetration=DieCode(5),
        weapon_pl=0,
        weapon_scale=11,
        target=dozer,
        facing="front",
        rules=HouseRules(),
    )
    assert big.resistance_code == DieCode(8)


def test_scale_setting_r9() -> None:
    tank, _ = vehicles()
    person = Character(name="Jack", abilities=[])
    opend6 = HouseRules(scale_rule="opend6_modifier")
    rifle_on_tank = damage_setup(
        damage=DieCode(4),
        penetration=DieCode(),
        weapon_pl=0,
        weapon_scale=0,
        target=tank,
        facing="rear",
        rules=opend6,
    )
    assert rifle_on_tank.resistance_modifier == 11  # the larger side's resistance +11
    assert rifle_on_tank.damage_modifier == -3  # the lower PL's roll -3
    parity = damage_setup(
        damage=DieCode(4),
        penetration=DieCode(),
        weapon_pl=3,
        weapon_scale=0,
        target=tank,
        facing="rear",
        rules=HouseRules(),
    )
    assert parity.resistance_modifier == 0 and any("parity" in n for n in parity.notes)
    gun_on_person = damage_setup(
        damage=DieCode(8),
        penetration=DieCode(),
        weapon_pl=0,
        weapon_scale=11,
        target=person,
        facing="front",
        rules=opend6,
    )
    assert gun_on_person.damage_modifier == 11 and gun_on_person.track == "damage"
    assert scale_to_hit(0, 11, opend6) == 11 and scale_to_hit(11, 0, opend6) == 0
    assert scale_to_hit(0, 11, HouseRules()) == 0
