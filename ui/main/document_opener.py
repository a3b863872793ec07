"""Sheets coming in: a row of the browser, a new character, a file from File > Open or
Import, a drop on the window, what the system hands the app (command line, "open with", a
macOS file-open event), and after a crash the autosaved changes ("restore the unsaved
changes to Kara?")."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDropEvent

from ui.campaign.index import is_campaign_folder
from ui.services.prompter import Choice, Prompter, Question
from ui.text import problem_text

if TYPE_CHECKING:
    from sheets.documents import CharacterKind
    from ui.campaign.browser import CampaignBrowser
    from ui.campaign.index import CampaignEntry
    from ui.main.campaign_controller import CampaignController
    from ui.main.sheet_tabs import SheetTabs
    from ui.main.status import StatusPresenter
    from ui.services.autosave import Recovery
    from ui.sheet.editor import CharacterEditor
    from ui.workspace.character_document import CharacterDocument
    from ui.workspace.workspace import Workspace


def dropped_paths(event: QDragEnterEvent | QDropEvent) -> list[Path]:
    """The character files and campaign folders a drag carries."""
    mime = event.mimeData()
    if not mime.hasUrls():
        return []
    paths = [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]
    return [p for p in paths if p.suffix.lower() == ".json" or is_campaign_folder(p)]


class DocumentOpener(QObject):
    encounterOpenRequested = Signal(object)  # CampaignEntry

    def __init__(
        self,
        workspace: Workspace,
        *,
        tabs: SheetTabs,
        status: StatusPresenter,
        campaigns: CampaignController,
        browser: CampaignBrowser,
        prompter: Prompter,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.tabs = tabs
        self.status = status
        self.campaigns = campaigns
        self.browser = browser
        self.prompter = prompter
        self.import_report: list[str] = []  # the last conversion's report (od6s import)
        self.offer_recovery_on_load = True
        """After a campaign loads, offer its autosaved changes back (tests turn it off)."""
        campaigns.campaignOpened.connect(self._campaign_opened)
        tabs.portraitRequested.connect(self.choose_portrait)

    # --- sheets ------------------------------------------------------------------------------

    def open_document(self, doc: CharacterDocument) -> CharacterEditor:
        return self.tabs.open(doc)

    def open_character(self, path: str | os.PathLike[str]) -> CharacterEditor | None:
        """Open a character file in a tab: from the campaign if it is part of it."""
        file = Path(path)
        doc = self.workspace.document_at(file)
        if doc is None:
            from sheets.storage import DocumentError, load_character
            from ui.workspace.character_document import CharacterDocument

            try:
                loaded = load_character(file)
            except DocumentError as error:
                self.prompter.tell(
                    self.tr("Cannot open %1").replace("%1", file.name),
                    problem_text(error),
                    "warning",
                )
                return None
            doc = CharacterDocument(loaded.document, loaded.path, loaded.stamp)
            self.workspace.add_standalone(doc)
        return self.tabs.open(doc)

    def open_entry(self, entry: CampaignEntry) -> None:
        """A row of the campaign browser: a character in a tab, an encounter in the tracker."""
        if entry.kind == "encounter":
            self.encounterOpenRequested.emit(entry)
            self.campaigns.open_encounter(entry.path)
            return
        session = self.workspace.session
        if session is not None:
            session.ensure_loaded()
        if entry.document is None:
            self.status.show(
                entry.problem or self.tr("%1 cannot be opened").replace("%1", entry.name)
            )
            if entry.problem:
                self.prompter.tell(
                    self.tr("Cannot open %1").replace("%1", entry.name), entry.problem, "warning"
                )
            return
        self.tabs.open(entry.document)

    def new_character(self, kind: CharacterKind = "character") -> CharacterEditor | None:
        session = self.workspace.session
        if session is None:
            self.status.show(self.tr("Open a campaign first: new characters go into it"))
            return None
        from ui.campaign.model import kind_label
        from ui.commands import unique_name

        taken = [_Named(d.character.name) for d in session.documents()]
        name = unique_name(self.tr("New %1").replace("%1", kind_label(kind).lower()), taken)
        editor = self.tabs.open(session.new_character(name, kind))
        editor.header.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)
        editor.header.name_edit.selectAll()
        return editor

    def new_character_guided(self) -> CharacterEditor | None:
        """New Character (guided): the campaign's game template, its budget shared out in
        ``ui.creation.CreationDialog``; Finish opens the sheet unsaved in the campaign (Save
        puts it in the campaign folder), Cancel leaves nothing behind."""
        session = self.workspace.session
        if session is None:
            self.status.show(self.tr("Open a campaign first: new characters go into it"))
            return None
        from PySide6.QtWidgets import QDialog

        from sheets.templates.builtin import FREED6
        from ui.commands import unique_name
        from ui.creation.dialog import CreationDialog

        session.ensure_loaded()
        template = session.campaign.template() if session.campaign is not None else FREED6
        taken = [_Named(d.character.name) for d in session.documents()]
        name = unique_name(self.tr("New character"), taken)
        dialog = CreationDialog(template, name, self.prompter, self.campaigns.parent_widget)
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.character() is None:
            return None
        made = dialog.character()
        assert made is not None
        doc = session.new_character(made.name, made.kind)
        doc.replace_character(made)
        self.status.show(
            self.tr("%1 made with %2: Save puts the sheet in the campaign")
            .replace("%1", made.name)
            .replace("%2", template.name)
        )
        return self.tabs.open(doc)

    def choose_portrait(self, editor: CharacterEditor) -> None:
        """The sheet asked for a portrait: the player picks an image file."""
        path = self.prompter.open_file(
            self.tr("Choose a portrait"),
            editor.doc.folder or Path.home(),
            self.tr("Images (*.png *.jpg *.jpeg)"),
        )
        if path is not None:
            editor.header.set_portrait_file(path)

    # --- files from outside ------------------------------------------------------------------

    def _start_folder(self) -> Path:
        session = self.workspace.session
        return session.folder if session is not None else Path.home()

    def open_file(self) -> bool:
        file = self.prompter.open_file(
            self.tr("Open"), self._start_folder(), self.tr("Wild Die files (*.json)")
        )
        if file is None:
            return False
        if file.name == "campaign.json":
            return self.campaigns.open(file.parent)
        return self.open_character(file) is not None

    def open_path(self, path: str | os.PathLike[str]) -> bool:
        """Open what the system hands the app: a campaign folder or its campaign.json; a
        character or encounter file, in its own campaign; a character from elsewhere in a
        tab of its own; an export from another tool (od6s), imported into the open
        campaign."""
        from sheets.importers import detect
        from sheets.storage import (
            ENCOUNTERS_FOLDER,
            DocumentError,
            campaign_folder_of,
            read_file_bytes,
        )

        target = Path(path).expanduser()
        home = campaign_folder_of(target)
        if target.is_dir() or target.name == "campaign.json":
            return home is not None and self.campaigns.open(home)
        if not target.is_file():
            self.status.show(self.tr("%1 does not exist").replace("%1", str(target)))
            return False
        session = self.workspace.session
        other_campaign = session is None or session.folder != home
        if home is not None and other_campaign and not self.campaigns.open(home):
            return False
        if home is not None and target.parent.name == ENCOUNTERS_FOLDER:
            return self.campaigns.open_encounter(target) is not None
        if home is None:  # from elsewhere: another tool's export joins the open campaign
            try:
                data, _info = read_file_bytes(target)
            except DocumentError:
                data = b""  # open_character below reports what is wrong with it
            if detect(data) is not None:
                return self.import_character_file(target) is not None
        return self.open_character(target) is not None

    def import_character(self) -> bool:
        path = self.prompter.open_file(
            self.tr("Import a character"),
            self._start_folder(),
            self.tr("Characters: Wild Die or Foundry VTT od6s export (*.json)"),
        )
        return path is not None and self.import_character_file(path) is not None

    def import_character_file(self, path: Path) -> CharacterDocument | None:
        """Copy a character file into the open campaign and open it (drag and drop too)."""
        session = self.workspace.session
        if session is None:
            self.status.show(self.tr("Open a campaign first: imports go into it"))
            return None
        from sheets.storage import DocumentError, SaveConflict, SaveError

        cannot = self.tr("Cannot import %1").replace("%1", path.name)
        try:
            doc, added, report = session.import_character(path)
        except DocumentError as error:
            self.prompter.tell(cannot, problem_text(error), "warning")
            return None
        except (SaveConflict, SaveError, OSError) as error:
            self.prompter.tell(cannot, str(error), "warning")
            return None
        self.tabs.open(doc)
        entry = session.entry_for(doc)
        if entry is not None:
            self.browser.select_entry(entry)
        message = (
            self.tr("Imported %1 into %2").replace("%1", doc.title).replace("%2", session.title)
            if added
            else self.tr("%1 is already in this campaign").replace("%1", doc.title)
        )
        if report:  # converted from another tool: say what came over and what went to notes
            message = f"{message}: {report[0]}"
            self.import_report = report
        self.status.show(message, 15000)
        if report:  # after show(), which sets the tooltip of a message's rules
            self.status.set_tooltip("\n".join(report))
        return doc

    def drop_files(self, paths: Iterable[Path]) -> list[CharacterDocument]:
        """Dropped files: a campaign folder opens; a character file joins the campaign."""
        added = []
        for path in paths:
            if path.is_dir() or path.name == "campaign.json":
                self.campaigns.open(path if path.is_dir() else path.parent)
                continue
            doc = self.import_character_file(path)
            if doc is not None:
                added.append(doc)
        return added

    # --- after a crash -----------------------------------------------------------------------

    def _campaign_opened(self, _session: object) -> None:
        if self.offer_recovery_on_load:
            self.offer_recovery()

    def offer_recovery(self) -> list[CharacterDocument]:
        """After a crash: "restore the unsaved changes to Kara?" for each autosave."""
        from ui.services.autosave import autosave_file, find_recoveries

        restored = []
        for recovery in find_recoveries():
            mine = [autosave_file(d) for d in self.workspace.documents() if d.modified]
            if recovery.file in mine:
                continue  # ours, from this run
            if not self._belongs_here(recovery):
                continue  # another campaign's: offered when that campaign opens
            answer = self.prompter.ask(
                Question(
                    self.tr("Restore unsaved changes"),
                    self.tr(
                        "Wild Die closed before your changes to %1 were saved (autosaved %2)."
                        "\n\nRestore the unsaved changes to %1?"
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
            doc = self.restore(recovery)
            if doc is not None:
                restored.append(doc)
        return restored

    def _belongs_here(self, recovery: Recovery) -> bool:
        """A recovery for this campaign, or for a character file outside any campaign."""

        def inside(path: Path | None, folder: Path) -> bool:
            return path is not None and path.absolute().is_relative_to(folder.absolute())

        session = self.workspace.session
        if session is not None and (
            inside(recovery.path, session.folder) or inside(recovery.folder, session.folder)
        ):
            return True
        if recovery.path is None:
            return False  # a never-saved sheet of another campaign
        return not is_campaign_folder(recovery.path.parent.parent)

    def restore(self, recovery: Recovery) -> CharacterDocument | None:
        """Put autosaved changes back as one undoable step (undo shows the saved file)."""
        from ui.commands import ReplaceCharacterCommand

        session = self.workspace.session
        doc: CharacterDocument | None = None
        if recovery.path is not None:
            if session is not None:
                doc = session.document_at(recovery.path)
            if doc is None and recovery.path.is_file():
                editor = self.open_character(recovery.path)
                doc = editor.doc if editor is not None else None
        if doc is not None:
            doc.push(
                ReplaceCharacterCommand(doc, recovery.character, self.tr("Restore unsaved changes"))
            )
        elif session is not None:
            doc = session.new_character(recovery.character.name, recovery.character.kind)
            doc.replace_character(recovery.character)
        else:
            return None
        recovery.discard()
        self.tabs.open(doc)
        self.workspace.save_service.autosaver.poke()
        self.status.show(self.tr("Restored the unsaved changes to %1").replace("%1", doc.title))
        return doc


class _Named:
    """A name for ``unique_name`` (it looks items up by ``.name``)."""

    def __init__(self, name: str) -> None:
        self.name = name
