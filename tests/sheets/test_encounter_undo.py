"""Exact undo: random command sequences, undone to the very bytes they started from.

Every command is recorded with before-images of only what it touched; undoing all of
them must give back the encounter and every character file byte for byte, and redoing
all of them the state they reached. Refused commands change nothing.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheets.documents import CheckModifier, Combatant, Encounter
from sheets.encounter import (
    AdjustActions,
    AwardActionPoints,
    ChangeDuration,
    Check,
    Command,
    CommandRefused,
    Concede,
    CreateCondition,
    Damage,
    DeclareIntention,
    EndEncounter,
    EndScene,
    Engine,
    FearCheck,
    GiveTurn,
    Help,
    MoveInOrder,
    NextTurn,
    RemoveCondition,
    RollInitiative,
    SetOrder,
    SetScene,
    ShiftAttitude,
    SpendAction,
    SpendPoint,
    SpendRanks,
    StartEncounter,
    StatusTest,
)
from sheets.encounter.state import EncounterView, changes_actions
from sheets.results import Duration
from sheets.storage import parse_document
from tests.encounter_helpers import sample, snapshot

_FOLDER = sample()
_BRAWL = _FOLDER.encounters["encounters/brawl-at-the-pump-house.json"].document
_CHARACTERS = {path: loaded.document for path, loaded in _FOLDER.characters.items()}
SKILLS = ("Brawling", "Dodge", "Discipline", "Firearms", None)
DURATIONS = tuple(Duration)


def fresh_engine() -> Engine:
    characters = {path: c.model_copy(deep=True) for path, c in _CHARACTERS.items()}
    encounter = _BRAWL.model_copy(deep=True)
    encounter.combatants.append(
        Combatant(
            id="lamprey",
            name="Lamprey",
            side="Company guards",
            character_file="characters/lamprey-of-vessna.json",
        )
    )
    encounter = Encounter.model_validate(encounter.model_dump())
    return Engine(encounter, characters)


def draw_command(data: st.DataObject, engine: Engine) -> Command:
    enc = engine.encounter
    ids = [c.id for c in enc.combatants]
    who = st.sampled_from(ids)
    seed = st.integers(0, 2**32)
    check_ids = sorted(enc.engine_state.checks)
    kind = data.draw(
        st.sampled_from(
            [
                "start",
                "initiative",
                "next",
                "next",
                "next",
                "next",
                "order",
                "move",
                "scene",
                "give",
                "spend",
                "points",
                "adjust",
                "check",
                "check",
                "ranks",
                "ranks",
                "damage",
                "create",
                "create",
                "duration",
                "remove",
                "attitude",
                "status",
                "concede",
                "award",
                "help",
                "fear",
                "end_encounter",
                "end_scene",
                "intention",
            ]
        )
    )
    if kind == "start":
        return StartEncounter()
    if kind == "initiative":
        return RollInitiative(data.draw(seed))
    if kind == "next":
        return NextTurn()
    if kind == "order":
        return SetOrder(tuple(data.draw(st.permutations(ids))))
    if kind == "move":
        return MoveInOrder(data.draw(who), data.draw(st.integers(-3, 3)))
    if kind == "scene":
        return SetScene(
            data.draw(st.sampled_from(["quick", "dramatic", "tactical"])),
            data.draw(st.sampled_from([None, "melee", "chase", "debate"])),
        )
    if kind == "give":
        return GiveTurn(data.draw(who))
    if kind == "spend":
        return SpendAction(
            data.draw(who),
            data.draw(st.sampled_from(["full", "bonus", "free"])),
            reaction=data.draw(st.booleans()),
        )
    if kind == "adjust":
        return AdjustActions(
            data.draw(who), data.draw(st.integers(-1, 1)), data.draw(st.integers(-1, 1))
        )
    if kind == "check":
        target = data.draw(st.none() | who)
        return Check(
            data.draw(who),
            data.draw(st.sampled_from(SKILLS)),
            ability=data.draw(st.sampled_from(["Strength", "Presence", None])),
            purpose=data.draw(st.sampled_from(["attack", "defence", "skill"])),
            target=target,
            difficulty=data.draw(st.none() | st.integers(0, 20)),
            resist_skill=data.draw(st.sampled_from([None, "Dodge", "Discipline"])),
            resistance=data.draw(st.sampled_from(["active", "fixed"])),
            action=data.draw(st.sampled_from([None, "full", "bonus"])),
            reaction=True,
            seed=data.draw(seed),
            total=data.draw(st.none() | st.integers(0, 40)),
        )
    open_checks = [c for c in check_ids if engine.ranks_left(c) > 0]
    if kind == "ranks" and open_checks:
        owner = data.draw(who)
        conditions = [c.id for c in engine.conditions(owner)]
        chosen_check = data.draw(st.sampled_from(open_checks))
        affordable = [e.key for e in engine.effect_menu(chosen_check)] or ["boost"]
        return SpendRanks(
            chosen_check,
            data.draw(st.sampled_from(affordable)),
            target=owner,
            sign=data.draw(st.sampled_from([1, -1])),
            skill=data.draw(st.sampled_from(["", "Brawling"])),
            ability=data.draw(st.sampled_from(["", "Strength"])),
            condition_id=data.draw(st.sampled_from([None, *conditions])),
            ranks=data.draw(st.integers(1, 3)),
            name="Rattled",
            track=data.draw(st.sampled_from([None, "damage", "composure"])),
            seed=data.draw(seed),
        )
    if kind == "ranks":
        return Check(
            data.draw(who),
            "Brawling",
            ability="Strength",
            reaction=True,
            difficulty=0,
            total=data.draw(st.integers(1, 30)),
        )
    if kind == "damage":
        return Damage(
            data.draw(who),
            data.draw(who),
            damage=data.draw(st.sampled_from(["1D", "3D+1", "6D"])),
            facing=data.draw(st.sampled_from(["front", "side", "rear"])),
            resistance=data.draw(st.sampled_from(["active", "fixed"])),
            check_id=data.draw(st.none() | st.sampled_from(check_ids or ["k0"])),
            seed=data.draw(seed),
        )
    if kind == "create":
        duration = data.draw(st.sampled_from(DURATIONS))
        track = data.draw(st.sampled_from([None, None, "damage", "composure"]))
        modifier = data.draw(
            st.none()
            | st.builds(
                CheckModifier,
                dice=st.integers(-2, 2),
                value=st.integers(-3, 3),
                boost=st.integers(0, 1),
                single_check=st.booleans(),
                full_actions=st.integers(-1, 1),
                from_round=st.integers(0, 4),
            )
        )
        return CreateCondition(
            data.draw(who),
            name=data.draw(st.sampled_from(["Dazed", "Pinned", "Lit"])),
            kind=data.draw(st.sampled_from(["discrete", "progressive", "cumulative"])),
            track=track,
            ranks=data.draw(st.integers(1, 5)),
            duration=duration,
            rounds=data.draw(st.none() | st.integers(1, 4)),
            modifier=modifier,
            seed=data.draw(seed),
        )
    if kind in ("duration", "remove"):
        owner = data.draw(who)
        conditions = [c.id for c in engine.conditions(owner)]
        if conditions:
            chosen = data.draw(st.sampled_from(conditions))
            if kind == "remove":
                return RemoveCondition(owner, chosen)
            return ChangeDuration(
                owner,
                chosen,
                data.draw(
                    st.sampled_from(
                        [
                            "round",
                            "extend_to_encounter",
                            "shorten_to_rounds",
                            "extend_to_scene",
                            "shorten_to_encounter",
                            "require_recovery",
                            "shorten_to_scene",
                        ]
                    )
                ),
                sign=data.draw(st.sampled_from([1, -1])),
                seed=data.draw(seed),
            )
    if kind == "attitude":
        return ShiftAttitude(
            data.draw(who),
            data.draw(st.sampled_from(["attitude", "willpower"])),
            data.draw(st.integers(-3, 3)),
        )
    if kind == "status":
        return StatusTest(
            data.draw(st.sampled_from(["Film", "Fokker fuel", "AP rounds"])),
            owner=data.draw(who),
            total=data.draw(st.none() | st.integers(0, 20)),
            seed=data.draw(seed),
            skill="Search",
        )
    if kind == "concede":
        how = data.draw(st.sampled_from(["one", "several", "side"]))
        if how == "one":
            return Concede(data.draw(who))
        if how == "several":
            return Concede(combatants=tuple(data.draw(st.lists(who, min_size=2, max_size=3))))
        return Concede(side=data.draw(st.sampled_from(["Heroes", "Company guards"])))
    if kind == "points":
        return SpendPoint(
            data.draw(who),
            data.draw(st.sampled_from(["action_point", "character_point", "fate_point"])),
            data.draw(st.sampled_from([1, 1, 2, -1])),
        )
    if kind == "award":
        return AwardActionPoints(
            data.draw(who), data.draw(st.integers(1, 2)), at_scene_end=data.draw(st.booleans())
        )
    if kind == "help":
        return Help(
            data.draw(who),
            data.draw(who),
            data.draw(st.sampled_from(["Brawling", "Dodge", "Firearms"])),
            mode=data.draw(st.sampled_from(["enhance", "blunt"])),
            action=data.draw(st.sampled_from([None, "full"])),
        )
    if kind == "fear":
        return FearCheck(("lamprey",), seed=data.draw(seed))
    if kind == "end_encounter":
        return EndEncounter()
    if kind == "end_scene" and data.draw(st.integers(0, 9)) == 0:
        return EndScene(data.draw(st.none() | st.booleans()))
    return DeclareIntention(data.draw(who), "hold the door")


def index_of(view: EncounterView) -> dict[str, set[Any]]:
    return {anchor: set(bucket) for anchor, bucket in view.anchored.items()}


def check_budget_watch(view: EncounterView) -> None:
    """R4, R6: whoever holds a condition that adds or removes actions is watched, so a
    new round's budget (``start_round``) reads it; the watch may hold more, never fewer."""
    holding = {
        c.id
        for c in view.encounter.combatants
        if any(changes_actions(i) for i in view.conditions(c))
    }
    assert holding <= view.budget_watch


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_commands_undo_to_the_original_bytes(data: st.DataObject) -> None:
    engine = fresh_engine()
    original = snapshot(engine)
    engine.apply(StartEncounter())
    engine.apply(RollInitiative(data.draw(st.integers(0, 2**32), label="initiative seed")))
    applied = 2
    for _ in range(data.draw(st.integers(5, 40), label="steps")):
        command = draw_command(data, engine)
        before = snapshot(engine)
        try:
            engine.apply(command)
            applied += 1
        except CommandRefused:
            assert snapshot(engine) == before  # refused: nothing changed
        check_budget_watch(engine.view)
    reached = snapshot(engine)
    # The incremental expiry index matches one rebuilt from the document.
    incremental = index_of(engine.view)
    engine.view.rebuild()
    assert index_of(engine.view) == incremental
    # What the engine wrote is a valid document that loads back to the same bytes.
    again, _ = parse_document(reached["encounter"])
    assert snapshot(engine)["encounter"] == reached["encounter"]
    assert again.model_dump() == engine.encounter.model_dump()
    assert len(engine.history) == applied
    while engine.can_undo:
        engine.undo()
        check_budget_watch(engine.view)
    assert snapshot(engine) == original
    while engine.can_redo:
        engine.redo()
        check_budget_watch(engine.view)
    assert snapshot(engine) == reached


def test_revert_and_reapply_are_per_command_for_the_ui() -> None:
    engine = fresh_engine()
    first = engine.apply(StartEncounter())
    second = engine.apply(RollInitiative(5))
    try:
        engine.revert(first)
    except ValueError:
        pass
    else:  # pragma: no cover
        raise AssertionError("only the last command can be undone")
    engine.revert(second)
    engine.reapply(second)
    assert engine.encounter.turn_order
