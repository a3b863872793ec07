"""A roll a sheet asks the dice panel for: what it is called, its die code, and how to
find that code again on the sheet as it is now (the panel follows sheet edits)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sheets.dice import DieCode


@dataclass(frozen=True, slots=True)
class RollRequest:
    label: str
    """``Greta Vance: Dexterity: Dodge``, ``Greta Vance: Walther PPK damage``."""
    code: DieCode
    current: Callable[[], DieCode | None]
    """The code on the sheet now (None: the row or weapon is gone or cannot be rolled)."""
    damage: bool = False
    """A damage roll: rolled against nothing (R9 compares it with the resistance)."""
    then: RollRequest | None = None
    """The roll offered next in the dice panel: a weapon's damage after its attack."""
    against: int | None = None
    """The difficulty the sheet's Chance column showed for the row (R4): the panel rolls
    against it, so the two never disagree. None: the panel's own stays."""
