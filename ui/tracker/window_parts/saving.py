"""Saving the encounter and the character files its commands changed (R7 points, fear
memories, sheet conditions), and asking about unsaved changes before the window closes.

The encounter and its sheets go through the save service as one save (issue 13.8): they
all land, or the GM is asked (keep mine / save the encounter as a copy / cancel) and no
file changes. A save that did not land keeps the window open and its changes unsaved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.services.prompter import SAVE_DISCARD_CANCEL, Choice, Question
from ui.workspace.save_service import Outcome, Part

if TYPE_CHECKING:
    from ui.tracker.window import TrackerWindow


def save(window: TrackerWindow) -> bool:
    from sheets.storage import SaveRisk

    path = window.encounter_path
    if path is None:
        return False
    encounter = Part(window.engine.encounter, path, window.encounter_stamp)
    if window.encounter_stamp is None:  # a new encounter file: the builder asked already
        encounter.agreed.add(SaveRisk.EXISTS)
    campaign = window.campaign
    touched = [
        (file, loaded)
        for file in sorted(window.controller.touched)
        if campaign is not None and (loaded := campaign.characters.get(file)) is not None
    ]
    parts = [encounter] + [
        Part(loaded.document, loaded.path, loaded.stamp, copyable=False) for _, loaded in touched
    ]
    result = window.save_service.save_parts(parts, window.engine.encounter.name)
    if isinstance(result, Outcome):
        return False
    window.encounter_path, window.encounter_stamp = encounter.path, result[0]
    if campaign is not None:
        for (file, loaded), stamp in zip(touched, result[1:], strict=True):
            campaign.characters[file] = type(loaded)(
                loaded.document, loaded.path, stamp, loaded.migrated_from
            )
    window.controller.touched.clear()
    window.undo_stack.setClean()
    window.statusBar().showMessage(window.tr("Saved %1").replace("%1", encounter.path.name), 5000)
    window.saved.emit()
    return True


def may_close(window: TrackerWindow) -> bool:
    """Unsaved changes: Save / Discard / Cancel. False: the window stays open."""
    if window.undo_stack.isClean():
        return True
    answer = window.prompter.ask(
        Question(
            window.tr("Unsaved encounter"),
            window.tr("Save the changes to %1 before closing?").replace(
                "%1", window.engine.encounter.name
            ),
            SAVE_DISCARD_CANCEL,
            Choice.SAVE,
        )
    )
    if answer is Choice.CANCEL:
        return False
    return answer is Choice.DISCARD or window.save()
