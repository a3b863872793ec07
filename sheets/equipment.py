"""What a character carries: its weight and its worth (issue 15)."""

from __future__ import annotations

from typing import Final

from sheets.documents import Character

DEFAULT_CURRENCY: Final = "credits"


def carried_weight(character: Character) -> float:
    """Everything carried: quantity times weight, item by item."""
    return sum(item.quantity * item.weight for item in character.equipment)


def equipment_value(character: Character) -> int:
    """What the equipment cost: quantity times cost, item by item."""
    return sum(item.quantity * item.cost for item in character.equipment)


def currency(character: Character) -> str:
    return character.currency or DEFAULT_CURRENCY
