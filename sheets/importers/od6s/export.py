"""Reading the export file: the guarded JSON, whether it is an od6s actor, its items.

An actor is ``name``, ``type``, ``img``, ``system`` (``data`` in exports from Foundry
before v10), ``items[]`` (each with ``type`` and its own ``system``/``data``), ``flags`` and
``_stats``. What is not an actor we can import (a list of actors, a container, another
system's actor, a Wild Die file) stops the import at once with one problem that says so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sheets.documents.common import TEXT_LENGTH
from sheets.importers.od6s.limits import MAX_ITEMS
from sheets.importers.od6s.reader import Reader
from sheets.importers.od6s.tables import ACTOR_TYPES, STANDARD_ATTRIBUTES, VEHICLE_TYPES
from sheets.importers.od6s.text import clean_line, shorten
from sheets.importers.od6s.values import plural, show
from sheets.storage import read_json


@dataclass
class Item:
    type: str
    name: str
    system: dict[str, Any]
    where: list[str]


@dataclass
class Actor:
    """The parts of an export every conversion reads; ``raw`` is the whole export."""

    raw: dict[str, Any]
    type: str
    name: str
    system: dict[str, Any]
    where: list[str]
    """The path of ``system`` in problems: ``["system"]`` or ``["data"]``."""
    items: list[Item]

    @property
    def vehicle(self) -> bool:
        return self.type in VEHICLE_TYPES


def load_json(data: bytes, source: str) -> Any:
    """The parsed export, with the guards every file we read gets (sheets.storage)."""
    return read_json(data, source=source, what="an od6s actor export")


def looks_like_od6s(raw: object) -> bool:
    """Whether parsed JSON is an od6s actor export (for routing a dropped file)."""
    if not isinstance(raw, dict):
        return False
    if not isinstance(raw.get("name"), str) or raw.get("type") not in ACTOR_TYPES:
        return False
    system = raw.get("system", raw.get("data"))
    if not isinstance(system, dict):
        return False
    return _has_od6s_shape(raw["type"], system)


def _has_od6s_shape(actor_type: str, system: Mapping[str, Any]) -> bool:
    attributes = system.get("attributes")
    if isinstance(attributes, dict) and any(
        isinstance(k, str) and k.lower() in STANDARD_ATTRIBUTES for k in attributes
    ):
        return True
    return actor_type in VEHICLE_TYPES and any(
        isinstance(system.get(key), dict) for key in ("toughness", "maneuverability")
    )


def read_actor(reader: Reader, raw: Any) -> Actor:
    """The actor in parsed JSON; ``DocumentError`` at once when it is no od6s actor."""
    if not isinstance(raw, dict):
        if isinstance(raw, list):
            message = (
                f"holds a list of {plural(len(raw), 'thing')} instead of one actor: "
                "export a single actor from Foundry (right-click it, Export Data)"
            )
        else:
            message = f"holds {show(raw)} instead of an actor object {{...}}"
        raise reader.fail_now([], message, "wrong_kind")
    actor_type = _actor_type(reader, raw)
    system_key = "system" if "system" in raw else "data"
    system = raw.get(system_key)
    if not isinstance(system, dict):
        if system_key not in raw:
            raise reader.fail_now(
                [], 'has neither "system" nor "data": not an od6s actor export', "wrong_kind"
            )
        raise reader.fail_now(
            [system_key], f"should be an object {{...}}, not {show(system)}", "invalid"
        )
    if not _has_od6s_shape(actor_type, system):
        raise reader.fail_now(
            [system_key],
            "has no od6s attributes (agi, str, mec, kno, per, tec, met): is this an "
            "actor from another Foundry system?",
            "wrong_kind",
        )
    name = reader.name(raw.get("name"), ["name"], "")
    if not name:
        # Foundry always writes a name; without one the actor still comes in (issue 18).
        name = f"Unnamed {actor_type}"
        reader.report.append(f"the actor has no name: imported as {name!r}")
        reader.notes.add("Import", f"the actor has no name: imported as {name!r}")
    items = _items(reader, raw)
    return Actor(raw, actor_type, name, system, [system_key], items)


def _actor_type(reader: Reader, raw: Mapping[str, Any]) -> str:
    actor_type = raw.get("type")
    if actor_type is None:
        if "kind" in raw and "schema_version" in raw:
            raise reader.fail_now(
                [],
                "is a Wild Die file already: open it, or copy it into the campaign's "
                "characters folder",
                "wrong_kind",
            )
        raise reader.fail_now([], 'has no "type": not an od6s actor export', "wrong_kind")
    if actor_type == "container":
        raise reader.fail_now(
            ["type"],
            "is an od6s container (loot, a merchant): only characters, NPCs, creatures, "
            "vehicles and starships can be imported",
            "wrong_kind",
        )
    if actor_type not in ACTOR_TYPES:
        raise reader.fail_now(
            ["type"],
            f"{show(actor_type)} is not an od6s actor type: one of {', '.join(ACTOR_TYPES)}",
            "wrong_kind",
        )
    return str(actor_type)


def _items(reader: Reader, raw: Mapping[str, Any]) -> list[Item]:
    value = raw.get("items")
    if value is None:
        return []
    if not isinstance(value, list):
        raise reader.fail_now(["items"], f"should be a list [...], not {show(value)}", "invalid")
    if len(value) > MAX_ITEMS:
        raise reader.fail_now(
            ["items"],
            f"holds {len(value)} items: an od6s actor has at most a few hundred "
            f"(limit {MAX_ITEMS}); not imported",
            "too_large",
        )
    names = [i.get("name") if isinstance(i, dict) else None for i in value]
    named = Counter(n for n in names if isinstance(n, str))
    items: list[Item] = []
    for index, item in enumerate(value):
        label = names[index]
        if isinstance(label, str) and label.strip() and named[label] == 1:
            where = ["items", clean_line(label)[:60]]
        else:
            where = ["items", f"#{index + 1}"]
        if not isinstance(item, dict):
            reader.problem(where, f"should be an object {{...}}, not {show(item)}")
            continue
        item_type = item.get("type")
        if item_type is not None and not isinstance(item_type, str):
            reader.problem([*where, "type"], f"should be text, not {show(item_type)}")
            continue
        key = "system" if "system" in item else "data"
        system = reader.obj(item, key, where)
        kind = (item_type or "").strip().lower()
        fallback = f"Unnamed {kind or 'item'}"
        name = reader.name(item.get("name"), [*where, "name"], fallback)
        items.append(Item(kind, name, system, [*where, key]))
    return items


def description(reader: Reader, item: Item) -> str:
    """An item's description as plain text, for the notes of what it became."""
    text = reader.content(item.system, "description", item.where)
    if text.casefold() == item.name.casefold():
        return ""  # od6s fills a new specialization's description with its name
    return shorten(text, TEXT_LENGTH)
