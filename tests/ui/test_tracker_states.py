"""The tracker's state column knows R5's Unresisting (issue 16)."""

from __future__ import annotations

from tests.encounter_helpers import small_engine


def test_the_tracker_row_says_unresisting() -> None:
    from sheets.encounter import CreateCondition
    from ui.tracker.rows import STATE_WORDS, row_data

    engine = small_engine(6, 5)
    engine.apply(CreateCondition("b", kind="cumulative", track="composure", ranks=4))
    assert STATE_WORDS[row_data(engine, "b", 2).state] == "Unresisting"
