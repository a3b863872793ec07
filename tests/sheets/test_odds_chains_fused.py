"""The fused steps of the exploded chains: ``big.times_minus`` (``top_discarded``'s
(s - T) y), ``chains._fused`` (a small factor on an fma) and ``packing.zero_bytes``
(the zero rows cut below the parts): the same exact integers and counts as the plain
ways, on ints and on GMP; ``big.scratch_from_buffer`` reads as ``from_buffer`` does."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sheets.odds.big import big, from_buffer, scratch_from_buffer, times_minus
from sheets.odds.chains import _fused
from sheets.odds.packing import _PROBE, zero_bytes
from tests.dice_helpers import number_kind  # noqa: F401  (a fixture: ints and GMP)

_NUMBERS = st.integers(-(2**3000), 2**3000)


@settings(max_examples=80, deadline=None)
@given(_NUMBERS, st.integers(-300, 300), _NUMBERS)
def test_times_minus_is_the_product_less_the_number(value: int, factor: int, taken: int) -> None:
    assert times_minus(big(value), factor, big(taken)) == value * factor - taken


@settings(max_examples=80, deadline=None)
@given(st.one_of(st.just(0), _NUMBERS), st.integers(1, 300), st.one_of(st.just(0), _NUMBERS))
def test_fused_is_the_product_plus_the_number_zeros_too(
    value: int, factor: int, added: int
) -> None:
    assert _fused(big(value), factor, big(added)) == value * factor + added


# Both sides of the first probe and of its doublings, and an all-zero buffer.
_LENGTHS = [0, 1, _PROBE - 1, _PROBE, _PROBE + 1, 3 * _PROBE, 3 * _PROBE + 5, 40_000]


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(_LENGTHS), st.data())
def test_zero_prefix_counts_the_zero_bytes_a_buffer_begins_with(
    length: int, data: st.DataObject
) -> None:
    zeros = data.draw(st.sampled_from(sorted({0, 1, length // 2, length - 1, length})))
    zeros = max(0, min(length, zeros))
    tail = length - zeros
    first = data.draw(st.integers(1, 255)) if tail else 0
    rest = data.draw(st.binary(min_size=max(0, tail - 1), max_size=max(0, tail - 1)))
    raw = bytearray(zeros) + (bytearray([first]) + bytearray(rest) if tail else bytearray())
    assert zero_bytes(raw) == len(raw) - len(raw.lstrip(b"\0")) == zeros


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([0, 1, 9, 767, 768, 769, 4099, 20000]), st.integers(0, 40), st.data())
def test_scratch_from_buffer_reads_as_from_buffer(
    size: int, start: int, data: st.DataObject
) -> None:
    raw = bytearray(data.draw(st.binary(min_size=start + size, max_size=start + size + 9)))
    expected = int.from_bytes(raw[start : start + size], "little")
    found = scratch_from_buffer(raw, start, size)
    assert found == expected == from_buffer(raw, start, size)
    assert found - 1 == expected - 1  # a new number from the scratch one
    assert scratch_from_buffer(raw, start) == int.from_bytes(raw[start:], "little")
