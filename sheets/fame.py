"""R8: what a Fame score means at the table (the seed's Fame equivalency ladder)."""

from __future__ import annotations

from typing import Final

FAME_LADDER: Final[tuple[tuple[int, str], ...]] = (
    # (the lowest Fame of the step, what it means), from "New Rule: FEAR and FAME".
    (0, "unknown"),
    (1, "known to a few by name; most have not heard of you"),
    (3, "your name has spread: a few know you by reputation"),
    (5, "known by reputation to more than a few; some call you a hero"),
    (8, "most have heard of you, some recognise you on sight; many call you a hero"),
    (11, "known in all the land; your exploits are folklore and many will help you"),
    (16, "a legend: everyone nearby knows you on sight and flocks to see you"),
    (23, "legends abound: people revere you and carry on your ideals"),
    (31, "a legendary hero never forgotten, even in distant lands"),
    (41, "a god among men, worshipped by some"),
)


def fame_standing(fame: int) -> str:
    """The step of the ladder ``fame`` reaches (R8)."""
    words = FAME_LADDER[0][1]
    for lowest, meaning in FAME_LADDER:
        if fame >= lowest:
            words = meaning
    return words
