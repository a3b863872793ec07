"""Import an actor exported from Foundry VTT's OpenD6 Space system (od6s): issue 8.

Pure: bytes in, a ``Character`` and a report out; no Qt, no file I/O. Field names follow
the od6s system's ``template.json``: an actor is ``name``, ``type``, ``img``, ``system``
(``data`` in exports from Foundry before v10), ``items[]`` (each with ``type`` and its own
``system``/``data``), ``flags`` and ``_stats``. Die codes are pip counts, 3 pips per die
(R1: 3D+2 is 11). Values come in loose types: ``"0"``, ``null``, ``3.0`` and die code text
are read; anything else of the wrong type is a problem, and any problem means no import.

Mapping (what has no home on a Wild Die sheet goes to the notes and the report says so):

============================  ===========================================================
od6s                          Wild Die
============================  ===========================================================
``type``                      ``kind``: see ``KIND_OF_TYPE`` (starship -> vehicle)
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
weapon items                  weapons: ``damage.score`` -> damage, ``stats.skill`` ->
                              skill, ``range`` -> range, ``scale.score`` -> scale
vehicle/starship weapons      weapons: ``skill.value``, ``damage.score``, ``range``
armor items, worn             armour, every facing (R9): the sum of their ``pr``
                              (physical resistance); ``er`` (energy) goes to the notes
armor items, not worn         notes
``wounds.value``              a damage track instance (R5): ``WOUND_LEVELS``; and the
                              wound level (R10 ``wound_level``: od6s's default table is
                              the R10 wound levels, past it reads as Dead)
``wounds.body_points``        body points (R10): ``max`` -> ``body_points_max``,
                              ``current`` -> ``body_points`` (full: left unset)
vehicle ``damage.value``      a body track instance (R5): ``VEHICLE_DAMAGE``
``characterpoints``,          character points, fate points (R7)
``fatepoints``
``scale.score``               scale (R9)
vehicle ``toughness.score``,  toughness, armour on every facing, a Handling ability (R2,
``armor.score``,              R9)
``maneuverability.score``
``background.content`` HTML   background as plain text (an NPC's ``description``)
other items, details, img,    notes
flags
============================  ===========================================================

Every imported element has the full encounter length (R5): od6s tracks every actor's wounds
on the same full table, so a Severely Wounded NPC must not arrive Out of Action.

Wounds land twice on purpose: the import cannot know the campaign's damage system (R10),
so the R5 damage track serves ``conditions`` and ``wound_level`` serves ``wounds``; the
system the campaign plays reads its own field and ignores the other. Body points only
have an R10 home, read when the campaign plays ``body_points``.
"""

from __future__ import annotations

import base64
import binascii
import html
import json
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any, Final

from pydantic import ValidationError

from sheets.conditions import TRACK_LEVELS, TrackName
from sheets.damage import DEAD, wound_name
from sheets.damage import WOUND_LEVELS as R10_WOUND_LEVELS
from sheets.dice import PIPS_PER_DIE, DieCode
from sheets.documents import Character, CharacterKind, Portrait
from sheets.documents.character import MAX_POINTS, MAX_SCALE
from sheets.storage import (
    DocumentError,
    Problem,
    ProblemCode,
    dump_document,
    parse_document,
    problems_from_validation,
    read_json,
)

FORMAT: Final = "od6s"

# --- limits: an od6s actor has a few dozen items; more is not a character sheet -------
MAX_ITEMS: Final = 2000
MAX_ATTRIBUTES: Final = 64
MAX_DICE: Final = 100
MAX_PIPS: Final = MAX_DICE * PIPS_PER_DIE  # 100D: no real sheet holds more
MAX_PROBLEMS: Final = 20  # a hostile file could make thousands; the first ones say enough
NAME_LENGTH: Final = 120  # sheets.documents.common.Name
TEXT_LENGTH: Final = 100_000  # sheets.documents.common.Text
ITEM_TEXT_LENGTH: Final = 2000  # one item's description in the notes
MAX_FLAG_NOTES: Final = 20

# --- mapping tables -------------------------------------------------------------------

ACTOR_TYPES: Final = ("character", "npc", "creature", "vehicle", "starship")
KIND_OF_TYPE: Final[dict[str, CharacterKind]] = {
    "character": "character",
    "npc": "npc",
    "creature": "creature",
    "vehicle": "vehicle",
    "starship": "vehicle",
}

# The od6s attribute keys and their OpenD6 names, in sheet order. ``met`` is the
# extranormal one (R2: metaphysics is flagged extranormal).
STANDARD_ATTRIBUTES: Final[dict[str, str]] = {
    "agi": "Agility",
    "str": "Strength",
    "mec": "Mechanical",
    "kno": "Knowledge",
    "per": "Perception",
    "tec": "Technical",
    "met": "Metaphysics",
}
EXTRANORMAL_ATTRIBUTES: Final = frozenset({"met"})
ALWAYS_IMPORTED: Final = frozenset({"agi", "str", "mec", "kno", "per", "tec"})
"""For people; ``met`` and a vehicle's attributes only when they have dice or skills."""

# od6s wound levels at the system's default deadliness (3): ``wounds.value`` indexes this
# table. Its names are the R10 wound levels (``sheets.damage.WOUND_LEVELS``, one list);
# each maps to a level of the R5 damage track, stored as one instance of that many ranks
# (R5 ruling: the track's level is the sum of its instances' ranks): Healthy is Normal (no
# instance), Wounded is Hurt, Severely Wounded is Wounded, Mortally Wounded and Dead are
# Out of Action (Dead with a line in the report).
WOUND_LEVELS: Final[tuple[tuple[str, int], ...]] = tuple(
    zip(R10_WOUND_LEVELS, (0, 1, 2, 3, 4, 5, 5), strict=True)
)
MAX_WOUND_INDEX: Final = 8
"""Deadliness 1 and 2 tables run to 8; past the default table reads as Dead."""

# od6s vehicle damage (``system.damage.value``) -> the R5 body track level.
VEHICLE_DAMAGE: Final[dict[str, int]] = {
    "no damage": 0,  # Normal
    "very light": 1,  # Defaced
    "light": 2,  # Disrupted
    "heavy": 3,  # Damaged
    "severe": 4,  # Broken
    "destroyed": 5,  # Out of Action
}

# Item types with a home on the sheet; every other type is listed in the notes.
_SKILL, _SPEC, _WEAPON, _ARMOR = "skill", "specialization", "weapon", "armor"
_VEHICLE_WEAPONS: Final = frozenset({"vehicle-weapon", "starship-weapon"})
_NOTE_SECTIONS: Final[dict[str, str]] = {
    "advantage": "Advantages",
    "disadvantage": "Disadvantages",
    "specialability": "Special abilities",
    "cybernetic": "Cybernetics",
    "manifestation": "Manifestations",
    "gear": "Gear",
    "vehicle-gear": "Vehicle gear",
    "starship-gear": "Starship gear",
}
# What a person wrote on the sheet: (system key, label). ``content`` holds the text.
_DETAILS: Final = (
    ("species", "Species"),
    ("chartype", "Type"),
    ("gender", "Gender"),
    ("age", "Age"),
    ("height", "Height"),
    ("weight", "Weight"),
    ("personality", "Personality"),
)
_VEHICLE_DETAILS: Final = (
    ("vehicle_type", "value", "Vehicle type"),
    ("move", "value", "Move"),
    ("crew", "value", "Crew"),
    ("passengers", "value", "Passengers"),
    ("cargo_capacity", "value", "Cargo capacity"),
    ("length", "value", "Length"),
    ("tonnage", "value", "Tonnage"),
    ("cost", "value", "Cost"),
    ("price", "value", "Price"),
    ("interstellar_drive", "value", "Interstellar drive"),
    ("shields", "value", "Shields"),
    ("cover", "value", "Cover"),
)
_ITEM_WORDS: Final[dict[str, tuple[str, str]]] = {
    "specialability": ("special ability", "special abilities"),
    "cybernetic": ("cybernetic", "cybernetics"),
    "gear": ("gear", "gear"),
    "vehicle-gear": ("vehicle gear", "vehicle gear"),
    "starship-gear": ("starship gear", "starship gear"),
}
_DAMAGE_TYPES: Final = {"p": "physical", "e": "energy"}
_DEFAULT_IMAGES: Final = frozenset({"icons/svg/mystery-man.svg", "icons/svg/item-bag.svg"})
_I18N_KEY: Final = re.compile(r"^[A-Z][A-Z0-9_]*(\.[A-Za-z0-9_]+)+$")  # OD6S.CHAR_AGILITY
_CONTROL: Final = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_ENRICHER: Final = re.compile(r"@\w{1,30}\[[^\]\n]{0,200}\]\{([^}\n]{0,100})\}")  # @UUID[..]{Label}
_WHOLE: Final = re.compile(r"^[+-]?\d{1,12}(\.0*)?$")
_UTF8_BOM: Final = b"\xef\xbb\xbf"


@dataclass(frozen=True, slots=True)
class ImportResult:
    """One imported character and what happened to the export's contents."""

    character: Character
    report: list[str]
    """Readable lines; the first is the summary ("3 skills, 2 weapons ... imported; ...")."""
    counts: dict[str, int]
    """abilities, skills, specializations, weapons, armour: how many got a home."""
    kept_in_notes: list[str]
    """Short labels of what went to the notes (``ca1 (Luck)``, ``2 gear``, ``image``)."""
    format: str = FORMAT

    @property
    def summary(self) -> str:
        return self.report[0]


# --- bytes -> JSON ---------------------------------------------------------------------


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
    return actor_type in ("vehicle", "starship") and any(
        isinstance(system.get(key), dict) for key in ("toughness", "maneuverability")
    )


# --- small readers ---------------------------------------------------------------------


def _show(value: Any) -> str:
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
    text = _CONTROL.sub("?", text.replace("\n", "?"))
    return text if len(text) <= 40 else text[:37] + "..."


def _plural(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else (many or one + 's')}"


class _Bad:
    """A value of the wrong type (a sentinel distinct from None = missing)."""


_BAD: Final = _Bad()


def _loose_int(value: Any, *, die_code: bool) -> int | _Bad | None:
    """``3``, ``"3"``, ``3.0``, ``"3D+2"`` (die code text, when allowed); None when empty."""
    if value is None:
        return None
    if isinstance(value, bool):
        return _BAD
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if math.isfinite(value) and value.is_integer():
            return int(value)
        return _BAD
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return None
        if _WHOLE.match(text):
            return int(text.split(".")[0])
        if die_code and len(text) <= 40:  # a die code is short; the check bounds the regex
            try:
                return DieCode.parse(text).total_pips
            except ValueError:
                return _BAD
    return _BAD


def _clean_line(text: str) -> str:
    """One line: control characters become spaces, runs of blanks one space."""
    return " ".join(_CONTROL.sub(" ", text).replace("\n", " ").replace("\t", " ").split())


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _i18n_key(text: str) -> bool:
    return bool(_I18N_KEY.match(text))


_BLOCK_TAGS: Final = frozenset(
    {"p", "div", "ul", "ol", "tr", "table", "blockquote", "section", "article"}
    | {"h1", "h2", "h3", "h4", "h5", "h6", "hr", "pre"}
)
_SKIPPED_TAGS: Final = frozenset({"script", "style", "template", "head", "title"})
# A tag, from its "<" to the next ">" with no "<" inside (doctype and CDATA too): a failed
# match attempt stops at the next "<" or ">", so searching for tags is linear.
_MARKUP: Final = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]{0,30})(?:[\s/][^<>]*)?>|<[!?][^<>]*>")
_END_OF: Final = {name: re.compile(f"</{name}", re.IGNORECASE) for name in _SKIPPED_TAGS}


def _without_comments(markup: str) -> str:
    """``<!-- ... -->`` removed; an unclosed comment hides the rest, as in a browser."""
    parts: list[str] = []
    position = 0
    while (start := markup.find("<!--", position)) >= 0:
        parts.append(markup[position:start])
        end = markup.find("-->", start + 4)
        if end < 0:
            return "".join(parts)
        position = end + 3
    parts.append(markup[position:])
    return "".join(parts)


def html_to_text(markup: str) -> str:
    """Foundry's rich text as plain text: tags dropped, entities unescaped, blocks on lines.

    Never raises, and takes time linear in the length of the markup. The standard
    library's ``html.parser`` is not used: it has taken quadratic time on malformed input
    (CVE-2025-6069, python/cpython#135462; this project's Python 3.11 spent minutes on
    100 kB of ``<a <a ...``), and an export is untrusted. Entities are unescaped with the
    standard library's ``html.unescape``.
    """
    if "<!--" in markup:
        markup = _without_comments(markup)
    parts: list[str] = []
    position = 0
    while (tag := _MARKUP.search(markup, position)) is not None:
        parts.append(html.unescape(markup[position : tag.start()]))
        position = tag.end()
        name, closing = (tag[2] or "").lower(), tag[1] == "/"
        if not name:
            continue  # <!DOCTYPE ...>, <![CDATA[...]]>, <?...?>
        if not closing and name in _SKIPPED_TAGS:  # script, style: their text is no text
            end = _END_OF[name].search(markup, position)
            position = len(markup) if end is None else end.start()
        elif name == "br" or name in _BLOCK_TAGS:
            parts.append("\n")
        elif name == "li" and not closing:  # the next item starts its own line
            parts.append("\n- ")
    parts.append(html.unescape(markup[position:]))
    text = _ENRICHER.sub(r"\1", "".join(parts))
    lines = [" ".join(_CONTROL.sub(" ", line).split()) for line in text.splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


# --- the conversion --------------------------------------------------------------------


@dataclass
class _Item:
    type: str
    name: str
    system: dict[str, Any]
    where: list[str]


@dataclass
class _Attribute:
    key: str
    name: str
    pips: int
    labelled: bool


@dataclass
class _Notes:
    sections: dict[str, list[str]] = field(default_factory=dict)
    kept: list[str] = field(default_factory=list)

    def add(self, section: str, line: str) -> None:
        self.sections.setdefault(section, []).append(line)

    def text(self, first: str) -> str:
        blocks = [first] if first else []
        for title, lines in self.sections.items():
            blocks.append(title + ":\n" + "\n".join(f"- {line}" for line in lines))
        return "\n\n".join(blocks)


def _code(pips: int) -> str:
    return str(DieCode.from_pips(pips))


def _unique(name: str, taken: set[str]) -> str:
    candidate, number = name, 2
    while candidate.casefold() in taken:
        suffix = f" ({number})"
        candidate = _shorten(name, NAME_LENGTH - len(suffix)) + suffix
        number += 1
    taken.add(candidate.casefold())
    return candidate


class _Converter:
    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[Problem] = []
        self.notes = _Notes()
        self.report: list[str] = []
        self.sheet_damage: dict[str, int | None] = {}
        """R10 fields read from the export: ``wound_level``, ``body_points_max``,
        ``body_points``."""

    # -- problems and readers --

    def problem(self, where: Sequence[str], message: str, code: ProblemCode = "invalid") -> None:
        self.problems.append(Problem(self.source, " -> ".join(where), message, code))

    def fail_now(self, where: Sequence[str], message: str, code: ProblemCode) -> DocumentError:
        return DocumentError([Problem(self.source, " -> ".join(where), message, code)])

    def obj(self, parent: Mapping[str, Any], key: str, where: list[str]) -> dict[str, Any]:
        value = parent.get(key)
        if value is None:
            return {}
        if isinstance(value, dict):
            return value
        self.problem([*where, key], f"should be an object {{...}}, not {_show(value)}")
        return {}

    def text(self, parent: Mapping[str, Any], key: str, where: list[str]) -> str:
        value = parent.get(key)
        if value is None or isinstance(value, bool):
            return "" if value is None else str(value).lower()
        if isinstance(value, str):
            return value
        if isinstance(value, int) or (isinstance(value, float) and math.isfinite(value)):
            return str(value)
        self.problem([*where, key], f"should be text, not {_show(value)}")
        return ""

    def content(self, system: Mapping[str, Any], key: str, where: list[str]) -> str:
        """``system.<key>.content`` (or a bare string in older exports) as plain text."""
        value = system.get(key)
        if isinstance(value, dict):
            return html_to_text(self.text(value, "content", [*where, key]))
        return html_to_text(self.text(system, key, where))

    def whole(
        self,
        parent: Mapping[str, Any],
        key: str,
        where: list[str],
        *,
        low: int,
        high: int,
        what: str,
        die_code: bool = False,
    ) -> int:
        """A whole number in ``low..high`` (0 when missing); a problem otherwise."""
        value = parent.get(key)
        number = _loose_int(value, die_code=die_code)
        if number is None:
            return 0
        if isinstance(number, _Bad):
            self.problem([*where, key], f"should be a whole number ({what}), not {_show(value)}")
            return 0
        if number < low:
            if low == 0:
                message = f"is negative ({_show(number)}): {what} cannot be below 0"
                if die_code:
                    message += " (R1: a die code on a sheet is never below 0D)"
            else:
                message = f"should be at least {low} ({what}), not {_show(number)}"
            self.problem([*where, key], message)
            return 0
        if number > high:
            extra = f" ({MAX_DICE}D)" if die_code else ""
            self.problem(
                [*where, key],
                f"is {_show(number)}: {what} cannot be more than {high}{extra}; "
                "not from a real sheet",
            )
            return 0
        return number

    def pips(self, parent: Mapping[str, Any], key: str, where: list[str], what: str) -> int:
        return self.whole(parent, key, where, low=0, high=MAX_PIPS, what=what, die_code=True)

    def score(self, entry: Mapping[str, Any], where: list[str], what: str) -> int:
        """``base + mod`` pips when there is a base, else ``score`` (R1, 3 pips per die)."""
        if entry.get("base") is not None:
            found = len(self.problems)
            base = self.pips(entry, "base", where, f"{what} pips")
            mod = self.whole(
                entry, "mod", where, low=-MAX_PIPS, high=MAX_PIPS, what="pips", die_code=True
            )
            if len(self.problems) > found:
                return 0
            if base + mod < 0:
                self.problem(where, f"base {base} + mod {mod} is below 0 pips (R1: never below 0D)")
                return 0
            return min(base + mod, MAX_PIPS)
        return self.pips(entry, "score", where, f"{what} pips")

    def name(self, value: Any, where: list[str], fallback: str) -> str:
        if value is None:
            return fallback
        if not isinstance(value, str):
            self.problem(where, f"should be text, not {_show(value)}")
            return fallback
        clean = _clean_line(value)
        if not clean:
            return fallback
        if len(clean) > NAME_LENGTH:
            short = _shorten(clean, NAME_LENGTH)
            self.report.append(f"name {_show(clean)} shortened to {NAME_LENGTH} characters")
            return short
        return clean

    # -- the actor --

    def convert(self, raw: Any) -> ImportResult:
        if not isinstance(raw, dict):
            if isinstance(raw, list):
                message = (
                    f"holds a list of {_plural(len(raw), 'thing')} instead of one actor: "
                    "export a single actor from Foundry (right-click it, Export Data)"
                )
            else:
                message = f"holds {_show(raw)} instead of an actor object {{...}}"
            raise self.fail_now([], message, "wrong_kind")
        actor_type = self.actor_type(raw)
        system_key = "system" if "system" in raw else "data"
        system = raw.get(system_key)
        if not isinstance(system, dict):
            if system_key not in raw:
                raise self.fail_now(
                    [], 'has neither "system" nor "data": not an od6s actor export', "wrong_kind"
                )
            raise self.fail_now(
                [system_key], f"should be an object {{...}}, not {_show(system)}", "invalid"
            )
        if not _has_od6s_shape(actor_type, system):
            raise self.fail_now(
                [system_key],
                "has no od6s attributes (agi, str, mec, kno, per, tec, met): is this an "
                "actor from another Foundry system?",
                "wrong_kind",
            )
        if "name" not in raw or raw["name"] is None:
            raise self.fail_now(["name"], "is missing: every actor has a name", "invalid")
        if not isinstance(raw["name"], str):
            raise self.fail_now(["name"], f"should be text, not {_show(raw['name'])}", "invalid")
        name = self.name(raw["name"], ["name"], "")
        if not name:
            raise self.fail_now(["name"], "is empty: every actor has a name", "invalid")
        items = self.items(raw)
        return self.build(raw, actor_type, name, system, [system_key], items)

    def actor_type(self, raw: Mapping[str, Any]) -> str:
        actor_type = raw.get("type")
        if actor_type is None:
            if "kind" in raw and "schema_version" in raw:
                raise self.fail_now(
                    [],
                    "is a Wild Die file already: open it, or copy it into the campaign's "
                    "characters folder",
                    "wrong_kind",
                )
            raise self.fail_now([], 'has no "type": not an od6s actor export', "wrong_kind")
        if actor_type == "container":
            raise self.fail_now(
                ["type"],
                "is an od6s container (loot, a merchant): only characters, NPCs, creatures, "
                "vehicles and starships can be imported",
                "wrong_kind",
            )
        if actor_type not in ACTOR_TYPES:
            raise self.fail_now(
                ["type"],
                f"{_show(actor_type)} is not an od6s actor type: one of {', '.join(ACTOR_TYPES)}",
                "wrong_kind",
            )
        return str(actor_type)

    def items(self, raw: Mapping[str, Any]) -> list[_Item]:
        value = raw.get("items")
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail_now(["items"], f"should be a list [...], not {_show(value)}", "invalid")
        if len(value) > MAX_ITEMS:
            raise self.fail_now(
                ["items"],
                f"holds {len(value)} items: an od6s actor has at most a few hundred "
                f"(limit {MAX_ITEMS}); not imported",
                "too_large",
            )
        names = [i.get("name") if isinstance(i, dict) else None for i in value]
        named = Counter(n for n in names if isinstance(n, str))
        items: list[_Item] = []
        for index, item in enumerate(value):
            label = names[index]
            if isinstance(label, str) and label.strip() and named[label] == 1:
                where = ["items", _clean_line(label)[:60]]
            else:
                where = ["items", f"#{index + 1}"]
            if not isinstance(item, dict):
                self.problem(where, f"should be an object {{...}}, not {_show(item)}")
                continue
            item_type = item.get("type")
            if item_type is not None and not isinstance(item_type, str):
                self.problem([*where, "type"], f"should be text, not {_show(item_type)}")
                continue
            key = "system" if "system" in item else "data"
            system = self.obj(item, key, where)
            kind = (item_type or "").strip().lower()
            fallback = f"Unnamed {kind or 'item'}"
            name = self.name(item.get("name"), [*where, "name"], fallback)
            items.append(_Item(kind, name, system, [*where, key]))
        return items

    def build(
        self,
        raw: Mapping[str, Any],
        actor_type: str,
        name: str,
        system: dict[str, Any],
        where: list[str],
        items: list[_Item],
    ) -> ImportResult:
        kind = KIND_OF_TYPE[actor_type]
        vehicle = actor_type in ("vehicle", "starship")
        counts = dict.fromkeys(("abilities", "skills", "specializations", "weapons", "armour"), 0)
        abilities = self.abilities(system, where, items, vehicle)
        skills = [i for i in items if i.type == _SKILL]
        specs = [i for i in items if i.type == _SPEC]
        counts["skills"] = self.place_skills(abilities, skills)
        counts["specializations"] = self.place_specializations(abilities, specs)
        if vehicle:
            handling = self.pips(
                self.obj(system, "maneuverability", where),
                "score",
                [*where, "maneuverability"],
                "maneuverability pips",
            )
            if handling:
                taken = {a["name"].casefold() for a in abilities.values()}
                abilities["~handling"] = {
                    "name": _unique("Handling", taken),
                    "code": _code(handling),
                    "skills": [],
                    "notes": "od6s maneuverability",
                }
        counts["abilities"] = len(abilities)
        weapons = self.weapons(items)
        counts["weapons"] = len(weapons)
        armour_pips, counts["armour"] = self.armour(system, where, items, vehicle)
        instances = self.damage(system, where, vehicle)
        self.other_items(items)
        character_points = fate_points = 0
        if not vehicle:
            character_points = self.whole(
                self.obj(system, "characterpoints", where),
                "value",
                [*where, "characterpoints"],
                low=0,
                high=MAX_POINTS,
                what="character points",
            )
            fate_points = self.whole(
                self.obj(system, "fatepoints", where),
                "value",
                [*where, "fatepoints"],
                low=0,
                high=MAX_POINTS,
                what="fate points",
            )
        scale = self.whole(
            self.obj(system, "scale", where),
            "score",
            [*where, "scale"],
            low=-MAX_SCALE,
            high=MAX_SCALE,
            what="scale",
        )
        toughness = None
        if vehicle:
            tough = self.pips(
                self.obj(system, "toughness", where),
                "score",
                [*where, "toughness"],
                "toughness pips",
            )
            toughness = _code(tough)
        background = self.background(actor_type, system, where)
        self.details(system, where, vehicle)
        portrait = self.image(raw)
        self.flags(raw)
        if actor_type == "starship":
            self.report.append("od6s starship imported as a vehicle")
        if self.problems:
            raise self.too_many(self.problems)

        document: dict[str, Any] = {
            "kind": kind,
            "name": name,
            "importance": "dynamic" if kind == "character" else "stock",
            "background": self.cut(background, "background"),
            "abilities": list(abilities.values()),
            "action_points": 1 if kind == "character" else 0,  # R7: a session starts with 1
            "character_points": character_points,
            "fate_points": fate_points,
            "encounter_length": "full",  # R5: od6s tracks every actor on the full table
            "conditions": {"instances": instances},
            **self.sheet_damage,  # R10: wound level, body points
            "weapons": weapons,
            "armour": dict.fromkeys(("front", "side", "rear"), _code(armour_pips)),
            "toughness": toughness,
            "scale": scale,
            "notes": self.cut(self.notes.text(self.provenance(raw)), "notes"),
            "portrait": portrait,
        }
        try:
            character = Character.model_validate(document)
        except ValidationError as error:
            raise self.too_many(problems_from_validation(error, document, self.source)) from None
        # What the importer hands on must be a file Wild Die reads back (storage's checks).
        parse_document(dump_document(character), source=self.source, expect="character")
        report = [self.summary(counts), *self.report]
        return ImportResult(character, report, counts, list(self.notes.kept))

    def too_many(self, problems: Sequence[Problem]) -> DocumentError:
        problems = list(dict.fromkeys(problems))  # a value read twice is reported once
        shown = problems[:MAX_PROBLEMS]
        if len(problems) > MAX_PROBLEMS:
            shown.append(
                Problem(self.source, "", f"... and {len(problems) - MAX_PROBLEMS} more problems")
            )
        return DocumentError(shown)

    def cut(self, text: str, what: str) -> str:
        if len(text) <= TEXT_LENGTH:
            return text
        self.report.append(f"{what} cut at {TEXT_LENGTH} characters (the sheet's limit)")
        return text[: TEXT_LENGTH - 1] + "…"

    def summary(self, counts: Mapping[str, int]) -> str:
        words = {
            "abilities": ("ability", "abilities"),
            "skills": ("skill", "skills"),
            "specializations": ("specialization", "specializations"),
            "weapons": ("weapon", "weapons"),
            "armour": ("armour", "armour"),
        }
        parts = [_plural(counts[key], *words[key]) for key in words if counts[key]]
        line = (", ".join(parts) or "only the name") + " imported"
        if self.notes.kept:
            line += "; " + ", ".join(self.notes.kept) + " kept in notes"
        return line

    # -- abilities, skills, specializations --

    def abilities(
        self, system: dict[str, Any], where: list[str], items: list[_Item], vehicle: bool
    ) -> dict[str, dict[str, Any]]:
        """Abilities keyed by od6s attribute key, in OpenD6 order; customs go to notes."""
        attributes = self.obj(system, "attributes", where)
        at = [*where, "attributes"]
        if len(attributes) > MAX_ATTRIBUTES:
            raise self.fail_now(
                at, f"holds {len(attributes)} attributes (limit {MAX_ATTRIBUTES})", "too_large"
            )
        used = {
            self.text(item.system, "attribute", item.where).strip().lower()
            for item in items
            if item.type in (_SKILL, _SPEC)
        }
        found: dict[str, _Attribute] = {}
        for raw_key, entry in attributes.items():
            key = raw_key.strip().lower()
            if entry is None:
                continue
            if not isinstance(entry, dict):
                self.problem([*at, raw_key], f"should be an object {{...}}, not {_show(entry)}")
                continue
            pips = self.score(entry, [*at, raw_key], "attribute")
            label = self.name(entry.get("label"), [*at, raw_key, "label"], "")
            labelled = bool(label) and not _i18n_key(label)
            name = label if labelled else STANDARD_ATTRIBUTES.get(key, key)
            found[key] = _Attribute(key, name, pips, labelled)
        abilities: dict[str, dict[str, Any]] = {}
        taken: set[str] = set()
        for key in STANDARD_ATTRIBUTES:
            attribute = found.get(key)
            if attribute is None:
                continue
            wanted = key in ALWAYS_IMPORTED and not vehicle
            if not (wanted or attribute.pips or key in used):
                continue
            abilities[key] = {
                "name": _unique(attribute.name, taken),
                "code": _code(attribute.pips),
                "extranormal": key in EXTRANORMAL_ATTRIBUTES,  # R2
                "skills": [],
            }
        for key, attribute in found.items():
            if key in STANDARD_ATTRIBUTES:
                continue
            if not (attribute.pips or attribute.labelled or key in used):
                continue  # an unused template slot (ca1-ca4 at 0)
            shown = f"{attribute.name} ({key})" if attribute.labelled else key
            self.notes.add("Custom attributes", f"{shown}: {_code(attribute.pips)}")
            self.notes.kept.append(key)
        return abilities

    def skill_code(self, item: _Item) -> int:
        return self.score(item.system, item.where, item.type)

    def place_skills(self, abilities: dict[str, dict[str, Any]], skills: list[_Item]) -> int:
        placed = 0
        orphans: list[str] = []
        for item in skills:
            key = self.text(item.system, "attribute", item.where).strip().lower()
            pips = self.skill_code(item)
            notes = self.description(item)
            ability = abilities.get(key)
            if ability is None:
                orphans.append(key or "no attribute")
                self.notes.add(
                    "Skills of attributes Wild Die has no ability for",
                    f"{item.name} ({key or 'no attribute'}): {_code(pips)}",
                )
                continue
            trained_only = False
            if self.flag(item.system, "isAdvancedSkill"):
                # An advanced skill is rolled on its own score; R2 adds the ability.
                trained_only = True
                ability_pips = DieCode.parse(ability["code"]).total_pips
                notes = f"od6s advanced skill, rolled at {_code(pips)} alone. {notes}".strip()
                pips = max(0, pips - ability_pips)
            taken = {s["name"].casefold() for s in ability["skills"]}
            skill_name = _unique(item.name, taken)
            if skill_name != item.name:
                self.report.append(f"a second skill {item.name!r} renamed {skill_name!r}")
            ability["skills"].append(
                {
                    "name": skill_name,
                    "code": _code(pips),
                    "trained_only": trained_only,
                    "specializations": [],
                    "notes": notes,
                    "_pips": pips,
                }
            )
            placed += 1
        if orphans:
            keys = ", ".join(dict.fromkeys(orphans))
            self.notes.kept.append(f"{_plural(len(orphans), 'skill')} of {keys}")
        return placed

    def place_specializations(
        self, abilities: dict[str, dict[str, Any]], specs: list[_Item]
    ) -> int:
        placed = 0
        orphans: list[str] = []
        for item in specs:
            key = self.text(item.system, "attribute", item.where).strip().lower()
            parent_name = _clean_line(self.text(item.system, "skill", item.where))
            pips = self.skill_code(item)
            parent, ability = self.find_skill(abilities, key, parent_name)
            if ability is None:
                orphans.append(key or "no attribute")
                self.notes.add(
                    "Specializations of attributes Wild Die has no ability for",
                    f"{item.name} ({parent_name or 'no skill'}, {key or 'no attribute'}): "
                    f"{_code(pips)}",
                )
                continue
            if parent is None:
                # R2: a specialization may be held without the skill (0D: no ranks).
                taken = {s["name"].casefold() for s in ability["skills"]}
                parent = {
                    "name": _unique(_shorten(parent_name, NAME_LENGTH) or "Unnamed skill", taken),
                    "code": "0D",
                    "specializations": [],
                    "notes": "Added on import from od6s to hold its specializations.",
                    "_pips": 0,
                }
                ability["skills"].append(parent)
                self.report.append(
                    f"skill {parent['name']!r} added at 0D to hold specialization "
                    f"{item.name!r} (R2)"
                )
            # od6s counts a specialization above the attribute; R2 above the skill.
            code = max(0, pips - int(parent["_pips"]))
            taken = {s["name"].casefold() for s in parent["specializations"]}
            parent["specializations"].append(
                {
                    "name": _unique(item.name, taken),
                    "code": _code(code),
                    "notes": self.description(item),
                }
            )
            placed += 1
        for ability in abilities.values():
            for skill in ability["skills"]:
                skill.pop("_pips", None)
        if orphans:
            keys = ", ".join(dict.fromkeys(orphans))
            self.notes.kept.append(f"{_plural(len(orphans), 'specialization')} of {keys}")
        return placed

    @staticmethod
    def find_skill(
        abilities: dict[str, dict[str, Any]], key: str, name: str
    ) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        wanted = name.casefold()
        if wanted:
            ordered = [abilities[key]] if key in abilities else []
            ordered += [a for k, a in abilities.items() if k != key]
            for ability in ordered:
                for skill in ability["skills"]:
                    if skill["name"].casefold() == wanted:
                        return skill, ability
        return None, abilities.get(key)

    def flag(self, parent: Mapping[str, Any], key: str) -> bool:
        value = parent.get(key)
        if isinstance(value, dict):
            value = value.get("value")
        if isinstance(value, str):
            return value.strip().lower() in ("true", "1", "yes")
        if isinstance(value, bool | int | float):
            return bool(value)
        return False

    def description(self, item: _Item) -> str:
        text = self.content(item.system, "description", item.where)
        if text.casefold() == item.name.casefold():
            return ""  # od6s fills a new specialization's description with its name
        return _shorten(text, TEXT_LENGTH)

    # -- weapons and armour --

    def weapons(self, items: Iterable[_Item]) -> list[dict[str, Any]]:
        weapons: list[dict[str, Any]] = []
        taken: set[str] = set()
        for item in items:
            if item.type != _WEAPON and item.type not in _VEHICLE_WEAPONS:
                continue
            system, where = item.system, item.where
            damage = self.obj(system, "damage", where)
            notes: list[str] = []
            if item.type == _WEAPON:
                stats = self.obj(system, "stats", where)
                skill = _clean_line(self.text(stats, "skill", [*where, "stats"]))
                spec = _clean_line(self.text(stats, "specialization", [*where, "stats"]))
                if spec:
                    notes.append(f"Specialization: {spec}.")
                if self.flag(damage, "str") or self.flag(damage, "muscle"):
                    notes.append("Adds the wielder's Strength Damage (od6s).")
                subtype = self.text(system, "subtype", where)
                if subtype:
                    notes.append(f"Type: {subtype.rsplit('.', 1)[-1].capitalize()}.")
                stun = self.obj(system, "stun", where)
                stun_pips = self.pips(stun, "score", [*where, "stun"], "stun damage pips")
                if stun_pips:
                    notes.append(f"Stun damage {_code(stun_pips)}.")
            else:
                skill_field = system.get("skill")
                if isinstance(skill_field, dict):
                    skill = _clean_line(self.text(skill_field, "value", [*where, "skill"]))
                else:
                    skill = _clean_line(self.text(system, "skill", where))
                fire = self.pips(
                    self.obj(system, "fire_control", where),
                    "score",
                    [*where, "fire_control"],
                    "fire control pips",
                )
                if fire:
                    notes.append(f"Fire control {_code(fire)}.")
                arc = self.obj(system, "arc", where)
                arc_text = _clean_line(self.text(arc, "value", [*where, "arc"]))
                if arc_text:
                    notes.append(f"Arc: {arc_text}.")
            damage_type = _clean_line(self.text(damage, "type", [*where, "damage"]))
            if damage_type:
                shown = _DAMAGE_TYPES.get(damage_type.lower(), damage_type)
                notes.append(f"Damage type: {shown}.")
            for key, label in (("ammo", "Ammo"), ("rof", "Rate of fire")):
                value = system.get(key)
                if isinstance(value, dict):
                    value = value.get("value")
                amount = _loose_int(value, die_code=False)
                if isinstance(amount, int) and amount:
                    notes.append(f"{label}: {amount}.")
            pips = self.pips(damage, "score", [*where, "damage"], "damage pips")
            scale = self.whole(
                self.obj(system, "scale", where),
                "score",
                [*where, "scale"],
                low=-MAX_SCALE,
                high=MAX_SCALE,
                what="scale",
            )
            description = self.description(item)
            weapon_name = _unique(item.name, taken)
            if weapon_name != item.name:
                self.report.append(f"a second weapon {item.name!r} renamed {weapon_name!r}")
            weapons.append(
                {
                    "name": weapon_name,
                    "skill": _shorten(skill, NAME_LENGTH),
                    "damage": _code(pips),
                    "scale": scale,
                    "range": self.range(system, where),
                    "notes": _shorten(" ".join([*notes, description]).strip(), TEXT_LENGTH),
                }
            )
        return weapons

    def range(self, system: Mapping[str, Any], where: list[str]) -> str:
        ranges = self.obj(system, "range", where)
        parts = []
        for key in ("short", "medium", "long"):
            value = ranges.get(key)
            number = _loose_int(value, die_code=False)
            if isinstance(number, int) and number:
                parts.append(f"{key} {number}")
            elif isinstance(value, str) and _clean_line(value) and number is _BAD:
                parts.append(f"{key} {_clean_line(value)}")
        return _shorten(", ".join(parts), 120)

    def armour(
        self, system: dict[str, Any], where: list[str], items: Iterable[_Item], vehicle: bool
    ) -> tuple[int, int]:
        """Worn armour's physical resistance summed onto every facing (R9)."""
        pr_total = er_total = worn = carried = 0
        worn_names: list[str] = []
        if vehicle:
            pr_total = self.pips(
                self.obj(system, "armor", where), "score", [*where, "armor"], "armour pips"
            )
        for item in items:
            if item.type != _ARMOR:
                continue
            pr = self.pips(item.system, "pr", item.where, "physical resistance pips")
            er = self.pips(item.system, "er", item.where, "energy resistance pips")
            equipped = item.system.get("equipped")
            if isinstance(equipped, dict):
                equipped = equipped.get("value")
            if equipped is None or self.flag(item.system, "equipped"):
                pr_total += pr
                er_total += er
                worn += 1
                worn_names.append(item.name)
            else:
                self.notes.add(
                    "Armour carried, not worn",
                    f"{item.name}: physical {_code(pr)}, energy {_code(er)}",
                )
                carried += 1
        if carried:
            self.notes.kept.append(f"{carried} armour not worn")
        if er_total:
            self.notes.add(
                "Energy resistance (od6s er) of worn armour",
                f"{_code(er_total)} ({', '.join(worn_names)})",
            )
            self.notes.kept.append("energy resistance")
        return min(pr_total, MAX_PIPS), worn

    # -- conditions --

    def damage(self, system: dict[str, Any], where: list[str], vehicle: bool) -> list[Any]:
        if vehicle:
            return self.vehicle_damage(system, where)
        wounds = self.obj(system, "wounds", where)
        at = [*where, "wounds", "value"]
        value = wounds.get("value")
        self.body_points(self.obj(wounds, "body_points", [*where, "wounds"]))
        stuns = self.obj(system, "stuns", where)
        stunned = _loose_int(stuns.get("current"), die_code=False)
        if isinstance(stunned, int) and stunned > 0:
            self.notes.add("od6s stuns", str(stunned))
        index = self.wound_index(value, at)
        if index is None or index == 0:
            return []
        if index < len(WOUND_LEVELS):
            label, level = WOUND_LEVELS[index]
        else:
            label, level = WOUND_LEVELS[-1]
            self.report.append(f"wound level {index} is past od6s's default table: read as {label}")
        instance = self.track_instance("damage", level, f"od6s wound level {label}")
        # R10: od6s's default table is the wound chart's levels, Healthy 0 ... Dead 6.
        wound = min(index, DEAD)
        self.sheet_damage["wound_level"] = wound
        self.report.append(f"od6s wound level {label} -> wound level {wound_name(wound)} (R10)")
        return [instance]

    def body_points(self, body: Mapping[str, Any]) -> None:
        """R10: od6s ``wounds.body_points`` {max, current}; a maximum of 0 (od6s's
        default when the game does not use them) means none."""
        body_max = _loose_int(body.get("max"), die_code=False)
        if not isinstance(body_max, int) or body_max <= 0:
            return
        current = _loose_int(body.get("current"), die_code=False)
        shown = str(current) if isinstance(current, int) else "?"
        if body_max > MAX_POINTS:
            self.notes.add("od6s body points", f"{shown} of {body_max}")
            self.notes.kept.append("body points")
            self.report.append(
                f"od6s body points maximum {body_max} is past the sheet's limit: kept in notes"
            )
            return
        self.sheet_damage["body_points_max"] = body_max
        if not isinstance(current, int):
            left = None
            words = f"full pool {body_max} (od6s current body points unknown)"
        else:
            left = max(0, min(current, MAX_POINTS))
            words = f"{left}/{body_max}"
            if left == body_max:
                left = None  # the full pool: follows the maximum if it changes
        self.sheet_damage["body_points"] = left
        self.report.append(f"od6s body points {shown} of {body_max} -> body points {words} (R10)")

    def wound_index(self, value: Any, where: list[str]) -> int | None:
        if isinstance(value, str) and not _WHOLE.match(value.strip()) and value.strip():
            wanted = _clean_line(value).rsplit(".", 1)[-1].removeprefix("WOUNDS_")
            wanted = re.sub(r"[_ ]+\d*$", "", wanted).replace("_", " ").casefold()
            for index, (label, _) in enumerate(WOUND_LEVELS):
                if label.casefold() == wanted:
                    return index
            self.problem(where, f"{_show(value)} is not an od6s wound level")
            return None
        number = _loose_int(value, die_code=False)
        if number is None:
            return None
        if isinstance(number, _Bad) or not 0 <= number <= MAX_WOUND_INDEX:
            self.problem(
                where,
                f"should be a wound level 0 (Healthy) to {len(WOUND_LEVELS) - 1} (Dead), "
                f"not {_show(value)}",
            )
            return None
        return number

    def vehicle_damage(self, system: dict[str, Any], where: list[str]) -> list[Any]:
        damage = self.obj(system, "damage", where)
        text = _clean_line(self.text(damage, "value", [*where, "damage"]))
        if not text:
            return []
        wanted = text.rsplit(".", 1)[-1].removeprefix("DAMAGE_").replace("_", " ").casefold()
        level = VEHICLE_DAMAGE.get(wanted)
        if level is None:
            self.notes.add("od6s vehicle damage", text)
            self.notes.kept.append("vehicle damage")
            return []
        if level == 0:
            return []
        label = wanted.title()
        return [self.track_instance("body", level, f"od6s vehicle damage {label}")]

    def track_instance(self, track: TrackName, level: int, effect: str) -> Any:
        self.report.append(f"{effect} -> {track} track {level} ({TRACK_LEVELS[track][level]}) (R5)")
        return {
            "id": f"od6s-{track}",
            "kind": "cumulative",  # R5: track conditions are cumulative
            "track": track,
            "ranks": level,
            "duration": "until_recovered",
            "source": "od6s import",
            "effect": effect,
        }

    # -- text, details, other items --

    def background(self, actor_type: str, system: dict[str, Any], where: list[str]) -> str:
        background = self.content(system, "background", where)
        description = self.content(system, "description", where)
        if not background and actor_type != "character":
            return description  # an NPC's or creature's description is its background
        if description:
            self.notes.add("Description", description)
            self.notes.kept.append("description")
        return background

    def details(self, system: dict[str, Any], where: list[str], vehicle: bool) -> None:
        kept = False
        for key, label in _DETAILS:
            text = _clean_line(self.content(system, key, where))
            if text:
                self.notes.add("Details", f"{label}: {text}")
                kept = True
        if vehicle:
            for key, inner, label in _VEHICLE_DETAILS:
                entry = system.get(key)
                value = entry.get(inner) if isinstance(entry, dict) else entry
                if isinstance(value, dict | list) or value in (None, "", 0, False, "0"):
                    continue
                self.notes.add("Details", f"{label}: {_clean_line(str(value))[:200]}")
                kept = True
        else:
            move = self.obj(system, "move", where)
            number = _loose_int(move.get("value"), die_code=False)
            if isinstance(number, int):
                self.notes.add("Details", f"Move: {number}")
                kept = True
        for key in ("credits", "funds"):
            entry = system.get(key)
            value = entry.get("value", entry.get("score")) if isinstance(entry, dict) else None
            number = _loose_int(value, die_code=False)
            if isinstance(number, int) and number:
                self.notes.add("Details", f"{key.capitalize()}: {number}")
                kept = True
        for number in range(1, 5):
            entry = system.get(f"custom{number}")
            value = entry.get("value") if isinstance(entry, dict) else entry
            if isinstance(value, str) and _clean_line(value):
                self.notes.add("Details", f"Custom field {number}: {_clean_line(value)[:500]}")
                kept = True
        if kept:
            self.notes.kept.append("details")

    def other_items(self, items: Iterable[_Item]) -> None:
        counts: dict[str, int] = {}
        for item in items:
            if item.type in (_SKILL, _SPEC, _WEAPON, _ARMOR) or item.type in _VEHICLE_WEAPONS:
                continue
            section = _NOTE_SECTIONS.get(item.type) or (
                f"Other od6s items ({item.type})" if item.type else "Other od6s items"
            )
            line = item.name
            value = item.system.get("value")
            if isinstance(value, str | int | float) and not isinstance(value, bool) and value != "":
                line += f" ({_clean_line(str(value))[:60]})"
            quantity = _loose_int(item.system.get("quantity"), die_code=False)
            if isinstance(quantity, int) and quantity > 1:
                line += f" x{quantity}"
            text = _clean_line(self.content(item.system, "description", item.where))
            if text:
                line += ": " + _shorten(text, ITEM_TEXT_LENGTH)
            self.notes.add(section, line)
            label = item.type or "item"
            counts[label] = counts.get(label, 0) + 1
        for label, count in counts.items():
            one, many = _ITEM_WORDS.get(label, (label, label + "s"))
            self.notes.kept.append(_plural(count, one, many))

    def image(self, raw: Mapping[str, Any]) -> dict[str, str] | None:
        value = raw.get("img")
        if not isinstance(value, str) or not value.strip() or value in _DEFAULT_IMAGES:
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
                    self.report.append("the embedded image became the portrait")
                    return portrait
            self.report.append("an embedded image could not be read: not kept")
            return None
        self.notes.add("Foundry image (not copied)", _shorten(_clean_line(value), 500))
        self.notes.kept.append("image")
        return None

    def flags(self, raw: Mapping[str, Any]) -> None:
        flags = raw.get("flags")
        if not isinstance(flags, dict):
            return
        kept = 0
        for namespace, values in flags.items():
            if namespace in ("core", "exportSource") or not isinstance(values, dict):
                continue
            for key, value in values.items():
                if isinstance(value, dict | list) or value in (None, "", False):
                    continue  # nested data is Foundry's own; false is the default
                if kept == MAX_FLAG_NOTES:
                    break
                self.notes.add(
                    "Foundry flags", f"{_clean_line(namespace)}.{_clean_line(key)}: {_show(value)}"
                )
                kept += 1
        if kept:
            self.notes.kept.append(_plural(kept, "Foundry flag"))

    def provenance(self, raw: Mapping[str, Any]) -> str:
        stats = raw.get("_stats")
        export = (
            (raw.get("flags") or {}).get("exportSource")
            if isinstance(raw.get("flags"), dict)
            else None
        )
        facts: list[str] = [f"file {PurePath(self.source).name}"]
        for origin, system_key in ((stats, "systemId"), (export, "system")):
            if not isinstance(origin, dict):
                continue
            system = origin.get(system_key)
            version = origin.get("systemVersion")
            core = origin.get("coreVersion")
            if isinstance(system, str) and system:
                facts.append(
                    f"system {_clean_line(system)[:40]}"
                    + (
                        f" {_clean_line(str(version))[:20]}"
                        if isinstance(version, str | int | float)
                        else ""
                    )
                )
            if isinstance(core, str | int | float) and not isinstance(core, bool):
                facts.append(f"Foundry {_clean_line(str(core))[:20]}")
            break
        return "Imported from a Foundry VTT od6s export (" + "; ".join(facts) + ")."


def import_od6s(data: bytes, *, source: str) -> ImportResult:
    """An od6s actor export (the bytes of its JSON file) as a Wild Die character.

    ``source`` names the file in problems and notes. Raises ``sheets.storage.DocumentError``
    (one readable ``Problem`` per line) when the bytes are not an od6s actor or break a
    limit; nothing is half-imported. The character passes Wild Die's own checks.
    """
    raw = load_json(data, source)
    return _Converter(source).convert(raw)


__all__ = [
    "FORMAT",
    "KIND_OF_TYPE",
    "MAX_ITEMS",
    "MAX_PIPS",
    "STANDARD_ATTRIBUTES",
    "VEHICLE_DAMAGE",
    "WOUND_LEVELS",
    "ImportResult",
    "html_to_text",
    "import_od6s",
    "load_json",
    "looks_like_od6s",
]
