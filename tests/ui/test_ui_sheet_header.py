"""The sheet header and story as a player uses them: type a name, click +/- on points,
choose Dynamic/Stock and kind, a portrait, write background, hooks and notes; each edit
one undo step; a refused edit (R2) puts the field back and says why."""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from tests.ui_helpers import sample_document, sample_window_with_sheet, shown_editor
from ui.sheet.editor import CharacterEditor
from ui.workspace.character_document import CharacterDocument

Key = Qt.Key
LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def doc(qapp: Any) -> CharacterDocument:
    return sample_document()


@pytest.fixture
def editor(qtbot: QtBot, doc: CharacterDocument) -> CharacterEditor:
    widget: CharacterEditor = shown_editor(qtbot, doc)
    return widget


def test_typing_a_name_is_one_undo_step(
    qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument
) -> None:
    edit = editor.header.name_edit
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, "Greta Vance")
    assert doc.character.name.startswith("Dr.")  # nothing changes while typing
    qtbot.keyClick(edit, Key.Key_Return)
    assert doc.character.name == "Greta Vance"
    assert doc.undo_stack.count() == 1 and doc.modified
    doc.undo_stack.undo()
    assert edit.text() == doc.character.name and doc.character.name.startswith("Dr.")


def test_an_empty_name_is_refused_and_put_back(
    qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument
) -> None:
    edit = editor.header.name_edit
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClick(edit, Key.Key_Delete)
    qtbot.keyClick(edit, Key.Key_Return)
    assert "empty" in editor.message.text()
    assert edit.text() == doc.character.name and doc.undo_stack.count() == 0


def test_points_buttons(qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument) -> None:
    control = editor.header.points["action_points"]
    start = doc.character.action_points
    qtbot.mouseClick(control.plus, LEFT)
    qtbot.mouseClick(control.plus, LEFT)
    assert doc.character.action_points == start + 2
    assert control.value_label.text() == str(start + 2)
    assert doc.undo_stack.count() == 1  # a run of clicks is one step
    fame = editor.header.points["fame"]
    qtbot.mouseClick(fame.minus, LEFT)
    assert doc.character.fame == 2 and doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.character.action_points == start and doc.character.fame == 3
    assert control.value_label.text() == str(start)
    assert not doc.modified


def test_minus_is_disabled_at_zero(qtbot: QtBot, editor: CharacterEditor) -> None:
    control = editor.header.points["action_points"]
    while control.minus.isEnabled():
        qtbot.mouseClick(control.minus, LEFT)
    assert control.value_label.text() == "0"


def test_points_are_reachable_by_keyboard(qtbot: QtBot, editor: CharacterEditor) -> None:
    control = editor.header.points["character_points"]
    control.plus.setFocus()
    qtbot.keyClick(control.plus, Key.Key_Space)
    assert control.value_label.text() == "4"
    assert control.plus.accessibleName() == "Character Points: one more"


def test_player_character_is_always_dynamic(
    qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument
) -> None:
    header = editor.header
    assert not header.importance_combo.isEnabled()  # R2
    kind = header.kind_combo
    kind.setFocus()
    kind.setCurrentIndex(kind.findData("npc"))
    kind.activated.emit(kind.currentIndex())
    assert doc.character.kind == "npc" and header.importance_combo.isEnabled()
    importance = header.importance_combo
    importance.setCurrentIndex(importance.findData("stock"))
    importance.activated.emit(importance.currentIndex())
    assert doc.character.importance == "stock"
    kind.setCurrentIndex(kind.findData("character"))  # a Stock player character: refused
    kind.activated.emit(kind.currentIndex())
    assert doc.character.kind == "npc"
    assert "always Dynamic" in editor.message.text()
    assert kind.currentData() == "npc"  # the field shows the sheet again
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.character.kind == "character" and doc.character.importance == "dynamic"


def test_encounter_length_changes_the_tracks(
    qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument
) -> None:
    combo = editor.header.length_combo
    combo.setCurrentIndex(combo.findData("brief"))
    combo.activated.emit(combo.currentIndex())
    assert doc.character.encounter_length == "brief"
    bar = editor.conditions.track_bars["damage"]
    assert bar.labels() == ["Normal", "Stunned", "Out of Action"]  # R5: OOA at 2 ranks
    doc.undo_stack.undo()
    assert len(editor.conditions.track_bars["damage"].labels()) == 6


def test_portrait_from_a_file(
    qtbot: QtBot,
    editor: CharacterEditor,
    doc: CharacterDocument,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    image = QImage(32, 40, QImage.Format.Format_RGB32)
    image.fill(QColor(200, 50, 50))
    file = tmp_path / "kara.png"
    assert image.save(str(file))
    with qtbot.waitSignal(editor.header.portraitRequested):
        qtbot.mouseClick(editor.header.portrait, LEFT)
    assert editor.header.set_portrait_file(file)
    assert doc.character.portrait is not None
    assert base64.b64decode(doc.character.portrait.data) == file.read_bytes()
    assert not editor.header.portrait.icon().isNull()
    qtbot.mouseClick(editor.header.remove_portrait, LEFT)
    assert doc.character.portrait is None
    doc.undo_stack.undo()
    assert doc.character.portrait is not None


def test_a_file_that_is_no_image_is_refused(
    qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument, tmp_path: Path
) -> None:
    file = tmp_path / "notes.png"
    file.write_text("not an image")
    assert not editor.header.set_portrait_file(file)
    assert "is not a image/jpeg image" in editor.message.text()
    assert doc.character.portrait is None


def test_story_texts_commit_when_leaving_the_field(
    qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument
) -> None:
    editor.side_tabs.setCurrentWidget(editor.story)
    hooks = editor.story.hooks
    hooks.setFocus()
    hooks.selectAll()
    qtbot.keyClicks(hooks, "Owes the cult money")
    qtbot.keyClick(hooks, Key.Key_Return)
    qtbot.keyClick(hooks, Key.Key_Return)
    qtbot.keyClicks(hooks, "Afraid of deep water")
    qtbot.keyClick(hooks, Key.Key_Tab)  # Tab moves on (and commits)
    assert doc.character.hooks == ["Owes the cult money", "Afraid of deep water"]
    notes = editor.story.notes
    notes.setFocus()
    qtbot.keyClick(notes, Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(notes, " More.")
    editor.commit_pending()
    assert doc.character.notes.endswith("More.")
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert len(doc.character.hooks) == 3
    assert hooks.toPlainText().count("\n") == 2


def test_controls_have_accessible_names(editor: CharacterEditor) -> None:
    from PySide6.QtWidgets import (
        QAbstractButton,
        QAbstractSpinBox,
        QComboBox,
        QLineEdit,
        QPlainTextEdit,
    )

    unnamed = [
        w
        for w in editor.findChildren(QLineEdit)
        + editor.findChildren(QComboBox)
        + editor.findChildren(QPlainTextEdit)
        if w.isVisible()
        and not w.accessibleName()
        and not isinstance(w.parent(), QComboBox | QAbstractSpinBox)
    ]
    assert not unnamed, [type(w).__name__ for w in unnamed]
    buttons = [b for b in editor.findChildren(QAbstractButton) if b.isVisible()]
    assert all(b.accessibleName() or b.text() for b in buttons)


def test_every_control_takes_keyboard_focus(editor: CharacterEditor) -> None:
    from PySide6.QtWidgets import (
        QAbstractButton,
        QAbstractItemView,
        QComboBox,
        QHeaderView,
        QLineEdit,
    )

    from ui.sheet.conditions import StepBar

    kinds = (QAbstractButton, QAbstractItemView, QComboBox, QLineEdit, StepBar)
    controls = [
        w
        for kind in kinds
        for w in editor.findChildren(kind)
        if w.isVisibleTo(editor) and w.isEnabled() and w.parent() is not None
    ]
    tab = Qt.FocusPolicy.TabFocus
    unreachable = [
        f"{type(w).__name__} {w.accessibleName() or w.objectName()}"
        for w in controls
        if not (w.focusPolicy().value & tab.value)
        and not isinstance(w.parent(), QComboBox)
        and not isinstance(w, QHeaderView)  # column headers: never in the tab chain
    ]
    assert not unreachable


def test_each_row_shows_its_exact_chance_against_the_difficulty_picked(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Issue 15: beyond every peer, the chance to beat Easy 10 ... Heroic 30 beside each
    skill, exact (the odds engine), following the sheet as it changes."""
    from sheets.dice import CheckDefaults, DieCode, RollSpec
    from sheets.documents import Ability, Character, Skill
    from sheets.odds import chance_at_least, distribution
    from ui.commands import SetFieldCommand
    from ui.sheet.editor import CharacterEditor
    from ui.sheet.tree_model import COL_CHANCE
    from ui.workspace.character_document import CharacterDocument

    sheet = Character(
        name="Tester",
        abilities=[
            Ability(
                name="Dexterity", code=DieCode(3), skills=[Skill(name="Dodge", code=DieCode(1))]
            )
        ],
    )
    doc = CharacterDocument(sheet, tmp_path / "tester.json")
    editor = CharacterEditor(doc)
    qtbot.addWidget(editor)
    model = editor.tree_model
    dex = model.index(0, COL_CHANCE)
    dodge = model.index(0, COL_CHANCE, model.index(0, 0))
    moderate = chance_at_least(distribution(RollSpec(code=DieCode(4))), 15)
    assert dodge.data() == f"{moderate:.0%}"
    assert "exactly" in str(dodge.data(Qt.ItemDataRole.ToolTipRole))
    combo = editor.difficulty_combo
    combo.setCurrentIndex(combo.findData(10))  # Easy
    easy = chance_at_least(distribution(RollSpec(code=DieCode(4))), 10)
    assert dodge.data() == f"{easy:.0%}"
    assert "10" in str(model.headerData(COL_CHANCE, Qt.Orientation.Horizontal))
    # The sheet changes: the chance follows (Dodge 1D -> 2D: 5D in all).
    changed: list[int] = []
    model.dataChanged.connect(lambda a, b, *_: changed.append(b.column()))
    dodge_skill = sheet.abilities[0].skills[0]
    doc.undo_stack.push(SetFieldCommand(doc, dodge_skill, "code", DieCode(2), "Dodge 2D"))
    assert COL_CHANCE in changed
    five = chance_at_least(distribution(RollSpec(code=DieCode(5))), 10)
    assert dodge.data() == f"{five:.0%}"
    assert dex.data() == f"{chance_at_least(distribution(RollSpec(code=DieCode(3))), 10):.0%}"
    # A campaign rolling two Wild Dice: the chance is of that roll (R3 setting).
    model.set_check_defaults(CheckDefaults(wild_dice=2))
    two_wild = chance_at_least(distribution(RollSpec(code=DieCode(5), wild_dice=2)), 10)
    assert dodge.data() == f"{two_wild:.0%}" and "2 Wild Dice" in str(
        model.headerData(COL_CHANCE, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    )


def test_the_header_shows_the_game_and_the_campaigns_when_it_differs(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Issue 15: the sheet says which game it was made with (the template's name), and
    which the campaign plays where that is another."""
    _window, editor = sample_window_with_sheet(qtbot, tmp_path)
    assert editor.header.game_label.text() == "FreeD6"
    editor.doc.character.game = "OpenD6 Space"
    editor.header.refresh()
    assert editor.header.game_label.text() == "OpenD6 Space (the campaign plays FreeD6)"
