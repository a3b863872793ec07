"""The character sheet: one model for every element of a scene (R2).

Player characters, NPCs, creatures, vehicles, objects and locations all carry abilities
and conditions, so one model with a ``kind`` serves them all.
"""

from __future__ import annotations

import base64
import binascii
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, Self, get_args

from pydantic import (
    Field,
    SerializationInfo,
    SerializerFunctionWrapHandler,
    StringConstraints,
    field_validator,
    model_serializer,
    model_validator,
)

from sheets.conditions import EncounterLength
from sheets.damage import DEAD, default_body_points, strength_damage
from sheets.dice import DieCode
from sheets.documents.common import (
    NAME_LENGTH,
    Document,
    Name,
    Part,
    SheetCode,
    Text,
    find_named,
    require_unique_names,
)
from sheets.documents.condition_state import ConditionState, omit_defaults

if TYPE_CHECKING:
    from sheets.documents.game_template import GameTemplate

CharacterKind = Literal["character", "npc", "creature", "vehicle", "object", "location"]
"""What the sheet describes; ``character`` is a player character."""
CHARACTER_KINDS: Final[tuple[CharacterKind, ...]] = get_args(CharacterKind)

Importance = Literal["dynamic", "stock"]
"""R2: every character is Dynamic (player characters, central opponents) or Stock."""

# R2: the normal abilities, and those of vehicles and gear.
CHARACTER_ABILITIES: Final = (
    "Strength",
    "Dexterity",
    "Presence",
    "Wits",
    "Intelligence",
    "Perception",
)
UNCOMMON_ABILITIES: Final = ("Body", "Fatigue", "Energy", "Sanity")
VEHICLE_ABILITIES: Final = ("Body", "Energy", "Handling", "Speed")
STANDARD_ABILITIES: Final[dict[CharacterKind, tuple[str, ...]]] = {
    "character": CHARACTER_ABILITIES,
    "npc": CHARACTER_ABILITIES,
    "creature": CHARACTER_ABILITIES,
    "vehicle": VEHICLE_ABILITIES,
    "object": VEHICLE_ABILITIES,  # gear (R2)
    "location": (),
}

MAX_PERFORMANCE_LEVEL: Final = 20
MAX_SCALE: Final = 100
MAX_POINTS: Final = 1_000_000
MAX_PORTRAIT_BYTES: Final = 4 * 1024 * 1024
_IMAGE_SIGNATURES: Final = {"image/png": (b"\x89PNG\r\n\x1a\n",), "image/jpeg": (b"\xff\xd8\xff",)}


class Specialization(Part):
    """A narrow use of a skill (R2): its code adds to the skill's and the ability's."""

    name: Name
    code: SheetCode = DieCode()
    """0D means no ranks: the check falls back to the skill (R2)."""
    trained_only: bool = False
    """R2: without ranks here or in the skill, no fallback to the bare ability."""
    notes: Text = ""


class Skill(Part):
    """A use of an ability (R2): its code adds to the ability's."""

    name: Name
    code: SheetCode = DieCode()
    """0D means no ranks: the check falls back to the ability (R2)."""
    trained_only: bool = False
    """R2: without ranks, this skill cannot fall back to the bare ability."""
    specializations: list[Specialization] = Field(default_factory=list)
    notes: Text = ""

    @model_validator(mode="after")
    def _check_unique(self) -> Self:
        require_unique_names(self.specializations, "specializations")
        return self

    def specialization(self, name: str) -> Specialization | None:
        return find_named(self.specializations, name)


class Ability(Part):
    """An ability with its die code and skills (R2)."""

    name: Name
    code: SheetCode = DieCode()
    extranormal: bool = False
    """R2: magic, super powers, metaphysics, cybernetics; usually needs a background."""
    skills: list[Skill] = Field(default_factory=list)
    notes: Text = ""

    @model_validator(mode="after")
    def _check_unique(self) -> Self:
        require_unique_names(self.skills, "skills")
        return self

    def skill(self, name: str) -> Skill | None:
        return find_named(self.skills, name)


ShortText = Annotated[str, StringConstraints(strip_whitespace=True, max_length=NAME_LENGTH)]


class BlastStep(Part):
    """One ring of an explosive's blast (R9): who is within ``range`` takes ``damage``."""

    range: ShortText = ""
    """How far from the centre this damage reaches, as the source wrote it."""
    damage: SheetCode


class Weapon(Part):
    """A weapon: its damage roll and how it deals with armour (R9)."""

    name: Name
    skill: Annotated[str, StringConstraints(strip_whitespace=True, max_length=NAME_LENGTH)] = ""
    """The skill that makes the attack, e.g. Firearms or Melee Combat."""
    damage: SheetCode
    """The damage roll (an effect roll, R4)."""
    penetration: SheetCode = DieCode()
    """R9: removes up to this much of the target's armour, never its toughness."""
    performance_level: int = Field(default=0, ge=0, le=MAX_PERFORMANCE_LEVEL)
    """R9: the difference of PLs is taken from the lower side's roll."""
    scale: int = Field(default=0, ge=-MAX_SCALE, le=MAX_SCALE)
    """R9: the weapon's scale value."""
    range: Annotated[str, StringConstraints(max_length=NAME_LENGTH)] = ""
    blast: list[BlastStep] = Field(default_factory=list)
    """An explosive's blast, innermost ring first (R9); empty for other weapons."""
    strength_damage: bool = False
    """OpenD6 STR+XD: the wielder's Strength Damage adds to ``damage`` (a melee weapon)."""
    notes: Text = ""

    @model_serializer(mode="wrap")
    def _omit_additive_defaults(
        self, handler: SerializerFunctionWrapHandler, info: SerializationInfo
    ) -> Any:
        # Fields added after format 1.0 appear only once they say something (older bytes).
        return omit_defaults(handler(self), {"blast": [], "strength_damage": False})

    def damage_words(self) -> str:
        """The damage as the sheet writes it: ``STR+1D`` for a Strength weapon."""
        return f"STR+{self.damage}" if self.strength_damage else str(self.damage)


class Sensor(Part):
    """A vehicle's sensor mode (passive, scan, search, focus): its dice and reach."""

    name: Name
    code: SheetCode = DieCode()
    range: ShortText = ""


class Shields(Part):
    """A vehicle's shields: the dice it has, and the dice put on each arc (R9)."""

    code: SheetCode = DieCode()
    front: SheetCode = DieCode()
    rear: SheetCode = DieCode()
    left: SheetCode = DieCode()
    right: SheetCode = DieCode()


class Movement(Part):
    """How fast a vehicle goes in one medium (space, atmosphere, ground...)."""

    name: Name
    rate: ShortText = ""
    """The move as the source wrote it, e.g. ``295 (850 km/h)``."""


class Armour(Part):
    """Armour per facing (R9): adds to toughness (or Strength) when resisting damage."""

    front: SheetCode = DieCode()
    side: SheetCode = DieCode()
    rear: SheetCode = DieCode()


class Item(Part):
    """A piece of equipment carried: how many, what one weighs and costs."""

    name: Name
    quantity: int = Field(default=1, ge=0, le=MAX_POINTS)
    weight: float = Field(default=0.0, ge=0, le=MAX_POINTS, allow_inf_nan=False)
    """What one weighs, in the table's unit (kg unless the group says otherwise)."""
    cost: int = Field(default=0, ge=0, le=MAX_POINTS)
    """What one costs, in the character's money."""
    notes: Text = ""


class Advance(Part):
    """One entry of the advancement log: a pip bought with Character Points."""

    what: ShortText
    """The row raised, e.g. ``Dexterity: Dodge``."""
    before: SheetCode
    after: SheetCode
    cost: int = Field(ge=0, le=MAX_POINTS)
    """Character Points spent."""
    when: ShortText = ""
    """When, as the table counts it (e.g. ``Session 4``)."""


class Portrait(Part):
    """A small picture kept inside the file, so the file can be handed around alone."""

    media_type: Literal["image/png", "image/jpeg"]
    data: str
    """The image, base64-encoded."""

    @model_validator(mode="after")
    def _check_image(self) -> Self:
        if len(self.data) > MAX_PORTRAIT_BYTES * 4 // 3 + 4:
            raise ValueError(f"the portrait is larger than {MAX_PORTRAIT_BYTES // 1024**2} MB")
        try:
            raw = base64.b64decode(self.data, validate=True)
        except (binascii.Error, ValueError):
            raise ValueError("the portrait data is not base64 text") from None
        if not raw.startswith(_IMAGE_SIGNATURES[self.media_type]):
            raise ValueError(f"the portrait data is not a {self.media_type} image")
        return self


class Character(Document):
    """A character sheet (R2), also used for NPCs, creatures, vehicles, objects, locations."""

    kind: CharacterKind = "character"
    name: Name
    player: Annotated[str, StringConstraints(strip_whitespace=True, max_length=NAME_LENGTH)] = ""
    """Who plays this character; empty for the GM's elements."""
    importance: Importance = "dynamic"
    """R2: Dynamic or Stock. Player characters are always Dynamic."""
    background: Text = ""
    """The narrative background: decides which abilities the character may have (R2)."""
    hooks: list[Text] = Field(default_factory=list)
    """Background hooks: accepting a complication from one earns an action point (R7)."""
    abilities: list[Ability] = Field(default_factory=list)
    action_points: int = Field(default=0, ge=0, le=MAX_POINTS)
    """R7 (FreeD6)."""
    character_points: int = Field(default=0, ge=0, le=MAX_POINTS)
    """R7 (OpenD6): +1 die each after the roll."""
    fate_points: int = Field(default=0, ge=0, le=MAX_POINTS)
    """R7 (OpenD6): double the dice before the roll (R3 step 1)."""
    fame: int = Field(default=0, ge=0, le=MAX_POINTS)
    """R8: the group's Fame reduces the Fear of what it meets."""
    fear_rating: int = Field(default=0, ge=0, le=MAX_POINTS)
    """R8: a creature's or place's Fear rating; 0 for none."""
    encounter_length: EncounterLength = "full"
    """R5: how many ranks put this element Out of Action (brief 2 ... full 5)."""
    conditions: ConditionState = Field(default_factory=ConditionState)
    wound_level: int = Field(default=0, ge=0, le=DEAD)
    """R10 wounds: 0 Healthy ... 6 Dead (``sheets.damage.WOUND_LEVELS``); used when the
    campaign plays the wounds damage system."""
    body_points_max: int | None = Field(default=None, ge=1, le=MAX_POINTS)
    """R10 body points: the pool's maximum; None: 20 + the fixed value of Strength or
    toughness (``sheets.damage.default_body_points``)."""
    body_points: int | None = Field(default=None, ge=0, le=MAX_POINTS)
    """R10 body points left; None: the full pool. 0 is out of action."""
    weapons: list[Weapon] = Field(default_factory=list)
    armour: Armour = Field(default_factory=Armour)
    """R9: per facing."""
    toughness: SheetCode | None = None
    """R9: what an object or vehicle resists damage with (a body track, R5)."""
    performance_level: int = Field(default=0, ge=0, le=MAX_PERFORMANCE_LEVEL)
    """R9: the performance level of the armour."""
    scale: int = Field(default=0, ge=-MAX_SCALE, le=MAX_SCALE)
    """R9: the scale value (0 for people)."""
    movement: list[Movement] = Field(default_factory=list)
    """A vehicle's moves, one per medium."""
    sensors: list[Sensor] = Field(default_factory=list)
    """A vehicle's sensor modes."""
    shields: Shields | None = None
    """A vehicle's shields; None: it has none."""
    pilot: ShortText = ""
    """The name of the character who flies or drives it (a sheet of the campaign)."""
    notes: Text = ""
    portrait: Portrait | None = None
    game: ShortText = ""
    """The game template the character was made with (``sheets.templates``), e.g.
    ``OpenD6 Adventure``; empty for sheets made before templates."""
    move: int | None = Field(default=None, ge=0, le=MAX_POINTS)
    """Metres moved in a round, from the game template; None: not given."""
    advancements: list[Advance] = Field(default_factory=list)
    """The advancement log, oldest first (Character Points spent on pips)."""
    equipment: list[Item] = Field(default_factory=list)
    money: int = Field(default=0, ge=0, le=1_000_000_000)
    currency: ShortText = ""
    """What the money is counted in (credits, crowns...); empty: credits."""

    @model_serializer(mode="wrap")
    def _omit_additive_defaults(
        self, handler: SerializerFunctionWrapHandler, info: SerializationInfo
    ) -> Any:
        # R10 fields appear in a file only once they say something: older files and sheets
        # that never took wounds or body points keep their exact bytes.
        return omit_defaults(handler(self), _CHARACTER_DEFAULTS)

    @field_validator("hooks")
    @classmethod
    def _no_blank_hooks(cls, hooks: list[str]) -> list[str]:
        if any(not hook.strip() for hook in hooks):
            raise ValueError("a hook is empty: write the complication or remove it")
        return hooks

    @model_validator(mode="after")
    def _check_sheet(self) -> Self:
        if self.kind == "character" and self.importance != "dynamic":
            raise ValueError("a player character is always Dynamic, never Stock (R2)")
        require_unique_names(self.abilities, "abilities")
        require_unique_names(self.weapons, "weapons")
        require_unique_names(self.sensors, "sensors")
        require_unique_names(self.movement, "movement")
        return self

    def ability(self, name: str) -> Ability | None:
        """The ability called ``name`` (case does not count), or None."""
        return find_named(self.abilities, name)

    def strength_damage(self) -> DieCode:
        """OpenD6 Strength Damage from Strength (or Physique) and its Lifting skill."""
        for name in ("Strength", "Physique"):
            found = self.ability(name)
            if found is not None:
                lifting = found.skill("Lifting")
                code = found.code + lifting.code if lifting is not None else found.code
                return strength_damage(code)
        return DieCode()

    def body_points_default(self) -> int:
        """R10 Ruling (ours): 20 + the fixed value of toughness, else of Strength."""
        if self.toughness is not None:
            return default_body_points(self.toughness.fixed_value)
        strength = self.ability("Strength")
        return default_body_points(strength.code.fixed_value if strength is not None else 0)

    def body_points_maximum(self) -> int:
        """R10: the sheet's body points maximum, or the default pool."""
        if self.body_points_max is not None:
            return self.body_points_max
        return self.body_points_default()

    def body_points_left(self) -> int:
        """R10: body points left (the full pool until a hit or an edit sets them)."""
        return self.body_points if self.body_points is not None else self.body_points_maximum()

    def skills_named(self, name: str) -> list[tuple[Ability, Skill]]:
        """Every (ability, skill) pair whose skill is called ``name``."""
        found = []
        for ability in self.abilities:
            skill = ability.skill(name)
            if skill is not None:
                found.append((ability, skill))
        return found


_CHARACTER_DEFAULTS: Final[dict[str, Any]] = {
    "advancements": [],
    "equipment": [],
    "money": 0,
    "currency": "",
    "wound_level": 0,
    "body_points_max": None,
    "body_points": None,
    "movement": [],
    "sensors": [],
    "shields": None,
    "pilot": "",
    "game": "",
    "move": None,
}


def new_character(
    name: str,
    kind: CharacterKind = "character",
    importance: Importance | None = None,
    template: GameTemplate | None = None,
) -> Character:
    """A blank sheet, ready to fill in: the kind's standard abilities (R2) at 2D, or for a
    character made with a game ``template`` its attributes at their lowest die codes."""
    chosen: Importance = importance or ("dynamic" if kind == "character" else "stock")
    starting = template.budget if template is not None and kind == "character" else None
    if template is not None and kind in ("character", "npc"):
        abilities = [
            Ability(
                name=a.name,
                code=DieCode(a.min_pips // 3, a.min_pips % 3),
                extranormal=a.extranormal,
            )
            for a in template.attributes
        ]
    else:
        abilities = [Ability(name=a, code=DieCode(2)) for a in STANDARD_ABILITIES[kind]]
    return Character(
        kind=kind,
        name=name,
        importance=chosen,
        abilities=abilities,
        action_points=1 if kind == "character" else 0,  # R7: a session starts with 1
        encounter_length="full" if chosen == "dynamic" else "moderate",
        toughness=DieCode(2) if kind in ("vehicle", "object") else None,
        game=template.name if template is not None else "",
        move=template.move if template is not None else None,
        # A player character starts with its game's points (OpenD6: 5 Character Points,
        # 1 Fate Point).
        character_points=starting.character_points if starting is not None else 0,
        fate_points=starting.fate_points if starting is not None else 0,
    )
