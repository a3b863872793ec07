"""The odds engine's big numbers: GMP integers (gmpy2's ``mpz``) once a roll is large
enough to gain from them, and bytes in and out of them at memory-copy speed.

The exact counts of a roll are packed polynomials (``packing``) of thousands to hundreds
of thousands of bits. CPython multiplies its ints on 30-bit digits, Karatsuba at best;
GMP multiplies the same numbers 5 to 15 times faster and adds and shifts them 2 to 8 times
faster. An ``mpz`` behaves as an ``int`` (the same operators, ``bit_length``, hashing and
equality), so the engine's code reads the same either way and its results are the same
exact integers; the numbers only have to start as ``mpz`` (``big``, ``from_bytes``), since
an ``int`` met on the way is converted at every operation.

Importing gmpy2 costs 25-50 ms (its module reads its own version through
importlib.metadata), so the small rolls of the first screen run on ints; the dice
panel's odds worker engages GMP at idle after its first answer, and failing that the
first large roll does (``engage_for``). Where gmpy2 cannot be loaded the engine stays on
ints: slower, never wrong. On GMP every roll is faster in wall-clock time, the small ones
too (bench/odds_scan.py's set-ups under 1 ms: 0.8x), so nothing goes back to ints.

gmpy2's own ``from_bytes`` goes a byte at a time (about three times slower than
``int.from_bytes``): a long buffer is copied straight into an ``xmpz``'s limbs with ctypes,
the use gmpy2 documents ``limbs_write`` for. Limbs are little-endian machine words on every
platform we ship (x86-64, arm64), the byte order of the engine's packings.
"""

from __future__ import annotations

import sys
import threading
from types import ModuleType
from typing import Any, Final

# Below this many bytes gmpy2's own conversions beat the ctypes route (measured: 2 us
# against 2.7 at 512 bytes, 3.7 against 3.2 at 1024).
_LONG: Final = 768
# The ctypes route reads and writes little-endian words as they lie in memory.
_LIMBS_OK: Final = sys.byteorder == "little"

_gmpy2: Any = None  # the module once engaged
_ctypes: Any = None
_lock = threading.Lock()


# A roll whose set count (sides ** dice, chain depths included) has this many bits engages
# GMP: below it a roll takes a few milliseconds on ints (16D with luck and a Wild Die
# is about 90 bits), less than the import; the first screen's skills are far below.
ENGAGE_BITS: Final = 96


def engage_for(count: int) -> None:
    """Engage GMP (``engage``) for a roll of ``count`` equally likely outcomes, if it is
    large enough to gain."""
    if _gmpy2 is None and count.bit_length() >= ENGAGE_BITS:
        engage()


def engage() -> bool:
    """Make the engine's new numbers GMP integers from now on (once per process); False
    where gmpy2 cannot be loaded, and the engine goes on with ints."""
    global _gmpy2, _ctypes
    if _gmpy2 is not None:
        return True
    with _lock:
        if _gmpy2 is None:
            try:
                import ctypes

                import gmpy2
            except (ImportError, OSError):  # no wheel, or a broken one: ints, only slower
                return False
            _ctypes = ctypes
            _gmpy2 = gmpy2
    return True


def engaged() -> bool:
    return _gmpy2 is not None


def big(value: int) -> int:
    """``value`` as the engine's integer: an ``mpz`` once engaged (typed as the ``int``
    it behaves as)."""
    if _gmpy2 is None:
        return value
    result: int = _gmpy2.mpz(value)
    return result


def from_bytes(raw: bytes | bytearray | memoryview) -> int:
    """The little-endian unsigned integer of ``raw``, as ``int.from_bytes(raw, "little")``."""
    gmpy2 = _gmpy2
    if gmpy2 is None:
        return int.from_bytes(raw, "little")
    size = len(raw)
    if size < _LONG or not _LIMBS_OK:
        short: int = gmpy2.mpz.from_bytes(raw, "little")
        return short
    return _from_limbs(gmpy2, raw, size)


def _from_limbs(gmpy2: ModuleType, raw: bytes | bytearray | memoryview, size: int) -> int:
    limb = gmpy2.xmpz.limb_size
    limbs = (size + limb - 1) // limb
    # Padded to whole limbs by a copy (C speed) rather than a memset call: each ctypes
    # call costs about a microsecond, as much as a row's bytes.
    data = bytes(raw) + bytes(limbs * limb - size)
    target = gmpy2.xmpz(0)
    _ctypes.memmove(target.limbs_write(limbs), data, limbs * limb)
    target.limbs_finish(limbs)
    result: int = gmpy2.mpz(target)
    return result


def lowest_one(value: int) -> int:
    """The index of the lowest set bit of ``value`` > 0: GMP's scan, one C call, where
    ``(value & -value).bit_length() - 1`` makes two numbers as long as ``value``."""
    if _gmpy2 is not None:
        found: int = _gmpy2.bit_scan1(value)
        return found
    return (value & -value).bit_length() - 1


def from_buffer(raw: bytearray, start: int = 0, size: int | None = None) -> int:
    """``from_bytes`` of ``raw[start:start + size]`` (to its end without a ``size``). On
    GMP a long one is one memory copy into a new number's limbs and one into the ``mpz``,
    where ``from_bytes`` of the slice copies the bytes twice more (the slice, the
    padding): some 1 ms a megabyte where the pages are new."""
    written = _limbs_from_buffer(raw, start, size)
    if written is None:
        return from_bytes(memoryview(raw)[start : None if size is None else start + size])
    found: int = _gmpy2.mpz(written)
    return found


def _limbs_from_buffer(raw: bytearray, start: int, size: int | None) -> Any:
    """An ``xmpz`` whose limbs are ``raw[start:start + size]`` copied in once, or None
    where the bytes are better read by ``from_bytes`` (no GMP, a short span)."""
    if size is None:
        size = len(raw) - start
    gmpy2 = _gmpy2
    if gmpy2 is None or size < _LONG or not _LIMBS_OK:
        return None
    limb = gmpy2.xmpz.limb_size
    limbs = -(-size // limb)
    target = gmpy2.xmpz(0)
    address = target.limbs_write(limbs)
    _ctypes.memmove(address, (_ctypes.c_char * size).from_buffer(raw, start), size)
    if limbs * limb > size:
        _ctypes.memset(address + size, 0, limbs * limb - size)
    target.limbs_finish(limbs)
    return target


def into(value: int, out: bytearray, start: int = 0) -> None:
    """Write ``value`` (>= 0) into ``out`` from byte ``start`` on, little-endian, as many
    bytes as it has (the rest of ``out`` untouched): on GMP one copy out of its limbs,
    where ``to_bytes`` and a slice assignment copy a long one four times."""
    size = (value.bit_length() + 7) // 8
    gmpy2 = _gmpy2
    if gmpy2 is None or size < _LONG or not _LIMBS_OK:
        out[start : start + size] = to_bytes(value, size)
        return
    source = gmpy2.xmpz(value)
    _ctypes.memmove((_ctypes.c_char * size).from_buffer(out, start), source.limbs_read(), size)


def low_bits(value: int, bits: int) -> int:
    """``value`` modulo 2**bits (two's complement bits of a negative one), ``bits`` > 0:
    on GMP a copy of the limbs below ``bits`` (``f_mod_2exp``), some 2.5 times faster
    than ``&`` with a mask as long, which has to be made too."""
    if _gmpy2 is not None:
        found: int = _gmpy2.f_mod_2exp(value, bits)
        return found
    return value & ((1 << bits) - 1)


def times_plus(value: int, factor: int, added: int) -> int:
    """``value * factor + added``: on GMP in one call (``fma``), the sum written into the
    product, no third number as long (c's geometric sums: 9.8 -> 9.1-9.3 ms)."""
    if _gmpy2 is not None:
        found: int = _gmpy2.fma(value, factor, added)
        return found
    return value * factor + added


def exact_quotient(value: int, divisor: int) -> int:
    """``value // divisor`` where ``divisor`` divides ``value``: on GMP by its exact
    division (``divexact``), faster than a division with a remainder to find."""
    if _gmpy2 is not None:
        found: int = _gmpy2.divexact(value, divisor)
        return found
    return value // divisor


def whole_limbs(bits: int) -> int:
    """``bits`` rounded up to whole 8-byte limbs: the slot widths whose rows ``rows_of``
    reads in place."""
    return 64 * -(-bits // 64)


def rows_of(buffer: bytearray, spans: list[tuple[int, int]]) -> list[int]:
    """``from_bytes`` of each (start, end) byte span of ``buffer``, GMP engaged: each span
    copied straight from the buffer into a new integer's limbs, no bytes made on the
    way. Every start and length must be whole limbs (multiples of 8 bytes), so that no
    limb reads past its span. Each integer is new and only for reading or for operators
    that make new ones (``*``, ``>>``): it may be an ``xmpz``, whose in-place operators
    (``-x`` too) change it."""
    gmpy2 = _gmpy2
    limb = gmpy2.xmpz.limb_size
    base = _ctypes.addressof((_ctypes.c_char * len(buffer)).from_buffer(buffer))
    out: list[int] = []
    for start, end in spans:
        if start % limb or end % limb or end > len(buffer):
            raise ValueError(f"span {start}..{end} is not whole limbs of the buffer")
        limbs = (end - start) // limb
        target = gmpy2.xmpz(0)
        _ctypes.memmove(target.limbs_write(limbs), base + start, end - start)
        target.limbs_finish(limbs)
        out.append(target)
    return out


def to_bytes(value: int, length: int) -> bytes:
    """``value.to_bytes(length, "little")`` for a non-negative ``value``."""
    gmpy2 = _gmpy2
    if gmpy2 is None or type(value) is int or length < _LONG or not _LIMBS_OK or value < 0:
        return value.to_bytes(length, "little")
    used = (value.bit_length() + 7) // 8
    if used > length:
        raise OverflowError("int too big to convert")
    source = gmpy2.xmpz(value)
    raw: bytes = _ctypes.string_at(source.limbs_read(), used)
    return raw + bytes(length - used) if used < length else raw


def times_minus(value: int, factor: int, taken: int) -> int:
    """``value * factor - taken``: on GMP in one call (``fms``), the difference written
    into the product, no third number as long (``chains.top_discarded``'s (s - T) y)."""
    if _gmpy2 is not None:
        found: int = _gmpy2.fms(value, factor, taken)
        return found
    return value * factor - taken


def scratch_from_buffer(raw: bytearray, start: int = 0, size: int | None = None) -> int:
    """``from_buffer`` without its last copy, for a number that is only read or used up
    by operators that make new ones (``+``, ``-``, ``*``, comparisons, ``fma``): on GMP
    the ``xmpz`` its limbs were written into, one memory copy where ``from_buffer`` makes
    two. Its in-place operators (``+=``, and ``-x`` too) change it: never share it."""
    written = _limbs_from_buffer(raw, start, size)
    if written is None:
        return from_buffer(raw, start, size)
    found: int = written
    return found


def packed_list(values: list[int], width: int) -> int:
    """The sum of ``values[k] * 2**(k * width)``, every value in [0, 2**width): on GMP in
    one call (``gmpy2.pack``), where joining each value's bytes costs a few operations
    a value."""
    if _gmpy2 is not None:
        found: int = _gmpy2.pack(values, width)
        return found
    return sum(value << (k * width) for k, value in enumerate(values))


def unpacked_list(value: int, width: int) -> list[int]:
    """The ``width``-bit chunks of ``value`` >= 0 from the lowest, up to its highest
    non-zero one (``[0]`` for 0): on GMP in one call (``gmpy2.unpack``), some five
    times faster than reading each chunk from its bytes."""
    if _gmpy2 is not None:
        found: list[int] = _gmpy2.unpack(value, width)
        return found
    mask = (1 << width) - 1
    return [(value >> (k * width)) & mask for k in range(max(1, -(-value.bit_length() // width)))]
