"""The GM's notes, hiding and revealing, and running an ended encounter again
(issue 16), each one undoable step; the player view never shows notes or the hidden."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from sheets.encounter import SetNotes
from sheets.storage import load_encounter
from tests.ui_helpers import tracker_on
from ui.services.prompter import Choice, ScriptedPrompter
from ui.tracker import TrackerWindow


def _running(qtbot: QtBot, campaign: Path) -> TrackerWindow:
    window: TrackerWindow = tracker_on(qtbot, campaign)
    window.roll_initiative(seed=42)
    window.next_turn()
    return window


def test_notes_are_kept_undone_and_never_shown_to_the_players(qtbot: QtBot, campaign: Path) -> None:
    window = _running(qtbot, campaign)
    prompter = window.prompter
    assert isinstance(prompter, ScriptedPrompter)
    prompter.typed = ["Carries the pump-house key"]
    window.select("brask")
    window.notes_action.trigger()
    assert window.engine.view.by_id["brask"].notes == "Carries the pump-house key"
    assert "pump-house key" not in window.engine.encounter.log[-1].text  # the log can be shown
    window.toggle_player_view(True)
    view = window.player_view
    assert view is not None
    view.update_now()
    assert "pump-house key" not in "\n".join(view.visible_texts())
    window.undo_stack.undo()
    assert window.engine.view.by_id["brask"].notes == ""
    window.toggle_player_view(False)


def test_hide_then_reveal_on_the_player_view(qtbot: QtBot, campaign: Path) -> None:
    window = _running(qtbot, campaign)
    window.toggle_player_view(True)
    view = window.player_view
    assert view is not None
    window.select("guard-3")
    window.hide_action.trigger()
    assert window.engine.view.by_id["guard-3"].hidden
    view.update_now()
    assert "Company Guard 3" not in "\n".join(view.visible_texts())
    window.hide_action.trigger()
    view.update_now()
    assert "Company Guard 3" in "\n".join(view.visible_texts())
    window.toggle_player_view(False)


def test_run_again_starts_over_and_undo_brings_the_fight_back(qtbot: QtBot, campaign: Path) -> None:
    window = _running(qtbot, campaign)
    engine = window.engine
    window.people.apply_effect(["brask"], track="damage", ranks=2)
    assert engine.track_level("brask", "damage") == 2
    prompter = window.prompter
    assert isinstance(prompter, ScriptedPrompter)
    prompter.script(Choice.CANCEL)
    window.reset_action.trigger()
    assert engine.round == 1  # cancelled: nothing changed
    prompter.script(Choice.YES)
    window.reset_action.trigger()
    assert engine.encounter.state == "setup" and engine.round == 0
    assert engine.track_level("brask", "damage") == 0
    assert not engine.encounter.turn_order
    assert window.start_action.isEnabled()
    window.undo_stack.undo()
    assert engine.round == 1 and engine.track_level("brask", "damage") == 2


def test_set_notes_refuses_an_unchanged_note(qtbot: QtBot, campaign: Path) -> None:
    window = _running(qtbot, campaign)
    assert window.run(SetNotes("brask", "")) is None
    saved = window.save()
    assert saved
    assert load_encounter(window.encounter_path).document.combatants  # still loads


def test_a_turn_repaints_only_the_two_rows_it_changed_on_the_player_view(
    qtbot: QtBot, campaign: Path
) -> None:
    window = _running(qtbot, campaign)
    window.toggle_player_view(True)
    view = window.player_view
    assert view is not None
    view.flush()
    changed: list[int] = []
    view.model.dataChanged.connect(lambda a, *_: changed.append(a.row()))
    view.model.modelReset.connect(lambda: changed.append(-1))
    window.next_turn()
    view.flush()
    assert -1 not in changed and 1 <= len(set(changed)) <= 2  # who acted, who acts now
    acting = [r.name for r in view.model.rows() if r.acting]
    assert acting == [window.engine.view.by_id[str(window.engine.current())].name]
    window.toggle_player_view(False)
