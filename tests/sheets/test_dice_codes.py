"""R1: die codes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheets.dice import DieCode

codes = st.builds(DieCode, st.integers(-20, 60), st.integers(-10, 10))


@pytest.mark.parametrize(
    ("text", "dice", "pips"),
    [
        ("3D+2", 3, 2),
        ("3d6+2", 3, 2),
        ("4D", 4, 0),
        ("3D+0", 3, 0),
        (" 3 d + 2 ", 3, 2),
        ("2D-1", 1, 2),  # R1: pips normalise into {0, 1, 2}
        ("-1D", -1, 0),  # R1: negative modifiers exist as effects
        ("-2", -1, 1),
        ("+2", 0, 2),
        ("0D", 0, 0),
        ("5D+4", 6, 1),
        ("2D−1", 1, 2),  # a typographic minus pasted from a PDF
    ],
)
def test_parse_accepts_what_players_write(text: str, dice: int, pips: int) -> None:
    code = DieCode.parse(text)
    assert (code.dice, code.pips) == (dice, pips)


@pytest.mark.parametrize("text", ["3X", "", "D6", "3D+", "3D++2", "1e5D", "3D+2D", "abc", "3"])
def test_parse_rejects_with_the_text_named(text: str) -> None:
    with pytest.raises(ValueError, match="die code") as error:
        DieCode.parse(text)
    assert repr(text) in str(error.value)


def test_other_dice_in_a_code_point_to_the_sides_option() -> None:
    with pytest.raises(ValueError, match="d8"):
        DieCode.parse("3d8")


@pytest.mark.parametrize(
    ("left", "right", "total"),
    [("1D+1", "2D+2", "4D"), ("2D+2", "3D+2", "6D+1"), ("3D+2", "1D+2", "5D+1")],
)
def test_addition_carries_three_pips_into_a_die(left: str, right: str, total: str) -> None:
    # R1 worked examples
    assert str(DieCode.parse(left) + DieCode.parse(right)) == total


@pytest.mark.parametrize(
    ("text", "value"), [("1D", 3), ("1D+1", 4), ("2D+2", 8), ("4D+1", 13), ("6D+2", 20)]
)
def test_fixed_value(text: str, value: int) -> None:
    assert DieCode.parse(text).fixed_value == value  # R1


def test_advancing_by_one_pip() -> None:
    assert DieCode.parse("2D+2") + 1 == DieCode.parse("3D")  # R1


def test_canonical_text_and_ordering() -> None:
    assert [str(DieCode(3, 2)), str(DieCode(4)), str(DieCode(0, 2)), str(DieCode(-1))] == [
        "3D+2",
        "4D",
        "+2",
        "-1D",
    ]
    assert sorted(DieCode.parse(t) for t in ["3D", "2D+2", "3D+1"]) == [
        DieCode(2, 2),
        DieCode(3),
        DieCode(3, 1),
    ]
    assert len({DieCode.parse("2D-1"), DieCode.parse("1D+2")}) == 1


def test_immutable() -> None:
    code = DieCode(3)
    with pytest.raises(AttributeError):  # as a frozen dataclass's FrozenInstanceError is
        code.dice = 4


def test_never_rolls_fewer_than_zero_dice() -> None:
    assert DieCode.parse("-1D").rolled_dice == 0  # R1


@given(codes)
def test_text_round_trip(code: DieCode) -> None:
    assert DieCode.parse(str(code)) == code
    assert 0 <= code.pips <= 2


@given(codes, codes)
def test_addition_adds_fixed_values(a: DieCode, b: DieCode) -> None:
    assert (a + b).fixed_value == a.fixed_value + b.fixed_value
    assert a + b == b + a
    assert (a + b) - b == a


def test_a_die_code_has_at_most_120_dice() -> None:
    """Issue 15: 99999D was accepted; a clear limit and message instead."""
    from sheets.dice.codes import MAX_DICE

    assert DieCode.parse(f"{MAX_DICE}D+2").dice == MAX_DICE
    with pytest.raises(ValueError, match="more than 120 dice"):
        DieCode.parse("99999D")
    with pytest.raises(ValueError, match="more than 120 dice"):
        DieCode.parse("-121D")
