"""One open character: the pydantic document, where it lives on disk, and its undo stack.

The seam between the main window (opens, saves, autosaves, shows tabs) and the sheet
editor (edits through QUndoCommands). Commands change ``character`` only through the
mutation methods here (``set_field``, ``insert_item``, ``remove_item``, ``move_item``,
``replace_character``); each one emits a precise signal before and after the change, so
every item model over this character (the ability tree, the weapons table) can emit its
own ``beginInsertRows``/``endInsertRows``/``dataChanged`` (novelWriter's pattern), and
``changed`` tells every other view to refresh.

The undo stack's clean state is the saved state (orange-canvas-core: ``cleanChanged``
drives the modified flag). Campaign-wide commands that live on another stack (R7 "start
session") change a character too: they call ``touch`` so the character still counts as
modified until it is saved or the command is undone.
"""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from sheets.documents import Character
from sheets.storage import FileStamp, SaveRisk


def validation_reason(error: ValidationError) -> str:
    """A pydantic error in the player's words, one line (the first error)."""
    from sheets.storage import describe_error

    details = error.errors(include_url=False)
    return describe_error(details[0]) if details else str(error)


class CharacterDocument(QObject):
    """An open character sheet. Views hold no game state: they read ``character``."""

    changed = Signal()  # after any edit, undo or redo: the whole sheet may have changed
    modifiedChanged = Signal(bool)  # True when there are unsaved changes
    pathChanged = Signal()
    # Precise change signals (emitted synchronously by the mutation methods):
    fieldChanged = Signal(object, str)  # (part, field name)
    itemsAboutToBeInserted = Signal(object, str, int, int)  # (owner, list field, first, last)
    itemsInserted = Signal(object, str, int, int)
    itemsAboutToBeRemoved = Signal(object, str, int, int)
    itemsRemoved = Signal(object, str, int, int)
    itemAboutToMove = Signal(object, str, int, int)  # (owner, list field, from, to)
    itemMoved = Signal(object, str, int, int)
    aboutToReset = Signal()
    reset = Signal()  # the whole character was replaced (revert, restore)

    def __init__(
        self,
        character: Character,
        path: Path | None = None,
        stamp: FileStamp | None = None,
        parent: QObject | None = None,
        *,
        folder: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.character = character
        self.path = path
        self.stamp = stamp
        self.folder = folder if folder is not None else (path.parent if path else None)
        """Where a new (never saved) character will be saved: its campaign's characters."""
        self.uid = uuid.uuid4().hex[:12]  # names the autosave of a never-saved document
        self.agreed: set[SaveRisk] = set()
        """Risks the player said yes to for this file (read-only, a link): not asked again
        until the path changes (ui.workspace.save_service)."""
        self.undo_stack = QUndoStack(self)
        self._outside = 0  # edits made by commands on other stacks (campaign commands)
        self._saved_outside = 0
        self._was_modified = False
        # Bound methods, not lambdas: Qt drops these connections when this object goes.
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self.undo_stack.indexChanged.connect(self._index_changed)

    # --- state -------------------------------------------------------------------------------

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean() or self._outside != self._saved_outside

    @property
    def title(self) -> str:
        return self.character.name or self.tr("Unnamed")

    def _clean_changed(self, _clean: bool) -> None:
        self._update_modified()

    def _index_changed(self, _index: int) -> None:
        self.changed.emit()

    def _update_modified(self) -> None:
        now = self.modified
        if now != self._was_modified:
            self._was_modified = now
            self.modifiedChanged.emit(now)

    def push(self, command: QUndoCommand) -> None:
        """Apply an edit: QUndoStack calls ``command.redo()`` now."""
        self.undo_stack.push(command)

    def notify(self) -> None:
        """A command changed the character outside the undo stack's own signals."""
        self.changed.emit()

    def touch(self, delta: int) -> None:
        """A command on another stack changed (+1) or restored (-1) this character."""
        self._outside += delta
        self._update_modified()
        self.changed.emit()

    def changed_elsewhere(self, delta: int) -> None:
        """An encounter command changed (+1) or its undo restored (-1) this character in
        place (the tracker plays this very object): views show it all again."""
        self.aboutToReset.emit()
        self.reset.emit()
        self.touch(delta)

    def mark_saved(self, path: Path, stamp: FileStamp) -> None:
        moved = path != self.path
        if moved:
            self.agreed = set()
        self.path, self.stamp = path, stamp
        self.folder = path.parent
        self._saved_outside = self._outside
        self.undo_stack.setClean()
        self._update_modified()
        if moved:
            self.pathChanged.emit()

    def reload_from(self, character: Character, stamp: FileStamp) -> None:
        """The file is the truth now: its character, its stamp, no undo history."""
        self.replace_character(character)
        self.undo_stack.clear()
        self.stamp = stamp
        self.discard_changes_marker()

    def discard_changes_marker(self) -> None:
        """Forget that there are unsaved changes (closing without saving, tests)."""
        self._saved_outside = self._outside
        self.undo_stack.setClean()
        self._update_modified()

    # --- checks (before a command is pushed: a refused edit never reaches the stack) -----------

    @staticmethod
    def checked_value(target: BaseModel, field: str, value: Any) -> Any:
        """``value`` as the model stores it (parsed, trimmed); ValueError with the reason.

        Tries the assignment (pydantic validates it, model validators included) and puts
        the old value back, so nothing changes here.
        """
        old = getattr(target, field)
        try:
            setattr(target, field, value)
        except ValidationError as error:
            raise ValueError(validation_reason(error)) from None
        normalised = getattr(target, field)
        target.__dict__[field] = old  # put back exactly the old object, no re-validation
        return normalised

    @classmethod
    def check_list(cls, owner: BaseModel, field: str, items: list[Any]) -> None:
        """ValueError with the reason when ``owner.field = items`` would be refused."""
        cls.checked_value(owner, field, items)

    # --- mutations (only commands call these) ------------------------------------------------

    def set_field(self, target: BaseModel, field: str, value: Any) -> None:
        setattr(target, field, value)
        self.fieldChanged.emit(target, field)

    def insert_item(self, owner: BaseModel, field: str, index: int, item: Any) -> None:
        items = list(getattr(owner, field))
        index = max(0, min(index, len(items)))
        items.insert(index, item)
        self.check_list(owner, field, items)
        self.itemsAboutToBeInserted.emit(owner, field, index, index)
        setattr(owner, field, items)
        self.itemsInserted.emit(owner, field, index, index)

    def remove_item(self, owner: BaseModel, field: str, index: int) -> Any:
        items = list(getattr(owner, field))
        item = items.pop(index)
        self.itemsAboutToBeRemoved.emit(owner, field, index, index)
        setattr(owner, field, items)
        self.itemsRemoved.emit(owner, field, index, index)
        return item

    def move_item(self, owner: BaseModel, field: str, source: int, target: int) -> None:
        """Move item ``source`` so that it ends at index ``target``."""
        items = list(getattr(owner, field))
        if source == target or not (0 <= source < len(items) and 0 <= target < len(items)):
            return
        self.itemAboutToMove.emit(owner, field, source, target)
        items.insert(target, items.pop(source))
        setattr(owner, field, items)
        self.itemMoved.emit(owner, field, source, target)

    def replace_character(self, character: Character) -> Character:
        """Swap in a whole new character (revert, restore); returns the old one."""
        old = self.character
        self.aboutToReset.emit()
        self.character = character
        self.reset.emit()
        self.changed.emit()
        return old
