"""Upgrading files written by older versions of Wild Die.

The file format version is ``MAJOR.MINOR`` (``schema_version`` in every document):

- an older major is upgraded one step at a time by the chain below, in memory only (the
  file on disk is untouched until the player saves; the save keeps a backup);
- a newer minor of the current major is read as is: its extra fields are unknown here and
  are kept (the models allow extra fields), and the file keeps its version when saved;
- a newer major is refused with a message that says to update Wild Die.

To change the format incompatibly: bump ``SCHEMA_MAJOR`` in ``sheets.documents.common``,
add ``MIGRATIONS[old_major]`` here, and add a fixture file of the old version to
``tests/fixtures/documents/v<old_major>/`` (one per document type, never edited again).
A step receives any document type (look at ``kind``) and must also upgrade the character
documents an encounter holds inline (``combatants[].character``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

from sheets.documents.common import SCHEMA_MAJOR, SCHEMA_MINOR

JsonObject = dict[str, Any]
Migration = Callable[[JsonObject], JsonObject]

CURRENT_VERSION: tuple[int, int] = (SCHEMA_MAJOR, SCHEMA_MINOR)

# MIGRATIONS[n] upgrades a document of format n.x to (n+1).0. Format 1 is the first shipped,
# so the chain is empty for now; tests exercise the machinery with a step of their own.
MIGRATIONS: dict[int, Migration] = {}

_VERSION: Final = re.compile(r"^([0-9]{1,4})\.([0-9]{1,4})$")


class SchemaVersionError(ValueError):
    """The file's format version cannot be read by this app; the message says why."""


def parse_schema_version(value: object) -> tuple[int, int]:
    """``"1.0"`` -> ``(1, 0)``; a bare whole number ``2`` means ``2.0``."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value < 10_000:
        return value, 0
    if isinstance(value, str) and (match := _VERSION.match(value.strip())):
        return int(match[1]), int(match[2])
    if value is None:
        raise SchemaVersionError("the file has no schema_version: is it a Wild Die file?")
    raise SchemaVersionError(
        f'schema_version {value!r} is not a file format version like "{format_version()}"'
    )


def format_version(version: tuple[int, int] | None = None) -> str:
    major, minor = version if version is not None else CURRENT_VERSION
    return f"{major}.{minor}"


def migrate(data: JsonObject) -> tuple[JsonObject, str | None]:
    """Bring a parsed document up to the current format, in memory.

    Returns the upgraded document and the version it was upgraded from (None when it
    needed nothing). Raises ``SchemaVersionError`` for a newer major or a missing step.
    """
    found = parse_schema_version(data.get("schema_version"))
    current_major, current_minor = CURRENT_VERSION
    major, minor = found
    if major > current_major:
        raise SchemaVersionError(
            f"the file was written by a newer Wild Die (file format {format_version(found)}); "
            f"this version reads format {current_major}.x: update Wild Die to open it"
        )
    upgraded = False
    while major < current_major:
        step = MIGRATIONS.get(major)
        if step is None:
            raise SchemaVersionError(
                f"file format {format_version(found)} is too old: "
                f"no upgrade from format {major}.x is known"
            )
        data = step(data)
        major, minor = major + 1, 0
        upgraded = True
    if minor < current_minor:
        minor, upgraded = current_minor, True  # defaults fill the fields added since
    # A newer minor keeps its number: its unknown fields are still in the document.
    if upgraded or data.get("schema_version") != format_version((major, minor)):
        data["schema_version"] = format_version((major, minor))
    return data, format_version(found) if upgraded else None
