"""od6s weapon and armour items as Wild Die weapons and armour (R9).

============================  ===========================================================
od6s                          Wild Die
============================  ===========================================================
weapon items                  weapons: ``damage.score`` -> damage, ``stats.skill`` ->
                              skill, ``range`` -> range, ``scale.score`` -> scale
``stun``                      notes: ``{"score", "stun_only"}`` (v10) or a bare number
                              or die code (v9); another shape is skipped and reported
``blast_radius`` 1-4          blast steps (R9): ``range`` and ``damage`` pips; a weapon
                              with no damage of its own rolls its innermost ring's
vehicle/starship weapons      weapons: ``skill.value``, ``damage.score``, ``range``;
                              no scale of their own: the vehicle's (R9)
armor items, worn             armour, every facing (R9): the sum of their ``pr``
                              (physical resistance); ``er`` (energy) goes to the notes
armor items, not worn         notes
============================  ===========================================================
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from sheets.documents.common import NAME_LENGTH, TEXT_LENGTH
from sheets.importers.od6s import leftovers
from sheets.importers.od6s.export import Item, description
from sheets.importers.od6s.limits import MAX_PIPS
from sheets.importers.od6s.reader import Reader
from sheets.importers.od6s.tables import ARMOR, DAMAGE_TYPES, VEHICLE_WEAPONS, WEAPON, key_words
from sheets.importers.od6s.text import clean_line, shorten
from sheets.importers.od6s.values import BAD, Bad, code, is_set, loose_int, show, unique, unwrap

HANDLED: Final = frozenset(
    {
        "description", "damage.score", "damage.type", "damage.str", "damage.muscle",
        "stats.skill", "stats.specialization", "stats.attribute", "equipped", "subtype",
        "stun", "range", "scale",
        "ammo", "rof", "blast_radius", "skill", "fire_control", "arc",
    }
)  # fmt: skip
"""The fields of a weapon item that land on the sheet; the rest are listed (leftovers)."""
ARMOUR_HANDLED: Final = frozenset({"description", "pr", "er", "equipped"})


def weapons(
    reader: Reader, items: Iterable[Item], vehicle_scale: int | None
) -> list[dict[str, Any]]:
    """Weapon items, a person's and a vehicle's, as the sheet's weapons.

    ``vehicle_scale``: the scale of the vehicle that carries them (None for a person); R9:
    a vehicle's weapon with no scale of its own fires at the vehicle's."""
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
            shown = DAMAGE_TYPES.get(damage_type.lower(), key_words(damage_type))
            if shown:
                notes.append(f"Damage type: {shown}.")
        for key, label in (("ammo", "Ammo"), ("rof", "Rate of fire")):
            amount = loose_int(unwrap(system.get(key)), die_code=False)
            if isinstance(amount, int) and amount:
                notes.append(f"{label}: {amount}.")
        pips = reader.pips(damage, "score", [*where, "damage"], "damage pips")
        blast = _blast(reader, system, where, notes)
        if not pips and blast:
            pips = blast[0]["_pips"]  # a grenade rolls its innermost ring (R9)
        for step in blast:
            step.pop("_pips")
        scale = reader.scale(system, where)
        if vehicle_scale is not None and not scale and vehicle_scale:
            scale = vehicle_scale  # R9: a vehicle's weapon fires at the vehicle's scale
        text = description(reader, item)
        leftovers.listed(reader, system, HANDLED, f"weapon {item.name}")
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
                "blast": blast,
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
    subtype = key_words(clean_line(reader.text(system, "subtype", where)))
    if subtype:
        notes.append(f"Type: {subtype.rsplit('.', 1)[-1].capitalize()}.")
    notes.extend(_stun(reader, system, where))
    return skill, notes


def _stun(reader: Reader, system: Mapping[str, Any], where: list[str]) -> list[str]:
    """``stun``: ``{"score": 6, "stun_only": true}`` (v10), ``0`` or ``"2D"`` (v9)."""
    value = system.get("stun")
    if value is None or value is False or value == "":
        return []
    stun_only = value is True
    raw: Any = None if isinstance(value, bool) else value
    if isinstance(value, dict):
        stun_only = is_set(value, "stun_only")
        raw = value.get("score", value.get("value"))
    pips = loose_int(raw, die_code=True)
    if isinstance(pips, Bad) or (isinstance(pips, int) and not 0 <= pips <= MAX_PIPS):
        reader.problem([*where, "stun"], f"is not a stun damage od6s writes: {show(value)}")
        return []
    notes = [f"Stun damage {code(pips)}."] if pips else []
    if stun_only:
        notes.append("Stun damage only.")
    return notes


def _blast(
    reader: Reader, system: Mapping[str, Any], where: list[str], notes: list[str]
) -> list[dict[str, Any]]:
    """``blast_radius`` {"1": {range, damage, stun_range, stun_damage}, ...} as blast
    steps, innermost first (R9); stun rings go to the notes."""
    value = system.get("blast_radius")
    if value is None or value == "" or value == 0:
        return []
    at = [*where, "blast_radius"]
    if isinstance(value, list):
        entries = [(str(n + 1), entry) for n, entry in enumerate(value)]
    elif isinstance(value, dict):
        entries = sorted(value.items(), key=lambda kv: (len(str(kv[0])), str(kv[0])))
    else:
        reader.problem(at, f"is not a blast radius od6s writes: {show(value)}")
        return []
    steps: list[dict[str, Any]] = []
    for key, entry in entries:
        if not isinstance(entry, dict):
            reader.problem([*at, str(key)], f"should be an object {{...}}, not {show(entry)}")
            continue
        place = [*at, str(key)]
        pips = reader.pips(entry, "damage", place, "blast damage pips")
        reach = _distance(entry.get("range"))
        stun = reader.pips(entry, "stun_damage", place, "blast stun damage pips")
        stun_reach = _distance(entry.get("stun_range"))
        if pips or reach:
            steps.append({"range": reach, "damage": code(pips), "_pips": pips})
        if stun or stun_reach:
            notes.append(f"Blast stun {code(stun)} to {stun_reach or '?'}.")
    return steps


def _distance(value: Any) -> str:
    number = loose_int(value, die_code=False)
    if isinstance(number, int):
        return str(number) if number else ""
    if isinstance(value, float) and value > 0:
        return shorten(f"{value:g}", NAME_LENGTH)
    return shorten(clean_line(value), NAME_LENGTH) if isinstance(value, str) else ""


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
    arc = system.get("arc")
    if isinstance(arc, dict):  # {"value": "OD6S.FRONT"}; older exports the bare text
        arc_text = key_words(reader.line(arc, "value", [*where, "arc"]))
    else:
        arc_text = key_words(reader.line(system, "arc", where))
    if arc_text:
        notes.append(f"Arc: {arc_text}.")
    notes.extend(_stun(reader, system, where))
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
        leftovers.listed(reader, item.system, ARMOUR_HANDLED, f"armour {item.name}")
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
