"""The tables follow the turn (``ui.tracker.follow_turn``): Next turn never passes the
turn to a row out of sight, on the GM's table or on the projector."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QTableView
from pytestqt.qtbot import QtBot

from sheets.encounter import Engine, NextTurn
from tests.encounter_helpers import small_engine
from ui.tracker import initiative_model
from ui.tracker.commands import EncounterController
from ui.tracker.initiative_model import InitiativeModel, InitiativeProxy
from ui.tracker.player_view import PlayerView
from ui.tracker.rows import COLUMN_COUNT, row_data
from ui.tracker.window_parts.table import InitiativeTable


def _in_sight(table: QTableView, row: int) -> bool:
    """The row lies wholly between the viewport's top and bottom (whatever the columns)."""
    top = table.rowViewportPosition(row)
    return top >= 0 and top + table.rowHeight(row) <= table.viewport().height()


def _table(
    qtbot: QtBot, width: int
) -> tuple[Engine, EncounterController, InitiativeModel, InitiativeTable]:
    """Ten combatants in a GM's table ``width`` wide with three or four rows in sight."""
    engine = small_engine(10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
    controller = EncounterController(engine)
    model = InitiativeModel(engine)
    proxy = InitiativeProxy()
    proxy.setSourceModel(model)
    table = InitiativeTable(model, proxy)
    qtbot.addWidget(table)
    controller.changed.connect(model.refresh)
    table.resize(width, 4 * table.rowHeight(0))
    table.show()
    qtbot.waitExposed(table)
    return engine, controller, model, table


def test_the_gm_table_scrolls_the_actor_into_sight_and_keeps_its_columns(
    qtbot: QtBot,
) -> None:
    engine, controller, model, table = _table(qtbot, 500)  # not all columns
    proxy = table.proxy
    table.horizontalScrollBar().setValue(table.horizontalScrollBar().maximum())
    sideways = table.horizontalScrollBar().value()
    assert sideways > 0
    seen = []
    for _ in range(len(engine.encounter.turn_order) + 2):  # round 1, then into round 2
        controller.run(NextTurn())
        actor = engine.current()
        assert actor is not None
        row = model.row_of(actor)
        assert row is not None
        view_row = proxy.mapFromSource(model.index(row, 0)).row()
        assert _in_sight(table, view_row), f"{actor}'s row {view_row} is out of sight"
        seen.append(table.verticalScrollBar().value())
    assert max(seen) > 0 and seen[-1] == 0  # it scrolled down, and back up for round 2
    assert table.horizontalScrollBar().value() == sideways


def test_the_player_view_scrolls_the_actor_into_sight(qtbot: QtBot) -> None:
    engine = small_engine(10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
    controller = EncounterController(engine)
    view = PlayerView(engine)
    qtbot.addWidget(view)
    controller.changed.connect(view.schedule_update)
    view.resize(700, 360)
    view.show()
    qtbot.waitExposed(view)
    table = view.table
    assert table.rowAt(table.viewport().height() - 1) < 9  # not every row is in sight
    scrolled = False
    for _ in range(len(engine.encounter.turn_order)):
        controller.run(NextTurn())
        view.flush()
        actor = engine.current()
        rows = view.model.rows()
        row = next(i for i, r in enumerate(rows) if r.acting)
        assert rows[row].name == engine.view.by_id[str(actor)].name
        assert _in_sight(table, row)
        scrolled = scrolled or table.verticalScrollBar().value() > 0
    assert scrolled


def test_a_new_round_builds_again_only_the_rows_in_sight(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table that followed every turn has built every row by the round's end; the new
    round builds at once only the rows in sight, the others when shown (whole rows
    repaint) -- and none is stale."""
    engine, controller, model, table = _table(qtbot, 900)
    controller.run(NextTurn())
    while engine.encounter.current_turn != len(engine.encounter.turn_order) - 1:
        controller.run(NextTurn())
        table.viewport().repaint()  # as the event loop paints each turn's rows
    for row in range(model.rowCount()):
        model.row(row)  # every row built, as a table scrolled through them all has
    built: list[str] = []
    monkeypatch.setattr(
        initiative_model,
        "row_data",
        lambda engine, cid, position: built.append(cid) or row_data(engine, cid, position),
    )
    spans: list[tuple[int, int, int, int]] = []
    model.dataChanged.connect(
        lambda a, b, *_: spans.append((a.row(), a.column(), b.row(), b.column()))
    )
    controller.run(NextTurn())  # R6: round 2, the table turns back to the first row
    in_sight = set(table.source_rows_in_sight())
    assert 0 in in_sight and len(in_sight) < model.rowCount()
    assert {model.row_of(cid) for cid in built} <= in_sight
    whole = {
        r
        for a, first, b, last in spans
        if first == 0 and last == COLUMN_COUNT - 1
        for r in range(a, b + 1)
    }
    assert set(range(model.rowCount())) - in_sight <= whole  # out of sight: built when shown
    monkeypatch.undo()
    fresh = InitiativeModel(engine)
    for row in range(model.rowCount()):
        assert model.row(row) == fresh.row(row)
