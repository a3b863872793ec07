"""The campaign document (``campaign.json``): title and the table's house rules.

The campaign's characters and encounters are separate files in its folder, so a player
can hand one file around; see ``sheets.storage.open_campaign``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, SerializationInfo, SerializerFunctionWrapHandler, model_serializer

from sheets.damage import DamageSystem
from sheets.dice.check_defaults import CheckDefaults
from sheets.dice.spec import CriticalFailure
from sheets.documents.common import Document, Name, Part, Text
from sheets.documents.condition_state import omit_defaults
from sheets.documents.game_template import GameTemplate

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
    game_template: Name = "freed6"
    """The game the campaign plays: a built-in template's id (``sheets.templates``)."""
    custom_template: GameTemplate | None = None
    """The GM's edited copy of a template (house rules); when set, it is the game played."""

    @model_serializer(mode="wrap")
    def _omit_additive_defaults(
        self, handler: SerializerFunctionWrapHandler, info: SerializationInfo
    ) -> Any:
        # Added after format 1.0: older campaign files keep their exact bytes.
        return omit_defaults(handler(self), {"game_template": "freed6", "custom_template": None})

    def template(self) -> GameTemplate:
        """The game this campaign plays: its edited copy, else the built-in it names."""
        from sheets.templates.builtin import FREED6, builtin_template

        if self.custom_template is not None:
            return self.custom_template
        return builtin_template(self.game_template) or FREED6

    def check_defaults(self) -> CheckDefaults:
        """How this campaign rolls a check: its house rules' Wild Dice and critical 1
        (R3 settings) and whether its game counts successes (R3, D6 Legend)."""
        rules = self.house_rules
        return CheckDefaults(
            wild_dice=rules.wild_dice,
            critical_failure=rules.critical_failure,
            count_successes=self.template().dice_mode == "success_counting",
        )
