"""Sheets whose files change behind them (the tracker saves sheets too): a clean sheet
shows the new file, a sheet with unsaved changes keeps them, the app's own saves are
not news."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from sheets.storage import load_character, save_document
from tests.ui_helpers import copy_sample, main_window_on, script
from ui.commands import SetFieldCommand
from ui.main.window import MainWindow
from ui.workspace.character_document import CharacterDocument

GRETA = "characters/greta-vance.json"


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    widget: MainWindow = main_window_on(qtbot, copy_sample(tmp_path))
    qtbot.waitUntil(lambda: bool(widget.workspace.disk_watch.folders()))
    return widget


def save_elsewhere(path: Path, action_points: int) -> None:
    """What the tracker does: read the sheet, change it, save it (atomically)."""
    loaded = load_character(path)
    sheet = loaded.document.model_copy(update={"action_points": action_points})
    save_document(sheet, path, opened=loaded.stamp)


def greta(window: MainWindow) -> tuple[CharacterDocument, Path]:
    assert window.workspace.session is not None
    doc = window.workspace.session.document_at(window.workspace.session.folder / GRETA)
    assert doc is not None and doc.path is not None
    return doc, doc.path


def write_notes(doc: CharacterDocument, notes: str) -> None:
    doc.push(SetFieldCommand(doc, doc.character, "notes", notes, "Notes"))


def test_a_clean_sheet_shows_what_the_tracker_saved(qtbot: QtBot, window: MainWindow) -> None:
    doc, path = greta(window)
    window.opener.open_document(doc)
    with qtbot.waitSignal(window.workspace.disk_watch.changedOnDisk, timeout=5000):
        save_elsewhere(path, 4)
    assert doc.character.action_points == 4
    assert not doc.modified
    assert "Reloaded" in window.statusBar().currentMessage()


def test_unsaved_changes_are_kept_and_saving_asks(qtbot: QtBot, window: MainWindow) -> None:
    from ui.services.prompter import Choice

    doc, path = greta(window)
    write_notes(doc, "mine")
    assert doc.modified
    with qtbot.waitSignal(window.workspace.disk_watch.changedOnDisk, timeout=5000):
        save_elsewhere(path, 4)
    assert doc.character.notes == "mine"
    assert "unsaved changes stay" in window.statusBar().currentMessage()
    prompter = script(window, Choice.CANCEL)
    window.files.save_document(doc)
    assert prompter.asked  # the save conflict is put to the player, nothing overwritten silently
    assert load_character(path).document.action_points == 4


def test_the_apps_own_save_is_not_news(qtbot: QtBot, window: MainWindow) -> None:
    doc, _ = greta(window)
    write_notes(doc, "saved here")
    changed: list[object] = []
    window.workspace.disk_watch.changedOnDisk.connect(changed.append)
    assert window.files.save_document(doc)
    qtbot.wait(800)  # past the settle time
    assert changed == []
