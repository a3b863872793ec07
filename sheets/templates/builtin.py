"""The built-in game templates: one table per game, the one source of these lists.

Checked (search, opend6.fandom.com "D6 Adventure" and opend6.wikidot.com "attributes", with
its Adventure/Fantasy/Space conversion table): the attribute names of OpenD6 Adventure
(Reflexes, Coordination, Physique, Knowledge, Perception, Presence + an Extranormal
attribute), Fantasy (Agility, Coordination, Physique, Intellect, Acumen, Charisma) and Space
(Agility, Mechanical, Strength, Knowledge, Perception, Technical), and Adventure's budget
(18D attributes, 7D skills, 1D-5D per attribute, Extranormal starting at 0D). FreeD6's six
abilities are R2's.

NOT verified against the books (from memory; each template's ``notes`` tells the GM to
check): the skill lists, the Extranormal skills, D6 Legend's attribute names and budget,
each game's default damage system and Move, the most dice one skill takes at creation
(2D), the starting 5 Character Points and 1 Fate Point. A GM who plays them differently
copies the template and edits it (house rules). FreeD6's 12D/7D budget is our ruling.
"""

from __future__ import annotations

from typing import Final

from sheets.templates.model import AttributeSpec, CreationBudget, GameTemplate

D = 3  # R1: pips per die

# Shown to the GM in Campaign > Game: plain words. What is checked and what is not is in
# the module docstring.
_CHECK_YOUR_BOOK = (
    "The attributes and the 18D/7D budget follow the OpenD6 rules. The skill lists, damage "
    "system, Move and starting points may differ from your book: Copy and edit to match it."
)


OPEND6_BUDGET: Final = CreationBudget(
    attribute_pips=18 * D,
    skill_pips=7 * D,
    max_skill_pips=2 * D,
    character_points=5,
    fate_points=1,
)
"""OpenD6's new character: 18D in attributes, 7D in skills, 5 Character Points and 1 Fate
Point to start with."""


def _attr(name: str, skills: str, *, low: int = 1 * D, high: int = 5 * D) -> AttributeSpec:
    return AttributeSpec(
        name=name, min_pips=low, max_pips=high, skills=[s.strip() for s in skills.split(",")]
    )


def _extranormal(name: str, skills: str) -> AttributeSpec:
    # R2: extranormal attributes start at 0D; OpenD6 lets a creator put dice in one.
    return AttributeSpec(
        name=name,
        min_pips=0,
        max_pips=5 * D,
        extranormal=True,
        skills=[s.strip() for s in skills.split(",")],
    )


FREED6: Final = GameTemplate(
    id="freed6",
    name="FreeD6",
    attributes=[
        AttributeSpec(name=a, min_pips=1 * D, max_pips=5 * D)
        for a in ("Strength", "Dexterity", "Presence", "Wits", "Intelligence", "Perception")
    ],
    damage_system="conditions",
    budget=CreationBudget(attribute_pips=12 * D, skill_pips=7 * D, max_skill_pips=2 * D),
    notes=(
        "FreeD6's six abilities. FreeD6 names skills freely from a character's background, so "
        "none are listed. 12D for abilities (2D each, as on a blank sheet) and 7D for skills."
    ),
)

OPEND6_ADVENTURE: Final = GameTemplate(
    id="opend6_adventure",
    name="OpenD6 Adventure",
    attributes=[
        _attr(
            "Reflexes",
            "Acrobatics, Brawling, Climbing, Contortion, Dodge, Driving, Flying, Jumping, "
            "Melee Combat, Piloting, Riding, Sneak",
        ),
        _attr(
            "Coordination",
            "Charioteering, Lockpicking, Marksmanship, Missile Weapons, Sleight of Hand, Throwing",
        ),
        _attr("Physique", "Lifting, Running, Stamina, Swimming"),
        _attr(
            "Knowledge",
            "Business, Demolitions, Forgery, Languages, Medicine, Navigation, Scholar, "
            "Security, Tech",
        ),
        _attr(
            "Perception",
            "Artist, Gambling, Hide, Investigation, Know-how, Repair, Search, Streetwise, "
            "Survival, Tracking",
        ),
        _attr(
            "Presence",
            "Animal Handling, Bluff, Charm, Command, Disguise, Intimidation, Persuasion, Willpower",
        ),
        _extranormal("Magic", "Alteration, Apportation, Conjuration, Divination"),
    ],
    damage_system="body_points",
    budget=OPEND6_BUDGET,
    strength_attribute="Physique",
    notes=_CHECK_YOUR_BOOK,
)

OPEND6_FANTASY: Final = GameTemplate(
    id="opend6_fantasy",
    name="OpenD6 Fantasy",
    attributes=[
        _attr(
            "Agility",
            "Acrobatics, Climbing, Contortion, Dodge, Fighting, Flying, Jumping, "
            "Melee Combat, Riding, Running, Stealth",
        ),
        _attr(
            "Coordination",
            "Charioteering, Lockpicking, Marksmanship, Pilotry, Sleight of Hand, Throwing",
        ),
        _attr("Physique", "Lifting, Stamina, Swimming"),
        _attr(
            "Intellect",
            "Cultures, Devices, Healing, Navigation, Reading/Writing, Scholar, Speaking, Trading",
        ),
        _attr(
            "Acumen",
            "Artist, Crafting, Disguise, Gambling, Hide, Investigation, Know-how, Search, "
            "Streetwise, Survival, Tracking",
        ),
        _attr(
            "Charisma",
            "Animal Handling, Bluff, Charm, Command, Intimidation, Mettle, Persuasion",
        ),
        _extranormal("Magic", "Alteration, Apportation, Conjuration, Divination"),
        _extranormal("Miracles", "Favor, Strife"),
    ],
    damage_system="body_points",
    budget=OPEND6_BUDGET,
    strength_attribute="Physique",
    notes=_CHECK_YOUR_BOOK,
)

OPEND6_SPACE: Final = GameTemplate(
    id="opend6_space",
    name="OpenD6 Space",
    attributes=[
        _attr(
            "Agility",
            "Acrobatics, Brawling, Climbing, Contortion, Dodge, Firearms, Flying/0-G, "
            "Jumping, Melee Combat, Riding, Sleight of Hand, Throwing",
        ),
        _attr(
            "Mechanical",
            "Astrogation, Communications, Exoskeleton Operation, Gunnery, Navigation, "
            "Piloting, Sensors, Shields",
        ),
        _attr("Strength", "Lifting, Running, Stamina, Swimming"),
        _attr(
            "Knowledge",
            "Aliens, Astrography, Bureaucracy, Business, Cultures, Languages, Scholar, "
            "Streetwise, Survival, Tactics, Willpower",
        ),
        _attr(
            "Perception",
            "Artist, Bluff, Command, Con, Gambling, Hide, Investigation, Know-how, "
            "Persuasion, Search, Sneak, Tracking",
        ),
        _attr(
            "Technical",
            "Computer Interface/Repair, Demolitions, Exoskeleton Repair, Firearms Repair, "
            "Flight Systems Repair, Medicine, Personal Equipment Repair, Robot "
            "Interface/Repair, Security, Vehicle Repair",
        ),
        _extranormal("Metaphysics", "Channel, Sense, Transform"),
    ],
    damage_system="wounds",
    budget=OPEND6_BUDGET,
    notes=_CHECK_YOUR_BOOK,
)

D6_LEGEND: Final = GameTemplate(
    id="d6_legend",
    name="D6 Legend",
    attributes=[
        _attr("Agility", "Acrobatics, Dodge, Fighting, Jumping, Marksmanship, Riding, Stealth"),
        _attr("Strength", "Climbing, Lifting, Running, Swimming"),
        _attr("Toughness", "Stamina"),
        _attr("Intellect", "Healing, Languages, Scholar, Tech, Navigation"),
        _attr("Acumen", "Gambling, Investigation, Search, Streetwise, Survival, Tracking"),
        _attr("Charisma", "Bluff, Charm, Command, Intimidation, Persuasion, Willpower"),
        _extranormal("Magic", "Spellcasting"),
    ],
    damage_system="body_points",
    dice_mode="success_counting",
    budget=OPEND6_BUDGET,
    notes=(
        "D6 Legend counts successes: every die showing 3+ is one success, and a check needs "
        "a number of successes. The attribute names, skills, budget and damage system may "
        "differ from your book: Copy and edit to match it."
    ),
)

BUILTIN_TEMPLATES: Final[tuple[GameTemplate, ...]] = (
    FREED6,
    OPEND6_ADVENTURE,
    OPEND6_SPACE,
    OPEND6_FANTASY,
    D6_LEGEND,
)
DEFAULT_TEMPLATE_ID: Final = "freed6"


def builtin_template(template_id: str) -> GameTemplate | None:
    """The built-in template with this id, or None."""
    return next((t for t in BUILTIN_TEMPLATES if t.id == template_id), None)
