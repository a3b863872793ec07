"""Campaign > Game (issue 15): pick a game template, copy and edit it (house rules) into
campaign.json, one undo step on the campaign's stack."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from sheets.templates import builtin_template
from tests.ui_helpers import copy_sample, main_window_on
from ui.campaign.game_template import GameTemplateDialog, TemplateEditor
from ui.main.window import MainWindow


def test_editor_changes_limits_skills_budget_and_damage(qtbot: QtBot) -> None:
    adventure = builtin_template("opend6_adventure")
    assert adventure is not None
    editor = TemplateEditor(adventure)
    qtbot.addWidget(editor)
    editor.name_edit.setText("Pulp Adventure")
    editor.attribute_dice.setValue(60)  # 20D
    editor.damage_system.setCurrentIndex(editor.damage_system.findData("wounds"))
    item = editor.table.item(0, 2)
    assert item is not None
    item.setText("6D")
    skills = editor.table.item(0, 4)
    assert skills is not None
    skills.setText(skills.text() + ", Parkour")
    edited = editor.template()
    assert edited.name == "Pulp Adventure" and edited.budget.attribute_pips == 60
    assert edited.damage_system == "wounds"
    assert edited.attributes[0].max_pips == 18 and "Parkour" in edited.attributes[0].skills
    assert edited.id == "opend6_adventure"


def test_editor_says_why_it_cannot_keep_a_broken_copy(qtbot: QtBot) -> None:
    adventure = builtin_template("opend6_adventure")
    assert adventure is not None
    editor = TemplateEditor(adventure)
    qtbot.addWidget(editor)
    item = editor.table.item(1, 4)
    assert item is not None
    item.setText("Dodge")  # already under Reflexes
    editor.finish()
    assert editor.edited() is None
    assert "two attributes" in editor.problem.text()


def test_copy_and_edit_is_kept_in_campaign_json_and_undone(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window: MainWindow = main_window_on(qtbot, copy_sample(tmp_path))
    session = window.workspace.session
    assert session is not None and session.campaign is not None

    def edit(editor: TemplateEditor) -> int:
        editor.name_edit.setText("Our Space")
        editor.move_box.setValue(12)
        editor.finish()
        return editor.result()

    def choose(dialog: GameTemplateDialog) -> int:
        dialog.game.setCurrentIndex(dialog.game.findData("opend6_space"))
        assert dialog.copy_and_edit()
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(TemplateEditor, "exec", edit)
    monkeypatch.setattr(GameTemplateDialog, "exec", choose)
    window.menus.game_template_action.trigger()
    campaign = session.campaign
    assert campaign.template().name == "Our Space" and campaign.template().move == 12
    assert campaign.game_template == "opend6_space"
    assert session.save_campaign()
    saved = json.loads((session.folder / "campaign.json").read_text(encoding="utf-8"))
    assert saved["custom_template"]["name"] == "Our Space"
    session.undo_stack.undo()
    assert campaign.custom_template is None and campaign.template().name == "FreeD6"


def test_a_long_skill_list_wraps_whole_in_its_cell(qtbot: QtBot) -> None:
    """A game's long skill list is read whole, on two lines, never cut off with '...'."""
    space = builtin_template("opend6_space")
    assert space is not None
    editor = TemplateEditor(space)
    qtbot.addWidget(editor)
    editor.show()
    qtbot.waitExposed(editor)
    line = editor.fontMetrics().height()
    technical = next(i for i, a in enumerate(space.attributes) if a.name == "Technical")
    strength = next(i for i, a in enumerate(space.attributes) if a.name == "Strength")
    assert editor.table.rowHeight(technical) >= 2 * line > editor.table.rowHeight(strength)
    assert editor.table.wordWrap()


def test_the_game_brings_its_damage_system_in_the_same_undo_step(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """A walkthrough found an OpenD6 Adventure campaign's sheets still on FreeD6's tracks:
    the game picks the damage system too (R10); House Rules can change it again, and one
    Ctrl+Z puts back both."""
    window: MainWindow = main_window_on(qtbot, copy_sample(tmp_path))
    session = window.workspace.session
    assert session is not None and session.campaign is not None
    editor = window.opener.open_character(session.folder / "characters" / "greta-vance.json")
    assert editor is not None and not editor.damage.isVisibleTo(editor)  # FreeD6: tracks
    assert session.change_game_template(("opend6_adventure", None))
    assert session.campaign.house_rules.damage_system == "body_points"
    assert editor.damage.isVisibleTo(editor) and editor.damage.box.title() == "Body points"
    assert session.undo_stack.count() == 1
    session.undo_stack.undo()
    assert session.campaign.game_template == "freed6"
    assert session.campaign.house_rules.damage_system == "conditions"
    assert not editor.damage.isVisibleTo(editor)


def test_an_opend6_character_starts_with_character_and_fate_points(qtbot: QtBot) -> None:
    """OpenD6: a new character has 5 Character Points and 1 Fate Point to play and to
    advance with (a walkthrough found 0 and 0: Raise and the spends greyed out)."""
    from sheets.documents import new_character
    from sheets.templates.creation import create_character

    adventure = builtin_template("opend6_adventure")
    assert adventure is not None
    made = create_character(adventure, "Ada", {}, {})
    assert (made.character_points, made.fate_points) == (5, 1)
    blank = new_character("Bo", "character", template=adventure)
    assert (blank.character_points, blank.fate_points) == (5, 1)
    npc = new_character("Thug", "npc", template=adventure)
    assert (npc.character_points, npc.fate_points) == (0, 0)
    editor = TemplateEditor(adventure)
    qtbot.addWidget(editor)
    editor.start_cp.setValue(10)
    assert editor.template().budget.character_points == 10
    assert editor.template().budget.fate_points == 1
