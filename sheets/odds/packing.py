"""Polynomials in two dimensions packed into one Python integer (Kronecker substitution).

The weight of (a, b) sits at bit ``width * (a * span + b)``: adding a die is a handful of
C-level shifts and additions, a sum of identical dice is one ``pow``. Coefficients are
whole bytes wide, so moving between packings is slicing bytes.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from functools import lru_cache
from typing import TypeVar

from sheets.odds.big import big, engaged, from_bytes, low_bits, to_bytes
from sheets.odds.model import Outcome

K = TypeVar("K", bound=Hashable)


def width_for(largest: int) -> int:
    """Bits per packed coefficient: whole bytes, room for any count up to ``largest``."""
    return 8 * ((largest.bit_length() + 9) // 8)


class Packer:
    """One packing: ``width`` bits per coefficient, ``span`` values of ``b`` per row of
    ``a``, rows ``stride`` coefficients apart (the span unless the rows' bands are known
    to stay apart closer: ``bands``). Callers keep ``b`` non-negative by raising it (a
    lift or an offset)."""

    def __init__(self, width: int, span: int, stride: int | None = None) -> None:
        self.width = width
        self.span = span
        self.stride = span if stride is None else stride

    @property
    def nbytes(self) -> int:
        return self.width // 8

    def monomial(self, a: int, b: int, weight: int = 1) -> int:
        return big(weight) << (self.width * (a * self.stride + b))

    def shift(self, packed: int, a: int, b: int) -> int:
        step = self.width * (a * self.stride + b)
        return shifted(packed, step)

    def poly(self, outcomes: Iterable[Outcome], lift: int, scale: int = 1) -> int:
        return sum(self.monomial(o.a, o.b + lift, o.weight * scale) for o in outcomes)

    def coefficients(self, packed: int) -> Iterator[tuple[int, int]]:
        """(index, weight) of every non-zero coefficient."""
        size = self.nbytes
        raw = to_bytes(packed, (packed.bit_length() + 7) // 8 or 1)
        view = memoryview(raw)
        for index in range((len(raw) + size - 1) // size):
            weight = from_bytes(view[index * size : (index + 1) * size])
            if weight:
                yield index, weight


def spread(
    out: bytearray, packed: int, source: Packer, target: Packer, count: int, every: int, first: int
) -> None:
    """Write the first ``count`` coefficients of ``packed`` into ``out`` as ``target``-wide
    coefficients at places ``first``, ``first + every``, ...: one strided copy per byte."""
    src, dst = source.nbytes, target.nbytes
    raw = to_bytes(packed, count * src)
    stride = every * dst
    for byte in range(src):
        start = first * dst + byte
        out[start : start + count * stride : stride] = raw[byte::src]


def reshape(
    spaced: bytearray,
    target: Packer,
    length: int,
    rows: int,
    start: int,
    slope: int,
    first_row: int = 0,
    windows: tuple[int, dict[int, tuple[int, int]]] | None = None,
) -> bytearray:
    """Rows of ``length`` coefficients (already ``target``-wide) laid into ``target``'s rows
    from row ``first_row`` on: row ``a`` begins at ``b = start + slope * a``. What falls
    outside a row is zero by construction (the callers' spans are bounds): it is cut off.

    ``windows`` (stride, a -> (first, last)) reads rows that overlap in ``spaced``: row
    ``a`` begins ``stride`` coefficients after the one before, and only its coefficients
    ``first`` .. ``last`` are its own (the others belong to its neighbours or are zero);
    a row without a window is empty."""
    size = target.nbytes
    span = target.span
    stride, bands = windows if windows is not None else (length, None)
    out = bytearray((first_row + rows) * span * size)
    for index in range(rows):
        a = first_row + index
        first = start + slope * a
        low, high = max(0, -first), min(length, span - first)
        if bands is not None:
            band = bands.get(a)
            if band is None:
                continue
            low, high = max(low, band[0]), min(high, band[1] + 1)
        if low < high:
            dst = (a * span + first + low) * size
            src = (index * stride + low) * size
            out[dst : dst + (high - low) * size] = spaced[src : src + (high - low) * size]
    return out


_PROBE = 4096  # bytes: the first stretch ``zero_bytes`` looks at


def zero_bytes(raw: bytes | bytearray) -> int:
    """How many zero bytes ``raw`` begins with, by comparisons with a block of zeros (C
    memcmp), where ``lstrip`` or a shift to find the lowest bit would go over every byte
    in Python or the whole integer. Stretches that double from ``_PROBE`` on until one
    holds a non-zero byte, then that one halved, every comparison starting where the
    zeros known so far end: the bytes compared are a few times the zeros found, where
    bisecting the whole compared every probe from the start (2.6 MB for g's 176 KB of
    zeros, ``die_by_die._chained``)."""
    size = len(raw)
    known, probe = 0, _PROBE
    zeros = memoryview(bytes(min(size, probe)))
    while known < size:
        end = min(size, known + probe)
        if len(zeros) < end - known:
            zeros = memoryview(bytes(end - known))
        if not raw.startswith(zeros[: end - known], known):
            break
        known, probe = end, 2 * probe
    else:
        return size
    high = end - 1  # the zeros end in known .. end - 1
    while known < high:
        middle = (known + high + 1) // 2
        if raw.startswith(zeros[: middle - known], known):
            known = middle
        else:
            high = middle - 1
    return known


def zero_coefficients(
    raw: bytes, zeros: memoryview, begin: int, count: int, size: int, guess: int
) -> int:
    """How many of the ``count`` coefficients of ``size`` bytes from byte ``begin`` on
    are zero before the first non-zero one (``count`` if all are). ``guess`` is tried
    first, two comparisons with ``zeros`` (C memcmp; at least ``count * size`` bytes):
    neighbouring rows mostly begin alike, and a miss is bisected by coefficients."""
    if (
        0 <= guess < count
        and not raw.startswith(zeros[:size], begin + guess * size)
        and raw.startswith(zeros[: guess * size], begin)
    ):
        return guess
    low, high = 0, count
    while low < high:
        middle = (low + high + 1) // 2
        if raw.startswith(zeros[: middle * size], begin):
            low = middle
        else:
            high = middle - 1
    return low


def cut_bits(poly: int, bits: int) -> int:
    """``poly`` modulo 2**bits: its coefficients below bit ``bits`` (with the borrows of
    a negative ``poly``, its two's complement); no pass where it is short enough."""
    if bits <= 0:
        return 0
    if poly >= 0 and poly.bit_length() <= bits:
        return poly
    if engaged():  # a copy of the low limbs, no mask to make or pass over (big.low_bits)
        return low_bits(poly, bits)
    return poly & ones(bits)


@lru_cache(maxsize=2)
def ones(bits: int) -> int:
    """2**bits - 1, kept: making it is a pass with a borrow through every digit, several
    times the ``&`` that uses it, and the sums of one roll cut at the same limit."""
    return (big(1) << bits) - 1


def shifted(packed: int, bits: int) -> int:
    """``packed * 2**bits``, bits below 0 cut off (zero by construction, the callers'
    lifts); by 0 it is ``packed`` itself, where a shift by 0 copies it."""
    if bits > 0:
        return packed << bits
    return packed >> -bits if bits else packed


def plus(total: int, packed: int) -> int:
    """``total + packed``, where a total of 0 takes ``packed`` itself: ``0 + packed``
    would copy it, a pass over a polynomial for nothing."""
    return packed if not total else total + packed


def add_to(sums: dict[K, int], key: K, packed: int) -> None:
    """``sums[key] += packed``, where a missing key takes ``packed`` itself: ``0 + packed``
    would copy it, a pass over a polynomial for nothing."""
    found = sums.get(key)
    sums[key] = packed if found is None else found + packed


def placed_sum(parts: Iterable[tuple[int, int]]) -> int:
    """The sum of ``packed * 2**bits`` over the (bits, packed) ``parts``, where a negative
    total place cuts off bits that are zero by construction (the callers' lifts).

    Neighbours by place are added first, pair by pair: each addition is about as long as
    its two parts rather than as the whole sum (CPython writes every sum anew), so adding
    n parts that each cover a stretch of the whole costs a few passes over it, not n."""
    items = sorted(parts, key=lambda part: part[0])
    while len(items) > 1:
        paired = [
            (low, first + shifted(second, high - low))
            for (low, first), (high, second) in zip(items[::2], items[1::2], strict=False)
        ]
        if len(items) % 2:
            paired.append(items[-1])
        items = paired
    if not items:
        return 0
    bits, packed = items[0]
    return shifted(packed, bits)


def coefficient_sum(row: int, width: int, count: int) -> int:
    """The sum of ``count`` packed coefficients ``width`` bits wide, by adding the upper
    half onto the lower half until one is left (a row's weights sum to below 2**width,
    so no partial sum overflows): a few linear passes, faster than a long remainder."""
    while count > 1:
        half = count // 2
        shift = half * width
        row = (row & ((big(1) << shift) - 1)) + (row >> shift)
        count -= half
    return row


def coefficient_sum_masked(row: int, width: int, count: int, masks: dict[int, int]) -> int:
    """``coefficient_sum`` with each half's mask kept in ``masks`` (bits -> 2**bits - 1)
    across calls: rows of like lengths halve by the same shifts, so most masks are made
    once rather than two passes (a shift and a subtraction) per halving."""
    while count > 1:
        half = count // 2
        shift = half * width
        row = (row & _mask(masks, shift)) + (row >> shift)
        count -= half
    return row


Run = tuple[int, int, int]  # (first place, spacing, faces): places first + j * spacing


@lru_cache(maxsize=256)
def face_runs(steps: tuple[int, ...]) -> tuple[Run, ...]:
    """The places ``steps`` cut into evenly spaced runs, the longest first: faces that
    show what they rolled are one run, a flipped face (R3 step 6) moves off it and
    stands alone."""
    left = sorted(steps)
    runs: list[Run] = []
    while left:
        best: Run = (left[0], 0, 1)
        for i, first in enumerate(left):
            for later in left[i + 1 :]:
                spacing = later - first
                length = 2
                while spacing and first + length * spacing in left:
                    length += 1
                if spacing and length > best[2]:
                    best = (first, spacing, length)
        for j in range(best[2]):
            left.remove(best[0] + j * best[1])
        runs.append(best)
    return tuple(sorted(runs))


def times_faces(packed: int, runs: tuple[Run, ...]) -> int:
    """``packed`` times the sum of the faces' monomials, given as evenly spaced ``runs``
    (``face_runs``): a run of k faces by doubling, 1 + z**d .. from 1 + z**d and so on, in
    about 2 * log2(k) passes over the polynomial instead of 2k - 1 (CPython writes every
    shift and every sum anew)."""
    (first, spacing, length), *rest = runs
    total = _run(packed, spacing, length)
    if first:
        total <<= first
    for first, spacing, length in rest:
        total += _run(packed, spacing, length) << first
    return total


def _run(packed: int, spacing: int, length: int) -> int:
    """``packed`` times 1 + z**spacing + ... + z**((length - 1) * spacing)."""
    if length == 1:
        return packed
    half = _run(packed, spacing, length // 2)
    doubled = half + (half << (length // 2 * spacing))
    if length % 2:
        doubled += packed << ((length - 1) * spacing)
    return doubled


def moved_sum(packed: int, places: list[int], width: int) -> int:
    """``packed`` times a sum of monomials, one a face, each moving it ``place``
    coefficients of ``width`` bits (below 0: bits cut off are zero by construction, the
    callers' lifts): by runs (``times_faces``), then moved once by the lowest place."""
    low = min(places)
    total = times_faces(packed, face_runs(tuple(sorted(width * (p - low) for p in places))))
    return shifted(total, width * low)


def chunks(packed: int, count: int, bits: int) -> list[int]:
    """The ``count`` chunks of ``bits`` bits of ``packed`` from the lowest, each in
    [0, 2**bits): the two's complement of a negative ``packed`` (its top chunk carries
    the sign's ones), as ``to_bytes(signed=True)`` cut into chunks would give.

    Cut in halves, a power of two chunks low: a shift and a mask per cut, each a pass
    over about half the part. About log2(count) cheap passes in all, where
    ``int.from_bytes`` costs some 20 instructions a byte and ``to_bytes`` 14."""
    masks: dict[int, int] = {}
    out: list[int] = []

    def cut(part: int, count: int) -> None:
        if count == 1:
            out.append(part & _mask(masks, bits))
            return
        low = 1 << ((count - 1).bit_length() - 1)  # a power of two below count
        place = low * bits
        cut(part & _mask(masks, place), low)
        cut(part >> place, count - low)

    cut(packed, count)
    return out


def _mask(masks: dict[int, int], bits: int) -> int:
    found = masks.get(bits)
    if found is None:
        found = masks[bits] = (big(1) << bits) - 1
    return found


def joined(parts: list[int], bits: int) -> int:
    """The sum of ``parts[k] * 2**(k * bits)``, every part in [0, 2**bits): neighbours
    joined pair by pair, a shift and an or per pair, so each level is one pass over
    the whole (``int.from_bytes`` on the parts' bytes costs several times more)."""
    if not parts:
        return 0
    while len(parts) > 1:
        paired = [
            low | (high << bits) if high else low
            for low, high in zip(parts[::2], parts[1::2], strict=False)
        ]
        if len(parts) % 2:
            paired.append(parts[-1])
        parts = paired
        bits *= 2
    return parts[0]


def widened_signed(polys: list[int], source: int, target: int) -> list[int]:
    """``polys`` with every coefficient moved from ``source`` bits apart to ``target``
    bits apart (both whole bytes, ``target`` the wider), signed coefficients each under
    2**(source - 1) either way.

    Half a coefficient is added to each (``repeated``), so every one reads as a whole
    number from the bytes; the bytes are copied as ``spread`` copies them and the half
    taken out again at the new width."""
    narrow, wide = Packer(source, 1), Packer(target, 1)
    count = max((abs(poly).bit_length() for poly in polys), default=0) // source + 2
    half = 1 << (source - 1)
    narrow_halves, wide_halves = repeated(half, source, count), repeated(half, target, count)
    out: list[int] = []
    for poly in polys:
        if not poly:
            out.append(0)
            continue
        spaced = bytearray(count * wide.nbytes)
        spread(spaced, poly + narrow_halves, narrow, wide, count, 1, 0)
        out.append(from_bytes(spaced) - wide_halves)
    return out


def repeated(value: int, width: int, count: int) -> int:
    """``value`` in each of ``count`` coefficients ``width`` bits apart (``value`` under
    2**width): doubled, a shift and an or per step, about two passes over the whole,
    where ``int.from_bytes`` costs some 20 instructions a byte."""
    if count <= 0:
        return 0
    packed, have = big(value), 1
    while 2 * have <= count:
        packed |= packed << (have * width)
        have *= 2
    if have < count:
        packed |= repeated(value, width, count - have) << (have * width)
    return packed
