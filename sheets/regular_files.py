"""Reading a file that is really a file: never a pipe, a device or a folder, never too big.

A campaign folder can hold anything a user or a sync tool put there: a FIFO named
``x.json`` (opening it blocks until someone writes), a link to ``/dev/zero`` (reads
forever), a folder named ``z.json``, a 50 MB file. The quick index at start-up and the
full load both read through here, with the one size cap. No pydantic here: the index
runs before the first paint.
"""

from __future__ import annotations

import os
import stat
from typing import Final, Literal

MAX_FILE_BYTES: Final = 20 * 1024 * 1024  # a character is a few kB; 20 MB is not a sheet
_FLAGS: Final = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


class NotAFile(OSError):
    """The path is a folder or a special file (pipe, device, socket)."""

    def __init__(self, kind: Literal["folder", "special"]) -> None:
        self.kind = kind
        super().__init__(
            "is a folder, not a file"
            if kind == "folder"
            else "is not a regular file (a pipe, a device or a socket)"
        )


class TooLarge(OSError):
    def __init__(self, cap: int) -> None:
        self.cap = cap
        super().__init__(f"is larger than {cap // (1024 * 1024)} MB")


def _check(info: os.stat_result, cap: int) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise NotAFile("folder")
    if not stat.S_ISREG(info.st_mode):
        raise NotAFile("special")
    if info.st_size > cap:
        raise TooLarge(cap)


def read_regular(path: str | os.PathLike[str], cap: int) -> tuple[bytes, os.stat_result]:
    """The bytes of the regular file at ``path`` (a link is followed to what it points at).

    Raises ``NotAFile``, ``TooLarge`` or another ``OSError`` (missing, no permission). The
    file is opened non-blocking and checked again on the open handle, so a file swapped
    for a pipe between the two looks is refused instead of blocking.
    """
    _check(os.stat(path), cap)
    handle = os.open(path, _FLAGS)
    try:
        info = os.fstat(handle)
        _check(info, cap)
        chunks: list[bytes] = []
        size = 0
        while size <= cap:
            chunk = os.read(handle, min(1 << 20, cap + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(handle)
    if size > cap:  # it grew while we looked
        raise TooLarge(cap)
    return b"".join(chunks), info
