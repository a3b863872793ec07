"""Powers of a die's face sum when all its faces but at most two lie on one line (an
arithmetic progression of places; R3 step 6: a flip moves a face off it), written
coefficient by coefficient instead of multiplied die by die.

``extremes`` needs the powers of the sums of faces ``m`` .. ``M`` of the set's dice, one
table per range of faces. Die by die each power costs a handful of passes over a
polynomial as long as the power (``packing.times_faces``), n dice n times. But faces at
places ``first + t * d`` (steps ``t`` of a line, ``d`` apart) sum to
``R = sum z**(t * d)``, whose powers are one-dimensional: ``R**r`` is a short polynomial
in ``z**d``, found in a compact packing where its coefficients sit side by side. With
faces ``y1``, ``y2`` off the line the multinomial theorem gives

    (y1 + y2 + R)**n = sum C(n; i, j, r) * y1**i * y2**j * R**r,   i + j + r = n,

about n**2 / 2 compact rows. Every coefficient of the power lies at ``offset + t * d``:
terms whose offsets agree modulo ``d`` are summed in the compact packing (short passes),
then each such group is copied into its own places, ``d`` apart, one strided byte copy
per byte of a coefficient. No pass over the whole power but the final ``from_bytes``.
With Advantage, faces that show what they rolled lie on one line (``a`` is the value,
``b`` moves with it), and so do faces that a flip pair swaps onto it (F1 beside F5 with
``b`` the result: faces 2, 3, 4 and 6 on ``b = a``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import comb

from sheets.odds.big import big, from_buffer, to_bytes

# Faces off the line that ``run_power`` takes: each one more multiplies the terms by about
# n / 3. With two, (n + 1) * (n + 2) / 2 terms cost less than the power die by die (59
# dice: 221 -> 114 M instructions); with three they cost more (18D+1 with luck and flips
# 1, 5 when its line had to be a run: 434 M with two, 466 M with three).
_MOST_OFF_LINE = 2
# Steps along a line: the faces of a die lie at most this far apart.
_LONGEST = 8


def run_power(steps: tuple[int, ...], width: int, count: int, start: int) -> int | None:
    """``start`` times the ``count``-th power of the sum of the faces placed at ``steps``
    (bits, all multiples of ``width``: a coefficient's bits, whole bytes, room for every
    count of the power), or None where no line holds all faces but at most
    ``_MOST_OFF_LINE`` (``_line``). ``start`` is a monomial (a power of two): the
    packing's lift of ``b``."""
    if start <= 0 or start & (start - 1) or len(steps) < 2 or count < 1 or width % 8:
        return None
    if any(step % width for step in steps):
        return None
    found = _line(tuple(sorted(step // width for step in steps)))
    if found is None:
        return None
    base, gap, ts, singles = found
    size = width // 8
    # Every term: ways * y1**i1 * y2**i2 * R**r, grouped by its offset modulo the gap.
    # C(n; i1, i2, r) = C(n, r) * C(i1 + i2, i1): the first factor goes into R**r once
    # per r, so a term multiplies by a binomial of i1 + i2 alone (a digit or two where
    # the multinomial is several; none with one face off the line), and no term divides
    # factorials (big ints, half the cost of the terms for 59 dice).
    groups = _terms(count, base, gap, singles)
    scaled, totals = _scaled(ts, width, count, bool(singles))
    # ``start`` in whole zero bytes below the power (whole coefficients: its lift), not in
    # a shift of the power, which would be a pass over it after ``from_bytes``.
    lead, bits = divmod(start.bit_length() - 1, 8)
    # Whole 8-byte words (zero bytes on top): no limb to pad. ``from_buffer`` copies
    # them straight into the number's limbs, where ``from_bytes`` of a bytearray copies
    # it to bytes and those once more (2 copies of 300 KB, not 4, for 18D+1 flips 1, 5).
    out = bytearray(-(-(lead + (count * max(steps) // width + 1) * size) // 8) * 8)
    _copy_strided(out, _group_sums(groups, scaled, totals, width), lead, gap, size)
    power = from_buffer(out)
    return power << bits if bits else power


def _scaled(
    ts: tuple[int, ...], width: int, count: int, every: bool
) -> tuple[dict[int, int], dict[int, int]]:
    """r -> C(n, r) * R**r in the compact packing (the line's coefficients side by side),
    and r -> the sum of its coefficients, C(n, r) * faces on the line**r: for every r
    with faces off the line (every r has terms), else for r = n alone."""
    row = sum(big(1) << (width * t) for t in ts)
    on_line = len(ts)
    if not every:
        return {count: row**count}, {count: on_line**count}
    scaled: dict[int, int] = {}
    totals: dict[int, int] = {}
    power = big(1)
    for r in range(count + 1):
        ways = comb(count, r)
        scaled[r] = power if ways == 1 else ways * power
        totals[r] = ways * on_line**r
        if r < count:
            power *= row
    return scaled, totals


def _group_sums(
    groups: dict[int, list[tuple[int, int, int]]],
    scaled: dict[int, int],
    totals: dict[int, int],
    width: int,
) -> list[tuple[int, int, int, int]]:
    """Each group's terms summed in the compact packing: (residue, its lowest place,
    the sum from there, the bytes its coefficients may use). The sum of the group's
    coefficients bounds each of them: the bytes above it are zero in every coefficient,
    already in the output (the width has room for the whole roll; a power of fewer
    faces, or a residue of few terms, needs less)."""
    sums: list[tuple[int, int, int, int]] = []
    for residue, parts in groups.items():
        low = min(parts)[0]  # the lowest place: places first in each term
        summed = 0
        most = 0
        for place, ways, r in parts:
            moved = scaled[r] if ways == 1 else ways * scaled[r]
            if place > low:
                moved <<= width * (place - low)
            # The first term itself: 0 + term would copy it.
            summed = summed + moved if summed else moved
            most += totals[r] if ways == 1 else ways * totals[r]
        sums.append((residue, low, summed, min((most.bit_length() + 7) // 8, width // 8)))
    return sums


def _copy_strided(
    out: bytearray, sums: list[tuple[int, int, int, int]], lead: int, gap: int, size: int
) -> None:
    """The groups' sums (``_group_sums``) copied into their places in ``out``, ``gap``
    coefficients apart, one strided byte copy per byte of a coefficient that it may use;
    ``lead`` zero bytes below the power."""
    stride = gap * size
    planes = [slice(byte, None, size) for byte in range(size)]  # a coefficient's bytes
    for residue, low, summed, used in sums:
        slots = -(-summed.bit_length() // (8 * size))
        # A bytearray: a slice of it is one, which the strided copy takes as it is (a
        # slice of bytes it would copy once more, 2262 times for 18D+1 flips 1 and 5).
        raw = bytearray(to_bytes(summed, slots * size))
        begin = lead + (low * gap + residue) * size
        end = begin + (slots - 1) * stride + 1
        for plane in planes[:used]:
            out[begin:end:stride] = raw[plane]
            begin += 1
            end += 1


@lru_cache(maxsize=256)
def _line(slots: tuple[int, ...]) -> tuple[int, int, tuple[int, ...], tuple[int, ...]] | None:
    """The line through most of the places ``slots`` (in coefficients): (its first
    place, the gap between its steps, each face's step along it, the places off it),
    or None where more than ``_MOST_OFF_LINE`` faces are off every line. A line's steps
    are a die's faces apart at most (``_LONGEST``): faces that show what they rolled lie
    on one (with Advantage ``a`` is their value and ``b`` moves with it), a flip moves a
    face off it."""
    best: tuple[int, int, int, int] | None = None  # (faces on it, -length, first, gap)
    # Pairs of faces name the same line many times over (six faces: 15 pairs, 8 steps
    # apart each): each (first, gap) is measured once. A repeat finds what its first
    # finding did, which never beats the best since.
    seen: set[tuple[int, int]] = set()
    # A line taken has at most ``_MOST_OFF_LINE`` faces below its first face or between
    # that and its next one (``slots`` rising): pairs further in name only lines with
    # more faces off, never taken, and the lines taken are met in the same order as
    # over every pair (6 faces: 9 pairs, not 15), and measured by lookups. Faces at one
    # place (none in a roll's packings) are measured as before, over every pair.
    present = set(slots)
    distinct = len(present) == len(slots)
    reach = _MOST_OFF_LINE + 1 if distinct else len(slots)
    along = range(_LONGEST + 1)
    for i, low in enumerate(slots[:reach]):
        for high in slots[i + 1 : i + 1 + reach]:
            span = high - low
            if not span:
                continue
            for apart in range(1, _LONGEST + 1):
                if span % apart:
                    continue
                gap = span // apart
                if (low, gap) in seen:
                    continue
                seen.add((low, gap))
                if distinct:  # the steps of the faces on it: ``_steps``, by lookups
                    on_it: Sequence[int] = [t for t in along if low + t * gap in present]
                else:
                    on_it = _steps(slots, low, gap)
                found = (len(on_it), -max(on_it), low, gap)
                if best is None or found[:2] > best[:2]:
                    best = found
    return _taken(slots, best)


def _taken(
    slots: tuple[int, ...], best: tuple[int, int, int, int] | None
) -> tuple[int, int, tuple[int, ...], tuple[int, ...]] | None:
    """``_line``'s answer from the best line found, (faces on it, -length, first, gap):
    None where it leaves more than ``_MOST_OFF_LINE`` faces off."""
    if best is None or len(slots) - best[0] > _MOST_OFF_LINE:
        return None
    _, _, first, gap = best
    ts = _steps(slots, first, gap)
    on = {first + t * gap for t in ts}
    off = tuple(slot for slot in slots if slot not in on)
    return first, gap, ts, off


def _steps(slots: tuple[int, ...], first: int, gap: int) -> tuple[int, ...]:
    """The steps along the line from ``first``, ``gap`` apart, of the places on it (at
    most ``_LONGEST`` steps on)."""
    return tuple(
        (slot - first) // gap
        for slot in slots
        if (slot - first) % gap == 0 and 0 <= slot - first <= _LONGEST * gap
    )


def _terms(
    count: int, base: int, gap: int, singles: tuple[int, ...]
) -> dict[int, list[tuple[int, int, int]]]:
    """``run_power``'s terms by their offset modulo the gap: (offset // gap, the binomial
    of the dice off the line, r) for each count of dice off the line (``_splits``). Two
    faces off the line are written out as two loops: about n**2 / 2 terms, where the
    general loop built a tuple and a zip per term (59 dice: 1770 terms); one as one
    loop (18D+1 flips 1 and 5: 8 of 14 powers, 35 terms each)."""
    groups: dict[int, list[tuple[int, int, int]]] = {}
    if len(singles) == 2:
        first, second = singles
        for i in range(count + 1):
            rest = count - i
            offset = rest * base + i * first  # j = 0: r = rest
            step = second - base  # one die more on the second face, one fewer on the line
            for j in range(rest + 1):
                # C(n; i, j, r) = C(n, r) * C(i + j, i): the first factor comes with R**r.
                groups.setdefault(offset % gap, []).append(
                    (offset // gap, comb(i + j, i), rest - j)
                )
                offset += step
        return groups
    if len(singles) == 1:  # one loop: C(i, i) = 1, r = n - i, no split to make
        (single,) = singles
        for i in range(count + 1):
            offset = (count - i) * base + i * single
            groups.setdefault(offset % gap, []).append((offset // gap, 1, count - i))
        return groups
    for taken in _splits(count, len(singles)):
        r = count - sum(taken)
        ways = 1
        left = count - r
        offset = r * base
        for i, place in zip(taken, singles, strict=True):
            ways *= comb(left, i)
            left -= i
            offset += i * place
        groups.setdefault(offset % gap, []).append((offset // gap, ways, r))
    return groups


def _splits(count: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to choose how many of ``count`` dice show each of ``parts`` faces (the
    rest the line): tuples of ``parts`` counts summing to at most ``count``."""
    if not parts:
        return [()]
    return [(i, *rest) for i in range(count + 1) for rest in _splits(count - i, parts - 1)]
