"""What outlasts the scene stays on the character sheet (R4 durations, R5, R6).

When the GM ends the scene, conditions of the scene or shorter end and every "until
recovered" one moves from the combatant (the encounter file) onto its character sheet:
the sheet and the next encounter see it (its track level), and it can be recovered there
by a check with the same result points (R5). Undo of the scene end restores the bytes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheets.documents import Character, Combatant, ConditionInstance, Encounter, HouseRules, Side
from sheets.encounter import (
    Check,
    CommandRefused,
    CreateCondition,
    EndScene,
    Engine,
    NextTurn,
    RemoveCondition,
    SpendRanks,
)
from sheets.encounter.durations import ENDS_WITH_SCENE
from sheets.encounter.state import EncounterView
from sheets.results import Duration
from sheets.storage import dump_document, parse_document
from tests.encounter_helpers import fighter, names, sample_engine, snapshot

JACK = "characters/jack-calloway.json"
BART = "characters/bart-okonkwo.json"
GUARD_TEMPLATE = "characters/company-guard.json"
UNTIL_RECOVERED = Duration.UNTIL_RECOVERED


def a_hard_fight() -> Engine:
    """The pump-house brawl, some way in: Jack is Wounded until recovered (a rank-4
    "needs recovery" effect), has a cracked rib and is shaken for the scene; a guard
    (an inline Stock copy) took a lasting hit; Bart (a standing burn on his sheet) is
    stunned for a round."""
    engine, _ = sample_engine("brawl-at-the-pump-house")
    engine.start()
    engine.roll_initiative(seed=42)
    engine.next_turn()
    engine.apply(
        CreateCondition(
            "jack", track="damage", ranks=3, duration=UNTIL_RECOVERED, source="Brask's cudgel"
        )
    )
    engine.apply(CreateCondition("jack", name="Shaken", duration=Duration.END_OF_SCENE))
    engine.apply(
        CreateCondition(
            "jack", name="Cracked rib", ranks=5, duration=UNTIL_RECOVERED, effect="It hurts."
        )
    )
    engine.apply(CreateCondition("guard-1", track="damage", ranks=1, duration=UNTIL_RECOVERED))
    engine.apply(CreateCondition("bart", track="damage", ranks=1, duration=Duration.ONE_ROUND))
    return engine


def index_of(view: EncounterView) -> dict[str, set[Any]]:
    return {anchor: set(bucket) for anchor, bucket in view.anchored.items()}


def sheet_items(engine: Engine, combatant: str) -> list[tuple[str | None, int, str]]:
    return [
        (i.track, i.ranks, i.name)
        for i in engine.view.sheet_of(combatant).conditions.instances
        if i.source != "Pump house boiler"
    ]


def test_end_scene_moves_what_outlasts_it_onto_the_character_file() -> None:
    engine = a_hard_fight()
    tracks = engine.tracks("jack")
    assert tracks["damage"] == 3  # Wounded (R5)
    lasting = [i for i in engine.conditions("jack") if i.duration == UNTIL_RECOVERED]
    record = engine.apply(EndScene())
    jack = engine.view.by_id["jack"]
    assert jack.conditions == []  # nothing left in the encounter file
    sheet = engine.view.sheet_of("jack").conditions.instances
    assert sheet == lasting  # the very instances, ids and all, in order
    assert sheet_items(engine, "jack") == [("damage", 3, ""), (None, 5, "Cracked rib")]
    assert "Shaken" not in names(engine, "jack")  # end of scene: gone (R6)
    assert engine.tracks("jack") == tracks  # the same level, now from the sheet
    assert JACK in record.touched
    text = record.outcome.text
    assert "Jack keeps Wounded (damage +3, until recovered)" in text
    assert "Jack keeps Cracked rib (until recovered)" in text
    assert record.outcome.data["notes"].count("Jack keeps Cracked rib (until recovered)") == 1
    # Bart's one-round stun ended; his standing burn stays where it was, his file untouched.
    bart = engine.view.sheet_of("bart").conditions.instances
    assert [i.id for i in bart] == ["bart-burn"]
    assert BART not in record.touched
    # The file as saved holds the conditions.
    saved, _ = parse_document(dump_document(engine.view.characters[JACK]))
    assert isinstance(saved, Character)
    assert [(i.track, i.ranks, i.duration) for i in saved.conditions.instances] == [
        ("damage", 3, UNTIL_RECOVERED),
        (None, 5, UNTIL_RECOVERED),
    ]


def test_an_inline_stock_copy_keeps_its_conditions_in_the_encounter_not_the_template() -> None:
    # Ruling (ours): the inline copy's own sheet (in the encounter file) keeps them; the
    # template is never changed, so the next copy made from it starts healthy.
    engine = a_hard_fight()
    template = engine.view.characters[GUARD_TEMPLATE]
    template_before = dump_document(template)
    record = engine.apply(EndScene())
    assert engine.view.by_id["guard-1"].conditions == []
    assert sheet_items(engine, "guard-1") == [("damage", 1, "")]
    assert engine.track_level("guard-1", "damage") == 1
    assert sheet_items(engine, "guard-2") == []
    assert dump_document(template) == template_before
    assert "encounter" in record.touched
    assert "Company Guard 1 keeps Stunned (damage +1, until recovered)" in record.outcome.text
    saved, _ = parse_document(dump_document(engine.encounter))
    assert isinstance(saved, Encounter)
    guard = saved.combatant("guard-1")
    assert guard is not None and guard.character is not None
    assert [(i.track, i.ranks) for i in guard.character.conditions.instances] == [("damage", 1)]


def test_undo_of_the_scene_end_restores_the_bytes_and_redo_moves_again() -> None:
    engine = a_hard_fight()
    before = snapshot(engine)
    index = index_of(engine.view)
    engine.apply(EndScene())
    reached = snapshot(engine)
    assert reached[JACK] != before[JACK]
    engine.undo()
    assert snapshot(engine) == before
    assert index_of(engine.view) == index
    assert [i.name or i.track for i in engine.view.by_id["jack"].conditions] == [
        "damage",
        "Shaken",
        "Cracked rib",
    ]
    assert sheet_items(engine, "jack") == []
    engine.view.rebuild()
    assert index_of(engine.view) == index
    engine.redo()
    assert snapshot(engine) == reached
    engine.undo()
    engine.redo()
    assert snapshot(engine) == reached


def next_encounter(characters: Mapping[str, Character]) -> Engine:
    """Jack and Odile (their files) against a cultist (an inline Stock copy), started."""
    encounter = Encounter(
        name="Ambush at the sluice",
        sides=[Side(name="Heroes", player_side=True), Side(name="Cult")],
        combatants=[
            Combatant(id="jack", name="Jack", side="Heroes", character_file=JACK),
            Combatant(
                id="odile",
                name="Odile",
                side="Heroes",
                character_file="characters/odile-marchetti.json",
            ),
            Combatant(id="cultist", name="Cultist", side="Cult", character=fighter("Cultist", 2)),
        ],
    )
    engine = Engine(encounter, characters, HouseRules())
    engine.start()
    engine.roll_initiative(seed=7)
    return engine


def test_the_next_encounter_sees_the_condition_and_can_recover_it() -> None:
    first = a_hard_fight()
    first.apply(EndScene())
    sheet = first.view.characters[JACK].conditions.instances
    wound = next(i for i in sheet if i.track == "damage")
    rib = next(i for i in sheet if i.name == "Cracked rib")

    second = next_encounter(first.view.characters)
    assert second.track_level("jack", "damage") == 3  # still Wounded (R5)
    assert second.tracks("jack")["damage"] == 3
    assert "Cracked rib" in names(second, "jack")
    on_sheet = {m.condition_id: m.on_sheet for m in second.active_modifiers("jack")}
    assert on_sheet[wound.id] and on_sheet[rib.id]
    assert second.can_act("jack") is None  # Wounded can still act (R5)
    # A new condition in this encounter does not take an id the sheet uses.
    fresh = second.apply(CreateCondition("jack", name="Soaked", duration=UNTIL_RECOVERED))
    made = fresh.outcome.data["condition"]
    assert made not in {i.id for i in sheet}

    # R5: recovered by a check with the same result points: 1 rank does not recover 3.
    before = snapshot(second)
    weak = second.apply(
        Check("odile", ability="Intelligence", target="jack", difficulty=10, total=12)
    )
    assert weak.outcome.check_id is not None and weak.outcome.ranks == 1
    try:
        second.apply(SpendRanks(weak.outcome.check_id, "recover", condition_id=wound.id))
    except CommandRefused as error:
        assert "costs 3 rank(s)" in str(error)
    else:  # pragma: no cover
        raise AssertionError("a 1-rank check recovered a 3-rank wound")
    assert second.track_level("jack", "damage") == 3
    good = second.apply(
        Check("odile", ability="Intelligence", target="jack", difficulty=10, total=25)
    )
    assert good.outcome.check_id is not None and good.outcome.ranks == 3
    recovered = second.apply(SpendRanks(good.outcome.check_id, "recover", condition_id=wound.id))
    assert "Jack recovers from damage +3 (Wounded)" in recovered.outcome.text
    assert JACK in recovered.touched
    assert second.track_level("jack", "damage") == 0
    assert wound not in second.view.characters[JACK].conditions.instances
    # Undo gives the wound back to the sheet.
    second.undo()
    assert second.track_level("jack", "damage") == 3
    second.redo()
    # The GM lets the rib heal between scenes (RemoveCondition on a sheet condition).
    healed = second.apply(RemoveCondition("jack", rib.id))
    assert JACK in healed.touched
    ended = second.apply(EndScene())
    assert [i.name for i in second.view.characters[JACK].conditions.instances] == ["Soaked"]
    assert "Jack keeps Soaked (until recovered)" in ended.outcome.text
    # Undone to before the first check, every sheet is as it was then.
    while len(second.history) > 3:  # start, initiative, Soaked
        second.undo()
    assert snapshot(second) == before
    assert sum(i.ranks for i in sheet if i.track == "damage") == 3


def test_the_same_sheet_in_two_encounters_keeps_both_conditions_with_their_own_ids() -> None:
    first = a_hard_fight()
    characters = first.view.characters
    other = next_encounter(characters)
    made = other.apply(CreateCondition("jack", name="Sprained wrist", duration=UNTIL_RECOVERED))
    first_ids = [i.id for i in first.view.by_id["jack"].conditions]
    assert made.outcome.data["condition"] in first_ids  # both encounters counted from c1
    first.apply(EndScene())
    other.apply(EndScene())
    ids = [i.id for i in characters[JACK].conditions.instances]
    assert len(ids) == len(set(ids)) == 3
    assert "Sprained wrist" in [i.name for i in characters[JACK].conditions.instances]
    assert Character.model_validate(characters[JACK].model_dump()) == characters[JACK]
    other.undo()
    assert [i.id for i in characters[JACK].conditions.instances] == ids[:2]
    assert other.view.by_id["jack"].conditions[0].id == made.outcome.data["condition"]


# --- property: random condition sets ---------------------------------------------------------

DURATIONS = tuple(Duration)
lasting = st.tuples(
    st.sampled_from(DURATIONS),
    st.sampled_from((None, "damage", "composure", "body")),
    st.integers(1, 5),
)


def _instance(number: int, drawn: tuple[Duration, Any, int]) -> ConditionInstance:
    duration, track, ranks = drawn
    return ConditionInstance(
        id=f"s{number}",
        name="" if track else f"Standing {number}",
        kind="cumulative",
        track=track,
        ranks=ranks,
        duration=duration,
        remaining_rounds=2 if duration == Duration.ROUNDS else None,
    )


def random_engine(data: st.DataObject) -> tuple[Engine, dict[str, Character]]:
    """Two characters by file and two inline Stock copies, each with random standing
    conditions on the sheet; started, initiative rolled."""
    characters: dict[str, Character] = {}
    combatants = []
    number = 0
    for index, cid in enumerate("abcd"):
        sheet = fighter(cid.upper(), 2 + index, kind="character" if index < 2 else "npc")
        for drawn in data.draw(st.lists(lasting, max_size=3), label=f"{cid} sheet"):
            number += 1
            sheet.conditions.instances.append(_instance(number, drawn))
        side = "One" if index % 2 == 0 else "Two"
        if index < 2:
            path = f"characters/{cid}.json"
            characters[path] = sheet
            combatants.append(Combatant(id=cid, name=cid.upper(), side=side, character_file=path))
        else:
            combatants.append(Combatant(id=cid, name=cid.upper(), side=side, character=sheet))
    encounter = Encounter(
        name="Random",
        sides=[Side(name="One", player_side=True), Side(name="Two")],
        combatants=combatants,
    )
    engine = Engine(encounter, characters, HouseRules())
    engine.start()
    engine.roll_initiative(seed=data.draw(st.integers(0, 2**16), label="seed"))
    return engine, characters


def dumped(instances: list[ConditionInstance]) -> list[dict[str, Any]]:
    return [i.model_dump(mode="json") for i in instances]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_after_the_scene_ends_only_until_recovered_remains_each_once_on_its_sheet(
    data: st.DataObject,
) -> None:
    engine, _ = random_engine(data)
    for _ in range(data.draw(st.integers(0, 3), label="turns")):
        try:
            engine.apply(NextTurn())
        except CommandRefused:
            break  # the sheets put everyone Out of Action: nobody can take a turn (R6)
    for cid, drawn in data.draw(
        st.lists(st.tuples(st.sampled_from("abcd"), lasting), max_size=10), label="created"
    ):
        duration, track, ranks = drawn
        engine.apply(
            CreateCondition(
                cid,
                name="" if track else f"Made {ranks}",
                kind="cumulative",
                track=track,
                ranks=ranks,
                duration=duration,
                rounds=2 if duration == Duration.ROUNDS else None,
            )
        )
    view = engine.view
    expected = {
        c.id: dumped([i for i in view.conditions(c) if i.duration == UNTIL_RECOVERED])
        for c in engine.encounter.combatants
    }
    before = snapshot(engine)
    engine.apply(EndScene())
    reached = snapshot(engine)
    for combatant in engine.encounter.combatants:
        assert combatant.conditions == []
        sheet = view.character(combatant).conditions.instances
        assert not [i for i in sheet if i.duration in ENDS_WITH_SCENE]
        assert dumped(sheet) == expected[combatant.id]  # each exactly once, in order
        assert len({i.id for i in sheet}) == len(sheet)
        ranks = sum(i["ranks"] for i in expected[combatant.id] if i.get("track") == "damage")
        assert view.track_ranks(combatant, "damage") == ranks
    assert view.anchored == {}
    engine.undo()
    assert snapshot(engine) == before
    engine.redo()
    assert snapshot(engine) == reached


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_track_level_at_once_matches_each_track_asked_alone(data: st.DataObject) -> None:
    # R5: a tracker row asks for all three levels in one pass over the sheet's and the
    # encounter's conditions (track_levels); each must be what track_level says alone.
    engine, _ = random_engine(data)
    for cid, drawn in data.draw(
        st.lists(st.tuples(st.sampled_from("abcd"), lasting), max_size=8), label="created"
    ):
        duration, track, ranks = drawn
        engine.apply(
            CreateCondition(
                cid,
                name="" if track else f"Made {ranks}",
                kind="cumulative",
                track=track,
                ranks=ranks,
                duration=duration,
                rounds=2 if duration == Duration.ROUNDS else None,
            )
        )
    view = engine.view
    for combatant in engine.encounter.combatants:
        alone = {t: view.track_level(combatant, t) for t in ("damage", "composure", "body")}
        assert view.track_levels(combatant) == alone
        assert view.worst_level(combatant) == max(alone.values())
        assert view.is_out(combatant, view.track_levels(combatant)) == view.is_out(combatant)
