"""Autosave after a pause in editing, and recovery after a crash: "restore the unsaved
changes to Kara?" on the next start, as one undoable step."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.ui_helpers import PATIENCE_MS, copy_sample, sample_document
from ui.main.window import MainWindow
from ui.services.autosave import Autosaver, autosave_file, find_recoveries, write_autosave
from ui.services.paths import autosave_dir
from ui.services.prompter import Choice, ScriptedPrompter

LEFT = Qt.MouseButton.LeftButton


def make_window(
    qtbot: QtBot, campaign: Path, *, idle_ms: int = 30, prompter: ScriptedPrompter | None = None
) -> MainWindow:
    window = MainWindow(autosave_ms=idle_ms, prompter=prompter or ScriptedPrompter())
    qtbot.addWidget(window, before_close_func=lambda w: w.files.discard_all_changes())
    window.show()
    qtbot.waitExposed(window)
    assert window.campaigns.open(campaign)
    return window


def greta_of(window: MainWindow) -> Any:
    session = window.workspace.session
    assert session is not None
    return next(d for d in session.documents() if "Greta" in d.character.name)


def test_autosave_after_idle_and_gone_when_saved(
    qtbot: QtBot, campaign: Path, private_home: Path
) -> None:
    window = make_window(qtbot, campaign)
    greta = greta_of(window)
    editor = window.opener.open_document(greta)
    qtbot.mouseClick(editor.header.points["fame"].plus, LEFT)
    target = autosave_file(greta)
    assert target.is_relative_to(private_home)  # platformdirs data folder, never the campaign
    qtbot.waitUntil(target.exists, timeout=PATIENCE_MS)
    payload = json.loads(target.read_text())
    assert payload["format"] == "wilddie-autosave"
    assert payload["path"] == str(greta.path.absolute())
    assert payload["document"]["fame"] == 4
    file = campaign / "characters" / "greta-vance.json"
    assert json.loads(file.read_text())["fame"] == 3  # the document itself is untouched
    assert window.files.save_current()
    assert not target.exists()


def test_undo_back_to_saved_removes_the_autosave(qtbot: QtBot, campaign: Path) -> None:
    window = make_window(qtbot, campaign)
    greta = greta_of(window)
    editor = window.opener.open_document(greta)
    qtbot.mouseClick(editor.header.points["fame"].plus, LEFT)
    target = autosave_file(greta)
    qtbot.waitUntil(target.exists, timeout=PATIENCE_MS)
    greta.undo_stack.undo()
    assert not target.exists()


def test_idle_timer_restarts_on_every_edit(qtbot: QtBot, qapp: Any) -> None:
    doc = sample_document()
    saver = Autosaver(lambda: [doc], idle_ms=10_000)
    saver.watch(doc)
    assert not saver.pending()
    from ui import commands

    command = commands.adjust_points(doc, "fame", +1)
    assert command is not None
    doc.push(command)
    assert saver.pending()
    assert saver.save_now() == [autosave_file(doc)]
    assert not saver.pending()
    assert saver.save_now() == [autosave_file(doc)]  # still unsaved: written again
    doc.discard_changes_marker()
    assert saver.save_now() == [] and not autosave_file(doc).exists()


def test_recovery_after_a_crash(
    qtbot: QtBot, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    crashed = make_window(qtbot, campaign)
    crashed.opener.offer_recovery_on_load = False
    greta = greta_of(crashed)
    editor = crashed.opener.open_document(greta)
    qtbot.mouseClick(editor.header.points["fame"].plus, LEFT)
    qtbot.mouseClick(
        editor.conditions.track_bars["damage"],
        LEFT,
        pos=editor.conditions.track_bars["damage"].step_rect(2).center(),
    )
    crashed.save_service.autosaver.save_now()
    crashed.save_service.autosaver.enabled = False  # "the process dies": nothing more happens in it
    crashed.save_service.autosaver.stop()
    assert len(find_recoveries()) == 1

    prompter = ScriptedPrompter(Choice.YES)
    restarted = make_window(qtbot, campaign, prompter=prompter)  # the next start
    assert len(prompter.texts) == 1
    assert "Restore the unsaved changes to Dr. Margarethe" in prompter.texts[0]
    doc = restarted.sheets.current_document()
    assert doc is not None and doc is greta_of(restarted)
    assert doc.character.fame == 4 and doc.character.conditions.track_ranks("damage") == 2
    assert doc.modified and restarted.isWindowModified()
    assert doc.undo_stack.undoText() == "Restore unsaved changes"
    doc.undo_stack.undo()  # back to the saved file
    assert doc.character.fame == 3 and not doc.modified
    crashed.files.discard_all_changes()


def test_declining_recovery_discards_the_autosave(
    qtbot: QtBot, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = sample_document(folder=campaign)
    from ui import commands

    command = commands.adjust_points(doc, "fame", +2)
    assert command is not None
    doc.push(command)
    write_autosave(doc)
    window = make_window(qtbot, campaign, prompter=ScriptedPrompter(Choice.NO))
    assert greta_of(window).character.fame == 3
    assert find_recoveries() == []


def test_recovery_of_a_never_saved_character(
    qtbot: QtBot, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = make_window(qtbot, campaign)
    first.opener.offer_recovery_on_load = False
    editor = first.opener.new_character("character")
    assert editor is not None
    editor.header.name_edit.setText("Kara Voss")
    editor.header.name_edit.editingFinished.emit()
    first.save_service.autosaver.save_now()
    first.save_service.autosaver.enabled = False
    assert any(p.name.startswith("unsaved-") for p in autosave_dir().iterdir())

    second = make_window(qtbot, campaign, prompter=ScriptedPrompter(Choice.YES))
    doc = second.sheets.current_document()
    assert doc is not None and doc.character.name == "Kara Voss"
    assert doc.path is None and doc.modified
    second.prompter.script(campaign / "characters" / "kara-voss.json")  # where? (issue 15)
    assert second.files.save_current()
    assert (campaign / "characters" / "kara-voss.json").is_file()
    first.files.discard_all_changes()


def test_unreadable_autosaves_are_skipped(private_home: Path) -> None:
    folder = autosave_dir()
    folder.mkdir(parents=True)
    (folder / "junk.json").write_text("{not json")
    (folder / "other.json").write_text(json.dumps({"format": "something else"}))
    assert find_recoveries() == []


def test_another_campaigns_autosave_waits_for_that_campaign(
    qtbot: QtBot, campaign: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = copy_sample(tmp_path, "other")
    doc = sample_document(folder=other)
    from ui import commands

    command = commands.adjust_points(doc, "fame", +1)
    assert command is not None
    doc.push(command)
    write_autosave(doc)
    prompter = ScriptedPrompter(Choice.NO)
    make_window(qtbot, campaign, prompter=prompter)
    assert prompter.asked == [] and len(find_recoveries()) == 1  # not this campaign's: kept
    window = make_window(qtbot, other, prompter=prompter)
    assert len(prompter.asked) == 1 and find_recoveries() == []
    assert window.workspace.session is not None
