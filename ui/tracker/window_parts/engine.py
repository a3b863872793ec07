"""The engine behind a tracker window: one over an encounter and a campaign's characters,
and running commands on it through the window's controller.

Python's garbage collector is frozen after loading and at each round change: what stays
for the evening is never walked again by a full collection (a 100+ ms stall in a
500-combatant encounter; bench/bench_encounter.py).
"""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

from sheets.documents import Encounter
from sheets.encounter import CommandRecord, Engine
from sheets.storage import CampaignFolder

if TYPE_CHECKING:
    from ui.tracker.window import TrackerWindow


def engine_for(campaign: CampaignFolder, encounter: Encounter, *, freeze: bool = True) -> Engine:
    """An engine over ``encounter`` and the campaign's characters and house rules.

    ``gc.freeze()`` afterwards: the loaded documents never become garbage during the
    evening, and a full collection walking them would stall a turn (100+ ms at 500)."""
    characters = {path: loaded.document for path, loaded in campaign.characters.items()}
    rules = campaign.campaign.document.house_rules if campaign.campaign is not None else None
    engine = Engine(encounter, characters, rules)
    if freeze:
        gc.collect()
        gc.freeze()
    return engine


def run_command(window: TrackerWindow, command: object) -> CommandRecord | None:
    """Run ``command`` as one undoable step; None when the rules refuse it."""
    start = window.engine.round
    record = window.controller.run(command)  # type: ignore[arg-type]
    if window.freeze_each_round and window.engine.round != start:
        gc.freeze()
    return record
