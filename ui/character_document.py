"""One open character: the pydantic document, where it lives on disk, and its undo stack.

The seam between the main window (opens, saves, autosaves, shows tabs) and the sheet
editor (edits through QUndoCommands). Commands change ``character`` through ``sheets`` and
then call ``notify`` so every view of this character can refresh; item models emit their
own precise signals too. The undo stack's clean state is the saved state
(orange-canvas-core: ``cleanChanged`` drives the modified flag)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from sheets.documents import Character
from sheets.storage import FileStamp


class CharacterDocument(QObject):
    """An open character sheet. Views hold no game state: they read ``character``."""

    changed = Signal()  # after any edit, undo or redo: the whole sheet may have changed
    modifiedChanged = Signal(bool)  # True when there are unsaved changes
    pathChanged = Signal()

    def __init__(
        self,
        character: Character,
        path: Path | None = None,
        stamp: FileStamp | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.character = character
        self.path = path
        self.stamp = stamp
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(lambda clean: self.modifiedChanged.emit(not clean))
        self.undo_stack.indexChanged.connect(lambda _index: self.changed.emit())

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    @property
    def title(self) -> str:
        return self.character.name or self.tr("Unnamed")

    def push(self, command: QUndoCommand) -> None:
        """Apply an edit: QUndoStack calls ``command.redo()`` now."""
        self.undo_stack.push(command)

    def notify(self) -> None:
        """A command changed the character outside the undo stack's own signals."""
        self.changed.emit()

    def mark_saved(self, path: Path, stamp: FileStamp) -> None:
        moved = path != self.path
        self.path, self.stamp = path, stamp
        self.undo_stack.setClean()
        if moved:
            self.pathChanged.emit()
