"""Reading: loading never writes; size, UTF-8, JSON, kind, version and model checks."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Generic, TypeVar, cast

from pydantic import ValidationError
from pydantic_core import from_json

from sheets.documents import (
    CHARACTER_KINDS,
    MODELS,
    Campaign,
    Character,
    Document,
    DocumentType,
    Encounter,
    document_type_of_kind,
)
from sheets.migrations import SchemaVersionError, migrate
from sheets.regular_files import MAX_FILE_BYTES, NotAFile, TooLarge, read_regular
from sheets.storage.problems import (
    WHOLE_FILE,
    DocumentError,
    Problem,
    ProblemCode,
    _short,
    describe_location,
    problems_from_validation,
    shown,
)

_UTF8_BOM: Final = b"\xef\xbb\xbf"
D = TypeVar("D", bound=Document)


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


def read_json(data: bytes, *, source: str, what: str = "a Wild Die file") -> Any:
    """Bytes to JSON with the guards every file gets: size (20 MB), UTF-8 (a BOM is
    skipped), pydantic's parser (it stops deep nesting cleanly), no key twice in one
    object. ``what`` names what the file should be, for the messages. ``DocumentError``."""

    def fail(message: str, code: ProblemCode) -> DocumentError:
        return DocumentError([Problem(source, "", message, code)])

    if len(data) > MAX_FILE_BYTES:
        raise fail(f"is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB: not {what}", "too_large")
    if data.startswith(_UTF8_BOM):  # Notepad writes one; it carries no meaning
        data = data[len(_UTF8_BOM) :]
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise fail(f"is not UTF-8 text (byte {error.start}): not {what}", "not_utf8") from None
    try:
        raw = from_json(data, allow_inf_nan=False)
    except ValueError as error:
        detail = str(error)
        if "recursion limit" in detail:
            raise fail(
                f"is nested too deeply (over about 200 levels of [ and {{): not {what}",
                "too_deep",
            ) from None
        if detail.startswith("number out of range"):
            where = detail.removeprefix("number out of range").strip()
            raise fail(
                f"holds a number too large for any value of {what} ({where})", "not_json"
            ) from None
        raise fail(f"is not valid JSON: {shown(detail)}", "not_json") from None
    duplicate = _duplicate_key(data)
    if duplicate is not None:
        key, loc = duplicate
        raise DocumentError(
            [
                Problem(
                    source,
                    describe_location(loc, raw) or WHOLE_FILE,
                    f"the key {_short(key)} appears twice in this object: remove one "
                    "(only the last would be kept)",
                    "duplicate_key",
                )
            ]
        )
    return raw


def parse_document(
    data: bytes, *, source: str = "<data>", expect: DocumentType | None = None
) -> tuple[Document, str | None]:
    """Read a document from bytes: the checks of ``read_document`` without the file.

    Returns the document and the format version it was migrated from (or None). Raises
    ``DocumentError``. Reusable for imports and pasted text.
    """

    def fail(message: str, code: ProblemCode, where: str = "") -> DocumentError:
        return DocumentError([Problem(source, where, message, code)])

    raw = read_json(data, source=source)
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


class _Object(dict[str, Any]):
    """A parsed JSON object that remembers the first key it held twice."""

    repeated: str | None = None


def _objects(pairs: list[tuple[str, Any]]) -> _Object:
    result = _Object(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                result.repeated = key
                break
            seen.add(key)
    return result


def _first_repeat(node: Any, loc: list[int | str]) -> tuple[str, list[int | str]] | None:
    """The first object (depth first, in file order) that held a key twice, and its path."""
    if isinstance(node, _Object):
        if node.repeated is not None:
            return node.repeated, loc
        items: Any = node.items()
    elif isinstance(node, list):
        items = enumerate(node)
    else:
        return None
    for key, child in items:
        found = _first_repeat(child, [*loc, key])
        if found is not None:
            return found
    return None


def _duplicate_key(data: bytes) -> tuple[str, list[int | str]] | None:
    """The first key found twice in one JSON object, and where that object is.

    pydantic's parser (like most) keeps the last value silently; a hand-edited file with a
    repeated key would lose the other value on the next save, so it is reported instead.
    Called only after pydantic parsed the bytes, so nesting depth is already bounded.
    """
    try:
        tree = json.loads(data, object_pairs_hook=_objects)
    except ValueError:  # pydantic accepted it (a 4,300-digit number, say): no duplicate
        return None
    return _first_repeat(tree, [])


def read_file_bytes(
    path: str | os.PathLike[str], *, what: str = "a Wild Die file"
) -> tuple[bytes, os.stat_result]:
    """The file's bytes, refusing anything that is not a regular file or is too large;
    ``what`` names what the file should be, for the messages. ``DocumentError``."""
    name = str(path)

    def fail(message: str, code: ProblemCode = "unreadable") -> DocumentError:
        return DocumentError([Problem(name, "", message, code)])

    too_large = f"is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB: not {what}"
    try:
        data, info = read_regular(path, MAX_FILE_BYTES)
    except TooLarge:
        raise fail(too_large, "too_large") from None
    except NotAFile as error:
        raise fail(str(error)) from None
    except FileNotFoundError:
        raise fail("no such file") from None
    except PermissionError:
        raise fail("cannot be read: permission denied") from None
    except OSError as error:
        raise fail(f"cannot be read: {error.strerror or error}") from None
    return data, info


def read_document(
    path: str | os.PathLike[str], expect: DocumentType | None = None
) -> Loaded[Document]:
    """Load any document (or only ``expect``); raises ``DocumentError``. Never writes."""
    file = Path(path)
    data, info = read_file_bytes(file)
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
