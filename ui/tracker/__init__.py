"""The encounter tracker (issue 6): initiative table, act panel with the dice, the log,
the player view and the encounter builder.

    from ui.tracker import open_tracker
    window = open_tracker(campaign_folder, encounter_path, parent)
    builder = open_builder(campaign_folder, parent)   # new encounter; .saved(Path)

Standalone (screenshots, trying it out):
``python -m ui.tracker CAMPAIGN_FOLDER encounters/brawl-at-the-pump-house.json``.
"""

from __future__ import annotations

from ui.tracker.builder import BuilderWindow, open_builder
from ui.tracker.opening import open_tracker
from ui.tracker.window import TrackerWindow

__all__ = ["BuilderWindow", "TrackerWindow", "open_builder", "open_tracker"]
