"""R10 through the encounter engine: the Damage command reads the campaign's damage system
(conditions, wounds, body points); wounds and body points land on the target's sheet as
recorded changes (exact undo and redo), and out of wounds or body points is out of action
for turns and the scene's end (R6)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheets.damage import (
    DEAD,
    HEALTHY,
    INCAPACITATED,
    MORTALLY_WOUNDED,
    SEVERELY_WOUNDED,
    STUNNED,
    WOUNDED,
    DamageSystem,
)
from sheets.dice import DieCode
from sheets.documents import Armour, Combatant, Encounter, HouseRules, Side
from sheets.encounter import (
    CommandRefused,
    Damage,
    Engine,
    NextTurn,
    RollInitiative,
    StartEncounter,
)
from tests.encounter_helpers import fighter, sample_engine, snapshot
from tests.sheets.test_encounter_undo import draw_command, fresh_engine


def duel(system: DamageSystem, *, armour: str = "0D", third: bool = False) -> Engine:
    """A (side One) and B (side Two), Strength 3D, started, round 1 running with A acting."""
    b = fighter("B", 2)
    b.armour = Armour(front=DieCode.parse(armour), side=DieCode(), rear=DieCode())
    combatants = [
        Combatant(id="a", name="A", side="One", character=fighter("A", 5)),
        Combatant(id="b", name="B", side="Two", character=b),
    ]
    if third:
        combatants.append(Combatant(id="c", name="C", side="Two", character=fighter("C", 1)))
    encounter = Encounter(
        name="Duel",
        sides=[Side(name="One", player_side=True), Side(name="Two")],
        combatants=combatants,
    )
    engine = Engine(encounter, {}, HouseRules(damage_system=system))
    engine.start()
    engine.roll_initiative(seed=1)
    engine.next_turn()
    assert engine.current() == "a"
    return engine


# --- conditions (the default) stays as it was ------------------------------------------------


def test_conditions_make_a_damage_condition_and_touch_no_wounds() -> None:
    engine = duel("conditions")
    record = engine.apply(Damage("a", "b", damage="3D", total=14, resist_total=8))
    assert "+6 result points, rank 2: Hurt" in record.outcome.text
    assert engine.track_level("b", "damage") == 2
    b = engine.view.sheet_of("b")
    assert b.wound_level == 0 and b.body_points is None
    assert "damage_system" not in record.outcome.data and "wound" not in record.outcome.data


# --- wounds ----------------------------------------------------------------------------------


def test_wounds_read_damage_minus_resistance_on_the_chart() -> None:
    engine = duel("wounds", armour="1D")
    before = snapshot(engine)
    bytes_before = engine.encounter.model_dump_json()
    record = engine.apply(Damage("a", "b", damage="4D", total=15, resist_total=9))
    outcome = record.outcome
    b = engine.view.sheet_of("b")
    assert b.wound_level == WOUNDED  # 15 - 9 = 6: Wounded (4-8)
    assert "vs B's 4D -> 15 vs 9 (rolled 9)" in outcome.text  # Strength 3D + armour 1D (R9)
    assert "wound chart 6: Wounded; B is now Wounded" in outcome.text
    assert engine.track_level("b", "damage") == 0  # no R5 condition in this system
    assert outcome.data["damage_system"] == "wounds"
    assert outcome.data["wound"] == {
        "difference": 6,
        "chart": WOUNDED,
        "before": HEALTHY,
        "after": WOUNDED,
        "out": False,
    }
    assert record.touched == frozenset({"encounter"})  # an inline copy lives in the encounter
    # Exact undo and redo (the recorded-changes mechanism).
    engine.undo()
    assert b.wound_level == HEALTHY
    assert snapshot(engine) == before and engine.encounter.model_dump_json() == bytes_before
    engine.redo()
    assert b.wound_level == WOUNDED


def test_wounds_accumulate_and_run_out() -> None:
    engine = duel("wounds", third=True)
    b = engine.view.sheet_of("b")
    engine.apply(Damage("a", "b", damage="3D", total=10, resist_total=8))  # 2: Stunned
    assert b.wound_level == STUNNED
    engine.apply(Damage("a", "b", damage="3D", total=8, resist_total=8))  # 0: no effect
    assert b.wound_level == STUNNED
    engine.apply(Damage("a", "b", damage="3D", total=18, resist_total=8))  # 10: worse, replaces
    assert b.wound_level == SEVERELY_WOUNDED
    text = engine.apply(Damage("a", "b", damage="3D", total=11, resist_total=8)).outcome.text
    assert b.wound_level == INCAPACITATED  # 3 (Stunned) on Severely Wounded: one level worse
    assert "(was Severely Wounded: one level worse) -- out of action (R10)" in text
    assert engine.is_out("b")
    assert engine.can_act("b") == "B is Incapacitated: out of action (R10)"
    assert not engine.scene_over()  # C still fights for side Two
    # Out of action: a damage roll from B is refused; B's turn is skipped (R6).
    with pytest.raises(CommandRefused, match="out of action"):
        engine.apply(Damage("b", "a", damage="3D", total=10, resist_total=1))
    seen = []
    for _ in range(4):
        seen.append(engine.next_turn().outcome.data.get("actor"))
    assert "b" not in seen and {"a", "c"} <= set(seen)
    # Hits go on to Mortally Wounded and Dead.
    engine.apply(Damage("a", "b", damage="3D", total=30, resist_total=8))
    assert b.wound_level == MORTALLY_WOUNDED
    engine.apply(Damage("a", "b", damage="3D", total=30, resist_total=8))
    assert b.wound_level == DEAD


def test_the_last_wound_ends_the_opposition() -> None:
    engine = duel("wounds")
    record = engine.apply(Damage("a", "b", damage="5D", total=30, resist_total=10))
    assert engine.view.sheet_of("b").wound_level == MORTALLY_WOUNDED
    assert record.outcome.scene_over
    assert "No active opposition remains: the scene can end (R6)" in record.outcome.text
    engine.undo()
    assert not engine.scene_over() and not engine.is_out("b")


def test_a_wound_on_a_character_file_touches_that_file() -> None:
    engine, _ = sample_engine("brawl-at-the-pump-house")
    engine.view.rules = HouseRules(damage_system="wounds")
    before = snapshot(engine)
    engine.start()
    engine.roll_initiative(seed=42)
    record = engine.apply(Damage("jack", "brask", weapon="Fists", total=20, resist_total=10))
    assert record.touched == {"characters/captain-brask.json"}
    brask = engine.view.sheet_of("brask")
    assert brask.wound_level == SEVERELY_WOUNDED  # 10: Severely Wounded (9-12)
    assert b'"wound_level": 3' in snapshot(engine)["characters/captain-brask.json"]
    while engine.can_undo:
        engine.undo()
    assert snapshot(engine) == before  # the sheet's bytes as they were (field omitted again)


# --- body points -----------------------------------------------------------------------------


def test_body_points_lose_the_damage_less_armour_only() -> None:
    engine = duel("body_points", armour="1D")
    b = engine.view.sheet_of("b")
    assert b.body_points is None and b.body_points_left() == 29  # 20 + Strength 3D (ruling)
    before = snapshot(engine)
    record = engine.apply(Damage("a", "b", damage="4D", total=15, resistance="fixed"))
    outcome = record.outcome
    # Only armour resists (ruling): fixed value of 1D = 3, not Strength 3D + 1D.
    assert "vs B's armour 1D -> 15 vs 3 (fixed 3)" in outcome.text
    assert "B loses 12 body points: 17/29 left" in outcome.text
    assert b.body_points == 17
    assert outcome.data["body_points"] == {
        "lost": 12,
        "before": 29,
        "after": 17,
        "maximum": 29,
        "out": False,
    }
    assert outcome.data["notes_r9"][0] == "4D damage vs armour 1D (R10 body points)"
    engine.undo()
    assert b.body_points is None and snapshot(engine) == before
    engine.redo()
    assert b.body_points == 17


def test_body_points_roll_the_armour_and_nothing_without_it() -> None:
    engine = duel("body_points", armour="2D")
    record = engine.apply(Damage("a", "b", damage="3D", seed=5))
    rolls = record.outcome.rolls
    assert len(rolls) == 2 and rolls[1].spec.code == DieCode(2)  # the armour roll
    # Penetration removes armour (R9): 2D less 1D leaves 1D, fixed 3.
    pierced = engine.apply(
        Damage("a", "b", damage="3D", penetration="1D", total=10, resistance="fixed")
    )
    assert "vs B's armour 1D -> 10 vs 3 (fixed 3)" in pierced.outcome.text
    bare = duel("body_points")
    b = bare.view.sheet_of("b")
    b.body_points_max = 10
    text = bare.apply(Damage("a", "b", damage="3D", total=4, resist_total=0)).outcome.text
    assert "B loses 4 body points: 6/10 left" in text


def test_no_body_points_left_is_out_of_action_and_ends_the_scene() -> None:
    engine = duel("body_points", third=True)
    b = engine.view.sheet_of("b")
    b.body_points = 5
    record = engine.apply(Damage("a", "b", damage="3D", total=9, resist_total=0))
    assert b.body_points == 0  # never below 0 (ruling)
    assert "B loses 9 body points: 0/29 left -- out of action (R10)" in record.outcome.text
    assert engine.is_out("b")
    assert engine.can_act("b") == "B has no body points left: out of action (R10)"
    seen = [engine.next_turn().outcome.data.get("actor") for _ in range(3)]
    assert "b" not in seen
    while engine.current() != "a":
        engine.next_turn()
    last = engine.apply(Damage("a", "c", damage="9D", total=60, resist_total=0))
    assert last.outcome.scene_over
    engine.undo()
    assert not engine.scene_over()


def test_the_setting_is_read_when_the_damage_lands() -> None:
    engine = duel("conditions")
    engine.view.rules = HouseRules(damage_system="body_points")
    engine.apply(Damage("a", "b", damage="3D", total=9, resist_total=0))
    assert engine.view.sheet_of("b").body_points == 20
    assert engine.track_level("b", "damage") == 0


# --- exact undo of random sequences under each system -----------------------------------------


@pytest.mark.parametrize("system", ["wounds", "body_points"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_commands_undo_to_the_original_bytes(
    system: DamageSystem, data: st.DataObject
) -> None:
    engine = fresh_engine()
    engine.view.rules = HouseRules(damage_system=system)
    original = snapshot(engine)
    engine.apply(StartEncounter())
    engine.apply(RollInitiative(data.draw(st.integers(0, 2**32), label="initiative seed")))
    for _ in range(data.draw(st.integers(5, 30), label="steps")):
        command = draw_command(data, engine)
        if data.draw(st.integers(0, 2)) == 0:  # more damage than the general mix
            ids = [c.id for c in engine.encounter.combatants]
            command = Damage(
                data.draw(st.sampled_from(ids)),
                data.draw(st.sampled_from(ids)),
                damage=data.draw(st.sampled_from(["2D", "5D", "9D"])),
                resistance=data.draw(st.sampled_from(["active", "fixed"])),
                seed=data.draw(st.integers(0, 2**32)),
            )
        before = snapshot(engine)
        try:
            engine.apply(command)
        except CommandRefused:
            assert snapshot(engine) == before
    reached = snapshot(engine)
    while engine.can_undo:
        engine.undo()
    assert snapshot(engine) == original
    while engine.can_redo:
        engine.redo()
    assert snapshot(engine) == reached


def test_a_turn_passes_over_everyone_out_of_wounds() -> None:
    engine = duel("wounds", third=True)
    engine.view.sheet_of("b").wound_level = INCAPACITATED
    engine.view.sheet_of("c").wound_level = DEAD
    assert engine.scene_over()
    for _ in range(3):
        engine.apply(NextTurn())
        assert engine.current() == "a"  # R6: B and C are skipped, round after round


@pytest.mark.parametrize(
    ("system", "sheet", "harmed"),
    [
        ("wounds", {"wound_level": 1}, False),  # Stunned
        ("wounds", {"wound_level": 2}, True),  # Wounded (R8 Ruling: significant)
        ("body_points", {"body_points_max": 20, "body_points": 11}, False),
        ("body_points", {"body_points_max": 20, "body_points": 10}, True),  # half gone
        ("conditions", {"wound_level": 5}, False),  # not this campaign's system
    ],
)
def test_significant_harm_for_a_clean_victory_follows_the_damage_system(
    system: DamageSystem, sheet: dict[str, int], harmed: bool
) -> None:
    """R8 clean victory (EndScene judging by itself) reads harm by the R10 system."""
    engine = duel(system)
    hero = engine.view.combatant("a")
    for field, value in sheet.items():
        setattr(engine.view.character(hero), field, value)
    assert engine.view.significantly_harmed(hero) is harmed
