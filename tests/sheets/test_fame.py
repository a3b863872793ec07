"""R8's Fame ladder (the seed's Fame equivalency)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sheets.fame import FAME_LADDER, fame_standing


def test_the_steps_of_the_ladder() -> None:
    assert fame_standing(0) == "unknown"
    assert fame_standing(2).startswith("known to a few by name")
    assert fame_standing(3).startswith("your name has spread")
    assert fame_standing(15).startswith("known in all the land")
    assert fame_standing(16).startswith("a legend")
    assert fame_standing(40).startswith("a legendary hero")
    assert fame_standing(41) == "a god among men, worshipped by some"


@given(st.integers(0, 10_000), st.integers(0, 10_000))
def test_more_fame_never_reads_as_less(low: int, high: int) -> None:
    low, high = sorted((low, high))
    words = [meaning for _lowest, meaning in FAME_LADDER]
    assert words.index(fame_standing(low)) <= words.index(fame_standing(high))


def test_a_fear_check_says_what_the_groups_fame_means() -> None:
    from sheets.encounter import FearCheck
    from tests.sheets.test_encounter_scenarios import fear_encounter

    engine, _characters = fear_encounter(5, ("jack", "bart"))
    lampreys = tuple(f"lamprey-{i}" for i in range(1, 6))
    record = engine.apply(FearCheck(lampreys, seed=9))
    assert f"group Fame 3 ({fame_standing(3)})" in record.outcome.text
