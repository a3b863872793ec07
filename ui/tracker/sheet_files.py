"""The character sheets an encounter plays, and where their changes go.

Run from the main window, a tracker plays the very ``Character`` objects of the open
campaign (``SessionSheets``): nothing is read twice, an open sheet shows a wound the
moment the tracker records it, counts as modified until saved, and loses the change
again on undo. Run on its own (``python -m ui.tracker``, tests), it plays a campaign
folder read for it (``FolderSheets``). Either way the encounter session saves the sheets
its commands changed through its save service, with the stamps the sheets were read at.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from sheets.documents import Character, HouseRules
from sheets.storage import CampaignFolder, FileStamp, Loaded, load_character

if TYPE_CHECKING:
    from ui.workspace.campaign_session import CampaignSession
    from ui.workspace.character_document import CharacterDocument


class SheetFiles(Protocol):
    """What an encounter needs of the campaign's characters."""

    @property
    def folder(self) -> Path: ...

    def characters(self) -> dict[str, Character]:
        """Relative file (``characters/ada.json``) -> the character the engine plays."""
        ...

    def house_rules(self) -> HouseRules | None: ...

    def saved_at(self, file: str) -> tuple[Path, FileStamp] | None:
        """Where the sheet is saved and the stamp it was read or last saved at."""
        ...

    def saved(self, file: str, stamp: FileStamp) -> None:
        """The encounter saved the sheet: this is its stamp now."""
        ...

    def changed(self, files: Iterable[str], delta: int) -> None:
        """A command changed (+1) or an undo restored (-1) these sheets."""
        ...

    def reload(self, files: Iterable[str]) -> None:
        """Reload Theirs: the files on disk are the truth for these sheets."""
        ...


class FolderSheets:
    """A campaign folder read for one tracker (a tracker run on its own)."""

    def __init__(self, campaign: CampaignFolder) -> None:
        self.campaign = campaign

    @property
    def folder(self) -> Path:
        return self.campaign.folder

    def characters(self) -> dict[str, Character]:
        return {file: loaded.document for file, loaded in self.campaign.characters.items()}

    def house_rules(self) -> HouseRules | None:
        loaded = self.campaign.campaign
        return loaded.document.house_rules if loaded is not None else None

    def saved_at(self, file: str) -> tuple[Path, FileStamp] | None:
        loaded = self.campaign.characters.get(file)
        return (loaded.path, loaded.stamp) if loaded is not None else None

    def saved(self, file: str, stamp: FileStamp) -> None:
        loaded = self.campaign.characters[file]
        self.campaign.characters[file] = Loaded(
            loaded.document, loaded.path, stamp, loaded.migrated_from
        )

    def changed(self, files: Iterable[str], delta: int) -> None:
        """Nobody else shows these sheets."""

    def reload(self, files: Iterable[str]) -> None:
        """The reopened tracker reads the folder again."""


class SessionSheets:
    """The open campaign's documents: the tracker and the sheets share each character."""

    def __init__(self, session: CampaignSession) -> None:
        session.ensure_loaded()
        self.session = session

    @property
    def folder(self) -> Path:
        return self.session.folder

    def _document(self, file: str) -> CharacterDocument | None:
        return self.session.document_at(self.folder / file)

    def characters(self) -> dict[str, Character]:
        folder = self.folder.absolute()
        found = {}
        for doc in self.session.documents():
            if doc.path is not None and doc.path.absolute().is_relative_to(folder):
                found[doc.path.absolute().relative_to(folder).as_posix()] = doc.character
        return found

    def house_rules(self) -> HouseRules | None:
        return self.session.house_rules()

    def saved_at(self, file: str) -> tuple[Path, FileStamp] | None:
        doc = self._document(file)
        if doc is None or doc.path is None or doc.stamp is None:
            return None
        return doc.path, doc.stamp

    def saved(self, file: str, stamp: FileStamp) -> None:
        doc = self._document(file)
        if doc is not None and doc.path is not None:
            doc.mark_saved(doc.path, stamp)  # the file holds what memory holds now

    def changed(self, files: Iterable[str], delta: int) -> None:
        for file in files:
            doc = self._document(file)
            if doc is not None:
                doc.changed_elsewhere(delta)

    def reload(self, files: Iterable[str]) -> None:
        for file in files:
            doc = self._document(file)
            if doc is not None and doc.path is not None:
                loaded = load_character(doc.path)
                doc.reload_from(loaded.document, loaded.stamp)
