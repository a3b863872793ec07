"""Issue 16: the dice Result showed an opposed check as a standing check ("24 result
points, rank 5") while the recorded check was +3, rank 1, and it stayed into the next
turn. One truth: the panel shows the recorded result, and clears when the turn passes."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from tests.ui_helpers import haymaker_at_brask, tracker_on
from ui.tracker.act.check_form import sheet_picks
from ui.tracker.rows import COL_POINTS


def test_the_panel_shows_the_recorded_check_and_clears_with_the_turn(
    qtbot: QtBot, campaign: Path
) -> None:
    window = tracker_on(qtbot, campaign)
    engine = window.engine
    window.roll_initiative(seed=42)
    while engine.current() != "jack":
        window.next_turn()
    qtbot.waitUntil(lambda: window.act_panel.actor() == "jack")
    act = window.act_panel
    haymaker_at_brask(act)
    rolled = act.dice_panel.roll(seed=3)
    assert rolled is not None
    assert "standing check" in act.dice_panel.outcome_label.text()  # before recording
    qtbot.mouseClick(act.record_button, Qt.MouseButton.LeftButton)
    assert act.check_id is not None
    record = window.controller.last_record()
    assert record is not None
    total, against = record.outcome.data["total"], record.outcome.data["against"]
    assert total == rolled.total and isinstance(against, int)
    shown = act.dice_panel.outcome_label.text()
    assert "standing check" not in shown
    assert f"vs {against}: Success, {total - against:+d} result points" in shown
    assert f"rank {engine.ranks_left(act.check_id)}" in shown
    # The turn passes: the result goes with it.
    window.next_turn()
    qtbot.waitUntil(lambda: act.dice_panel.current_result() is None)
    assert act.dice_panel.outcome_label.text() == ""
    assert act.dice_panel.total_label.text() == ""


def test_action_point_spends_in_the_tracker_are_counted_capped_and_undone(
    qtbot: QtBot, campaign: Path
) -> None:
    """Issue 16: Greta with 1 AP spent twice and her file still said 1."""
    window = tracker_on(qtbot, campaign)
    engine = window.engine
    greta = engine.view.sheet_of("greta")
    greta.action_points = 1
    window.roll_initiative(seed=42)
    while engine.current() != "greta":
        window.next_turn()
    act = window.act_panel
    qtbot.waitUntil(lambda: act.actor() == "greta")
    assert act.set_skill("Dodge")
    panel = act.dice_panel
    assert panel.points_label.text().startswith("CP ")
    panel.roll(seed=4)
    assert panel.ap_dice_button.isEnabled()
    qtbot.mouseClick(panel.ap_dice_button, Qt.MouseButton.LeftButton)
    assert greta.action_points == 0
    assert "characters/greta-vance.json" in window.controller.touched  # saved with it
    assert not panel.ap_dice_button.isEnabled() and not panel.ap_reroll_button.isEnabled()
    row = window.model.row_of("greta")
    assert row is not None
    assert window.model.index(row, COL_POINTS).data().startswith("AP 0 ·")
    # The tracker's undo gives the point back to the sheet.
    window.undo_stack.undo()
    assert greta.action_points == 1
    qtbot.waitUntil(lambda: panel.ap_reroll_button.isEnabled())


def test_the_skill_list_shows_whole_die_codes(qtbot: QtBot, campaign: Path) -> None:
    """Issue 16: the skill list showed "+2" and "1D" where the sheet rolls 3D+2."""
    window = tracker_on(qtbot, campaign)
    texts = [text.strip() for text, _pick in sheet_picks(window.engine, "jack")]
    assert "Brawling: Haymaker 6D" in texts  # Strength + Brawling + Haymaker
    assert not any(text.endswith((" +1", " +2")) for text in texts)


def _wheel(widget: QWidget, steps: int) -> None:
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(
        centre,
        QPointF(widget.mapToGlobal(widget.rect().center())),
        QPoint(0, 0),
        QPoint(0, -120 * steps),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def test_the_wheel_never_changes_a_box_the_gm_scrolls_past(qtbot: QtBot, campaign: Path) -> None:
    """Issue 16: scrolling the act form with the wheel changed whatever combo box passed
    under the pointer."""
    window = tracker_on(qtbot, campaign, active=True)
    combo = window.act_panel.form.actor_combo
    window.table.setFocus()
    before = combo.currentIndex()
    _wheel(combo, 1)
    assert combo.currentIndex() == before
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus)
    _wheel(combo, 1)
    assert combo.currentIndex() != before  # focused, it is the GM's to turn


def test_the_player_view_opens_as_a_window_and_goes_full_screen_on_request(
    qtbot: QtBot, campaign: Path
) -> None:
    """Issue 16: the player view opened full screen; it opens as a window (on the last
    screen, the projector's) and F11 makes it full screen, Esc or F11 brings it back."""
    window = tracker_on(qtbot, campaign)
    window.player_view_action.trigger()
    view = window.player_view
    assert view is not None
    qtbot.addWidget(view)
    qtbot.waitExposed(view)
    assert view.isVisible() and not view.isFullScreen()
    qtbot.keyClick(view, Qt.Key.Key_F11)
    qtbot.waitUntil(view.isFullScreen)
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not view.isFullScreen())
