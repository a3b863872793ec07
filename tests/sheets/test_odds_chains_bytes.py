"""The engine's byte helpers (``big.from_buffer``, ``big.into``) and ``chains``' GMP shapes of
``top_discarded``'s steps (the widening, the division by (s - T)**2 written moved): the
same exact integers as the plain ways, on ints and on GMP."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sheets.odds import big
from sheets.odds.big import from_buffer, into
from sheets.odds.chains import _divided_twice, _widened
from sheets.odds.packing import widened_signed
from tests.dice_helpers import number_kind  # noqa: F401  (a fixture: ints and GMP)

# Both sides of the ctypes threshold, and lengths that are no whole number of limbs.
_SIZES = st.sampled_from([0, 1, 7, 9, 767, 768, 769, 4099, 20000])


@settings(max_examples=60, deadline=None)
@given(_SIZES, st.integers(0, 40), st.data())
def test_from_buffer_reads_a_slice_as_int_from_bytes(
    size: int, start: int, data: st.DataObject
) -> None:
    raw = bytearray(data.draw(st.binary(min_size=start + size, max_size=start + size + 9)))
    expected = int.from_bytes(raw[start : start + size], "little")
    assert from_buffer(raw, start, size) == expected
    assert from_buffer(raw, start) == int.from_bytes(raw[start:], "little")
    assert raw[start : start + size] == raw[start : start + size]  # left as it was


@settings(max_examples=60, deadline=None)
@given(_SIZES, st.integers(0, 40), st.integers(0, 9), st.data())
def test_into_writes_the_bytes_where_asked_and_nothing_else(
    used: int, start: int, room: int, data: st.DataObject
) -> None:
    value = big.big(data.draw(st.integers(0, 256**used - 1)))
    length = (value.bit_length() + 7) // 8
    out = bytearray(start + length + room)
    into(value, out, start)
    assert out == bytearray(start) + value.to_bytes(length + room, "little")


_COEFFICIENTS = st.lists(st.integers(-(2**62), 2**62), max_size=200)


@settings(max_examples=40, deadline=None)
@given(st.lists(_COEFFICIENTS, min_size=1, max_size=3))
def test_the_widening_on_bytes_is_widened_signed(polys: list[list[int]]) -> None:
    """Signed coefficients 64 bits apart moved 120 bits apart, as ``top_discarded``
    widens its y's (long enough to take the ctypes route)."""
    packed = [sum(big.big(c) << (64 * i) for i, c in enumerate(poly)) for poly in polys]
    assert _widened(packed, 64, 120) == widened_signed(packed, 64, 120)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(0, 2**40), min_size=1, max_size=300),
    st.integers(1, 30),
    st.sampled_from([2, 4, 6]),
    st.integers(-64, 200),
    st.booleans(),
)
def test_the_division_by_s_minus_t_squared_is_exact_and_moved(
    coefficients: list[int], places: int, s: int, moved: int, cut: bool
) -> None:
    """(s - T)**2 Z = W for a Z with small non-negative coefficients (8 bytes each): the
    Z back, moved ``moved`` bytes (below 0 only over zeros); with a limit, its chunks
    below it."""
    size, width = 8, 64
    z = sum(big.big(c) << (width * i) for i, c in enumerate(coefficients))
    t = places * width
    w = s * s * z - ((2 * s * z) << t) + (z << (2 * t))
    chunk = t
    limit = None
    expected = z
    if cut:
        count = max(1, len(coefficients) // places)
        limit = count * chunk
        expected = z & ((1 << limit) - 1)
    if expected:  # moved down over its zero bytes only
        moved = max(moved, -(((expected & -expected).bit_length() - 1) // 8))
    bits = 8 * moved
    found = _divided_twice(w, places, s, size, limit, bits)
    assert found == (expected << bits if bits >= 0 else expected >> -bits)
