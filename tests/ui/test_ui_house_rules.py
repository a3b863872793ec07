"""Campaign > House Rules: the table's settings (R3, R6, R7, R9, R10) edited in the app,
one undo step, saved with campaign.json, followed by the dice panel and the sheets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from sheets.documents import HouseRules
from tests.ui_helpers import copy_sample, main_window_on
from ui.campaign.house_rules import HouseRulesDialog
from ui.main.window import MainWindow


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    widget: MainWindow = main_window_on(qtbot, copy_sample(tmp_path))
    return widget


def test_the_dialog_shows_the_rules_and_cites_them(qtbot: QtBot) -> None:
    rules = HouseRules(wild_dice=2, critical_failure="zero", damage_system="wounds")
    dialog = HouseRulesDialog(rules)
    qtbot.addWidget(dialog)
    assert dialog.wild_dice.value() == 2
    assert dialog.critical_failure.currentData() == "zero"
    assert dialog.damage_system.currentData() == "wounds"
    assert dialog.initiative_ability.currentText() == "Perception"
    assert dialog.rules() == rules  # nothing touched: nothing changes
    assert dialog.damage_system.toolTip().startswith("R10")  # the field's own docstring
    assert dialog.wild_dice.toolTip().startswith("R3")
    assert dialog.initiative_ability.toolTip().startswith("R6")


def test_the_dialog_keeps_fields_it_does_not_know_and_a_blank_ability(qtbot: QtBot) -> None:
    rules = HouseRules.model_validate({"initiative_ability": "Wits", "future_rule": 3})
    dialog = HouseRulesDialog(rules)
    qtbot.addWidget(dialog)
    dialog.initiative_ability.setCurrentText("   ")
    dialog.scale_rule.setCurrentIndex(dialog.scale_rule.findData("opend6_modifier"))
    chosen = dialog.rules()
    assert chosen.initiative_ability == "Wits"
    assert chosen.scale_rule == "opend6_modifier"
    assert chosen.model_dump()["future_rule"] == 3


def choose(monkeypatch: pytest.MonkeyPatch, **widgets: object) -> None:
    """Make the dialog's exec() set these choices and press OK."""

    def exec_(dialog: HouseRulesDialog) -> int:
        for name, value in widgets.items():
            combo = getattr(dialog, name)
            if isinstance(value, int):
                combo.setValue(value)
            else:
                combo.setCurrentIndex(combo.findData(value))
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(HouseRulesDialog, "exec", exec_)


def test_a_change_is_one_undo_step_followed_by_sheets_and_dice(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = window.workspace.session
    assert session is not None and session.campaign is not None
    editor = window.opener.open_character(session.folder / "characters" / "greta-vance.json")
    assert editor is not None and not editor.damage.isVisibleTo(editor)  # conditions (R10)
    choose(monkeypatch, damage_system="wounds", wild_dice=2, critical_failure="drop_highest")
    assert window.menus.house_rules_action.isEnabled()
    window.menus.house_rules_action.trigger()
    rules = session.campaign.house_rules
    assert (rules.damage_system, rules.wild_dice, rules.critical_failure) == (
        "wounds",
        2,
        "drop_highest",
    )
    assert editor.damage.isVisibleTo(editor)  # the sheet shows its wound level now
    assert set(editor.conditions.track_bars) == {"composure"}  # hits go to wounds (R10)
    panel = window.rolls.ensure_panel()
    assert panel.form.wild_spin.value() == 2  # the dice panel's defaults follow (R3)
    assert session.modified and window.isWindowModified()
    session.undo_stack.undo()
    assert session.campaign.house_rules.damage_system == "conditions"
    assert not editor.damage.isVisibleTo(editor)
    assert set(editor.conditions.track_bars) == {"damage", "composure"}
    session.undo_stack.redo()
    assert window.files.save_all()
    saved = json.loads((session.folder / "campaign.json").read_text(encoding="utf-8"))
    assert saved["house_rules"]["damage_system"] == "wounds"
    assert not session.modified


def test_no_change_is_no_undo_step(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    session = window.workspace.session
    assert session is not None
    choose(monkeypatch)
    assert not window.campaigns.edit_house_rules()
    assert session.undo_stack.count() == 0
