"""Writing: atomic saves, conflict refusal, rotating backups beside the document."""

from __future__ import annotations

import hashlib
import os
import secrets
import stat
import sys
from pathlib import Path
from typing import Final

from sheets.documents import (
    MODELS,
    Document,
    DocumentType,
)
from sheets.storage.problems import DocumentError, SaveConflict, SaveError
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


def save_bytes(
    path: str | os.PathLike[str],
    data: bytes,
    *,
    opened: FileStamp | None = None,
    overwrite: bool = False,
    keep_backups: int = KEEP_BACKUPS,
) -> FileStamp:
    """Write ``data`` to ``path`` atomically, keeping the previous content as a backup.

    ``opened`` is the stamp from when the document was loaded: if the file's content has
    changed since, ``SaveConflict`` is raised (also when the file exists and ``opened`` is
    None) unless ``overwrite``. Raises ``SaveError`` when writing fails; the previous
    file is then unchanged. Returns the new stamp.
    """
    file = Path(path)
    folder = file.parent
    try:
        previous: bytes | None = file.read_bytes()
        mode: int | None = stat.S_IMODE(os.stat(file).st_mode)
    except FileNotFoundError:
        previous, mode = None, None
    except OSError as error:
        raise SaveError(f"cannot save {file}: {error.strerror or error}") from error
    if previous is not None and not overwrite:
        if opened is None:
            raise SaveConflict(file, "a file with this name already exists")
        if hashlib.sha256(previous).hexdigest() != opened.sha256:
            raise SaveConflict(file, "the file was changed by another program since it was opened")
    if previous == data:  # nothing to write: keep the file, its date and its backups
        info = os.stat(file)
        return FileStamp(info.st_mtime_ns, len(data), hashlib.sha256(data).hexdigest())
    temp: Path | None = None
    try:
        temp = _write_temp(folder, file.name, data, mode, sync=True)
        if previous is not None and keep_backups > 0:
            _rotate_backups(file, previous, keep_backups)
        os.replace(temp, file)
        temp = None
        _fsync_folder(folder)
        info = os.stat(file)
    except OSError as error:
        raise SaveError(
            f"cannot save {file}: {error.strerror or error}; the previous file is unchanged"
        ) from error
    finally:
        if temp is not None:
            temp.unlink(missing_ok=True)
    return FileStamp(info.st_mtime_ns, len(data), hashlib.sha256(data).hexdigest())


def save_document(
    document: Document,
    path: str | os.PathLike[str],
    *,
    opened: FileStamp | None = None,
    overwrite: bool = False,
    keep_backups: int = KEEP_BACKUPS,
) -> FileStamp:
    """Save a document atomically (see ``save_bytes``); returns the new stamp.

    The bytes are read back before anything is written: a document edited into a state
    that would not load (a list changed in place skips validation) raises
    ``DocumentError`` and the file is not touched. Never write what cannot be read back.
    """
    data = dump_document(document)
    parse_document(data, source=str(path), expect=document_type_of(document))
    return save_bytes(path, data, opened=opened, overwrite=overwrite, keep_backups=keep_backups)


def document_type_of(document: Document) -> DocumentType:
    """``character``, ``encounter`` or ``campaign``: which kind of file this document is."""
    for document_type, model in MODELS.items():
        if isinstance(document, model):
            return document_type
    raise TypeError(f"{type(document).__name__} is not a Wild Die document")
