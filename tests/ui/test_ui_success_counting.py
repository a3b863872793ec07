"""A campaign that plays D6 Legend counts successes (R3): the dice panel's default, a
sheet's checks and the Chance column all follow the game; damage stays a total; undoing
the game's change puts everything back."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from sheets.results import STANDARD_DIFFICULTIES, SUCCESS_DIFFICULTIES
from tests.ui_helpers import sample_window_with_sheet
from ui.sheet.tree_model import COL_CHANCE


def test_a_d6_legend_campaign_rolls_successes_everywhere(qtbot: QtBot, tmp_path: Path) -> None:
    window, editor = sample_window_with_sheet(qtbot, tmp_path)
    session = window.workspace.session
    panel = window.rolls.ensure_panel()
    model, picker = editor.tree_model, editor.difficulty_combo
    header = model.headerData(COL_CHANCE, Qt.Orientation.Horizontal)
    assert header == "Chance vs 15" and not panel.form.successes_check.isChecked()
    before = model.data(model.index(0, COL_CHANCE))

    assert editor.header.game_label.text() == "FreeD6"
    assert session.change_game_template(("d6_legend", None))
    assert editor.header.game_label.text() == "D6 Legend"  # made before games were kept
    assert panel.form.successes_check.isChecked()  # the panel's default follows the game
    assert model.headerData(COL_CHANCE, Qt.Orientation.Horizontal) == "Chance of 4+ successes"
    assert [picker.itemData(i) for i in range(picker.count())] == list(SUCCESS_DIFFICULTIES)
    assert picker.currentData() == 4
    assert model.data(model.index(0, COL_CHANCE)) != before

    editor.tree.setCurrentIndex(model.index(0, 0))
    check = editor.roll_current() and panel.current_result()
    assert check and check.spec.count_successes  # R3: every die showing 3+ is one success
    assert check.total == check.successes  # a count of dice, never pips added
    assert editor.weapons.roll_damage(0)
    damage = panel.current_result()
    assert damage is not None and not damage.spec.count_successes  # an effect roll: a total

    picker.setCurrentIndex(picker.findData(3))
    assert model.difficulty == 3

    session.undo_stack.undo()
    assert editor.header.game_label.text() == "FreeD6"
    assert not panel.form.successes_check.isChecked()
    assert model.headerData(COL_CHANCE, Qt.Orientation.Horizontal) == "Chance vs 15"
    assert [picker.itemData(i) for i in range(picker.count())] == [
        number for _name, number in STANDARD_DIFFICULTIES
    ]
    assert model.data(model.index(0, COL_CHANCE)) == before
