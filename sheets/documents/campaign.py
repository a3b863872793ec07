"""The campaign document (``campaign.json``): title and the table's house rules.

The campaign's characters and encounters are separate files in its folder, so a player
can hand one file around; see ``sheets.storage.open_campaign``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from sheets.damage import DamageSystem
from sheets.documents.common import Document, Name, Part, Text

CriticalFailure = Literal["complication", "zero", "drop_highest"]
ScaleRule = Literal["parity", "opend6_modifier"]


class HouseRules(Part):
    """The settings RULES.md leaves to the table, with their defaults."""

    wild_dice: int = Field(default=1, ge=0, le=10)
    """R3: how many of the dice are Wild Dice (OpenD6: 1)."""
    critical_failure: CriticalFailure = "complication"
    """R3: what a Wild Die's first 1 does."""
    damage_system: DamageSystem = "conditions"
    """R10: FreeD6 conditions, OpenD6 wounds, or body points."""
    initiative_ability: Name = "Perception"
    """R6: the ability whose fixed value orders a melee."""
    scale_rule: ScaleRule = "parity"
    """R9: parity of scale only, or the OpenD6 scale modifier."""
    action_points_carry_over: bool = False
    """R7: starting a session adds 1 action point instead of setting them to 1."""


class Campaign(Document):
    """A campaign: its title, its people, and the house rules every roll uses."""

    kind: Literal["campaign"] = "campaign"
    title: Name
    game_master: Name | None = None
    setting: Text = ""
    description: Text = ""
    house_rules: HouseRules = Field(default_factory=HouseRules)
    session: int = Field(default=0, ge=0, le=100_000)
    """The number of the session last started (R7)."""
    notes: Text = ""
