"""R7: action points at the start of a session."""

from sheets.points import session_action_points


def test_start_session_sets_one_action_point() -> None:
    assert session_action_points(0, carry_over=False) == 1  # R7 ruling
    assert session_action_points(4, carry_over=False) == 1


def test_carry_over_adds_one() -> None:
    assert session_action_points(4, carry_over=True) == 5  # setting action_points_carry_over
