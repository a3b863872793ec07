"""Bring characters over from other tools: recognise an export, convert it, save it.

For the app (File > Import, a file dropped on the window) and ``wilddie import``::

    data = path.read_bytes()               # or storage's size-guarded reading
    if detect(data) == "od6s":             # None: not an export we know (a Wild Die
        result = import_od6s(data, source=str(path))   # file? open it instead)
        # result.character, result.report (lines; result.summary is the first)
        saved = save_into_campaign(result.character, campaign_folder)

``import_character`` does the detect-and-dispatch in one call. Every importer raises
``sheets.storage.DocumentError`` (``.problems``: one readable line each) and creates
nothing when the export is malformed or hostile.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from sheets.documents import Character
from sheets.importers.od6s import FORMAT, ImportResult, import_od6s, load_json, looks_like_od6s
from sheets.storage import (
    CHARACTERS_FOLDER,
    MAX_FILE_BYTES,
    DocumentError,
    Problem,
    SaveConflict,
    SaveError,
    file_name_for,
    save_document,
)

IMPORTERS: Final[dict[str, Callable[..., ImportResult]]] = {FORMAT: import_od6s}
"""Format name (what ``detect`` returns) -> ``importer(data, *, source) -> ImportResult``."""


def detect(data: bytes) -> str | None:
    """``"od6s"`` when the bytes look like an od6s actor export, else None. Never raises.

    A Wild Die document gives None (it has ``kind``, not an od6s ``type`` and ``system``).
    """
    if len(data) > MAX_FILE_BYTES:
        return None
    try:
        raw = load_json(data, "<data>")
    except DocumentError:
        return None
    return FORMAT if looks_like_od6s(raw) else None


def import_character(data: bytes, *, source: str) -> ImportResult:
    """Detect the format and import; ``DocumentError`` when it is none we know."""
    found = detect(data)
    if found is None:
        raise DocumentError(
            [
                Problem(
                    source,
                    "",
                    "is not a character export Wild Die can import "
                    "(an actor exported from Foundry VTT's od6s system)",
                    "wrong_kind",
                )
            ]
        )
    return IMPORTERS[found](data, source=source)


def target_path(
    character: Character, campaign_folder: str | os.PathLike[str], also_taken: Sequence[str] = ()
) -> Path:
    """Where ``save_into_campaign`` would put the character now (for a dry run)."""
    folder = Path(campaign_folder) / CHARACTERS_FOLDER
    taken = [*_names_in(folder), *also_taken]
    return folder / file_name_for(character.name, taken)


def save_into_campaign(character: Character, campaign_folder: str | os.PathLike[str]) -> Path:
    """Save as ``CAMPAIGN/characters/<name>.json`` under a new name; never overwrites.

    Atomic (``save_document``): a failure leaves no partial file. Raises ``SaveError``.
    """
    folder = Path(campaign_folder) / CHARACTERS_FOLDER
    try:
        folder.mkdir(exist_ok=True)
    except OSError as error:
        raise SaveError(f"cannot create {folder}: {error.strerror or error}") from error
    for _ in range(20):
        target = target_path(character, campaign_folder)
        try:
            save_document(character, target)  # no ``opened``: refuses an existing file
        except SaveConflict:
            continue  # another program took the name since we looked: pick the next one
        return target
    raise SaveError(f"cannot find a free file name for {character.name!r} in {folder}")


def _names_in(folder: Path) -> list[str]:
    try:
        return [entry.name for entry in folder.iterdir()]
    except OSError:
        return []


__all__ = [
    "IMPORTERS",
    "ImportResult",
    "detect",
    "import_character",
    "import_od6s",
    "save_into_campaign",
    "target_path",
]
