"""An open campaign folder: its campaign document, every character as a document.

Opening is in two steps so the window paints early (cold start): ``CampaignSession``
starts from the quick ``CampaignIndex`` (plain ``json``), and ``load()`` (pydantic, the
document models, ``sheets.storage.open_campaign``) attaches a ``CharacterDocument`` to
each character row, or the reason it cannot be opened. Everything that needs a document
calls ``ensure_loaded()`` first, so the order never matters to callers.

Every character of the campaign has a ``CharacterDocument`` (13 small undo stacks cost
nothing): a campaign-wide command (R7 start session) changes characters whether or not a
tab shows them, and "save all" and the close prompt see every unsaved change.
"""

from __future__ import annotations

import gc
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from ui.campaign.index import (
    CAMPAIGN_FILE,
    CHARACTERS_FOLDER,
    CampaignEntry,
    CampaignIndex,
    campaign_files,
    entry_for_file,
    first_files,
    pending_entry,
    read_pending,
    rows_for,
)
from ui.campaign.model import CampaignModel
from ui.services import gc_guard

if TYPE_CHECKING:
    from sheets.documents import Campaign, Character, CharacterKind, HouseRules
    from sheets.storage import CampaignFolder, FileStamp
    from sheets.templates import GameTemplate
    from ui.commands import StartSessionCommand
    from ui.workspace.character_document import CharacterDocument
    from ui.workspace.save_service import SaveService


PENDING_BATCH: Final = 50  # rows read per idle turn: about 15 ms, the UI keeps up
LIST_BATCH: Final = 2000  # rows added to the browser per idle turn
POLL_MS: Final = 15


class CampaignSession(QObject):
    """The open campaign: the browser's model, the documents, the campaign's undo stack."""

    loaded = Signal()
    documentAdded = Signal(object)  # CharacterDocument
    modifiedChanged = Signal(bool)  # campaign.json has unsaved changes
    sessionChanged = Signal(int)
    houseRulesChanged = Signal()  # house rules or game changed: after a change, undo, redo

    def __init__(
        self,
        index: CampaignIndex,
        parent: QObject | None = None,
        *,
        saver: SaveService | None = None,
    ) -> None:
        super().__init__(parent)
        self.saver = saver
        """Saves new characters and campaign.json (the window's save service; None: this
        session only reads, as in tests of the quick index)."""
        self.folder = index.folder
        self.title = index.title
        self.model = CampaignModel(self)
        self.model.set_entries(index.entries)
        self._unlisted: list[str] = list(index.later)
        """Files without a row yet (the index's ``later``): a big campaign's first screen
        waits for its first rows only; ``list_more`` adds them."""
        self._listed = index.listed
        """The folder's files listed (False: the index read the title only, and
        ``list_folder`` lists them: at start-up, after the first paint)."""
        self._rest_unknown = False
        """The first screen was listed without the folder's other files: ``_list_rest``
        lists them all (``list_more``, ``row_count``)."""
        self.campaign: Campaign | None = None
        self.campaign_stamp: FileStamp | None = None
        self.problems: list[str] = []
        self.is_loaded = False
        self._worker: threading.Thread | None = None
        self._result: CampaignFolder | BaseException | None = None
        self._poll = QTimer(self)  # the main thread looks for the worker's end
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._check_worker)
        self.undo_stack = QUndoStack(self)
        self.undo_stack.setObjectName("campaign")
        self.undo_stack.cleanChanged.connect(lambda clean: self.modifiedChanged.emit(not clean))

    # --- loading -------------------------------------------------------------------------------

    def list_folder(self, read_first: int | None = 0, first_screen: int = 0) -> None:
        """List the folder's first ``first_screen`` files if the index did not (as the
        folder lists them: a big campaign's other names are not even listed), of which
        ``read_first`` (None: all) are read now; ``list_more`` adds the others. At
        start-up this runs after the first paint (issue 17: the first paint must not wait
        for listing, sorting and reading a big campaign's files)."""
        if self._listed:
            return
        self._listed = True
        shown, complete = first_files(self.folder, first_screen)
        self._rest_unknown = not complete
        self.model.set_entries(rows_for(self.folder, shown, read_first))

    def _list_rest(self) -> None:
        """The folder's files past the first screen, sorted, as names (``_unlisted``)."""
        self.list_folder()
        if self._rest_unknown:
            self._rest_unknown = False
            shown = {entry.relative for entry in self.model.entries()}
            self._unlisted = [r for r in campaign_files(self.folder) if r not in shown]

    def row_count(self) -> int:
        """Every row of the campaign, listed in the browser yet or not."""
        self._list_rest()
        return self.model.rowCount() + len(self._unlisted)

    def list_more(self, limit: int | None = LIST_BATCH) -> bool:
        """Add up to ``limit`` (None: all) rows not listed yet; True while some remain."""
        self._list_rest()
        if not self._unlisted:
            return False
        count = len(self._unlisted) if limit is None else limit
        batch, self._unlisted = self._unlisted[:count], self._unlisted[count:]
        self.model.add_entries([pending_entry(self.folder, self.folder / r) for r in batch])
        if not self._unlisted:
            self.model.resort()
        return bool(self._unlisted)

    def ensure_loaded(self) -> None:
        """Every file validated and attached, now: waits for a background load."""
        if self.is_loaded:
            return
        self.list_more(None)
        if self._worker is not None:
            self._worker.join()
        self._attach(self._opened())

    def load(self) -> None:
        """Validate and load every file (sheets.storage); attach documents to the rows."""
        self.ensure_loaded()

    def load_in_background(self) -> None:
        """Validate the files on a worker thread (the browser stays usable: issue 17, a
        10,000-character campaign); ``loaded`` once they are attached. Whoever needs a
        document meanwhile calls ``ensure_loaded``, which waits for it."""
        if self.is_loaded or self._worker is not None:
            return
        self._worker = threading.Thread(
            target=self._work, name="wilddie-campaign-load", daemon=True
        )
        gc_guard.worker_started()  # no cycle collection on the loader thread (gc_guard)
        self._worker.start()
        self._poll.start()

    def _work(self) -> None:
        try:
            self._result = self._read_files()
        except BaseException as error:  # handed to the main thread, raised there
            self._result = error

    def _check_worker(self) -> None:
        if self._worker is not None and not self._worker.is_alive():
            self.ensure_loaded()

    def _opened(self) -> CampaignFolder:
        if self._worker is None:
            return self._read_files()
        self._worker = None
        gc_guard.worker_finished()
        self._poll.stop()
        result, self._result = self._result, None
        if isinstance(result, BaseException):
            raise result
        assert result is not None
        return result

    def _read_files(self) -> CampaignFolder:
        """The files read and validated (no Qt: safe on a worker thread)."""
        from sheets.storage import (
            CHARACTERS_FOLDER,
            ENCOUNTERS_FOLDER,
            open_campaign,
            remove_stale_temp_files,
        )

        # A save killed half-way leaves its temp file (issue 13.5): ours go, when no live
        # writer holds the folder.
        for folder in (
            self.folder,
            self.folder / CHARACTERS_FOLDER,
            self.folder / ENCOUNTERS_FOLDER,
        ):
            remove_stale_temp_files(folder)
        return open_campaign(self.folder)

    def read_pending(self, limit: int = PENDING_BATCH) -> bool:
        """Read up to ``limit`` rows listed by file name only; True while some remain."""
        done = 0
        for entry in self.model.entries():
            if done >= limit:
                return True
            if read_pending(self.folder, entry):
                self.model.entry_changed(entry)
                done += 1
        if done:
            self.model.resort()  # the names and kinds read: the browser's order again
        return False

    def _attach(self, opened: CampaignFolder) -> None:
        from ui.workspace.character_document import CharacterDocument

        self.is_loaded = True
        if opened.campaign is not None:
            self.campaign = opened.campaign.document
            self.campaign_stamp = opened.campaign.stamp
            self.title = self.campaign.title
        by_file: dict[str, list[str]] = {}
        for problem in opened.problems:
            by_file.setdefault(str(Path(problem.file).absolute()), []).append(str(problem))
        self.problems = [str(p) for p in opened.problems]
        known = {entry.relative: entry for entry in self.model.entries()}
        for relative in [*opened.characters, *opened.encounters]:
            if relative not in known:  # a file that appeared since the quick index
                known[relative] = entry_for_file(self.folder, self.folder / relative)
                self.model.add_entry(known[relative])
        for relative, entry in known.items():
            read_pending(self.folder, entry)  # its document says it all from now on
            loaded = opened.characters.get(relative)
            if loaded is not None:
                doc = CharacterDocument(loaded.document, loaded.path, loaded.stamp, self)
                self.model.attach_document(entry, doc)
                self.documentAdded.emit(doc)
                continue
            problems = by_file.get(str(entry.path.absolute()))
            if problems:
                entry.problem = "\n".join(problems)
            self.model.entry_changed(entry)
        self.model.resort()
        # The documents live as long as the campaign: out of the cycle collector's sight.
        # Its full collections walk every object there is, and 10,000 sheets are millions
        # of them (pauses of ~0.6 s while such a campaign was used, issue 17). The young
        # garbage goes first; closing the campaign lets the collector see them again.
        gc.collect(1)
        gc.freeze()
        self.loaded.emit()

    # --- documents -----------------------------------------------------------------------------

    def documents(self) -> list[CharacterDocument]:
        return [e.document for e in self.model.entries() if e.document is not None]

    def entry_for(self, doc: CharacterDocument) -> CampaignEntry | None:
        return next((e for e in self.model.entries() if e.document is doc), None)

    def document_at(self, path: Path) -> CharacterDocument | None:
        """The open document of the file at ``path``, if it is part of this campaign."""
        self.ensure_loaded()
        wanted = path.absolute()
        for doc in self.documents():
            if doc.path is not None and doc.path.absolute() == wanted:
                return doc
        return None

    @property
    def characters_folder(self) -> Path:
        return self.folder / CHARACTERS_FOLDER

    def taken_file_names(self) -> list[str]:
        folder = self.characters_folder
        names = [p.name for p in folder.iterdir()] if folder.is_dir() else []
        return names + [e.path.name for e in self.model.entries()]

    def _add(self, doc: CharacterDocument, path: Path) -> CampaignEntry:
        character = doc.character
        entry = CampaignEntry(
            relative=path.relative_to(self.folder).as_posix(),
            path=path,
            kind=character.kind,
            name=character.name,
            player=character.player,
            importance=character.importance,
            document=doc,
        )
        self.model.add_entry(entry)
        self.documentAdded.emit(doc)
        return entry

    def new_character(self, name: str, kind: CharacterKind = "character") -> CharacterDocument:
        """A blank sheet (R2 standard abilities), not saved yet: Save puts it in the folder."""
        from sheets.documents import new_character
        from sheets.storage import file_name_for
        from ui.workspace.character_document import CharacterDocument

        self.ensure_loaded()
        campaign = self.campaign
        # A campaign playing another game than FreeD6 (or its own copy) makes its sheets
        # with that game's attributes; FreeD6's blank sheet stays the R2 one.
        plays_other = campaign is not None and (
            campaign.custom_template is not None or campaign.game_template != "freed6"
        )
        template = campaign.template() if campaign is not None and plays_other else None
        doc = CharacterDocument(
            new_character(name, kind, template=template),
            None,
            None,
            self,
            folder=self.characters_folder,
        )
        doc.undo_stack.resetClean()  # never saved: modified from the start
        self._add(doc, self.characters_folder / file_name_for(name, self.taken_file_names()))
        return doc

    def add_character(self, character: Character) -> CharacterDocument:
        """Save ``character`` as a new file in the campaign and list it (import, drop)."""
        from sheets.storage import file_name_for
        from ui.workspace.character_document import CharacterDocument

        assert self.saver is not None, "a session that saves needs the save service"
        self.ensure_loaded()
        target = self.characters_folder / file_name_for(character.name, self.taken_file_names())
        stamp = self.saver.write_new(character, target)
        doc = CharacterDocument(character, target, stamp, self)
        self._add(doc, target)
        return doc

    def import_character(self, source: Path) -> tuple[CharacterDocument, bool, list[str]]:
        """Copy a character file into this campaign (or find it if it is already here).

        A Wild Die character is copied as it is; an export from another tool that
        ``sheets.importers`` knows (Foundry VTT od6s) is converted first. Returns the
        document, whether it was newly added, and the import report (empty for a Wild Die
        file). Raises ``DocumentError`` (one line per problem) when the file is neither.
        """
        from sheets.documents import Character
        from sheets.importers import IMPORTERS, detect
        from sheets.storage import parse_document, read_file_bytes

        existing = self.document_at(source)
        if existing is not None:
            return existing, False, []
        data, _info = read_file_bytes(source)
        found = detect(data)
        if found is not None:
            result = IMPORTERS[found](data, source=str(source))
            for member in result.crew:  # a vehicle's embedded pilot: a sheet of its own
                self.add_character(member)
            return self.add_character(result.character), True, list(result.report)
        document, _migrated = parse_document(data, source=str(source), expect="character")
        assert isinstance(document, Character)
        return self.add_character(document), True, []

    # --- the campaign document -----------------------------------------------------------------

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    def save_campaign(self) -> bool:
        """Save campaign.json (the session number, R7); the save service asks about a
        conflict. False when it was not saved."""
        if self.campaign is None or not self.modified:
            return True
        assert self.saver is not None, "a session that saves needs the save service"
        stamp = self.saver.save_campaign_file(
            self.campaign, self.folder / CAMPAIGN_FILE, self.campaign_stamp
        )
        if stamp is None:
            return False
        self.campaign_stamp = stamp
        self.undo_stack.setClean()
        return True

    def start_session(self) -> StartSessionCommand | None:
        """R7: every player character's action points to 1 (one undoable step)."""
        from ui.commands import StartSessionCommand

        self.ensure_loaded()
        if self.campaign is None:
            return None
        command = StartSessionCommand(self.campaign, self.documents(), self._set_session)
        self.undo_stack.push(command)
        return command

    def party(self) -> list[CharacterDocument]:
        """The player characters of the campaign, by name."""
        self.ensure_loaded()
        found = [doc for doc in self.documents() if doc.character.kind == "character"]
        return sorted(found, key=lambda doc: doc.character.name.casefold())

    def award_points(self, awards: list[tuple[CharacterDocument, int, int]]) -> bool:
        """Character Points and Fate Points to the party, one undo step; False: nothing."""
        from ui.commands import AwardPointsCommand

        command = AwardPointsCommand(awards)
        if not command.awards:
            return False
        self.undo_stack.push(command)
        return True

    def _set_session(self, number: int) -> None:
        if self.campaign is not None:
            self.campaign.session = number
            self.sessionChanged.emit(number)

    def house_rules(self) -> HouseRules | None:
        return self.campaign.house_rules if self.campaign is not None else None

    def change_house_rules(self, rules: HouseRules) -> bool:
        """The campaign's house rules to ``rules``: one undoable step; False if nothing
        changes (or there is no campaign.json)."""
        from ui.commands import SetCampaignSettingCommand

        self.ensure_loaded()
        if self.campaign is None or rules == self.campaign.house_rules:
            return False
        self.undo_stack.push(
            SetCampaignSettingCommand(
                self.tr("Change house rules"),
                self.campaign.house_rules,
                rules,
                self._set_house_rules,
            )
        )
        return True

    def change_game_template(self, choice: tuple[str, GameTemplate | None]) -> bool:
        """The campaign's game (built-in id, edited copy), and with it the game's damage
        system (R10: an OpenD6 game plays body points or wounds; House Rules can change
        it again): one undoable step; False if nothing changes (or no campaign.json)."""
        from ui.commands import SetCampaignSettingCommand

        self.ensure_loaded()
        campaign = self.campaign
        if campaign is None:
            return False
        old_choice = (campaign.game_template, campaign.custom_template)
        if choice == old_choice:
            return False
        game_id, custom = choice
        played = campaign.model_copy(update={"game_template": game_id, "custom_template": custom})
        rules = campaign.house_rules.model_copy(
            update={"damage_system": played.template().damage_system}
        )
        self.undo_stack.push(
            SetCampaignSettingCommand(
                self.tr("Change the game"),
                (old_choice, campaign.house_rules),
                (choice, rules),
                self._set_game,
            )
        )
        return True

    def _set_game(self, game: tuple[tuple[str, GameTemplate | None], HouseRules]) -> None:
        if self.campaign is not None:
            (self.campaign.game_template, self.campaign.custom_template), rules = game
            self.campaign.house_rules = rules
            self.houseRulesChanged.emit()  # checks (R3) and the damage system (R10) follow

    def _set_house_rules(self, rules: HouseRules) -> None:
        if self.campaign is not None:
            self.campaign.house_rules = rules
            self.houseRulesChanged.emit()
