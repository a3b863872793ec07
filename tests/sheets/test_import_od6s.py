"""Issue 8: import actors exported from Foundry VTT's od6s system (R1, R2, R5, R9, R10).

The exports under ``fixtures/od6s`` are written by hand after the od6s ``template.json``;
``hostile/`` holds malformed ones. Every import either gives a character that Wild Die
reads back, or a ``DocumentError`` of one-line problems, and then creates nothing.
"""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.cli import run_cli
from sheets.dice import DieCode
from sheets.documents import Character
from sheets.importers import (
    IMPORTERS,
    detect,
    import_character,
    import_od6s,
    save_into_campaign,
    target_path,
)
from sheets.importers.od6s import (
    MAX_ATTRIBUTES,
    MAX_ITEMS,
    VEHICLE_DAMAGE,
    WOUND_LEVELS,
    html_to_text,
)
from sheets.storage import (
    MAX_FILE_BYTES,
    DocumentError,
    dump_document,
    load_character,
    parse_document,
)
from tests.locations import ROOT
from tests.od6s_helpers import FIXTURES, export, import_raw, load

SAMPLE = ROOT / "resources" / "sample-campaign"
HOSTILE = FIXTURES / "hostile"  # no od6s actor at all: refused
ODD = FIXTURES / "odd"  # od6s actors with odd values: imported, the oddities reported
GOOD = sorted(FIXTURES.glob("*.json"))


def problems_of(data: bytes) -> list[str]:
    with pytest.raises(DocumentError) as caught:
        import_od6s(data, source="bad.json")
    lines = [str(p) for p in caught.value.problems]
    assert lines
    assert all("\n" not in line and line.startswith("bad.json") for line in lines)
    return lines


def skills_of(character: Character, ability: str) -> dict[str, str]:
    found = character.ability(ability)
    assert found is not None, ability
    return {s.name: str(s.code) for s in found.skills}


# --- the full character ----------------------------------------------------------------


def test_full_character_abilities_by_opend6_name() -> None:
    character = load("kira-voss.json").character
    assert character.kind == "character" and character.name == "Kira Voss"
    codes = {a.name: str(a.code) for a in character.abilities}
    # R1: pips / 3 per die; per is base 9 + mod 1 = 10 pips.
    assert codes == {
        "Agility": "3D+1",
        "Strength": "2D+2",
        "Mechanical": "3D",
        "Knowledge": "2D+1",
        "Perception": "3D+1",
        "Technical": "2D",
        "Metaphysics": "1D",
    }
    assert [a.name for a in character.abilities if a.extranormal] == ["Metaphysics"]  # R2


def test_full_character_skills_and_specializations() -> None:
    character = load("kira-voss.json").character
    assert skills_of(character, "Agility") == {"Blaster": "1D", "Dodge": "1D+1"}
    blaster = character.skills_named("Blaster")[0][1]
    # od6s: the specialization's 6 pips count above the attribute; R2 adds it to the skill.
    assert [(s.name, str(s.code)) for s in blaster.specializations] == [
        ("Heavy Blaster Pistol", "1D")
    ]
    transports = character.skills_named("Space Transports")[0][1]
    assert str(transports.code) == "2D" and str(transports.specializations[0].code) == "1D"
    # A specialization whose skill the actor lacks: the skill is added at 0D (R2).
    security = character.skills_named("Security")[0]
    assert security[0].name == "Technical" and str(security[1].code) == "0D"
    assert str(security[1].specializations[0].code) == "1D+1"
    # An advanced skill is trained only; its 8 pips alone become 2 above Technical 2D.
    medicine = character.skills_named("Medicine")[0][1]
    assert medicine.trained_only and str(medicine.code) == "+2"
    assert "advanced" in medicine.notes
    assert character.skills_named("Sense")[0][0].name == "Metaphysics"
    assert not character.skills_named("Hunch")  # its attribute is custom: notes


def test_full_character_weapons_armour_points_and_wounds() -> None:
    result = load("kira-voss.json")
    character = result.character
    pistol, knife = character.weapons
    assert (pistol.name, pistol.skill, str(pistol.damage)) == (
        "Heavy Blaster Pistol",
        "Blaster",
        "5D",
    )
    assert pistol.range == "short 3, medium 25, long 50"
    assert "energy" in pistol.notes and "favourite" in pistol.notes
    assert str(knife.damage) == "1D" and "Strength Damage" in knife.notes and knife.range == ""
    # R9: worn armour's physical resistance on every facing; the helmet is not worn.
    assert {
        str(c) for c in (character.armour.front, character.armour.side, character.armour.rear)
    } == {"1D"}
    assert "Spare Helmet" in character.notes and "Energy resistance" in character.notes
    assert (character.character_points, character.fate_points) == (5, 1)  # R7
    assert character.action_points == 1 and character.importance == "dynamic"
    # Severely Wounded (index 3) -> damage track 3, Wounded (R5).
    (wound,) = character.conditions.instances
    assert (wound.track, wound.ranks, wound.kind) == ("damage", 3, "cumulative")
    assert character.conditions.track_level("damage", character.encounter_length) == 3
    # R10: the same level on the wound chart, for a campaign that plays wounds; od6s's
    # body points maximum 0 means the game does not use them.
    assert character.wound_level == 3
    assert (character.body_points_max, character.body_points) == (None, None)


def test_full_character_background_is_plain_text() -> None:
    background = load("kira-voss.json").character.background
    assert background == (
        "Grew up on the Corellian docks & learned to fly before she could read.\n\n"
        "Owes Teemo the Hutt 3,000 credits.\n\n- Trusts no one\n- Loves her ship"
    )
    assert "alert" not in background and "<" not in background


def test_full_character_keeps_the_rest_in_notes() -> None:
    notes = load("kira-voss.json").character.notes
    assert notes.startswith(
        "Imported from a Foundry VTT od6s export (file kira-voss.json; system od6s 2.4.0; "
        "Foundry 12.331)."
    )
    for expected in (
        "Luck (ca1): 1D+2",
        "Hunch (ca1): 1D",
        "Comlink x2: Short range.",
        "Debt (R2): Owes a Hutt.",
        "Contacts (R1)",
        "Species: Human",
        "Short, wiry, a scar over one eye.",
        "worlds/outer-rim/portraits/kira-voss.webp",
        'od6s.sheet_tab: "skills"',
    ):
        assert expected in notes
    assert "ca2" not in notes  # an unused template slot carries nothing


def test_report_wording() -> None:
    result = load("kira-voss.json")
    assert (
        result.summary
        == result.report[0]
        == (
            "7 abilities, 6 skills, 3 specializations, 2 weapons, 1 armour imported; "
            "ca1, 1 skill of ca1, 1 armour not worn, energy resistance, 1 gear, 1 disadvantage, "
            "1 advantage, description, details, image, 1 Foundry flag, 7 other od6s fields "
            "kept in notes"
        )
    )
    assert result.report[1:] == [
        "skill 'Security' added at 0D to hold specialization 'Electronic Locks' (R2)",
        "od6s wound level Severely Wounded -> damage track 3 (Wounded) (R5)",
        "od6s wound level Severely Wounded -> wound level Severely Wounded (R10)",
        # Issue 18: what was read but has no place on the sheet is named.
        "od6s fields with no place on the sheet, kept in notes: skill Blaster time_taken, "
        "weapon Heavy Blaster Pistol cost, weapon Heavy Blaster Pistol quantity, "
        "strengthdamage.score, initiative.score, use_wild_die, created.value",
    ]
    assert result.counts == {
        "abilities": 7,
        "skills": 6,
        "specializations": 3,
        "weapons": 2,
        "armour": 1,
    }
    assert result.kept_in_notes[0] == "ca1" and result.format == "od6s"


def test_the_brief_example_report() -> None:
    raw = export("kira-voss.json")
    keep = {"s1", "s2", "s3", "w1", "a1"}  # Blaster, Dodge, Space Transports, a pistol, a vest
    raw["items"] = [item for item in raw["items"] if item["_id"] in keep]
    raw["items"][-1]["system"]["er"] = 0
    for key in ("description", "species", "chartype", "gender", "age", "personality", "move"):
        del raw["system"][key]
    raw["system"]["credits"]["value"] = 0
    raw["system"]["attributes"]["met"]["base"] = 0
    del raw["img"], raw["flags"]
    for key in ("strengthdamage", "initiative", "use_wild_die", "created"):
        del raw["system"][key]
    for item in raw["items"]:
        item["system"].pop("time_taken", None)
        item["system"].pop("cost", None)
        item["system"].pop("quantity", None)
    assert import_raw(raw).summary == (
        "6 abilities, 3 skills, 1 weapon, 1 armour imported; ca1 kept in notes"
    )


# --- other actors ----------------------------------------------------------------------


def test_old_data_keyed_npc_with_loose_values() -> None:
    result = load("old-data-npc.json")
    npc = result.character
    assert npc.kind == "npc" and npc.importance == "stock"
    assert npc.encounter_length == "full"  # R5: od6s wounds are on the full table for all
    codes = {a.name: str(a.code) for a in npc.abilities}
    assert codes["Agility"] == "2D" and codes["Knowledge"] == "2D+1"  # "6" and "2D+1"
    assert "Metaphysics" not in codes  # no dice, no skills
    assert skills_of(npc, "Knowledge") == {"Bureaucracy": "1D"}
    assert skills_of(npc, "Perception") == {"Search": "1D"}  # no base: its score
    assert (npc.character_points, npc.fate_points, npc.scale) == (2, 0, 0)
    assert npc.background == "Bored, underpaid & very thorough."  # an NPC's description
    assert npc.weapons[0].range == "short 3, medium 10, long 30"
    assert str(npc.weapons[0].damage) == "4D"
    (stun,) = npc.conditions.instances
    assert (stun.track, stun.ranks) == ("damage", 1)  # wounds "1": Stunned
    assert "system od6s 1.1.2; Foundry 0.8.9" in npc.notes
    assert "image" not in result.kept_in_notes  # Foundry's default picture is no loss


def test_creature_with_labelled_attribute_and_scale() -> None:
    creature = load("krayt-dragon.json").character
    assert creature.kind == "creature" and creature.scale == 6  # R9
    assert creature.ability("Dexterity") is not None  # a fork's label wins
    assert creature.ability("Agility") is None
    assert str(creature.ability("Strength").code) == "10D"  # type: ignore[union-attr]
    assert creature.background.startswith("Krayt Dragon\n\nThe apex predator")
    (bite,) = creature.weapons
    assert str(bite.damage) == "6D" and "Strength Damage" in bite.notes
    assert "Tough Hide: +2D against physical damage." in creature.notes
    assert not creature.conditions.instances


def test_starship_becomes_a_vehicle() -> None:
    result = load("outrider.json")
    ship = result.character
    assert ship.kind == "vehicle" and ship.importance == "stock"
    assert str(ship.toughness) == "5D" and str(ship.armour.front) == "1D"  # R9
    assert [(a.name, str(a.code)) for a in ship.abilities] == [("Handling", "1D+1")]  # R2
    assert ship.scale == 6 and ship.character_points == 0
    (cannon,) = ship.weapons
    assert (cannon.skill, str(cannon.damage), cannon.scale) == ("Starship Gunnery", "5D", 6)
    assert "Fire control 2D" in cannon.notes and "Turret" in cannon.notes
    (hit,) = ship.conditions.instances
    assert (hit.track, hit.ranks) == ("body", 2)  # Light -> Disrupted (R5)
    assert "Vehicle type: YT-2400 light freighter" in ship.notes
    assert "od6s starship imported as a vehicle" in result.report


def test_vehicle_with_empty_items() -> None:
    swoop = load("speeder.json").character
    assert swoop.kind == "vehicle" and swoop.scale == 3
    assert str(swoop.toughness) == "2D" and not swoop.weapons
    assert [(m.name, m.rate) for m in swoop.movement] == [("Move", "225")]


def test_loose_types_are_read() -> None:
    result = load("loose-types.json")
    character = result.character
    assert character.name == "Loose Types Smith"
    codes = {a.name: str(a.code) for a in character.abilities}
    assert codes == {
        "Agility": "0D",
        "Strength": "2D+1",
        "Knowledge": "2D",  # 9.0 + "-3"
        "Perception": "0D",
        "Technical": "3D",  # die code text
    }
    assert skills_of(character, "Agility") == {"Unnamed skill": "+2"}  # "AGI"
    assert skills_of(character, "Strength") == {"Running": "0D", "Running (2)": "+1"}
    assert [w.name for w in character.weapons] == ["Knife", "Knife (2)"]
    assert str(character.weapons[1].damage) == "1D+1"
    assert str(character.armour.front) == "+1"  # equipped unknown: worn
    # R10: body points map onto the sheet's pool; the notes no longer repeat them.
    assert (character.body_points_max, character.body_points) == (20, 14)
    assert "body points" not in character.notes.casefold()
    assert "od6s body points 14 of 20 -> body points 14/20 (R10)" in result.report
    assert "a second skill 'Running' renamed 'Running (2)'" in result.report


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.name)
def test_every_import_passes_wild_die_validation(path: Path) -> None:
    result = import_od6s(path.read_bytes(), source=str(path))
    data = dump_document(result.character)
    document, migrated = parse_document(data, source=path.name, expect="character")
    assert document == result.character and migrated is None
    assert dump_document(document) == data
    assert detect(path.read_bytes()) == "od6s"


def test_import_is_deterministic() -> None:
    assert dump_document(load("kira-voss.json").character) == dump_document(
        load("kira-voss.json").character
    )


# --- mapping tables ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "level"),
    [
        (0, 0),
        (1, 1),
        (2, 2),
        (3, 3),
        (4, 4),
        (5, 5),
        (6, 5),
        (7, 5),
        (8, 5),
        ("4", 4),
        (None, 0),
        ("", 0),
        ("OD6S.WOUNDS_SEVERELY_WOUNDED", 3),
        ("OD6S.WOUNDS_WOUNDED_2", 2),
        ("Mortally Wounded", 5),
        ("healthy", 0),
    ],
)
def test_wound_levels_map_onto_the_damage_track(value: Any, level: int) -> None:
    raw = export("kira-voss.json")
    raw["system"]["wounds"]["value"] = value
    state = import_raw(raw).character.conditions
    assert state.track_level("damage") == level  # R5
    assert len(state.instances) == (1 if level else 0)


def test_wound_table_is_the_default_deadliness() -> None:
    assert [name for name, _ in WOUND_LEVELS] == [
        "Healthy",
        "Stunned",
        "Wounded",
        "Severely Wounded",
        "Incapacitated",
        "Mortally Wounded",
        "Dead",
    ]


def test_od6s_wound_table_is_the_r10_wound_levels() -> None:
    from sheets.damage import WOUND_LEVELS as R10_LEVELS

    assert tuple(name for name, _ in WOUND_LEVELS) == R10_LEVELS


@pytest.mark.parametrize(
    ("value", "wound"),
    [
        (0, 0),
        (1, 1),
        (3, 3),
        (5, 5),
        (6, 6),  # Dead
        (8, 6),  # past the default table: Dead
        ("OD6S.WOUNDS_SEVERELY_WOUNDED", 3),
        ("OD6S.WOUNDS_WOUNDED_2", 2),
        ("Mortally Wounded", 5),
        (None, 0),
        ("healthy", 0),
    ],
)
def test_wound_levels_map_onto_the_r10_wound_level(value: Any, wound: int) -> None:
    raw = export("kira-voss.json")
    raw["system"]["wounds"]["value"] = value
    result = import_raw(raw)
    assert result.character.wound_level == wound  # R10
    lines = [line for line in result.report if "(R10)" in line]
    assert len(lines) == (1 if wound else 0)


@pytest.mark.parametrize(
    ("body", "expected", "report"),
    [
        ({"max": 20, "current": 14}, (20, 14), "od6s body points 14 of 20 -> body points 14/20"),
        ({"max": "30", "current": "30"}, (30, None), "-> body points 30/30"),  # full: unset
        ({"max": 30}, (30, None), "full pool 30 (od6s current body points unknown)"),
        ({"max": 30, "current": -4}, (30, 0), "od6s body points -4 of 30 -> body points 0/30"),
        ({"max": 30, "current": 35}, (30, 35), "-> body points 35/30"),  # od6s allows it
        ({"max": 0, "current": 0}, (None, None), None),  # od6s: body points not used
        ({"max": "many", "current": 3}, (None, None), None),
    ],
)
def test_body_points_map_onto_the_r10_pool(
    body: dict[str, Any], expected: tuple[int | None, int | None], report: str | None
) -> None:
    raw = export("kira-voss.json")
    raw["system"]["wounds"]["body_points"] = body
    result = import_raw(raw)
    character = result.character
    assert (character.body_points_max, character.body_points) == expected
    lines = [line for line in result.report if "body points" in line]
    if report is None:
        assert not lines
    else:
        assert len(lines) == 1 and report in lines[0] and lines[0].endswith("(R10)")
    assert "od6s body points" not in character.notes
    # What the importer hands on reads back as the same sheet (storage's checks).
    document, _ = parse_document(dump_document(character), source="t.json", expect="character")
    assert document == character


def test_a_body_points_maximum_past_the_sheet_is_kept_in_notes() -> None:
    raw = export("kira-voss.json")
    raw["system"]["wounds"]["body_points"] = {"max": 10**9, "current": 5}
    result = import_raw(raw)
    assert result.character.body_points_max is None
    assert f"5 of {10**9}" in result.character.notes
    assert any("past the sheet's limit" in line for line in result.report)


@pytest.mark.parametrize(("name", "level"), sorted(VEHICLE_DAMAGE.items()))
def test_vehicle_damage_maps_onto_the_body_track(name: str, level: int) -> None:
    raw = export("outrider.json")
    raw["system"]["damage"]["value"] = "OD6S.DAMAGE_" + name.upper().replace(" ", "_")
    assert import_raw(raw).character.conditions.track_level("body") == level


def test_actor_types_map_to_kinds() -> None:
    raw = export("krayt-dragon.json")
    for actor_type, kind in [("character", "character"), ("npc", "npc"), ("creature", "creature")]:
        raw["type"] = actor_type
        assert import_raw(raw).character.kind == kind


def test_html_to_text() -> None:
    assert html_to_text("<p>a &lt;b&gt; &eacute;</p><div>x<br>y</div>") == "a <b> é\n\nx\ny"
    assert html_to_text("<style>p{}</style><p>@UUID[Actor.x]{Han Solo} waves</p>") == (
        "Han Solo waves"
    )
    assert html_to_text("plain\x00text") == "plain text"
    assert html_to_text("<p>unclosed <b>bold") == "unclosed bold"
    assert html_to_text("<<<>>>&&&;") == "<<<>>>&&&;"


# --- hostile and malformed exports ------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("not-json.json", "is not valid JSON"),
        ("array.json", "holds a list of 1 thing instead of one actor"),
        ("container.json", "is an od6s container"),
        ("other-system.json", "has no od6s attributes"),
    ],
)
def test_what_is_no_od6s_actor_is_refused(name: str, expected: str) -> None:
    lines = problems_of((HOSTILE / name).read_bytes())
    assert any(expected in line for line in lines), lines


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # Issue 18: an odd value is skipped or brought into range, and said; never a refusal.
        ("missing-name.json", "the actor has no name: imported as 'Unnamed character'"),
        ("negative-pips.json", "agi -> base: od6s says -6, imported as 0"),
        ("negative-pips.json", "str: od6s says base 3 + mod -9, imported as 0"),
        ("absurd-pips.json", "damage -> score: od6s says 3000000, imported as 300"),
        ("absurd-pips.json", "skipped system -> wounds -> value: should be a wound level"),
        ("absurd-pips.json", "scale -> score: od6s says 1000, imported as 100"),
        ("wrong-types.json", 'skipped items -> #1: should be an object {...}, not "a string'),
        ("wrong-types.json", "skipped items -> #2 -> name: should be text, not 42"),
        ("wrong-types.json", 'agi -> base: should be a whole number (attribute pips), not "lots"'),
        ("wrong-types.json", "per -> base: should be a whole number (attribute pips), not true"),
        ("wrong-types.json", "characterpoints -> value: should be a whole number"),
        ("wrong-types.json", "scale -> score: should be a whole number (scale), not 2.5"),
    ],
)
def test_odd_values_are_reported_not_refused(name: str, expected: str) -> None:
    path = ODD / name
    result = import_od6s(path.read_bytes(), source="bad.json")
    assert any(expected in line for line in result.report), result.report
    kept = expected.removeprefix("skipped ")
    assert kept in result.character.notes  # the notes say it too, with what od6s said
    parse_document(dump_document(result.character), expect="character")


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"", "is not valid JSON"),
        (b"\xff\xfe{}", "is not UTF-8"),
        (b"[" * 5000 + b"]" * 5000, "nested too deeply"),
        (b'{"a": ' * 300 + b"1" + b"}" * 300, "nested too deeply"),
        (b'"just text"', 'holds "just text" instead of an actor'),
        (b"{}", 'has no "type"'),
        (b'{"name": "A", "type": "character", "system": []}', "system: should be an object"),
        (b'{"name": "A", "type": "character"}', 'neither "system" nor "data"'),
        (b'{"name": "A", "type": "dragon", "system": {}}', "not an od6s actor type"),
        (b'{"name": "A", "type": 5, "system": {}}', "not an od6s actor type"),
        (
            b'{"name": "A", "name": "B", "type": "npc", "system": {"attributes": {"agi": {}}}}',
            'the key "name" appears twice',
        ),
        (
            b'{"name": "A", "type": "npc", "system": {"attributes": {"agi": {}}}, "items": {}}',
            "items: should be a list",
        ),
        (b'{"kind": "character", "schema_version": "1.0", "name": "X"}', "a Wild Die file"),
    ],
)
def test_malformed_bytes_give_clear_errors(data: bytes, expected: str) -> None:
    lines = problems_of(data)
    assert any(expected in line for line in lines), lines


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (
            b'{"name": 7, "type": "npc", "system": {"attributes": {"agi": {}}}}',
            "skipped name: should be text, not 7",
        ),
        (
            b'{"name": " \\n ", "type": "npc", "system": {"attributes": {"agi": {}}}}',
            "the actor has no name: imported as 'Unnamed npc'",
        ),
        (
            b'{"name": "A", "type": "npc", "system": {"attributes": {"agi": {"base": 1e400}}}}',
            "should be a whole number",
        ),
        (
            b'{"name": "A", "type": "npc", "system": {"attributes": {"agi": {"base": 3.5}}}}',
            "should be a whole number",
        ),
        (
            b'{"name": "A", "type": "npc", "system": {"attributes": {"agi": {"base": 3}}}, '
            b'"items": [{"name": "A", "type": 5}]}',
            "type: should be text, not 5",
        ),
    ],
)
def test_malformed_values_in_an_actor_are_skipped(data: bytes, expected: str) -> None:
    result = import_od6s(data, source="odd.json")
    assert any(expected in line for line in result.report), result.report


def test_huge_file_is_refused_before_parsing() -> None:
    data = b'{"name": "' + b"x" * (MAX_FILE_BYTES + 1) + b'"}'
    assert problems_of(data) == ["bad.json: is larger than 20 MB: not an od6s actor export"]
    assert detect(data) is None


def test_thousands_of_items_are_refused() -> None:
    raw = export("krayt-dragon.json")
    raw["items"] = [{"name": f"Gear {n}", "type": "gear"} for n in range(MAX_ITEMS + 1)]
    (line,) = problems_of(json.dumps(raw).encode())
    assert f"holds {MAX_ITEMS + 1} items" in line


def test_hundreds_of_attributes_are_refused() -> None:
    raw = export("krayt-dragon.json")
    raw["system"]["attributes"].update({f"x{n}": {"base": 3} for n in range(MAX_ATTRIBUTES)})
    (line,) = problems_of(json.dumps(raw).encode())
    assert "system -> attributes: holds 71 attributes (limit 64)" in line


@pytest.mark.parametrize(
    "unit", ["<a ", "<", "<!--", "<!-- >", "<a href='", "</", "<![CDATA[", "<script>", "@a[b]{"]
)
def test_html_to_text_is_linear_on_broken_markup(unit: str) -> None:
    # html.parser took minutes on 100 kB of "<a <a ..." (CVE-2025-6069): a hostile export.
    # About 0.3 s; minutes when quadratic (the test's timeout catches that).
    markup = unit * (1_000_000 // len(unit))
    assert "<" not in html_to_text(markup + "<b>x</b>").replace(unit, "")


def test_many_skipped_values_are_capped() -> None:
    raw = export("krayt-dragon.json")
    raw["items"] = [{"name": f"S{n}", "type": "skill", "system": {"base": "x"}} for n in range(50)]
    result = import_raw(raw)
    skipped = [line for line in result.report if line.startswith("skipped ")]
    assert (
        len(skipped) == 21 and skipped[-1] == "skipped more values: only the first ones are listed"
    )
    assert result.summary.endswith("; 50 unreadable values skipped")


def test_long_names_and_text_are_shortened() -> None:
    raw = export("krayt-dragon.json")
    raw["name"] = "K" * 300
    raw["system"]["description"]["content"] = "<p>" + "word " * 30_000 + "</p>"
    result = import_raw(raw)
    assert len(result.character.name) == 120 and result.character.name.endswith("…")
    assert len(result.character.background) == 100_000
    assert any("background cut" in line for line in result.report)


def test_embedded_png_becomes_the_portrait() -> None:
    import base64

    png = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\0" * 16).decode()
    raw = export("krayt-dragon.json")
    raw["img"] = "data:image/png;base64," + png
    portrait = import_raw(raw).character.portrait
    assert portrait is not None and portrait.data == png
    raw["img"] = "data:image/png;base64,bm90IGEgcG5n"
    result = import_raw(raw)
    assert result.character.portrait is None
    assert "an embedded image could not be read: not kept" in result.report


# --- detection and dispatch (the app's drop handler) ------------------------------------


def test_detect_tells_od6s_from_wild_die_files() -> None:
    for path in sorted((SAMPLE / "characters").glob("*.json")):
        assert detect(path.read_bytes()) is None
    assert detect((SAMPLE / "campaign.json").read_bytes()) is None
    for data in (b"", b"\x00\xff", b"[]", b"{}", b"[" * 10_000, b"null"):
        assert detect(data) is None
    assert detect((HOSTILE / "other-system.json").read_bytes()) is None
    assert detect((FIXTURES / "kira-voss.json").read_bytes()) == "od6s"


def test_import_character_dispatches_or_refuses() -> None:
    data = (FIXTURES / "krayt-dragon.json").read_bytes()
    assert import_character(data, source="k.json").character.name == "Krayt Dragon"
    assert IMPORTERS["od6s"] is import_od6s
    with pytest.raises(DocumentError, match="not a character export Wild Die can import"):
        import_character((SAMPLE / "characters" / "greta-vance.json").read_bytes(), source="g")


def test_save_into_campaign_never_overwrites(tmp_path: Path) -> None:
    campaign = tmp_path / "campaign"
    shutil.copytree(SAMPLE, campaign)
    character = load("kira-voss.json").character
    first = save_into_campaign(character, campaign)
    before = first.read_bytes()
    second = save_into_campaign(character, campaign)
    assert (first.name, second.name) == ("kira-voss.json", "kira-voss-2.json")
    assert first.read_bytes() == before
    assert load_character(second).document == character
    assert target_path(character, campaign, ["kira-voss-3.json"]).name == "kira-voss-4.json"


# --- the command line ------------------------------------------------------------------


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    folder = tmp_path / "campaign"
    shutil.copytree(SAMPLE, folder)
    return folder


def listing(folder: Path) -> dict[str, bytes]:
    """The campaign's files and their bytes (the folders' writer locks are no documents)."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != ".wilddie.lock"
    }


def wilddie(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = run_cli(list(argv))
    except SystemExit as exit_:  # argparse usage errors
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_cli_imports_every_file(capsys: pytest.CaptureFixture[str], campaign: Path) -> None:
    before = listing(campaign)
    code, out, err = wilddie(capsys, "import", *map(str, GOOD), "--into", str(campaign))
    assert code == 0, err
    after = listing(campaign)
    added = sorted(set(after) - set(before))
    assert added == [
        "characters/cargo-hauler.json",
        "characters/dune-skiff.json",
        "characters/imperial-customs-officer.json",
        "characters/kestrel-courier.json",
        "characters/kira-voss.json",
        "characters/krayt-dragon.json",
        "characters/loose-types-smith.json",
        "characters/outrider.json",
        "characters/patrol-trooper.json",
        "characters/rask-tovin.json",  # the Kestrel Courier's embedded pilot
        "characters/sand-strider.json",
        "characters/swoop.json",
    ]
    assert all(after[name] == data for name, data in before.items())  # nothing touched
    kira = str(FIXTURES / "kira-voss.json")
    assert f"{kira}: character 'Kira Voss' imported as characters/kira-voss.json\n" in out
    assert "  7 abilities, 6 skills, 3 specializations, 2 weapons, 1 armour imported; " in out
    assert err == (
        f"{len(GOOD)} files: {len(GOOD)} imported; 1 embedded pilot imported as a character; "
        "2 unreadable values skipped; 11 od6s fields kept in notes\n"
    )
    assert wilddie(capsys, "validate", str(campaign))[0] == 0


def test_cli_failure_creates_nothing(capsys: pytest.CaptureFixture[str], campaign: Path) -> None:
    before = listing(campaign)
    bad = [HOSTILE / "other-system.json", HOSTILE / "array.json", campaign / "missing.json"]
    code, out, err = wilddie(capsys, "import", *map(str, bad), "--into", str(campaign))
    assert code == 1 and out == ""
    assert listing(campaign) == before
    lines = err.splitlines()
    assert f"{bad[1]}: holds a list of 1 thing instead of one actor" in err
    assert f"{bad[2]}: no such file" in lines
    assert lines[-1] == "3 files: 0 imported, 3 failed (nothing written for them)"


def test_cli_mixed_files_exit_1(capsys: pytest.CaptureFixture[str], campaign: Path) -> None:
    code, out, err = wilddie(
        capsys,
        "import",
        str(FIXTURES / "krayt-dragon.json"),
        str(HOSTILE / "container.json"),
        "--into",
        str(campaign),
    )
    assert code == 1
    assert (campaign / "characters" / "krayt-dragon.json").is_file()
    assert not (campaign / "characters" / "loot-crate.json").exists()
    assert "krayt-dragon.json: creature 'Krayt Dragon' imported" in out
    assert err.splitlines()[-1] == "2 files: 1 imported, 1 failed (nothing written for them)"


def test_cli_never_overwrites(capsys: pytest.CaptureFixture[str], campaign: Path) -> None:
    existing = campaign / "characters" / "kira-voss.json"
    shutil.copy(campaign / "characters" / "greta-vance.json", existing)
    before = existing.read_bytes()
    kira = str(FIXTURES / "kira-voss.json")
    code, out, _ = wilddie(capsys, "import", kira, kira, "--into", str(campaign))
    assert code == 0 and existing.read_bytes() == before
    assert "imported as characters/kira-voss-2.json" in out
    assert "imported as characters/kira-voss-3.json" in out


def test_cli_dry_run_writes_nothing(capsys: pytest.CaptureFixture[str], campaign: Path) -> None:
    before = listing(campaign)
    kira = str(FIXTURES / "kira-voss.json")
    code, out, err = wilddie(capsys, "import", kira, kira, "--into", str(campaign), "--dry-run")
    assert code == 0 and listing(campaign) == before
    assert "would be imported as characters/kira-voss.json" in out
    assert "would be imported as characters/kira-voss-2.json" in out
    assert err == "2 files: 2 would be imported; 14 od6s fields kept in notes\n"


def test_cli_creates_a_missing_characters_folder(
    capsys: pytest.CaptureFixture[str], campaign: Path
) -> None:
    shutil.rmtree(campaign / "characters")
    shutil.rmtree(campaign / "encounters")  # they name characters that are gone
    code, _, err = wilddie(
        capsys, "import", str(FIXTURES / "speeder.json"), "--into", str(campaign)
    )
    assert code == 0, err
    assert (campaign / "characters" / "swoop.json").is_file()


def test_cli_usage_errors(
    capsys: pytest.CaptureFixture[str], campaign: Path, tmp_path: Path
) -> None:
    kira = str(FIXTURES / "kira-voss.json")
    code, _, err = wilddie(capsys, "import", kira)
    assert code == 2 and "--into" in err and len(err.splitlines()) == 1
    code, _, err = wilddie(capsys, "import", kira, "--into", str(tmp_path / "nope"))
    assert code == 2 and err.endswith("nope is not a folder: --into names a campaign folder\n")
    code, _, err = wilddie(capsys, "import", kira, "--into", str(campaign / "characters"))
    assert code == 2 and "is not a campaign folder: it has no campaign.json" in err
    (campaign / "campaign.json").write_text("{oops", encoding="utf-8")
    before = listing(campaign)
    code, _, err = wilddie(capsys, "import", kira, "--into", str(campaign))
    assert code == 2 and "the campaign cannot be opened:" in err and len(err.splitlines()) == 1
    assert listing(campaign) == before


def test_cli_refuses_empty_folders_and_huge_files(
    capsys: pytest.CaptureFixture[str], campaign: Path, tmp_path: Path
) -> None:
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)  # sparse: costs no disk
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = wilddie(capsys, "import", str(huge), str(empty), "--into", str(campaign))
    assert code == 1
    assert f"{huge}: is larger than 20 MB: not an od6s actor export" in err
    assert f"{empty}: is a folder with no .json files in it" in err


def test_cli_imports_a_folder_in_one_go(
    capsys: pytest.CaptureFixture[str], campaign: Path, tmp_path: Path
) -> None:
    # Issue 18: a folder of real exports (v9 and v10) comes in whole, with one summary.
    exports = tmp_path / "exports"
    exports.mkdir()
    for path in GOOD:
        shutil.copy(path, exports / path.name)
    (exports / "readme.txt").write_text("not an export", encoding="utf-8")
    code, out, err = wilddie(capsys, "import", str(exports), "--into", str(campaign))
    assert code == 0, err
    (summary,) = err.splitlines()
    assert summary.startswith(f"{len(GOOD)} files: {len(GOOD)} imported; 1 embedded pilot")
    assert "fields kept in notes" in summary and "readme" not in out
    assert "its pilot 'Rask Tovin' imported as characters/rask-tovin.json" in out
    ship = load_character(campaign / "characters" / "kestrel-courier.json").document
    assert ship.pilot == "Rask Tovin"
    assert wilddie(capsys, "validate", str(campaign))[0] == 0


# --- never a crash ----------------------------------------------------------------------

_JSON_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30)
    | st.sampled_from(["0", "", "3D+2", "-1", "1e999", "OD6S.WOUNDS_DEAD", "agi", "<p>x</p>"])
)
_JSON = st.recursive(
    _JSON_LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_BASE = json.loads((FIXTURES / "kira-voss.json").read_bytes())


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*prefix, index))
    return found


_ALL_PATHS = _paths(_BASE)


def _check_outcome(data: bytes) -> None:
    try:
        result = import_od6s(data, source="fuzz.json")
    except DocumentError as error:
        assert error.problems
        assert all("\n" not in str(p) for p in error.problems)
        return
    dumped = dump_document(result.character)
    assert parse_document(dumped, expect="character")[0] == result.character
    assert result.report and result.summary.endswith(("imported", "kept in notes", "skipped"))


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_mutations_never_crash(data: st.DataObject) -> None:
    raw = copy.deepcopy(_BASE)
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        path = data.draw(st.sampled_from(_ALL_PATHS), label="path")
        value = data.draw(_JSON, label="value")
        if not path:
            raw = value
            continue
        node = raw
        try:
            for key in path[:-1]:
                node = node[key]
            if data.draw(st.booleans(), label="delete") and isinstance(node, dict):
                node.pop(path[-1], None)
            else:
                node[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation changed the shape under this path
    _check_outcome(json.dumps(raw).encode())


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_byte_damage_never_crashes(data: st.DataObject) -> None:
    raw = bytearray((FIXTURES / "old-data-npc.json").read_bytes())
    for _ in range(data.draw(st.integers(1, 8))):
        index = data.draw(st.integers(0, len(raw) - 1))
        raw[index] = data.draw(st.integers(0, 255))
    _check_outcome(bytes(raw))


def test_a_hand_written_die_code_field_is_read() -> None:
    raw = export("krayt-dragon.json")
    raw["items"][0]["system"]["damage"]["score"] = "4D+2"
    assert import_raw(raw).character.weapons[0].damage == DieCode(4, 2)
