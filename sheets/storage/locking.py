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
import re
from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Final

from filelock import FileLock, Timeout

from sheets.storage.problems import SaveError

LOCK_NAME: Final = ".wilddie.lock"
LOCK_WAIT_S: Final = 10.0
"""How long a save waits for another writer (a save takes milliseconds; 10 s means a
writer is stuck, and the player is told instead of waiting forever)."""

TEMP_NAME: Final = re.compile(r"^\..+\.[0-9a-f]{8}\.tmp$")
"""The names ``saving._write_temp`` gives its temp files: ``.NAME.json.1a2b3c4d.tmp``."""


def lock_path(folder: Path) -> Path:
    return folder / LOCK_NAME


@contextmanager
def folder_locked(folder: Path, *, wait_s: float = LOCK_WAIT_S) -> Iterator[None]:
    """Hold ``folder``'s writer lock; ``SaveError`` when another writer keeps it."""
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


def remove_stale_temp_files(folder: Path) -> list[Path]:
    """Delete the temp files a killed save left in ``folder`` (and its backups folder).

    Only names of our own pattern, and only while no live writer holds the folder's lock
    (a writer's temp file exists only while it holds the lock). Returns what was removed;
    a folder that is locked, missing or read-only is left as it is.
    """
    from sheets.storage.saving import BACKUP_FOLDER  # saving imports this module

    if not folder.is_dir():
        return []
    lock = FileLock(lock_path(folder), timeout=0, thread_local=False)
    try:
        lock.acquire()
    except (Timeout, OSError):
        return []
    removed: list[Path] = []
    try:
        for where in (folder, folder / BACKUP_FOLDER):
            try:
                entries = list(os.scandir(where))
            except OSError:
                continue
            for entry in entries:
                if TEMP_NAME.match(entry.name) and entry.is_file(follow_symlinks=False):
                    try:
                        os.unlink(entry.path)
                    except OSError:
                        continue
                    removed.append(Path(entry.path))
    finally:
        lock.release()
    return removed
