"""What is open: the campaign (one ``CampaignSession`` at a time) and the character files
opened from outside it, each a ``CharacterDocument`` (Vorta's profile provider: one owner
of the current documents, everyone else asks it).

The workspace also owns the ``DiskWatch`` (files changed behind an open sheet), made on
first use: the first paint does not wait for it. Its documents are the ones the save
service autosaves (the save service owns the autosaver).
"""

from __future__ import annotations

import gc
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from ui.campaign.index import CampaignIndex
    from ui.services.disk_watch import DiskWatch
    from ui.workspace.campaign_session import CampaignSession
    from ui.workspace.character_document import CharacterDocument
    from ui.workspace.save_service import SaveService


class Workspace(QObject):
    """The open campaign and documents; emits when either changes."""

    sessionChanged = Signal(object)  # CampaignSession | None
    documentAdded = Signal(object)  # CharacterDocument: loaded (campaign or standalone)
    changedOnDisk = Signal(object)  # CharacterDocument whose file changed behind it
    removedFromDisk = Signal(object)  # CharacterDocument whose file is gone

    def __init__(
        self, save_service: SaveService, parent: QObject | None = None, *, autosave_ms: int | None
    ) -> None:
        super().__init__(parent)
        self.save_service = save_service
        self.session: CampaignSession | None = None
        self.standalone: list[CharacterDocument] = []
        """Characters opened from outside any campaign (a file a player handed over)."""
        save_service.autosave(self.documents, autosave_ms)
        self._disk_watch: DiskWatch | None = None
        self.documentAdded.connect(self._watch)

    def _watch(self, doc: CharacterDocument) -> None:
        """A loaded document is autosaved and its file watched."""
        self.save_service.autosaver.watch(doc)
        self.disk_watch.schedule_refresh()
        doc.pathChanged.connect(self.disk_watch.schedule_refresh)

    # --- documents ---------------------------------------------------------------------------

    def documents(self) -> list[CharacterDocument]:
        """Every loaded character: the campaign's and those opened from elsewhere."""
        docs = self.session.documents() if self.session is not None else []
        return [*docs, *self.standalone]

    def document_at(self, path: Path) -> CharacterDocument | None:
        """The loaded document of ``path`` (campaign first), or None."""
        if self.session is not None:
            doc = self.session.document_at(path)
            if doc is not None:
                return doc
        wanted = path.absolute()
        return next(
            (d for d in self.standalone if d.path is not None and d.path.absolute() == wanted),
            None,
        )

    def add_standalone(self, doc: CharacterDocument) -> None:
        doc.setParent(self)
        self.standalone.append(doc)
        self.documentAdded.emit(doc)

    # --- the campaign ------------------------------------------------------------------------

    def open_session(self, index: CampaignIndex) -> CampaignSession:
        """The campaign listed in ``index`` becomes the open one (the old one is closed)."""
        from ui.workspace.campaign_session import CampaignSession

        self.close_session()
        session = CampaignSession(index, self, saver=self.save_service)
        session.documentAdded.connect(self.documentAdded)
        self.session = session
        self.sessionChanged.emit(session)
        return session

    def close_session(self) -> None:
        if self.session is None:
            return
        session, self.session = self.session, None
        session.deleteLater()
        gc.unfreeze()  # its documents were frozen out of the collector's sight (_attach)
        self.sessionChanged.emit(None)

    # --- the watching services ---------------------------------------------------------------

    @property
    def disk_watch(self) -> DiskWatch:
        """Notices sheets whose files changed behind them (the tracker saves sheets too)."""
        if self._disk_watch is None:
            from ui.services.disk_watch import DiskWatch

            self._disk_watch = DiskWatch(self.documents, self)
            self._disk_watch.changedOnDisk.connect(self.changedOnDisk)
            self._disk_watch.removedFromDisk.connect(self.removedFromDisk)
        return self._disk_watch
