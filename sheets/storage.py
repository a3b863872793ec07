"""Reading and writing document files so that a character kept for years is never lost.

- Loading never writes: it reads the bytes once, remembers a ``FileStamp`` (mtime, size,
  SHA-256) and checks size (20 MB), UTF-8, JSON (pydantic's parser, which stops deep
  nesting cleanly), the ``kind``, the format version (migrating older ones in memory) and
  then the model. Every problem becomes a ``Problem``: file, JSON path in names, and what
  is wrong in a player's words.
- Saving is atomic: a temp file in the same folder is written, flushed and fsynced, then
  ``os.replace``d over the document, and the folder is fsynced (POSIX). A crash at any
  point leaves either the old file or the new one, never half of one.
- Saving refuses to overwrite a file whose content changed since it was opened (another
  program, another copy of Wild Die, a sync tool) unless asked to.
- The previous content is kept as a rotating backup in a hidden ``.wilddie-backups``
  folder beside the document: backups travel with the campaign folder when it is copied,
  zipped or synced, and "restore the previous version" needs no mapping from a path on
  this machine to an app-data folder (platformdirs holds settings, autosave, recents).
- Output is byte-stable: model field order, unknown fields kept in the order read, UTF-8,
  indent 2, a trailing newline. Loading a saved file and saving it gives the same bytes.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import stat
import sys
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Generic, Literal, TypeVar, cast

from pydantic import ValidationError
from pydantic_core import ErrorDetails, from_json

from sheets.documents import (
    CHARACTER_KINDS,
    DOCUMENT_TYPES,
    MODELS,
    Campaign,
    Character,
    Document,
    DocumentType,
    Encounter,
    document_type_of_kind,
)
from sheets.migrations import SchemaVersionError, migrate

MAX_FILE_BYTES: Final = 20 * 1024 * 1024  # a character is a few kB; 20 MB is not a sheet
BACKUP_FOLDER: Final = ".wilddie-backups"
KEEP_BACKUPS: Final = 5
CAMPAIGN_FILE: Final = "campaign.json"
CHARACTERS_FOLDER: Final = "characters"
ENCOUNTERS_FOLDER: Final = "encounters"
_UTF8_BOM: Final = b"\xef\xbb\xbf"
_CONTROL: Final = re.compile(r"[\x00-\x1f\x7f]")

D = TypeVar("D", bound=Document)

ProblemCode = Literal[
    "unreadable",  # missing, a folder, no permission
    "too_large",
    "not_utf8",
    "not_json",
    "too_deep",
    "duplicate_key",  # the same key twice in one object: one value would be lost
    "wrong_kind",
    "version",  # a newer format, or no known upgrade
    "invalid",  # the document breaks a rule of its model
    "missing_reference",  # an encounter names a character file the campaign lacks
]


# ---------------------------------------------------------------------------------------
# Problems


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with one file, as one readable line."""

    file: str
    where: str
    """The JSON path in names: ``abilities -> Dexterity -> skills -> Dodge``; may be empty."""
    message: str
    code: ProblemCode = "invalid"

    def __str__(self) -> str:
        line = (
            f"{self.file}: {self.where}: {self.message}"
            if self.where
            else (f"{self.file}: {self.message}")
        )
        return _CONTROL.sub(lambda m: repr(m[0])[1:-1], line)  # one line, always


class DocumentError(Exception):
    """A file could not be read as a document; ``problems`` says why, one line each."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class SaveConflict(Exception):
    """The file on disk changed since it was opened (or exists and was never opened)."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        super().__init__(f"{path}: {reason}")


class SaveError(OSError):
    """Writing failed; the previous file is unchanged."""


def _short(value: Any) -> str:
    if isinstance(value, dict):
        return "an object {...}"
    if isinstance(value, list):
        return "a list [...]"
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _label(items: list[Any], index: int) -> str:
    """A list item's name in a path: its name when unique, else its id, else #n."""
    item = items[index] if 0 <= index < len(items) else None
    if isinstance(item, dict):
        name = item.get("name")
        if isinstance(name, str) and name.strip():
            same = sum(
                1 for other in items if isinstance(other, dict) and other.get("name") == name
            )
            if same == 1:
                return name.strip()
        ident = item.get("id")
        if isinstance(ident, str) and ident:
            return ident
    return f"#{index + 1}"


def describe_location(loc: Sequence[int | str], document: Any) -> str:
    """``('abilities', 1, 'skills', 0, 'code')`` -> ``abilities -> Dexterity -> skills -> Dodge``.

    List items are named by their ``name`` (or ``id``), looked up in the parsed file. A
    trailing ``code`` after a named item is left out: the message says "die code" already.
    """
    parts: list[str] = []
    node: Any = document
    for key in loc:
        if isinstance(key, int) and isinstance(node, list):
            parts.append(_label(node, key))
            node = node[key] if 0 <= key < len(node) else None
            continue
        parts.append(str(key))
        node = node.get(key) if isinstance(node, dict) else None
    if len(loc) >= 2 and loc[-1] == "code" and isinstance(loc[-2], int):
        parts.pop()
    return " -> ".join(parts)


def describe_error(error: ErrorDetails) -> str:
    """One pydantic error in a player's words."""
    kind = error["type"]
    value = error.get("input")
    ctx: Mapping[str, Any] = error.get("ctx") or {}
    if kind == "missing":
        return "is missing: this field is required"
    if kind == "value_error":
        return str(ctx.get("error", error["msg"]))
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"should be a whole number, not {_short(value)}"
    if kind in ("bool_type", "bool_parsing"):
        return f"should be true or false, not {_short(value)}"
    if kind == "string_type":
        return f"should be text in quotes, not {_short(value)}"
    if kind == "string_too_short":
        return "is empty: write something here"
    if kind == "string_too_long":
        return f"is too long: at most {ctx.get('max_length')} characters"
    if kind == "string_pattern_mismatch":
        return f"{_short(value)} is not a short identifier of letters, digits, - and _"
    if kind == "greater_than_equal":
        return f"should be at least {ctx.get('ge')}, not {_short(value)}"
    if kind == "less_than_equal":
        return f"should be at most {ctx.get('le')}, not {_short(value)}"
    if kind == "literal_error":
        return f"should be one of {ctx.get('expected')}, not {_short(value)}"
    if kind == "list_type":
        return f"should be a list [...], not {_short(value)}"
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        return f"should be an object {{...}}, not {_short(value)}"
    if kind == "finite_number":
        return "should be a finite number"
    message = error["msg"]
    if message.startswith("Input should"):
        return f"should{message.removeprefix('Input should')}, not {_short(value)}"
    return message


def problems_from_validation(error: ValidationError, document: Any, file: str) -> list[Problem]:
    """Each pydantic error as a readable ``Problem`` (path in names, plain words)."""
    return [
        Problem(file, describe_location(e["loc"], document), describe_error(e))
        for e in error.errors(include_url=False)
    ]


# ---------------------------------------------------------------------------------------
# Reading


@dataclass(frozen=True, slots=True)
class FileStamp:
    """What a file looked like when read or written: to notice a change made elsewhere."""

    mtime_ns: int
    size: int
    sha256: str


@dataclass(frozen=True, slots=True)
class Loaded(Generic[D]):
    """A document read from a file, with what is needed to save it back safely."""

    document: D
    path: Path
    stamp: FileStamp
    migrated_from: str | None = None
    """The older format version the document was upgraded from in memory, if any."""


def _a(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"


def parse_document(
    data: bytes, *, source: str = "<data>", expect: DocumentType | None = None
) -> tuple[Document, str | None]:
    """Read a document from bytes: the checks of ``read_document`` without the file.

    Returns the document and the format version it was migrated from (or None). Raises
    ``DocumentError``. Reusable for imports and pasted text.
    """

    def fail(message: str, code: ProblemCode, where: str = "") -> DocumentError:
        return DocumentError([Problem(source, where, message, code)])

    if len(data) > MAX_FILE_BYTES:
        raise fail(
            f"is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB: not a Wild Die file", "too_large"
        )
    if data.startswith(_UTF8_BOM):  # Notepad writes one; it carries no meaning
        data = data[len(_UTF8_BOM) :]
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise fail(
            f"is not UTF-8 text (byte {error.start}): not a Wild Die file", "not_utf8"
        ) from None
    try:
        raw = from_json(data, allow_inf_nan=False)
    except ValueError as error:
        detail = str(error)
        if "recursion limit" in detail:
            raise fail(
                "is nested too deeply (over about 200 levels of [ and {): not a Wild Die file",
                "too_deep",
            ) from None
        raise fail(f"is not valid JSON: {detail}", "not_json") from None
    duplicate = _duplicate_key(data)
    if duplicate is not None:
        raise fail(
            f"the key {_short(duplicate)} appears twice in one object: remove one "
            "(only the last would be kept)",
            "duplicate_key",
        )
    if not isinstance(raw, dict):
        raise fail(
            f"is not a Wild Die document: it holds {_short(raw)} instead of an object {{...}}",
            "wrong_kind",
        )
    kind = raw.get("kind")
    found_type = document_type_of_kind(kind) if isinstance(kind, str) else None
    if found_type is None:
        known = ", ".join((*CHARACTER_KINDS, "encounter", "campaign"))
        if kind is None:
            raise fail('has no "kind": is it a Wild Die file?', "wrong_kind")
        raise fail(f"{_short(kind)} is not a Wild Die kind: one of {known}", "wrong_kind", "kind")
    if expect is not None and found_type != expect:
        raise fail(f"is {_a(found_type)} file, not {_a(expect)}", "wrong_kind")
    try:
        raw, migrated_from = migrate(raw)
    except SchemaVersionError as error:
        raise fail(str(error), "version", "schema_version") from None
    model = MODELS[found_type]
    try:
        document = model.model_validate(raw)
    except ValidationError as error:
        raise DocumentError(problems_from_validation(error, raw, source)) from None
    return document, migrated_from


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return result


def _duplicate_key(data: bytes) -> str | None:
    """The first key found twice in one JSON object, if any.

    pydantic's parser (like most) keeps the last value silently; a hand-edited file with a
    repeated key would lose the other value on the next save, so it is reported instead.
    Called only after pydantic parsed the bytes, so nesting depth is already bounded.
    """
    try:
        json.loads(data, object_pairs_hook=_no_duplicates)
    except _DuplicateKey as found:
        return found.key
    except ValueError:  # pragma: no cover - pydantic accepted it; a json quirk is no duplicate
        return None
    return None


def _read_bytes(path: Path) -> tuple[bytes, os.stat_result]:
    """The file's bytes, refusing anything that is not a regular file or is too large."""
    name = str(path)

    def fail(message: str, code: ProblemCode = "unreadable") -> DocumentError:
        return DocumentError([Problem(name, "", message, code)])

    try:
        info = os.stat(path)  # before open: opening a FIFO would block
        if stat.S_ISDIR(info.st_mode):
            raise fail("is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise fail("is not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise fail(
                f"is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB: not a Wild Die file",
                "too_large",
            )
        with open(path, "rb") as handle:
            info = os.fstat(handle.fileno())
            data = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise fail("no such file") from None
    except PermissionError:
        raise fail("cannot be read: permission denied") from None
    except OSError as error:
        raise fail(f"cannot be read: {error.strerror or error}") from None
    if len(data) > MAX_FILE_BYTES:  # it grew while we looked
        raise fail(
            f"is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB: not a Wild Die file",
            "too_large",
        )
    return data, info


def read_document(
    path: str | os.PathLike[str], expect: DocumentType | None = None
) -> Loaded[Document]:
    """Load any document (or only ``expect``); raises ``DocumentError``. Never writes."""
    file = Path(path)
    data, info = _read_bytes(file)
    document, migrated_from = parse_document(data, source=str(path), expect=expect)
    stamp = FileStamp(info.st_mtime_ns, len(data), hashlib.sha256(data).hexdigest())
    return Loaded(document, file, stamp, migrated_from)


def _load_as(path: str | os.PathLike[str], model: type[D], expect: DocumentType) -> Loaded[D]:
    loaded = read_document(path, expect)
    if not isinstance(loaded.document, model):  # pragma: no cover - MODELS guarantees it
        raise TypeError(f"{path} did not load as {model.__name__}")
    return cast(Loaded[D], loaded)


def load_character(path: str | os.PathLike[str]) -> Loaded[Character]:
    """Load a character file (any kind: npc, creature, vehicle...)."""
    return _load_as(path, Character, "character")


def load_encounter(path: str | os.PathLike[str]) -> Loaded[Encounter]:
    return _load_as(path, Encounter, "encounter")


def load_campaign_file(path: str | os.PathLike[str]) -> Loaded[Campaign]:
    return _load_as(path, Campaign, "campaign")


# ---------------------------------------------------------------------------------------
# Writing


def dump_document(document: Document) -> bytes:
    """The canonical bytes of a document: UTF-8, indent 2, model order, trailing newline."""
    return document.model_dump_json(indent=2).encode("utf-8") + b"\n"


def file_stamp(path: str | os.PathLike[str]) -> FileStamp:
    """The stamp of a file as it is now (reads it to hash it)."""
    data, info = _read_bytes(Path(path))
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


# ---------------------------------------------------------------------------------------
# Campaign folders


@dataclass
class CampaignFolder:
    """A campaign folder as opened: every file that loaded, and a problem per file that did not.

    Keys of ``characters`` and ``encounters`` are paths relative to the folder with ``/``
    (``characters/ada-vance.json``), as an encounter's ``character_file`` names them.
    """

    folder: Path
    campaign: Loaded[Campaign] | None
    characters: dict[str, Loaded[Character]] = field(default_factory=dict)
    encounters: dict[str, Loaded[Encounter]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def character(self, relative_path: str) -> Character | None:
        loaded = self.characters.get(relative_path)
        return loaded.document if loaded is not None else None


def _document_files(folder: Path, sub: str) -> list[Path]:
    target = folder / sub
    if not target.is_dir():
        return []
    return sorted(p for p in target.iterdir() if p.suffix == ".json" and not p.name.startswith("."))


def open_campaign(folder: str | os.PathLike[str]) -> CampaignFolder:
    """Open ``campaign.json`` with ``characters/*.json`` and ``encounters/*.json``.

    A file that cannot be read is reported in ``problems`` and skipped: one broken file
    never hides the rest of the campaign. Encounters that name a missing character file
    are reported too. Never writes.
    """
    root = Path(folder)
    problems: list[Problem] = []
    campaign: Loaded[Campaign] | None = None
    try:
        campaign = load_campaign_file(root / CAMPAIGN_FILE)
    except DocumentError as error:
        problems.extend(error.problems)
    result = CampaignFolder(root, campaign, problems=problems)
    for path in _document_files(root, CHARACTERS_FOLDER):
        try:
            result.characters[f"{CHARACTERS_FOLDER}/{path.name}"] = load_character(path)
        except DocumentError as error:
            problems.extend(error.problems)
    for path in _document_files(root, ENCOUNTERS_FOLDER):
        try:
            loaded = load_encounter(path)
        except DocumentError as error:
            problems.extend(error.problems)
            continue
        result.encounters[f"{ENCOUNTERS_FOLDER}/{path.name}"] = loaded
        problems.extend(missing_references(loaded, result.characters.keys()))
    return result


def missing_references(loaded: Loaded[Encounter], known: Any) -> list[Problem]:
    """Combatants whose ``character_file`` is not among ``known`` relative paths."""
    return [
        Problem(
            str(loaded.path),
            f"combatants -> {combatant.id}",
            f"character file '{combatant.character_file}' is not in the campaign folder",
            "missing_reference",
        )
        for combatant in loaded.document.combatants
        if combatant.character_file is not None and combatant.character_file not in known
    ]


_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def file_name_for(name: str, taken: Sequence[str] = ()) -> str:
    """A portable file name for a document called ``name``: ``Ada Vance`` -> ``ada-vance.json``.

    ``taken`` lists names already used in the folder; a number is added to avoid them.
    """
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    stem = _NOT_SLUG.sub("-", ascii_name.lower()).strip("-")[:60] or "untitled"
    used = {t.casefold() for t in taken}
    candidate, number = f"{stem}.json", 2
    while candidate.casefold() in used:
        candidate, number = f"{stem}-{number}.json", number + 1
    return candidate


def create_campaign_folder(folder: str | os.PathLike[str], campaign: Campaign) -> Path:
    """Make a new campaign folder with its ``campaign.json`` and empty sub-folders."""
    root = Path(folder)
    root.mkdir(parents=True, exist_ok=True)
    (root / CHARACTERS_FOLDER).mkdir(exist_ok=True)
    (root / ENCOUNTERS_FOLDER).mkdir(exist_ok=True)
    save_document(campaign, root / CAMPAIGN_FILE)
    return root


__all__ = [
    "BACKUP_FOLDER",
    "CAMPAIGN_FILE",
    "CHARACTERS_FOLDER",
    "DOCUMENT_TYPES",
    "ENCOUNTERS_FOLDER",
    "KEEP_BACKUPS",
    "MAX_FILE_BYTES",
    "CampaignFolder",
    "DocumentError",
    "FileStamp",
    "Loaded",
    "Problem",
    "SaveConflict",
    "SaveError",
    "backup_path",
    "backups_of",
    "changed_on_disk",
    "check_path",
    "create_campaign_folder",
    "describe_error",
    "describe_location",
    "document_type_of",
    "dump_document",
    "file_name_for",
    "file_stamp",
    "load_campaign_file",
    "load_character",
    "load_encounter",
    "missing_references",
    "open_campaign",
    "parse_document",
    "read_document",
    "save_bytes",
    "save_document",
]


def check_path(path: str | os.PathLike[str]) -> tuple[int, list[Problem]]:
    """Check a document file or a campaign folder without changing anything.

    Returns how many files were checked and their problems. An encounter inside a campaign
    folder is also checked for character files the campaign lacks.
    """
    target = Path(path)
    if target.is_dir():
        if not (target / CAMPAIGN_FILE).is_file():
            return 0, [
                Problem(str(path), "", f"is a folder without a {CAMPAIGN_FILE}", "unreadable")
            ]
        opened = open_campaign(target)
        checked = 1 + len(_document_files(target, CHARACTERS_FOLDER))
        checked += len(_document_files(target, ENCOUNTERS_FOLDER))
        return checked, opened.problems
    try:
        loaded = read_document(target)
    except DocumentError as error:
        return 1, list(error.problems)
    if isinstance(loaded.document, Encounter):
        root = target.parent.parent
        if target.parent.name == ENCOUNTERS_FOLDER and (root / CAMPAIGN_FILE).is_file():
            known = {
                f"{CHARACTERS_FOLDER}/{p.name}" for p in _document_files(root, CHARACTERS_FOLDER)
            }
            return 1, missing_references(cast(Loaded[Encounter], loaded), known)
    return 1, []
