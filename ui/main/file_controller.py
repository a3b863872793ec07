"""Saving and closing sheets: save, save as, save all, revert, close a tab, "save the
changes?" before closing, files changed on disk behind a sheet, print and PDF.

Every save goes through the ``SaveService`` (it asks about conflicts and risky files);
every question through the ``Prompter``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from ui.services.prompter import SAVE_DISCARD_CANCEL, Choice, Prompter, Question

if TYPE_CHECKING:
    from ui.main.sheet_tabs import SheetTabs
    from ui.main.status import StatusPresenter
    from ui.workspace.character_document import CharacterDocument
    from ui.workspace.save_service import SaveService
    from ui.workspace.workspace import Workspace


def with_suffix(path: Path, suffix: str) -> Path:
    """``path`` ending in ``suffix`` (any case) or given it."""
    return path if path.suffix.lower() == suffix else path.with_suffix(suffix)


class FileController(QObject):
    def __init__(
        self,
        workspace: Workspace,
        tabs: SheetTabs,
        status: StatusPresenter,
        prompter: Prompter,
        save_service: SaveService,
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.parent_widget = parent  # print dialogs are its children
        self.workspace = workspace
        self.tabs = tabs
        self.status = status
        self.prompter = prompter
        self.save_service = save_service
        save_service.saved.connect(self._saved)

    # --- saving ------------------------------------------------------------------------------

    def save_current(self) -> bool:
        doc = self.tabs.current_document()
        if doc is None or self.status.campaign_active_and_modified():
            return self.save_all()
        return self.save_document(doc)

    def save_current_as(self) -> bool:
        doc = self.tabs.current_document()
        if doc is None:
            return False
        from sheets.storage import file_name_for

        start = doc.path or (doc.folder or Path.home()) / file_name_for(doc.character.name)
        target = self.ask_save_path(
            self.tr("Save %1 as").replace("%1", doc.title),
            start,
            self.tr("Wild Die character (*.json)"),
            ".json",
        )
        return target is not None and self.save_document(doc, target, overwrite=True)

    def ask_save_path(self, title: str, start: Path, file_filter: str, suffix: str) -> Path | None:
        """Where to save, from the save dialog, ending in ``suffix`` (None: cancelled)."""
        chosen = self.prompter.save_file(title, start, file_filter)
        return with_suffix(chosen, suffix) if chosen else None

    def save_document(
        self, doc: CharacterDocument, path: Path | None = None, *, overwrite: bool = False
    ) -> bool:
        """Save through the save service (it asks about conflicts and risky files). True
        when nothing unsaved is left (saved, or the player took the file's version)."""
        editor = self.tabs.editor_for(doc)
        if editor is not None:
            editor.commit_pending()
        session = self.workspace.session
        if doc.path is None and path is None and doc.folder is None and session is not None:
            doc.folder = session.characters_folder
        if doc.path is None and path is None:
            # Never saved: ask where, starting in the open campaign's characters folder
            # (issue 15: a new character went into the sample campaign without a word).
            from sheets.storage import file_name_for

            folder = doc.folder or Path.home()
            taken = [p.name for p in folder.iterdir()] if folder.is_dir() else []
            path = self.ask_save_path(
                self.tr("Save %1").replace("%1", doc.title),
                folder / file_name_for(doc.character.name, taken),
                self.tr("Wild Die character (*.json)"),
                ".json",
            )
            if path is None:
                return False
        return self.save_service.save_character(doc, path, overwrite=overwrite).settled

    def _saved(self, doc: CharacterDocument, path: Path) -> None:
        self.tabs.update_tab(doc)
        self.status.update_title()
        self.status.show(self.tr("Saved %1").replace("%1", str(path)), 5000)

    def save_all(self) -> bool:
        self.tabs.commit_all()
        ok = True
        for doc in self.workspace.documents():
            if doc.modified:
                ok = self.save_document(doc) and ok
        session = self.workspace.session
        if session is not None and session.modified:
            ok = session.save_campaign() and ok
        self.status.update_title()
        return ok

    # --- closing -----------------------------------------------------------------------------

    def maybe_save(self, docs: list[CharacterDocument], *, campaign: bool) -> bool:
        """Before closing: Save all / Discard / Cancel when something is unsaved."""
        self.tabs.commit_all()
        session = self.workspace.session
        unsaved = [d for d in docs if d.modified]
        campaign_unsaved = campaign and session is not None and session.modified
        if not unsaved and not campaign_unsaved:
            return True
        names = [d.title for d in unsaved]
        if campaign_unsaved:
            names.append(self.tr("the campaign (session number)"))
        answer = self.prompter.ask(
            Question(
                self.tr("Unsaved changes"),
                self.tr("Save the changes to %1?").replace("%1", ", ".join(names)),
                SAVE_DISCARD_CANCEL,
                Choice.SAVE,
            )
        )
        if answer is Choice.CANCEL:
            return False
        if answer is Choice.SAVE:
            return self.save_all()
        for doc in unsaved:
            self.save_service.discard_autosave(doc)
            doc.discard_changes_marker()
        if session is not None:
            session.undo_stack.setClean()
        return True

    def close_tab(self, index: int) -> bool:
        """Close a tab; unsaved changes: Save / Discard / Cancel."""
        editor = self.tabs.tabs.widget(index)
        doc = getattr(editor, "doc", None)
        if editor is None or doc is None:
            return False
        editor.commit_pending()  # type: ignore[attr-defined]
        if doc.modified:
            answer = self.prompter.ask(
                Question(
                    self.tr("Unsaved changes"),
                    self.tr("Save the changes to %1 before closing?").replace("%1", doc.title),
                    SAVE_DISCARD_CANCEL,
                    Choice.SAVE,
                )
            )
            if answer is Choice.CANCEL:
                return False
            if answer is Choice.SAVE:
                if not self.save_document(doc):
                    return False
            else:
                self.discard(doc)
        self.tabs.remove(index)
        return True

    def close_current(self) -> bool:
        index = self.tabs.tabs.currentIndex()
        return index >= 0 and self.close_tab(index)

    def discard_all_changes(self) -> None:
        """Mark everything saved without saving (tests: no "save?" prompt at teardown)."""
        for doc in self.workspace.documents():
            doc.discard_changes_marker()
        if self.workspace.session is not None:
            self.workspace.session.undo_stack.setClean()

    def discard(self, doc: CharacterDocument) -> None:
        """Throw away unsaved changes: reload the file (or forget a never-saved sheet)."""
        self.save_service.discard_autosave(doc)
        if doc.path is None:
            doc.discard_changes_marker()
            session = self.workspace.session
            if session is not None:
                entry = session.entry_for(doc)
                if entry is not None:
                    session.model.remove_entry(entry)
            return
        self.reload(doc)

    def reload(self, doc: CharacterDocument) -> bool:
        """Read the sheet's file again (its undo history goes: the file is the truth now;
        its autosave goes too, as the save service reports)."""
        return self.save_service.reload(doc)

    def revert_current(self) -> bool:
        doc = self.tabs.current_document()
        if doc is None or doc.path is None:
            return False
        if doc.modified:
            answer = self.prompter.ask(
                Question(
                    self.tr("Revert"),
                    self.tr(
                        "Throw away the unsaved changes to %1 and reload the saved file?"
                    ).replace("%1", doc.title),
                    (Choice.DISCARD, Choice.CANCEL),
                    Choice.CANCEL,
                )
            )
            if answer is not Choice.DISCARD:
                return False
        reverted = self.reload(doc)
        if reverted:
            self.status.show(self.tr("Reverted %1 to the saved file").replace("%1", doc.title))
        return reverted

    # --- files changed behind a sheet ----------------------------------------------------------

    def changed_on_disk(self, doc: CharacterDocument) -> None:
        """A sheet's file changed elsewhere (the tracker, a sync tool): a sheet with no
        unsaved changes shows the file; one with changes keeps them (saving asks)."""
        if doc.modified:
            self.status.show(
                self.tr(
                    "%1 changed on disk; your unsaved changes stay (saving asks before "
                    "overwriting the file)"
                ).replace("%1", doc.title)
            )
            return
        if self.reload(doc):
            self.status.show(
                self.tr("Reloaded %1: its file changed on disk").replace("%1", doc.title), 8000
            )

    def removed_from_disk(self, doc: CharacterDocument) -> None:
        self.status.show(
            self.tr("%1 is gone from disk; saving asks before writing it again").replace(
                "%1", doc.title
            )
        )

    # --- print and PDF (with the campaign's damage system, R10) -----------------------------

    def print_current(self) -> bool:
        doc = self.tabs.current_document()
        if doc is None:
            return False
        self.tabs.commit_all()
        from ui.sheet.campaign_rules import campaign_check_defaults, campaign_damage_system
        from ui.sheet.print import print_character

        return print_character(
            doc.character,
            self.parent_widget,
            damage_system=campaign_damage_system(doc),
            check=campaign_check_defaults(doc),
        )

    def export_pdf(self, path: Path | None = None) -> Path | None:
        doc = self.tabs.current_document()
        if doc is None:
            return None
        self.tabs.commit_all()
        from sheets.storage import file_name_for
        from ui.sheet.campaign_rules import campaign_check_defaults, campaign_damage_system
        from ui.sheet.print import export_pdf

        if path is None:
            start = (doc.path.parent if doc.path else Path.home()) / file_name_for(
                doc.character.name
            ).replace(".json", ".pdf")
            path = self.ask_save_path(
                self.tr("Export %1 as PDF").replace("%1", doc.title),
                start,
                self.tr("PDF (*.pdf)"),
                ".pdf",
            )
            if path is None:
                return None
        path = with_suffix(path, ".pdf")
        pages = export_pdf(
            doc.character,
            path,
            damage_system=campaign_damage_system(doc),
            check=campaign_check_defaults(doc),
        )
        self.status.show(
            self.tr("Exported %1 (%2 pages)").replace("%1", str(path)).replace("%2", str(pages)),
            8000,
        )
        return path
