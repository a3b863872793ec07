"""Building an encounter from the campaign (issue 6): drop characters in, Stock copies,
sides, a hidden combatant; the saved file opens in the tracker."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from sheets.storage import load_encounter, open_campaign, save_document
from tests.locations import SAMPLE
from ui.services.prompter import Choice, ScriptedPrompter
from ui.tracker import BuilderWindow, TrackerWindow, open_builder, open_tracker
from ui.tracker.builder import MIME, EncounterBuilder, PathRole


def test_build_save_and_run(qtbot: QtBot, tmp_path: Path) -> None:
    folder = tmp_path / "campaign"
    shutil.copytree(SAMPLE, folder)
    builder = EncounterBuilder(open_campaign(folder))
    qtbot.addWidget(builder)
    builder.name_edit.setText("Ambush at the sluice")
    builder.side_combo.setCurrentText("Heroes")
    data = QMimeData()
    data.setData(MIME, b"characters/jack-calloway.json\ncharacters/greta-vance.json")
    drop = QDropEvent(
        QPointF(5, 5),
        Qt.DropAction.CopyAction,
        data,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    builder.target.dropEvent(drop)
    builder.side_combo.setCurrentText("Cultists")
    builder.copies.setValue(3)
    builder.hidden_box.setChecked(True)
    made = builder.add("characters/drowned-saint-cultist.json")
    assert [c.name for c in made][-1].endswith("3") and len(made) == 3
    assert all(c.character is not None and c.hidden for c in made)
    assert builder.target.count() == 5
    encounter = builder.encounter()
    assert {s.name for s in encounter.sides} == {"Heroes", "Cultists"}
    path = builder.new_file()
    save_document(builder.encounter(), path)
    assert load_encounter(path).document.combatants[2].hidden
    window = open_tracker(folder, path, freeze=False)
    qtbot.addWidget(window, before_close_func=lambda w: w.mark_clean())  # type: ignore[attr-defined]
    window.roll_initiative(seed=1)
    window.next_turn()
    assert window.engine.round == 1 and window.model.rowCount() == 5


def make_builder(qtbot: QtBot, folder: Path) -> BuilderWindow:
    window = open_builder(folder)
    window.freeze = False
    qtbot.addWidget(window, before_close_func=lambda w: w.mark_clean())  # type: ignore[attr-defined]
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window


def source_row(builder: EncounterBuilder, path: str) -> int:
    for row in range(builder.source.count()):
        if builder.source.item(row).data(PathRole) == path:
            return row
    raise AssertionError(path)


def test_builder_window_saves_new_files_and_runs_them(qtbot: QtBot, tmp_path: Path) -> None:
    folder = tmp_path / "campaign"
    shutil.copytree(SAMPLE, folder)
    window = make_builder(qtbot, folder)
    builder = window.builder
    assert not window.save_action.isEnabled()  # nothing to save yet
    builder.name_edit.setText("Pump House")
    builder.scene_combo.setCurrentIndex(builder.scene_combo.findText("Tactical: chase"))
    # Two PCs: keyboard (select, Enter) and mouse (double-click).
    builder.side_combo.setCurrentText("Heroes")
    builder.source.setFocus()
    builder.source.setCurrentRow(source_row(builder, "characters/jack-calloway.json"))
    qtbot.keyClick(builder.source, Qt.Key.Key_Return)
    greta = builder.source.item(source_row(builder, "characters/greta-vance.json"))
    rect = builder.source.visualItemRect(greta)
    qtbot.mouseClick(builder.source.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(builder.source.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    # Three copies of the Company Guard template, on a new side.
    builder.side_combo.setCurrentText("Company guards")
    builder.copies.setValue(3)
    builder.add("characters/company-guard.json")
    assert [c.name for c in builder.combatants] == [
        "Jack Calloway",
        'Dr. Margarethe "Greta" Vance',
        "Company Guard 1",
        "Company Guard 2",
        "Company Guard 3",
    ]
    assert builder.count_label.text() == "5 combatant(s)"
    # Set sides and hidden flags on those already added.
    builder.target.item(4).setSelected(True)
    builder.toggle_hidden_of_selected()
    builder.set_side_of_selected("Reinforcements")
    assert "(hidden)" in builder.target.item(4).text()
    assert window.isWindowModified() and window.save_action.isEnabled()
    saved: list[Path] = []
    window.saved.connect(saved.append)
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert saved == [folder / "encounters" / "pump-house.json"]
    assert not window.isWindowModified()
    doc = load_encounter(saved[0]).document
    assert (doc.scene_type, doc.tactical_type) == ("tactical", "chase")
    names = [c.name for c in doc.combatants]
    assert len(set(names)) == 5 and len({c.id for c in doc.combatants}) == 5
    assert {s.name for s in doc.sides} == {"Heroes", "Company guards", "Reinforcements"}
    guard3 = doc.combatants[4]
    assert guard3.hidden and guard3.side == "Reinforcements" and guard3.character is not None
    assert doc.combatants[0].character_file == "characters/jack-calloway.json"
    # Saving again unchanged writes nothing new; a change writes a new file, never over.
    assert window.save() == saved[0] and len(saved) == 1
    builder.name_edit.setText("Pump House")
    builder.name_edit.textEdited.emit("Pump House")
    assert window.save() == folder / "encounters" / "pump-house-2.json"
    # Run now opens the tracker on the last file; it runs (the chase is ordered by hand).
    opened: list[TrackerWindow] = []
    window.trackerOpened.connect(opened.append)
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert len(opened) == 1 and not window.isVisible()
    tracker = opened[0]
    qtbot.addWidget(tracker, before_close_func=lambda w: w.mark_clean())  # type: ignore[attr-defined]
    assert tracker.encounter_path == folder / "encounters" / "pump-house-2.json"
    assert tracker.move_in_order(tracker.model.ids()[4], -4) is not None
    tracker.start()
    tracker.next_turn()
    assert tracker.engine.round == 1 and tracker.engine.current() == "company-guard-3"


def test_builder_melee_rolls_initiative(qtbot: QtBot, tmp_path: Path) -> None:
    folder = tmp_path / "campaign"
    shutil.copytree(SAMPLE, folder)
    window = make_builder(qtbot, folder)
    builder = window.builder
    builder.name_edit.setText("Gate fight")
    builder.add("characters/odile-marchetti.json")
    builder.add("characters/bart-okonkwo.json")
    builder.side_combo.setCurrentText("Opposition")
    builder.add("characters/company-guard.json", copies=3)
    path = window.save()
    assert path is not None and path.name == "gate-fight.json"
    tracker = open_tracker(folder, path, freeze=False)
    qtbot.addWidget(tracker, before_close_func=lambda w: w.mark_clean())  # type: ignore[attr-defined]
    tracker.roll_initiative(seed=3)
    tracker.next_turn()
    assert tracker.engine.round == 1 and tracker.model.rowCount() == 5
    assert sorted(tracker.engine.encounter.turn_order) == sorted(c.id for c in builder.combatants)


def test_closing_unsaved_asks(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "campaign"
    shutil.copytree(SAMPLE, folder)
    window = make_builder(qtbot, folder)
    window.builder.add("characters/jack-calloway.json")
    prompter = ScriptedPrompter(Choice.CANCEL)
    window.prompter = prompter
    assert not window.close() and window.isVisible() and prompter.asked
    window.builder.target.item(0).setSelected(True)
    qtbot.keyClick(window.builder.target, Qt.Key.Key_Delete)
    assert window.builder.combatants == [] and not window.save_action.isEnabled()
    assert window.close()


def test_run_now_uses_the_hosts_runner(qtbot: QtBot, tmp_path: Path) -> None:
    folder = tmp_path / "campaign"
    shutil.copytree(SAMPLE, folder)
    window = make_builder(qtbot, folder)
    window.builder.add("characters/jack-calloway.json")
    ran: list[Path] = []

    def runner(path: Path) -> QWidget | None:
        ran.append(path)
        return None  # the host could not open it: the builder stays

    window.run_with = runner
    assert window.run_now() is None
    assert ran == [folder / "encounters" / "new-encounter.json"] and window.isVisible()
