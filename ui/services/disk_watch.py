"""Noticing character files that changed on disk behind an open sheet.

The encounter tracker saves the sheets it changes (wounds, action points, fear memories,
conditions that outlast the scene), and a sync tool or another copy of the app may too.
Watching the folders of the loaded sheets (one watch a folder, which also survives the
temp-file-then-replace saves) and comparing each file with the stamp the sheet was read
or saved with tells which sheets are stale. The main window decides what to do: reload
a sheet with no unsaved changes, warn about one with changes (saving it asks first).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

if TYPE_CHECKING:
    from ui.workspace.character_document import CharacterDocument

SETTLE_MS = 250  # a save is several events (temp file, replace, backups): wait them out


class DiskWatch(QObject):
    """Emits ``changedOnDisk(doc)`` when a loaded sheet's file no longer holds what the
    sheet was read or saved with (the app's own saves update the stamp first)."""

    changedOnDisk = Signal(object)  # CharacterDocument
    removedFromDisk = Signal(object)  # CharacterDocument

    def __init__(
        self, documents: Callable[[], Iterable[CharacterDocument]], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._documents = documents
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(SETTLE_MS)
        self._settle.timeout.connect(self.check)
        self._watcher = QFileSystemWatcher(self)
        self._watcher.directoryChanged.connect(lambda _folder: self._settle.start())
        self._refresh = QTimer(self)
        self._refresh.setSingleShot(True)
        self._refresh.setInterval(0)
        self._refresh.timeout.connect(self.refresh)
        # What was told about each sheet: (mtime, size) of the file version reported.
        self._reported: weakref.WeakKeyDictionary[CharacterDocument, tuple[int, int]] = (
            weakref.WeakKeyDictionary()
        )

    def schedule_refresh(self) -> None:
        """Refresh once the event loop is back (a campaign adds its sheets one by one)."""
        self._refresh.start()

    def refresh(self) -> None:
        """Watch exactly the folders that hold a loaded sheet."""
        wanted = {str(doc.path.parent) for doc in self._documents() if doc.path is not None}
        current = set(self._watcher.directories())
        if current - wanted:
            self._watcher.removePaths(sorted(current - wanted))
        if wanted - current:
            self._watcher.addPaths(sorted(wanted - current))

    def folders(self) -> list[str]:
        return sorted(self._watcher.directories())

    def check(self) -> None:
        """Compare every loaded sheet with its file; report each change once."""
        from sheets.storage import changed_on_disk

        for doc in list(self._documents()):
            if doc.path is None or doc.stamp is None:
                continue
            try:
                info = doc.path.stat()
            except FileNotFoundError:
                self._report(doc, (0, -1), self.removedFromDisk.emit)
                continue
            except OSError:
                continue
            if not changed_on_disk(doc.path, doc.stamp):
                self._reported.pop(doc, None)
                continue
            self._report(doc, (info.st_mtime_ns, info.st_size), self.changedOnDisk.emit)

    def _report(
        self, doc: CharacterDocument, seen: tuple[int, int], tell: Callable[[object], object]
    ) -> None:
        if self._reported.get(doc) == seen:
            return  # told already about this very version
        self._reported[doc] = seen
        tell(doc)
