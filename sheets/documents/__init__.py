"""The documents the app edits: characters, encounters, campaigns (pydantic models).

Read and write them with ``sheets.storage``; never with ``json`` directly, so every file
gets the same limits, migrations and byte-stable output.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

from sheets.documents.campaign import Campaign, HouseRules
from sheets.documents.character import (
    CHARACTER_KINDS,
    STANDARD_ABILITIES,
    Ability,
    Advance,
    Armour,
    BlastStep,
    Character,
    CharacterKind,
    Importance,
    Item,
    Movement,
    Portrait,
    Sensor,
    Shields,
    Skill,
    Specialization,
    Weapon,
    new_character,
)
from sheets.documents.common import SCHEMA_VERSION, Document, Part
from sheets.documents.condition_state import (
    CheckModifier,
    ConditionInstance,
    ConditionState,
    FearMemory,
    StatusCondition,
    new_condition_id,
)
from sheets.documents.encounter import (
    ActionBudget,
    Combatant,
    Encounter,
    LogEntry,
    Side,
)
from sheets.documents.engine_state import CheckRecord, EngineState

DocumentType = Literal["character", "encounter", "campaign"]
"""The three kinds of file; a character file's ``kind`` may be any of CHARACTER_KINDS."""
DOCUMENT_TYPES: Final[tuple[DocumentType, ...]] = get_args(DocumentType)

MODELS: Final[dict[DocumentType, type[Document]]] = {
    "character": Character,
    "encounter": Encounter,
    "campaign": Campaign,
}


def document_type_of_kind(kind: str) -> DocumentType | None:
    """Which kind of file a ``kind`` value belongs to: ``npc`` -> ``character``."""
    if kind in CHARACTER_KINDS:
        return "character"
    if kind == "encounter":
        return "encounter"
    if kind == "campaign":
        return "campaign"
    return None


__all__ = [
    "CHARACTER_KINDS",
    "DOCUMENT_TYPES",
    "MODELS",
    "SCHEMA_VERSION",
    "STANDARD_ABILITIES",
    "Ability",
    "ActionBudget",
    "Advance",
    "Armour",
    "BlastStep",
    "Campaign",
    "Character",
    "CharacterKind",
    "CheckModifier",
    "CheckRecord",
    "Combatant",
    "ConditionInstance",
    "ConditionState",
    "Document",
    "DocumentType",
    "Encounter",
    "EngineState",
    "FearMemory",
    "HouseRules",
    "Importance",
    "Item",
    "LogEntry",
    "Movement",
    "Part",
    "Portrait",
    "Sensor",
    "Shields",
    "Side",
    "Skill",
    "Specialization",
    "StatusCondition",
    "Weapon",
    "document_type_of_kind",
    "new_character",
    "new_condition_id",
]
