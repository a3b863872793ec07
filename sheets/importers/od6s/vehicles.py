"""What only od6s vehicles and starships have: hull, handling and damage (R2, R5, R9).

============================  ===========================================================
od6s                          Wild Die
============================  ===========================================================
vehicle ``toughness.score``,  toughness, armour on every facing, a Handling ability (R2,
``armor.score``,              R9)
``maneuverability.score``
vehicle ``damage.value``      a body track instance (R5): ``VEHICLE_DAMAGE``;
                              ``OD6S.DAMAGE_NONE`` is undamaged
``move``, ``atmosphere``...   movement: one rate per medium (space, atmosphere), km/h
                              with it
``sensors.types``             sensors: passive, scan, search, focus (score pips, range);
                              ``sensors.skill``/``mod`` to the notes
``shields``                   shields: ``value`` pips, ``arcs`` front/rear/left/right
``skill``, ``specialization`` notes (the piloting skill the crew rolls)
``embedded_pilot.actor``      a character of its own (``sheet``), the vehicle's pilot
============================  ===========================================================
"""

from __future__ import annotations

from typing import Any, Final

from sheets.importers.od6s.abilities import Ability
from sheets.importers.od6s.conditions import Instance, track_instance
from sheets.importers.od6s.reader import Reader
from sheets.importers.od6s.tables import VEHICLE_DAMAGE, key_words
from sheets.importers.od6s.text import clean_line, shorten
from sheets.importers.od6s.values import code, loose_int, unique_among, unwrap

HANDLED: Final = frozenset(
    {
        "attributes", "scale", "maneuverability", "toughness", "armor", "damage", "move",
        "sensors", "shields", "skill", "specialization", "embedded_pilot", "description",
        "background", "vehicle_type", "crew", "passengers", "cargo_capacity", "length",
        "tonnage", "cost", "price", "interstellar_drive", "cover", "credits", "funds",
        "custom1", "custom2", "custom3", "custom4",
    }
)  # fmt: skip
"""A vehicle's fields that land on the sheet or in its details; the rest are listed."""
SENSOR_MODES: Final = ("passive", "scan", "search", "focus")
ARCS: Final = ("front", "rear", "left", "right")


def add_handling(
    reader: Reader, system: dict[str, Any], where: list[str], abilities: dict[str, Ability]
) -> None:
    """Maneuverability as a Handling ability (R2), after the vehicle's attributes."""
    handling = reader.score_pips(system, "maneuverability", where, "maneuverability pips")
    if handling:
        abilities["~handling"] = {
            "name": unique_among("Handling", abilities.values()),
            "code": code(handling),
            "skills": [],
            "notes": "od6s maneuverability",
        }


def toughness(reader: Reader, system: dict[str, Any], where: list[str]) -> str:
    """``toughness.score`` as the vehicle's toughness die code (R9)."""
    return code(reader.score_pips(system, "toughness", where, "toughness pips"))


def hull_armour(reader: Reader, system: dict[str, Any], where: list[str]) -> int:
    """``armor.score``: the vehicle's own armour pips, before any worn armour item (R9)."""
    return reader.score_pips(system, "armor", where, "armour pips")


def vehicle_damage(reader: Reader, system: dict[str, Any], where: list[str]) -> list[Instance]:
    """``damage.value`` (``OD6S.DAMAGE_LIGHT``, ``Light``) as an R5 body track instance."""
    if isinstance(system.get("damage"), dict):
        text = reader.line(system["damage"], "value", [*where, "damage"])
    else:  # older exports: the bare text
        text = reader.line(system, "damage", where)
    if not text:
        return []
    wanted = text.rsplit(".", 1)[-1].removeprefix("DAMAGE_").replace("_", " ").casefold()
    level = VEHICLE_DAMAGE.get(wanted)
    if level is None:
        reader.notes.add("od6s vehicle damage", text)
        reader.notes.kept.append("vehicle damage")
        return []
    if level == 0:
        return []
    label = wanted.title()
    return [track_instance(reader, "body", level, f"od6s vehicle damage {label}")]


def movement(
    reader: Reader, system: dict[str, Any], where: list[str], starship: bool
) -> tuple[list[dict[str, str]], set[str]]:
    """``move`` (space units for a starship) and an atmospheric move, each with its km/h;
    and the keys read."""
    found: list[dict[str, str]] = []
    read: set[str] = set()
    for key, value in system.items():
        lowered = str(key).lower()
        if lowered == "move":
            name = "Space" if starship else "Move"
        elif "atmo" in lowered:
            name = "Atmosphere"
        else:
            continue
        read.add(str(key))
        rate = _rate(value)
        if rate is None:
            reader.problem([*where, str(key)], "is not a move od6s writes")
        elif rate:
            found.append({"name": unique_among(name, found), "rate": rate})
    return found, read


def _rate(value: Any) -> str | None:
    """``8``, ``{"value": 8}``, ``{"value": 295, "kmh": 850}`` as ``"295 (850 km/h)"``;
    ``""`` for none, None for a shape od6s does not write."""
    if isinstance(value, dict):
        number = loose_int(
            value.get("value", value.get("move", value.get("score"))), die_code=False
        )
        kmh = next((value[k] for k in value if "km" in str(k).lower()), None)
    else:
        number, kmh = loose_int(value, die_code=False), None
    if not isinstance(number, int | None):
        return None
    kmh_number = loose_int(unwrap(kmh), die_code=False)
    text = str(number) if number else ""
    if isinstance(kmh_number, int) and kmh_number:
        text = f"{text} ({kmh_number} km/h)".strip()
    return shorten(text, 120)


def sensors(reader: Reader, system: dict[str, Any], where: list[str]) -> list[dict[str, str]]:
    """``sensors.types``: each mode with dice or a range; the sensors skill to the notes."""
    entry = reader.obj(system, "sensors", where)
    at = [*where, "sensors"]
    types = reader.obj(entry, "types", at)
    found: list[dict[str, str]] = []
    for mode in (*SENSOR_MODES, *(k for k in types if k not in SENSOR_MODES)):
        sensor = types.get(mode)
        if sensor is None:
            continue
        if not isinstance(sensor, dict):
            reader.problem([*at, "types", str(mode)], "should be an object {...}")
            continue
        pips = reader.pips(sensor, "score", [*at, "types", str(mode)], "sensor pips")
        reach = loose_int(sensor.get("range"), die_code=False)
        reach_text = str(reach) if isinstance(reach, int) and reach else ""
        if pips or reach_text:
            name = clean_line(str(mode)).capitalize() or "Sensor"
            found.append(
                {"name": unique_among(name, found), "code": code(pips), "range": reach_text}
            )
    skill = key_words(reader.line(entry, "skill", at))
    mod = loose_int(entry.get("mod"), die_code=True)
    if found and skill:
        reader.notes.add("Vehicle", f"Sensors rolled with {skill}")
    if isinstance(mod, int) and mod:
        reader.notes.add("Vehicle", f"Sensors modifier {'-' if mod < 0 else '+'}{code(abs(mod))}")
    return found


def shields(reader: Reader, system: dict[str, Any], where: list[str]) -> dict[str, str] | None:
    """``shields``: ``value`` pips, and the pips on each of the four ``arcs``."""
    entry = system.get("shields")
    if entry is None:
        return None
    at = [*where, "shields"]
    if not isinstance(entry, dict):
        pips = reader.pips(system, "shields", where, "shield pips")
        return {"code": code(pips)} if pips else None
    pips = reader.pips(entry, "value", at, "shield pips")
    arcs = reader.obj(entry, "arcs", at)
    found = {"code": code(pips)}
    for arc in ARCS:
        value = arcs.get(arc)
        holder = value if isinstance(value, dict) else {"value": value}
        found[arc] = code(reader.pips(holder, "value", [*at, "arcs", arc], "shield pips"))
    allocated = loose_int(entry.get("allocated"), die_code=True)
    if isinstance(allocated, int) and allocated:
        reader.notes.add("Vehicle", f"Shields allocated: {code(max(0, allocated))}")
    if not pips and all(found[arc] == "0D" for arc in ARCS):
        return None
    return found


def piloting(reader: Reader, system: dict[str, Any], where: list[str]) -> None:
    """``skill``/``specialization`` (``{"value": ...}``, or bare text in older exports):
    what the crew rolls to fly it, in the notes."""
    skill, spec = (_value_text(reader, system, key, where) for key in ("skill", "specialization"))
    if skill:
        reader.notes.add("Vehicle", f"Piloted with {skill}" + (f" ({spec})" if spec else ""))
    elif spec:
        reader.notes.add("Vehicle", f"Piloting specialization {spec}")


def _value_text(reader: Reader, system: dict[str, Any], key: str, where: list[str]) -> str:
    if isinstance(system.get(key), dict):
        return key_words(reader.line(system[key], "value", [*where, key]))
    return key_words(reader.line(system, key, where))
