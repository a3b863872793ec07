"""The tracker saves its encounter and the sheets it changed as one (issue 13.8, issue 16's
first point): they all land, or the GM is asked and no file changes, and the window does
not close with changes unsaved."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from sheets.encounter import CreateCondition
from sheets.results import Duration
from sheets.storage import load_character, load_encounter
from ui.services.prompter import Choice, ScriptedPrompter
from ui.tracker import TrackerWindow, open_tracker

BRAWL = "encounters/brawl-at-the-pump-house.json"
JACK = "characters/jack-calloway.json"


def tracker_with_a_lasting_wound(qtbot: QtBot, campaign: Path) -> TrackerWindow:
    """A tracker whose encounter changed and whose scene end wrote on Jack's sheet."""
    prompter = ScriptedPrompter()
    window = open_tracker(campaign, BRAWL, freeze=False, prompter=prompter)
    qtbot.addWidget(window, before_close_func=lambda w: w.mark_clean())  # type: ignore[attr-defined]
    window.show()
    qtbot.waitExposed(window)
    window.roll_initiative(seed=42)
    window.next_turn()
    until = Duration.UNTIL_RECOVERED
    assert window.run(CreateCondition("jack", track="damage", ranks=3, duration=until))
    window.end_scene()  # tells the GM what outlasts the scene (recorded, no answer needed)
    assert JACK in window.controller.touched
    return window


def change_jack_elsewhere(campaign: Path) -> bytes:
    """The main window's Start Session saved Jack meanwhile (+1 action point, R7)."""
    file = campaign / JACK
    raw = json.loads(file.read_text(encoding="utf-8"))
    raw["action_points"] = raw.get("action_points", 0) + 1
    file.write_text(json.dumps(raw, indent=2), encoding="utf-8")
    return file.read_bytes()


def test_a_conflict_on_a_sheet_asks_and_writes_nothing_when_cancelled(
    qtbot: QtBot, campaign: Path
) -> None:
    window = tracker_with_a_lasting_wound(qtbot, campaign)
    jack = change_jack_elsewhere(campaign)
    encounter = (campaign / BRAWL).read_bytes()
    prompter = window.prompter.script(Choice.CANCEL)
    assert not window.save()
    (question,) = [a.question for a in prompter.asked]
    assert "jack-calloway.json" in question.text
    # No copy of a sheet the encounter does not point at.
    assert question.choices == (Choice.RELOAD, Choice.OVERWRITE, Choice.CANCEL)
    assert (campaign / JACK).read_bytes() == jack
    assert (campaign / BRAWL).read_bytes() == encounter  # the encounter did not land alone
    assert not window.undo_stack.isClean()
    assert window.isWindowModified()


def test_keep_mine_saves_the_encounter_and_the_sheet_together(qtbot: QtBot, campaign: Path) -> None:
    window = tracker_with_a_lasting_wound(qtbot, campaign)
    change_jack_elsewhere(campaign)
    window.prompter.script(Choice.OVERWRITE)
    assert window.save()
    saved = load_character(campaign / JACK).document
    assert [(i.track, i.ranks) for i in saved.conditions.instances] == [("damage", 3)]
    jack = load_encounter(campaign / BRAWL).document.combatant("jack")
    assert jack is not None and jack.conditions == []
    assert window.undo_stack.isClean()
    # The new stamps are kept: the next save (the scene end undone) needs no answer.
    window.undo_stack.undo()
    window.prompter.script()
    assert window.save()
    assert load_character(campaign / JACK).document.conditions.instances == []


def test_closing_after_a_refused_save_keeps_the_window_open(qtbot: QtBot, campaign: Path) -> None:
    """Issue 16: Close > Save raised again and the window closed anyway."""
    window = tracker_with_a_lasting_wound(qtbot, campaign)
    change_jack_elsewhere(campaign)
    prompter = window.prompter.script(Choice.SAVE, Choice.CANCEL)  # save? yes; conflict: no
    assert not window.close()
    assert window.isVisible()
    assert [a.answer for a in prompter.asked] == [Choice.SAVE, Choice.CANCEL]


def test_a_failed_write_leaves_every_file_as_it_was(
    qtbot: QtBot, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = tracker_with_a_lasting_wound(qtbot, campaign)
    before = (campaign / BRAWL).read_bytes(), (campaign / JACK).read_bytes()
    real_replace = os.replace

    def full_disk(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
        if Path(target).name == Path(JACK).name:
            raise OSError(28, "No space left on device")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", full_disk)
    prompter = window.prompter.script()
    assert not window.save()
    monkeypatch.undo()
    assert ((campaign / BRAWL).read_bytes(), (campaign / JACK).read_bytes()) == before
    (told,) = prompter.asked
    assert told.question.kind == "critical" and "No space left" in told.question.text
    assert not window.undo_stack.isClean()


def test_reload_theirs_reopens_the_encounter_from_the_files(qtbot: QtBot, campaign: Path) -> None:
    window = tracker_with_a_lasting_wound(qtbot, campaign)
    jack = change_jack_elsewhere(campaign)
    encounter = (campaign / BRAWL).read_bytes()
    fresh: list[TrackerWindow] = []
    window.replaced.connect(fresh.append)
    window.prompter.script(Choice.RELOAD)
    assert window.save()  # nothing unsaved is left: theirs was taken
    qtbot.waitUntil(lambda: bool(fresh))
    new = fresh[0]
    qtbot.addWidget(new, before_close_func=lambda w: w.mark_clean())
    assert (campaign / JACK).read_bytes() == jack  # theirs untouched
    assert (campaign / BRAWL).read_bytes() == encounter
    assert new.engine.encounter.state == "setup"  # the file's encounter, not the session's
    assert new.undo_stack.isClean() and not window.isVisible()
