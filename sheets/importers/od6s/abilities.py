"""od6s attributes, skills and specializations as Wild Die abilities with their skills.

============================  ===========================================================
od6s                          Wild Die
============================  ===========================================================
attributes agi str mec kno    abilities, by their ``label`` when it is a readable name,
per tec                       else the OpenD6 name (``STANDARD_ATTRIBUTES``); code is
                              ``base + mod`` pips
``met`` (Metaphysics)         an extranormal ability (R2), only when it has dice or a
                              skill uses it
``ca1``-``ca4``, other keys   notes (custom attributes), with the skills that use them
skill items                   skills of their attribute's ability; code is ``base + mod``
                              (od6s adds a skill to its attribute, as R2 does)
advanced skills               trained only (R2); code is the score above the attribute
specialization items          specializations of the skill named in ``system.skill``;
                              od6s counts them above the attribute, R2 above the skill,
                              so code = spec - skill (a missing skill is added at 0D, R2)
============================  ===========================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from sheets.dice import DieCode
from sheets.documents.common import NAME_LENGTH
from sheets.importers.od6s import leftovers
from sheets.importers.od6s.export import Item, description
from sheets.importers.od6s.limits import MAX_ATTRIBUTES
from sheets.importers.od6s.reader import Reader
from sheets.importers.od6s.tables import (
    ALWAYS_IMPORTED,
    EXTRANORMAL_ATTRIBUTES,
    I18N_KEY,
    SKILL,
    SPECIALIZATION,
    STANDARD_ATTRIBUTES,
)
from sheets.importers.od6s.text import shorten
from sheets.importers.od6s.values import code, is_set, plural, show, unique, unique_among

Ability = dict[str, Any]
"""An ability of the character document being built (its skills carry ``_pips`` until
the specializations are placed)."""


@dataclass
class _Attribute:
    key: str
    name: str
    pips: int
    labelled: bool


def from_attributes(
    reader: Reader, system: dict[str, Any], where: list[str], items: list[Item], vehicle: bool
) -> dict[str, Ability]:
    """Abilities keyed by od6s attribute key, in OpenD6 order; customs go to notes."""
    attributes = reader.obj(system, "attributes", where)
    at = [*where, "attributes"]
    if len(attributes) > MAX_ATTRIBUTES:
        raise reader.fail_now(
            at, f"holds {len(attributes)} attributes (limit {MAX_ATTRIBUTES})", "too_large"
        )
    used = {_attribute_of(reader, item) for item in items if item.type in (SKILL, SPECIALIZATION)}
    found: dict[str, _Attribute] = {}
    for raw_key, entry in attributes.items():
        key = raw_key.strip().lower()
        if entry is None:
            continue
        if not isinstance(entry, dict):
            reader.problem([*at, raw_key], f"should be an object {{...}}, not {show(entry)}")
            continue
        pips = reader.score(entry, [*at, raw_key], "attribute")
        label = reader.name(entry.get("label"), [*at, raw_key, "label"], "")
        labelled = bool(label) and not I18N_KEY.match(label)
        name = label if labelled else STANDARD_ATTRIBUTES.get(key, key)
        found[key] = _Attribute(key, name, pips, labelled)
    placed: dict[str, Ability] = {}
    taken: set[str] = set()
    for key in STANDARD_ATTRIBUTES:
        attribute = found.get(key)
        if attribute is None:
            continue
        wanted = key in ALWAYS_IMPORTED and not vehicle
        if not (wanted or attribute.pips or key in used):
            continue
        placed[key] = {
            "name": unique(attribute.name, taken),
            "code": code(attribute.pips),
            "extranormal": key in EXTRANORMAL_ATTRIBUTES,  # R2
            "skills": [],
        }
    for key, attribute in found.items():
        if key in STANDARD_ATTRIBUTES:
            continue
        if not (attribute.pips or attribute.labelled or key in used):
            continue  # an unused template slot (ca1-ca4 at 0)
        shown = f"{attribute.name} ({key})" if attribute.labelled else key
        reader.notes.add("Custom attributes", f"{shown}: {code(attribute.pips)}")
        reader.notes.kept.append(key)
    return placed


def place_skills(reader: Reader, abilities: dict[str, Ability], skills: list[Item]) -> int:
    """Each skill item onto its attribute's ability; how many found a home."""
    orphans = _Orphans(reader, "skill", "Skills of attributes Wild Die has no ability for")
    for item in skills:
        leftovers.listed(reader, item.system, SKILL_HANDLED, f"skill {item.name}")
        key = _attribute_of(reader, item)
        pips = reader.score(item.system, item.where, item.type)
        notes = description(reader, item)
        ability = abilities.get(key)
        if ability is None:
            orphans.add(key, f"{item.name} ({key or 'no attribute'}): {code(pips)}")
            continue
        trained_only = False
        if is_set(item.system, "isAdvancedSkill"):
            # An advanced skill is rolled on its own score; R2 adds the ability.
            trained_only = True
            ability_pips = DieCode.parse(ability["code"]).total_pips
            notes = f"od6s advanced skill, rolled at {code(pips)} alone. {notes}".strip()
            pips = max(0, pips - ability_pips)
        skill_name = unique_among(item.name, ability["skills"])
        if skill_name != item.name:
            reader.report.append(f"a second skill {item.name!r} renamed {skill_name!r}")
        ability["skills"].append(
            {
                "name": skill_name,
                "code": code(pips),
                "trained_only": trained_only,
                "specializations": [],
                "notes": notes,
                "_pips": pips,
            }
        )
    return len(skills) - orphans.keep()


def place_specializations(reader: Reader, abilities: dict[str, Ability], specs: list[Item]) -> int:
    """Each specialization item under its skill (R2); how many found a home."""
    orphans = _Orphans(
        reader, "specialization", "Specializations of attributes Wild Die has no ability for"
    )
    for item in specs:
        leftovers.listed(reader, item.system, SKILL_HANDLED, f"specialization {item.name}")
        key = _attribute_of(reader, item)
        parent_name = reader.line(item.system, "skill", item.where)
        pips = reader.score(item.system, item.where, item.type)
        parent, ability = _find_skill(abilities, key, parent_name)
        if ability is None:
            orphans.add(
                key,
                f"{item.name} ({parent_name or 'no skill'}, {key or 'no attribute'}): {code(pips)}",
            )
            continue
        if parent is None:
            # R2: a specialization may be held without the skill (0D: no ranks).
            parent = {
                "name": unique_among(
                    shorten(parent_name, NAME_LENGTH) or "Unnamed skill", ability["skills"]
                ),
                "code": "0D",
                "specializations": [],
                "notes": "Added on import from od6s to hold its specializations.",
                "_pips": 0,
            }
            ability["skills"].append(parent)
            reader.report.append(
                f"skill {parent['name']!r} added at 0D to hold specialization {item.name!r} (R2)"
            )
        # od6s counts a specialization above the attribute; R2 above the skill.
        above_skill = max(0, pips - int(parent["_pips"]))
        parent["specializations"].append(
            {
                "name": unique_among(item.name, parent["specializations"]),
                "code": code(above_skill),
                "notes": description(reader, item),
            }
        )
    for ability in abilities.values():
        for skill in ability["skills"]:
            skill.pop("_pips", None)
    return len(specs) - orphans.keep()


SKILL_HANDLED: Final = frozenset(
    {"attribute", "base", "mod", "score", "isAdvancedSkill", "description", "skill"}
)
"""The fields of a skill or specialization item that land on the sheet."""


def _attribute_of(reader: Reader, item: Item) -> str:
    """The od6s attribute key a skill or specialization item belongs to."""
    return reader.text(item.system, "attribute", item.where).strip().lower()


class _Orphans:
    """Skills or specializations of attributes with no ability: kept in the notes."""

    def __init__(self, reader: Reader, what: str, section: str) -> None:
        self.reader, self.what, self.section = reader, what, section
        self.keys: list[str] = []

    def add(self, key: str, line: str) -> None:
        self.keys.append(key or "no attribute")
        self.reader.notes.add(self.section, line)

    def keep(self) -> int:
        """Names them among what was kept in the notes; how many there are."""
        if self.keys:
            keys = ", ".join(dict.fromkeys(self.keys))
            self.reader.notes.kept.append(f"{plural(len(self.keys), self.what)} of {keys}")
        return len(self.keys)


def _find_skill(
    abilities: dict[str, Ability], key: str, name: str
) -> tuple[dict[str, Any] | None, Ability | None]:
    """The skill named ``name``, first under ``key``'s ability, then under any other."""
    wanted = name.casefold()
    if wanted:
        ordered = [abilities[key]] if key in abilities else []
        ordered += [a for k, a in abilities.items() if k != key]
        for ability in ordered:
            for skill in ability["skills"]:
                if skill["name"].casefold() == wanted:
                    return skill, ability
    return None, abilities.get(key)
