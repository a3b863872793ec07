"""Game templates (issue 15): the attributes, skills, damage system and creation budget of
FreeD6 and the OpenD6 games, and the budget arithmetic of a new character. No Qt here."""

from sheets.damage import strength_damage  # the rule lives with the damage systems
from sheets.templates.builtin import BUILTIN_TEMPLATES, DEFAULT_TEMPLATE_ID, builtin_template
from sheets.templates.creation import CreationCount, count_creation
from sheets.templates.model import AttributeSpec, CreationBudget, GameTemplate

__all__ = [
    "BUILTIN_TEMPLATES",
    "DEFAULT_TEMPLATE_ID",
    "AttributeSpec",
    "CreationBudget",
    "CreationCount",
    "GameTemplate",
    "builtin_template",
    "count_creation",
    "strength_damage",
]
