"""Import an actor exported from Foundry VTT's OpenD6 Space system (od6s): issue 8.

Pure: bytes in, a ``Character`` and a report out; no Qt, no file I/O. Field names follow
the od6s system's ``template.json`` and data models, from Foundry v9 (``data``) and v10
(``system``) exports alike. Die codes are pip counts, 3 pips per die (R1: 3D+2 is 11).
Values come in loose types: ``"0"``, ``null``, ``3.0`` and die code text are read. Issue
18: a real od6s actor is never refused. A value of a shape od6s never wrote is skipped; a
number outside Wild Die's range comes in at the nearest allowed value; a field read but
placed nowhere is kept in the notes; the report names each. Only what is no od6s actor at
all (another system, a container, a list) or breaks a size limit is refused.

What has no home on a Wild Die sheet goes to the notes and the report says so. Each module
does one job, and its docstring holds its rows of the od6s -> Wild Die mapping:

- ``export``: the guarded JSON, whether it is an od6s actor, its items;
- ``sheet``: the character document put together and checked (type, points, scale);
- ``abilities``: attributes, skills and specializations (R2);
- ``equipment``: weapons and armour items (R9);
- ``conditions``: wounds on the R5 damage track and the R10 wound level, body points;
- ``vehicles``: a vehicle's toughness, armour, Handling, damage, movement, sensors,
  shields and piloting (R2, R5, R9); ``sheet`` makes its embedded pilot a character;
- ``leftovers``: the fields nothing placed, listed in the report and the notes;
- ``notes``: background, details, other items, image, flags, provenance;
- ``tables``: the od6s words and their Wild Die meaning; ``limits``: size limits;
- ``reader``, ``values``, ``text``: reading loose, untrusted values and rich text;
- ``report``: the ``ImportResult`` and its summary line.
"""

from __future__ import annotations

from sheets.importers.od6s.export import load_json, looks_like_od6s
from sheets.importers.od6s.limits import MAX_ATTRIBUTES, MAX_ITEMS, MAX_PIPS
from sheets.importers.od6s.report import FORMAT, ImportResult
from sheets.importers.od6s.sheet import convert
from sheets.importers.od6s.tables import (
    KIND_OF_TYPE,
    STANDARD_ATTRIBUTES,
    VEHICLE_DAMAGE,
    WOUND_LEVELS,
)
from sheets.importers.od6s.text import html_to_text


def import_od6s(data: bytes, *, source: str) -> ImportResult:
    """An od6s actor export (the bytes of its JSON file) as a Wild Die character.

    ``source`` names the file in problems and notes. Raises ``sheets.storage.DocumentError``
    (one readable ``Problem`` per line) when the bytes are not an od6s actor or break a
    limit. The character (and ``crew``: a vehicle's embedded pilot) passes Wild Die's own
    checks.
    """
    return convert(load_json(data, source), source)


__all__ = [
    "FORMAT",
    "KIND_OF_TYPE",
    "MAX_ATTRIBUTES",
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
