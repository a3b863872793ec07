"""Python's cycle collector stays on the GUI thread while worker threads run Python.

A collection runs in whichever thread crosses the allocation threshold. Run in a worker
(the odds worker's pool, the campaign loader), it finalizes whatever garbage there is,
Qt wrappers of dead widgets included, and deleting a QObject off the GUI thread crashes
the process: a test run caught it (a segfault "Garbage-collecting" inside the odds
computation). So the GUI thread turns automatic collection off while any worker runs and
back on when the last one is done; both calls come from the GUI thread, so no lock.
"""

from __future__ import annotations

import gc

_running = 0
_was_enabled = True


def worker_started() -> None:
    """Call on the GUI thread just before a worker thread starts running Python."""
    global _running, _was_enabled
    if _running == 0:
        _was_enabled = gc.isenabled()
        gc.disable()
    _running += 1


def worker_finished() -> None:
    """Call on the GUI thread once that worker has stopped running Python."""
    global _running
    if _running == 0:
        return
    _running -= 1
    if _running == 0 and _was_enabled:
        gc.enable()


def workers_running() -> int:
    return _running
