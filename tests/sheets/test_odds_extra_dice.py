"""Step 5 (R3), the Boost/Penalty dice and the discard: the running selection one die at
a time (``_one_extra_at_a_time``) against the table of every landing per state
(``_by_tables``) where ``b`` moves in steps above 1, so that states split by residue."""

from __future__ import annotations

import pytest

from sheets.dice import RollSpec
from sheets.odds import _cached
from tests.dice_helpers import (
    extra_dice_both_ways,
    number_kind,  # noqa: F401  (a fixture: ints and GMP)
)
from tests.sheets.test_odds import assert_matches_enumeration


@pytest.mark.parametrize(
    "spec",
    [
        # Flips beside Advantage: b moves in steps of 5 or 3 (``Narrow``).
        RollSpec(code="6D+1", advantage=1, penalty=1, flips=frozenset({1, 6})),
        RollSpec(code="5D", wild_dice=2, advantage=1, boost=1, flips=frozenset({2})),
        RollSpec(code="4D", wild_dice=2, advantage=1, penalty=2, flips=frozenset({1, 6})),
        RollSpec(code="5D+2", advantage=1, boost=2, flips=frozenset({2, 5})),
        RollSpec(code="3D", wild_dice=1, advantage=1, penalty=3, flips=frozenset({6})),
        RollSpec(code="2D", advantage=1, penalty=1, flips=frozenset({1, 4}), sides=4),
        RollSpec(code="2D+1", advantage=1, boost=1, flips=frozenset({1, 4}), sides=4),
    ],
)
def test_one_die_at_a_time_by_residue_matches_the_table_of_every_landing(
    spec: RollSpec, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R3 step 5: with ``b`` in steps above 1 the extra dice one at a time, each state
    carrying its residue, give the polynomials per residue that the table of every
    landing per state does, bit for bit."""
    seen = extra_dice_both_ways(spec, monkeypatch)
    assert seen
    for step, one_at_a_time, by_tables in seen:
        assert step > 1  # the residues are what this test is about
        assert one_at_a_time == by_tables


@pytest.mark.parametrize(
    "spec",
    [
        RollSpec(code="2D", advantage=1, penalty=1, flips=frozenset({1, 4}), sides=4),
        RollSpec(code="2D+1", advantage=1, boost=1, flips=frozenset({1, 4}), sides=4),
    ],
)
def test_one_extra_die_by_residue_matches_every_roll(spec: RollSpec) -> None:
    """R3 step 5 with one Boost/Penalty die and ``b`` in steps above 1 (the running
    selection on GMP): the distribution is that of every way the roll can go."""
    _cached.cache_clear()
    assert_matches_enumeration(spec, 8)
