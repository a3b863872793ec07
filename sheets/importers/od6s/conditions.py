"""od6s wounds and body points as Wild Die conditions (R5) and the wound chart (R10).

============================  ===========================================================
od6s                          Wild Die
============================  ===========================================================
``wounds.value``              a damage track instance (R5): ``WOUND_LEVELS``; and the
                              wound level (R10 ``wound_level``: od6s's default table is
                              the R10 wound levels, past it reads as Dead)
``wounds.body_points``        body points (R10): ``max`` -> ``body_points_max``,
                              ``current`` -> ``body_points`` (full: left unset)
============================  ===========================================================

Every imported element has the full encounter length (R5): od6s tracks every actor's wounds
on the same full table, so a Severely Wounded NPC must not arrive Out of Action.

Wounds land twice on purpose: the import cannot know the campaign's damage system (R10),
so the R5 damage track serves ``conditions`` and ``wound_level`` serves ``wounds``; the
system the campaign plays reads its own field and ignores the other. Body points only
have an R10 home, read when the campaign plays ``body_points``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from sheets.conditions import TRACK_LEVELS, TrackName
from sheets.damage import DEAD, wound_name
from sheets.documents.character import MAX_POINTS
from sheets.importers.od6s.reader import Reader
from sheets.importers.od6s.tables import MAX_WOUND_INDEX, WOUND_LEVELS
from sheets.importers.od6s.text import clean_line
from sheets.importers.od6s.values import WHOLE, Bad, loose_int, show

Instance = dict[str, Any]
"""A condition instance of the character document being built."""
SheetDamage = dict[str, int | None]
"""R10 fields read from the export: ``wound_level``, ``body_points_max``, ``body_points``."""


def wounds(
    reader: Reader, system: dict[str, Any], where: list[str]
) -> tuple[list[Instance], SheetDamage]:
    """A person's wounds: the R5 damage track instance and the R10 fields."""
    sheet: SheetDamage = {}
    entry = reader.obj(system, "wounds", where)
    at = [*where, "wounds", "value"]
    value = entry.get("value")
    _body_points(reader, reader.obj(entry, "body_points", [*where, "wounds"]), sheet)
    stuns = reader.obj(system, "stuns", where)
    stunned = loose_int(stuns.get("current"), die_code=False)
    if isinstance(stunned, int) and stunned > 0:
        reader.notes.add("od6s stuns", str(stunned))
    index = _wound_index(reader, value, at)
    if index is None or index == 0:
        return [], sheet
    if index < len(WOUND_LEVELS):
        label, level = WOUND_LEVELS[index]
    else:
        label, level = WOUND_LEVELS[-1]
        reader.report.append(f"wound level {index} is past od6s's default table: read as {label}")
    instance = track_instance(reader, "damage", level, f"od6s wound level {label}")
    # R10: od6s's default table is the wound chart's levels, Healthy 0 ... Dead 6.
    wound = min(index, DEAD)
    sheet["wound_level"] = wound
    reader.report.append(f"od6s wound level {label} -> wound level {wound_name(wound)} (R10)")
    return [instance], sheet


def _body_points(reader: Reader, body: Mapping[str, Any], sheet: SheetDamage) -> None:
    """R10: od6s ``wounds.body_points`` {max, current}; a maximum of 0 (od6s's
    default when the game does not use them) means none."""
    body_max = loose_int(body.get("max"), die_code=False)
    if not isinstance(body_max, int) or body_max <= 0:
        return
    current = loose_int(body.get("current"), die_code=False)
    shown = str(current) if isinstance(current, int) else "?"
    if body_max > MAX_POINTS:
        reader.notes.add("od6s body points", f"{shown} of {body_max}")
        reader.notes.kept.append("body points")
        reader.report.append(
            f"od6s body points maximum {body_max} is past the sheet's limit: kept in notes"
        )
        return
    sheet["body_points_max"] = body_max
    if not isinstance(current, int):
        left = None
        words = f"full pool {body_max} (od6s current body points unknown)"
    else:
        left = max(0, min(current, MAX_POINTS))
        words = f"{left}/{body_max}"
        if left == body_max:
            left = None  # the full pool: follows the maximum if it changes
    sheet["body_points"] = left
    reader.report.append(f"od6s body points {shown} of {body_max} -> body points {words} (R10)")


def _wound_index(reader: Reader, value: Any, where: list[str]) -> int | None:
    """``wounds.value``: an index into the wound table, or its i18n key or name."""
    if isinstance(value, str) and not WHOLE.match(value.strip()) and value.strip():
        wanted = clean_line(value).rsplit(".", 1)[-1].removeprefix("WOUNDS_")
        wanted = re.sub(r"[_ ]+\d*$", "", wanted).replace("_", " ").casefold()
        for index, (label, _) in enumerate(WOUND_LEVELS):
            if label.casefold() == wanted:
                return index
        reader.problem(where, f"{show(value)} is not an od6s wound level")
        return None
    number = loose_int(value, die_code=False)
    if number is None:
        return None
    if isinstance(number, Bad) or not 0 <= number <= MAX_WOUND_INDEX:
        reader.problem(
            where,
            f"should be a wound level 0 (Healthy) to {len(WOUND_LEVELS) - 1} (Dead), "
            f"not {show(value)}",
        )
        return None
    return number


def track_instance(reader: Reader, track: TrackName, level: int, effect: str) -> Instance:
    """One cumulative instance of ``level`` ranks on an R5 track, told in the report."""
    reader.report.append(f"{effect} -> {track} track {level} ({TRACK_LEVELS[track][level]}) (R5)")
    return {
        "id": f"od6s-{track}",
        "kind": "cumulative",  # R5: track conditions are cumulative
        "track": track,
        "ranks": level,
        "duration": "until_recovered",
        "source": "od6s import",
        "effect": effect,
    }
