"""The initiative table painted in one pass from kept cells (``ui.tracker.table_paint``)
shows exactly the pixels Qt's own paint shows, in every state that pass handles."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from PySide6.QtCore import QItemSelectionModel, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QImage, QPixmap, QRegion
from PySide6.QtWidgets import QProxyStyle, QStyle
from pytestqt.qtbot import QtBot

from sheets.encounter import Concede, CreateCondition, NextTurn
from sheets.results import Duration
from tests.encounter_helpers import small_engine
from tests.ui.test_ui_tracker_damage import brawl
from tests.ui_helpers import initiative_table
from ui.theme import dark_palette, light_palette
from ui.tracker.cell_pixmaps import CellPixmaps
from ui.tracker.commands import EncounterController
from ui.tracker.player_view import PlayerView
from ui.tracker.rows import COL_NAME
from ui.tracker.window_parts.table import InitiativeTable


def _played(qtbot: QtBot, *, dark: bool = False, width: int = 1100) -> InitiativeTable:
    """Seven combatants some turns in: an actor, a conceded row, a condition, kept cells."""
    engine = small_engine(7, 6, 5, 4, 3, 2, 1)
    controller = EncounterController(engine)
    table: InitiativeTable = initiative_table(qtbot, engine, dark=dark, width=width, rows=7)
    controller.changed.connect(table.source.refresh)
    controller.run(NextTurn())
    controller.run(CreateCondition("c", name="Dazzled", duration=Duration.ONE_ROUND))
    controller.run(Concede("e"))
    for _ in range(3):
        controller.run(NextTurn())
        table.viewport().grab()  # paint each step, as the screen would
    return table


def _both(table: InitiativeTable, region: QRegion | None = None) -> tuple[QImage, QImage]:
    """The viewport painted by the kept-rows pass, then by Qt (over the same kept cells)."""
    shots = []
    for kept in (True, False):
        table.paints_kept_rows = kept
        viewport = table.viewport()
        if region is None:
            shots.append(viewport.grab().toImage())
        else:
            image = QImage(viewport.size(), QImage.Format.Format_ARGB32)
            image.fill(0)
            viewport.render(image, QPoint(), region)
            shots.append(image)
    table.paints_kept_rows = True
    return shots[0], shots[1]


def _same(table: InitiativeTable, region: QRegion | None = None) -> None:
    ours, qts = _both(table, region)
    assert ours.size() == qts.size()
    assert ours == qts


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_kept_rows_paint_shows_what_qt_paints(qtbot: QtBot, dark: bool) -> None:
    _same(_played(qtbot, dark=dark))


def test_selected_rows_a_selected_cell_and_the_focused_cell_paint_as_qt_paints(
    qtbot: QtBot,
) -> None:
    table = _played(qtbot)
    flags = QItemSelectionModel.SelectionFlag
    table.selectRow(1)
    table.selectionModel().select(
        table.model().index(3, COL_NAME),
        flags.Select,  # one cell, not its row
    )
    table.selectionModel().setCurrentIndex(table.model().index(4, COL_NAME), flags.NoUpdate)
    table.activateWindow()
    table.setFocus()
    qtbot.waitUntil(table.hasFocus)
    _same(table)


def test_a_table_scrolled_sideways_and_down_and_sorted_paints_as_qt_paints(
    qtbot: QtBot,
) -> None:
    table = _played(qtbot, width=420)  # a few columns in sight
    table.horizontalScrollBar().setValue(table.horizontalScrollBar().maximum() // 2)
    table.verticalScrollBar().setValue(2)
    _same(table)
    table.sort_by(COL_NAME)
    table.sort_by(COL_NAME)  # descending: view rows differ from the model's
    _same(table)


def test_a_dirty_region_of_two_rows_apart_paints_as_qt_paints(qtbot: QtBot) -> None:
    table = _played(qtbot)
    width = table.viewport().width()
    height = table.rowHeight(0)
    # Two rows apart, and a rectangle across a row boundary and part of the columns.
    region = QRegion(QRect(0, 0, width, height)) + QRegion(QRect(0, 4 * height, width, height))
    region += QRegion(QRect(50, 2 * height - 5, 300, 10))
    # Two rectangles of one row overlapping: the region splits them into bands, and the
    # cells across both are painted once (twice would darken their text's edges; not the
    # actor's row, whose cells are opaque).
    region += QRegion(QRect(0, 2 * height, 200, height))
    region += QRegion(QRect(100, 2 * height, 300, height // 2))
    assert region.rectCount() > 3
    _same(table, region)


def test_a_right_to_left_table_is_left_to_qt(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    table = _played(qtbot)
    table.setLayoutDirection(Qt.LayoutDirection.RightToLeft)
    looked_up: list[object] = []
    monkeypatch.setattr(CellPixmaps, "kept", lambda _self, key: looked_up.append(key))
    table.viewport().grab()
    assert looked_up == []  # Qt painted, through the delegates
    table.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
    table.viewport().grab()
    assert looked_up, "left to right, the kept-rows pass paints"


class _RowPanelStyle(QProxyStyle):
    """Fusion, counting the row panels it is asked for; ``mark``: it also draws a line
    along each panel's top (a style whose panel is neither empty nor one colour)."""

    def __init__(self, mark: bool) -> None:
        super().__init__("Fusion")
        self.mark = mark
        self.panels = 0

    def drawPrimitive(self, element: Any, option: Any, painter: Any, widget: Any = None) -> None:
        super().drawPrimitive(element, option, painter, widget)
        if element == QStyle.PrimitiveElement.PE_PanelItemViewRow:
            self.panels += 1
            if self.mark:  # over Fusion's panel
                painter.fillRect(
                    QRect(option.rect.topLeft(), QSize(option.rect.width(), 1)), Qt.GlobalColor.red
                )


@contextmanager
def _styled(table: InitiativeTable, style: _RowPanelStyle) -> Iterator[_RowPanelStyle]:
    """``table`` in ``style`` for the block, then in the app's style again before the
    style object goes: a widget does not own its style, and one freed under a table
    still waiting for deletion crashed a later test's paint (pytest -n 8)."""
    table.setStyle(style)
    try:
        yield style
    finally:
        table.setStyle(None)  # type: ignore[arg-type]


def test_row_panels_are_asked_of_the_style_once_per_kind(qtbot: QtBot) -> None:
    """Fusion paints nothing under a plain row and one colour under an alternate or a
    selected one: found once, then skipped or filled, with Qt's pixels."""
    table = _played(qtbot)
    with _styled(table, _RowPanelStyle(mark=False)) as style:
        table.selectRow(2)
        table.viewport().grab()
        assert style.panels > 0  # found: a few kinds of row panel
        style.panels = 0
        table.viewport().grab()
        assert style.panels == 0  # then never asked again
        _same(table)


def test_a_style_that_draws_its_own_row_panels_paints_as_qt_paints(qtbot: QtBot) -> None:
    table = _played(qtbot)
    with _styled(table, _RowPanelStyle(mark=True)) as style:
        table.viewport().grab()
        style.panels = 0
        table.viewport().grab()
        sight = table.viewport().size()
        header = table.horizontalHeader()
        columns = [
            c for c in range(header.count()) if header.sectionViewportPosition(c) < sight.width()
        ]
        rows = [r for r in range(7) if table.rowViewportPosition(r) < sight.height()]
        assert style.panels == len(rows) * len(columns)  # asked cell by cell, as Qt asks
        _same(table)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_player_views_kept_rows_paint_shows_what_qt_paints(qtbot: QtBot, dark: bool) -> None:
    """The players' table, one pass too: the actor's row, a conceded one faded, wound
    chips (R10) beside the words."""
    engine = brawl("wounds")
    engine.view.sheet_of("jack").wound_level = 3
    controller = EncounterController(engine)
    view = PlayerView(engine)
    qtbot.addWidget(view)
    view.table.setPalette(dark_palette() if dark else light_palette())
    view.resize(900, 420)
    view.show()
    qtbot.waitExposed(view)
    controller.changed.connect(view.schedule_update)
    controller.run(Concede("brask"))
    for _ in range(3):
        controller.run(NextTurn())
        view.flush()
        view.table.viewport().grab()  # paint each step, as the screen would
    table = view.table
    shots = []
    for one_pass in (True, False):
        table.paints_kept_rows = one_pass
        shots.append(table.viewport().grab().toImage())
    assert shots[0] == shots[1]
    looked_up: list[object] = []
    kept_cells = view.cell_delegate.cells
    original = kept_cells.kept

    def looking_up(key: Hashable) -> QPixmap | None:
        looked_up.append(key)
        return original(key)

    kept_cells.kept = looking_up  # type: ignore[method-assign]
    table.paints_kept_rows = True
    table.viewport().grab()
    assert looked_up, "the one pass painted the players' table"
