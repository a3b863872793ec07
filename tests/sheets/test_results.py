"""R4: result points, ranks, severity, duration, difficulty bands."""

from __future__ import annotations

import pytest

from sheets.results import RANKS, Duration, difficulty_name, rank_number, rank_of, result_points


@pytest.mark.parametrize(
    ("points", "rank"),
    [
        (-3, 0),
        (0, 0),
        (1, 1),
        (5, 1),
        (6, 2),
        (10, 2),
        (11, 3),
        (16, 4),
        (21, 5),
        (25, 5),
        (26, 6),
        (40, 6),
    ],
)
def test_ranks_from_result_points(points: int, rank: int) -> None:
    assert rank_number(points) == rank  # R4: 1-5 -> 1 ... 26+ -> 6, 0 or less -> none


def test_rank_table() -> None:
    assert [r.severity for r in RANKS] == [
        "minimal",
        "adequate",
        "moderate",
        "complete",
        "excessive",
        "overwhelming",
    ]
    assert [r.duration for r in RANKS] == [
        Duration.ONE_TURN,
        Duration.ONE_ROUND,
        Duration.END_OF_ENCOUNTER,
        Duration.END_OF_SCENE,
        Duration.UNTIL_RECOVERED,
        Duration.UNTIL_RECOVERED,
    ]
    assert rank_of(0) is None
    rank = rank_of(12)
    assert rank is not None and rank.severity == "moderate"


def test_result_points() -> None:
    assert result_points(17) == 17  # standing check
    assert result_points(17, 15) == 2  # vs a difficulty or fixed resistance
    assert result_points(12, 15) == -3  # favours the opposing side


@pytest.mark.parametrize(
    ("difficulty", "name"),
    [
        (3, "Very Easy"),
        (10, "Easy"),
        (15, "Moderate"),
        (18, "Difficult"),
        (25, "Very Difficult"),
        (30, "Heroic"),
    ],
)
def test_difficulty_bands(difficulty: int, name: str) -> None:
    assert difficulty_name(difficulty) == name


@pytest.mark.parametrize(("points", "verdict"), [(-1, False), (0, True), (1, True), (30, True)])
def test_meeting_the_number_succeeds_a_tie_without_rank(points: int, verdict: bool) -> None:
    """R4 (issue 15): meet or beat succeeds; a tie is a success that buys no rank."""
    from sheets.results import rank_of, succeeds

    assert succeeds(points) is verdict
    assert (rank_of(points) is None) is (points <= 0)
