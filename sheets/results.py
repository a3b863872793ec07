"""Result points, ranks, effectiveness and difficulty bands (R4): one table, one place."""

from __future__ import annotations

from enum import StrEnum

from sheets.records import FrozenRecord


class Duration(StrEnum):
    """How long an effect lasts (R4 duration by rank; R6 says when each one ticks).

    The values are what documents store. ``ROUNDS`` is a number of rounds kept with the
    condition: R4's "shorten end-of-encounter to 1D rounds" rolls it once (R6)."""

    ONE_TURN = "one_turn"
    ONE_ROUND = "one_round"
    ROUNDS = "rounds"
    END_OF_ENCOUNTER = "end_of_encounter"
    END_OF_SCENE = "end_of_scene"
    UNTIL_RECOVERED = "until_recovered"

    @property
    def label(self) -> str:
        return _DURATION_LABELS[self]


_DURATION_LABELS = {
    Duration.ONE_TURN: "one full turn",
    Duration.ONE_ROUND: "one full round",
    Duration.ROUNDS: "a number of rounds",
    Duration.END_OF_ENCOUNTER: "until end of encounter",
    Duration.END_OF_SCENE: "until end of scene",
    Duration.UNTIL_RECOVERED: "until recovered",
}


class Rank(FrozenRecord):
    """One row of the R4 table: the band of result points and what it means."""

    __slots__ = ("difficulty", "duration", "lowest_points", "number", "severity")
    number: int
    lowest_points: int  # the band starts here; it runs 5 points wide (rank 6: and above)
    severity: str  # effectiveness band and condition severity
    difficulty: str  # the same band read as a difficulty
    duration: Duration

    def __init__(
        self, number: int, lowest_points: int, severity: str, difficulty: str, duration: Duration
    ) -> None:
        values = (number, lowest_points, severity, difficulty, duration)
        for name, value in zip(self._fields, values, strict=True):
            object.__setattr__(self, name, value)


# R4: 1-5 -> 1, 6-10 -> 2, 11-15 -> 3, 16-20 -> 4, 21-25 -> 5, 26+ -> 6.
RANKS: tuple[Rank, ...] = (
    Rank(1, 1, "minimal", "Very Easy", Duration.ONE_TURN),
    Rank(2, 6, "adequate", "Easy", Duration.ONE_ROUND),
    Rank(3, 11, "moderate", "Moderate", Duration.END_OF_ENCOUNTER),
    Rank(4, 16, "complete", "Difficult", Duration.END_OF_SCENE),
    Rank(5, 21, "excessive", "Very Difficult", Duration.UNTIL_RECOVERED),
    Rank(6, 26, "overwhelming", "Heroic", Duration.UNTIL_RECOVERED),
)
BAND_WIDTH = 5
MAX_RANK = RANKS[-1].number


def result_points(total: int, against: int | None = None) -> int:
    """R4: a standing check scores its total; otherwise total minus the difficulty,
    the fixed resistance or the opposing roll."""
    return total if against is None else total - against


def succeeds(points: int) -> bool:
    """Against a difficulty or resistance, meeting it or beating it succeeds (R4: result
    points favour the higher side; a tie is a success that buys no rank)."""
    return points >= 0


def rank_number(points: int) -> int:
    """R4: the rank that result points buy; 0 when they buy none (0 or fewer points)."""
    if points <= 0:
        return 0
    return min(MAX_RANK, (points - 1) // BAND_WIDTH + 1)


def rank_of(points: int) -> Rank | None:
    """The R4 row for result points, or None when they buy no rank."""
    number = rank_number(points)
    return RANKS[number - 1] if number else None


def difficulty_name(difficulty: int) -> str:
    """R4: the band a difficulty number falls in (1-5 Very Easy ... 26-30 Heroic)."""
    rank = rank_of(difficulty)
    return rank.difficulty if rank else "Trivial"


STANDARD_DIFFICULTIES: tuple[tuple[str, int], ...] = tuple(
    (rank.difficulty, rank.lowest_points + BAND_WIDTH - 1) for rank in RANKS
)
"""R4's difficulty bands by their top number: Very Easy 5, Easy 10 ... Heroic 30."""

SUCCESS_DIFFICULTIES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
"""R3 success counting: a difficulty is a number of successes (typically 3, 4 or 5)."""


def default_difficulty(count_successes: bool) -> int:
    """The difficulty a chance is shown against before the player picks one: Moderate 15
    (R4), or 4 successes where the game counts them (R3: typically 3, 4 or 5)."""
    return 4 if count_successes else 15
