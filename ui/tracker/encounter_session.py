"""One running encounter: its engine, the undo stack that drives the engine's commands,
where it is saved, and saving it together with the sheets its commands changed.

Saving goes through the save service as one save (issue 13.8): the encounter and every
sheet it changed land together, or the GM is asked (reload theirs / keep mine / save the
encounter as a copy / cancel) and no file changes. Python's garbage collector is frozen at
each round change: what a round leaves (log lines, undo records) stays for the evening, and a full
collection walking it would stall a turn (100+ ms at 500 combatants; bench/).
"""

from __future__ import annotations

import gc
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from sheets.encounter import CommandRecord, Engine
from sheets.storage import FileStamp
from ui.services.prompter import SAVE_DISCARD_CANCEL, Choice, Prompter, Question
from ui.tracker.commands import EncounterController
from ui.tracker.sheet_files import SheetFiles
from ui.workspace.save_service import Outcome, Part, SaveService


class EncounterSession(QObject):
    saved = Signal(object)  # the encounter's Path, after a save
    reloadRequested = Signal()  # the GM took the files' version: read them again

    def __init__(
        self,
        engine: Engine,
        prompter: Prompter,
        *,
        path: Path | None,
        stamp: FileStamp | None,
        sheets: SheetFiles | None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.engine = engine
        self.controller = EncounterController(engine, self)
        self.undo_stack = self.controller.undo_stack
        self.path = path
        self.stamp = stamp
        """The encounter file as last read or written (saving asks before overwriting a
        file changed elsewhere)."""
        self.sheets = sheets
        """The characters the engine plays, shared with the main window's open campaign
        when the tracker runs from it (no second copy)."""
        if sheets is not None:
            self.controller.sheetsChanged.connect(sheets.changed)
        self.save_service = SaveService(prompter, self)
        self.freeze_each_round = False

    def run(self, command: object) -> CommandRecord | None:
        """Run ``command`` as one undoable step; None when the rules refuse it."""
        start = self.engine.round
        record = self.controller.run(command)  # type: ignore[arg-type]
        if self.freeze_each_round and self.engine.round != start:
            gc.freeze()
        return record

    # --- saving --------------------------------------------------------------------------

    def save(self) -> bool:
        """Save the encounter and the character files its commands changed (R7 points,
        fear memories, sheet conditions), together."""
        from sheets.storage import SaveRisk

        if self.path is None:
            return False
        encounter = Part(self.engine.encounter, self.path, self.stamp)
        if self.stamp is None:  # a new encounter file: the builder asked already
            encounter.agreed.add(SaveRisk.EXISTS)
        sheets = self.sheets
        touched = [
            (file, where)
            for file in sorted(self.controller.touched)
            if sheets is not None and (where := sheets.saved_at(file)) is not None
        ]
        characters = self.engine.view.characters  # the very sheets the commands changed
        parts = [
            Part(characters[file], path, stamp, copyable=False) for file, (path, stamp) in touched
        ]
        result = self.save_service.save_parts(
            [encounter, *parts], self.engine.encounter.name, reload=self._take_theirs
        )
        if isinstance(result, Outcome):
            return result.settled
        self.path, self.stamp = encounter.path, result[0]
        if sheets is not None:
            for (file, _), stamp in zip(touched, result[1:], strict=True):
                sheets.saved(file, stamp)
        self.controller.touched.clear()
        self.undo_stack.setClean()
        self.saved.emit(encounter.path)
        return True

    def _take_theirs(self) -> bool:
        """Reload Theirs: this encounter's unsaved changes go; whoever shows the encounter
        reads it again (``reloadRequested``). Nothing unsaved is left."""
        if self.sheets is not None:
            self.sheets.reload(self.controller.touched - {"encounter"})
        self.controller.touched.clear()
        self.undo_stack.setClean()
        self.reloadRequested.emit()
        return True

    def may_close(self, prompter: Prompter) -> bool:
        """Unsaved changes: Save / Discard / Cancel. False: the window stays open."""
        if self.undo_stack.isClean():
            return True
        answer = prompter.ask(
            Question(
                self.tr("Unsaved encounter"),
                self.tr("Save the changes to %1 before closing?").replace(
                    "%1", self.engine.encounter.name
                ),
                SAVE_DISCARD_CANCEL,
                Choice.SAVE,
            )
        )
        if answer is Choice.CANCEL:
            return False
        return answer is Choice.DISCARD or self.save()
