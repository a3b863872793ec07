"""A quick look at a campaign folder with the standard ``json`` module, before pydantic.

The browser lists the campaign from this index at start-up (cold start matters: importing
pydantic and the document models costs about as much as starting Qt), then the full,
validated load (``sheets.storage.open_campaign``) fills in the documents and any problems
once the window has painted. Nothing here validates anything: a file that does not parse
is listed by its file name and the full load says what is wrong with it.

Parsed with Qt's own JSON reader (QtCore is loaded already) and written without
dataclasses: ``json`` and ``dataclasses`` cost milliseconds to import before the first
paint, this costs none.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from PySide6.QtCore import QByteArray, QJsonDocument

from sheets.regular_files import MAX_FILE_BYTES, NotAFile, TooLarge, read_regular

CAMPAIGN_FILE: Final = "campaign.json"
CHARACTERS_FOLDER: Final = "characters"
ENCOUNTERS_FOLDER: Final = "encounters"


class CampaignEntry:
    """One row of the campaign browser: a character file or an encounter file.

    ``relative``: ``characters/greta-vance.json``, the path inside the campaign folder;
    ``kind``: character, npc, creature, vehicle, object, location, or encounter;
    ``problem``: why the file could not be loaded (after the full load), else None;
    ``document``: the ``CharacterDocument`` once loaded (characters only).
    """

    __slots__ = (
        "details",
        "document",
        "importance",
        "kind",
        "name",
        "path",
        "player",
        "problem",
        "relative",
    )

    def __init__(
        self,
        relative: str,
        path: Path,
        kind: str,
        name: str,
        player: str = "",
        importance: str = "",
        problem: str | None = None,
        document: Any = None,
        details: dict[str, Any] | None = None,
    ) -> None:
        self.relative = relative
        self.path = path
        self.kind = kind
        self.name = name
        self.player = player
        self.importance = importance
        self.problem = problem
        self.document = document
        self.details: dict[str, Any] = details if details is not None else {}

    def __repr__(self) -> str:
        return f"CampaignEntry({self.relative!r}, {self.kind!r}, {self.name!r})"


class CampaignIndex:
    __slots__ = ("entries", "folder", "title")

    def __init__(self, folder: Path, title: str, entries: list[CampaignEntry]) -> None:
        self.folder = folder
        self.title = title
        self.entries = entries


def _read_json(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    """The file's top-level object (None when it is no JSON object), and why it cannot be
    read at all (a pipe, a device, a folder, too large: the same rules as the full load)."""
    try:
        data, _info = read_regular(path, MAX_FILE_BYTES)
    except (NotAFile, TooLarge) as error:
        return None, f"{path.name} {error}"
    except OSError as error:
        return None, f"{path.name} cannot be read: {error.strerror or error}"
    document = QJsonDocument.fromJson(QByteArray(data))
    if document.isNull() or not document.isObject():
        return None, None
    raw = document.object()
    return (raw if isinstance(raw, dict) else None), None


def _text(raw: dict[str, Any] | None, key: str, default: str = "") -> str:
    value = raw.get(key) if raw is not None else None
    return value.strip() if isinstance(value, str) else default


def _files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith("."))


def entry_for_file(folder: Path, path: Path) -> CampaignEntry:
    """The browser row of one file, read quickly (no validation); a file that cannot be
    read at all (a pipe, a device, a folder, too large) is a row with its problem."""
    raw, problem = _read_json(path)
    relative = path.relative_to(folder).as_posix()
    kind = _text(raw, "kind", "encounter" if path.parent.name == ENCOUNTERS_FOLDER else "npc")
    details: dict[str, Any] = {}
    if kind == "encounter" and raw is not None:
        combatants = raw.get("combatants")
        details["combatants"] = len(combatants) if isinstance(combatants, list) else 0
        details["scene_type"] = _text(raw, "scene_type", "tactical")
    return CampaignEntry(
        relative=relative,
        path=path,
        kind=kind,
        name=_text(raw, "name") or path.stem,
        player=_text(raw, "player"),
        importance=_text(raw, "importance"),
        problem=problem,
        details=details,
    )


def scan_campaign(folder: str | Path) -> CampaignIndex:
    """The campaign's title and one entry per character and encounter file."""
    root = Path(folder)
    campaign, _problem = _read_json(root / CAMPAIGN_FILE)  # the full load reports it
    entries = [entry_for_file(root, p) for p in _files(root / CHARACTERS_FOLDER)]
    entries += [entry_for_file(root, p) for p in _files(root / ENCOUNTERS_FOLDER)]
    return CampaignIndex(root, _text(campaign, "title") or root.name, entries)


def is_campaign_folder(folder: str | Path) -> bool:
    return (Path(folder) / CAMPAIGN_FILE).is_file()
