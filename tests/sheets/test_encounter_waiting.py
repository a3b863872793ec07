"""Delaying a turn and grouping identical NPCs (issue 16), with exact undo."""

from __future__ import annotations

import pytest

from sheets.encounter import AddCombatants, CommandRefused, DelayTurn, GroupCopies
from sheets.encounter.roster import new_combatants
from tests.encounter_helpers import fighter, small_engine, snapshot


def test_who_delays_acts_right_after_the_next_and_nothing_of_its_turn_ends() -> None:
    engine = small_engine(6, 5, 4)
    engine.next_turn()
    first = engine.current()
    order = list(engine.encounter.turn_order)
    before = snapshot(engine)
    record = engine.apply(DelayTurn())
    assert engine.current() == order[1]
    assert list(engine.encounter.turn_order)[:2] == [order[1], first]
    assert engine.view.by_id[str(first)].last_turn == 0  # it has not acted
    assert record.rows == frozenset({order[0], order[1]})
    assert "waits" in record.outcome.text
    engine.next_turn()
    assert engine.current() == first  # its turn comes right after, this round
    engine.undo()
    engine.undo()
    assert snapshot(engine) == before


def test_the_last_in_the_order_has_nobody_to_wait_for() -> None:
    engine = small_engine(6, 5)
    engine.next_turn()
    engine.next_turn()
    with pytest.raises(CommandRefused, match="last in the order"):
        engine.apply(DelayTurn())


def test_copies_of_a_template_act_as_one_block_where_the_first_stands() -> None:
    engine = small_engine(6, 2)
    taken = set(engine.view.by_id)
    cultists = new_combatants("characters/cultist.json", fighter("Cultist", 4), "Two", taken, 3)
    engine.apply(AddCombatants(tuple(cultists)))
    # Break the block up by hand, as a roll-off among equals might.
    order = list(engine.encounter.turn_order)
    ids = [c.id for c in cultists]
    from sheets.encounter import SetOrder

    scattered = [ids[0], order[0], ids[1], order[-1], ids[2]]
    scattered = [c for c in scattered if c in order] + [c for c in order if c not in scattered]
    engine.apply(SetOrder(tuple(dict.fromkeys(scattered))))
    engine.apply(GroupCopies())
    grouped = list(engine.encounter.turn_order)
    start = grouped.index(ids[0])
    assert grouped[start : start + 3] == ids
    with pytest.raises(CommandRefused, match="already act together"):
        engine.apply(GroupCopies())


def test_a_demoralized_or_broken_combatant_is_unresisting_and_still_acts() -> None:
    from sheets.encounter import CreateCondition

    engine = small_engine(6, 5)
    assert engine.unresisting("a") is None
    engine.apply(CreateCondition("a", kind="cumulative", track="composure", ranks=4))
    reason = engine.unresisting("a")
    assert reason is not None and "cannot decide" in reason
    assert engine.can_act("a") is None  # R5: it can act
    sheet = engine.view.sheet_of("b")
    sheet.conditions.willpower = "broken"
    assert engine.unresisting("b") is not None


@pytest.mark.parametrize(
    ("track", "ranks"),
    [("damage", 0), ("damage", 4), ("damage", 5), ("body", 4), ("composure", 4)],
)
def test_the_levels_a_caller_hands_over_give_the_answers_read_afresh(
    track: str, ranks: int
) -> None:
    """A tracker row reads the track levels once and hands them to cannot_act, is_out and
    unresisting (R5): the answers are those each question reads for itself."""
    from sheets.encounter import CreateCondition

    engine = small_engine(6, 5)
    if ranks:
        engine.apply(CreateCondition("a", kind="cumulative", track=track, ranks=ranks))
    view = engine.view
    combatant = view.by_id["a"]
    levels = view.track_levels(combatant)
    assert view.cannot_act(combatant, levels) == view.cannot_act(combatant)
    assert view.is_out(combatant, levels) == view.is_out(combatant)
    assert view.unresisting(combatant, levels) == view.unresisting(combatant)
