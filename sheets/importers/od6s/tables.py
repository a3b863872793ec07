"""The od6s words and what they are on a Wild Die sheet: one table each, used everywhere.

Field names follow the od6s system's ``template.json``. The modules that convert read these
tables; none keeps a copy.
"""

from __future__ import annotations

import re
from typing import Final

from sheets.damage import WOUND_LEVELS as R10_WOUND_LEVELS
from sheets.documents import CharacterKind

# --- actors ---------------------------------------------------------------------------

ACTOR_TYPES: Final = ("character", "npc", "creature", "vehicle", "starship")
KIND_OF_TYPE: Final[dict[str, CharacterKind]] = {
    "character": "character",
    "npc": "npc",
    "creature": "creature",
    "vehicle": "vehicle",
    "starship": "vehicle",
}
VEHICLE_TYPES: Final = frozenset({"vehicle", "starship"})
"""The actor types that become a Wild Die vehicle (toughness, Handling, a body track)."""

# --- attributes -----------------------------------------------------------------------

# The od6s attribute keys and their OpenD6 names, in sheet order. ``met`` is the
# extranormal one (R2: metaphysics is flagged extranormal).
STANDARD_ATTRIBUTES: Final[dict[str, str]] = {
    "agi": "Agility",
    "str": "Strength",
    "mec": "Mechanical",
    "kno": "Knowledge",
    "per": "Perception",
    "tec": "Technical",
    "met": "Metaphysics",
}
EXTRANORMAL_ATTRIBUTES: Final = frozenset({"met"})
ALWAYS_IMPORTED: Final = frozenset({"agi", "str", "mec", "kno", "per", "tec"})
"""For people; ``met`` and a vehicle's attributes only when they have dice or skills."""
I18N_KEY: Final = re.compile(r"^[A-Z][A-Z0-9_]*(\.[A-Za-z0-9_]+)+$")  # OD6S.CHAR_AGILITY
"""A label od6s leaves for Foundry to translate: not a readable name."""

# The prefixes od6s puts before a localisation key's words (OD6S.COVER_HALF is "Half").
_KEY_PREFIXES: Final = (
    "COVER_",
    "DAMAGE_",
    "ARC_",
    "DIFFICULTY_",
    "SENSORS_",
    "WOUNDS_",
    "CHAR_",
    "RANGE_",
)
_KEY_WORDS: Final[dict[str, str]] = {
    "DAMAGE_NONE": "Undamaged",
    "RANGED": "Ranged",
    "MELEE": "Melee",
    "EXPLOSIVE": "Explosive",
    "THROWN": "Thrown",
}


def key_words(text: str) -> str:
    """od6s text as a player reads it: a localisation key (``OD6S.COVER_HALF``) as its
    words (``Half``); one that means nothing (``OD6S.COVER_NONE``) as ``""``. Issue 18: a
    raw key is never shown. Other text comes back as it is."""
    if not I18N_KEY.match(text):
        return text
    tail = text.rsplit(".", 1)[-1].upper()
    if tail in _KEY_WORDS:
        return _KEY_WORDS[tail]
    for prefix in _KEY_PREFIXES:
        if tail.startswith(prefix) and len(tail) > len(prefix):
            tail = tail[len(prefix) :]
            break
    if tail in ("NONE", "NO", "EMPTY", ""):
        return ""
    return tail.replace("_", " ").capitalize()


# --- wounds and damage ----------------------------------------------------------------

# od6s wound levels at the system's default deadliness (3): ``wounds.value`` indexes this
# table. Its names are the R10 wound levels (``sheets.damage.WOUND_LEVELS``, one list);
# each maps to a level of the R5 damage track, stored as one instance of that many ranks
# (R5 ruling: the track's level is the sum of its instances' ranks): Healthy is Normal (no
# instance), Wounded is Hurt, Severely Wounded is Wounded, Mortally Wounded and Dead are
# Out of Action (Dead with a line in the report).
WOUND_LEVELS: Final[tuple[tuple[str, int], ...]] = tuple(
    zip(R10_WOUND_LEVELS, (0, 1, 2, 3, 4, 5, 5), strict=True)
)
MAX_WOUND_INDEX: Final = 8
"""Deadliness 1 and 2 tables run to 8; past the default table reads as Dead."""

# od6s vehicle damage (``system.damage.value``) -> the R5 body track level.
VEHICLE_DAMAGE: Final[dict[str, int]] = {
    "none": 0,  # OD6S.DAMAGE_NONE: undamaged (issue 18)
    "no damage": 0,  # Normal
    "very light": 1,  # Defaced
    "light": 2,  # Disrupted
    "heavy": 3,  # Damaged
    "severe": 4,  # Broken
    "destroyed": 5,  # Out of Action
}

# --- items ----------------------------------------------------------------------------

# Item types with a home on the sheet; every other type is listed in the notes.
SKILL: Final = "skill"
SPECIALIZATION: Final = "specialization"
WEAPON: Final = "weapon"
ARMOR: Final = "armor"
VEHICLE_WEAPONS: Final = frozenset({"vehicle-weapon", "starship-weapon"})
ON_THE_SHEET: Final = frozenset({SKILL, SPECIALIZATION, WEAPON, ARMOR} | VEHICLE_WEAPONS)
DAMAGE_TYPES: Final = {"p": "physical", "e": "energy"}

# The notes' section for each other item type, and its words in the report.
NOTE_SECTIONS: Final[dict[str, str]] = {
    "advantage": "Advantages",
    "disadvantage": "Disadvantages",
    "specialability": "Special abilities",
    "cybernetic": "Cybernetics",
    "manifestation": "Manifestations",
    "gear": "Gear",
    "vehicle-gear": "Vehicle gear",
    "starship-gear": "Starship gear",
}
ITEM_WORDS: Final[dict[str, tuple[str, str]]] = {
    "specialability": ("special ability", "special abilities"),
    "cybernetic": ("cybernetic", "cybernetics"),
    "gear": ("gear", "gear"),
    "vehicle-gear": ("vehicle gear", "vehicle gear"),
    "starship-gear": ("starship gear", "starship gear"),
}

# --- details kept in the notes --------------------------------------------------------

# What a person wrote on the sheet: (system key, label). ``content`` holds the text.
DETAILS: Final = (
    ("species", "Species"),
    ("chartype", "Type"),
    ("gender", "Gender"),
    ("age", "Age"),
    ("height", "Height"),
    ("weight", "Weight"),
    ("personality", "Personality"),
)
# A vehicle's: (system key, label). ``value`` holds the text or number.
VEHICLE_DETAILS: Final = (
    ("vehicle_type", "Vehicle type"),
    ("crew", "Crew"),
    ("passengers", "Passengers"),
    ("cargo_capacity", "Cargo capacity"),
    ("length", "Length"),
    ("tonnage", "Tonnage"),
    ("cost", "Cost"),
    ("price", "Price"),
    ("interstellar_drive", "Interstellar drive"),
    ("cover", "Cover"),
)
DEFAULT_IMAGES: Final = frozenset({"icons/svg/mystery-man.svg", "icons/svg/item-bag.svg"})
"""Foundry's stand-in pictures: no loss when they are not kept."""
