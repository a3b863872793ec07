"""One od6s actor as a Wild Die character document, checked as Wild Die checks its files.

============================  ===========================================================
od6s                          Wild Die
============================  ===========================================================
``type``                      ``kind``: see ``KIND_OF_TYPE`` (starship -> vehicle)
``characterpoints``,          character points, fate points (R7)
``fatepoints``
``scale.score``               scale (R9)
============================  ===========================================================

The rest of the mapping is in the modules that convert each part: ``abilities``,
``equipment``, ``conditions``, ``vehicles`` and ``notes``. Every problem of the export is
collected first; any problem means no character.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from sheets.documents import Character
from sheets.documents.character import MAX_POINTS
from sheets.importers.od6s import abilities, conditions, equipment, notes, vehicles
from sheets.importers.od6s.export import Actor, read_actor
from sheets.importers.od6s.reader import Reader
from sheets.importers.od6s.report import ImportResult, no_counts, summary
from sheets.importers.od6s.tables import KIND_OF_TYPE, SKILL, SPECIALIZATION
from sheets.importers.od6s.values import code
from sheets.storage import dump_document, parse_document, problems_from_validation


def convert(raw: Any, source: str) -> ImportResult:
    """Parsed export JSON as a character; ``DocumentError`` and nothing when it is not."""
    reader = Reader(source)
    return _build(reader, read_actor(reader, raw))


def _build(reader: Reader, actor: Actor) -> ImportResult:
    # The order of the reads is the order of the problems and of the report's lines.
    system, where, items, vehicle = actor.system, actor.where, actor.items, actor.vehicle
    kind = KIND_OF_TYPE[actor.type]
    counts = no_counts()
    placed = abilities.from_attributes(reader, system, where, items, vehicle)
    skills = [i for i in items if i.type == SKILL]
    specs = [i for i in items if i.type == SPECIALIZATION]
    counts["skills"] = abilities.place_skills(reader, placed, skills)
    counts["specializations"] = abilities.place_specializations(reader, placed, specs)
    if vehicle:
        vehicles.add_handling(reader, system, where, placed)
    counts["abilities"] = len(placed)
    weapons = equipment.weapons(reader, items)
    counts["weapons"] = len(weapons)
    hull = vehicles.hull_armour(reader, system, where) if vehicle else 0
    armour_pips, counts["armour"] = equipment.armour(reader, items, hull)
    sheet_damage: conditions.SheetDamage = {}  # R10: wound level, body points
    if vehicle:
        instances = vehicles.vehicle_damage(reader, system, where)
    else:
        instances, sheet_damage = conditions.wounds(reader, system, where)
    notes.other_items(reader, items)
    character_points = fate_points = 0
    if not vehicle:
        character_points = _points(reader, system, "characterpoints", where, "character points")
        fate_points = _points(reader, system, "fatepoints", where, "fate points")
    scale = reader.scale(system, where)
    toughness = vehicles.toughness(reader, system, where) if vehicle else None
    background = notes.background(reader, actor.type, system, where)
    notes.details(reader, system, where, vehicle)
    portrait = notes.image(reader, actor.raw)
    notes.flags(reader, actor.raw)
    if actor.type == "starship":
        reader.report.append("od6s starship imported as a vehicle")
    if reader.problems:
        raise reader.refusal(reader.problems)

    document: dict[str, Any] = {
        "kind": kind,
        "name": actor.name,
        "importance": "dynamic" if kind == "character" else "stock",
        "background": reader.cut(background, "background"),
        "abilities": list(placed.values()),
        "action_points": 1 if kind == "character" else 0,  # R7: a session starts with 1
        "character_points": character_points,
        "fate_points": fate_points,
        "encounter_length": "full",  # R5: od6s tracks every actor on the full table
        "conditions": {"instances": instances},
        **sheet_damage,  # R10: wound level, body points
        "weapons": weapons,
        "armour": dict.fromkeys(("front", "side", "rear"), code(armour_pips)),
        "toughness": toughness,
        "scale": scale,
        "notes": reader.cut(reader.notes.text(notes.provenance(actor.raw, reader.source)), "notes"),
        "portrait": portrait,
    }
    try:
        character = Character.model_validate(document)
    except ValidationError as error:
        raise reader.refusal(problems_from_validation(error, document, reader.source)) from None
    # What the importer hands on must be a file Wild Die reads back (storage's checks).
    parse_document(dump_document(character), source=reader.source, expect="character")
    report = [summary(counts, reader.notes.kept), *reader.report]
    return ImportResult(character, report, counts, list(reader.notes.kept))


def _points(reader: Reader, system: dict[str, Any], key: str, where: list[str], what: str) -> int:
    """Character or fate points (R7): ``<key>.value``, a person's only."""
    return reader.whole(system, key, where, low=0, high=MAX_POINTS, what=what, inner="value")
