"""Whole encounters from the sample campaign, played through the engine (R4-R9)."""

from __future__ import annotations

import pytest

from sheets.documents import Combatant, Encounter, Side
from sheets.encounter import (
    AwardActionPoints,
    Check,
    CommandRefused,
    Concede,
    Damage,
    EndScene,
    Engine,
    FearCheck,
    MoveInOrder,
    NextTurn,
    SetOrder,
    SetScene,
    SpendRanks,
    StartEncounter,
    StatusTest,
)
from sheets.storage import dump_document
from tests.encounter_helpers import names, sample, sample_engine, snapshot


def test_melee_with_damage_a_concession_and_the_scene_end_awards() -> None:
    engine, _ = sample_engine("brawl-at-the-pump-house")
    before = snapshot(engine)
    engine.start()
    engine.roll_initiative(seed=42)
    assert engine.encounter.turn_order[0] == "odile"  # Perception 3D+1: 10 (R6)
    while engine.current() != "jack":
        engine.next_turn()
    # Jack's haymaker (Strength 3D+1 + Brawling 1D+2 + Haymaker 1D = 6D) vs Brask's Dodge,
    # rolled at the table.
    hit = engine.apply(
        Check(
            "jack",
            "Brawling",
            "Haymaker",
            purpose="attack",
            target="brask",
            resist_skill="Dodge",
            action="full",
            total=19,
            resist_total=12,
        )
    ).outcome
    assert hit.text.startswith("Round 1, Jack: Haymaker 6D vs 12 -> 19, +7 result points, rank 2")
    assert hit.check_id is not None and hit.ranks == 2
    # Rank 1: the effect roll; rank 1 more: +1D to it (R4).
    engine.apply(SpendRanks(hit.check_id, "effect_roll_dice"))
    damage = engine.apply(
        Damage("jack", "brask", weapon="Fists", check_id=hit.check_id, total=14, resist_total=8)
    ).outcome
    # Fists +2, +1D from the ranks = 1D+2 vs Strength 3D + armour 1D = 4D (R9).
    assert "Fists 1D+2 vs Captain Brask's 4D -> 14 vs 8" in damage.text
    assert "rank 2: Hurt (one full round)" in damage.text
    assert engine.track_level("brask", "damage") == 2
    with pytest.raises(CommandRefused, match="no full action left"):
        engine.apply(Check("jack", "Brawling", action="full", difficulty=10, total=10))
    # A guard is brief (R5): 2 ranks put him Out of Action.
    engine.apply(Damage("bart", "guard-1", weapon="Pipe wrench", total=12, resist_total=5))
    assert engine.is_out("guard-1")
    # Bart concedes (a player character: 1 action point at the end of the scene, R6).
    engine.concede("bart")
    engine.apply(AwardActionPoints("jack", reason="accepted a complication: his debts"))
    # Out of Action and conceded combatants are skipped.
    seen = set()
    for _ in range(len(engine.encounter.turn_order)):
        engine.next_turn()
        seen.add(engine.current())
    assert "guard-1" not in seen and "bart" not in seen
    assert not engine.scene_over()
    record = engine.concede(side="Company guards")
    assert record.outcome.scene_over and engine.scene_over()
    assert "No active opposition remains" in record.outcome.text
    jack_points = engine.view.sheet_of("jack").action_points
    bart_points = engine.view.sheet_of("bart").action_points
    end = engine.apply(EndScene())
    assert engine.view.sheet_of("jack").action_points == jack_points + 1
    assert engine.view.sheet_of("bart").action_points == bart_points + 1
    assert end.touched == {"characters/jack-calloway.json", "characters/bart-okonkwo.json"}
    assert "Hurt" not in str(engine.conditions("brask"))  # shorter than the scene: gone
    assert engine.encounter.state == "ended"
    # The whole encounter undoes to the bytes it started from.
    while engine.can_undo:
        engine.undo()
    assert snapshot(engine) == before
    while engine.can_redo:
        engine.redo()
    assert engine.encounter.state == "ended"
    text = "\n".join(entry.text for entry in engine.encounter.log)
    assert "Bart (1 action point at the end of the scene)" in text
    assert "Jack gains 1 action point(s) (R7)" in text


def test_debate_with_composure_and_attitude() -> None:
    engine, _ = sample_engine("council-debate")
    engine.start()
    engine.roll_initiative(seed=3)
    while engine.current() != "odile":
        engine.next_turn()
    # Odile presses Halvorsen: Pressure vs his Discipline, fixed: Presence 4D + Discipline 2D
    # = 18, + unfriendly 10 + focused 10 (R5) = 38.
    press = engine.apply(
        Check(
            "odile",
            "Pressure",
            target="halvorsen",
            resist_skill="Discipline",
            resistance="fixed",
            action="full",
            total=41,
        )
    ).outcome
    assert press.data["against"] == 38 and press.ranks == 1
    assert press.check_id
    engine.apply(SpendRanks(press.check_id, "track", track="composure", ranks=1))
    assert engine.track_level("halvorsen", "composure") == 1
    assert "composure +1 (Startled)" in engine.encounter.log[-1].text
    while engine.current() != "greta":
        engine.next_turn()
    # Greta wins the mayor over: 2 ranks spent on two steps of attitude (ruling).
    plea = engine.apply(
        Check(
            "greta", "Insight", target="mayor", resist_skill="Insight", resistance="fixed", total=20
        )
    ).outcome
    # Mayor: Wits 2D+2 + Insight 1D = 3D+2 = 11, uncooperative +5, pressured -5 -> 11.
    assert plea.data["against"] == 11 and plea.ranks == 2
    assert plea.check_id
    engine.apply(SpendRanks(plea.check_id, "attitude", sign=-1, ranks=2))
    assert engine.view.sheet_of("mayor").conditions.attitude == "cooperative"
    # The council's patience is the scene clock (R5, R6): a failed test moves one step.
    clock = engine.apply(StatusTest("Council's patience", total=5)).outcome
    assert "Full -> Waning" in clock.text
    engine.apply(StatusTest("Council's patience", total=30))
    assert engine.encounter.clock is not None and engine.encounter.clock.level == 1


def test_chase_positions_move_up_and_down() -> None:
    engine, _ = sample_engine("brawl-at-the-pump-house")
    engine.start()
    engine.apply(SetScene("tactical", "chase"))
    engine.apply(SetOrder(("brask", "guard-1", "jack", "greta")))
    engine.next_turn()
    assert engine.current() == "brask"
    engine.apply(MoveInOrder("jack", -2))  # Jack pulls ahead of both
    assert engine.encounter.turn_order == ["jack", "brask", "guard-1", "greta"]
    engine.next_turn()  # Jack had not acted: he goes next (ruling)
    assert engine.current() == "jack"
    engine.next_turn()
    assert engine.current() == "guard-1"
    engine.next_turn()
    engine.next_turn()
    assert engine.round == 2 and engine.current() == "jack"


def fear_encounter(creatures: int, heroes: tuple[str, ...]) -> tuple[Engine, dict[str, object]]:
    folder = sample()
    characters = {path: loaded.document for path, loaded in folder.characters.items()}
    files = {
        "jack": "jack-calloway",
        "bart": "bart-okonkwo",
        "greta": "greta-vance",
        "odile": "odile-marchetti",
    }
    combatants = [
        Combatant(id=h, name=h.title(), side="Heroes", character_file=f"characters/{files[h]}.json")
        for h in heroes
    ]
    combatants += [
        Combatant(
            id=f"lamprey-{i}",
            name=f"Lamprey {i}",
            side="River",
            character_file="characters/lamprey-of-vessna.json",
        )
        for i in range(1, creatures + 1)
    ]
    encounter = Encounter(
        name="The sluice",
        sides=[Side(name="Heroes", player_side=True), Side(name="River")],
        combatants=combatants,
    )
    engine = Engine(encounter, characters)
    engine.start()
    return engine, characters  # type: ignore[return-value]


def test_fear_check_bands_and_tolerance() -> None:
    engine, characters = fear_encounter(5, ("jack", "bart"))
    lampreys = tuple(f"lamprey-{i}" for i in range(1, 6))
    # Fear 4 x 5 = 20, less Fame 2 + 1 = 17 (R8).
    record = engine.apply(FearCheck(lampreys, seed=9))
    data = record.outcome.data
    assert (data["fear"], data["fame"], data["difficulty"]) == (20, 3, 17)
    for result in data["results"]:
        margin = 17 - result["total"]
        band = result["band"]
        expected = (
            None
            if margin <= 0
            else "Hesitant"
            if margin <= 6
            else "Intimidated"
            if margin <= 11
            else "Frightened"
            if margin <= 15
            else "Terrified"
        )
        assert band == expected
    # A second sighting in the same encounter does not call for another check.
    again = engine.apply(FearCheck(lampreys, seed=10)).outcome
    assert "met them already" in again.text
    engine.apply(EndScene(clean_victory=True))
    jack = characters["characters/jack-calloway.json"]
    memory = jack.conditions.fear_memory  # type: ignore[attr-defined]
    assert memory[0].creature == "characters/lamprey-of-vessna.json" and memory[0].tolerant
    # The next encounter with them: no check for Jack (R8).
    engine2 = Engine(
        Encounter.model_validate(
            engine.encounter.model_dump() | {"state": "setup", "engine_state": {}, "log": []}
        ),
        characters,
    )  # type: ignore[arg-type]
    engine2.start()
    text = engine2.apply(FearCheck(lampreys, seed=11)).outcome.text
    assert "Jack no longer fears them" in text


@pytest.mark.parametrize(("count", "seed"), [(2, 0), (3, 0), (5, 0), (5, 3), (6, 1), (8, 0)])
def test_fear_band_modifiers_reach_the_proposed_roll(count: int, seed: int) -> None:
    engine, _ = fear_encounter(count, ("jack",))
    lampreys = tuple(f"lamprey-{i}" for i in range(1, count + 1))
    # Jack rolls Presence 3D (no Discipline: R2 fallback) vs 4 x count - Fame 2.
    engine.apply(FearCheck(lampreys, seed=seed))
    result = engine.encounter.log[-1].data["results"][0]  # type: ignore[index]
    margin = 4 * count - 2 - int(result["total"])  # type: ignore[index, call-overload]
    attack_on_it = engine.proposed_spec("jack", "Brawling", purpose="attack", target="lamprey-1")
    attack_other = engine.proposed_spec("jack", "Brawling", purpose="attack")
    dodge = engine.proposed_spec("jack", "Dodge", purpose="defence")
    # R8 bands: (attacks on it, other attacks, defence and skill rolls) in dice.
    if margin <= 0:
        expected = (0, 0, 0)
    elif margin <= 6:
        expected = (-1, 0, 0)
    elif margin <= 11:
        expected = (-2, -1, 0)
    elif margin <= 15:
        expected = (-3, -3, -1)
    else:
        expected = (-5, -5, -3)
    # Brawling: Strength 3D+1 + Brawling 1D+2 = 5D; Dodge: Dexterity 3D+2 + 1D+1 = 5D.
    got = (attack_on_it[0].code.dice - 5, attack_other[0].code.dice - 5, dodge[0].code.dice - 5)
    assert got == expected


def test_fame_beyond_fear_makes_the_creatures_roll() -> None:
    engine, _ = fear_encounter(1, ("jack", "bart", "greta", "odile"))
    record = engine.apply(FearCheck(("lamprey-1",), seed=4)).outcome
    assert record.data["difficulty"] == 0 and record.data["fame"] == 10
    assert "vs Fame 10" in record.text
    assert names(engine, "jack") == []


def test_six_encounters_build_tolerance() -> None:
    engine, characters = fear_encounter(5, ("bart",))
    lampreys = tuple(f"lamprey-{i}" for i in range(1, 6))
    for number in range(6):
        fresh = Engine(
            Encounter.model_validate(
                engine.encounter.model_dump() | {"state": "setup", "engine_state": {}, "log": []}
            ),
            characters,
        )  # type: ignore[arg-type]
        fresh.start()
        fresh.apply(FearCheck(lampreys, seed=number))
        fresh.apply(EndScene(clean_victory=False))
    memory = characters["characters/bart-okonkwo.json"].conditions.fear_memory  # type: ignore[attr-defined]
    assert memory[0].encounters == 6 and memory[0].tolerant


def test_tank_against_the_bulldozer() -> None:
    folder = sample()
    characters = {path: loaded.document for path, loaded in folder.characters.items()}
    encounter = Encounter(
        name="The dam road",
        sides=[Side(name="Company", player_side=False), Side(name="Heroes", player_side=True)],
        combatants=[
            Combatant(
                id="tank",
                name="Gerda",
                side="Company",
                character_file="characters/halvorsen-tank.json",
            ),
            Combatant(
                id="dozer",
                name="Bulldozer",
                side="Heroes",
                character_file="characters/dam-bulldozer.json",
            ),
        ],
    )
    engine = Engine(encounter, characters)
    engine.start()
    shot = engine.apply(
        Damage("tank", "dozer", weapon="Main gun, AP round", facing="front", seed=77)
    ).outcome
    # R9: 8D against 8D (the blade's 2D armour is pierced), the bulldozer's roll -3.
    assert "Main gun, AP round 8D vs Bulldozer's 8D-3" in shot.text
    notes = shot.data["notes_r9"]
    assert any("PL 3 vs PL 0: resistance roll -3" in n for n in notes)
    rolls = shot.data["rolls"]
    assert rolls[0]["spec"]["code"] == "8D" and rolls[1]["spec"]["modifier"] == -3
    if shot.ranks:
        assert engine.track_level("dozer", "body") == min(shot.ranks, 5)
    ram = engine.apply(Damage("dozer", "tank", weapon="Blade ram", facing="rear", seed=78)).outcome
    # R9: 8D against 8D+1, the damage roll -3.
    assert "Blade ram 8D-3 vs Gerda's 8D+1" in ram.text
    # Replaying the seeds gives the same rolls.
    engine.undo()
    again = engine.apply(Damage("dozer", "tank", weapon="Blade ram", facing="rear", seed=78))
    assert again.outcome.data["rolls"] == ram.data["rolls"]


def test_sample_encounters_still_load_and_save_canonically() -> None:
    folder = sample()
    for loaded in folder.encounters.values():
        assert dump_document(loaded.document) == loaded.path.read_bytes()
    engine, _ = sample_engine("brawl-at-the-pump-house")
    engine.start()
    engine.roll_initiative(seed=1)
    engine.apply(NextTurn())
    # A running encounter saves and loads back to the same bytes (engine fields included).
    from sheets.storage import parse_document

    data = dump_document(engine.encounter)
    again, _ = parse_document(data)
    assert dump_document(again) == data


def test_several_concede_together_or_not_at_all() -> None:
    """R6: a multi-select Concede is one command, refused whole or applied whole."""
    engine, _ = sample_engine("brawl-at-the-pump-house")
    engine.apply(StartEncounter())
    engine.apply(Concede("guard-2"))
    before = snapshot(engine)
    with pytest.raises(CommandRefused, match="Company Guard 2 conceded already"):
        engine.apply(Concede(combatants=("guard-1", "guard-2")))
    assert snapshot(engine) == before  # guard-1 did not concede alone
    record = engine.apply(Concede(combatants=("guard-1", "guard-3")))
    assert engine.view.by_id["guard-1"].conceded and engine.view.by_id["guard-3"].conceded
    engine.revert(record)
    assert snapshot(engine) == before
