"""What has no field of its own on a Wild Die sheet: the background text and the notes.

============================  ===========================================================
od6s                          Wild Die
============================  ===========================================================
``background.content`` HTML   background as plain text (an NPC's ``description``)
other items, details, img,    notes
flags
============================  ===========================================================

The notes open with where the character came from (file, od6s and Foundry versions).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterable, Mapping
from pathlib import PurePath
from typing import Any

from pydantic import ValidationError

from sheets.documents import Portrait
from sheets.importers.od6s.export import Item
from sheets.importers.od6s.limits import ITEM_TEXT_LENGTH, MAX_FLAG_NOTES
from sheets.importers.od6s.reader import Reader
from sheets.importers.od6s.tables import (
    DEFAULT_IMAGES,
    DETAILS,
    ITEM_WORDS,
    NOTE_SECTIONS,
    ON_THE_SHEET,
    VEHICLE_DETAILS,
    key_words,
)
from sheets.importers.od6s.text import clean_line, shorten
from sheets.importers.od6s.values import loose_int, plural, show, unwrap


def background(reader: Reader, actor_type: str, system: dict[str, Any], where: list[str]) -> str:
    background = reader.content(system, "background", where)
    description = reader.content(system, "description", where)
    if not background and actor_type != "character":
        return description  # an NPC's or creature's description is its background
    if description:
        reader.notes.add("Description", description)
        reader.notes.kept.append("description")
    return background


def details(reader: Reader, system: dict[str, Any], where: list[str], vehicle: bool) -> None:
    """What the player wrote on the od6s sheet (species, age, a vehicle's crew...)."""
    kept = False
    for key, label in DETAILS:
        text = clean_line(reader.content(system, key, where))
        if text:
            reader.notes.add("Details", f"{label}: {text}")
            kept = True
    if vehicle:
        for key, label in VEHICLE_DETAILS:
            value = unwrap(system.get(key))
            if isinstance(value, dict | list) or value in (None, "", 0, False, "0"):
                continue
            text = key_words(clean_line(str(value)))  # issue 18: never a raw OD6S.X key
            if not text:
                continue
            reader.notes.add("Details", f"{label}: {text[:200]}")
            kept = True
    else:
        move = reader.obj(system, "move", where)
        number = loose_int(move.get("value"), die_code=False)
        if isinstance(number, int):
            reader.notes.add("Details", f"Move: {number}")
            kept = True
    for key in ("credits", "funds"):
        entry = system.get(key)
        value = entry.get("value", entry.get("score")) if isinstance(entry, dict) else None
        number = loose_int(value, die_code=False)
        if isinstance(number, int) and number:
            reader.notes.add("Details", f"{key.capitalize()}: {number}")
            kept = True
    for number in range(1, 5):
        value = unwrap(system.get(f"custom{number}"))
        if isinstance(value, str) and clean_line(value):
            reader.notes.add("Details", f"Custom field {number}: {clean_line(value)[:500]}")
            kept = True
    if kept:
        reader.notes.kept.append("details")


def other_items(reader: Reader, items: Iterable[Item]) -> None:
    """Items with no home on the sheet (gear, advantages...), by type in the notes."""
    counts: dict[str, int] = {}
    for item in items:
        if item.type in ON_THE_SHEET:
            continue
        section = NOTE_SECTIONS.get(item.type) or (
            f"Other od6s items ({item.type})" if item.type else "Other od6s items"
        )
        line = item.name
        value = item.system.get("value")
        if isinstance(value, str | int | float) and not isinstance(value, bool) and value != "":
            shown = key_words(clean_line(str(value)))[:60]
            if shown:
                line += f" ({shown})"
        quantity = loose_int(item.system.get("quantity"), die_code=False)
        if isinstance(quantity, int) and quantity > 1:
            line += f" x{quantity}"
        text = clean_line(reader.content(item.system, "description", item.where))
        if text:
            line += ": " + shorten(text, ITEM_TEXT_LENGTH)
        reader.notes.add(section, line)
        label = item.type or "item"
        counts[label] = counts.get(label, 0) + 1
    for label, count in counts.items():
        one, many = ITEM_WORDS.get(label, (label, label + "s"))
        reader.notes.kept.append(plural(count, one, many))


def image(reader: Reader, raw: Mapping[str, Any]) -> dict[str, str] | None:
    """An embedded PNG or JPEG as the portrait; a Foundry path only named in the notes."""
    value = raw.get("img")
    if not isinstance(value, str) or not value.strip() or value in DEFAULT_IMAGES:
        return None
    match = re.match(r"^data:(image/(?:png|jpeg));base64,", value)
    if match is not None:
        data = value[match.end() :]
        try:
            base64.b64decode(data, validate=True)
        except (binascii.Error, ValueError):
            pass
        else:
            portrait = {"media_type": match[1], "data": data}
            try:
                Portrait.model_validate(portrait)
            except ValidationError:
                pass
            else:
                reader.report.append("the embedded image became the portrait")
                return portrait
        reader.report.append("an embedded image could not be read: not kept")
        return None
    reader.notes.add("Foundry image (not copied)", shorten(clean_line(value), 500))
    reader.notes.kept.append("image")
    return None


def flags(reader: Reader, raw: Mapping[str, Any]) -> None:
    """Modules' flags, one line each (the first ``MAX_FLAG_NOTES``)."""
    found = raw.get("flags")
    if not isinstance(found, dict):
        return
    kept = 0
    for namespace, values in found.items():
        if namespace in ("core", "exportSource") or not isinstance(values, dict):
            continue
        for key, value in values.items():
            if isinstance(value, dict | list) or value in (None, "", False):
                continue  # nested data is Foundry's own; false is the default
            if kept == MAX_FLAG_NOTES:
                break
            reader.notes.add(
                "Foundry flags", f"{clean_line(namespace)}.{clean_line(key)}: {show(value)}"
            )
            kept += 1
    if kept:
        reader.notes.kept.append(plural(kept, "Foundry flag"))


def effects(reader: Reader, raw: Mapping[str, Any]) -> None:
    """Foundry active effects (bonuses a cybernetic or a wound applies in Foundry): Wild Die
    does not apply them; their names go to the notes, and the report says so."""
    found = raw.get("effects")
    if not isinstance(found, list) or not found:
        return
    names = []
    for effect in found[:MAX_FLAG_NOTES]:
        label = effect.get("label", effect.get("name")) if isinstance(effect, dict) else None
        names.append(clean_line(label)[:120] if isinstance(label, str) and label.strip() else "?")
    for name in names:
        reader.notes.add("Foundry active effects (not applied)", name)
    reader.notes.kept.append(plural(len(found), "active effect"))
    reader.report.append(
        f"{plural(len(found), 'Foundry active effect')} not applied: check the codes they changed"
    )


def provenance(raw: Mapping[str, Any], source: str) -> str:
    """The notes' first line: the file, and the od6s and Foundry versions that wrote it."""
    stats = raw.get("_stats")
    export = (
        (raw.get("flags") or {}).get("exportSource") if isinstance(raw.get("flags"), dict) else None
    )
    facts: list[str] = [f"file {PurePath(source).name}"]
    for origin, system_key in ((stats, "systemId"), (export, "system")):
        if not isinstance(origin, dict):
            continue
        system = origin.get(system_key)
        version = origin.get("systemVersion")
        core = origin.get("coreVersion")
        if isinstance(system, str) and system:
            facts.append(
                f"system {clean_line(system)[:40]}"
                + (
                    f" {clean_line(str(version))[:20]}"
                    if isinstance(version, str | int | float)
                    else ""
                )
            )
        if isinstance(core, str | int | float) and not isinstance(core, bool):
            facts.append(f"Foundry {clean_line(str(core))[:20]}")
        break
    return "Imported from a Foundry VTT od6s export (" + "; ".join(facts) + ")."
