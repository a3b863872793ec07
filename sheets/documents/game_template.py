"""The game template model: what a game gives a new character (R2, R10).

All amounts are in pips (R1: 1D = 3 pips) so budgets and limits add without rounding.
"""

from __future__ import annotations

from typing import Literal, Self

from pydantic import Field, model_validator

from sheets.damage import DamageSystem
from sheets.documents.common import Name, Part, Text, require_unique_names

DiceMode = Literal["pips", "success_counting"]
"""R3: ordinary die codes, or D6 Legend's success counting (not rolled by the app yet)."""

MAX_TEMPLATE_PIPS = 300
MAX_START_POINTS = 100  # Character Points or Fate Points a new character starts with


class AttributeSpec(Part):
    """One attribute (R2 ability) of a game, its limits at creation and its skills."""

    name: Name
    min_pips: int = Field(default=3, ge=0, le=MAX_TEMPLATE_PIPS)
    """The lowest die code a new character may have, in pips (1D = 3)."""
    max_pips: int = Field(default=15, ge=0, le=MAX_TEMPLATE_PIPS)
    """The highest die code a new character may have, in pips (5D = 15)."""
    extranormal: bool = False
    """R2: magic, miracles, psionics, metaphysics; starts at 0D and needs a background."""
    skills: list[Name] = Field(default_factory=list)
    """The game's standard skills under this attribute."""

    @model_validator(mode="after")
    def _check(self) -> Self:
        if self.min_pips > self.max_pips:
            raise ValueError(f"{self.name}: the lowest die code is above the highest")
        if len({s.casefold() for s in self.skills}) != len(self.skills):
            raise ValueError(f"{self.name}: a skill is listed twice")
        return self


class CreationBudget(Part):
    """The dice a new character shares out (OpenD6: 18D among attributes, 7D for skills)."""

    attribute_pips: int = Field(default=54, ge=0, le=MAX_TEMPLATE_PIPS)
    skill_pips: int = Field(default=21, ge=0, le=MAX_TEMPLATE_PIPS)
    max_skill_pips: int = Field(default=6, ge=0, le=MAX_TEMPLATE_PIPS)
    """The most dice added to any one skill at creation, in pips (2D = 6)."""
    character_points: int = Field(default=0, ge=0, le=MAX_START_POINTS)
    """Character Points a new character starts with (OpenD6: 5)."""
    fate_points: int = Field(default=0, ge=0, le=MAX_START_POINTS)
    """Fate Points a new character starts with (OpenD6: 1)."""


class GameTemplate(Part):
    """A game: its attributes and skills, damage system, creation budget and derived values."""

    id: Name
    """Stable key a campaign refers to (``opend6_adventure``)."""
    name: Name
    attributes: list[AttributeSpec]
    damage_system: DamageSystem = "conditions"
    """R10: the damage system a campaign playing this game uses."""
    dice_mode: DiceMode = "pips"
    budget: CreationBudget = Field(default_factory=CreationBudget)
    move: int = Field(default=10, ge=0, le=1000)
    """Metres a character moves in a round, before skills and options."""
    strength_attribute: Name = "Strength"
    """The attribute Strength Damage and body points read (Physique in most OpenD6 games)."""
    notes: Text = ""
    """Where the template comes from, and what could not be checked against the book."""

    @model_validator(mode="after")
    def _check(self) -> Self:
        require_unique_names(self.attributes, "attributes")
        names = [s.casefold() for a in self.attributes for s in a.skills]
        if len(set(names)) != len(names):
            raise ValueError("a skill is listed under two attributes")
        if self.attribute(self.strength_attribute) is None:
            raise ValueError(f"no attribute called {self.strength_attribute}")
        return self

    def attribute(self, name: str) -> AttributeSpec | None:
        key = name.casefold()
        return next((a for a in self.attributes if a.name.casefold() == key), None)

    def attribute_of_skill(self, skill: str) -> AttributeSpec | None:
        key = skill.casefold()
        return next(
            (a for a in self.attributes if any(s.casefold() == key for s in a.skills)), None
        )
