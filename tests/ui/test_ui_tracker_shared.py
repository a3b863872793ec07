"""Issue 14: a tracker run from the main window plays the open campaign's very characters.

No second copy: a command in the tracker shows on the open sheet at once, marks it
modified, and its undo takes it back; the tracker's save leaves the sheet clean, so
saving the sheet afterwards asks nothing (the stamps are shared)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from sheets.encounter import AwardActionPoints
from sheets.storage import load_character
from tests.ui_helpers import main_window_on
from ui.services.prompter import ScriptedPrompter
from ui.tracker import TrackerWindow

BRAWL = "encounters/brawl-at-the-pump-house.json"
JACK = "characters/jack-calloway.json"


def test_the_tracker_and_the_sheet_share_one_character(qtbot: QtBot, campaign: Path) -> None:
    window = main_window_on(qtbot, campaign)
    session = window.workspace.session
    doc = session.document_at(campaign / JACK)
    assert doc is not None
    editor = window.sheets.open(doc)
    tracker = window.campaigns.open_encounter(campaign / BRAWL)
    assert isinstance(tracker, TrackerWindow)
    tracker.prompter = ScriptedPrompter()
    # The engine plays the document's own character: nothing was read twice.
    assert tracker.engine.view.characters[JACK] is doc.character
    before = doc.character.action_points
    assert tracker.run(AwardActionPoints("jack", 2, at_scene_end=False))
    assert doc.character.action_points == before + 2
    assert doc.modified
    assert editor.header.points["action_points"].value_label.text() == str(before + 2)
    tracker.undo_stack.undo()
    assert doc.character.action_points == before and not doc.modified
    assert editor.header.points["action_points"].value_label.text() == str(before)
    tracker.undo_stack.redo()
    assert doc.modified
    # The tracker saves the encounter and Jack together; the sheet is clean after it.
    assert tracker.save()
    assert not doc.modified
    assert load_character(campaign / JACK).document.action_points == before + 2
    # The sheet's own save afterwards meets no conflict: it knows the tracker's stamp.
    assert window.save_service.save_character(doc)
    assert window.prompter.asked == []
    tracker.mark_clean()
    tracker.close()
