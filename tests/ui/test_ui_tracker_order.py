"""Setting the turn order by hand (R6: a chase orders by relative position; the GM may
re-order between rounds): Move up / Move down on the selected combatant, undoable, the
selection following the row, the player view showing the new order (issue 6)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QFont, QFontMetrics
from pytestqt.qtbot import QtBot

from sheets.encounter import SetScene
from tests.encounter_helpers import crowd
from tests.locations import SAMPLE
from tests.ui_helpers import ModelSignals, initiative_table
from ui.tracker import TrackerWindow, open_tracker
from ui.tracker.initiative_model import COL_NAME, COL_ORDER, CombatantIdRole, InitiativeModel

BRAWL = "encounters/brawl-at-the-pump-house.json"
ALT = Qt.KeyboardModifier.AltModifier


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> TrackerWindow:
    folder = tmp_path / "campaign"
    shutil.copytree(SAMPLE, folder)
    window = open_tracker(folder, BRAWL, freeze=False)
    qtbot.addWidget(window, before_close_func=lambda w: w.mark_clean())  # type: ignore[attr-defined]
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window


def click_row(qtbot: QtBot, window: TrackerWindow, row: int) -> str:
    table = window.table
    index = window.proxy.index(row, COL_NAME)
    rect = table.visualRect(index)
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert table.currentIndex().row() == row
    return str(index.data(CombatantIdRole))


def selected_row(window: TrackerWindow) -> int:
    rows = window.table.selectionModel().selectedRows()
    assert len(rows) == 1
    return rows[0].row()


def test_alt_down_moves_the_selected_row_and_undo_restores(
    qtbot: QtBot, window: TrackerWindow
) -> None:
    window.roll_initiative(seed=1)
    engine = window.engine
    before = list(engine.encounter.turn_order)
    signals = ModelSignals(window.model)
    window.toggle_player_view(True, full_screen=False)
    assert window.player_view is not None
    qtbot.addWidget(window.player_view)
    first = click_row(qtbot, window, 0)
    assert first == before[0]
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_Down, ALT)
    after = [before[1], before[0], *before[2:]]
    assert engine.encounter.turn_order == after
    # The selection follows the combatant (a layout change, not a reset).
    assert selected_row(window) == 1 and window.table.currentIndex().row() == 1
    assert window.proxy.index(1, 0).data(CombatantIdRole) == first
    assert signals.resets == 0 and signals.layouts >= 1
    assert window.proxy.index(1, 0).data() == "2"  # positions renumbered
    assert "moves down to position 2" in window.statusBar().currentMessage()
    window.player_view.update_now()
    names = [engine.view.by_id[c].name for c in after if not engine.view.by_id[c].hidden]
    assert [r.name for r in window.player_view.model.rows()] == names
    # Alt+Up moves it back; undo twice restores the Alt+Down too.
    qtbot.keyClick(window.table, Qt.Key.Key_Up, ALT)
    assert engine.encounter.turn_order == before and selected_row(window) == 0
    qtbot.keyClick(window.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert engine.encounter.turn_order == after
    window.undo_stack.undo()
    assert engine.encounter.turn_order == before
    window.player_view.update_now()
    assert window.player_view.model.rows()[0].name == engine.view.by_id[before[0]].name
    window.undo_stack.redo()
    assert engine.encounter.turn_order == after


def test_refusals_push_nothing(qtbot: QtBot, window: TrackerWindow) -> None:
    window.roll_initiative(seed=1)
    count = window.undo_stack.count()
    click_row(qtbot, window, 0)
    qtbot.keyClick(window.table, Qt.Key.Key_Up, ALT)
    assert "already first" in window.statusBar().currentMessage()
    last = window.proxy.rowCount() - 1
    click_row(qtbot, window, last)
    qtbot.keyClick(window.table, Qt.Key.Key_Down, ALT)
    assert "already last" in window.statusBar().currentMessage()
    window.table.selectionModel().select(
        window.proxy.index(0, 0),
        QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows,
    )
    window.move_down_action.trigger()
    assert "Select one combatant" in window.statusBar().currentMessage()
    assert window.undo_stack.count() == count


def test_a_chase_is_ordered_by_hand(qtbot: QtBot, window: TrackerWindow) -> None:
    engine = window.engine
    assert window.run(SetScene("tactical", "chase")) is not None
    assert not window.initiative_action.isEnabled()  # R6: a chase has no initiative roll
    rows = window.model.ids()
    assert engine.encounter.turn_order == []
    # Nobody is in the order yet: the first move sets the whole order (SetOrder).
    window.select(rows[2])
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_Up, ALT)
    assert engine.encounter.turn_order == [rows[0], rows[2], rows[1], *rows[3:]]
    assert window.table.currentIndex().data(CombatantIdRole) == rows[2]
    window.start()
    window.next_turn()
    assert engine.current() == rows[0]
    # Mid-round (R6 ruling): the actor keeps the turn, the rest follow the new order.
    window.move_in_order(rows[0], 3)
    assert engine.current() == rows[0]
    assert engine.encounter.turn_order.index(rows[0]) == 3
    window.next_turn()
    assert engine.current() == rows[2]
    window.undo_stack.undo()
    window.undo_stack.undo()
    assert engine.encounter.turn_order.index(rows[0]) == 0 and engine.current() == rows[0]


def test_moving_clears_a_sorted_view(qtbot: QtBot, window: TrackerWindow) -> None:
    window.roll_initiative(seed=1)
    order = list(window.engine.encounter.turn_order)
    window.table.sort_by(COL_NAME)
    assert window.proxy.sortColumn() == COL_NAME
    assert window.move_in_order(order[3], -1) is not None
    assert window.proxy.sortColumn() == -1
    assert [window.proxy.combatant_at(r) for r in range(len(order))] == (
        window.engine.encounter.turn_order
    )
    assert window.table.currentIndex().data(CombatantIdRole) == order[3]


def test_model_passes_qtmodeltester_through_moves(
    qtmodeltester: Any, window: TrackerWindow
) -> None:
    model: InitiativeModel = window.model
    qtmodeltester.check(model, force_py=True)
    window.roll_initiative(seed=2)
    ids = model.ids()
    window.move_in_order(ids[0], 4)
    window.move_in_order(ids[5], -2)
    window.undo_stack.undo()
    qtmodeltester.check(model, force_py=True)
    assert model.ids() == window.engine.encounter.turn_order


def test_the_order_column_shows_the_actors_place_whole_in_a_big_fight(qtbot: QtBot) -> None:
    """The actor's row is bold: at 500 combatants its "498" showed as "4..."."""
    table = initiative_table(qtbot, crowd(120), rows=12)
    bold = QFont(table.font())
    bold.setBold(True)
    needed = QFontMetrics(bold).horizontalAdvance("120") + 10 + 1  # the text's margins, grid
    assert table.horizontalHeader().sectionSize(COL_ORDER) >= needed
