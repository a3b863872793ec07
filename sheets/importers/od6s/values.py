"""Loose values from an export: od6s writes a number as ``3``, ``"3"``, ``3.0`` or ``3D+2``.

Pure helpers with no problems to collect: reading a loose number (``BAD`` when it is of the
wrong type, None when it is empty), quoting a value in a message, die codes (R1: 3 pips per
die) and names kept unique on the sheet.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

from sheets.dice import DieCode
from sheets.documents.common import NAME_LENGTH
from sheets.importers.od6s.text import CONTROL, shorten

WHOLE: Final = re.compile(r"^[+-]?\d{1,12}(\.0*)?$")


class Bad:
    """A value of the wrong type (a sentinel distinct from None = missing)."""


BAD: Final = Bad()


def loose_int(value: Any, *, die_code: bool) -> int | Bad | None:
    """``3``, ``"3"``, ``3.0``, ``"3D+2"`` (die code text, when allowed); None when empty."""
    if value is None:
        return None
    if isinstance(value, bool):
        return BAD
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if math.isfinite(value) and value.is_integer():
            return int(value)
        return BAD
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return None
        if WHOLE.match(text):
            return int(text.split(".")[0])
        if die_code and len(text) <= 40:  # a die code is short; the check bounds the regex
            try:
                return DieCode.parse(text).total_pips
            except ValueError:
                return BAD
    return BAD


def unwrap(value: Any) -> Any:
    """od6s keeps many fields as ``{"value": ...}``, older exports the bare value."""
    return value.get("value") if isinstance(value, dict) else value


def is_set(parent: Mapping[str, Any], key: str) -> bool:
    """A checkbox of the od6s sheet: ``true``, ``"true"``, ``1``, ``{"value": true}``."""
    value = unwrap(parent.get(key))
    if isinstance(value, str):
        return value.strip().lower() in ("true", "1", "yes")
    if isinstance(value, bool | int | float):
        return bool(value)
    return False


def show(value: Any) -> str:
    """A value as a short quote for a message."""
    if isinstance(value, dict):
        return "an object {...}"
    if isinstance(value, list):
        return "a list [...]"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**12:
        return "a huge number"
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    text = CONTROL.sub("?", text.replace("\n", "?"))
    return text if len(text) <= 40 else text[:37] + "..."


def plural(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else (many or one + 's')}"


def code(pips: int) -> str:
    """Pips as a die code (R1: 3 pips per die, 11 pips is 3D+2)."""
    return str(DieCode.from_pips(pips))


def unique(name: str, taken: set[str]) -> str:
    """``name``, or ``name (2)``, ``name (3)``...: the sheet wants unique names. Takes it."""
    candidate, number = name, 2
    while candidate.casefold() in taken:
        suffix = f" ({number})"
        candidate = shorten(name, NAME_LENGTH - len(suffix)) + suffix
        number += 1
    taken.add(candidate.casefold())
    return candidate


def unique_among(name: str, siblings: Iterable[Mapping[str, Any]]) -> str:
    """``unique`` against the names of the entries already on the sheet."""
    return unique(name, {sibling["name"].casefold() for sibling in siblings})
