"""Issue 18: real od6s exports from Foundry v9 (``data``) and v10 (``system``) come in whole.

The corpus under ``fixtures/od6s`` (``v9-*``, ``v10-*``) is written by hand after the od6s
data models: odd shapes (a bare ``"stun": 0``), values past Wild Die's range (scale 183),
embedded pilots, sensors, shields, blast radii and raw localisation keys. Nothing is
refused, die codes stay exact (R1: 3 pips per die), and what has no place is reported.
"""

from __future__ import annotations

from typing import Any

import pytest

from sheets.dice import DieCode
from sheets.documents import Character
from sheets.importers import import_od6s
from sheets.storage import dump_document, parse_document
from tests.od6s_helpers import FIXTURES, export, import_raw, load

CORPUS = sorted(FIXTURES.glob("v*.json"))


def weapon(character: Character, name: str) -> Any:
    found = [w for w in character.weapons if w.name == name]
    assert found, [w.name for w in character.weapons]
    return found[0]


def test_the_corpus_holds_v9_and_v10_exports_of_every_actor_type() -> None:
    shapes = {("v9" if "data" in export(p.name) else "v10", export(p.name)["type"]) for p in CORPUS}
    assert {version for version, _ in shapes} == {"v9", "v10"}
    types = {t for _, t in shapes} | {"character"}  # kira-voss.json is the v10 character
    assert {"npc", "creature", "vehicle", "starship"} <= types


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_every_corpus_export_imports_and_reads_back(path: Any) -> None:
    result = import_od6s(path.read_bytes(), source=str(path))
    for character in (result.character, *result.crew):
        data = dump_document(character)
        assert parse_document(data, expect="character")[0] == character


# --- point 1: stun in every shape od6s wrote ---------------------------------------------


def test_v9_bare_number_stun_is_accepted() -> None:
    trooper = load("v9-patrol-trooper.json")
    rifle = weapon(trooper.character, "Blaster Rifle")  # "stun": 0
    assert str(rifle.damage) == "5D" and "Stun" not in rifle.notes
    assert trooper.skipped == 0


@pytest.mark.parametrize(
    ("stun", "expected"),
    [
        (0, ""),
        (6, "Stun damage 2D."),
        ("2D+1", "Stun damage 2D+1."),
        ({"score": 4, "stun_only": False, "type": "e"}, "Stun damage 1D+1."),
        ({"stun_only": True}, "Stun damage only."),
        ({"value": 3}, "Stun damage 1D."),
        (True, "Stun damage only."),
        (None, ""),
    ],
)
def test_stun_shapes(stun: Any, expected: str) -> None:
    raw = export("v9-patrol-trooper.json")
    raw["items"][0]["data"]["stun"] = stun
    result = import_raw(raw)
    notes = weapon(result.character, "Blaster Rifle").notes
    assert (expected in notes) if expected else ("Stun" not in notes)
    assert result.skipped == 0


@pytest.mark.parametrize("stun", [[1, 2], "hard", {"score": "lots"}, 1.5])
def test_an_unknown_stun_shape_is_reported_and_skipped(stun: Any) -> None:
    raw = export("v9-patrol-trooper.json")
    raw["items"][0]["data"]["stun"] = stun
    result = import_raw(raw)  # never a refusal
    assert str(weapon(result.character, "Blaster Rifle").damage) == "5D"
    (line,) = [line for line in result.report if line.startswith("skipped ")]
    assert "Blaster Rifle -> data -> stun: is not a stun damage od6s writes" in line
    assert result.summary.endswith("; 1 unreadable value skipped")
    assert "stun: is not a stun damage od6s writes" in result.character.notes


# --- point 2: values past Wild Die's range --------------------------------------------------


def test_a_scale_past_the_range_is_imported_at_the_nearest_value() -> None:
    result = load("v10-kestrel-courier.json")
    ship = result.character
    assert ship.scale == 100  # od6s said 183; R9 scale on a Wild Die sheet ends at 100
    line = "system -> scale -> score: od6s says 183, imported as 100"
    assert any(line in report for report in result.report)
    assert line in ship.notes
    assert not any("not from a real sheet" in report for report in result.report)


def test_a_negative_scale_is_imported_at_the_lowest() -> None:
    raw = export("v10-dune-skiff.json")
    raw["system"]["scale"]["score"] = -250
    result = import_raw(raw)
    assert result.character.scale == -100
    assert any("od6s says -250, imported as -100" in line for line in result.report)


# --- point 3: vehicle weapons fire at the vehicle's scale --------------------------------


def test_vehicle_and_starship_weapons_take_the_vehicles_scale() -> None:
    skiff = load("v10-dune-skiff.json").character
    assert weapon(skiff, "Deck Blaster").scale == 3  # R9: no scale of its own
    ship = load("v10-kestrel-courier.json").character
    assert {w.scale for w in ship.weapons} == {100}


def test_a_vehicle_weapon_keeps_its_own_scale() -> None:
    raw = export("v10-dune-skiff.json")
    raw["items"][0]["system"]["scale"] = {"score": 6}
    assert weapon(import_raw(raw).character, "Deck Blaster").scale == 6


# --- point 4: the embedded pilot -------------------------------------------------------------


def test_the_embedded_pilot_becomes_a_character_and_the_pilot() -> None:
    result = load("v10-kestrel-courier.json")
    (pilot,) = result.crew
    assert pilot.name == "Rask Tovin" and pilot.kind == "npc"
    assert result.character.pilot == "Rask Tovin"
    codes = {a.name: str(a.code) for a in pilot.abilities}
    assert codes["Mechanical"] == "3D+2" and codes["Perception"] == "3D"  # 11 and 9 pips
    transports = pilot.skills_named("Space Transports")[0][1]
    # od6s: the specialization's 23 pips are above the attribute; R2 above the skill.
    assert str(transports.code) == "2D" and str(transports.specializations[0].code) == "5D+2"
    assert any("embedded pilot 'Rask Tovin' imported as a character" in r for r in result.report)
    assert any(r.startswith("pilot 'Rask Tovin': 6 abilities, 2 skills") for r in result.report)


def test_an_empty_embedded_pilot_is_no_pilot() -> None:
    result = load("v10-dune-skiff.json")
    assert result.crew == [] and result.character.pilot == ""
    raw = export("v10-dune-skiff.json")
    raw["system"]["embedded_pilot"]["value"] = True
    result = import_raw(raw)
    assert "the embedded pilot is switched on but holds no pilot" in result.report


def test_an_unreadable_embedded_pilot_is_reported_not_refused() -> None:
    raw = export("v10-kestrel-courier.json")
    raw["system"]["embedded_pilot"]["actor"] = {"name": "Ghost", "type": "npc", "system": []}
    result = import_raw(raw)
    assert result.crew == [] and result.character.pilot == ""
    assert any("the embedded pilot could not be imported" in r for r in result.report)


# --- point 5: sensors, shields, movement, piloting, blast radius ---------------------------


def test_sensors_shields_and_movement_are_on_the_sheet() -> None:
    ship = load("v10-kestrel-courier.json").character
    assert [(s.name, str(s.code), s.range) for s in ship.sensors] == [
        ("Passive", "0D", "10"),
        ("Scan", "1D", "25"),
        ("Search", "2D", "40"),
        ("Focus", "2D+1", "2"),
    ]
    assert ship.shields is not None
    assert (str(ship.shields.code), str(ship.shields.front), str(ship.shields.rear)) == (
        "2D",
        "1D",
        "1D",
    )
    assert [(m.name, m.rate) for m in ship.movement] == [
        ("Space", "6"),
        ("Atmosphere", "330 (950 km/h)"),
    ]
    assert "Piloted with Space Transports (Kestrel couriers)" in ship.notes
    assert "Sensors rolled with Sensors" in ship.notes


def test_a_vehicle_move_keeps_its_kmh() -> None:
    skiff = load("v10-dune-skiff.json").character
    assert [(m.name, m.rate) for m in skiff.movement] == [("Move", "70 (200 km/h)")]
    assert skiff.sensors == [] and skiff.shields is None  # od6s's zeros: none


def test_a_thermal_grenade_rolls_its_blast() -> None:
    grenade = weapon(load("v9-patrol-trooper.json").character, "Thermal Grenade")
    assert grenade.damage == DieCode(10)  # was 0D: its damage is in the blast radius
    assert [(b.range, str(b.damage)) for b in grenade.blast] == [
        ("2", "10D"),
        ("4", "7D"),
        ("8", "4D"),
    ]
    assert "Blast stun 3D to 12." in grenade.notes


def test_unplaced_fields_are_reported_and_kept() -> None:
    result = load("v10-dune-skiff.json")
    assert "top_speed_note" in result.leftover
    assert any("top_speed_note" in line for line in result.report)
    assert "top_speed_note: Hovers one metre up." in result.character.notes
    assert "1 other od6s field" in result.summary


def test_an_unknown_weapon_field_is_reported() -> None:
    result = load("v10-kestrel-courier.json")
    assert "weapon Twin Laser Cannon crew" in result.leftover


def test_foundry_bookkeeping_and_defaults_are_not_reported() -> None:
    leftover = load("v10-kestrel-courier.json").leftover
    assert not any(name.endswith(("label", "type")) for name in leftover)
    assert "roll_mod" not in leftover and "tonnage.value" not in leftover


# --- point 6: localisation keys --------------------------------------------------------------


def test_damage_none_means_undamaged() -> None:
    ship = load("v10-kestrel-courier.json").character
    assert ship.conditions.instances == []
    assert "DAMAGE_NONE" not in ship.notes


@pytest.mark.parametrize("name", [p.name for p in CORPUS])
def test_no_raw_localisation_key_is_shown(name: str) -> None:
    result = load(name)
    for character in (result.character, *result.crew):
        text = dump_document(character).decode()
        assert "OD6S." not in text, name
    assert not any("OD6S." in line for line in result.report)


@pytest.mark.parametrize(
    ("key", "words"),
    [
        ("OD6S.COVER_NONE", ""),
        ("OD6S.COVER_HALF", "Half"),
        ("OD6S.DAMAGE_NONE", "Undamaged"),
        ("OD6S.DAMAGE_VERY_LIGHT", "Very light"),
        ("OD6S.FRONT", "Front"),
        ("OD6S.DIFFICULTY_EASY", "Easy"),
        ("Just text", "Just text"),
    ],
)
def test_key_words(key: str, words: str) -> None:
    from sheets.importers.od6s.tables import key_words

    assert key_words(key) == words


def test_cover_half_is_in_words() -> None:
    assert "Cover: Half" in load("v10-dune-skiff.json").character.notes
    assert "Cover" not in load("v10-kestrel-courier.json").character.notes  # COVER_NONE


def test_older_bare_values_are_read_where_v10_nests_them() -> None:
    # v9 and older wrote "scale": 5, "armor": 3, "arc": "OD6S.FRONT" where v10 nests them.
    result = load("v9-cargo-hauler.json")
    hauler = result.character
    assert (hauler.scale, str(hauler.toughness), str(hauler.armour.front)) == (5, "4D", "1D")
    assert [(a.name, str(a.code)) for a in hauler.abilities] == [("Handling", "+1")]
    assert [(m.name, m.rate) for m in hauler.movement] == [("Move", "40")]
    (gun,) = hauler.weapons
    assert (str(gun.damage), gun.scale, gun.skill) == ("4D", 5, "Vehicle Blasters")
    assert "Fire control 1D." in gun.notes and "Arc: Front." in gun.notes
    assert result.skipped == 0
    raw = export("v9-cargo-hauler.json")
    raw["data"]["damage"] = "OD6S.DAMAGE_SEVERE"
    (hit,) = import_raw(raw).character.conditions.instances
    assert (hit.track, hit.ranks) == ("body", 4)  # Severe -> Broken (R5)


def test_active_effects_are_named_not_dropped() -> None:
    raw = export("v9-patrol-trooper.json")
    raw["effects"] = [{"label": "Targeting implant", "changes": [{"key": "data.x", "value": 3}]}]
    result = import_raw(raw)
    assert "1 Foundry active effect not applied: check the codes they changed" in result.report
    assert "Targeting implant" in result.character.notes
