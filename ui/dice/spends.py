"""After-roll spends as undoable commands (R3 "after the roll", R7 action points).

A command swaps one finished roll for another in the panel (``DicePanel.swap_result``) and
reports the point it used (+1) or gave back on undo (-1) through the panel's
``pointsSpent`` signal, which the main window turns into the character's point changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import shiboken6
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QWidget

from sheets.dice import RollResult, action_point_dice, action_point_reroll, character_point
from sheets.points import PointKind

SpendKind = Literal["character_point", "action_point_dice", "action_point_reroll"]
SPEND_ID = 0x5744  # QUndoCommand.id(): "WD"; spends never merge, the id marks them as ours


def apply_spend(kind: SpendKind, result: RollResult) -> RollResult:
    """The roll after one spend; deterministic from the roll's seed (``sheets.dice``)."""
    if kind == "character_point":
        return character_point(result)  # OpenD6: +1 die after the roll (R3, R7)
    if kind == "action_point_dice":
        return action_point_dice(result)  # FreeD6: +2D after the roll (R7)
    return action_point_reroll(result, keep="better")  # FreeD6: reroll, keep the better (R7)


def point_kind(kind: SpendKind) -> PointKind:
    """Which of the character's points a spend uses."""
    return "character_point" if kind == "character_point" else "action_point"


def spend_text(kind: SpendKind) -> str:
    """The undo stack's text for a spend."""
    return {
        "character_point": QCoreApplication.translate("Dice", "Spend a Character Point (+1D)"),
        "action_point_dice": QCoreApplication.translate("Dice", "Spend an action point (+2D)"),
        "action_point_reroll": QCoreApplication.translate("Dice", "Spend an action point (reroll)"),
    }[kind]


class SpendCommand(QUndoCommand):
    """Swap ``before`` for ``after`` in the panel; undo swaps back and refunds the point."""

    def __init__(
        self,
        panel: QWidget,
        swap: Callable[[RollResult, RollResult, PointKind, int], None],
        kind: SpendKind,
        before: RollResult,
    ) -> None:
        super().__init__(spend_text(kind))
        self.panel = panel
        self._swap = swap
        self.kind = kind
        self.before = before
        self.after = apply_spend(kind, before)

    def id(self) -> int:
        return SPEND_ID

    def redo(self) -> None:
        if shiboken6.isValid(self.panel):  # the panel may be gone; the stack may not
            self._swap(self.before, self.after, point_kind(self.kind), 1)

    def undo(self) -> None:
        if shiboken6.isValid(self.panel):
            self._swap(self.after, self.before, point_kind(self.kind), -1)
