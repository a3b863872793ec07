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
each ``B(m)`` is raised die by die once: R * s * (s + 1) / 2 shifts in all instead of
R * s per key.
"""

from __future__ import annotations

import math
from itertools import combinations_with_replacement

Key = tuple[int, ...]


def regular_extremes(
    count: int,
    places: dict[int, int],
    start: int,
    lowest: int,
    highest: int,
) -> dict[Key, tuple[int, int]] | None:
    """States of ``count`` regular dice: the sorted extreme values (every value while
    there are at most ``lowest + highest`` of them, else the ``lowest`` lowest or the
    ``highest`` highest) -> (ways as a packed polynomial, shift still to apply).

    ``places[v]`` is how far face ``v`` moves a packed polynomial; ``start`` is the empty
    roll. Both sides at once (Boost beside ``drop_highest``) is left to the caller: None.
    The shift is left to the caller so that it is applied once, to the whole sum (the
    subtracted terms alone may reach below where the state is stored).
    """
    faces = sorted(places)
    if count <= lowest + highest:
        states: dict[Key, tuple[int, int]] = {}
        for values in combinations_with_replacement(faces, count):
            states[values] = (start * _arrangements(count, values), _moved(values, places))
        return states
    if lowest and highest:
        return None
    side = lowest or highest
    if not side:  # Advantage alone: one state, every die in the sums
        return {(): (_bounded_powers(count, places, start, faces, count)[0][count], 0)}
    # Faces ordered from the discarded side inward: "beyond m" is above m for Penalty.
    inward = faces[::-1] if highest else faces
    bounded = _bounded_powers(count, places, start, inward, count - side + 1)
    states = {}
    for chosen in combinations_with_replacement(inward, side):
        m = chosen[-1]  # the innermost extreme value
        outer = [v for v in chosen if v != m]
        g = len(outer)
        q = side - g
        n = count - g
        index = inward.index(m)
        inner = bounded[index]  # faces from m inward
        further = bounded[index + 1] if index + 1 < len(inward) else None
        poly = inner[n]
        for c in range(q):
            if further is not None:
                poly -= math.comb(n, c) * _shift(further[n - c], c * places[m])
        ways = math.factorial(count) // math.factorial(n) // _repeats(outer)
        states[tuple(sorted(chosen))] = (poly * ways, _moved(outer, places))
    return states


def _bounded_powers(
    count: int, places: dict[int, int], start: int, inward: list[int], least: int
) -> list[dict[int, int]]:
    """For every face ``inward[i]``, the powers ``least .. count`` of the sum of the faces
    ``inward[i:]`` (from that face inward), each times ``start``."""
    powers: list[dict[int, int]] = []
    for index in range(len(inward)):
        faces = [places[v] for v in inward[index:]]
        packed = start
        kept: dict[int, int] = {}
        for n in range(1, count + 1):
            packed = sum(_shift(packed, step) for step in faces)
            if n >= least:
                kept[n] = packed
        powers.append(kept)
    return powers


def _shift(packed: int, step: int) -> int:
    return packed << step if step >= 0 else packed >> -step


def _moved(values: Key | list[int], places: dict[int, int]) -> int:
    return sum(places[v] for v in values)


def _repeats(values: Key | list[int]) -> int:
    product = 1
    for v in set(values):
        product *= math.factorial(values.count(v))
    return product


def _arrangements(count: int, values: Key) -> int:
    return math.factorial(count) // _repeats(values)
