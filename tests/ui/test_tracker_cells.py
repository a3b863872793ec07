"""Cells painted once and copied after (``ui.tracker.cell_pixmaps``): a table that has
painted many turns shows exactly what a fresh table over the same encounter paints with
nothing kept."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from sheets.encounter import CreateCondition, Engine, NextTurn
from sheets.results import Duration
from tests.encounter_helpers import small_engine
from tests.ui_helpers import initiative_table
from ui.theme import dark_palette, light_palette
from ui.tracker.cell_pixmaps import CellPixmaps
from ui.tracker.commands import EncounterController
from ui.tracker.initiative_model import InitiativeModel
from ui.tracker.log_view import LogModel, LogView
from ui.tracker.player_view import PlayerView
from ui.tracker.window_parts.table import InitiativeTable


def _table(qtbot: QtBot, engine: Engine, dark: bool) -> tuple[InitiativeModel, InitiativeTable]:
    table: InitiativeTable = initiative_table(qtbot, engine, dark=dark)
    return table.source, table


def _shot(table: InitiativeTable | PlayerView | LogView) -> QImage:
    widget = table.table.viewport() if isinstance(table, PlayerView) else table.viewport()
    return widget.grab().toImage()


def _painted_afresh(
    monkeypatch: pytest.MonkeyPatch, table: InitiativeTable | PlayerView | LogView
) -> QImage:
    """What the delegates paint with nothing kept: every cell painted where it stands."""
    with monkeypatch.context() as patch:
        patch.setattr(
            CellPixmaps,
            "draw",
            lambda _self, painter, option, _shows, paint: paint(painter, option),
        )
        return _shot(table)


def _difference(first: QImage, second: QImage) -> int:
    """The largest difference of one colour channel between two images of one size.
    A kept cell is composited onto the row's background, a fresh one drawn on it: their
    antialiased edges may round one level apart, never more."""
    assert first.size() == second.size()
    a = bytes(first.convertToFormat(QImage.Format.Format_ARGB32).constBits())
    b = bytes(second.convertToFormat(QImage.Format.Format_ARGB32).constBits())
    return max((abs(x - y) for x, y in zip(a, b, strict=True)), default=0) if a != b else 0


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_a_table_that_kept_its_cells_paints_what_a_fresh_one_paints(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, dark: bool
) -> None:
    engine = small_engine(5, 4, 3, 2, 1)
    controller = EncounterController(engine)
    model, table = _table(qtbot, engine, dark)
    controller.changed.connect(model.refresh)
    table.selectRow(2)
    for turn in range(8):  # into round 2: every row changed, the kept cells copied
        controller.run(NextTurn())
        if turn == 2:
            controller.run(CreateCondition("c", name="Dazzled", duration=Duration.ONE_ROUND))
        qtbot.wait(1)
        _shot(table)  # paint every step, as the screen would
    _, fresh = _table(qtbot, engine, dark)
    fresh.selectRow(2)
    qtbot.wait(1)
    assert _difference(_shot(table), _painted_afresh(monkeypatch, fresh)) <= 1


def test_the_player_view_that_kept_its_cells_paints_what_a_fresh_one_paints(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = small_engine(5, 4, 3, 2, 1)
    controller = EncounterController(engine)
    view = PlayerView(engine)
    qtbot.addWidget(view)
    view.resize(900, 400)
    view.show()
    qtbot.waitExposed(view)
    controller.changed.connect(view.schedule_update)
    for _ in range(7):
        controller.run(NextTurn())
        view.flush()
        qtbot.wait(1)
        _shot(view)
    fresh = PlayerView(engine)
    qtbot.addWidget(fresh)
    fresh.resize(900, 400)
    fresh.show()
    qtbot.waitExposed(fresh)
    assert _difference(_shot(view), _painted_afresh(monkeypatch, fresh)) <= 1


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_a_log_that_kept_its_lines_paints_what_a_fresh_one_paints(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, dark: bool
) -> None:
    engine = small_engine(5, 4, 3)
    controller = EncounterController(engine)
    model = LogModel(engine)
    log = LogView(model)
    qtbot.addWidget(log)
    log.setPalette(dark_palette() if dark else light_palette())
    log.resize(420, 160)  # narrow: long lines are elided, and the log scrolls
    log.show()
    qtbot.waitExposed(log)
    controller.changed.connect(lambda *_: model.refresh())
    controller.run(NextTurn())
    controller.run(CreateCondition("b", name="Dazzled", duration=Duration.ONE_TURN))
    for _ in range(8):  # "expired" lines stand out; each new line scrolls the log
        controller.run(NextTurn())
        _shot(log)
    log.selectRow(model.rowCount() - 2)  # a selected line is kept apart from the rest
    kept = _shot(log)
    assert model.rowCount() > log.viewport().height() // log.rowHeight(0)
    assert _difference(kept, _painted_afresh(monkeypatch, log)) <= 1
