"""Saving the encounter and the character files its commands changed (R7 points, fear
memories, sheet conditions), and asking about unsaved changes before the window closes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMessageBox

from sheets.storage import save_document

if TYPE_CHECKING:
    from ui.tracker.window import TrackerWindow


def save(window: TrackerWindow) -> bool:
    path = window.encounter_path
    if path is None:
        return False
    window.encounter_stamp = save_document(
        window.engine.encounter,
        path,
        opened=window.encounter_stamp,
        overwrite=window.encounter_stamp is None,
    )
    campaign = window.campaign
    if campaign is not None:
        for file in sorted(window.controller.touched):
            loaded = campaign.characters.get(file)
            if loaded is None:
                continue
            stamp = save_document(loaded.document, loaded.path, opened=loaded.stamp)
            campaign.characters[file] = type(loaded)(
                loaded.document, loaded.path, stamp, loaded.migrated_from
            )
    window.controller.touched.clear()
    window.undo_stack.setClean()
    window.statusBar().showMessage(f"Saved {path.name}", 5000)
    window.saved.emit()
    return True


def may_close(window: TrackerWindow) -> bool:
    """Unsaved changes: Save / Discard / Cancel. False: the window stays open."""
    if window.undo_stack.isClean():
        return True
    answer = QMessageBox.question(
        window,
        window.tr("Unsaved encounter"),
        window.tr("Save the encounter before closing?"),
        QMessageBox.StandardButton.Save
        | QMessageBox.StandardButton.Discard
        | QMessageBox.StandardButton.Cancel,
    )
    if answer == QMessageBox.StandardButton.Cancel:
        return False
    return answer != QMessageBox.StandardButton.Save or window.save()
