"""The game template model lives with the documents (a campaign stores its GM's copy);
this module names it for ``sheets.templates``."""

from sheets.documents.game_template import AttributeSpec, CreationBudget, DiceMode, GameTemplate

__all__ = ["AttributeSpec", "CreationBudget", "DiceMode", "GameTemplate"]
