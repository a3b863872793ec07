"""``columns``' shortcuts give what the general ways gave: ``_terms`` with one face off
the line as its loop over splits, and ``_line`` with its pairs cut to those a line it
takes can start from as over every pair of faces."""

from __future__ import annotations

import math
import random

import pytest

from sheets.odds.columns import _LONGEST, _line, _splits, _steps, _taken, _terms


def _terms_by_splits(
    count: int, base: int, gap: int, singles: tuple[int, ...]
) -> dict[int, list[tuple[int, int, int]]]:
    groups: dict[int, list[tuple[int, int, int]]] = {}
    for taken in _splits(count, len(singles)):
        r = count - sum(taken)
        ways, left, offset = 1, count - r, r * base
        for i, place in zip(taken, singles, strict=True):
            ways *= math.comb(left, i)
            left -= i
            offset += i * place
        groups.setdefault(offset % gap, []).append((offset // gap, ways, r))
    return groups


def _line_over_every_pair(
    slots: tuple[int, ...],
) -> tuple[int, int, tuple[int, ...], tuple[int, ...]] | None:
    best: tuple[int, int, int, int] | None = None
    for i, low in enumerate(slots):
        for high in slots[i + 1 :]:
            for apart in range(1, _LONGEST + 1):
                if high == low or (high - low) % apart:
                    continue
                gap = (high - low) // apart
                ts = _steps(slots, low, gap)
                found = (len(ts), -max(ts), low, gap)
                if best is None or found[:2] > best[:2]:
                    best = found
    return _taken(slots, best)


@pytest.mark.parametrize("seed", range(4))
def test_one_face_off_the_line_gives_the_terms_of_every_split(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        count, base, gap = rng.randint(0, 40), rng.randint(0, 400), rng.randint(1, 120)
        singles = (rng.randint(0, 900),)
        assert _terms(count, base, gap, singles) == _terms_by_splits(count, base, gap, singles)


@pytest.mark.parametrize("seed", range(4))
def test_the_line_found_from_the_first_pairs_is_the_line_over_every_pair(seed: int) -> None:
    """Faces of a die on a stride, some moved off it (flips), some at one place."""
    rng = random.Random(seed)
    for _ in range(2000):
        stride = rng.randint(1, 120)
        faces = rng.sample(range(1, 7), rng.randint(2, 6))
        places = [v * stride + rng.choice((0, 0, 0, rng.randint(-5, 5))) for v in faces]
        if rng.random() < 0.2:
            places.append(rng.choice(places))
        slots = tuple(sorted(place - min(places) for place in places))
        _line.cache_clear()
        assert _line(slots) == _line_over_every_pair(slots)
