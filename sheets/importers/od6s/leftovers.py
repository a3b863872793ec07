"""What an export holds that no part of the import placed: listed, never dropped silently.

Issue 18: every field the importer reads but does not put on the sheet is named in the
report and kept in the notes. A field is a leaf of the ``system`` object (``sensors.mod``);
it is placed when it, or an object above it, is in the caller's ``handled`` set. Foundry's
own bookkeeping (``label``, ``short_label``, a ``type`` of ``"Number"``...) and empty values
(od6s's template defaults: 0, ``""``, false) say nothing and are not listed.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from sheets.importers.od6s.reader import Reader
from sheets.importers.od6s.tables import key_words
from sheets.importers.od6s.text import clean_line, shorten

SECTION: Final = "Other od6s fields"
_BOOKKEEPING: Final = frozenset({"label", "short_label", "_id", "sort", "sheetmode"})
_TYPE_WORDS: Final = frozenset({"number", "string", "boolean", "object", "array"})
_MAX_DEPTH: Final = 6
_MAX_LEAVES: Final = 200  # a hostile file's thousands of keys: the first ones say enough


def listed(
    reader: Reader,
    system: Mapping[str, Any],
    handled: frozenset[str],
    owner: str = "",
) -> list[str]:
    """Lists the fields of ``system`` not in ``handled`` in the notes and ``reader.leftover``;
    returns their paths."""
    found: list[str] = []
    for path, value in _leaves(system, (), 0):
        if any(".".join(path[:n]) in handled for n in range(1, len(path) + 1)):
            continue
        shown = _shown(value)
        if not shown:
            continue
        name = ".".join(path)
        found.append(name)
        label = f"{owner}: {name}" if owner else name
        reader.notes.add(SECTION, f"{shorten(label, 200)}: {shown}")
        reader.leftover.append(f"{owner} {name}".strip() if owner else name)
        if len(found) >= _MAX_LEAVES:
            break
    return found


def _leaves(node: Any, path: tuple[str, ...], depth: int) -> Iterator[tuple[list[str], Any]]:
    if isinstance(node, Mapping) and depth < _MAX_DEPTH:
        for key, value in node.items():
            key = str(key)
            if key in _BOOKKEEPING:
                continue
            if key == "type" and isinstance(value, str) and value.lower() in _TYPE_WORDS:
                continue
            yield from _leaves(value, (*path, key), depth + 1)
    elif path:
        yield list(path), node


def _shown(value: Any) -> str:
    """The value as a short readable text; ``""`` when it says nothing."""
    if value is None or value is False or value == "" or value == [] or value == {}:
        return ""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return "" if value == 0 else f"{value:g}" if isinstance(value, float) else str(value)
    if value is True:
        return "yes"
    if isinstance(value, str):
        return shorten(key_words(clean_line(value)), 200)
    if isinstance(value, list):
        parts = [_shown(v) for v in value[:10]]
        return shorten(", ".join(p for p in parts if p), 200)
    return "(nested data)"
