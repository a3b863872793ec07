"""The ability tree as a player drives it: type die codes (a bad one is refused with the
reason), rename, toggle trained only, add / remove / reorder rows, roll with Enter; every
edit undoable; the model checked by qtmodeltester throughout."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, QPoint, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication
from pytestqt.qtbot import QtBot

from sheets.dice import DieCode
from sheets.documents import Ability, Skill
from tests.ui_helpers import sample_document, shown_editor
from ui.sheet.delegates import DieCodeEdit, DieCodeValidator, die_code_problem
from ui.sheet.editor import CharacterEditor
from ui.sheet.tree_model import (
    COL_CODE,
    COL_FIXED,
    COL_NAME,
    COL_TOTAL,
    COL_TRAINED,
    AbilityTreeModel,
    CheckRole,
    LevelRole,
    ReasonRole,
)
from ui.workspace.character_document import CharacterDocument

Key = Qt.Key


@pytest.fixture
def doc(qapp: Any) -> CharacterDocument:
    return sample_document()


@pytest.fixture
def editor(qtbot: QtBot, doc: CharacterDocument) -> CharacterEditor:
    widget: CharacterEditor = shown_editor(qtbot, doc)
    return widget


def index_of(editor: CharacterEditor, *names: str, column: int = COL_NAME) -> QModelIndex:
    model = editor.tree_model
    parent = QModelIndex()
    index = QModelIndex()
    for name in names:
        for row in range(model.rowCount(parent)):
            candidate = model.index(row, COL_NAME, parent)
            if candidate.data() == name:
                index = candidate
                break
        else:
            raise AssertionError(f"no row {name!r}")
        parent = index
    return index.siblingAtColumn(column)


def focus_cell(qtbot: QtBot, editor: CharacterEditor, index: QModelIndex) -> None:
    editor.tree.setFocus()
    editor.tree.setCurrentIndex(index)
    assert editor.tree.currentIndex() == index


def commit(qtbot: QtBot, line: Any) -> None:
    """Return in a cell editor: Qt commits through a queued call, so let it run."""
    qtbot.keyClick(line, Key.Key_Return)
    QApplication.processEvents()


def open_editor(qtbot: QtBot, editor: CharacterEditor, index: QModelIndex) -> Any:
    focus_cell(qtbot, editor, index)
    qtbot.keyClick(editor.tree, Key.Key_F2)
    widget = QApplication.focusWidget()
    assert widget is not None and widget is not editor.tree
    return widget


def test_model_passes_qtmodeltester_through_edits(
    qtmodeltester: Any, doc: CharacterDocument
) -> None:
    model = AbilityTreeModel(doc)
    qtmodeltester.check(model)
    from ui import commands

    dexterity = doc.character.abilities[1]
    doc.push(commands.insert_item(doc, dexterity, "skills", 0, Skill(name="Acrobatics"), "Add"))
    firearms = dexterity.skills[1]
    doc.push(commands.insert_item(doc, firearms, "specializations", 1, _spec("Rifle"), "Add"))
    move = commands.move_item(doc, doc.character, "abilities", 0, 3, "Move")
    assert move is not None
    doc.push(move)
    doc.push(commands.remove_item(doc, doc.character, "abilities", 5, "Remove"))
    code = commands.set_field(doc, dexterity, "code", "4D")
    assert code is not None
    doc.push(code)
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    qtmodeltester.check(model)


def _spec(name: str) -> Any:
    from sheets.documents import Specialization

    return Specialization(name=name, code=DieCode(1))


def test_columns_show_r2_totals_and_r1_fixed_values(editor: CharacterEditor) -> None:
    pistol = index_of(editor, "Dexterity", "Firearms", "Pistol")
    assert pistol.siblingAtColumn(COL_CODE).data() == "1D"
    assert pistol.siblingAtColumn(COL_TOTAL).data() == "4D+2"  # 2D+2 + 1D + 1D
    assert pistol.siblingAtColumn(COL_FIXED).data() == "14"
    assert "Dexterity 2D+2 + Firearms 1D + Pistol 1D = 4D+2" in pistol.siblingAtColumn(
        COL_TOTAL
    ).data(Qt.ItemDataRole.ToolTipRole)
    assert pistol.data(LevelRole) == "specialization"
    bluff = index_of(editor, "Wits", "Bluff")  # 0D: falls back to the ability (R2)
    assert bluff.siblingAtColumn(COL_TOTAL).data() == "3D"
    medicine = index_of(editor, "Intelligence", "Medicine")  # trained only, no ranks
    assert medicine.siblingAtColumn(COL_TOTAL).data() == "—"
    assert "trained only" in medicine.data(ReasonRole)
    assert medicine.data(CheckRole) is None


def test_typing_a_die_code_changes_the_sheet_and_undo_puts_it_back(
    qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument
) -> None:
    dodge = index_of(editor, "Dexterity", "Dodge", column=COL_CODE)
    line = open_editor(qtbot, editor, dodge)
    assert isinstance(line, DieCodeEdit)
    line.selectAll()
    qtbot.keyClicks(line, "2d6+1")
    commit(qtbot, line)
    skill = doc.character.ability("Dexterity").skill("Dodge")  # type: ignore[union-attr]
    assert skill is not None and skill.code == DieCode(2, 1)
    assert dodge.data() == "2D+1"
    assert dodge.siblingAtColumn(COL_TOTAL).data() == "5D"  # 2D+2 + 2D+1 (R1)
    assert doc.undo_stack.undoText() == "Set Dodge to 2d6+1"
    doc.undo_stack.undo()
    assert skill.code == DieCode(1) and dodge.data() == "1D"


def test_a_bad_die_code_is_refused_with_the_reason(
    qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument
) -> None:
    dodge = index_of(editor, "Dexterity", "Dodge", column=COL_CODE)
    line = open_editor(qtbot, editor, dodge)
    line.selectAll()
    qtbot.keyClicks(line, "3x")
    with qtbot.waitSignal(editor.code_delegate.rejected) as rejected:
        qtbot.keyClick(line, Key.Key_Return)
    assert "not a die code like 3D+2" in rejected.args[0]
    assert "not a die code" in line.toolTip()  # the reason is on the field itself
    assert line.isVisible()  # refused: the editor stays open, the text is not dropped
    assert line.text() == "3x"
    assert "not a die code" in editor.message.text() and editor.message.isVisible()
    assert doc.undo_stack.count() == 0
    qtbot.keyClick(line, Key.Key_Escape)
    assert dodge.data() == "1D"


def test_a_negative_die_code_is_refused_too(
    qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument
) -> None:
    dodge = index_of(editor, "Dexterity", "Dodge", column=COL_CODE)
    line = open_editor(qtbot, editor, dodge)
    line.selectAll()
    qtbot.keyClicks(line, "-1D")
    commit(qtbot, line)
    assert "below 0D" in editor.message.text()
    assert doc.undo_stack.count() == 0


def test_leaving_a_bad_code_reports_it(qtbot: QtBot, editor: CharacterEditor) -> None:
    dodge = index_of(editor, "Dexterity", "Dodge", column=COL_CODE)
    line = open_editor(qtbot, editor, dodge)
    line.selectAll()
    qtbot.keyClicks(line, "lots")
    with qtbot.waitSignal(editor.problem) as problem:
        editor.header.name_edit.setFocus()  # leave the cell
    assert "not a die code" in problem.args[0]
    assert "not a die code" in editor.message.text()
    assert dodge.data() == "1D"


def test_validator_states() -> None:
    validator = DieCodeValidator()
    from PySide6.QtGui import QValidator

    assert validator.validate("3D+2", 0)[0] == QValidator.State.Acceptable  # type: ignore[index]
    assert validator.validate("3D+", 0)[0] == QValidator.State.Intermediate  # type: ignore[index]
    assert validator.reason and "not a die code" in validator.reason
    assert die_code_problem("") is not None
    assert die_code_problem("", allow_empty=True) is None
    assert die_code_problem("+2") is None


def test_rename_with_f2_and_a_duplicate_is_refused(
    qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument
) -> None:
    dodge = index_of(editor, "Dexterity", "Dodge")
    line = open_editor(qtbot, editor, dodge)
    line.selectAll()
    qtbot.keyClicks(line, "Evasion")
    commit(qtbot, line)
    dexterity = doc.character.ability("Dexterity")
    assert dexterity is not None and dexterity.skill("Evasion") is not None
    evasion = index_of(editor, "Dexterity", "Evasion")
    line = open_editor(qtbot, editor, evasion)
    line.selectAll()
    qtbot.keyClicks(line, "firearms")
    commit(qtbot, line)
    assert "already used" in editor.message.text()
    assert dexterity.skill("Evasion") is not None
    doc.undo_stack.undo()
    assert dexterity.skill("Dodge") is not None


def test_space_toggles_trained_only(
    qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument
) -> None:
    bluff = index_of(editor, "Wits", "Bluff", column=COL_TRAINED)
    focus_cell(qtbot, editor, bluff)
    qtbot.keyClick(editor.tree, Key.Key_Space)
    skill = doc.character.ability("Wits").skill("Bluff")  # type: ignore[union-attr]
    assert skill is not None and skill.trained_only
    assert bluff.siblingAtColumn(COL_TOTAL).data() == "—"  # 0D, trained only: no fallback
    doc.undo_stack.undo()
    assert not skill.trained_only and bluff.siblingAtColumn(COL_TOTAL).data() == "3D"
    ability = index_of(editor, "Wits", column=COL_TRAINED)
    assert not ability.flags() & Qt.ItemFlag.ItemIsUserCheckable


def test_add_rows_with_buttons_and_keys(
    qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument
) -> None:
    dexterity = doc.character.ability("Dexterity")
    assert dexterity is not None
    focus_cell(qtbot, editor, index_of(editor, "Dexterity"))
    qtbot.mouseClick(_button(editor, "skill"), Qt.MouseButton.LeftButton)
    line = QApplication.focusWidget()
    assert line is not None and hasattr(line, "selectAll")
    line.selectAll()  # type: ignore[union-attr]
    qtbot.keyClicks(line, "Acrobatics")
    commit(qtbot, line)
    assert dexterity.skills[-1].name == "Acrobatics"

    focus_cell(qtbot, editor, index_of(editor, "Dexterity", "Acrobatics"))
    qtbot.keyClick(editor.tree, Key.Key_Insert, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClick(QApplication.focusWidget(), Key.Key_Escape)
    assert [s.name for s in dexterity.skills[-1].specializations] == ["New specialization"]

    qtbot.mouseClick(_button(editor, "ability"), Qt.MouseButton.LeftButton)
    qtbot.keyClick(QApplication.focusWidget(), Key.Key_Escape)
    assert doc.character.abilities[-1].name == "New ability"
    assert isinstance(doc.character.abilities[-1], Ability)

    for _ in range(4):  # ability, specialization, rename, skill
        doc.undo_stack.undo()
    assert [s.name for s in dexterity.skills] == ["Firearms", "Dodge"]
    assert len(doc.character.abilities) == 6


def _button(editor: CharacterEditor, key: str) -> Any:
    from PySide6.QtWidgets import QToolButton

    action = editor.tree_actions[key]
    return next(b for b in editor.findChildren(QToolButton) if b.defaultAction() is action)


def test_delete_and_alt_arrows_remove_and_reorder(
    qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument
) -> None:
    intelligence = doc.character.ability("Intelligence")
    assert intelligence is not None
    focus_cell(qtbot, editor, index_of(editor, "Intelligence", "Languages"))
    qtbot.keyClick(editor.tree, Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    assert [s.name for s in intelligence.skills] == ["Languages", "Research", "Medicine"]
    assert editor.tree.currentIndex().data() == "Languages"  # the selection follows
    qtbot.keyClick(editor.tree, Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClick(editor.tree, Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    assert [s.name for s in intelligence.skills] == ["Research", "Medicine", "Languages"]
    research = intelligence.skills[0]
    focus_cell(qtbot, editor, index_of(editor, "Intelligence", "Research"))
    qtbot.keyClick(editor.tree, Key.Key_Delete)
    assert [s.name for s in intelligence.skills] == ["Medicine", "Languages"]
    doc.undo_stack.undo()
    assert intelligence.skills[0] is research
    assert index_of(editor, "Intelligence", "Research", "Archaeology").isValid()
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert [s.name for s in intelligence.skills] == ["Research", "Languages", "Medicine"]
    assert not doc.modified


def test_enter_and_double_click_roll_the_row(qtbot: QtBot, editor: CharacterEditor) -> None:
    pistol = index_of(editor, "Dexterity", "Firearms", "Pistol")
    focus_cell(qtbot, editor, pistol)
    with qtbot.waitSignal(editor.rollRequested) as rolled:
        qtbot.keyClick(editor.tree, Key.Key_Return)
    (request,) = rolled.args
    assert request.label.endswith("Dexterity: Firearms: Pistol")
    assert request.code == DieCode(4, 2) and not request.damage
    wits = index_of(editor, "Wits")
    rect = editor.tree.visualRect(wits)
    qtbot.mouseClick(editor.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    with qtbot.waitSignal(editor.rollRequested) as rolled:  # a double click: click, click
        qtbot.mouseDClick(editor.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert rolled.args[0].code == DieCode(3)


def test_tab_after_a_skill_name_goes_to_its_die_code(qtbot: QtBot, editor: CharacterEditor) -> None:
    """Issue 15: Tab after typing a skill's name jumped to the next row."""
    firearms = index_of(editor, "Dexterity", "Firearms")
    line = open_editor(qtbot, editor, firearms)
    qtbot.keyClicks(line, "X")
    qtbot.keyClick(line, Key.Key_Tab)
    QApplication.processEvents()
    current = editor.tree.currentIndex()
    assert current.row() == firearms.row() and current.parent() == firearms.parent()
    assert current.column() == COL_CODE
    # Shift+Tab goes back to the name of the same row.
    widget = QApplication.focusWidget()
    assert widget is not None
    qtbot.keyClick(widget, Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    QApplication.processEvents()
    assert editor.tree.currentIndex() == firearms


def test_a_refusal_message_does_not_move_the_rows(qtbot: QtBot, editor: CharacterEditor) -> None:
    """Issue 15: the message banner appeared late and shifted every row by 22 px."""
    viewport = editor.tree.viewport()
    before = viewport.mapTo(editor, QPoint(0, 0))
    editor.show_problem("a die code needs a D")
    QApplication.processEvents()
    assert editor.message.isVisible() and "needs a D" in editor.message.text()
    assert viewport.mapTo(editor, QPoint(0, 0)) == before
    # It sits at the foot of the sheet, whole, and over the content (not under it).
    geometry = editor.message.geometry()
    assert geometry.bottom() < editor.height() and geometry.top() > editor.height() // 2
    assert geometry.height() >= editor.message.sizeHint().height() - 1


def test_a_double_click_on_a_die_code_edits_it(qtbot: QtBot, editor: CharacterEditor) -> None:
    """Issue 15: double-clicking a die code rolled the row instead of editing the code."""
    wits = index_of(editor, "Wits").siblingAtColumn(COL_CODE)
    rect = editor.tree.visualRect(wits)
    with qtbot.assertNotEmitted(editor.rollRequested):
        qtbot.mouseDClick(editor.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert editor.tree.state() == QAbstractItemView.State.EditingState
    assert editor.tree.currentIndex() == wits


def test_a_check_that_cannot_be_made_says_why(qtbot: QtBot, editor: CharacterEditor) -> None:
    medicine = index_of(editor, "Intelligence", "Medicine")
    focus_cell(qtbot, editor, medicine)
    with qtbot.assertNotEmitted(editor.rollRequested):
        qtbot.keyClick(editor.tree, Key.Key_Return)
    assert "trained only" in editor.message.text()


def test_an_ability_code_change_updates_every_total_below(
    qtbot: QtBot, editor: CharacterEditor, doc: CharacterDocument
) -> None:
    from ui import commands

    pistol = index_of(editor, "Dexterity", "Firearms", "Pistol", column=COL_TOTAL)
    changed: list[tuple[int, int]] = []
    editor.tree_model.dataChanged.connect(
        lambda top, bottom, *_: changed.append((top.row(), bottom.column()))
    )
    dexterity = doc.character.ability("Dexterity")
    command = commands.set_field(doc, dexterity, "code", "3D")  # type: ignore[arg-type]
    assert command is not None
    doc.push(command)
    assert pistol.data() == "5D"
    assert changed  # the view was told
