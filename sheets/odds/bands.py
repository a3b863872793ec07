"""Where the narrow polynomials of ``die_by_die`` can be non-zero, so their rows can be
packed closer than their span (R3 step 4 tracks ``a``, the set's dice total).

A packed polynomial is the integer sum of ``c * 2**(width * (a * stride + b))``: a map
that adds and multiplies like the polynomials themselves whatever ``stride`` is. Rows of
``a`` may therefore overlap in the packing as long as the coefficients that are really
there never share a place when the polynomial is read. For a given ``a`` only a short
band of ``b`` is reachable (with flips F1 and F6 a low total has mostly ones, a high one
mostly sixes), and that band drifts slowly with ``a``: a stride just above the band's
width keeps every row's band apart, about a third of the span or less. This module
finds those bands, as a superset of every state's support, and the stride they allow.
"""

from __future__ import annotations

from functools import lru_cache

from sheets.odds.big import big, from_bytes, lowest_one, to_bytes


@lru_cache(maxsize=64)
def bands(
    faces: tuple[tuple[int, int], ...], fewest: int, most: int, widen: int, low: int, span: int
) -> tuple[int, dict[int, tuple[int, int]]]:
    """(stride, a -> (lowest b, highest b)) for sums of ``fewest`` .. ``most`` dice with
    ``faces`` (value a, narrow move m) each, b = sum of m - ``low`` widened by ``widen``
    either way (the Boost/Penalty moves), within 0 .. span - 1.

    Every state of the set is a sum of faces of some of its dice, and between ``fewest``
    and ``most`` of them show a plain face (the others exploded, failed critically or
    were dropped): its support lies inside these bands, whatever it is keyed by.
    """
    least = min(m for _, m in faces)
    top = max(m for _, m in faces)
    # Bit (a, c) of a row-major bit set, c = sum of m - floor: one row per a.
    floor = min(count * least for count in (fewest, most))
    width = max(count * top for count in (fewest, most)) - floor + 1
    width = 8 * -(-width // 8)  # whole bytes, so rows are byte slices
    shifts = [a * width + m - least for a, m in faces]
    reached = big(1)  # no dice: a = 0, sum of m = 0
    union = big(0)
    for count in range(most + 1):
        if count:
            reached = _grown(reached, shifts)
        if count >= fewest:
            union |= reached << (count * least - floor)
    row_bytes = width // 8
    raw = to_bytes(union, (union.bit_length() + 7) // 8 + row_bytes)
    found: dict[int, tuple[int, int]] = {}
    for a in range(len(raw) // row_bytes):
        row = from_bytes(raw[a * row_bytes : (a + 1) * row_bytes])
        if row:
            first = lowest_one(row)
            last = row.bit_length() - 1
            found[a] = (
                max(0, first + floor - low - widen),
                min(span - 1, last + floor - low + widen),
            )
    return _stride(found, span), found


def _grown(reached: int, shifts: list[int]) -> int:
    """The supports one more die can reach: every face's shift of the old ones."""
    grown = 0
    for shift in shifts:
        grown |= reached << shift
    return grown


def _stride(found: dict[int, tuple[int, int]], span: int) -> int:
    """The least stride that keeps every row's band after the band of the row before:
    place a * stride + lo(a) beyond (a - gap) * stride + hi(a - gap), hence for all rows
    in order (never more than the span, where rows cannot meet at all)."""
    stride = 1
    previous: tuple[int, tuple[int, int]] | None = None
    for a in sorted(found):
        lo, hi = found[a]
        if previous is not None:
            before, (_, last) = previous
            gap = a - before
            stride = max(stride, (last - lo) // gap + 1)
        previous = (a, (lo, hi))
    return min(stride, span)
