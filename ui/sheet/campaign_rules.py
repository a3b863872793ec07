"""What a sheet takes from the campaign that owns it: the damage system it shows (R10)
and how its checks roll (R3 settings, the game's success counting). A sheet outside a
campaign plays the rules' defaults."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheets.damage import DamageSystem
from sheets.dice import CheckDefaults
from sheets.documents import Campaign

if TYPE_CHECKING:
    from ui.workspace.character_document import CharacterDocument


def owning_campaign(doc: CharacterDocument) -> Campaign | None:
    """The campaign document of the session that owns ``doc`` (its Qt parent chain)."""
    owner = doc.parent()
    while owner is not None:
        campaign = getattr(owner, "campaign", None)
        if isinstance(campaign, Campaign):
            return campaign
        owner = owner.parent()
    return None


def campaign_damage_system(doc: CharacterDocument) -> DamageSystem:
    """The R10 damage system of the campaign that owns ``doc``; the default
    (``conditions``) for a sheet outside a campaign."""
    campaign = owning_campaign(doc)
    return campaign.house_rules.damage_system if campaign is not None else "conditions"


def campaign_check_defaults(doc: CharacterDocument) -> CheckDefaults:
    """How ``doc``'s checks roll in its campaign (R3); the defaults outside one."""
    campaign = owning_campaign(doc)
    return campaign.check_defaults() if campaign is not None else CheckDefaults()
