"""Autosave and crash recovery for unsaved character sheets.

- Idle autosave: every edit restarts a timer; after ``idle_ms`` without edits (5 s by
  default) every document with unsaved changes is written to ``ui.services.paths.autosave_dir()``
  atomically (``sheets.storage.save_bytes``: temp file, fsync, replace). The document file
  itself is never touched: saving is the player's decision.
- An autosave is deleted when its document becomes clean again (saved, reverted, undone
  back to the saved state, or closed with "discard").
- After a crash the autosaves are still there: ``find_recoveries()`` lists them, and the
  main window asks "restore the unsaved changes to Kara?" for each one.

An autosave file holds the character and where it belongs::

    {"format": "wilddie-autosave", "version": 1, "path": ".../kara.json" | null,
     "folder": ".../characters", "title": "Kara", "saved_at": "2026-...",
     "document": {... the character ...}}
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from PySide6.QtCore import QObject, QTimer, Signal

from ui.services.paths import autosave_dir, autosave_path_for

if TYPE_CHECKING:
    from sheets.documents import Character
    from ui.workspace.character_document import CharacterDocument

FORMAT: Final = "wilddie-autosave"
IDLE_MS: Final = 5000


def autosave_file(doc: CharacterDocument) -> Path:
    """Where ``doc``'s unsaved changes go: by its path, or by its id if never saved."""
    if doc.path is not None:
        return autosave_path_for(doc.path)
    return autosave_dir() / f"unsaved-{doc.uid}.json"


def write_autosave(doc: CharacterDocument) -> Path:
    """Write ``doc``'s current state to its autosave file (atomically); returns the path."""
    from sheets.storage import dump_document, save_bytes

    payload = {
        "format": FORMAT,
        "version": 1,
        "path": str(doc.path.absolute()) if doc.path is not None else None,
        "folder": str(doc.folder.absolute()) if doc.folder is not None else None,
        "title": doc.title,
        "saved_at": datetime.now().astimezone().isoformat(timespec="seconds"),
        "document": json.loads(dump_document(doc.character)),
    }
    target = autosave_file(doc)
    target.parent.mkdir(parents=True, exist_ok=True)
    data = (json.dumps(payload, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    save_bytes(target, data, overwrite=True, keep_backups=0)
    return target


@dataclass(frozen=True)
class Recovery:
    """Unsaved changes found after a crash."""

    file: Path  # the autosave file
    path: Path | None  # the document it belongs to (None: never saved)
    folder: Path | None
    title: str
    saved_at: str
    character: Character

    def discard(self) -> None:
        self.file.unlink(missing_ok=True)


def find_recoveries(folder: Path | None = None) -> list[Recovery]:
    """Every readable autosave, oldest first. Unreadable ones are left alone (and skipped)."""
    from sheets.documents import Character
    from sheets.storage import DocumentError, parse_document

    base = folder or autosave_dir()
    if not base.is_dir():
        return []
    found: list[Recovery] = []
    for file in sorted(base.glob("*.json"), key=lambda p: p.stat().st_mtime):
        try:
            raw: Any = json.loads(file.read_text(encoding="utf-8"))
            if not isinstance(raw, dict) or raw.get("format") != FORMAT:
                continue
            data = json.dumps(raw["document"]).encode("utf-8")
            document, _migrated = parse_document(data, source=str(file), expect="character")
        except (OSError, ValueError, KeyError, TypeError, DocumentError):
            continue
        if not isinstance(document, Character):
            continue
        path = raw.get("path")
        where = raw.get("folder")
        found.append(
            Recovery(
                file=file,
                path=Path(path) if isinstance(path, str) else None,
                folder=Path(where) if isinstance(where, str) else None,
                title=str(raw.get("title") or document.name),
                saved_at=str(raw.get("saved_at") or ""),
                character=document,
            )
        )
    return found


class Autosaver(QObject):
    """Writes unsaved documents after a pause in editing; deletes autosaves that are stale."""

    saved = Signal(list)  # the autosave files written this time
    failed = Signal(str)

    def __init__(
        self,
        documents: Callable[[], Iterable[CharacterDocument]],
        idle_ms: int = IDLE_MS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._documents = documents
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(idle_ms)
        self._timer.timeout.connect(self.save_now)
        self._watched: set[int] = set()
        self.enabled = True

    @property
    def idle_ms(self) -> int:
        return self._timer.interval()

    def set_idle_ms(self, idle_ms: int) -> None:
        self._timer.setInterval(idle_ms)

    def watch(self, doc: CharacterDocument) -> None:
        if id(doc) in self._watched:
            return
        self._watched.add(id(doc))
        doc.changed.connect(self.poke)
        doc.modifiedChanged.connect(lambda modified, d=doc: None if modified else self.discard(d))
        doc.pathChanged.connect(self.poke)

    def poke(self) -> None:
        """An edit happened: (re)start the idle timer."""
        if self.enabled:
            self._timer.start()

    def pending(self) -> bool:
        return self._timer.isActive()

    def stop(self) -> None:
        self._timer.stop()

    def save_now(self) -> list[Path]:
        """Autosave every document with unsaved changes now."""
        self._timer.stop()
        written: list[Path] = []
        for doc in list(self._documents()):
            if not doc.modified:
                continue
            try:
                written.append(write_autosave(doc))
            except (OSError, ValueError) as error:  # a full disk must not stop the editing
                self.failed.emit(str(error))
        if written:
            self.saved.emit(written)
        return written

    @staticmethod
    def discard(doc: CharacterDocument) -> None:
        """The document is clean (or its changes were thrown away): no autosave needed."""
        with contextlib.suppress(OSError):
            autosave_file(doc).unlink(missing_ok=True)
