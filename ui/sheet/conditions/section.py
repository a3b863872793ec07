"""What every part of the conditions widget shares: the character's document, the compact
flag, and the one way an edit reaches the character (an undoable command on its stack, a
refused edit reported as ``problem`` in the player's words)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QLayout, QWidget

from sheets.documents import Character
from ui import commands
from ui.workspace.character_document import CharacterDocument


class ConditionSection(QWidget):
    """One part of an element's conditions (R5); ``refresh`` redraws it from the sheet."""

    problem = Signal(str)  # a refused edit, in the player's words

    def __init__(self, doc: CharacterDocument, *, compact: bool) -> None:
        super().__init__()
        self.doc = doc
        self.compact = compact

    @property
    def character(self) -> Character:
        return self.doc.character

    def refresh(self) -> None:
        raise NotImplementedError

    def push(self, command: QUndoCommand | None) -> None:
        """One edit, one undo step; None is an edit that would change nothing."""
        if command is not None:
            self.doc.push(command)

    def try_push(self, make: Callable[[], QUndoCommand | None]) -> bool:
        """Push the command ``make`` builds; a rule it breaks becomes ``problem``."""
        try:
            self.push(make())
        except ValueError as error:
            self.problem.emit(str(error))
            return False
        return True

    def recover(self, instance_id: str) -> None:
        """R5: a recovered condition instance leaves the sheet (and its ranks the track)."""
        self.push(commands.recover_condition(self.doc, instance_id))


def clear_layout(layout: QLayout) -> None:
    """Remove and delete everything in a layout (nested layouts too)."""
    while layout.count():
        item = layout.takeAt(0)
        if item is None:
            break
        widget = item.widget()
        if widget is not None:
            widget.hide()
            widget.deleteLater()
            continue
        child = item.layout()
        if child is not None:
            clear_layout(child)
