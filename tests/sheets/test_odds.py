"""Exact odds (sheets.odds) against the roll pipeline itself: exhaustive enumeration of
small pools, and seeded simulation of random specs across every option."""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from itertools import accumulate

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheets.dice import RollSpec, roll
from sheets.odds import (
    MAX_ODDS_DICE,
    chance_at_least,
    chance_rank_at_least,
    distribution,
    mean,
    rank_chances,
)
from tests.dice_helpers import enumerate_totals, number_kind  # noqa: F401  (a fixture: ints and GMP)

EXACT = 1e-12


def assert_matches_enumeration(spec: RollSpec, max_faces: int) -> None:
    """Every probability the enumeration finds is in the distribution (it can only find
    less: runs longer than max_faces are left out), and the distribution sums to 1. No
    mass can move to a wrong total without breaking one of the two."""
    found, left_out = enumerate_totals(spec, max_faces)
    odds = distribution(spec)
    assert abs(sum(odds.values()) - 1.0) < EXACT
    for total, p in found.items():
        assert p <= odds.get(total, 0.0) + EXACT, (total, p, odds.get(total))
    missing = sum(odds.get(total, 0.0) - p for total, p in found.items())
    missing += sum(p for total, p in odds.items() if total not in found)
    assert missing == pytest.approx(left_out, abs=1e-9)


SMALL = [
    RollSpec(code="2D"),
    RollSpec(code="2D+1", wild_dice=0),
    RollSpec(code="3D", sides=4),
    RollSpec(code="2D", flips=frozenset({1, 6})),
    RollSpec(code="2D", critical_failure="zero"),
    RollSpec(code="2D", critical_failure="drop_highest"),
    RollSpec(code="2D", advantage=1),
    RollSpec(code="2D", disadvantage=2, advantage=1),
    RollSpec(code="2D", advantage=1, flips=frozenset({2})),
    RollSpec(code="2D", advantage=1, flips=frozenset({6}), critical_failure="drop_highest"),
    RollSpec(code="2D", boost=1),
    RollSpec(code="2D", penalty=1),
    RollSpec(code="2D", critical_failure="drop_highest", penalty=1),
    RollSpec(code="2D", wild_dice=2, penalty=1),
    RollSpec(code="2D", count_successes=True, advantage=1),
    RollSpec(code="1D", luck=True, boost=1, flips=frozenset({1})),
    RollSpec(code="2D", wild_dice=2, critical_failure="drop_highest", sides=4),
    RollSpec(
        code="1D",
        advantage=1,
        boost=1,
        critical_failure="drop_highest",
        flips=frozenset({1, 4}),
        sides=4,
    ),
    RollSpec(
        code="2D",
        wild_dice=2,
        advantage=1,
        penalty=1,
        critical_failure="drop_highest",
        sides=4,
        count_successes=True,
    ),
    RollSpec(
        code="2D",
        wild_dice=2,
        disadvantage=2,
        boost=1,
        critical_failure="zero",
        sides=4,
        flips=frozenset({2, 4}),
    ),
    RollSpec(code="3D", wild_dice=3, penalty=1, critical_failure="drop_highest", sides=4),
    RollSpec(
        code="3D",
        wild_dice=2,
        boost=2,
        critical_failure="drop_highest",
        sides=4,
        flips=frozenset({3}),
    ),
    RollSpec(
        code="2D+1",
        wild_dice=2,
        advantage=1,
        penalty=2,
        critical_failure="drop_highest",
        sides=4,
        flips=frozenset({1, 4}),
        modifier=-2,
    ),
    RollSpec(
        code="1D", advantage=1, critical_failure="zero", flips=frozenset({1, 4}), sides=4, luck=True
    ),
    # More dice than extremes to track: the middle dice are stored above a floor.
    RollSpec(code="4D", boost=1, critical_failure="drop_highest", sides=4, flips=frozenset({1, 4})),
    RollSpec(code="3D", advantage=1, boost=1, sides=4, flips=frozenset({1})),
    RollSpec(code="4D", wild_dice=2, penalty=1, critical_failure="zero", sides=4),
]


@pytest.mark.parametrize("spec", SMALL, ids=lambda spec: f"{spec}"[9:70])
def test_exhaustive_enumeration(spec: RollSpec) -> None:
    assert_matches_enumeration(spec, 9 if spec.sides == 4 else 7)


@pytest.mark.parametrize(
    ("spec", "max_faces"),
    [
        (RollSpec(code="4D", wild_dice=2, penalty=1, critical_failure="drop_highest", sides=4), 9),
        (
            RollSpec(
                code="3D",
                wild_dice=2,
                advantage=1,
                boost=1,
                critical_failure="drop_highest",
                sides=4,
                flips=frozenset({1}),
            ),
            7,
        ),
        (
            RollSpec(
                code="4D",
                wild_dice=2,
                disadvantage=1,
                penalty=1,
                critical_failure="drop_highest",
                sides=4,
            ),
            6,
        ),
    ],
    ids=lambda value: f"{value}"[9:70],
)
def test_the_top_die_is_forgotten_where_the_first_wild_die_did_not_fail(
    spec: RollSpec, max_faces: int
) -> None:
    """R3 steps 3 and 5: ``drop_highest`` needs the top die only where the first Wild Die
    failed; the states where it did not forget it and merge, and a second Wild Die then
    joins both kinds: every probability as the enumeration finds it."""
    assert_matches_enumeration(spec, max_faces)


@pytest.mark.parametrize(
    ("spec", "max_faces"),
    [
        (RollSpec(code="4D", wild_dice=2, advantage=1, penalty=2, sides=4), 6),
        (RollSpec(code="4D", wild_dice=3, penalty=2, critical_failure="zero", sides=4), 7),
    ],
    ids=lambda value: f"{value}"[9:70],
)
def test_states_with_chains_track_only_what_penalty_can_still_take(
    spec: RollSpec, max_faces: int
) -> None:
    """R3 step 5: Penalty takes exploded chains first, so a state with a chain keys
    fewer top values and merges with its neighbours before the next Wild Die."""
    assert_matches_enumeration(spec, max_faces)


small_specs = st.builds(
    RollSpec,
    code=st.sampled_from(["1D", "2D", "1D+1", "2D+2"]),
    wild_dice=st.integers(0, 2),
    critical_failure=st.sampled_from(["complication", "zero", "drop_highest"]),
    luck=st.just(False),
    advantage=st.integers(0, 1),
    disadvantage=st.integers(0, 1),
    boost=st.integers(0, 1),
    penalty=st.integers(0, 1),
    flips=st.frozensets(st.integers(1, 4), max_size=2),
    sides=st.just(4),
    modifier=st.integers(-2, 2),
    count_successes=st.booleans(),
)


@settings(max_examples=15, deadline=None)
@given(small_specs)
def test_exhaustive_enumeration_of_random_small_specs(spec: RollSpec) -> None:
    assert_matches_enumeration(spec, 8)


specs = st.builds(
    RollSpec,
    code=st.builds(lambda d, p: f"{d}D+{p}", st.integers(0, 6), st.integers(0, 2)),
    wild_dice=st.integers(0, 3),
    critical_failure=st.sampled_from(["complication", "zero", "drop_highest"]),
    luck=st.booleans(),
    advantage=st.integers(0, 2),
    disadvantage=st.integers(0, 2),
    boost=st.integers(0, 3),
    penalty=st.integers(0, 3),
    flips=st.frozensets(st.integers(1, 6), max_size=3),
    sides=st.just(6),
    modifier=st.integers(-3, 3),
    count_successes=st.booleans(),
)


@settings(max_examples=25, deadline=None)
@given(specs, st.integers(0, 2**32))
def test_distribution_matches_simulation(spec: RollSpec, seed: int) -> None:
    """The seeded simulation's CDF stays within the DKW band (false alarm 1e-6)."""
    samples = 3000
    rng = random.Random(seed)
    rolled = sorted(roll(spec, rng).total for _ in range(samples))
    odds = distribution(spec)
    totals = sorted(odds)
    cdf = list(accumulate(odds[t] for t in totals))
    band = math.sqrt(math.log(2 / 1e-6) / (2 * samples))
    for total, expected in zip(totals, cdf, strict=True):
        observed = bisect_right(rolled, total) / samples
        assert abs(observed - expected) <= band, (total, observed, expected)
    assert set(rolled) <= set(odds)


def test_known_closed_forms() -> None:
    two = distribution(RollSpec(code="2D", wild_dice=0))
    assert two == pytest.approx({t: (6 - abs(t - 7)) / 36 for t in range(2, 13)}, abs=EXACT)
    wild = distribution(RollSpec(code="1D"))
    assert wild[1] == pytest.approx(1 / 6) and wild[6 + 3] == pytest.approx(1 / 36)
    assert 6 not in wild  # a Wild Die never stops on a 6
    assert mean(wild) == pytest.approx(3.5 * 6 / 5, abs=1e-12)  # exploding die
    assert mean(distribution(RollSpec(code="3D+2", wild_dice=0))) == pytest.approx(12.5)


@pytest.mark.parametrize(
    "spec",
    [
        RollSpec(code="40D", wild_dice=2),
        RollSpec(code="20D", luck=True, penalty=2),
        RollSpec(code="20D+1", luck=True, boost=3, critical_failure="drop_highest"),
        RollSpec(code="20D", luck=True, advantage=1, flips=frozenset({1})),
        RollSpec(code="40D", count_successes=True, disadvantage=1, penalty=1),
        RollSpec(
            code="10D+2",
            luck=True,
            wild_dice=2,
            advantage=1,
            boost=2,
            flips=frozenset({1, 6}),
            critical_failure="drop_highest",
        ),
    ],
    ids=str,
)
def test_large_pools_sum_to_one(spec: RollSpec) -> None:
    assert abs(sum(distribution(spec).values()) - 1.0) < EXACT


def test_reading_a_distribution() -> None:
    odds = distribution(RollSpec(code="2D", wild_dice=0))
    assert chance_at_least(odds, 7) == pytest.approx(21 / 36)
    ranks = rank_chances(odds, 6)  # result points = total - 6 (R4)
    assert sum(ranks.values()) == pytest.approx(1.0)
    assert ranks[0] == pytest.approx(15 / 36)  # totals 2..6 buy no rank
    assert ranks[2] == pytest.approx(1 / 36)  # 12: six result points, rank 2
    assert chance_rank_at_least(odds, 6, 1) == pytest.approx(21 / 36)


def test_too_many_dice_is_refused() -> None:
    # A Luck point doubles the dice (R3 step 1): 61D becomes 122, past the engine's 120.
    with pytest.raises(ValueError, match="exact odds"):
        distribution(RollSpec(code=f"{MAX_ODDS_DICE // 2 + 1}D", luck=True))
