"""Weapons, armour by facing, toughness, PL and scale (R9): edited in their own table and
form, bad die codes refused with the reason, every edit undoable, qtmodeltester."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from sheets.dice import DieCode
from tests.ui_helpers import sample_document, shown_editor
from ui import commands
from ui.sheet.editor import CharacterEditor
from ui.sheet.gear_model import COL_DAMAGE, COL_NAME, COL_PL, WeaponsModel
from ui.workspace.character_document import CharacterDocument

Key = Qt.Key


@pytest.fixture
def doc(qapp: Any) -> CharacterDocument:
    return sample_document()


@pytest.fixture
def editor(qtbot: QtBot, doc: CharacterDocument) -> CharacterEditor:
    widget: CharacterEditor = shown_editor(qtbot, doc)
    widget.side_tabs.setCurrentIndex(1)
    return widget


def test_weapons_model_passes_qtmodeltester(qtmodeltester: Any, doc: CharacterDocument) -> None:
    model = WeaponsModel(doc)
    qtmodeltester.check(model)
    from sheets.documents import Weapon

    character = doc.character
    doc.push(
        commands.insert_item(
            doc, character, "weapons", 0, Weapon(name="Knife", damage=DieCode(1)), "Add"
        )
    )
    move = commands.move_item(doc, character, "weapons", 0, 1, "Move")
    assert move is not None
    doc.push(move)
    doc.push(commands.remove_item(doc, character, "weapons", 0, "Remove"))
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    qtmodeltester.check(model)
    assert model.index(0, COL_DAMAGE).data() == "3D+1"


def _edit_cell(qtbot: QtBot, editor: CharacterEditor, row: int, column: int, text: str) -> Any:
    view = editor.weapons.view
    view.setFocus()
    view.setCurrentIndex(editor.weapons.model.index(row, column))
    qtbot.keyClick(view, Key.Key_F2)
    line = QApplication.focusWidget()
    assert line is not None and line is not view
    line.selectAll()  # type: ignore[attr-defined]
    qtbot.keyClicks(line, text)
    qtbot.keyClick(line, Key.Key_Return)
    QApplication.processEvents()
    return line


def test_edit_damage_and_performance_level(
    qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument
) -> None:
    _edit_cell(qtbot, editor, 0, COL_DAMAGE, "4D")
    weapon = doc.character.weapons[0]
    assert weapon.damage == DieCode(4)
    _edit_cell(qtbot, editor, 0, COL_PL, "2")
    assert weapon.performance_level == 2
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert weapon.damage == DieCode(3, 1) and weapon.performance_level == 0


def test_a_bad_damage_code_is_refused(
    qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument
) -> None:
    line = _edit_cell(qtbot, editor, 0, COL_DAMAGE, "3D+x")
    assert line.isVisible() and "not a die code" in line.toolTip()
    assert "not a die code" in editor.message.text()
    assert doc.undo_stack.count() == 0
    qtbot.keyClick(line, Key.Key_Escape)


def test_add_rename_and_remove_a_weapon(
    qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument
) -> None:
    qtbot.mouseClick(
        _button(editor, editor.weapons.weapon_actions["add"]), Qt.MouseButton.LeftButton
    )
    line = QApplication.focusWidget()
    assert line is not None
    line.selectAll()  # type: ignore[attr-defined]
    qtbot.keyClicks(line, "Crowbar")
    qtbot.keyClick(line, Key.Key_Return)
    QApplication.processEvents()
    assert [w.name for w in doc.character.weapons] == ["Walther PPK", "Crowbar"]
    view = editor.weapons.view
    view.setFocus()
    view.setCurrentIndex(editor.weapons.model.index(1, COL_NAME))
    qtbot.keyClick(view, Key.Key_Delete)
    assert [w.name for w in doc.character.weapons] == ["Walther PPK"]
    doc.undo_stack.undo()
    assert [w.name for w in doc.character.weapons] == ["Walther PPK", "Crowbar"]


def _button(editor: CharacterEditor, action: Any) -> Any:
    from PySide6.QtWidgets import QToolButton

    return next(b for b in editor.findChildren(QToolButton) if b.defaultAction() is action)


def test_double_click_on_a_weapon_rolls_its_damage(qtbot: QtBot, editor: CharacterEditor) -> None:
    view = editor.weapons.view
    view.setFocus()
    view.setCurrentIndex(editor.weapons.model.index(0, COL_DAMAGE))
    with qtbot.waitSignal(editor.rollRequested) as rolled:
        qtbot.keyClick(view, Key.Key_Return)
    (request,) = rolled.args
    assert request.code == DieCode(3, 1) and "Walther PPK" in request.label and request.damage


def test_armour_by_facing_toughness_and_scale(
    qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument
) -> None:
    protection = editor.protection
    front = protection.facings["front"]
    front.setFocus()
    front.selectAll()
    qtbot.keyClicks(front, "1D+1")
    qtbot.keyClick(front, Key.Key_Return)
    assert doc.character.armour.front == DieCode(1, 1)
    rear = protection.facings["rear"]
    rear.setFocus()
    rear.selectAll()
    qtbot.keyClicks(rear, "big")
    qtbot.keyClick(rear, Key.Key_Return)
    assert doc.character.armour.rear == DieCode()
    assert "not a die code" in editor.message.text()
    scale = protection.scale
    scale.setFocus()
    scale.selectAll()
    qtbot.keyClicks(scale, "3")
    qtbot.keyClick(scale, Key.Key_Return)
    assert doc.character.scale == 3
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.character.armour.front == DieCode() and doc.character.scale == 0


def test_vehicles_show_toughness(qtbot: QtBot, qapp: Any) -> None:
    tank = sample_document("halvorsen-tank.json")
    editor = CharacterEditor(tank)
    qtbot.addWidget(editor)
    editor.show()
    assert editor.protection.toughness.text() == "8D"
    assert editor.side_tabs.tabText(1) == "&Weapons and armour"
    assert editor.conditions.track_bars.keys() == {"body"}
    toughness = editor.protection.toughness
    toughness.setFocus()
    toughness.selectAll()
    qtbot.keyClicks(toughness, "9D")
    qtbot.keyClick(toughness, Key.Key_Return)
    assert tank.character.toughness == DieCode(9)
