"""Work that follows a command but must not hold back its frame.

After Next turn the initiative table's new rows are what the GM waits for; the act
panel's re-sync, the log's new lines, the R6 scene-over check and the player view can
come a moment later. ``QTimer.singleShot(0, ...)`` is not late enough: its call is an
ordinary posted event, handled before Qt's repaint requests (posted at low priority), so
all of it ran inside the frame (bench/bench_tracker.py: a round change's frame held
the log's repaint and the scene-over walk over every combatant).
"""

from __future__ import annotations

from collections.abc import Callable
from inspect import ismethod
from typing import Final
from weakref import WeakMethod

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt

AFTER_REPAINTS_EVENT: Final = QEvent.Type(QEvent.registerEventType())
"""The event an ``AfterRepaints`` posts to itself."""
AFTER_REPAINTS: Final = Qt.EventPriority.LowEventPriority.value - 1
"""Below ``QEvent.UpdateRequest``'s low priority: handled after the pending repaints."""


class AfterRepaints(QObject):
    """Calls ``job`` once after the repaints pending when it was scheduled; scheduling
    again before then changes nothing (the job reads the state it finds when it runs).
    A posted event dies with its receiver, so nothing runs after the owner is gone.

    A job that is a method is held weakly: its object is mostly this one's parent, and
    a strong hold made a cycle (parent -> this child -> the bound method -> parent)
    that only Python's cycle collector could free, at any moment, once inside the
    player view's own table paint, which then painted a deleted widget (a crash)."""

    def __init__(self, job: Callable[[], None], parent: QObject) -> None:
        super().__init__(parent)
        self._job: Callable[[], Callable[[], None] | None] = (
            WeakMethod(job) if ismethod(job) else lambda: job
        )
        self.pending = False

    def schedule(self) -> None:
        if not self.pending:
            self.pending = True
            QCoreApplication.postEvent(self, QEvent(AFTER_REPAINTS_EVENT), AFTER_REPAINTS)

    def run_now(self) -> None:
        """Run a scheduled job at once (a caller that needs its result now)."""
        if self.pending:
            self.pending = False
            job = self._job()
            if job is not None:  # its object is gone: nothing left to update
                job()

    def event(self, event: QEvent) -> bool:
        if event.type() == AFTER_REPAINTS_EVENT:
            self.run_now()
            return True
        return super().event(event)
