"""Issue 16's "done when": a two-round fight with 20+ combatants, reinforcements mid-fight
and a conflict on save, run end to end through the real widgets (the Add combatants
dialog, the initiative table, the act bar, the toolbar keys), with the inputs of every
attack counted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from sheets.encounter import AwardActionPoints
from sheets.encounter.targets import is_opponent
from sheets.storage import load_character, load_encounter
from tests.ui_helpers import Inputs, row_point, tracker_on
from ui.services.prompter import Choice, ScriptedPrompter
from ui.tracker import TrackerWindow
from ui.tracker.window_parts.join_dialog import JoinDialog

BRAWL = "encounters/brawl-at-the-pump-house.json"
CULTIST = "characters/drowned-saint-cultist.json"
GRETA = "characters/greta-vance.json"
MAX_INPUTS_PER_ATTACK = 4


def _join_through_the_dialog(
    window: TrackerWindow, monkeypatch: pytest.MonkeyPatch, side: str, copies: int
) -> None:
    """The GM opens Add combatants (the toolbar's action), picks the cultist, types the
    side and how many, and presses Add (the modal loop is the one thing stood in for)."""

    def exec_(dialog: JoinDialog) -> int:
        items = dialog.campaign_list.findItems("Cultist", Qt.MatchFlag.MatchStartsWith)
        dialog.campaign_list.setCurrentItem(items[0])
        dialog.side_combo.setEditText(side)
        dialog.copies.setValue(copies)
        return JoinDialog.DialogCode.Accepted.value

    monkeypatch.setattr(JoinDialog, "exec", exec_)
    window.add_action.trigger()


def _attack(qtbot: QtBot, window: TrackerWindow) -> int | None:
    """The one acting attacks the first standing opponent below it in the table with the
    weapon drawn: the target's row, Roll and record, Damage when it hit. Its inputs."""
    act, engine = window.act_panel, window.engine
    actor = engine.current()
    assert actor is not None
    qtbot.waitUntil(lambda: act.actor() == actor)
    if act.form.weapon() is None or engine.can_act(actor) is not None:
        return None
    target = act.form.target()
    if target is None:
        return None
    assert is_opponent(engine.view, actor, target)  # offered: never an ally or itself
    inputs = Inputs(qtbot)
    inputs.click(window.table.viewport(), row_point(window, target))
    assert act.form.target() == target
    inputs.click(act.bar.roll_button)
    if act.check_id is None:
        return inputs.count  # refused (e.g. no action left): counted all the same
    if act.bar.damage_button.isEnabled():
        inputs.click(act.bar.damage_button)
    return inputs.count


def _next_turn(qtbot: QtBot, window: TrackerWindow) -> None:
    # Ctrl+Right from the table: the toolbar's Next turn.
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)


def test_a_two_round_fight_of_twenty_four_with_reinforcements_and_a_save_conflict(
    qtbot: QtBot, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeds = iter(range(1, 1_000_000))
    monkeypatch.setattr("sheets.dice.pipeline.new_seed", lambda: next(seeds))
    monkeypatch.setattr("sheets.encounter.commands.base.new_seed", lambda: next(seeds))
    window: TrackerWindow = tracker_on(qtbot, campaign, active=True)
    window.resize(1366, 740)
    engine = window.engine
    prompter = window.prompter
    assert isinstance(prompter, ScriptedPrompter)

    _join_through_the_dialog(window, monkeypatch, "Cultists", 12)
    assert len(engine.encounter.combatants) == 20
    window.initiative_action.trigger()
    attacks: list[int] = []
    turns = 0
    _next_turn(qtbot, window)
    assert engine.round == 1
    while engine.round <= 2 and engine.encounter.state == "running":
        if engine.round == 1 and turns == 6:  # reinforcements arrive mid-round
            _join_through_the_dialog(window, monkeypatch, "Cultists", 4)
            assert len(engine.encounter.combatants) == 24
        spent = _attack(qtbot, window)
        if spent is not None:
            attacks.append(spent)
        turns += 1
        before = (engine.round, engine.current())
        _next_turn(qtbot, window)
        if (engine.round, engine.current()) == before:
            break  # the scene is over: nobody left to give the turn to
        if engine.round > 2:
            break
    assert turns >= 24  # every combatant of round 1 had a turn, reinforcements included
    assert attacks and max(attacks) <= MAX_INPUTS_PER_ATTACK
    names = [engine.view.by_id[c].name for c in window.model.ids()]
    assert len(set(names)) == len(names)  # 24 rows that read apart
    assert "Cultist of the Drowned Saint 16" in names

    # Meanwhile the main window's Start Session saved Greta (+1 action point).
    greta = campaign / GRETA
    raw = json.loads(greta.read_text(encoding="utf-8"))
    raw["action_points"] = raw.get("action_points", 0) + 1
    greta.write_text(json.dumps(raw, indent=2), encoding="utf-8")
    assert window.run(AwardActionPoints("greta", 1, at_scene_end=False, reason="a good idea"))
    prompter.script(Choice.OVERWRITE)  # keep mine: the fight and Greta's award land together
    window.save_action.trigger()
    asked = [a.question for a in prompter.asked]
    assert asked and "greta-vance.json" in asked[0].text
    saved = load_encounter(campaign / BRAWL).document
    assert len(saved.combatants) == 24 and saved.round == engine.round
    sheet = engine.view.sheet_of("greta")
    assert load_character(greta).document.action_points == sheet.action_points
    assert window.undo_stack.isClean() and not window.isWindowModified()
