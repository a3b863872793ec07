"""Reinforcements, duplicates and leavers in a running fight (issue 16), through the
tracker's actions, with undo."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from sheets.dice import DieCode
from tests.ui_helpers import tracker_on
from ui.tracker import TrackerWindow
from ui.tracker.window_parts.join_dialog import JoinDialog

CULTIST = "characters/drowned-saint-cultist.json"


def _running(qtbot: QtBot, campaign: Path) -> TrackerWindow:
    window: TrackerWindow = tracker_on(qtbot, campaign)
    window.roll_initiative(seed=42)
    window.next_turn()
    return window


def _names(window: TrackerWindow) -> list[str]:
    return [window.engine.view.by_id[cid].name for cid in window.model.ids()]


def test_stock_reinforcements_join_numbered_and_undo_takes_them_back(
    qtbot: QtBot, campaign: Path, qtmodeltester: ModelTester
) -> None:
    window = _running(qtbot, campaign)
    qtmodeltester.check(window.model)
    acting = window.engine.current()
    rows = window.model.rowCount()
    record = window.people.add_from_campaign(CULTIST, "Cultists", 3)
    assert record is not None
    assert window.model.rowCount() == rows + 3
    names = _names(window)
    for number in (1, 2, 3):
        assert f"Cultist of the Drowned Saint {number}" in names
    assert window.engine.current() == acting  # the actor keeps the turn
    target_combo = window.act_panel.form.target_combo
    qtbot.waitUntil(lambda: target_combo.findText("Cultist of the Drowned Saint 3") >= 0)
    window.undo_stack.undo()
    assert window.model.rowCount() == rows
    window.undo_stack.redo()
    assert window.model.rowCount() == rows + 3


def test_a_dynamic_character_joins_once(qtbot: QtBot, campaign: Path) -> None:
    window = _running(qtbot, campaign)
    refusals: list[str] = []
    window.controller.refused.connect(refusals.append)
    window.people.refuse = refusals.append  # the window's status line, caught
    assert window.people.add_from_campaign("characters/greta-vance.json", "Heroes") is None
    assert refusals and "already" in refusals[-1]
    assert window.people.add_from_campaign("characters/mayor-dobrescu.json", "Town") is not None
    assert "Mayor Ilie Dobrescu 1" in _names(window)  # a Stock sheet: numbered


def test_duplicate_numbers_the_copy_and_remove_takes_one_out(qtbot: QtBot, campaign: Path) -> None:
    window = _running(qtbot, campaign)
    window.select("guard-3")
    window.duplicate_action.trigger()
    assert "Company Guard 4" in _names(window)
    copy = next(c for c in window.engine.encounter.combatants if c.name == "Company Guard 4")
    assert copy.character is not None  # its own sheet: its own conditions
    assert copy.character is not window.engine.view.by_id["guard-3"].character
    window.select("guard-1")
    window.remove_action.trigger()
    assert "Company Guard 1" not in _names(window)
    window.undo_stack.undo()
    assert "Company Guard 1" in _names(window)


def test_the_one_acting_cannot_be_removed(qtbot: QtBot, campaign: Path) -> None:
    window = _running(qtbot, campaign)
    acting = window.engine.current()
    assert acting is not None
    window.select(acting)
    rows = window.model.rowCount()
    window.remove_action.trigger()
    assert window.model.rowCount() == rows
    assert "pass the turn on first" in window.statusBar().currentMessage()


def test_the_row_menu_holds_what_can_be_done_to_a_row(qtbot: QtBot, campaign: Path) -> None:
    window = _running(qtbot, campaign)
    table = window.table
    assert table.contextMenuPolicy() == Qt.ContextMenuPolicy.ActionsContextMenu
    texts = [a.text() for a in table.actions() if not a.isSeparator()]
    for wanted in ("Concede", "Duplicate", "Remove from encounter", "Add combatants\u2026"):
        assert wanted in texts


def test_a_double_click_makes_the_row_the_one_who_acts(qtbot: QtBot, campaign: Path) -> None:
    window = _running(qtbot, campaign)
    row = window.model.row_of("guard-2")
    assert row is not None
    index = window.proxy.mapFromSource(window.model.index(row, 1))
    window.table.doubleClicked.emit(index)
    assert window.act_panel.actor() == "guard-2"
    target = window.act_panel.form.target()
    assert target is not None and window.engine.view.by_id[target].side == "Heroes"


def test_the_join_dialog_says_what_is_wrong_with_a_quick_npc(qtbot: QtBot, campaign: Path) -> None:
    window = _running(qtbot, campaign)
    dialog = JoinDialog(dict(window.engine.view.characters), ["Heroes", "Company guards"])
    qtbot.addWidget(dialog)
    dialog.tabs.setCurrentIndex(1)
    assert dialog.chosen_path() is None
    assert dialog.quick_sheet() == "Give the new NPC a name"
    dialog.quick_name.setText("Dock worker")
    dialog.quick_code.setText("banana")
    problem = dialog.quick_sheet()
    assert isinstance(problem, str) and problem.startswith("The die code is not right")
    dialog.quick_code.setText("3D+1")
    assert dialog.quick_sheet() == ("Dock worker", DieCode(3, 1))


def test_a_quick_npc_joins_with_one_die_code_everywhere(qtbot: QtBot, campaign: Path) -> None:
    from sheets.documents import new_character

    window = _running(qtbot, campaign)
    sheet = new_character("Dock worker", "npc")
    for ability in sheet.abilities:
        ability.code = DieCode(3)
    assert window.people.add_quick(sheet, "Dockers", 2) is not None
    joined = [c for c in window.engine.encounter.combatants if c.side == "Dockers"]
    assert [c.name for c in joined] == ["Dock worker 1", "Dock worker 2"]
    assert joined[0].character is not None and joined[0].template is None
    assert {a.code for a in joined[0].character.abilities} == {DieCode(3)}


def test_delay_from_the_toolbar_lets_the_next_act_first(qtbot: QtBot, campaign: Path) -> None:
    window = _running(qtbot, campaign)
    first = window.engine.current()
    second = window.engine.encounter.turn_order[1]
    assert window.delay_action.isEnabled()
    window.delay_action.trigger()
    assert window.engine.current() == second
    qtbot.waitUntil(lambda: window.act_panel.actor() == second)
    window.next_turn()
    assert window.engine.current() == first


def test_sixteen_cultists_read_apart_in_the_table(qtbot: QtBot, campaign: Path) -> None:
    window = _running(qtbot, campaign)
    window.people.add_from_campaign(CULTIST, "Cultists", 16)
    table = window.table
    assert table.textElideMode() == Qt.TextElideMode.ElideMiddle  # the number stays
    longest = table.fontMetrics().horizontalAdvance("Cultist of the Drowned Saint 16")
    assert table.horizontalHeader().sectionSize(1) > longest  # whole, nothing cut


def test_the_join_dialog_tabs_from_the_list_to_the_side_and_how_many(
    qtbot: QtBot, campaign: Path
) -> None:
    """Found under Xvfb: Tab from the list stopped on the tab bar, and the side typed next
    went into the wrong field."""
    window = _running(qtbot, campaign)
    dialog = JoinDialog(dict(window.engine.view.characters), ["Heroes"])
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    dialog.campaign_list.setFocus()
    qtbot.waitUntil(dialog.campaign_list.hasFocus)
    qtbot.keyClick(dialog.campaign_list, Qt.Key.Key_Tab)
    from PySide6.QtWidgets import QApplication

    focused = QApplication.focusWidget()
    assert focused in (dialog.side_combo, dialog.side_combo.lineEdit()), focused
    assert dialog.tabs.tabBar().focusPolicy() == Qt.FocusPolicy.NoFocus
