"""The engine says which rows a command changed; the tracker repaints only those.

Random command sequences (the same draw as the exact-undo test): after every command,
and after its undo and redo, every combatant whose row projection changed must be among
``CommandRecord.rows`` (None: every row). No guessing in ui/: the record is the truth.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheets.encounter import CommandRecord, CommandRefused, Engine, RollInitiative, StartEncounter
from tests.sheets.test_encounter_undo import draw_command, fresh_engine
from ui.tracker.public_projection import PublicCombatant, public_order, public_state, turn_rows
from ui.tracker.rows import (
    COL_ACTIONS,
    COL_CONDITIONS,
    COL_INITIATIVE,
    COL_MODIFIERS,
    COL_NAME,
    COL_ORDER,
    COL_POINTS,
    COL_SIDE,
    COL_STATE,
    COLUMN_COUNT,
    STATE_WORDS,
    RowData,
    all_rows,
    changed_spans,
)


def changed_rows(before: dict[str, RowData], after: dict[str, RowData]) -> set[str]:
    return {cid for cid in before.keys() | after.keys() if before.get(cid) != after.get(cid)}


Public = tuple[list[str], tuple[PublicCombatant, ...]]


def public(engine: Engine) -> Public:
    """The player view's ids and rows (``ui.tracker.player_view``)."""
    return public_order(engine), public_state(engine).combatants


def check_marked(
    engine: Engine, record: CommandRecord, before: dict[str, RowData], seen: Public
) -> None:
    after = all_rows(engine)
    changed = changed_rows(before, after)
    if record.rows is not None:
        missed = changed - record.rows
        assert not missed, f"{type(record.command).__name__} changed unmarked rows {missed}"
        assert record.marked == record.rows
    for cid in before.keys() & after.keys():
        check_spans(before[cid], after[cid])
    # The player view at a change every row shows re-projects only the marked combatants
    # and moves the turn marks of the rest: the result is the whole projection.
    ids, rows = seen
    moved = turn_rows(engine, rows, ids, record.marked)
    if moved is not None:
        assert moved == public_state(engine).combatants, type(record.command).__name__
    else:
        assert public_order(engine) != ids


def check_spans(before: RowData, after: RowData) -> None:
    """Every cell that paints differently lies in a span ``changed_spans`` gives, so a
    round change that repaints only those spans never leaves a cell stale."""
    spans = changed_spans(before, after)
    covered = {c for first, last in spans for c in range(first, last + 1)}
    assert (before == after) == (spans == ())
    differ = {c for c in range(COLUMN_COUNT) if before.display[c] != after.display[c]}
    if (before.tracks, before.damage) != (after.tracks, after.damage):
        differ.add(COL_CONDITIONS)
    if before.actions != after.actions:
        differ.add(COL_ACTIONS)
    if before.acting != after.acting or before.state != after.state:
        # the actor's mark and a faded row change every cell; the word, its column
        differ |= set(range(COLUMN_COUNT)) if before.acting != after.acting else {COL_STATE}
    assert differ <= covered
    assert all(0 <= first <= last < COLUMN_COUNT for first, last in spans)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_changed_row_is_in_the_record(data: st.DataObject) -> None:
    engine = fresh_engine()
    for first in (StartEncounter(), RollInitiative(data.draw(st.integers(0, 2**32)))):
        before, seen = all_rows(engine), public(engine)
        check_marked(engine, engine.apply(first), before, seen)
    for _ in range(data.draw(st.integers(5, 40), label="steps")):
        command = draw_command(data, engine)
        before, seen = all_rows(engine), public(engine)
        try:
            record = engine.apply(command)
        except CommandRefused:
            continue
        check_marked(engine, record, before, seen)
        # Undo and redo change the very rows the command changed.
        reached, seen = all_rows(engine), public(engine)
        engine.revert(record)
        check_marked(engine, record, reached, seen)
        engine.reapply(record)
        assert all_rows(engine) == reached


def test_a_turn_marks_the_two_actors_not_every_row() -> None:
    engine = fresh_engine()
    engine.apply(StartEncounter())
    engine.apply(RollInitiative(7))
    engine.next_turn()  # round 1 starts: every row
    first = engine.current()
    record = engine.next_turn()
    assert record.rows is not None
    assert first in record.rows and engine.current() in record.rows
    assert len(record.rows) < len(engine.encounter.combatants)


def test_a_new_round_marks_every_row() -> None:
    engine = fresh_engine()
    engine.apply(StartEncounter())
    engine.apply(RollInitiative(7))
    assert engine.next_turn().rows is None


def test_a_new_round_changes_the_budget_and_state_cells_not_the_names() -> None:
    engine = fresh_engine()
    engine.apply(StartEncounter())
    engine.apply(RollInitiative(7))
    engine.next_turn()
    while engine.encounter.current_turn != len(engine.encounter.turn_order) - 1:
        engine.next_turn()
    before = all_rows(engine)
    engine.next_turn()  # R6: round 2, everyone waits again
    after = all_rows(engine)
    waiting = [
        cid for cid in before if before[cid].state == "done" and after[cid].state == "waiting"
    ]
    assert waiting
    for cid in waiting:
        covered = {c for a, b in changed_spans(before[cid], after[cid]) for c in range(a, b + 1)}
        assert COL_STATE in covered and COL_NAME not in covered


def test_each_column_shows_its_own_text() -> None:
    """``row_data`` builds the column texts in column order: each text stands at its
    ``COL_*``, as the row's fields say it."""
    engine = fresh_engine()
    engine.apply(StartEncounter())
    engine.apply(RollInitiative(seed=5))
    for cid, row in all_rows(engine).items():
        shown = dict(enumerate(row.display))
        assert len(row.display) == COLUMN_COUNT
        assert shown[COL_ORDER] == ("" if row.position is None else str(row.position))
        assert shown[COL_NAME].startswith(row.name), cid
        assert shown[COL_SIDE] == row.side
        assert shown[COL_INITIATIVE] == ("" if row.initiative is None else str(row.initiative))
        full_left, full, bonus_left, bonus = row.actions
        assert shown[COL_ACTIONS] == f"{full_left}/{full} full, {bonus_left}/{bonus} bonus"
        assert shown[COL_MODIFIERS] == "; ".join(row.modifiers)
        assert shown[COL_STATE] == STATE_WORDS[row.state]
        assert shown[COL_POINTS] == "AP {} · CP {} · FP {}".format(*row.points)
        assert shown[COL_CONDITIONS]  # "Normal" at least
