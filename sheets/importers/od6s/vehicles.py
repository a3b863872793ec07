"""What only od6s vehicles and starships have: hull, handling and damage (R2, R5, R9).

============================  ===========================================================
od6s                          Wild Die
============================  ===========================================================
vehicle ``toughness.score``,  toughness, armour on every facing, a Handling ability (R2,
``armor.score``,              R9)
``maneuverability.score``
vehicle ``damage.value``      a body track instance (R5): ``VEHICLE_DAMAGE``
============================  ===========================================================
"""

from __future__ import annotations

from typing import Any

from sheets.importers.od6s.abilities import Ability
from sheets.importers.od6s.conditions import Instance, track_instance
from sheets.importers.od6s.reader import Reader
from sheets.importers.od6s.tables import VEHICLE_DAMAGE
from sheets.importers.od6s.values import code, unique_among


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
    damage = reader.obj(system, "damage", where)
    text = reader.line(damage, "value", [*where, "damage"])
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
