"""Guided character creation (issue 15): dice left, plain-word problems, Finish makes the
sheet in the open campaign, Cancel leaves nothing behind."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from sheets.templates import builtin_template
from tests.ui_helpers import copy_sample, main_window_on
from ui.creation.dialog import CreationDialog
from ui.main.window import MainWindow
from ui.services.prompter import Choice, ScriptedPrompter

ADVENTURE = builtin_template("opend6_adventure")


@pytest.fixture
def dialog(qtbot: QtBot) -> CreationDialog:
    assert ADVENTURE is not None
    widget = CreationDialog(ADVENTURE, "Kara", ScriptedPrompter())
    qtbot.addWidget(widget)
    return widget


def test_dice_left_follow_the_spin_boxes(dialog: CreationDialog) -> None:
    # Six attributes at their lowest 1D (Magic 0D) spend 6D of the 18D (OpenD6 Adventure).
    assert dialog.attribute_left.text() == "Attribute dice left: 12D"
    assert dialog.skill_left.text() == "Skill dice left: 7D"
    dialog.attribute_boxes["Reflexes"].setValue(10)  # 3D+1
    assert dialog.attribute_boxes["Reflexes"].text() == "3D+1"
    assert dialog.attribute_left.text() == "Attribute dice left: 9D+2"
    dialog.skill_boxes["Dodge"].setValue(4)
    assert dialog.skill_left.text() == "Skill dice left: 5D+2"
    dialog.attribute_boxes["Physique"].setValue(12)
    assert "Strength Damage 2D" in dialog.derived.text()
    assert "Body Points 32" in dialog.derived.text()
    assert dialog.problems.text() == ""


def test_over_budget_is_said_and_finish_asks_first(dialog: CreationDialog) -> None:
    for name in ("Reflexes", "Coordination", "Physique", "Knowledge"):
        dialog.attribute_boxes[name].setValue(15)
    dialog.attribute_boxes["Presence"].setValue(18)  # 6D: above the 5D limit
    assert dialog.attribute_left.text() == "Attribute dice left: -9D"
    assert "Presence is above its highest, 5D" in dialog.problems.text()
    assert "9D too many in attributes" in dialog.problems.text()
    assert dialog.attribute_boxes["Presence"].value() == 18  # never clamped
    prompter = dialog.prompter
    assert isinstance(prompter, ScriptedPrompter)
    prompter.script(Choice.NO)
    dialog.finish()
    assert dialog.character() is None and dialog.result() != QDialog.DialogCode.Accepted
    assert "9D too many" in prompter.asked[0].question.text
    prompter.script(Choice.YES)
    dialog.finish()
    made = dialog.character()
    assert made is not None
    presence = made.ability("Presence")
    assert presence is not None and str(presence.code) == "6D"


def test_d6_legend_says_its_checks_count_successes(qtbot: QtBot) -> None:
    legend = builtin_template("d6_legend")
    assert legend is not None
    widget = CreationDialog(legend, "Xena", ScriptedPrompter())
    qtbot.addWidget(widget)
    texts = [label.text() for label in widget.findChildren(type(widget.problems))]
    assert any("counts successes: every die showing 3 or more" in t for t in texts)


def test_finish_makes_the_sheet_in_the_campaign_and_cancel_nothing(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window: MainWindow = main_window_on(qtbot, copy_sample(tmp_path))
    session = window.workspace.session
    assert session is not None
    before = len(session.documents())

    monkeypatch.setattr(CreationDialog, "exec", lambda d: QDialog.DialogCode.Rejected.value)
    assert window.opener.new_character_guided() is None
    assert len(session.documents()) == before

    def finish(d: CreationDialog) -> int:
        d.name_edit.setText("Mira Holt")
        d.attribute_boxes["Strength"].setValue(12)
        d.finish()
        return d.result()

    monkeypatch.setattr(CreationDialog, "exec", finish)
    editor = window.opener.new_character_guided()
    assert editor is not None
    character = editor.doc.character
    assert character.name == "Mira Holt" and character.game == "FreeD6"
    strength = character.ability("Strength")
    assert strength is not None and str(strength.code) == "4D"
    assert len(session.documents()) == before + 1
    assert editor.doc.modified  # Save puts it in the campaign folder


def test_the_printed_sheet_names_the_game_and_its_derived_values() -> None:
    from sheets.templates.creation import create_character
    from ui.sheet.print import sheet_html

    assert ADVENTURE is not None
    made = create_character(ADVENTURE, "Kara", {"Physique": 12}, {})
    html = sheet_html(made, "body_points")
    assert "OpenD6 Adventure" in html
    assert "Strength Damage" in html and "<b>2D</b>" in html
    assert "Move" in html


def test_a_plain_new_character_follows_the_campaigns_game(qtbot: QtBot, tmp_path: Path) -> None:
    """Ctrl+N in an OpenD6 Adventure campaign makes an OpenD6 Adventure sheet, not FreeD6's."""
    from tests.ui_helpers import copy_sample, main_window_on

    window = main_window_on(qtbot, copy_sample(tmp_path))
    session = window.workspace.session
    assert session is not None and session.campaign is not None
    session.campaign.game_template = "opend6_adventure"
    doc = session.new_character("Ines")
    names = [a.name for a in doc.character.abilities]
    assert "Physique" in names and "Strength" not in names
    assert doc.character.game == session.campaign.template().name
    session.campaign.game_template = "freed6"
    plain = session.new_character("Paul")
    assert [a.name for a in plain.character.abilities][:2] == ["Strength", "Dexterity"]
