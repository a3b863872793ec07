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
reported and skipped (the report and the notes name it); only an export that is no od6s
actor at all, or breaks a size limit, is refused.
"""

from __future__ import annotations

from typing import Any, Final

from pydantic import ValidationError

from sheets.documents import Character
from sheets.documents.character import MAX_POINTS
from sheets.importers.od6s import abilities, conditions, equipment, leftovers, notes, vehicles
from sheets.importers.od6s.export import Actor, read_actor
from sheets.importers.od6s.reader import Reader
from sheets.importers.od6s.report import ImportResult, no_counts, summary
from sheets.importers.od6s.tables import DETAILS, KIND_OF_TYPE, SKILL, SPECIALIZATION
from sheets.importers.od6s.values import code, is_set, plural
from sheets.storage import (
    DocumentError,
    dump_document,
    parse_document,
    problems_from_validation,
)

PERSON_HANDLED: Final = frozenset(
    {
        "attributes", "wounds", "stuns", "characterpoints", "fatepoints", "scale",
        "background", "description", "move", "credits", "funds",
        "custom1", "custom2", "custom3", "custom4", *(key for key, _ in DETAILS),
    }
)  # fmt: skip
"""A person's fields that land on the sheet or in its details; the rest are listed."""


def convert(raw: Any, source: str) -> ImportResult:
    """Parsed export JSON as a character; ``DocumentError`` and nothing when it is no od6s
    actor at all. A vehicle's embedded pilot comes back as ``ImportResult.crew``."""
    reader = Reader(source)
    return _build(reader, read_actor(reader, raw))


def _embedded_pilot(reader: Reader, actor: Actor) -> list[ImportResult]:
    """``embedded_pilot.actor`` (v10 vehicles and starships): the pilot as a character."""
    entry = actor.system.get("embedded_pilot")
    if not isinstance(entry, dict):
        return []
    raw = entry.get("actor")
    if not isinstance(raw, dict) or not raw:
        if is_set(entry, "value"):
            reader.report.append("the embedded pilot is switched on but holds no pilot")
        return []
    raw = {"type": "character", **raw}
    if not isinstance(raw.get("name"), str) or not raw["name"].strip():
        raw["name"] = f"{actor.name} pilot"
    pilot_reader = Reader(reader.source)
    try:
        pilot = _build(pilot_reader, read_actor(pilot_reader, raw), nested=True)
    except DocumentError as error:
        problems = "; ".join(p.message for p in error.problems[:3])
        reader.report.append(f"the embedded pilot could not be imported: {problems}")
        reader.notes.add("Embedded pilot (not imported)", problems)
        reader.notes.kept.append("embedded pilot")
        return []
    return [pilot]


def _build(reader: Reader, actor: Actor, *, nested: bool = False) -> ImportResult:
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
    scale = reader.scale(system, where)
    weapons = equipment.weapons(reader, items, scale if vehicle else None)
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
    toughness = vehicles.toughness(reader, system, where) if vehicle else None
    vehicle_parts: dict[str, Any] = {}
    crew: list[ImportResult] = []
    if vehicle:
        moves, move_keys = vehicles.movement(reader, system, where, actor.type == "starship")
        vehicle_parts = {
            "movement": moves,
            "sensors": vehicles.sensors(reader, system, where),
            "shields": vehicles.shields(reader, system, where),
        }
        vehicles.piloting(reader, system, where)
        if reader.notes.sections.get("Vehicle"):
            reader.notes.kept.append("piloting and sensor details")
        if not nested:
            crew = _embedded_pilot(reader, actor)
        if crew:
            vehicle_parts["pilot"] = crew[0].character.name
            reader.report.append(
                f"the embedded pilot {crew[0].character.name!r} imported as a character of "
                "its own, and named as the pilot"
            )
        handled = vehicles.HANDLED | move_keys
    else:
        handled = PERSON_HANDLED
    background = notes.background(reader, actor.type, system, where)
    notes.details(reader, system, where, vehicle)
    portrait = notes.image(reader, actor.raw)
    notes.flags(reader, actor.raw)
    notes.effects(reader, actor.raw)
    leftovers.listed(reader, system, handled)
    if actor.type == "starship":
        reader.report.append("od6s starship imported as a vehicle")
    if reader.leftover:
        shown = ", ".join(reader.leftover[:30])
        more = f" and {len(reader.leftover) - 30} more" if len(reader.leftover) > 30 else ""
        reader.report.append(
            f"od6s fields with no place on the sheet, kept in notes: {shown}{more}"
        )
        reader.notes.kept.append(plural(len(reader.leftover), "other od6s field"))

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
        **vehicle_parts,
        "notes": reader.cut(reader.notes.text(notes.provenance(actor.raw, reader.source)), "notes"),
        "portrait": portrait,
    }
    try:
        character = Character.model_validate(document)
    except ValidationError as error:
        raise reader.refusal(problems_from_validation(error, document, reader.source)) from None
    # What the importer hands on must be a file Wild Die reads back (storage's checks).
    parse_document(dump_document(character), source=reader.source, expect="character")
    report = [summary(counts, reader.notes.kept, len(reader.problems)), *reader.report]
    for member in crew:
        report += [f"pilot {member.character.name!r}: {line}" for line in member.report]
    return ImportResult(
        character,
        report,
        counts,
        list(reader.notes.kept),
        crew=[member.character for member in crew],
        skipped=len(reader.problems) + sum(m.skipped for m in crew),
        leftover=[*reader.leftover, *(f for m in crew for f in m.leftover)],
    )


def _points(reader: Reader, system: dict[str, Any], key: str, where: list[str], what: str) -> int:
    """Character or fate points (R7): ``<key>.value``, a person's only."""
    return reader.whole(system, key, where, low=0, high=MAX_POINTS, what=what, inner="value")
