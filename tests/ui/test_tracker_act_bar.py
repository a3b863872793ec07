"""The act bar (issue 16): an attack with damage in at most four inputs through the real
widgets, the target never the actor or an ally, the resistance by the kind of attack, a
total typed in from the table, and keyboard-only play."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from sheets.encounter.targets import is_opponent
from tests.ui_helpers import Inputs, row_point, tracker_on
from ui.tracker import TrackerWindow

MAX_INPUTS_PER_ATTACK = 4  # issue 16's goal


def _fight(
    qtbot: QtBot, campaign: Path, monkeypatch: pytest.MonkeyPatch, actor: str = "greta"
) -> TrackerWindow:
    """The sample brawl at ``actor``'s turn; the rolls in the panel come from seed 20,
    the app's own (resistance, damage) from seed 2: Greta's pistol hits."""
    monkeypatch.setattr("sheets.dice.pipeline.new_seed", lambda: 20)
    monkeypatch.setattr("sheets.encounter.commands.base.new_seed", lambda: 2)
    window: TrackerWindow = tracker_on(qtbot, campaign, active=True)
    window.roll_initiative(seed=42)
    while window.engine.current() != actor:
        window.engine.next_turn()
    window.act_panel.engine_changed()
    qtbot.waitUntil(lambda: window.act_panel.actor() == actor)
    return window


def test_an_attack_with_damage_takes_at_most_four_inputs(
    qtbot: QtBot, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _fight(qtbot, campaign, monkeypatch)
    act, engine = window.act_panel, window.engine
    inputs = Inputs(qtbot)
    before = engine.track_level("guard-2", "damage")

    inputs.click(window.table.viewport(), row_point(window, "guard-2"))  # the target
    assert act.form.target() == "guard-2"
    inputs.click(act.bar.roll_button)  # roll and record with the weapon drawn
    assert act.check_id is not None
    check = engine.encounter.engine_state.checks[act.check_id]
    assert check.target == "guard-2"
    assert act.bar.damage_button.isEnabled()
    inputs.click(act.bar.damage_button)  # its damage

    assert inputs.count <= MAX_INPUTS_PER_ATTACK
    record = window.controller.last_record()
    assert record is not None and record.command.__class__.__name__ == "Damage"
    assert engine.track_level("guard-2", "damage") > before
    assert "Company Guard 2" in act.result_label.text()


def test_an_attack_by_keyboard_alone_on_the_offered_target(
    qtbot: QtBot, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _fight(qtbot, campaign, monkeypatch)
    act, engine = window.act_panel, window.engine
    inputs = Inputs(qtbot)
    target = act.form.target()
    assert target is not None and is_opponent(engine.view, "greta", target)
    before = engine.track_level(target, "damage")
    focus = act.form.skill_combo
    inputs.key(focus, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # roll, record
    assert act.check_id is not None
    inputs.key(focus, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)  # damage
    assert inputs.count == 2
    assert engine.track_level(target, "damage") > before


def test_the_target_is_never_the_actor_nor_an_ally(
    qtbot: QtBot, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _fight(qtbot, campaign, monkeypatch)
    act, engine = window.act_panel, window.engine
    for _turn in range(len(engine.encounter.combatants)):
        actor = act.actor()
        target = act.form.target()
        assert actor is not None and target is not None
        assert is_opponent(engine.view, actor, target), (actor, target)
        window.next_turn()
        act.engine_changed()
        qtbot.waitUntil(lambda: act.actor() == engine.current())


def test_a_ranged_attack_is_dodged_and_the_gm_may_change_it_before_rolling(
    qtbot: QtBot, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _fight(qtbot, campaign, monkeypatch, "jack")
    act = window.act_panel
    act.set_target("brask")
    assert act.form.set_weapon("Lee-Enfield rifle")
    assert act.form.skill_combo.currentData() == ("Firearms", None, None)
    assert act.form.resist_combo.currentData() == ("Dodge", None, None)
    assert "Dodge" in act.resist_label.text()
    # A guard has no Dodge: Dexterity resists, never Strength (the old first ability).
    act.set_target("guard-1")
    assert act.form.resist_combo.currentData() == (None, None, "Dexterity")
    # The GM's own pick stands.
    brawling = act.form.resist_combo.findText("Brawling", Qt.MatchFlag.MatchStartsWith)
    act.form.resist_combo.setCurrentIndex(brawling)
    check = act.form.build_check_total(12)
    assert check is not None and check.resist_skill == "Brawling"


def test_a_weapon_picked_with_a_specialization_attacks_with_it(
    qtbot: QtBot, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A weapon's skill picked on the sheet may be a specialization or an ability
    (sheets.attack): the tracker's check rolls that row, as the sheet does (R2)."""
    window = _fight(qtbot, campaign, monkeypatch)
    act = window.act_panel
    pistol = window.engine.view.sheet_of("greta").weapons[0]
    pistol.skill = "Pistol"  # Firearms: Pistol on Greta's sheet
    assert act.form.set_weapon(None) and act.form.set_weapon(pistol.name)
    assert act.form.skill_combo.currentData() == ("Firearms", "Pistol", None)
    pistol.skill = "Dexterity"
    assert act.form.set_weapon(None) and act.form.set_weapon(pistol.name)
    assert act.form.skill_combo.currentData() == (None, None, "Dexterity")


def test_a_total_rolled_at_the_table_is_recorded_as_typed(
    qtbot: QtBot, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _fight(qtbot, campaign, monkeypatch)
    act, engine = window.act_panel, window.engine
    rolls_before = act.dice_panel.history.rowCount()
    act.bar.typed_spin.setValue(17)
    qtbot.mouseClick(act.bar.typed_button, Qt.MouseButton.LeftButton)
    assert act.check_id is not None
    record = window.controller.last_record()
    assert record is not None and record.outcome.data["total"] == 17
    assert act.dice_panel.history.rowCount() == rolls_before  # no dice rolled in the app
    assert act.result_label.text()
    window.undo_stack.undo()
    assert act.check_id not in engine.encounter.engine_state.checks


def test_damage_after_a_miss_says_why_in_plain_words(
    qtbot: QtBot, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _fight(qtbot, campaign, monkeypatch)
    act = window.act_panel
    refusals: list[str] = []
    window.controller.refused.connect(refusals.append)
    assert not act.roll_damage()
    assert refusals == ["roll the attack first"]
    act.bar.typed_spin.setValue(1)  # a miss typed in from the table
    act.record_typed_total()
    assert act.check_id is not None and not act.bar.damage_button.isEnabled()
    assert not act.roll_damage()
    assert refusals[-1] == "the attack did not hit: no rank to spend on damage"


def test_a_combined_action_adds_the_helpers_dice_to_the_allys_check(
    qtbot: QtBot, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _fight(qtbot, campaign, monkeypatch)  # Greta's turn
    act, engine = window.act_panel, window.engine
    act.set_target("jack")
    assert act.help_box.mode_combo.currentData() == "enhance"  # an ally: help
    assert act.set_skill("Firearms")
    qtbot.mouseClick(act.help_box.help_button, Qt.MouseButton.LeftButton)
    jack = engine.view.by_id["jack"]
    assert len(jack.help) == 1 and jack.help[0].helper == "greta"
    _spec, contributions = engine.proposed_spec("jack", "Firearms")
    assert any("Greta" in c.label or "help" in c.label.casefold() for c in contributions)
    act.set_target("brask")
    assert act.help_box.mode_combo.currentData() == "blunt"  # an opponent: hinder
    window.undo_stack.undo()
    assert not engine.view.by_id["jack"].help


def test_multiple_actions_cost_a_die_each_and_end_with_the_round(
    qtbot: QtBot, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """OpenD6: declaring 3 actions takes 2D from every roll of the round."""
    window = _fight(qtbot, campaign, monkeypatch)
    act = window.act_panel
    form = act.dice_panel.form
    proposed = act.dice_panel.spec()
    assert proposed is not None
    form.actions_spin.setValue(3)
    spec = act.dice_panel.spec()
    assert spec is not None and spec.code.dice == max(0, proposed.code.dice - 2)
    assert "2D" in form.actions_spin.suffix()
    start = window.engine.round
    while window.engine.round == start:
        window.next_turn()
    act.engine_changed()
    qtbot.waitUntil(lambda: form.actions_spin.value() == 1)


def test_the_tracker_keys_work_with_the_focus_in_a_number_box(
    qtbot: QtBot, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found under Xvfb: after Damage the focus sat in Table roll, and Ctrl+Right moved
    its cursor instead of giving the next turn."""
    window = _fight(qtbot, campaign, monkeypatch)
    act = window.act_panel
    before = window.engine.current()
    act.bar.typed_spin.setFocus()
    qtbot.waitUntil(act.bar.typed_spin.hasFocus)
    qtbot.keyClick(act.bar.typed_spin, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    assert window.engine.current() != before


def test_the_tracker_keys_work_with_the_focus_in_a_text_box(
    qtbot: QtBot, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The keys are judged on whichever widget has the focus (a text box too), and Space
    still types there."""
    window = _fight(qtbot, campaign, monkeypatch)
    edit = window.act_panel.dice_panel.form.code_edit
    window.act_panel.tabs.setCurrentWidget(window.act_panel.dice_panel)
    edit.setFocus()
    qtbot.waitUntil(edit.hasFocus)
    before = window.engine.current()
    qtbot.keyClick(edit, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    assert window.engine.current() != before
    qtbot.waitUntil(edit.hasFocus)
    actor = window.engine.current()
    edit.setText("3D")
    qtbot.keyClick(edit, Qt.Key.Key_Space)
    assert edit.text() == "3D " and window.engine.current() == actor


def test_an_actor_without_actions_is_told_before_any_die_rolls(
    qtbot: QtBot, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _fight(qtbot, campaign, monkeypatch)
    act = window.act_panel
    assert act.roll_and_record() is not None  # the full action spent
    rolls = act.dice_panel.history.rowCount()
    refusals: list[str] = []
    window.controller.refused.connect(refusals.append)
    assert act.roll_and_record() is None
    assert refusals == ["Greta has no full action left this round"]
    assert act.dice_panel.history.rowCount() == rolls  # nothing rolled
