"""Problems: what is wrong with a file, in a player's words (file, JSON path in names)."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Final, Literal

from pydantic import ValidationError
from pydantic_core import ErrorDetails

VALUE_CHARS: Final = 80
"""About how much of a value a message echoes: enough to recognise it, never 100 kB."""
WHOLE_FILE: Final = "the whole file"
"""Where a rule about the document as a whole (not one field) is broken."""
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
        return escape_invisible(line)  # one line, and no character that hides or reorders


class DocumentError(Exception):
    """A file could not be read as a document; ``problems`` says why, one line each."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class SaveRisk(StrEnum):
    """Why a save stops to ask first: each needs the player's yes (``accept=``)."""

    CHANGED = "changed"
    """The file's content changed since it was opened (another program, another copy)."""
    EXISTS = "exists"
    """A never-saved document would replace a file that is already there."""
    DELETED = "deleted"
    """The file it was opened from is gone: saving would create it again."""
    READ_ONLY = "read_only"
    """The file is marked read-only: someone meant it not to change."""
    LINK = "link"
    """The path is a symbolic link: saving writes to the file it points to."""


class SaveConflict(Exception):
    """The save needs a yes first (``risk`` says why); nothing was written."""

    def __init__(self, path: Path, reason: str, risk: SaveRisk = SaveRisk.CHANGED) -> None:
        self.path = path
        self.reason = reason
        self.risk = risk
        super().__init__(f"{path}: {reason}")


class SaveError(OSError):
    """Writing failed; the previous file is unchanged."""


def _invisible(char: str) -> bool:
    """Control, format (bidirectional overrides, zero-width) and line/paragraph separators:
    echoed raw, they hide text or reorder a line (U+202E, U+0085)."""
    return unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp")


def escape_invisible(text: str) -> str:
    """``text`` with every invisible or direction-changing character as an escape."""
    if not any(_invisible(c) for c in text):
        return text
    out = []
    for char in text:
        if not _invisible(char):
            out.append(char)
        else:  # \n, \x85, \u202e: as Python writes them
            out.append(repr(char)[1:-1] if ord(char) < 0x100 else f"\\u{ord(char):04x}")
    return "".join(out)


def shown(text: str, limit: int = VALUE_CHARS) -> str:
    """A value as a message echoes it: escaped (``escape_invisible``), and cut to about
    ``limit`` characters with an ellipsis."""
    escaped = escape_invisible(text)
    return escaped if len(escaped) <= limit else escaped[: limit - 1] + "…"


def _short(value: Any) -> str:
    if isinstance(value, dict):
        return "an object {...}"
    if isinstance(value, list):
        return "a list [...]"
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=True)
    except (TypeError, ValueError):
        text = repr(value)
    return shown(text)


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
                return shown(name.strip())
        ident = item.get("id")
        if isinstance(ident, str) and ident:
            return shown(ident)
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
        parts.append(shown(str(key)))
        node = node.get(key) if isinstance(node, dict) else None
    if len(loc) >= 2 and loc[-1] == "code" and isinstance(loc[-2], int):
        parts.pop()
    return " -> ".join(parts)


def describe_error(error: ErrorDetails) -> str:
    """One pydantic error in a player's words (never more than a few lines of it)."""
    return shown(_describe_error(error), 2 * VALUE_CHARS)


def _describe_error(error: ErrorDetails) -> str:
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
        Problem(file, describe_location(e["loc"], document) or WHOLE_FILE, describe_error(e))
        for e in error.errors(include_url=False)
    ]
