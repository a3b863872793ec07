"""The engine's own undo history, for callers without one of their own.

The tracker window's QUndoStack is its one history: it makes the engine with
``history=False`` and undoes a command by ``Engine.revert(record)``. Scripts, the tests
and the benchmarks have no QUndoStack; they keep this LIFO of records instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sheets.encounter.engine import CommandRecord


class History:
    """Applied and undone commands, last first; undo and redo only at the top (LIFO)."""

    __slots__ = ("done", "undone")

    def __init__(self) -> None:
        self.done: list[CommandRecord] = []
        self.undone: list[CommandRecord] = []

    def applied(self, record: CommandRecord) -> None:
        self.done.append(record)
        self.undone.clear()

    def reverting(self, record: CommandRecord) -> None:
        if not self.done or self.done[-1] is not record:
            raise ValueError("only the last command applied can be undone")
        self.undone.append(self.done.pop())

    def reapplying(self, record: CommandRecord) -> None:
        if not self.undone or self.undone[-1] is not record:
            raise ValueError("only the last command undone can be redone")
        self.done.append(self.undone.pop())
