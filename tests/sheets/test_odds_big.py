"""``sheets.odds.big``: the engine's integers, ints or GMP's, and their bytes."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

import gmpy2
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sheets.odds.big as big
from sheets.dice import RollSpec
from sheets.odds import _cached, distribution


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The module as in a new process: nothing engaged (restored afterwards)."""
    monkeypatch.setattr(big, "_gmpy2", None)
    monkeypatch.setattr(big, "_ctypes", None)
    _cached.cache_clear()
    yield
    _cached.cache_clear()


@pytest.fixture
def engaged(fresh: None) -> None:
    assert big.engage()


@contextmanager
def _numbers(gmp: bool) -> Iterator[None]:
    """Inside, the engine's numbers are GMP's (engaged) or ints (nothing engaged); as they
    were afterwards. A context, not a fixture: hypothesis runs a test's examples in one
    fixture call."""
    saved = big._gmpy2, big._ctypes
    if gmp:
        big.engage()
    else:
        big._gmpy2 = None
    try:
        yield
    finally:
        big._gmpy2, big._ctypes = saved


# Both sides of the ctypes threshold, and a length that is no whole number of limbs.
_SIZES = st.sampled_from([0, 1, 7, 8, 9, big._LONG - 1, big._LONG, big._LONG + 1, 4099, 20000])


@st.composite
def _buffers(draw: st.DrawFn) -> bytes | bytearray | memoryview:
    size = draw(_SIZES)
    raw = draw(st.binary(min_size=size, max_size=size))
    kind = draw(st.sampled_from(["bytes", "bytearray", "view", "writable view"]))
    if kind == "bytes":
        return raw
    if kind == "bytearray":
        return bytearray(raw)
    # A view that starts inside its buffer, as the engine's row slices do.
    padded = b"\x5a" * 3 + raw + b"\xa5"
    base = memoryview(padded if kind == "view" else bytearray(padded))
    return base[3 : 3 + size]


@settings(max_examples=60)
@given(_buffers())
def test_from_bytes_reads_as_int_from_bytes(raw: bytes | bytearray | memoryview) -> None:
    expected = int.from_bytes(raw, "little")
    for engage in (False, True):
        with _numbers(engage):
            value = big.from_bytes(raw)
        assert value == expected
        assert isinstance(value, gmpy2.mpz) == engage


@settings(max_examples=60)
@given(_SIZES, st.integers(0, 16), st.data())
def test_to_bytes_writes_as_int_to_bytes(used: int, room: int, data: st.DataObject) -> None:
    value = data.draw(st.integers(0, 256**used - 1))
    length = used + room
    expected = value.to_bytes(length, "little")
    assert big.to_bytes(value, length) == expected
    assert big.to_bytes(gmpy2.mpz(value), length) == expected


@settings(max_examples=40)
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), max_size=6), st.data())
def test_rows_of_reads_each_span_in_place_as_from_bytes(
    spans: list[tuple[int, int]], data: st.DataObject
) -> None:
    """Spans of whole limbs read straight from the buffer give the integers of their
    bytes; the buffer stays as it was, and a span off the limbs is refused."""
    limb = gmpy2.xmpz.limb_size
    whole = [(limb * min(a, b), limb * max(a, b)) for a, b in spans]
    length = max((end for _, end in whole), default=0)
    raw = bytearray(data.draw(st.binary(min_size=length, max_size=length)))
    kept = bytes(raw)
    with _numbers(gmp=True):
        rows = big.rows_of(raw, whole)
        with pytest.raises(ValueError):
            big.rows_of(bytearray(2 * limb), [(1, limb + 1)])
        with pytest.raises(ValueError):
            big.rows_of(bytearray(2 * limb), [(0, 3 * limb)])
    assert rows == [int.from_bytes(raw[start:end], "little") for start, end in whole]
    assert [row * 3 for row in rows] == [3 * int.from_bytes(raw[s:e], "little") for s, e in whole]
    assert raw == kept


@settings(max_examples=60)
@given(st.integers(1, 2**3000))
def test_lowest_one_is_the_index_of_the_lowest_set_bit(value: int) -> None:
    expected = (value & -value).bit_length() - 1
    assert big.lowest_one(value) == expected  # an int, whatever is engaged
    with _numbers(gmp=True):
        assert big.lowest_one(big.big(value)) == expected


@settings(max_examples=60)
@given(st.integers(-(2**3000), 2**3000), st.integers(1, 3100), st.integers(1, 2**200))
def test_low_bits_times_plus_and_exact_quotient_are_the_int_operations(
    value: int, bits: int, factor: int
) -> None:
    """The GMP calls ``chains`` and ``packing`` use give what the int operators give:
    two's complement low bits of a negative number too."""
    expected = (value & ((1 << bits) - 1), value * factor + bits, value)
    for engage in (False, True):
        with _numbers(engage):
            number = big.big(value)
            found = (
                big.low_bits(number, bits),
                big.times_plus(number, big.big(factor), big.big(bits)),
                big.exact_quotient(number * factor, big.big(factor)),
            )
        assert found == expected


def test_to_bytes_refuses_a_length_too_short_as_int_does() -> None:
    value = gmpy2.mpz(1) << (8 * 2000)
    with pytest.raises(OverflowError):
        big.to_bytes(value, 2000)
    with pytest.raises(OverflowError):
        int(value).to_bytes(2000, "little")


def test_nothing_is_engaged_before_a_large_roll(fresh: None) -> None:
    """The first screen's rolls stay on ints: importing gmpy2 costs more than they do."""
    distribution(RollSpec(code="6D+2", luck=True))
    assert not big.engaged()
    assert type(big.big(5)) is int
    distribution(RollSpec(code="16D", luck=True, advantage=1))
    assert big.engaged()
    assert isinstance(big.big(5), gmpy2.mpz)


def test_without_gmpy2_the_engine_stays_on_ints_and_exact(
    fresh: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = RollSpec(code="16D", wild_dice=2, luck=True, advantage=1, penalty=1)
    monkeypatch.setitem(sys.modules, "gmpy2", None)  # a wheel that will not load
    on_ints = distribution(spec)
    assert not big.engaged()
    monkeypatch.delitem(sys.modules, "gmpy2")
    _cached.cache_clear()
    assert distribution(spec) == on_ints  # the same floats, bit for bit
    assert big.engaged()


def test_gmp_counts_give_plain_float_probabilities(engaged: None) -> None:
    odds = distribution(RollSpec(code="5D", wild_dice=1, advantage=1, flips=frozenset({1})))
    assert all(type(p) is float for p in odds.values())
    assert abs(sum(odds.values()) - 1) < 1e-12
