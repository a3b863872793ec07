"""Sheets whose files changed on disk behind them (the tracker saves sheets too, and a sync
tool may): reload a sheet with no unsaved changes, keep one with changes (saving asks)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.window import saving

if TYPE_CHECKING:
    from ui.campaign.disk_watch import DiskWatch
    from ui.character_document import CharacterDocument
    from ui.main_window import MainWindow


def make_disk_watch(window: MainWindow) -> DiskWatch:
    from ui.campaign.disk_watch import DiskWatch

    watch = DiskWatch(window.documents, window)
    watch.changedOnDisk.connect(lambda doc: changed_on_disk(window, doc))
    watch.removedFromDisk.connect(
        lambda doc: window.statusBar().showMessage(
            window.tr("%1 is gone from disk; saving writes it again").replace("%1", doc.title)
        )
    )
    return watch


def changed_on_disk(window: MainWindow, doc: CharacterDocument) -> None:
    """A sheet's file changed elsewhere (the tracker, a sync tool): a sheet with no
    unsaved changes shows the file; one with changes keeps them (saving asks)."""
    if doc.modified:
        window.statusBar().showMessage(
            window.tr(
                "%1 changed on disk; your unsaved changes stay (saving asks before "
                "overwriting the file)"
            ).replace("%1", doc.title)
        )
        return
    if saving.reload(window, doc):
        window.statusBar().showMessage(
            window.tr("Reloaded %1: its file changed on disk").replace("%1", doc.title), 8000
        )
