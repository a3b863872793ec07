"""Writing: atomic saves under the folder's lock, questions before risky saves (changed,
deleted, read-only, linked files), rotating backups beside the document."""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import secrets
import stat
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from sheets.documents import (
    MODELS,
    Document,
    DocumentType,
)
from sheets.storage.locking import folders_locked, lock_path
from sheets.storage.problems import DocumentError, SaveConflict, SaveError, SaveRisk
from sheets.storage.reading import FileStamp, parse_document, read_file_bytes

BACKUP_FOLDER: Final = ".wilddie-backups"
KEEP_BACKUPS: Final = 5


def dump_document(document: Document) -> bytes:
    """The canonical bytes of a document: UTF-8, indent 2, model order, trailing newline."""
    return document.model_dump_json(indent=2).encode("utf-8") + b"\n"


def file_stamp(path: str | os.PathLike[str]) -> FileStamp:
    """The stamp of a file as it is now (reads it to hash it)."""
    data, info = read_file_bytes(Path(path))
    return FileStamp(info.st_mtime_ns, len(data), hashlib.sha256(data).hexdigest())


def changed_on_disk(path: str | os.PathLike[str], stamp: FileStamp) -> bool:
    """Whether the file's content differs from ``stamp`` (cheap when mtime and size match)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return True
    if info.st_mtime_ns == stamp.mtime_ns and info.st_size == stamp.size:
        return False
    try:
        return file_stamp(path).sha256 != stamp.sha256
    except DocumentError:
        return True


def backup_path(path: Path, number: int) -> Path:
    """``characters/ada.json`` -> ``characters/.wilddie-backups/ada.1.json`` (1 is newest)."""
    return path.parent / BACKUP_FOLDER / f"{path.stem}.{number}{path.suffix}"


def backups_of(path: str | os.PathLike[str]) -> list[Path]:
    """The existing backups of a document, newest first."""
    file = Path(path)
    found = []
    number = 1
    while (candidate := backup_path(file, number)).exists():
        found.append(candidate)
        number += 1
    return found


def _fsync_folder(folder: Path) -> None:
    if sys.platform == "win32":  # pragma: no cover - folders cannot be opened there
        return
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def _write_temp(folder: Path, name: str, data: bytes, mode: int | None, sync: bool) -> Path:
    """Write ``data`` to a new hidden temp file in ``folder``; returns its path."""
    temp = folder / f".{name}.{secrets.token_hex(4)}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    handle = os.open(temp, flags, 0o666)  # the umask applies, as for any new file
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            if sync:
                os.fsync(out.fileno())
        if mode is not None:
            os.chmod(temp, mode)  # keep the document's permissions across saves
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return temp


def _rotate_backups(path: Path, previous: bytes, keep: int) -> None:
    """Move backups one place older and keep ``previous`` as backup 1."""
    folder = path.parent / BACKUP_FOLDER
    folder.mkdir(exist_ok=True)
    for number in range(keep - 1, 0, -1):
        older = backup_path(path, number)
        if older.exists():
            os.replace(older, backup_path(path, number + 1))
    # A backup is a convenience: it is not fsynced, the document itself is.
    temp = _write_temp(folder, path.name, previous, None, sync=False)
    try:
        os.replace(temp, backup_path(path, 1))
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


@dataclass(frozen=True, slots=True)
class Write:
    """One file of a save: what to write where, and what the player already agreed to."""

    path: Path
    data: bytes
    opened: FileStamp | None = None
    """The stamp from when the document was read; None for a document never saved."""
    accept: frozenset[SaveRisk] = frozenset()


@dataclass(slots=True)
class _Plan:
    write: Write
    target: Path  # where the bytes go: the path, or the file its link points to
    previous: bytes | None
    mode: int | None


def _check(write: Write) -> _Plan:
    """Where ``write`` lands and what is there now; ``SaveConflict`` when it needs a yes.

    Runs under the folder's lock, so what it checks is still true at the replace.
    """
    file = write.path
    accept = write.accept
    target = file
    if file.is_symlink():
        if SaveRisk.LINK not in accept:
            raise SaveConflict(
                file,
                f"is a link to {os.path.realpath(file)}: saving writes to that file",
                SaveRisk.LINK,
            )
        target = Path(os.path.realpath(file))
    try:
        info = os.stat(target)
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(f"cannot save {file}: it is not a regular file")
        previous: bytes | None = target.read_bytes()
        mode: int | None = stat.S_IMODE(info.st_mode)
    except FileNotFoundError:
        previous, mode = None, None
    except OSError as error:
        raise SaveError(f"cannot save {file}: {error.strerror or error}") from error
    if previous is None:
        if write.opened is not None and SaveRisk.DELETED not in accept:
            raise SaveConflict(file, "the file was deleted since it was opened", SaveRisk.DELETED)
        return _Plan(write, target, None, None)
    if mode is not None and not mode & stat.S_IWUSR and SaveRisk.READ_ONLY not in accept:
        raise SaveConflict(file, "the file is marked read-only", SaveRisk.READ_ONLY)
    if write.opened is None:
        if SaveRisk.EXISTS not in accept:
            raise SaveConflict(file, "a file with this name already exists", SaveRisk.EXISTS)
    elif (
        hashlib.sha256(previous).hexdigest() != write.opened.sha256
        and SaveRisk.CHANGED not in accept
    ):
        raise SaveConflict(
            file, "the file was changed by another program since it was opened", SaveRisk.CHANGED
        )
    return _Plan(write, target, previous, mode)


def _replace(plan: _Plan, keep_backups: int) -> FileStamp:
    """Write the plan's bytes over its target atomically, the old content as backup 1."""
    data, target = plan.write.data, plan.target
    if plan.previous == data:  # nothing to write: keep the file, its date and its backups
        info = os.stat(target)
        return FileStamp(info.st_mtime_ns, len(data), hashlib.sha256(data).hexdigest())
    temp: Path | None = None
    try:
        temp = _write_temp(target.parent, target.name, data, plan.mode, sync=True)
        if plan.previous is not None and keep_backups > 0:
            _rotate_backups(target, plan.previous, keep_backups)
        os.replace(temp, target)
        temp = None
        _fsync_folder(target.parent)
        info = os.stat(target)
    finally:
        if temp is not None:
            temp.unlink(missing_ok=True)
    return FileStamp(info.st_mtime_ns, len(data), hashlib.sha256(data).hexdigest())


def _undo(plan: _Plan) -> None:
    """Put back what a plan replaced (a save of several files failed part-way)."""
    if plan.previous is None:
        plan.target.unlink(missing_ok=True)
        return
    temp = _write_temp(plan.target.parent, plan.target.name, plan.previous, plan.mode, sync=True)
    os.replace(temp, plan.target)


def save_together(writes: Sequence[Write], *, keep_backups: int = KEEP_BACKUPS) -> list[FileStamp]:
    """Save several files as one: every file lands (each with its backup) or none changes.

    Under the locks of every folder involved, all files are checked first (``SaveConflict``
    for the first that needs the player's yes: nothing is written then), then replaced one
    by one; if one replace fails, the ones already replaced get their old content back and
    ``SaveError`` is raised. An encounter and the sheets it changed are saved this way.
    Returns the new stamps, in order.
    """
    folders = [
        Path(os.path.realpath(w.path)).parent if w.path.is_symlink() else w.path.parent
        for w in writes
    ]
    with folders_locked(folders):
        plans = [_check(write) for write in writes]
        done: list[_Plan] = []
        stamps: list[FileStamp] = []
        try:
            for plan in plans:
                stamps.append(_replace(plan, keep_backups))
                done.append(plan)
        except OSError as error:
            for plan in reversed(done):
                with contextlib.suppress(OSError):
                    _undo(plan)
            failed = plans[len(done)].write.path
            raise SaveError(
                f"cannot save {failed}: {error.strerror or error}; "
                + ("the previous file is unchanged" if len(plans) == 1 else "no file was changed")
            ) from error
    return stamps


def save_bytes(
    path: str | os.PathLike[str],
    data: bytes,
    *,
    opened: FileStamp | None = None,
    overwrite: bool = False,
    accept: Iterable[SaveRisk] = (),
    keep_backups: int = KEEP_BACKUPS,
) -> FileStamp:
    """Write ``data`` to ``path`` atomically, keeping the previous content as a backup.

    ``opened`` is the stamp from when the document was loaded. A save that needs the
    player's yes raises ``SaveConflict`` with its ``risk`` (``SaveRisk``): the content
    changed since ``opened`` (or the file exists and ``opened`` is None), the file was
    deleted, is read-only or is a link; ``accept`` lists the risks agreed to, and
    ``overwrite`` agrees to the first three. Raises ``SaveError`` when writing fails; the
    previous file is then unchanged. Returns the new stamp.
    """
    agreed = set(accept)
    if overwrite:
        agreed |= {SaveRisk.CHANGED, SaveRisk.EXISTS, SaveRisk.DELETED}
    write = Write(Path(path), data, opened, frozenset(agreed))
    return save_together([write], keep_backups=keep_backups)[0]


def save_document(
    document: Document,
    path: str | os.PathLike[str],
    *,
    opened: FileStamp | None = None,
    overwrite: bool = False,
    accept: Iterable[SaveRisk] = (),
    keep_backups: int = KEEP_BACKUPS,
) -> FileStamp:
    """Save a document atomically (see ``save_bytes``); returns the new stamp.

    The bytes are read back before anything is written: a document edited into a state
    that would not load (a list changed in place skips validation) raises
    ``DocumentError`` and the file is not touched. Never write what cannot be read back.
    """
    data = checked_bytes(document, path)
    return save_bytes(
        path, data, opened=opened, overwrite=overwrite, accept=accept, keep_backups=keep_backups
    )


def checked_bytes(document: Document, path: str | os.PathLike[str]) -> bytes:
    """The bytes to save, read back first: ``DocumentError`` if they would not load."""
    data = dump_document(document)
    parse_document(data, source=str(path), expect=document_type_of(document))
    return data


def document_type_of(document: Document) -> DocumentType:
    """``character``, ``encounter`` or ``campaign``: which kind of file this document is."""
    for document_type, model in MODELS.items():
        if isinstance(document, model):
            return document_type
    raise TypeError(f"{type(document).__name__} is not a Wild Die document")


TEMP_NAME: Final = re.compile(r"^\..+\.[0-9a-f]{8}\.tmp$")
"""The names ``_write_temp`` gives its temp files: ``.NAME.json.1a2b3c4d.tmp``."""


def _temp_files(folder: Path) -> list[Path]:
    """Our own temp-file names in ``folder`` and its backups folder."""
    found: list[Path] = []
    for where in (folder, folder / BACKUP_FOLDER):
        try:
            entries = list(os.scandir(where))
        except OSError:
            continue
        found += [
            Path(e.path)
            for e in entries
            if TEMP_NAME.match(e.name) and e.is_file(follow_symlinks=False)
        ]
    return found


def remove_stale_temp_files(folder: Path) -> list[Path]:
    """Delete the temp files a killed save left in ``folder`` (and its backups folder).

    Only names of our own pattern, and only while no live writer holds the folder's lock
    (a writer's temp file exists only while it holds the lock). Returns what was removed;
    a folder that is locked, missing or read-only is left as it is. A folder with none
    is not touched at all (opening a campaign writes nothing, not even the lock file).
    """
    if not folder.is_dir() or not _temp_files(folder):
        return []
    from filelock import FileLock, Timeout  # loaded only when there is something to remove

    lock = FileLock(lock_path(folder), timeout=0, thread_local=False)
    try:
        lock.acquire()
    except (Timeout, OSError):
        return []
    removed: list[Path] = []
    try:
        for path in _temp_files(folder):  # again, under the lock: a writer may have finished
            try:
                path.unlink()
            except OSError:
                continue
            removed.append(path)
    finally:
        lock.release()
    return removed
