"""The regular dice of a set, all at once, keyed by their extreme values (R3 step 5).

Boost discards the lowest dice, Penalty the highest, so ``die_by_die`` keys every state by
the few extreme values step 5 may discard. Adding the regular dice one at a time touches
every key for every die; here the keys are counted over outcomes instead of over dice,
as icepool's multiset evaluator does (dynamic programming over faces with binomial
coefficients): for Penalty, the top ``h`` values are ``T`` with lowest value ``m`` when
the ``g`` dice above ``m`` show exactly the rest of ``T`` and at least ``q = h - g`` of the
other ``N = R - g`` dice show ``m``, all of them at most ``m``:

    ways(T) = R! / (N! * prod t_v!) * y(T above m)
              * (B(m)**N - sum_{c < q} C(N, c) * y(m)**c * B(m - 1)**(N - c))

where ``B(m)`` sums the faces up to ``m`` and ``y`` is a face's monomial. Boost is the
mirror image (faces from ``m`` up). Only powers ``N`` in ``R - h + 1 .. R`` are needed, so
each ``B(m)`` is raised die by die once, instead of R * s shifts per key; a die's faces
lie evenly spaced in the packing but for flipped ones, so each die's factor is applied
by doubling (``times_faces``).
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import combinations_with_replacement

from sheets.odds.big import big, times_plus
from sheets.odds.columns import run_power
from sheets.odds.packing import face_runs, placed_sum, times_faces

Key = tuple[int, ...]

# Bits up to which a power of a face sum is found by ``pow`` rather than die by die.
_SMALL_BITS = 16384


def regular_extremes(
    count: int,
    places: dict[int, int],
    start: int,
    lowest: int,
    highest: int,
    width: int | None = None,
) -> dict[Key, tuple[int, int]] | None:
    """States of ``count`` regular dice: the sorted extreme values (every value while
    there are at most ``lowest + highest`` of them, else the ``lowest`` lowest and the
    ``highest`` highest) -> (ways as a packed polynomial, shift still to apply).

    ``places[v]`` is how far face ``v`` moves a packed polynomial; ``start`` is the empty
    roll. The shift is left to the caller so that it is applied once, to the whole sum
    (the subtracted terms alone may reach below where the state is stored). Both ends
    are counted when the top end is one die (Boost beside ``drop_highest``): by the
    highest value ``M``, the dice up to ``M`` less the dice up to ``M - 1``. Other mixes
    are left to the caller: None.

    ``width`` is the packing's bits per coefficient, when the places are multiples of
    it: then the powers may be written row by row (``columns``).
    """
    faces = sorted(places)
    if count <= lowest + highest:
        states: dict[Key, tuple[int, int]] = {}
        for values in combinations_with_replacement(faces, count):
            states[values] = (start * _arrangements(count, values), _moved(values, places))
        return states
    powers = _Powers(width)
    if lowest and highest == 1:
        states = {}
        below: dict[Key, tuple[int, int]] = {}
        for top in faces:
            upto = _one_end(count, faces[: faces.index(top) + 1], places, start, lowest, 0, powers)
            # Keys alike but for their outer values share their polynomials (``_one_end``)
            # in both sums, and so their difference: found once, by the polynomials.
            differences: dict[tuple[int, int, int], int] = {}
            for key, (packed, moved) in upto.items():
                less, start_less = below.get(key, (0, moved))
                pair = (id(packed), id(less), moved - start_less)
                difference = differences.get(pair)
                if difference is None:
                    if start_less > moved:  # both from the same place: align the sums
                        less <<= start_less - moved
                    elif start_less < moved:
                        packed = packed << (moved - start_less)
                    difference = differences[pair] = packed - less
                if difference:
                    states[(*key, top)] = (difference, min(moved, start_less))
            below = upto
        return states
    if lowest and highest:
        return None
    return _one_end(count, faces, places, start, lowest, highest, powers)


def _one_end(
    count: int,
    faces: list[int],
    places: dict[int, int],
    start: int,
    lowest: int,
    highest: int,
    powers: _Powers,
) -> dict[Key, tuple[int, int]]:
    """``regular_extremes`` for one end, the dice showing only ``faces``; ``powers``
    keeps the powers of face sums for the next call."""
    side = lowest or highest
    least = count - max(side, 1) + 1
    if not side:  # Advantage alone: one state, every die in the sums
        found, base = _power(tuple(faces), count, least, places, start, powers)
        return {(): (found[count], count * base)}
    # Faces ordered from the discarded end inward: "beyond m" is above m for Penalty.
    inward = faces[::-1] if highest else faces
    states: dict[Key, tuple[int, int]] = {}
    # The powers of the faces from each face inward (none beyond the last).
    bounded = _bounded(inward, count, least, places, start, powers)
    # Keys with the same innermost value m and as many outer values share the inner
    # part: the n dice from m inward, at least q of them showing m. Found once each.
    # Their outer values only move it, so keys with as many outer values share its
    # multiple by the outer values' arrangements too: one product each.
    inner_parts: dict[tuple[int, int, int], int] = {}
    for key, index, n, q, ways, outer in _plan(tuple(inward), side, count):
        base = bounded[index][1]
        poly = inner_parts.get((index, n, ways))
        if poly is None:
            poly = inner_parts.get((index, n, 1))
            if poly is None:
                poly = inner_parts[(index, n, 1)] = _inner(bounded, inward, places, index, n, q)
            if ways != 1:
                poly = inner_parts[(index, n, ways)] = poly * ways
        # map, not a generator: a frame per key (336 keys for 18D+1 flips 1 and 5).
        states[key] = (poly, sum(map(places.__getitem__, outer)) + n * base)
    return states


def kept_sum(
    count: int,
    places: dict[int, int],
    start: int,
    lowest: int,
    highest: int,
    width: int | None = None,
) -> int:
    """A pool of ``count`` identical dice alone in the roll (no Wild Die, no ``a``) after
    step 5 discards its ``lowest`` lowest or its ``highest`` highest values, as one packed
    polynomial of what it keeps: no key is needed. ``places[v]`` is how far face ``v``
    moves a polynomial, and a discarded die takes its own place out again.

    So the outer extremes of a key (the ``g`` values beyond ``m``) are discarded whatever
    they are: their arrangements sum to C(count, g) * i**g, ``i`` the faces beyond ``m``,
    and only ``q = side - g`` dice showing ``m`` are taken out of the counted inner part
    (``_one_end``). One polynomial per (m, g) instead of one per key.
    """
    side = lowest or highest
    faces = sorted(places)
    inward = faces[::-1] if highest else faces
    least = count - side + 1
    powers = _Powers(width)
    bounded = _bounded(inward, count, least, places, start, powers)
    parts: list[tuple[int, int]] = []
    for index, m in enumerate(inward):
        base = bounded[index][1]
        # No outer values beyond the first face inward: g = 0 only.
        for g in range(min(side, count) if index else 1):
            n, q = count - g, side - g
            poly = _inner(bounded, inward, places, index, n, q)  # stored from n * base
            ways = math.comb(count, g) * index**g
            # The q discarded dice showing m leave; the outer ones took their places out.
            parts.append((n * base - q * places[m], poly if ways == 1 else poly * ways))
    return placed_sum(parts)


def _inner(
    bounded: list[tuple[dict[int, int], int]],
    inward: list[int],
    places: dict[int, int],
    index: int,
    n: int,
    q: int,
) -> int:
    """The inner part of a key whose innermost value is ``m = inward[index]``: the ``n``
    dice from m inward, at least ``q`` of them showing m (the powers of the faces from m
    inward less those with fewer than q showing m), stored from ``n * base``: the lowest
    face's place, n times (``_power``)."""
    inner, base = bounded[index]
    poly = inner[n]
    if index + 1 < len(inward):
        m = inward[index]
        further, above = bounded[index + 1]
        # Where each subtracted power goes, at least as high as ``poly``'s start: every
        # face here is beyond the base.
        steps = [(n - c) * above + c * places[m] - n * base for c in range(q)]
        low = min(steps)
        # The subtracted powers summed first, from the lowest of their places, and then
        # taken from ``poly`` at once: one pass over it, not one per power, and the
        # products C(n, c) * power folded into the sum (``times_plus``).
        less = 0
        for c, times in enumerate(_binomials(n, q)):
            moved = further[n - c]
            if steps[c] > low:
                moved <<= steps[c] - low
            if not less:
                less = moved if times == 1 else times * moved
            else:
                less = less + moved if times == 1 else times_plus(moved, times, less)
        poly -= less << low if low else less
    return poly


@lru_cache(maxsize=256)
def _plan(
    inward: tuple[int, ...], side: int, count: int
) -> tuple[tuple[Key, int, int, int, int, tuple[int, ...]], ...]:
    """The keys of ``_one_end`` and what counting each needs, whatever the places:
    (key, index of its innermost value m, n = dice from m inward, q = dice showing m
    among the extremes, ways the outer extremes arrange, the outer values)."""
    plan = []
    for chosen in combinations_with_replacement(inward, side):
        m = chosen[-1]  # the innermost extreme value
        outer = tuple(v for v in chosen if v != m)
        n = count - len(outer)
        ways = math.factorial(count) // math.factorial(n) // _repeats(outer)
        plan.append((tuple(sorted(chosen)), inward.index(m), n, side - len(outer), ways, outer))
    return tuple(plan)


@lru_cache(maxsize=256)
def _binomials(n: int, below: int) -> tuple[int, ...]:
    return tuple(math.comb(n, c) for c in range(below))


def _bounded(
    inward: list[int],
    count: int,
    least: int,
    places: dict[int, int],
    start: int,
    powers: _Powers,
) -> list[tuple[dict[int, int], int]]:
    """The powers ``least .. count`` of the faces from each face inward (``_power``). The
    first face's are only ever asked for all ``count`` dice: no value lies beyond it, so
    a key whose innermost value it is has no outer values, and no face is inward of
    another beyond it (``_inner`` reads the next face's). So its power is written for
    ``count`` dice at once, not for ``least`` and then die by die."""
    return [
        _power(tuple(inward[i:]), count, least if i else count, places, start, powers)
        for i in range(len(inward))
    ]


def _power(
    faces: tuple[int, ...],
    count: int,
    least: int,
    places: dict[int, int],
    start: int,
    powers: _Powers,
) -> tuple[dict[int, int], int]:
    """The powers ``least .. count`` of the sum of ``faces``, each times ``start``, and
    the lowest face's place ``base``: power n is stored moved down by n * base, so no
    power carries the empty low rows every die of it would add (a Python int stores
    them). The dice are added one at a time, once per shape of the faces' places:
    ``powers`` is keyed by the places less ``base``, so runs of faces that show what
    they rolled share their powers whatever face they start from (Boost beside
    ``drop_highest`` asks for every run of faces)."""
    key = tuple(sorted(faces))
    base = min(places[v] for v in key)
    steps = tuple(sorted(places[v] - base for v in key))
    table = powers.tables.get(steps)
    # A shape met first as the first face's (``_bounded``) holds the top power alone.
    if table is None or min(table) > max(least, 1):
        runs = face_runs(steps)
        packed = start
        first = 1
        table = {}
        lowest = max(least, 1)
        if len(key) > 1 and least > 1 and steps[-1] * least + start.bit_length() <= _SMALL_BITS:
            # A short power (a small pool): one pow in C beats a Python call per die.
            packed = start * sum(big(1) << step for step in steps) ** least
            table[least] = packed
            first = least + 1
        elif len(key) > 1 and lowest > 1 and powers.width:
            # One run of faces and at most one flipped face: the lowest power written
            # row by row (``columns``), the few after it die by die.
            found = run_power(steps, powers.width, lowest, start)
            if found is not None:
                packed = table[lowest] = found
                first = lowest + 1
        for n in range(first, count + 1):
            if len(key) > 1:  # one face: every power is the start, stored from n * base
                packed = times_faces(packed, runs)
            if n >= least:
                table[n] = packed
        powers.tables[steps] = table
    return table, base


class _Powers:
    """The powers of face sums found so far, by the shape of their places (``_power``),
    and the packing's bits per coefficient (None: not known, no rows written)."""

    __slots__ = ("tables", "width")

    def __init__(self, width: int | None) -> None:
        self.width = width
        self.tables: dict[tuple[int, ...], dict[int, int]] = {}


def _moved(values: Key | list[int], places: dict[int, int]) -> int:
    return sum(places[v] for v in values)


def _repeats(values: Key | list[int]) -> int:
    product = 1
    for v in set(values):
        product *= math.factorial(values.count(v))
    return product


def _arrangements(count: int, values: Key) -> int:
    return math.factorial(count) // _repeats(values)
