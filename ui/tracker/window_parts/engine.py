"""The engine behind a tracker window: one over an encounter and a campaign's characters.

Python's garbage collector is frozen after loading and at each round change: what stays
for the evening is never walked again by a full collection (a 100+ ms stall in a
500-combatant encounter; bench/bench_encounter.py).
"""

from __future__ import annotations

import gc

from sheets.documents import Encounter
from sheets.encounter import Engine
from sheets.storage import CampaignFolder
from ui.tracker.sheet_files import FolderSheets, SheetFiles


def engine_for(
    campaign: CampaignFolder | SheetFiles, encounter: Encounter, *, freeze: bool = True
) -> Engine:
    """An engine over ``encounter`` and the campaign's characters and house rules.

    ``gc.freeze()`` afterwards: the loaded documents never become garbage during the
    evening, and a full collection walking them would stall a turn (100+ ms at 500)."""
    sheets = FolderSheets(campaign) if isinstance(campaign, CampaignFolder) else campaign
    engine = Engine(
        encounter, sheets.characters(), sheets.house_rules(), history=False
    )  # the undo stack is it
    if freeze:
        gc.collect()
        gc.freeze()
    return engine
