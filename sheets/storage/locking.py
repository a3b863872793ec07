"""One writer at a time per folder: the check on disk and the replace happen under a lock.

Two copies of Wild Die (two windows, or a player and the GM on a shared folder) used to
check a file's stamp, then write it, each in its own time: both checks passed and the
later replace silently threw away the earlier save, and their backup rotations raced.
Every save now takes the folder's lock (``filelock``: a maintained cross-platform lock,
``fcntl.flock`` on POSIX and ``msvcrt.locking`` on Windows, released by the OS when a
process dies) for the whole check-then-replace, so a save either lands with its backup
or refuses with ``SaveConflict``.

The lock file is ``.wilddie.lock`` in the document's folder: it travels with nothing
(hidden, empty) and one lock per folder keeps the encounter-plus-sheets save simple.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Final

from sheets.storage.problems import SaveError

LOCK_NAME: Final = ".wilddie.lock"
LOCK_WAIT_S: Final = 10.0
"""How long a save waits for another writer (a save takes milliseconds; 10 s means a
writer is stuck, and the player is told instead of waiting forever)."""


def lock_path(folder: Path) -> Path:
    return folder / LOCK_NAME


@contextmanager
def folder_locked(folder: Path, *, wait_s: float = LOCK_WAIT_S) -> Iterator[None]:
    """Hold ``folder``'s writer lock; ``SaveError`` when another writer keeps it."""
    # filelock (and the logging it pulls in, ~11 ms) loads with the first save, not with
    # the campaign the first screen shows.
    from filelock import FileLock, Timeout

    lock = FileLock(lock_path(folder), timeout=wait_s, thread_local=False)
    try:
        lock.acquire()
    except Timeout:
        raise SaveError(
            f"cannot save in {folder}: another program has been saving there for "
            f"{wait_s:.0f} s; the previous file is unchanged"
        ) from None
    except OSError as error:
        raise SaveError(
            f"cannot save in {folder}: {error.strerror or error}; the previous file is unchanged"
        ) from error
    try:
        yield
    finally:
        lock.release()


@contextmanager
def folders_locked(folders: Iterable[Path], *, wait_s: float = LOCK_WAIT_S) -> Iterator[None]:
    """Hold several folders' locks, always taken in one order (no deadlock between two
    programs saving the same encounter and sheets)."""
    unique = sorted({os.path.realpath(folder) for folder in folders})
    with ExitStack() as stack:
        for folder in unique:
            stack.enter_context(folder_locked(Path(folder), wait_s=wait_s))
        yield
