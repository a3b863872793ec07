"""Effects straight on combatants, without a check (issue 16: Fantasy Grounds' effects):
harm on a track, a modifier to checks, a named condition, each with its duration; one
undo step for every combatant it went on; they expire by themselves (R6)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from sheets.documents import CheckModifier
from sheets.results import Duration
from tests.ui_helpers import tracker_on
from ui.tracker import TrackerWindow
from ui.tracker.window_parts.effect_dialog import EffectDialog


def _running(qtbot: QtBot, campaign: Path) -> TrackerWindow:
    window: TrackerWindow = tracker_on(qtbot, campaign)
    window.roll_initiative(seed=42)
    window.next_turn()
    return window


def test_harm_on_a_track_goes_on_every_selected_combatant_as_one_step(
    qtbot: QtBot, campaign: Path
) -> None:
    window = _running(qtbot, campaign)
    engine = window.engine
    records = window.people.apply_effect(
        ["brask", "jack"], track="damage", ranks=2, duration=Duration.END_OF_ENCOUNTER
    )
    assert len(records) == 2
    assert engine.track_level("brask", "damage") == 2
    assert engine.track_level("jack", "damage") == 2
    window.undo_stack.undo()  # one step takes both back
    assert engine.track_level("brask", "damage") == 0
    assert engine.track_level("jack", "damage") == 0


def test_a_modifier_for_rounds_shows_its_rounds_left_and_expires(
    qtbot: QtBot, campaign: Path
) -> None:
    window = _running(qtbot, campaign)
    engine = window.engine
    window.people.apply_effect(
        ["brask"],
        name="Blinded",
        modifier=CheckModifier(dice=-2),
        duration=Duration.ROUNDS,
        rounds=2,
    )
    active = engine.active_modifiers("brask")
    blinded = next(m for m in active if m.name == "Blinded")
    assert blinded.remaining.startswith("2 rounds left: until the end of")
    assert "-2D" in blinded.effect
    _spec, contributions = engine.proposed_spec("brask", "Firearms")
    assert any("Blinded" in c.label for c in contributions)
    start = engine.round
    while engine.round < start + 3:
        window.next_turn()
    assert all(m.name != "Blinded" for m in engine.active_modifiers("brask"))


def test_the_dialog_stays_open_and_says_what_is_missing(qtbot: QtBot) -> None:
    dialog = EffectDialog(["Captain Brask"])
    qtbot.addWidget(dialog)
    dialog.kind_combo.setCurrentIndex(dialog.kind_combo.findData("named"))
    dialog.accept()
    assert dialog.result() != EffectDialog.DialogCode.Accepted
    assert dialog.problem_label.text() == "Give the condition a name"
    dialog.name_edit.setText("On fire")
    dialog.accept()
    assert dialog.result() == EffectDialog.DialogCode.Accepted
    assert dialog.track() is None and dialog.modifier() is None
    assert dialog.duration() == Duration.ROUNDS
