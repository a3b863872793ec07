"""Lists of integers packed into one and back (``sheets.odds.big.packed_list`` and
``unpacked_list``), on ints and on GMP alike."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sheets.odds.big import big, packed_list, unpacked_list
from tests.dice_helpers import number_kind  # noqa: F401  (a fixture: ints and GMP)


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 200), st.data())
def test_a_packed_list_unpacks_to_itself_up_to_its_last_non_zero_value(
    width: int, data: st.DataObject
) -> None:
    values = data.draw(st.lists(st.integers(0, 2**width - 1), max_size=30))
    packed = packed_list([big(value) for value in values], width)
    assert packed == sum(value << (k * width) for k, value in enumerate(values))
    found = unpacked_list(packed, width)
    while len(values) > 1 and not values[-1]:
        values.pop()
    assert found == (values or [0])
