"""OpenD6 multiple actions: -1D per extra action on every roll of the round."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sheets.actions import multiple_action_dice, with_multiple_actions
from sheets.dice import DieCode


def test_one_die_per_action_beyond_the_first() -> None:
    assert multiple_action_dice(1) == 0
    assert multiple_action_dice(2) == 1
    assert multiple_action_dice(3) == 2
    assert with_multiple_actions(DieCode(4, 2), 3) == DieCode(2, 2)
    assert with_multiple_actions(DieCode(1, 1), 3) == DieCode(0, 0)


@given(st.integers(0, 30), st.integers(0, 2), st.integers(1, 6))
def test_the_code_never_goes_below_nothing_and_never_grows(
    dice: int, pips: int, actions: int
) -> None:
    code = DieCode(dice, pips)
    less = with_multiple_actions(code, actions)
    assert less.dice >= 0 and less.pips >= 0
    assert less.fixed_value <= code.fixed_value
    assert code.dice - less.dice == min(code.dice, actions - 1) or less == DieCode(0, 0)
