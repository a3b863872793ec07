"""Autosave and crash recovery: the autosaver over every loaded sheet, and after a crash
"restore the unsaved changes to Kara?" for each autosave of this campaign."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ui.campaign.index import is_campaign_folder

if TYPE_CHECKING:
    from ui.character_document import CharacterDocument
    from ui.main_window import MainWindow
    from ui.services.autosave import Autosaver, Recovery


def make_autosaver(window: MainWindow, idle_ms: int | None) -> Autosaver:
    from ui.services.autosave import IDLE_MS, Autosaver

    autosaver = Autosaver(window.documents, idle_ms or IDLE_MS, window)
    autosaver.failed.connect(
        lambda reason: window.statusBar().showMessage(
            window.tr("Autosave failed: %1").replace("%1", reason)
        )
    )
    return autosaver


def offer_recovery(window: MainWindow) -> list[CharacterDocument]:
    """After a crash: "restore the unsaved changes to Kara?" for each autosave."""
    from ui.services.autosave import autosave_file, find_recoveries
    from ui.services.prompter import Choice, Question

    restored = []
    for recovery in find_recoveries():
        if any(recovery.file == autosave_file(d) for d in window.documents() if d.modified):
            continue  # ours, from this run
        if not _belongs_here(window, recovery):
            continue  # another campaign's: offered when that campaign opens
        answer = window.prompter.ask(
            Question(
                window.tr("Restore unsaved changes"),
                window.tr(
                    "Wild Die closed before your changes to %1 were saved (autosaved %2).\n\n"
                    "Restore the unsaved changes to %1?"
                )
                .replace("%1", recovery.title)
                .replace("%2", recovery.saved_at),
                (Choice.YES, Choice.NO),
                Choice.YES,
            )
        )
        if answer is not Choice.YES:
            recovery.discard()
            continue
        doc = window.restore(recovery)
        if doc is not None:
            restored.append(doc)
    return restored


def _belongs_here(window: MainWindow, recovery: Recovery) -> bool:
    """A recovery for this campaign, or for a character file outside any campaign."""

    def inside(path: Path | None, folder: Path) -> bool:
        return path is not None and path.absolute().is_relative_to(folder.absolute())

    if window.session is not None and (
        inside(recovery.path, window.session.folder)
        or inside(recovery.folder, window.session.folder)
    ):
        return True
    if recovery.path is None:
        return False  # a never-saved sheet of another campaign
    return not is_campaign_folder(recovery.path.parent.parent)


def restore(window: MainWindow, recovery: Recovery) -> CharacterDocument | None:
    """Put autosaved changes back as one undoable step (undo shows the saved file)."""
    from ui.commands import ReplaceCharacterCommand

    doc: CharacterDocument | None = None
    if recovery.path is not None:
        if window.session is not None:
            doc = window.session.document_at(recovery.path)
        if doc is None and recovery.path.is_file():
            editor = window.open_character(recovery.path)
            doc = editor.doc if editor is not None else None
    if doc is not None:
        doc.push(
            ReplaceCharacterCommand(doc, recovery.character, window.tr("Restore unsaved changes"))
        )
    elif window.session is not None:
        doc = window.session.new_character(recovery.character.name, recovery.character.kind)
        doc.replace_character(recovery.character)
    else:
        return None
    recovery.discard()
    window.open_document(doc)
    window.autosaver.poke()
    window.statusBar().showMessage(
        window.tr("Restored the unsaved changes to %1").replace("%1", doc.title)
    )
    return doc
