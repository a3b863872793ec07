"""Engine commands as QUndoCommands, and the controller that runs them for the window.

One QUndoCommand class wraps any engine command: the first ``redo`` is the ``apply`` the
controller already made (so a refusal pushes nothing), later ones ``reapply``; ``undo``
is ``revert``. The QUndoStack is the one history: the tracker's engine keeps none.

After every change the controller passes on which combatants the command changed, as
the engine recorded them (``CommandRecord.rows``), so the initiative table and the
player view update exactly those rows.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from sheets.encounter import (
    Command,
    CommandRecord,
    CommandRefused,
    Engine,
)


class EngineUndoCommand(QUndoCommand):
    """One engine command on the tracker's undo stack."""

    def __init__(self, controller: EncounterController, record: CommandRecord) -> None:
        text = record.outcome.text
        super().__init__(text if len(text) <= 90 else text[:87] + "...")
        self.controller = controller
        self.record = record
        self._first = True

    def redo(self) -> None:
        if self._first:
            self._first = False  # the controller applied it already
        else:
            self.controller.engine.reapply(self.record)
            self.controller.touched.update(self.record.touched)
            self.controller.sheets_changed(self.record, +1)
        self.controller.notify(self.record)

    def undo(self) -> None:
        self.controller.engine.revert(self.record)
        # The files it changed change back: save them again too, even after a save
        # (a scene end undone must take its conditions off the sheet on disk, R5).
        self.controller.touched.update(self.record.touched)
        self.controller.sheets_changed(self.record, -1)
        self.controller.notify(self.record)


class EncounterController(QObject):
    """Runs commands through the engine and the undo stack; reports what changed."""

    # (rows, marked): CommandRecord.rows, the combatants whose rows changed (None: every
    # row), and CommandRecord.marked, those the command changed themselves
    changed = Signal(object, object)
    refused = Signal(str)  # the rules said no: the reason, for the status bar
    applied = Signal(object)  # CommandRecord: a command ran for the first time
    sheetsChanged = Signal(object, int)  # (character files, +1 changed / -1 restored)

    def __init__(self, engine: Engine, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.engine = engine
        self.undo_stack = QUndoStack(self)
        self.touched: set[str] = set()
        """Character files changed since the last save (``CommandRecord.touched``)."""

    def run(self, command: Command) -> CommandRecord | None:
        """Apply ``command``; on a refusal emit ``refused`` and push nothing."""
        try:
            record = self.engine.apply(command)
        except CommandRefused as error:
            self.refused.emit(str(error))
            return None
        self.touched.update(record.touched)
        self.sheets_changed(record, +1)
        self.undo_stack.push(EngineUndoCommand(self, record))
        self.applied.emit(record)
        return record

    def sheets_changed(self, record: CommandRecord, delta: int) -> None:
        files = record.touched - {"encounter"}
        if files:
            self.sheetsChanged.emit(files, delta)

    def notify(self, record: CommandRecord) -> None:
        self.changed.emit(record.rows, record.marked)

    def last_record(self) -> CommandRecord | None:
        """The record of the engine command the next undo would revert, if any."""
        index = self.undo_stack.index()
        if index == 0:
            return None
        top = self.undo_stack.command(index - 1)
        if isinstance(top, EngineUndoCommand):
            return top.record
        if top is not None and top.childCount():
            child = top.child(top.childCount() - 1)
            if isinstance(child, EngineUndoCommand):
                return child.record
        return None

    def last_command(self) -> Command | None:
        """The engine command the next undo would revert, if any."""
        record = self.last_record()
        return record.command if record is not None else None
