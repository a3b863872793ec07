"""Equipment and money on the sheet (issue 15): items with how many, weight and cost,
every edit undoable, the weight carried, the money, all in the printed sheet."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from pytestqt.qtbot import QtBot

from sheets.documents import Character, Item
from sheets.equipment import carried_weight, equipment_value
from ui.sheet.editor import CharacterEditor
from ui.sheet.gear_model import ITEM_COL_QUANTITY, ITEM_COL_WEIGHT
from ui.sheet.print import page_texts
from ui.workspace.character_document import CharacterDocument


def _editor(qtbot: QtBot, tmp_path: Path) -> CharacterEditor:
    editor = CharacterEditor(CharacterDocument(Character(name="Odile"), tmp_path / "o.json"))
    qtbot.addWidget(editor)
    return editor


def test_items_are_added_edited_and_undone(
    qtbot: QtBot, tmp_path: Path, qtmodeltester: Any
) -> None:
    editor = _editor(qtbot, tmp_path)
    box = editor.equipment
    qtmodeltester.check(box.model)
    doc = editor.doc
    box.add_item("Rope")
    assert [i.name for i in doc.character.equipment] == ["Rope"]
    assert box.model.setData(box.model.index(0, ITEM_COL_QUANTITY), 2)
    assert box.model.setData(box.model.index(0, ITEM_COL_WEIGHT), 1.5)
    assert carried_weight(doc.character) == 3.0
    assert "Carried: 3 kg" in box.weight_label.text()
    assert not box.model.setData(box.model.index(0, ITEM_COL_QUANTITY), -1)  # refused
    doc.undo_stack.undo()
    assert doc.character.equipment[0].weight == 0
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.character.equipment == []


def test_money_is_kept_and_printed_with_the_items(qtbot: QtBot, tmp_path: Path) -> None:
    editor = _editor(qtbot, tmp_path)
    box = editor.equipment
    doc = editor.doc
    box.money_spin.setValue(120)
    box._commit_money()
    box.currency_edit.setText("crowns")
    box._commit_currency()
    assert (doc.character.money, doc.character.currency) == (120, "crowns")
    box.add_item("Lantern")
    printed = "\n".join(page_texts(doc.character))
    assert "Equipment" in printed and "Lantern" in printed and "120 crowns" in printed
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.character.currency == ""


@given(st.lists(st.tuples(st.integers(0, 50), st.floats(0, 100), st.integers(0, 1000)), max_size=8))
def test_weight_and_worth_add_up_item_by_item(rows: list[tuple[int, float, int]]) -> None:
    sheet = Character(
        name="X",
        equipment=[
            Item(name=f"Item {n}", quantity=q, weight=w, cost=c) for n, (q, w, c) in enumerate(rows)
        ],
    )
    assert carried_weight(sheet) == sum(q * w for q, w, _c in rows)
    assert equipment_value(sheet) == sum(q * c for q, _w, c in rows)


def test_the_equipment_table_by_keyboard_insert_tab_delete_undo(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from tests.ui_helpers import shown_editor

    doc = CharacterDocument(Character(name="Odile"), tmp_path / "o.json")
    editor = shown_editor(qtbot, doc)
    editor.side_tabs.setCurrentIndex(1)
    view = editor.equipment.view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Insert)
    assert [i.name for i in doc.character.equipment] == ["New item"]
    assert view.currentIndex().row() == 0
    qtbot.keyClick(view, Qt.Key.Key_F2)  # the name, typed over
    line = QApplication.focusWidget()
    assert line is not None and line is not view
    line.selectAll()  # type: ignore[attr-defined]
    qtbot.keyClicks(line, "Rope")
    qtbot.keyClick(line, Qt.Key.Key_Tab)  # on to How many, its editor open
    spin = QApplication.focusWidget()
    assert spin is not None and view.currentIndex().column() == ITEM_COL_QUANTITY
    spin.selectAll()  # type: ignore[attr-defined]
    qtbot.keyClicks(spin, "3")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    QApplication.processEvents()
    item = doc.character.equipment[0]
    assert (item.name, item.quantity) == ("Rope", 3)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert doc.character.equipment == []
    doc.undo_stack.undo()
    assert [i.name for i in doc.character.equipment] == ["Rope"]
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.character.equipment[0].name == "New item"
