"""A weapon's skill picked from the sheet, and its attack then damage in two clicks
(issue 15; R2 totals, R4 damage as an effect roll against nothing)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QToolButton
from pytestqt.qtbot import QtBot

from sheets.dice import DieCode
from tests.ui_helpers import main_window_on, sample_document, shown_editor
from ui import commands
from ui.sheet.editor import CharacterEditor
from ui.sheet.gear_model import COL_NAME, COL_SKILL, WeaponsModel
from ui.workspace.character_document import CharacterDocument

Key = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def doc(qapp: Any) -> CharacterDocument:
    return sample_document()  # Greta Vance: Walther PPK with Firearms, Dexterity 2D+2


@pytest.fixture
def editor(qtbot: QtBot, doc: CharacterDocument) -> CharacterEditor:
    widget: CharacterEditor = shown_editor(qtbot, doc)
    widget.side_tabs.setCurrentIndex(1)
    return widget


def _open_skill_combo(qtbot: QtBot, editor: CharacterEditor) -> QComboBox:
    view = editor.weapons.view
    view.setFocus()
    view.setCurrentIndex(editor.weapons.model.index(0, COL_SKILL))
    qtbot.keyClick(view, Key.Key_F2)
    combo = QApplication.focusWidget()
    assert isinstance(combo, QComboBox)
    return combo


def _pick(combo: QComboBox, name: str) -> None:
    row = combo.findData(name)
    assert row >= 0, name
    combo.setCurrentIndex(row)
    combo.activated.emit(row)  # as a click on the list's row does
    QApplication.processEvents()


def test_the_skill_cell_shows_the_attack_total_and_follows_the_tree(
    doc: CharacterDocument, qtmodeltester: Any
) -> None:
    model = WeaponsModel(doc)
    qtmodeltester.check(model)
    cell = model.index(0, COL_SKILL)
    assert cell.data() == "Firearms 3D+2"  # R2: Dexterity 2D+2 + Firearms 1D
    assert "Dexterity 2D+2 + Firearms 1D = 3D+2" in cell.data(Qt.ItemDataRole.ToolTipRole)
    assert cell.data(Qt.ItemDataRole.EditRole) == "Firearms"  # what the file keeps
    (_dexterity, firearms) = doc.character.skills_named("Firearms")[0]
    seen: list[int] = []
    model.dataChanged.connect(lambda first, _last, _roles: seen.append(first.column()))
    doc.push(commands.set_field(doc, firearms, "code", DieCode(2)))
    assert COL_SKILL in seen and cell.data() == "Firearms 4D+2"


def test_the_skill_is_picked_from_the_sheet_and_undone(
    qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument
) -> None:
    combo = _open_skill_combo(qtbot, editor)
    names = [combo.itemData(row) for row in range(combo.count())]
    # the bare abilities, skills and specializations of this sheet, tree order
    assert names[:4] == ["", "Strength", "Athletics", "Climbing"]
    assert {"Dexterity", "Firearms", "Pistol", "Dodge"} <= set(names)
    assert combo.currentData() == "Firearms"
    assert combo.itemText(combo.findData("Pistol")).strip() == "Pistol  4D+2"
    _pick(combo, "Pistol")
    weapon = doc.character.weapons[0]
    assert weapon.skill == "Pistol"
    assert editor.weapons.model.index(0, COL_SKILL).data() == "Pistol 4D+2"
    doc.undo_stack.undo()
    assert weapon.skill == "Firearms"
    doc.undo_stack.redo()
    assert weapon.skill == "Pistol"


def test_an_old_free_text_skill_is_shown_and_kept(
    qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument
) -> None:
    weapon = doc.character.weapons[0]
    doc.push(commands.set_field(doc, weapon, "skill", "Blasters"))
    cell = editor.weapons.model.index(0, COL_SKILL)
    assert cell.data() == "Blasters (not on sheet) 2D+2"  # R2: bare Dexterity
    combo = _open_skill_combo(qtbot, editor)
    assert combo.currentData() == "Blasters"
    assert combo.currentText() == "Blasters (not on this sheet)"
    qtbot.keyClick(combo, Key.Key_Escape)  # looked, picked nothing: nothing lost
    assert weapon.skill == "Blasters" and doc.undo_stack.count() == 1
    combo = _open_skill_combo(qtbot, editor)
    qtbot.keyClick(combo, Key.Key_Tab)  # Tab on to the next cell commits the same name
    assert weapon.skill == "Blasters" and doc.undo_stack.count() == 1


def test_keyboard_attack_then_damage_from_the_weapons_table(
    qtbot: QtBot, editor: CharacterEditor
) -> None:
    view = editor.weapons.view
    view.setFocus()
    view.setCurrentIndex(editor.weapons.model.index(0, COL_NAME))
    with qtbot.waitSignal(editor.rollRequested) as rolled:
        qtbot.keyClick(view, Key.Key_Return)  # Enter on the row: the attack
    (attack,) = rolled.args
    assert attack.code == DieCode(3, 2) and not attack.damage
    assert attack.label.endswith("Vance: Walther PPK attack")
    assert attack.then is not None and attack.then.damage and attack.then.code == DieCode(3, 1)
    with qtbot.waitSignal(editor.rollRequested) as rolled:
        qtbot.keyClick(view, Key.Key_Return, SHIFT)  # Shift+Enter: the damage
    (damage,) = rolled.args
    assert damage.damage and damage.code == DieCode(3, 1) and damage.then is None


def test_an_attack_that_cannot_be_made_says_why(
    qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument
) -> None:
    weapon = doc.character.weapons[0]
    # Greta's Medicine is 0D and trained only: no fallback to the bare ability (R2).
    doc.push(commands.set_field(doc, weapon, "skill", "Medicine"))
    assert not editor.weapons.attack(0)
    assert "trained only" in editor.message.text()


def test_attack_then_damage_in_two_clicks_through_the_dice_panel(
    qtbot: QtBot, campaign: Path
) -> None:
    window = main_window_on(qtbot, campaign)
    doc = window.opener.open_character(campaign / "characters" / "greta-vance.json").doc
    editor = window.sheets.current_editor()
    assert editor is not None and editor.doc is doc
    editor.side_tabs.setCurrentIndex(1)  # no row selected: Greta's only weapon attacks
    attack_button = next(
        b
        for b in editor.findChildren(QToolButton)
        if b.defaultAction() is editor.weapons.weapon_actions["attack"]
    )
    qtbot.mouseClick(attack_button, Qt.MouseButton.LeftButton)  # click 1
    panel = window.rolls.panel
    spec = panel.form.spec()
    assert spec is not None and spec.code == DieCode(3, 2)
    assert "Walther PPK attack" in window.docks.dice_dock.windowTitle()
    assert panel.next_button.isVisibleTo(panel)
    assert panel.next_button.text() == "Roll Walther PPK damage 3D+1"
    panel.set_difficulty(15)  # the player rolled the attack against 15
    qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)  # click 2
    spec = panel.form.spec()
    assert spec is not None and spec.code == DieCode(3, 1)
    assert panel.form.difficulty() is None  # no Against carried into the damage (R4)
    assert "Walther PPK damage" in window.docks.dice_dock.windowTitle()
    assert not panel.next_button.isVisibleTo(panel)  # nothing more to offer
    assert panel.history.rowCount() == 2


def test_a_weapon_is_made_a_strength_weapon_by_its_str_box(qtbot: QtBot, tmp_path: Path) -> None:
    """Issue 16: melee weapons add the wielder's Strength Damage (OpenD6 STR+XD); the sheet
    sets it with a check box, undoable."""
    from PySide6.QtCore import Qt as QtCore_Qt

    from sheets.dice import DieCode
    from sheets.documents import Ability, Character, Weapon
    from ui.sheet.editor import CharacterEditor
    from ui.sheet.gear_model import COL_STRENGTH
    from ui.workspace.character_document import CharacterDocument

    sheet = Character(
        name="Bart",
        abilities=[Ability(name="Strength", code=DieCode(4))],
        weapons=[Weapon(name="Pipe wrench", skill="Strength", damage=DieCode(1))],
    )
    editor = CharacterEditor(CharacterDocument(sheet, tmp_path / "bart.json"))
    qtbot.addWidget(editor)
    model = editor.weapons.model
    cell = model.index(0, COL_STRENGTH)
    assert cell.flags() & QtCore_Qt.ItemFlag.ItemIsUserCheckable
    assert model.setData(
        cell, QtCore_Qt.CheckState.Checked.value, QtCore_Qt.ItemDataRole.CheckStateRole
    )
    assert sheet.weapons[0].strength_damage and sheet.weapons[0].damage_words() == "STR+1D"
    editor.doc.undo_stack.undo()
    assert not sheet.weapons[0].strength_damage
