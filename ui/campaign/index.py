"""A quick look at a campaign folder with the standard ``json`` module, before pydantic.

The browser lists the campaign from this index at start-up (cold start matters: importing
pydantic and the document models costs about as much as starting Qt), then the full,
validated load (``sheets.storage.open_campaign``) fills in the documents and any problems
once the window has painted. Nothing here validates anything: a file that does not parse
is listed by its file name and the full load says what is wrong with it.

campaign.json's title is read before the first paint with Qt's own JSON reader (QtCore is
loaded already: ``json`` costs milliseconds to import there); the rows, after it, with
``json`` (a quarter of the instructions a file). Written without dataclasses, which
compile their methods from source when made.
"""

from __future__ import annotations

import os
from collections.abc import Callable
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
    __slots__ = ("entries", "folder", "later", "listed", "title")

    def __init__(
        self,
        folder: Path,
        title: str,
        entries: list[CampaignEntry],
        later: list[str] | None = None,
        *,
        listed: bool = True,
    ) -> None:
        self.folder = folder
        self.title = title
        self.entries = entries
        self.later = later if later is not None else []
        """Files past the first screen, not even listed yet (``scan_campaign``'s
        ``first_screen``), as paths relative to the folder ("characters/x.json"): their
        rows come after the first paint. Names, not ``Path``s: 10,000 ``Path`` objects
        cost ~45 ms, and the first paint must not grow with the campaign (issue 17)."""
        self.listed = listed
        """False: the folder's files are not listed at all yet (``scan_campaign``'s
        ``list_files``), the session lists them (``CampaignSession.list_folder``): at
        start-up after the first paint, which then waits for no file of the campaign."""


def _parse_with_qt(data: bytes) -> Any:
    """Qt's JSON reader: QtCore is loaded already (campaign.json's title, before the first
    paint, imports nothing)."""
    document = QJsonDocument.fromJson(QByteArray(data))
    if document.isNull() or not document.isObject():
        return None
    return document.object()


def _parse_with_json(data: bytes) -> Any:
    """Python's ``json``, for the rows (after the first paint): a character file costs it
    about a quarter of the instructions of Qt's reader, whose document becomes Python
    objects whole (issue 17: 60 files are the first screen of a big campaign)."""
    import json

    try:
        return json.loads(data)
    except (ValueError, RecursionError):  # not JSON, not UTF-8: the full load says why
        return None


ROW_KEYS: Final = frozenset({"kind", "name", "player", "importance"})
"""What a character's row shows: a saved sheet writes them first (issue 17)."""


def _parse_row_head(data: bytes) -> Any:
    """A character file's top-level members up to its row's keys (``ROW_KEYS``), read
    with ``json``'s own scanners, and the rest of the file left unread: a saved sheet
    writes them first (issue 17: a first screen of 60 sheets read in 12.9 M instructions
    instead of 20.5 M). Anything else (no JSON object at the start, a key missing
    there, an encounter, which needs its combatants) is parsed whole, as before. The rows
    are a quick look: the full load validates every file and reports what is wrong with
    it (a file broken past its first keys keeps the name it starts with until then)."""
    # json's own scanners (typeshed leaves them out)
    from json.decoder import WHITESPACE, scanstring  # type: ignore[attr-defined]

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return _parse_with_json(data)
    skip = WHITESPACE.match
    value_at = _scanner()
    found: dict[str, Any] = {}
    end = skip(text, 0).end()
    if text[end : end + 1] != "{":
        return _parse_with_json(data)
    try:
        while True:
            end = skip(text, end + 1).end()
            if text[end : end + 1] != '"':
                return _parse_with_json(data)  # the end of the object, or not JSON
            key, end = scanstring(text, end + 1)
            end = skip(text, end).end()
            if text[end : end + 1] != ":":
                return _parse_with_json(data)
            value, end = value_at(text, skip(text, end + 1).end())
            found[key] = value
            if found.get("kind") == "encounter":
                return _parse_with_json(data)
            if found.keys() >= ROW_KEYS:
                return found
            end = skip(text, end).end()
            if text[end : end + 1] != ",":
                return _parse_with_json(data)
    except (ValueError, StopIteration, RecursionError):  # not JSON: the full parse decides
        return _parse_with_json(data)


_SCANNER: list[Callable[[str, int], tuple[Any, int]]] = []


def _scanner() -> Callable[[str, int], tuple[Any, int]]:
    """``json``'s scanner of one value at an index (its C one), made once."""
    if not _SCANNER:
        import json

        _SCANNER.append(json.JSONDecoder().scan_once)  # type: ignore[attr-defined]
    return _SCANNER[0]


def _read_json(
    path: Path, parse: Callable[[bytes], Any] = _parse_with_json
) -> tuple[dict[str, Any] | None, str | None]:
    """The file's top-level object (None when it is no JSON object), and why it cannot be
    read at all (a pipe, a device, a folder, too large: the same rules as the full load)."""
    try:
        data, _info = read_regular(path, MAX_FILE_BYTES)
    except (NotAFile, TooLarge) as error:
        return None, f"{path.name} {error}"
    except OSError as error:
        return None, f"{path.name} cannot be read: {error.strerror or error}"
    raw = parse(data)
    return (raw if isinstance(raw, dict) else None), None


def _text(raw: dict[str, Any] | None, key: str, default: str = "") -> str:
    value = raw.get(key) if raw is not None else None
    return value.strip() if isinstance(value, str) else default


def _files(root: Path, subfolder: str) -> list[str]:
    """The JSON files of ``root/subfolder``, sorted, as relative paths ("characters/x.json"):
    names only, no ``Path`` per file until its row is made (``CampaignIndex.later``)."""
    try:
        with os.scandir(root / subfolder) as listing:
            names = sorted(
                e.name for e in listing if e.name.endswith(".json") and not e.name.startswith(".")
            )
    except (FileNotFoundError, NotADirectoryError):
        return []
    return [f"{subfolder}/{name}" for name in names]


def entry_for_file(folder: Path, path: Path, relative: str | None = None) -> CampaignEntry:
    """The browser row of one file, read quickly (no validation); a file that cannot be
    read at all (a pipe, a device, a folder, too large) is a row with its problem.
    ``relative``: the path inside ``folder`` when known (pathlib's ``relative_to`` is
    dear for a whole first screen)."""
    raw, problem = _read_json(path, _parse_row_head)
    if relative is None:
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


PENDING: Final = "pending"
"""``details`` key of a row listed by its file name only, read later (``read_pending``)."""


def pending_entry(folder: Path, path: Path) -> CampaignEntry:
    """A row known by its file name only, until its file is read (a big campaign's rows
    beyond the first screen: issue 17, the first paint must not wait for them)."""
    kind = "encounter" if path.parent.name == ENCOUNTERS_FOLDER else ""
    return CampaignEntry(
        relative=path.relative_to(folder).as_posix(),
        path=path,
        kind=kind,
        name=path.stem,
        details={PENDING: True},
    )


def read_pending(folder: Path, entry: CampaignEntry) -> bool:
    """Read a pending row's file into it; False when it was read already."""
    if not entry.details.pop(PENDING, False):
        return False
    read = entry_for_file(folder, entry.path)
    entry.kind, entry.name, entry.player = read.kind, read.name, read.player
    entry.importance, entry.details = read.importance, read.details
    if entry.problem is None:
        entry.problem = read.problem
    return True


def scan_campaign(
    folder: str | Path,
    read_first: int | None = None,
    first_screen: int | None = None,
    *,
    list_files: bool = True,
) -> CampaignIndex:
    """The campaign's title and one entry per character and encounter file; with
    ``read_first``, only that many files are read now, the rest listed by name; with
    ``first_screen``, only that many rows are made at all (``CampaignIndex.later``);
    without ``list_files``, the title alone (the files are listed later: ``list_campaign``)."""
    root = Path(folder)
    campaign, _problem = _read_json(
        root / CAMPAIGN_FILE, _parse_with_qt
    )  # the full load reports it
    title = _text(campaign, "title") or root.name
    if not list_files:
        return CampaignIndex(root, title, [], listed=False)
    entries, later = list_campaign(root, read_first, first_screen)
    return CampaignIndex(root, title, entries, later)


def list_campaign(
    root: Path, read_first: int | None = None, first_screen: int | None = None
) -> tuple[list[CampaignEntry], list[str]]:
    """The rows of the campaign's files (``scan_campaign``), and the files past the
    first screen (``CampaignIndex.later``)."""
    files = campaign_files(root)
    shown = files if first_screen is None else files[:first_screen]
    return rows_for(root, shown, read_first), files[len(shown) :]


def campaign_files(root: Path) -> list[str]:
    """Every character and encounter file, sorted (the characters first), as relative names."""
    return _files(root, CHARACTERS_FOLDER) + _files(root, ENCOUNTERS_FOLDER)


def rows_for(root: Path, relatives: list[str], read_first: int | None) -> list[CampaignEntry]:
    """The rows of these files: the first ``read_first`` (None: all) read, the rest pending."""
    limit = len(relatives) if read_first is None else read_first
    return [
        entry_for_file(root, root / relative, relative)
        if number < limit
        else pending_entry(root, root / relative)
        for number, relative in enumerate(relatives)
    ]


def first_files(root: Path, limit: int) -> tuple[list[str], bool]:
    """Up to ``limit`` character and encounter files in the order the folder lists them
    (sorted among themselves), and whether they are all of them. A first screen's rows
    without listing and sorting a big campaign's every name (issue 17: 10,000 of them)."""
    found: list[str] = []
    if limit <= 0:
        return found, False
    for subfolder in (CHARACTERS_FOLDER, ENCOUNTERS_FOLDER):
        try:
            with os.scandir(root / subfolder) as listing:
                for entry in listing:
                    name = entry.name
                    if name.endswith(".json") and not name.startswith("."):
                        found.append(f"{subfolder}/{name}")
                        if len(found) >= limit:
                            return sorted(found), False
        except (FileNotFoundError, NotADirectoryError):
            continue
    return sorted(found), True


def is_campaign_folder(folder: str | Path) -> bool:
    return (Path(folder) / CAMPAIGN_FILE).is_file()
