"""Combatants joining and leaving mid-fight (issue 16), with exact undo."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheets.documents import Combatant
from sheets.encounter import AddCombatants, CommandRefused, Engine, NextTurn, RemoveCombatant
from sheets.encounter.roster import new_combatants
from tests.encounter_helpers import fighter, small_engine, snapshot


def _reinforcements(engine: Engine, perception: int, copies: int = 2) -> tuple[Combatant, ...]:
    template = fighter("Cultist", perception)
    taken = set(engine.view.by_id)
    made = new_combatants("characters/cultist.json", template, "Two", taken, copies)
    return tuple(made)


def _check_view(engine: Engine) -> None:
    enc = engine.encounter
    assert engine.view.by_id == {c.id: c for c in enc.combatants}
    assert set(enc.turn_order) <= set(engine.view.by_id)


def test_reinforcements_join_a_melee_by_initiative_and_the_actor_keeps_the_turn() -> None:
    engine = small_engine(6, 5, 2, 1)
    engine.next_turn()
    engine.next_turn()
    acting = engine.current()
    before = snapshot(engine)
    new = _reinforcements(engine, 4)
    record = engine.apply(AddCombatants(new))
    order = list(engine.encounter.turn_order)
    assert engine.current() == acting
    values = [engine.view.by_id[c].initiative for c in order]
    assert values == sorted(values, reverse=True)  # R6: by the fixed value
    assert [c.name for c in new] == ["Cultist 1", "Cultist 2"]
    assert record.rows is None  # every row's place changed
    assert "joins: Cultist 1, Cultist 2" in record.outcome.text
    _check_view(engine)
    engine.undo()
    assert snapshot(engine) == before
    _check_view(engine)
    engine.redo()
    assert engine.current() == acting and "cultist-2" in engine.view.by_id
    _check_view(engine)


def test_a_taken_id_is_refused_and_changes_nothing() -> None:
    engine = small_engine(3, 2)
    before = snapshot(engine)
    twin = engine.encounter.combatants[0].model_copy()
    with pytest.raises(CommandRefused, match="taken"):
        engine.apply(AddCombatants((twin,)))
    assert snapshot(engine) == before


def test_who_leaves_goes_from_the_order_and_comes_back_on_undo() -> None:
    engine = small_engine(6, 5, 4, 3)
    engine.next_turn()
    acting = engine.current()
    assert acting is not None
    leaving = next(c for c in engine.encounter.turn_order if c != acting)
    before = snapshot(engine)
    engine.apply(RemoveCombatant(leaving))
    assert leaving not in engine.view.by_id and leaving not in engine.encounter.turn_order
    assert engine.current() == acting
    _check_view(engine)
    engine.undo()
    assert snapshot(engine) == before
    _check_view(engine)


def test_the_one_acting_cannot_leave_before_the_turn_passes() -> None:
    engine = small_engine(6, 5)
    engine.next_turn()
    acting = engine.current()
    assert acting is not None
    with pytest.raises(CommandRefused, match="acting now"):
        engine.apply(RemoveCombatant(acting))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["add", "remove", "next", "undo", "redo"]), max_size=14))
def test_any_mix_of_joins_and_leaves_undoes_to_the_same_bytes(steps: list[str]) -> None:
    engine = small_engine(5, 4, 3)
    start = snapshot(engine)
    base = len(engine.history)  # start and initiative stay done
    for step in steps:
        try:
            if step == "add":
                engine.apply(AddCombatants(_reinforcements(engine, 3, 1)))
            elif step == "remove":
                acting = engine.current()
                others = [c.id for c in engine.encounter.combatants if c.id != acting]
                if not others:
                    continue
                engine.apply(RemoveCombatant(others[-1]))
            elif step == "next":
                engine.apply(NextTurn())
            elif step == "undo" and len(engine.history) > base:
                engine.undo()
            elif engine.can_redo:
                engine.redo()
        except CommandRefused:
            continue
        _check_view(engine)
    while len(engine.history) > base:
        engine.undo()
        _check_view(engine)
    assert snapshot(engine) == start


def test_a_copy_of_a_numbered_combatant_takes_the_next_free_name() -> None:
    from sheets.encounter.roster import base_name

    engine = small_engine(3, 2)
    sheet = fighter("Guard 1", 2).model_copy(update={"name": base_name("Guard 1")})
    names = {"guard 1", "guard 2"}
    made = new_combatants("", sheet, "Two", set(engine.view.by_id), 2, names)
    assert [c.name for c in made] == ["Guard 3", "Guard 4"]
    assert base_name("Cultist 16") == "Cultist" and base_name("Brask") == "Brask"


def test_a_new_side_joins_with_its_combatants_and_the_file_stays_valid() -> None:
    from sheets.documents import Encounter

    engine = small_engine(4, 3)
    template = fighter("Docker", 2)
    made = new_combatants("", template, "Dockers", set(engine.view.by_id), 2)
    engine.apply(AddCombatants(tuple(made)))
    assert [s.name for s in engine.encounter.sides][-1] == "Dockers"
    Encounter.model_validate(engine.encounter.model_dump())  # saves as a valid file
    engine.undo()
    assert "Dockers" not in [s.name for s in engine.encounter.sides]
