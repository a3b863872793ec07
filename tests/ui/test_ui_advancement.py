"""Raising a skill with Character Points from the sheet (issue 15): the Raise action,
one undo step, a plain refusal when the points do not suffice, the log on the sheet and in
the printed sheet."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog
from pytestqt.qtbot import QtBot

from sheets.dice import DieCode
from sheets.documents import Ability, Character, Skill
from tests.ui_helpers import copy_sample, main_window_on, sample_window_with_sheet
from ui.campaign.award_dialog import PartyAwardDialog
from ui.sheet.editor import CharacterEditor
from ui.sheet.print import page_texts
from ui.sheet.tree_model import COL_NAME
from ui.workspace.character_document import CharacterDocument


def _editor(qtbot: QtBot, tmp_path: Path, points: int) -> CharacterEditor:
    sheet = Character(
        name="Greta",
        character_points=points,
        abilities=[
            Ability(
                name="Dexterity", code=DieCode(3), skills=[Skill(name="Dodge", code=DieCode(1))]
            )
        ],
    )
    editor = CharacterEditor(CharacterDocument(sheet, tmp_path / "greta.json"))
    qtbot.addWidget(editor)
    model = editor.tree_model
    editor.tree.setCurrentIndex(model.index(0, COL_NAME, model.index(0, COL_NAME)))  # Dodge
    return editor


def test_raise_spends_points_logs_it_and_undo_gives_all_back(qtbot: QtBot, tmp_path: Path) -> None:
    editor = _editor(qtbot, tmp_path, points=10)
    doc = editor.doc
    dodge = doc.character.abilities[0].skills[0]
    assert editor.tree_actions["raise"].shortcut().toString() == "Ctrl+Shift+Up"
    editor.tree_actions["raise"].trigger()  # total 4D: 4 points
    assert dodge.code == DieCode(1, 1) and doc.character.character_points == 6
    (entry,) = doc.character.advancements
    assert (entry.what, entry.cost) == ("Dexterity: Dodge", 4)
    table = editor.advancement.table
    assert [table.item(0, col).text() for col in range(4)] == [
        "Dexterity: Dodge",
        "1D",
        "1D+1",
        "4",
    ]
    assert table.item(0, 4).text() == entry.when
    assert "6" in editor.advancement.points_label.text()
    printed = "\n".join(page_texts(doc.character))
    assert "Advancement" in printed and "Dexterity: Dodge" in printed
    doc.undo_stack.undo()
    assert dodge.code == DieCode(1) and doc.character.character_points == 10
    assert doc.character.advancements == []
    doc.undo_stack.redo()
    assert doc.character.character_points == 6


def test_too_few_points_refuses_in_plain_words_and_changes_nothing(
    qtbot: QtBot, tmp_path: Path
) -> None:
    editor = _editor(qtbot, tmp_path, points=2)
    shown: list[str] = []
    editor.show_problem = shown.append  # type: ignore[method-assign]
    assert not editor.raise_selected()
    assert shown and "costs 4 Character Points" in shown[0] and "has 2" in shown[0]
    assert editor.doc.character.character_points == 2
    assert not editor.doc.undo_stack.canUndo()


def test_the_gm_awards_the_whole_party_in_one_dialog_and_one_undo(
    qtbot: QtBot, tmp_path: Path, monkeypatch: object
) -> None:
    import pytest

    from ui.campaign.award_dialog import PartyAwardDialog

    window = main_window_on(qtbot, copy_sample(tmp_path))
    session = window.workspace.session
    assert session is not None
    party = session.party()
    assert [d.character.kind for d in party] == ["character"] * len(party) and len(party) == 4
    before = {d.title: (d.character.character_points, d.character.fate_points) for d in party}

    def exec_(dialog: PartyAwardDialog) -> int:
        dialog.character_points[0].setValue(3)
        dialog.fate_points[0].setValue(1)
        return PartyAwardDialog.DialogCode.Accepted.value

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    monkeypatch.setattr(PartyAwardDialog, "exec", exec_)
    assert window.menus.award_action.isEnabled()
    window.menus.award_action.trigger()
    first = party[0]
    cp, fp = before[first.title]
    assert (first.character.character_points, first.character.fate_points) == (cp + 3, fp + 1)
    second = party[1]  # the default award: 5 Character Points
    assert second.character.character_points == before[second.title][0] + 5
    assert all(d.modified for d in party)
    session.undo_stack.undo()
    assert {
        d.title: (d.character.character_points, d.character.fate_points) for d in party
    } == before


def test_the_price_shows_before_anything_is_spent(qtbot: QtBot, tmp_path: Path) -> None:
    """The selected row's next pip and its price are on the Advancement tab and in Raise's
    tooltip before Raise; too few points say so there too. Nothing selected: no Raise."""
    editor = _editor(qtbot, tmp_path, points=10)
    assert editor.tree_actions["raise"].isEnabled()
    editor.tree.setCurrentIndex(QModelIndex())
    assert not editor.tree_actions["raise"].isEnabled()
    assert "Select a row" in editor.advancement.price_label.text()
    model = editor.tree_model
    editor.tree.setCurrentIndex(model.index(0, COL_NAME, model.index(0, COL_NAME)))  # Dodge
    price = editor.advancement.price_label.text()
    assert price == "Raise Dexterity: Dodge from 1D to 1D+1: 4 Character Points."
    assert "Dexterity: Dodge to 1D+1 for 4 Character Points" in (
        editor.tree_actions["raise"].toolTip()
    )
    editor.tree.setCurrentIndex(model.index(0, COL_NAME))  # Dexterity 3D: 30 points
    assert editor.advancement.price_label.text() == (
        "Raising Dexterity to 3D+1 costs 30 Character Points; Greta has 10."
    )


def test_the_tree_offers_raise_and_roll_on_right_click(qtbot: QtBot, tmp_path: Path) -> None:
    """A right-click (or the menu key, or Shift+F10) on a row offers its actions, Raise
    among them; choosing Raise from the menu raises the row."""
    editor = _editor(qtbot, tmp_path, points=10)
    assert editor.tree.contextMenuPolicy() == Qt.ContextMenuPolicy.ActionsContextMenu
    editor.show()
    qtbot.waitExposed(editor)
    editor.activateWindow()
    editor.tree.setFocus()
    qtbot.waitUntil(editor.tree.hasFocus)
    seen: list[str] = []

    def choose_raise() -> None:
        popup = QApplication.activePopupWidget()
        if popup is None:  # not open yet (a loaded machine): look again
            QTimer.singleShot(50, choose_raise)
            return
        seen.extend(action.text() for action in popup.actions())
        raise_action = next(a for a in popup.actions() if a.text() == "Raise")
        popup.setActiveAction(raise_action)
        qtbot.keyClick(popup, Qt.Key.Key_Return)

    QTimer.singleShot(50, choose_raise)
    qtbot.keyClick(editor.tree, Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier)
    assert "Raise" in seen and "Roll" in seen
    assert editor.doc.character.character_points == 6  # Dodge raised: 4 points


def test_a_raise_in_a_started_session_notes_the_session(qtbot: QtBot, tmp_path: Path) -> None:

    window, editor = sample_window_with_sheet(qtbot, tmp_path)
    window.workspace.session.campaign.session = 3
    model = editor.tree_model
    editor.tree.setCurrentIndex(model.index(0, COL_NAME, model.index(0, COL_NAME)))
    assert editor.raise_selected()
    assert editor.doc.character.advancements[-1].when.startswith("Session 3, ")


def test_everyone_sets_the_whole_partys_award_at_once(qtbot: QtBot, tmp_path: Path) -> None:
    from ui.campaign.award_dialog import PartyAwardDialog

    window = main_window_on(qtbot, copy_sample(tmp_path))
    session = window.workspace.session
    assert session is not None
    dialog = PartyAwardDialog(session.party())
    qtbot.addWidget(dialog)
    dialog.everyone_cp.setValue(7)
    dialog.everyone_fp.setValue(1)
    assert [cp for _doc, cp, _fp in dialog.awards()] == [7] * 4
    assert [fp for _doc, _cp, fp in dialog.awards()] == [1] * 4
    dialog.character_points[2].setValue(2)  # one row still its own
    assert [cp for _doc, cp, _fp in dialog.awards()] == [7, 7, 2, 7]


def test_ctrl_z_after_an_award_undoes_the_award_even_from_a_sheet(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The award is the campaign's step: Ctrl+Z right after it undoes it, wherever the
    focus was when the GM opened the dialog."""
    window, editor = sample_window_with_sheet(qtbot, tmp_path)
    window.activateWindow()
    editor.tree.setFocus()
    qtbot.waitUntil(editor.tree.hasFocus)
    greta = editor.doc.character
    before = greta.character_points

    def exec_(dialog: PartyAwardDialog) -> int:  # takes the focus, as a real one does
        dialog.show()
        dialog.activateWindow()
        qtbot.waitUntil(dialog.isActiveWindow)
        dialog.accept()  # the default award: 5 Character Points each
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(PartyAwardDialog, "exec", exec_)
    window.menus.award_action.trigger()
    assert greta.character_points == before + 5
    window.activateWindow()  # the window manager gives the window its focus back
    qtbot.waitUntil(window.isActiveWindow)
    focus = QApplication.focusWidget()
    assert focus is not None
    qtbot.keyClick(focus, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert greta.character_points == before


def test_the_log_is_a_table_sized_to_its_codes_and_says_when_empty(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The Advancement tab's log: one row per pip bought, its columns wide enough for the
    codes they hold (not '1D...'); before any, one plain line instead of an empty table."""
    editor = _editor(qtbot, tmp_path, 20)
    editor.resize(1200, 700)
    editor.show()
    qtbot.waitExposed(editor)
    editor.side_tabs.setCurrentWidget(editor.advancement)
    log = editor.advancement
    assert log.empty_label.isVisible() and log.empty_label.text() == "Nothing raised yet."
    assert not log.table.isVisible()
    assert editor.raise_selected() and editor.raise_selected()
    assert not log.empty_label.isVisible() and log.table.isVisible()
    assert log.table.rowCount() == 2
    assert log.table.item(1, 1).text() == "1D+1" and log.table.item(1, 2).text() == "1D+2"
    metrics = log.table.fontMetrics()
    for col in (1, 2, 3, 4):
        text = log.table.item(1, col).text()
        assert log.table.columnWidth(col) >= metrics.horizontalAdvance(text), text
    model = log.table.model()
    from PySide6.QtTest import QAbstractItemModelTester

    QAbstractItemModelTester(model, QAbstractItemModelTester.FailureReportingMode.Fatal)
    editor.doc.undo_stack.undo()
    editor.doc.undo_stack.undo()
    assert log.empty_label.isVisible() and not log.table.isVisible()
