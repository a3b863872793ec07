"""The dice panel (issue 4): roll set-up, exact odds, dice, after-roll spends, history."""

from ui.dice.panel import DicePanel

__all__ = ["DicePanel"]
