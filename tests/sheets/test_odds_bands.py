"""Rows of ``a`` packed closer than their span (``sheets.odds.bands``, R3 step 4): the
bands against every sum of dice, and whole distributions against the same roll packed
with one full span per row (the reference the exhaustive tests check on small pools)."""

from __future__ import annotations

from itertools import combinations_with_replacement, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sheets.odds.narrow as narrow
from sheets.dice import RollSpec
from sheets.odds import _cached
from sheets.odds.bands import bands
from tests.dice_helpers import folded_and_multiplied, number_kind  # noqa: F401  (a fixture: ints and GMP)

faces_moves = st.lists(st.integers(-2, 2), min_size=2, max_size=6)


@settings(max_examples=60, deadline=None)
@given(faces_moves, st.integers(0, 5), st.integers(0, 3), st.integers(0, 2))
def test_every_sum_of_dice_lies_in_its_rows_band(
    moves: list[int], fewest: int, more: int, widen: int
) -> None:
    """Every (a, b) that fewest .. fewest + more dice can sum to is inside the band of
    row a, and the stride puts each row's band after the band of every row below."""
    faces = tuple((value, move) for value, move in enumerate(moves, start=1))
    most = fewest + more
    low = most * min(0, *moves) - widen
    span = most * (max(0, *moves) - min(0, *moves)) + 2 * widen + 1
    stride, found = bands(faces, fewest, most, widen, low, span)
    for count in range(fewest, most + 1):
        for dice in combinations_with_replacement(faces, count):
            a = sum(value for value, _ in dice)
            b = sum(move for _, move in dice) - low
            lo, hi = found[a]
            assert lo <= max(0, b - widen) and min(span - 1, b + widen) <= hi
    rows = sorted(found)
    places = [(a * stride + found[a][0], a * stride + found[a][1]) for a in rows]
    assert all(high < next_low for (_, high), (next_low, _) in pairwise(places))
    assert 1 <= stride <= span


tracked = st.builds(
    RollSpec,
    code=st.sampled_from(["1D", "3D+1", "6D", "9D+2", "14D", "20D"]),
    advantage=st.integers(0, 1),
    disadvantage=st.integers(0, 1),
    luck=st.booleans(),
    wild_dice=st.integers(0, 3),
    critical_failure=st.sampled_from(["complication", "zero", "drop_highest"]),
    boost=st.integers(0, 3),
    penalty=st.integers(0, 3),
    flips=st.frozensets(st.integers(1, 6), max_size=2),
    count_successes=st.booleans(),
).filter(lambda spec: spec.advantage_sign != 0)


def _full_rows(
    faces: tuple[tuple[int, int], ...], fewest: int, most: int, widen: int, low: int, span: int
) -> tuple[int, None]:
    return span, None


@settings(max_examples=25, deadline=None)
@given(tracked)
def test_close_rows_give_the_distribution_of_full_rows(spec: RollSpec) -> None:
    """Advantage or Disadvantage on pools far beyond exhaustive enumeration: the same
    weights, to the last bit, as with one full span per row."""
    close = _cached.__wrapped__(spec)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(narrow, "bands", _full_rows)
        full = _cached.__wrapped__(spec)
    assert close == full


discarded_chains = st.builds(
    RollSpec,
    code=st.sampled_from(["1D", "2D+1", "5D", "8D+2", "13D"]),
    advantage=st.integers(0, 1),
    disadvantage=st.integers(0, 1),
    luck=st.booleans(),
    wild_dice=st.integers(1, 3),
    critical_failure=st.sampled_from(["complication", "zero", "drop_highest"]),
    penalty=st.integers(1, 3),
    flips=st.frozensets(st.integers(1, 6), max_size=2),
    count_successes=st.booleans(),
).filter(lambda spec: spec.advantage_sign != 0)


@settings(max_examples=30, deadline=None)
@given(discarded_chains)
def test_folded_chains_give_the_distribution_of_multiplied_chains(spec: RollSpec) -> None:
    """Chains that Penalty discards folded into the Advantage weights (``folded``): the
    same weights, to the last bit, as multiplying them in (``chains``)."""
    folded, multiplied = folded_and_multiplied(spec)
    assert folded == multiplied
