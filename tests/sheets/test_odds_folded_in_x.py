"""The folded rows laid in x on GMP (``sheets.odds.folded.Folded._in_x``): coefficients
copied a word at a time (``_spread_words``) land where ``packing.spread`` puts them a
byte at a time, and only the bytes that can be non-zero are copied (``_copied``)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheets.odds.big import big
from sheets.odds.folded import _copied, _spread_words, _words
from sheets.odds.packing import Packer, spread
from tests.dice_helpers import number_kind  # noqa: F401  (a fixture: ints and GMP)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 26),
    st.integers(0, 3),
    st.integers(0, 4),
    st.data(),
)
def test_coefficients_copied_a_word_at_a_time_land_as_copied_a_byte_at_a_time(
    size: int, extra_words: int, first_words: int, data: st.DataObject
) -> None:
    """Every coefficient lands in its slot, whatever its size (odd ones too) and however
    many classes of alignment its words fall into, the rest of each slot zero."""
    count = data.draw(st.integers(1, 40))
    copied = data.draw(st.integers(1, size))
    values = data.draw(
        st.lists(st.integers(0, 2 ** (8 * copied) - 1), min_size=count, max_size=count)
    )
    wide = 8 * (-(-size // 8) + extra_words)
    every = 8 * data.draw(st.integers(-(-wide // 8), -(-wide // 8) + 3))
    first = 8 * first_words
    raw = b"".join(value.to_bytes(size, "little") for value in values)
    found = bytearray(first + count * every)
    _spread_words(found, raw, size, copied, first, every)
    expected = bytearray(len(found))  # byte places: a target packing one byte wide
    spread(
        expected,
        int.from_bytes(raw, "little"),
        Packer(8 * size, 1),
        Packer(8, 1),
        count,
        every,
        first,
    )
    assert found == expected


@pytest.mark.usefixtures("number_kind")
@pytest.mark.parametrize(
    ("size", "top"),
    [
        (size, top)
        for size in (8, 17, 18, 21, 24)
        for top in (1, 7, 8, 9, 15, 16, 17, 20, 21)
        if top <= size
    ],
)
def test_the_bytes_left_uncopied_are_zero_in_every_residue(size: int, top: int) -> None:
    """However high the largest coefficient reaches (``top`` bytes), every byte below it
    is copied, and no more words than the fewest that reach it."""
    width = 8 * size
    residues = [
        big(sum((5 + j) << (width * j) for j in range(30))),
        big((2 ** (8 * top) - 1) << (width * 11)),
        big(0),
    ]
    copied = _copied(residues, size, 30)
    assert top <= copied <= size
    assert len(_words(copied)) == min(len(_words(length)) for length in range(top, size + 1))
