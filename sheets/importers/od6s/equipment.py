"""od6s weapon and armour items as Wild Die weapons and armour (R9).

============================  ===========================================================
od6s                          Wild Die
============================  ===========================================================
weapon items                  weapons: ``damage.score`` -> damage, ``stats.skill`` ->
                              skill, ``range`` -> range, ``scale.score`` -> scale
vehicle/starship weapons      weapons: ``skill.value``, ``damage.score``, ``range``
armor items, worn             armour, every facing (R9): the sum of their ``pr``
                              (physical resistance); ``er`` (energy) goes to the notes
armor items, not worn         notes
============================  ===========================================================
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from sheets.documents.common import NAME_LENGTH, TEXT_LENGTH
from sheets.importers.od6s.export import Item, description
from sheets.importers.od6s.limits import MAX_PIPS
from sheets.importers.od6s.reader import Reader
from sheets.importers.od6s.tables import ARMOR, DAMAGE_TYPES, VEHICLE_WEAPONS, WEAPON
from sheets.importers.od6s.text import clean_line, shorten
from sheets.importers.od6s.values import BAD, code, is_set, loose_int, unique, unwrap


def weapons(reader: Reader, items: Iterable[Item]) -> list[dict[str, Any]]:
    """Weapon items, a person's and a vehicle's, as the sheet's weapons."""
    found: list[dict[str, Any]] = []
    taken: set[str] = set()
    for item in items:
        if item.type != WEAPON and item.type not in VEHICLE_WEAPONS:
            continue
        system, where = item.system, item.where
        damage = reader.obj(system, "damage", where)
        if item.type == WEAPON:
            skill, notes = _hand_weapon(reader, system, where, damage)
        else:
            skill, notes = _vehicle_weapon(reader, system, where)
        damage_type = reader.line(damage, "type", [*where, "damage"])
        if damage_type:
            shown = DAMAGE_TYPES.get(damage_type.lower(), damage_type)
            notes.append(f"Damage type: {shown}.")
        for key, label in (("ammo", "Ammo"), ("rof", "Rate of fire")):
            amount = loose_int(unwrap(system.get(key)), die_code=False)
            if isinstance(amount, int) and amount:
                notes.append(f"{label}: {amount}.")
        pips = reader.pips(damage, "score", [*where, "damage"], "damage pips")
        scale = reader.scale(system, where)
        text = description(reader, item)
        weapon_name = unique(item.name, taken)
        if weapon_name != item.name:
            reader.report.append(f"a second weapon {item.name!r} renamed {weapon_name!r}")
        found.append(
            {
                "name": weapon_name,
                "skill": shorten(skill, NAME_LENGTH),
                "damage": code(pips),
                "scale": scale,
                "range": _range(reader, system, where),
                "notes": shorten(" ".join([*notes, text]).strip(), TEXT_LENGTH),
            }
        )
    return found


def _hand_weapon(
    reader: Reader, system: dict[str, Any], where: list[str], damage: Mapping[str, Any]
) -> tuple[str, list[str]]:
    """A person's weapon: its skill, and notes on what the sheet has no field for."""
    notes: list[str] = []
    stats = reader.obj(system, "stats", where)
    skill = reader.line(stats, "skill", [*where, "stats"])
    spec = reader.line(stats, "specialization", [*where, "stats"])
    if spec:
        notes.append(f"Specialization: {spec}.")
    if is_set(damage, "str") or is_set(damage, "muscle"):
        notes.append("Adds the wielder's Strength Damage (od6s).")
    subtype = reader.text(system, "subtype", where)
    if subtype:
        notes.append(f"Type: {subtype.rsplit('.', 1)[-1].capitalize()}.")
    stun_pips = reader.score_pips(system, "stun", where, "stun damage pips")
    if stun_pips:
        notes.append(f"Stun damage {code(stun_pips)}.")
    return skill, notes


def _vehicle_weapon(
    reader: Reader, system: dict[str, Any], where: list[str]
) -> tuple[str, list[str]]:
    """A vehicle's or starship's weapon: its skill, fire control and arc."""
    notes: list[str] = []
    if isinstance(system.get("skill"), dict):
        skill = reader.line(system["skill"], "value", [*where, "skill"])
    else:
        skill = reader.line(system, "skill", where)
    fire = reader.score_pips(system, "fire_control", where, "fire control pips")
    if fire:
        notes.append(f"Fire control {code(fire)}.")
    arc = reader.obj(system, "arc", where)
    arc_text = reader.line(arc, "value", [*where, "arc"])
    if arc_text:
        notes.append(f"Arc: {arc_text}.")
    return skill, notes


def _range(reader: Reader, system: Mapping[str, Any], where: list[str]) -> str:
    ranges = reader.obj(system, "range", where)
    parts = []
    for key in ("short", "medium", "long"):
        value = ranges.get(key)
        number = loose_int(value, die_code=False)
        if isinstance(number, int) and number:
            parts.append(f"{key} {number}")
        elif isinstance(value, str) and clean_line(value) and number is BAD:
            parts.append(f"{key} {clean_line(value)}")
    return shorten(", ".join(parts), NAME_LENGTH)  # Weapon.range


def armour(reader: Reader, items: Iterable[Item], hull: int = 0) -> tuple[int, int]:
    """Worn armour's physical resistance summed onto every facing (R9), over a vehicle's
    own ``hull`` armour: the pips and how many armour items are worn."""
    pr_total, er_total, worn, carried = hull, 0, 0, 0
    worn_names: list[str] = []
    for item in items:
        if item.type != ARMOR:
            continue
        pr = reader.pips(item.system, "pr", item.where, "physical resistance pips")
        er = reader.pips(item.system, "er", item.where, "energy resistance pips")
        if unwrap(item.system.get("equipped")) is None or is_set(item.system, "equipped"):
            pr_total += pr
            er_total += er
            worn += 1
            worn_names.append(item.name)
        else:
            reader.notes.add(
                "Armour carried, not worn",
                f"{item.name}: physical {code(pr)}, energy {code(er)}",
            )
            carried += 1
    if carried:
        reader.notes.kept.append(f"{carried} armour not worn")
    if er_total:
        reader.notes.add(
            "Energy resistance (od6s er) of worn armour",
            f"{code(er_total)} ({', '.join(worn_names)})",
        )
        reader.notes.kept.append("energy resistance")
    return min(pr_total, MAX_PIPS), worn
