"""The document models: die code fields, rules checks, the R2 fallback, the R5 tables."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from sheets import conditions
from sheets.dice import DieCode
from sheets.documents import (
    DOCUMENT_TYPES,
    Ability,
    Campaign,
    Character,
    Combatant,
    ConditionInstance,
    ConditionState,
    Encounter,
    Side,
    Skill,
    Specialization,
    StatusCondition,
    Weapon,
    document_type_of_kind,
    new_character,
)
from sheets.skills import CheckNotPossible, check_dice
from sheets.storage import DocumentError, parse_document


def problems_of(raw: bytes, expect: str | None = None) -> list[str]:
    with pytest.raises(DocumentError) as caught:
        parse_document(raw, source="ada.json", expect=expect)  # type: ignore[arg-type]
    return [str(p) for p in caught.value.problems]


def sheet(**fields: object) -> Character:
    base: dict[str, object] = {
        "name": "Ada Vance",
        "abilities": [
            {
                "name": "Dexterity",
                "code": "3D+2",
                "skills": [
                    {
                        "name": "Firearms",
                        "code": "1D+2",
                        "specializations": [{"name": "Pistol", "code": "1D"}],
                    },
                    {"name": "Dodge", "code": "1D"},
                    {"name": "Lockpicking", "code": "0D", "trained_only": True},
                    {
                        "name": "Piloting",
                        "code": "0D",
                        "specializations": [
                            {"name": "Biplanes", "code": "1D+1", "trained_only": True}
                        ],
                    },
                ],
            },
            {"name": "Intelligence", "code": "3D", "skills": [{"name": "Medicine", "code": "1D"}]},
            {"name": "Strength", "code": "2D"},
        ],
    }
    base.update(fields)
    return Character.model_validate(base)


# --- die code fields (R1) --------------------------------------------------------------


def test_die_codes_are_read_in_any_spelling_and_stored_canonically() -> None:
    # R1: `3d6+2`, lowercase, spaces, `+0` all read; pips normalise (`2D+3` is 3D).
    ability = Ability(name="Dexterity", code="3d6+2")  # type: ignore[arg-type]
    assert ability.code == DieCode(3, 2)
    assert Ability(name="Wits", code=" 2D + 3 ").model_dump()["code"] == "3D"  # type: ignore[arg-type]
    assert Ability(name="Wits", code="4D+0").model_dump_json().count('"4D"') == 1  # type: ignore[arg-type]
    assert Ability(name="Wits", code=DieCode(1, 1)).code == DieCode(0, 4)


def test_a_bad_die_code_reads_as_the_issue_shows() -> None:
    raw = (
        b'{"schema_version": "1.0", "kind": "character", "name": "Ada", "abilities": '
        b'[{"name": "Dexterity", "code": "3D", "skills": [{"name": "Dodge", "code": "3X"}]}]}'
    )
    assert problems_of(raw) == [
        "ada.json: abilities -> Dexterity -> skills -> Dodge: "
        "die code '3X' is not a die code like 3D+2"
    ]


def test_a_sheet_never_holds_negative_dice() -> None:
    # R1: a die code never rolls fewer than 0 dice; effects may be negative, sheets not.
    with pytest.raises(ValidationError, match="below 0D"):
        Ability(name="Strength", code="-1D")  # type: ignore[arg-type]
    with pytest.raises(ValidationError, match="below 0D"):
        Weapon(name="Club", damage="-2")  # type: ignore[arg-type]


def test_a_die_code_must_be_text() -> None:
    with pytest.raises(ValidationError, match="not text like 3D"):
        Ability(name="Strength", code=3)  # type: ignore[arg-type]


def test_a_refused_edit_leaves_the_sheet_as_it_was() -> None:
    # pydantic alone would keep the refused value when a model rule (R2) rejects it.
    guard = Character(name="Guard", kind="npc", importance="stock")
    with pytest.raises(ValidationError, match="always Dynamic"):
        guard.kind = "character"
    assert (guard.kind, guard.importance) == ("npc", "stock")
    with pytest.raises(ValidationError):
        guard.fame = -1
    assert guard.fame == 0


def test_editing_a_field_is_validated_like_loading() -> None:
    ability = Ability(name="Strength", code="2D")  # type: ignore[arg-type]
    ability.code = "3D+1"  # type: ignore[assignment]
    assert ability.code == DieCode(3, 1)
    with pytest.raises(ValidationError):
        ability.code = "lots"  # type: ignore[assignment]


# --- names -----------------------------------------------------------------------------


def test_names_are_unique_within_their_parent() -> None:
    with pytest.raises(ValidationError, match="two skills are named 'dodge'"):
        Ability(name="Dexterity", skills=[Skill(name="Dodge"), Skill(name="dodge")])
    with pytest.raises(ValidationError, match="two specializations"):
        Skill(name="Firearms", specializations=[Specialization(name="Pistol")] * 2)
    with pytest.raises(ValidationError, match="two abilities"):
        Character(name="X", abilities=[Ability(name="Wits"), Ability(name="WITS")])
    with pytest.raises(ValidationError, match="two weapons"):
        Character(name="X", weapons=[Weapon(name="Gun", damage="3D")] * 2)  # type: ignore[arg-type]
    # The same skill name under two abilities is allowed (the GM may say which).
    Character(
        name="X",
        abilities=[
            Ability(name="A", skills=[Skill(name="S")]),
            Ability(name="B", skills=[Skill(name="S")]),
        ],
    )


def test_names_are_one_trimmed_line() -> None:
    assert Skill(name="  Dodge ").name == "Dodge"
    with pytest.raises(ValidationError):
        Skill(name="   ")
    with pytest.raises(ValidationError, match="a name is one line"):
        Skill(name="Do\ndge")


def test_a_problem_is_always_one_line() -> None:
    from sheets.storage import Problem

    line = str(Problem("odd\nname.json", "hooks -> #1", "bad\tvalue\r\n"))
    assert line == "odd\\nname.json: hooks -> #1: bad\\tvalue\\r\\n"


def test_duplicate_names_are_reported_at_the_parent() -> None:
    raw = (
        b'{"schema_version": "1.0", "kind": "character", "name": "Ada", "abilities": '
        b'[{"name": "Dexterity", "skills": [{"name": "Dodge"}, {"name": "Dodge"}]}]}'
    )
    assert problems_of(raw) == [
        "ada.json: abilities -> Dexterity: two skills are named 'Dodge': each needs its own name"
    ]


# --- character rules -------------------------------------------------------------------


def test_player_characters_are_always_dynamic() -> None:
    # R2: all player characters are Dynamic; NPCs may be Stock.
    with pytest.raises(ValidationError, match=r"always Dynamic.*\(R2\)"):
        Character(name="Ada", kind="character", importance="stock")
    assert Character(name="Guard", kind="npc", importance="stock").importance == "stock"


def test_points_and_ratings_are_never_negative() -> None:
    for field in ("action_points", "character_points", "fate_points", "fame", "fear_rating"):
        with pytest.raises(ValidationError):
            Character.model_validate({"name": "X", field: -1})


def test_new_character_has_the_kinds_standard_abilities() -> None:
    # R2: the six normal abilities for characters; Body, Energy, Handling, Speed for vehicles.
    pc = new_character("Ada")
    assert [a.name for a in pc.abilities] == [
        "Strength",
        "Dexterity",
        "Presence",
        "Wits",
        "Intelligence",
        "Perception",
    ]
    assert pc.importance == "dynamic" and pc.action_points == 1  # R7: a session starts at 1
    tank = new_character("Tank", "vehicle")
    assert [a.name for a in tank.abilities] == ["Body", "Energy", "Handling", "Speed"]
    assert tank.toughness == DieCode(2) and tank.importance == "stock"
    assert new_character("Old mill", "location").abilities == []


def test_portrait_must_be_a_real_image() -> None:
    from sheets.documents import Portrait

    png = (  # a 1x1 PNG
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJ"
        "RU5ErkJggg=="
    )
    assert Portrait(media_type="image/png", data=png).media_type == "image/png"
    with pytest.raises(ValidationError, match="not base64"):
        Portrait(media_type="image/png", data="not base64!")
    with pytest.raises(ValidationError, match="not a image/jpeg"):
        Portrait(media_type="image/jpeg", data=png)


# --- conditions (R5) -------------------------------------------------------------------


def test_track_tables_are_r5() -> None:
    assert conditions.TRACK_LEVELS["damage"][2] == "Hurt"
    assert conditions.TRACK_LEVELS["composure"][4] == "Demoralized"
    assert conditions.TRACK_LEVELS["body"][1] == "Defaced"
    assert all(levels[5] == "Out of Action" for levels in conditions.TRACK_LEVELS.values())


def test_track_level_sums_instances_and_caps_at_out_of_action() -> None:
    # R5 ruling: level = sum of instance ranks, capped; encounter length moves the cap.
    state = ConditionState(
        instances=[
            ConditionInstance(id="a", track="damage", kind="cumulative", ranks=2),
            ConditionInstance(id="b", track="damage", kind="cumulative", ranks=2),
            ConditionInstance(id="c", track="composure", kind="cumulative", ranks=1),
        ]
    )
    assert state.track_ranks("damage") == 4
    assert state.track_level("damage") == 4
    assert conditions.track_level_name("damage", 4) == "Incapacitated"
    assert state.track_level("damage", "lengthy") == conditions.OUT_OF_ACTION
    assert conditions.track_level_name("damage", 9) == "Out of Action"
    assert conditions.track_level(2, "brief") == 5 and conditions.track_level(1, "brief") == 1
    assert conditions.OUT_OF_ACTION_AT == {"brief": 2, "moderate": 3, "lengthy": 4, "full": 5}


def test_attitude_and_willpower_modify_resistance() -> None:
    # R5: -15 Helpful / Broken ... +15 Hostile / Centered.
    assert conditions.ATTITUDE_MODIFIERS["helpful"] == -15
    assert conditions.ATTITUDE_MODIFIERS["neutral"] == 0
    assert conditions.ATTITUDE_MODIFIERS["hostile"] == 15
    assert conditions.WILLPOWER_MODIFIERS["stressed"] == -10
    assert conditions.WILLPOWER_MODIFIERS["centered"] == 15
    assert conditions.display_name("uncooperative") == "Uncooperative"


def test_status_levels_and_difficulties() -> None:
    # R5: tests at 9, 12, 15, 18, then none.
    assert [conditions.status_test_difficulty(level) for level in range(5)] == [9, 12, 15, 18, None]
    assert conditions.status_level_name("quantity", 2) == "Light"
    assert conditions.status_level_name("coverage", 4) == "Vanished"
    assert conditions.status_level_name("effect", 1) == "3/4 Effect"
    with pytest.raises(ValidationError):
        StatusCondition(name="Ammo", level=5)


def test_condition_instances_follow_r5() -> None:
    with pytest.raises(ValidationError, match="cumulative"):
        ConditionInstance(id="x", track="damage", kind="progressive")
    with pytest.raises(ValidationError, match="less than or equal to 6"):
        ConditionInstance(id="x", track="body", kind="cumulative", ranks=7)
    # A rank-6 hit is an instance of six ranks (issue 16, R5 ruling); the level caps.
    assert ConditionInstance(id="x", track="body", kind="cumulative", ranks=6).ranks == 6
    with pytest.raises(ValidationError, match="needs a name"):
        ConditionInstance(id="x")
    with pytest.raises(ValidationError, match="remaining rounds"):
        ConditionInstance(id="x", name="Blinded", duration="rounds")
    with pytest.raises(ValidationError, match="only apply"):
        ConditionInstance(id="x", name="Blinded", duration="one_turn", remaining_rounds=2)
    with pytest.raises(ValidationError, match="two conditions"):
        ConditionState(instances=[ConditionInstance(id="x", name="A")] * 2)
    ok = ConditionInstance(id="x", name="Blinded", duration="rounds", remaining_rounds=3)
    assert ok.kind == "discrete"


# --- R2 fallback -------------------------------------------------------------------------


def test_check_adds_ability_skill_and_specialization() -> None:
    result = check_dice(sheet(), "Firearms", "Pistol")
    assert result.code == DieCode(6, 1)  # 3D+2 + 1D+2 + 1D (R1 addition)
    assert result.level == "specialization"
    assert result.describe() == "Dexterity 3D+2 + Firearms 1D+2 + Pistol 1D = 6D+1"


def test_no_specialization_falls_back_to_the_skill() -> None:
    result = check_dice(sheet(), "Firearms", "Rifle")
    assert (result.code, result.level) == (DieCode(5, 1), "skill")


def test_no_skill_falls_back_to_the_ability() -> None:
    result = check_dice(sheet(), "Climbing", ability="Strength")
    assert (result.code, result.level) == (DieCode(2), "ability")
    assert result.describe() == "Strength 2D"


def test_a_specialization_may_be_held_without_its_skill() -> None:
    result = check_dice(sheet(), "Piloting", "Biplanes")
    assert result.code == DieCode(5)  # Dexterity 3D+2 + Biplanes 1D+1, Piloting has no ranks
    assert result.parts == (("Dexterity", DieCode(3, 2)), ("Biplanes", DieCode(1, 1)))


def test_trained_only_refuses_the_fallback() -> None:
    with pytest.raises(CheckNotPossible, match=r"Lockpicking is trained only.*no fallback.*\(R2\)"):
        check_dice(sheet(), "Lockpicking")
    with pytest.raises(CheckNotPossible, match="trained only"):
        check_dice(sheet(), "Demolitions", ability="Intelligence", trained_only=True)
    # A trained-only specialization with ranks in the skill falls back to the skill.
    ranked = sheet()
    ranked.abilities[0].skills[3].code = DieCode(1)
    assert check_dice(ranked, "Piloting", "Gliders").level == "skill"


def test_no_ability_means_no_check() -> None:
    with pytest.raises(CheckNotPossible, match=r"no Presence ability.*cannot be made"):
        check_dice(sheet(), "Charm", ability="Presence")
    with pytest.raises(CheckNotPossible, match="name the ability"):
        check_dice(sheet(), "Charm")


def test_the_gm_may_pair_a_skill_with_another_ability() -> None:
    # R2: "Sometimes the GM will call for a skill ... with an ability other than its own".
    result = check_dice(sheet(), "Medicine", ability="Dexterity")
    assert result.code == DieCode(4, 2) and result.ability == "Dexterity"


def test_an_ambiguous_skill_asks_for_the_ability() -> None:
    two = Character(
        name="X",
        abilities=[
            Ability(name="A", code=DieCode(1), skills=[Skill(name="S", code=DieCode(1))]),
            Ability(name="B", code=DieCode(2), skills=[Skill(name="S", code=DieCode(2))]),
        ],
    )
    with pytest.raises(CheckNotPossible, match="under A and B"):
        check_dice(two, "S")
    assert check_dice(two, "S", ability="B").code == DieCode(4)


def test_specialization_alone_is_found() -> None:
    assert check_dice(sheet(), specialization="Pistol").code == DieCode(6, 1)


# --- encounters and campaigns ------------------------------------------------------------


def combatant(cid: str, side: str = "Heroes", **kw: object) -> Combatant:
    kw.setdefault("character_file", f"characters/{cid}.json")
    return Combatant.model_validate({"id": cid, "name": cid, "side": side, **kw})


def test_encounter_checks_its_references() -> None:
    sides = [Side(name="Heroes"), Side(name="Guards")]
    Encounter(
        name="E",
        sides=sides,
        combatants=[combatant("a"), combatant("b", "Guards")],
        turn_order=["b", "a"],
        current_turn=1,
    )
    with pytest.raises(ValidationError, match="not one of the encounter's sides"):
        Encounter(name="E", sides=sides, combatants=[combatant("a", "Nobody")])
    with pytest.raises(ValidationError, match="two combatants"):
        Encounter(name="E", sides=sides, combatants=[combatant("a"), combatant("a")])
    with pytest.raises(ValidationError, match="not a combatant"):
        Encounter(name="E", sides=sides, combatants=[combatant("a")], turn_order=["z"])
    with pytest.raises(ValidationError, match="twice"):
        Encounter(name="E", sides=sides, combatants=[combatant("a")], turn_order=["a", "a"])
    with pytest.raises(ValidationError, match="past the end"):
        Encounter(
            name="E", sides=sides, combatants=[combatant("a")], turn_order=["a"], current_turn=1
        )


def test_combatant_is_a_file_or_an_inline_stock_copy() -> None:
    guard = Character(name="Guard", kind="npc", importance="stock")
    assert combatant("g", character_file=None, character=guard).character == guard
    with pytest.raises(ValidationError, match="not both"):
        combatant("g", character=guard)
    with pytest.raises(ValidationError, match="either"):
        combatant("g", character_file=None)
    boss = Character(name="Boss", kind="npc", importance="dynamic")
    with pytest.raises(ValidationError, match="Stock copy"):
        combatant("g", character_file=None, character=boss)


@pytest.mark.parametrize(
    "path",
    [
        "../secret.json",
        "/etc/passwd.json",
        "C:/x.json",
        "characters\\a.json",
        "characters/a.txt",
        "characters//a.json",
        "./a.json",
        "",
    ],
)
def test_character_files_stay_inside_the_campaign(path: str) -> None:
    with pytest.raises(ValidationError, match="inside the campaign folder"):
        combatant("g", character_file=path)


def test_campaign_house_rules_have_the_rules_defaults() -> None:
    rules = Campaign(title="T").house_rules
    assert rules.wild_dice == 1  # R3
    assert rules.critical_failure == "complication"  # R3
    assert rules.damage_system == "conditions"  # R10
    assert rules.initiative_ability == "Perception"  # R6
    assert rules.action_points_carry_over is False  # R7
    with pytest.raises(ValidationError):
        Campaign.model_validate({"title": "T", "house_rules": {"critical_failure": "explode"}})


def test_kinds_map_to_document_types() -> None:
    assert DOCUMENT_TYPES == ("character", "encounter", "campaign")
    for kind in ("character", "npc", "creature", "vehicle", "object", "location"):
        assert document_type_of_kind(kind) == "character"
    assert document_type_of_kind("encounter") == "encounter"
    assert document_type_of_kind("spaceship") is None


def test_unknown_fields_are_kept_everywhere() -> None:
    raw = sheet().model_dump(mode="json")
    raw["x_future"] = {"a": [1, 2]}
    raw["abilities"][0]["skills"][0]["x_trait"] = "keen"
    raw["conditions"]["x_mood"] = 3
    again = Character.model_validate(raw).model_dump(mode="json")
    assert again == raw


def test_vehicle_fields_round_trip_and_stay_out_of_older_files() -> None:
    """Issue 18: movement, sensors, shields, pilot and blast steps are additive fields."""
    from sheets.documents import BlastStep, Character, Movement, Sensor, Shields, Weapon
    from sheets.storage import dump_document

    plain = Character(kind="vehicle", name="Skiff", weapons=[Weapon(name="Gun", damage="3D")])
    text = dump_document(plain).decode()
    for field in ("movement", "sensors", "shields", "pilot", "blast"):
        assert f'"{field}"' not in text  # older files keep their exact bytes
    ship = Character(
        kind="vehicle",
        name="Courier",
        movement=[Movement(name="Space", rate="6"), Movement(name="Atmosphere", rate="330")],
        sensors=[Sensor(name="Scan", code="1D", range="25")],
        shields=Shields(code="2D", front="1D", rear="1D"),
        pilot="Rask Tovin",
        weapons=[Weapon(name="Grenade", damage="10D", blast=[BlastStep(range="2", damage="10D")])],
    )
    document, _ = parse_document(dump_document(ship), expect="character")
    assert document == ship
    with pytest.raises(ValidationError, match="sensors"):
        Character(name="Twice", sensors=[Sensor(name="Scan"), Sensor(name="scan")])
