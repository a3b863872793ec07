"""Issue 16 / R7: points spent in the encounter come off the sheet, are capped by what
the sheet holds, and come back on undo."""

from __future__ import annotations

import pytest

from sheets.encounter import CommandRefused, SpendPoint
from tests.sheets.test_encounter_undo import fresh_engine


def test_an_action_point_is_spent_once_and_capped() -> None:
    engine = fresh_engine()
    greta = engine.view.sheet_of("greta")
    greta.action_points = 1
    record = engine.apply(SpendPoint("greta", "action_point", what="+2D"))
    assert greta.action_points == 0
    assert record.touched == {"characters/greta-vance.json"}
    assert "greta" in (record.rows or ())
    with pytest.raises(CommandRefused, match="0 action points left"):
        engine.apply(SpendPoint("greta", "action_point"))  # Greta with 1 AP spent twice
    assert greta.action_points == 0
    engine.undo()
    assert greta.action_points == 1


@pytest.mark.parametrize(
    ("kind", "field"), [("character_point", "character_points"), ("fate_point", "fate_points")]
)
def test_character_and_fate_points_come_off_and_back(kind: str, field: str) -> None:
    engine = fresh_engine()
    sheet = engine.view.sheet_of("greta")
    setattr(sheet, field, 2)
    engine.apply(SpendPoint("greta", kind, 2))  # type: ignore[arg-type]
    assert getattr(sheet, field) == 0
    engine.apply(SpendPoint("greta", kind, -1))  # type: ignore[arg-type]  # taken back
    assert getattr(sheet, field) == 1
    assert "gets 1" in engine.encounter.log[-1].text
