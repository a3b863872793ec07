"""Engine commands as QUndoCommands, and the controller that runs them for the window.

One QUndoCommand class wraps any engine command: the first ``redo`` is the ``apply`` the
controller already made (so a refusal pushes nothing), later ones ``reapply``; ``undo``
is ``revert``. The engine keeps its own LIFO of records, which the QUndoStack mirrors.

After every change the controller says which combatants it touched (``changed``), so
the initiative table updates only their rows (see :func:`affected`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from sheets.encounter import (
    Check,
    Command,
    CommandRecord,
    CommandRefused,
    Concede,
    Engine,
    GiveTurn,
    NextTurn,
    SpendRanks,
)
from sheets.encounter.durations import ROUND_END

PER_ROW_FIELDS = ("combatant", "actor", "target", "owner", "helper", "primary", "attacker")


@dataclass(frozen=True, slots=True)
class Before:
    """What the controller notes before a command, to know afterwards what it touched."""

    actor: str | None
    round: int
    order: tuple[str, ...]
    anchored: dict[str, frozenset[str]]
    """Anchor -> the owners of the timed conditions it counts down (R6)."""


def capture(engine: Engine) -> Before:
    anchored = {
        anchor: frozenset(owner for owner, _ in bucket)
        for anchor, bucket in engine.view.anchored.items()
    }
    return Before(engine.current(), engine.round, tuple(engine.encounter.turn_order), anchored)


def affected(engine: Engine, record: CommandRecord, before: Before) -> frozenset[str] | None:
    """The combatants whose rows a command changed; None: every row (a new round resets
    every budget, the scene end clears conditions, fear touches every hero)."""
    command = record.command
    if engine.round != before.round:
        return None
    ids: set[str] = set()
    for name in PER_ROW_FIELDS:
        value = getattr(command, name, None)
        if isinstance(value, str):
            ids.add(value)
    if isinstance(command, NextTurn | GiveTurn):
        ended = [before.actor, *record.outcome.data.get("skipped", [])]
        for anchor in (*ended, ROUND_END):
            if isinstance(anchor, str):
                ids.add(anchor)
                ids.update(before.anchored.get(anchor, ()))
        actor = record.outcome.data.get("actor")
        if isinstance(actor, str):
            ids.add(actor)
    elif isinstance(command, SpendRanks):
        checks = engine.encounter.engine_state.get("checks")
        check = checks.get(command.check_id) if isinstance(checks, dict) else None
        if isinstance(check, dict):
            ids.update(str(v) for v in (check.get("actor"), check.get("target")) if v)
    elif isinstance(command, Concede):
        ids.update(command.combatants)
        if command.side is not None:
            key = command.side.casefold()
            ids.update(c.id for c in engine.encounter.combatants if c.side.casefold() == key)
    elif isinstance(command, Check):
        pass
    elif not ids:
        return None
    files = {f for f in record.touched if f != "encounter"}
    if files:
        ids.update(c.id for c in engine.encounter.combatants if c.character_file in files)
    return frozenset(ids)


class EngineUndoCommand(QUndoCommand):
    """One engine command on the tracker's undo stack."""

    def __init__(
        self, controller: EncounterController, record: CommandRecord, rows: frozenset[str] | None
    ) -> None:
        text = record.outcome.text
        super().__init__(text if len(text) <= 90 else text[:87] + "...")
        self.controller = controller
        self.record = record
        self.rows = rows
        self._first = True

    def redo(self) -> None:
        if self._first:
            self._first = False  # the controller applied it already
        else:
            self.controller.engine.reapply(self.record)
            self.controller.touched.update(self.record.touched)
        self.controller.notify(self.rows)

    def undo(self) -> None:
        self.controller.engine.revert(self.record)
        # The files it changed change back: save them again too, even after a save
        # (a scene end undone must take its conditions off the sheet on disk, R5).
        self.controller.touched.update(self.record.touched)
        self.controller.notify(self.rows)


class EncounterController(QObject):
    """Runs commands through the engine and the undo stack; reports what changed."""

    changed = Signal(object)  # frozenset[str] | None: combatants whose rows changed
    refused = Signal(str)  # the rules said no: the reason, for the status bar
    applied = Signal(object)  # CommandRecord: a command ran for the first time

    def __init__(self, engine: Engine, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.engine = engine
        self.undo_stack = QUndoStack(self)
        self.touched: set[str] = set()
        """Character files changed since the last save (``CommandRecord.touched``)."""
        self._listeners: list[Callable[[frozenset[str] | None], None]] = []

    def run(self, command: Command) -> CommandRecord | None:
        """Apply ``command``; on a refusal emit ``refused`` and push nothing."""
        before = capture(self.engine)
        try:
            record = self.engine.apply(command)
        except CommandRefused as error:
            self.refused.emit(str(error))
            return None
        rows = affected(self.engine, record, before)
        self.touched.update(record.touched)
        self.undo_stack.push(EngineUndoCommand(self, record, rows))
        self.applied.emit(record)
        return record

    def notify(self, rows: frozenset[str] | None) -> None:
        self.changed.emit(rows)

    def last_command(self) -> Command | None:
        """The engine command the next undo would revert, if any."""
        index = self.undo_stack.index()
        if index == 0:
            return None
        top = self.undo_stack.command(index - 1)
        if isinstance(top, EngineUndoCommand):
            return top.record.command
        if top is not None and top.childCount():
            child = top.child(top.childCount() - 1)
            if isinstance(child, EngineUndoCommand):
                return child.record.command
        return None
