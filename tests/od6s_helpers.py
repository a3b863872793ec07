"""Shared pieces of the od6s import tests (not a test module): the exports under
``tests/fixtures/od6s`` and the importer run on them."""

from __future__ import annotations

import json
from typing import Any

from sheets.importers import import_od6s
from sheets.importers.od6s import ImportResult
from tests import locations

FIXTURES = locations.FIXTURES / "od6s"


def load(name: str) -> ImportResult:
    """Import the export ``name`` (relative to the od6s fixtures)."""
    path = FIXTURES / name
    return import_od6s(path.read_bytes(), source=str(path))


def export(name: str) -> dict[str, Any]:
    """The export ``name`` as JSON data, to change before importing (``import_raw``)."""
    raw: dict[str, Any] = json.loads((FIXTURES / name).read_bytes())
    return raw


def import_raw(raw: Any) -> ImportResult:
    return import_od6s(json.dumps(raw).encode(), source="test.json")
