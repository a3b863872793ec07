"""When each duration ends (R4 durations, R6 "durations tick"), as pure functions.

Every condition that ends with turns or rounds carries an *anchor* (whose turn end counts
it down, or ``*round`` for the end of a round) and the round in which it expires there:

- one full turn: "ends at the end of the affected character's next turn" (R6). Anchor:
  the owner. Created during the owner's own turn, or after the owner's turn this round:
  the owner's turn next round. Created before the owner's turn this round: that turn.
- one full round: "at the same point of the next round" (R6). Anchor: whoever's turn it
  is when it is created; it expires at the end of that combatant's turn next round.
- 1D rounds (``Duration.ROUNDS``): N rounds from the same point, rolled once (R6).
- R4 "until the end of the next round" (rank 2 modifiers): anchor ``*round``.
- end of encounter / end of scene: when the GM ends it; until recovered: never.

Ruling (ours): a turn that is skipped (Out of Action, conceded) still ends and still
counts conditions down: the turn came, the combatant just could not use it.
Ruling (ours): with no turn running (before round 1, or between the GM's calls in a
dramatic scene) "the same point" of a round is the owner's turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from sheets.results import Duration

ROUND_END: Final = "*round"
"""The anchor of durations that end at the end of a round."""

# Shortest first: R4's extend / shorten effects move along this ladder.
DURATION_ORDER: Final[tuple[Duration, ...]] = (
    Duration.ONE_TURN,
    Duration.ONE_ROUND,
    Duration.ROUNDS,
    Duration.END_OF_ENCOUNTER,
    Duration.END_OF_SCENE,
    Duration.UNTIL_RECOVERED,
)
TIMED: Final = frozenset({Duration.ONE_TURN, Duration.ONE_ROUND, Duration.ROUNDS})
"""Durations that tick with turns and rounds (R6)."""
ENDS_WITH_ENCOUNTER: Final = TIMED | {Duration.END_OF_ENCOUNTER}
ENDS_WITH_SCENE: Final = ENDS_WITH_ENCOUNTER | {Duration.END_OF_SCENE}


def rank_of_duration(duration: Duration) -> int:
    """Position on the ladder, for "extend" (longer) and "shorten" (shorter) checks."""
    return DURATION_ORDER.index(duration)


@dataclass(frozen=True, slots=True)
class Moment:
    """Where the encounter is when something is created."""

    round: int
    """0 before the first round."""
    actor: str | None
    """Whose turn is running, or None."""
    owner_done: bool
    """The owner's turn in this round has already ended."""


@dataclass(frozen=True, slots=True)
class Expiry:
    anchor: str | None
    expires_round: int | None
    remaining_rounds: int | None = None


def expiry_for(duration: Duration, owner: str, now: Moment, rounds: int | None = None) -> Expiry:
    """The anchor and expiry round of a condition created ``now`` (R6)."""
    if duration == Duration.ONE_TURN:
        if now.round == 0:
            return Expiry(owner, 1)  # the owner's first turn
        later = now.actor == owner or now.owner_done
        return Expiry(owner, now.round + 1 if later else now.round)
    if duration in (Duration.ONE_ROUND, Duration.ROUNDS):
        count = 1 if duration == Duration.ONE_ROUND else max(1, rounds or 1)
        left = count if duration == Duration.ROUNDS else None
        if now.round == 0:
            return Expiry(owner, count, left)  # the owner's turn in round ``count``
        return Expiry(now.actor or owner, now.round + count, left)
    return Expiry(None, None)


def next_round_expiry(now: Moment) -> Expiry:
    """R4 "until the end of the next round": the end of round ``round + 1``."""
    return Expiry(ROUND_END, now.round + 1)


def is_due(expires_round: int | None, turn_round: int) -> bool:
    """Ends now: this is its anchor's turn end (or the round end) in its round or later."""
    return expires_round is not None and expires_round <= turn_round
