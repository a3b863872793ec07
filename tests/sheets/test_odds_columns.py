"""``columns.run_power``: the power of a face sum written row by row equals the power
multiplied die by die, for every shape it takes (faces on one line, up to two faces off it)."""

from __future__ import annotations

import math
import random

import pytest

from sheets.odds.columns import _splits, _terms, run_power
from sheets.odds.extremes import kept_sum, regular_extremes
from sheets.odds.packing import face_runs, times_faces
from tests.dice_helpers import number_kind  # noqa: F401  (a fixture: ints and GMP)


def _die_by_die(steps: tuple[int, ...], count: int, start: int) -> int:
    runs = face_runs(steps)
    packed = start
    for _ in range(count):
        packed = times_faces(packed, runs)
    return packed


@pytest.mark.parametrize("seed", range(8))
def test_run_power_equals_die_by_die(seed: int) -> None:
    rng = random.Random(seed)
    taken = 0
    for _ in range(150):
        count = rng.randint(1, 40)
        width = 8 * ((count * 259 // 100 + 9) // 8 + rng.randint(0, 1))  # room for 6**count
        stride = rng.randint(2, 60)
        faces = sorted(rng.sample(range(1, 7), rng.randint(2, 6)))
        flipped = rng.sample(faces, rng.randint(0, 2))
        places = {
            v: width * (v * stride + (rng.randint(-3, 3) if v in flipped else 0) + 5) for v in faces
        }
        base = min(places.values())
        steps = tuple(sorted(place - base for place in places.values()))
        start = 1 << (width * rng.randint(0, 7))
        found = run_power(steps, width, count, start)
        if found is None:
            continue
        taken += 1
        assert found == _die_by_die(steps, count, start)
    assert taken > 50  # most shapes are one run and at most two faces off it


def test_a_line_with_a_gap_takes_the_faces_a_flip_pair_leaves_on_it() -> None:
    """Flips 1 and 5 with ``b`` the result (x = 6, 2, 3, 4, 2, 6): faces 2, 3, 4 and 6
    lie on ``b = a``, face 6 two steps past face 4; faces 1 and 5 are off it."""
    width, stride = 112, 173
    shown = {1: 6, 2: 2, 3: 3, 4: 4, 5: 2, 6: 6}
    places = [width * (v * stride + x) for v, x in shown.items()]
    steps = tuple(sorted(place - min(places) for place in places))
    found = run_power(steps, width, 35, 1 << width)
    assert found is not None
    assert found == _die_by_die(steps, 35, 1 << width)


@pytest.mark.parametrize("seed", range(4))
def test_two_faces_off_the_line_give_the_terms_of_every_split(seed: int) -> None:
    """The two loops of ``_terms`` give every (i, j, r) split of the dice with its
    multinomial's binomial part, grouped and ordered as the general loop over splits."""
    rng = random.Random(seed)
    for _ in range(40):
        count, base, gap = rng.randint(0, 30), rng.randint(0, 400), rng.randint(1, 120)
        singles = (rng.randint(0, 900), rng.randint(0, 900))
        expected: dict[int, list[tuple[int, int, int]]] = {}
        for i, j in _splits(count, 2):
            offset = (count - i - j) * base + i * singles[0] + j * singles[1]
            ways = math.comb(i + j, i)
            expected.setdefault(offset % gap, []).append((offset // gap, ways, count - i - j))
        assert _terms(count, base, gap, singles) == expected


def test_run_power_declines_other_shapes() -> None:
    width = 16
    three_off = tuple(width * p for p in (0, 7, 20, 21, 22, 45))  # a run of 3, three alone
    assert run_power(three_off, width, 5, 1) is None
    assert run_power((0, width), width, 5, 3) is None  # start not a monomial
    assert run_power((0, width), width, 5, 1) == _die_by_die((0, width), 5, 1)


@pytest.mark.parametrize("seed", range(6))
def test_extremes_with_rows_written_equal_die_by_die(seed: int) -> None:
    """``regular_extremes`` and ``kept_sum`` given the packing's width (powers written row
    by row where the faces allow) find the same states as without it (die by die), for
    pools large enough that no single ``pow`` takes over."""
    rng = random.Random(100 + seed)
    for _ in range(4):
        count = rng.randint(12, 30)
        width = 8 * ((count * 259 // 100 + 9) // 8)
        stride = rng.randint(20, 50)
        flipped = rng.sample(range(1, 7), rng.randint(0, 2))
        places = {
            v: width * (v * stride + (rng.randint(-3, 3) if v in flipped else 0) + 5)
            for v in range(1, 7)
        }
        start = 1 << (width * rng.randint(0, 5))
        for lowest, highest in ((0, 0), (2, 0), (0, 3), (1, 1), (2, 1)):
            with_rows = regular_extremes(count, places, start, lowest, highest, width)
            assert with_rows == regular_extremes(count, places, start, lowest, highest)
        flat = {v: width * (3 + 11 * v + 7 * (v in flipped)) for v in range(1, 7)}
        for lowest, highest in ((2, 0), (0, 1), (0, 3)):
            assert kept_sum(count, flat, start, lowest, highest, width) == kept_sum(
                count, flat, start, lowest, highest
            )
