"""The dice panel as a user drives it: roll by button, Ctrl+R and Return, read the dice and
the R4 outcome, spend points after the roll (undoable), keep and replay the history."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from sheets.dice import RollResult, RollSpec, roll_seeded
from sheets.dice.spends import replay
from tests.ui_helpers import PATIENCE_MS
from ui.dice import DicePanel
from ui.dice.dice_view import DiceView
from ui.dice.history import HistoryEntry, RollHistoryModel
from ui.dice.odds_worker import OddsWorker

LEFT = Qt.MouseButton.LeftButton
# Seed 5 of this spec: a Wild Die chain 6+6+5, a die dropped for Boost, a flipped Boost die
# and two Advantage sets (the second kept). See bench/screenshots.py.
SHOWCASE = RollSpec(code="5D+1", advantage=1, boost=1, flips=frozenset({1}))


def first_seed(spec: RollSpec, wanted: str) -> int:
    """The first seed whose roll of ``spec`` shows ``wanted``."""
    for seed in range(1, 10_000):
        result = roll_seeded(spec, seed)
        if wanted == "critical" and result.critical_failure:
            return seed
    raise AssertionError(f"no seed shows {wanted}")


@pytest.fixture
def panel(qtbot: QtBot) -> DicePanel:
    widget = DicePanel(odds_worker=OddsWorker(debounce_ms=5))
    qtbot.addWidget(widget)
    widget.resize(620, 1000)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def wait_for_odds(qtbot: QtBot, panel: DicePanel) -> None:
    qtbot.waitUntil(lambda: panel.odds() is not None, timeout=PATIENCE_MS)


def type_code(qtbot: QtBot, panel: DicePanel, text: str) -> None:
    edit = panel.form.code_edit
    edit.setFocus()
    qtbot.keyClick(edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(edit, text)


def test_typing_a_code_shows_its_odds(qtbot: QtBot, panel: DicePanel) -> None:
    type_code(qtbot, panel, "4D+2")
    panel.set_difficulty(15)
    wait_for_odds(qtbot, panel)
    odds = panel.odds()
    assert odds is not None and odds.spec.code == RollSpec(code="4D+2").code
    assert panel.histogram.odds() == odds.odds
    assert "to reach 15" in panel.histogram._headline()
    names = [name for name, _chance in panel.rank_chances.cells()]
    assert "rank 1" in names and "no rank" in names
    assert "rank 1" in panel.rank_chances.accessibleDescription()


def test_a_bad_code_disables_odds_and_roll_and_keeps_the_text(
    qtbot: QtBot, panel: DicePanel
) -> None:
    type_code(qtbot, panel, "3X")
    assert panel.form.code_edit.text() == "3X"
    assert not panel.roll_button.isEnabled()
    assert not panel.roll_shortcut.isEnabled()
    assert panel.odds() is None
    message = panel.histogram.message()
    assert message is not None and "3X" in message
    assert panel.form.error_label.isVisible()
    assert panel.roll() is None
    qtbot.mouseClick(panel.roll_button, LEFT)  # a disabled button does nothing
    assert panel.history.rowCount() == 0
    type_code(qtbot, panel, "3D")
    assert panel.roll_button.isEnabled()
    wait_for_odds(qtbot, panel)


def test_the_roll_button_rolls_and_logs(qtbot: QtBot, panel: DicePanel) -> None:
    type_code(qtbot, panel, "3D+1")
    with qtbot.waitSignal(panel.rolled) as blocker:
        qtbot.mouseClick(panel.roll_button, LEFT)
    result: RollResult = blocker.args[0]
    assert result.spec.code == RollSpec(code="3D+1").code
    assert panel.current_result() is result
    assert panel.total_label.text() == f"Total {result.total}"
    assert "standing check" in panel.outcome_label.text()
    assert panel.history.rowCount() == 1
    assert panel.history.entry(0).result is result
    assert str(result.seed) in panel.seed_label.text()


def test_return_in_the_form_rolls_but_not_in_the_history(qtbot: QtBot, panel: DicePanel) -> None:
    type_code(qtbot, panel, "2D")
    with qtbot.waitSignal(panel.rolled):
        qtbot.keyClick(panel.form.code_edit, Qt.Key.Key_Return)
    panel.form.boost_spin.setFocus()
    with qtbot.waitSignal(panel.rolled):
        qtbot.keyClick(panel.form.boost_spin, Qt.Key.Key_Enter)
    assert panel.history.rowCount() == 2
    panel.history_view.setFocus()
    panel.history_view.selectRow(0)
    qtbot.keyClick(panel.history_view, Qt.Key.Key_Return)  # activates: a replay, no new roll
    assert panel.history.rowCount() == 3 and panel.history.entry(0).replayed


def test_ctrl_r_rolls(qtbot: QtBot, panel: DicePanel) -> None:
    panel.activateWindow()
    qtbot.waitUntil(panel.isActiveWindow)
    panel.form.advantage_spin.setFocus()
    with qtbot.waitSignal(panel.rolled, timeout=2000):
        qtbot.keyClick(panel.form.advantage_spin, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)


def test_the_outcome_reads_result_points_rank_severity_duration(
    qtbot: QtBot, panel: DicePanel
) -> None:
    """R4: total minus the difficulty; the rank gives the severity and duration."""
    panel.set_spec(SHOWCASE)
    panel.set_difficulty(18)
    result = panel.roll(seed=5)
    assert result is not None and result.total == 36  # 6+6+5 + 4+2+6 + Boost (1→6) + 1 pip
    assert panel.total_label.text() == "Total 36"
    assert panel.outcome_label.text() == (
        "vs 18: Success, +18 result points, rank 4 (complete), lasts until end of scene"
    )
    assert panel.history.data(panel.history.index(0, RollHistoryModel.TOTAL)) == "36 (+18 vs 18)"


def test_the_dice_are_drawn_with_chain_drop_flip_and_sets(qtbot: QtBot, panel: DicePanel) -> None:
    panel.set_spec(SHOWCASE)
    panel.roll(seed=5)
    view = panel.dice_view
    description = view.accessibleDescription()
    assert "Set 2: dice total 30 (kept)" in description
    assert "Set 1: dice total 23 (not kept)" in description
    assert "Wild Die 6+6+5" in description
    assert "regular die 1, discarded for Boost" in description
    assert "Boost die 1→6 (flipped, R3 step 6)" in description
    headers, cells, height = view._layout(view.width())
    assert len(headers) == 2 and height > 0
    chain = next(c for c in cells if c.die.is_wild and c.die.set_index == 1)
    assert [label for _, label, _ in chain.faces] == ["6", "6", "5"]
    flipped = next(c for c in cells if c.die.kind == "boost")
    assert [label for _, label, _ in flipped.faces] == ["1→6"]
    assert next(c for c in cells if c.die.dropped).die.faces == (1,)
    assert all(c.faded for c in cells if c.die.set_index == 0)
    assert not view.grab().isNull()


def test_a_critical_failure_is_flagged(qtbot: QtBot, panel: DicePanel) -> None:
    spec = RollSpec(code="4D", critical_failure="drop_highest")
    panel.set_spec(spec)
    assert panel.critical_label.icon.pixmap().isNull()  # no icon lookup while unseen
    result = panel.roll(seed=first_seed(spec, "critical"))
    assert result is not None and result.critical_failure
    assert panel.critical_label.isVisible()
    assert "Critical failure on the Wild Die" in panel.critical_label.text.text()
    assert "R3 step 3" in panel.critical_label.toolTip()
    assert "critical failure (R3 step 3)" in panel.dice_view.accessibleDescription()
    assert "left on a critical failure" in panel.dice_view.accessibleDescription()
    assert not panel.dice_view.grab().isNull()
    # the warning icon, looked up only now (not while the panel was built, issue 17)
    pixmap = panel.critical_label.icon.pixmap()
    assert not pixmap.isNull() and pixmap.width() == panel.critical_label.icon.width()
    panel.roll(seed=1_000_003)
    assert panel.critical_label.isHidden() == (not panel.current_result().critical_failure)  # type: ignore[union-attr]


def test_spending_points_updates_the_roll_and_is_undoable(qtbot: QtBot, panel: DicePanel) -> None:
    """R7: a Character Point adds a die; an action point adds 2D or rerolls. Each spend is
    reported (+1) and undo gives it back (-1)."""
    spent: list[tuple[str, int]] = []
    panel.pointsSpent.connect(lambda kind, count: spent.append((kind, count)))
    panel.set_character_points(1, 2)
    panel.set_spec(RollSpec(code="3D"))
    rolled = panel.roll(seed=42)
    assert rolled is not None
    assert panel.points_label.text() == "CP 1 · AP 2"

    qtbot.mouseClick(panel.cp_button, LEFT)
    after_cp = panel.current_result()
    assert after_cp is not None and after_cp.spends == ("character_point",)
    assert sum(d.kind == "character_point" for d in after_cp.dice) == 1
    assert spent == [("character_point", 1)]
    assert not panel.cp_button.isEnabled()  # no Character Points left
    assert panel.points_label.text() == "CP 0 · AP 2"
    assert panel.history.entry(0).result is after_cp
    assert "+CP" in panel.history.data(panel.history.index(0, RollHistoryModel.ROLL))

    qtbot.mouseClick(panel.ap_dice_button, LEFT)
    after_ap = panel.current_result()
    assert after_ap is not None and after_ap.spends == ("character_point", "action_point")
    assert sum(d.kind == "action_point" for d in after_ap.dice) == 2
    qtbot.mouseClick(panel.ap_reroll_button, LEFT)
    after_reroll = panel.current_result()
    assert after_reroll is not None and after_reroll.other_roll is not None
    assert after_reroll.total >= after_reroll.other_roll.total  # keep the better (R7)
    assert not panel.ap_dice_button.isEnabled() and not panel.ap_reroll_button.isEnabled()
    assert "not kept" in panel.dice_view.accessibleDescription() or (
        after_reroll.other_roll.total == after_reroll.total
    )
    assert spent[-2:] == [("action_point", 1), ("action_point", 1)]

    for _ in range(3):
        assert panel.undo_button.isEnabled()
        qtbot.mouseClick(panel.undo_button, LEFT)
    assert panel.current_result() is rolled
    assert panel.history.entry(0).result is rolled
    assert spent[-3:] == [("action_point", -1), ("action_point", -1), ("character_point", -1)]
    assert panel.points_label.text() == "CP 1 · AP 2"
    assert panel.cp_button.isEnabled() and not panel.undo_button.isEnabled()
    panel.undo_stack().redo()
    assert panel.current_result() == after_cp


def test_untracked_points_allow_spends_and_no_roll_disables_them(
    qtbot: QtBot, panel: DicePanel
) -> None:
    assert not panel.cp_button.isEnabled()  # nothing rolled yet
    panel.roll(seed=3)
    assert panel.cp_button.isEnabled() and panel.ap_dice_button.isEnabled()
    assert panel.points_label.text() == ""
    panel.set_character_points(0, 0)
    assert not panel.cp_button.isEnabled() and not panel.ap_reroll_button.isEnabled()
    assert panel.spend("character_point") is None


def test_a_new_roll_makes_the_last_one_final(qtbot: QtBot) -> None:
    """Issue 15: "Undo spend" changed an earlier, finished roll in the history. A spend
    belongs to the roll it was made on; once the next roll is made, it stays."""
    stack = QUndoStack()
    panel = DicePanel(undo_stack=stack, odds_worker=OddsWorker(debounce_ms=5))
    qtbot.addWidget(panel)
    panel.roll(seed=8)
    spent = panel.spend("character_point")
    assert stack.count() == 1 and stack.undoText() == "Spend a Character Point (+1D)"
    second = panel.roll(seed=9)
    assert stack.count() == 0 and not panel.undo_button.isEnabled()
    assert panel.current_result() is second
    assert panel.history.entry(1).result is spent  # the finished roll keeps its spend
    panel.spend("character_point")
    panel.replay_row(1)  # a replay is a new roll on show: the spend before it is final
    assert stack.count() == 0


def test_a_fate_point_is_spent_by_the_roll(qtbot: QtBot, panel: DicePanel) -> None:
    """Issue 15: a Fate Point (luck) was not spent: the count stayed and the box stayed
    ticked. Used, it is gone (R7, OpenD6 "Improving Rolls")."""
    spent: list[tuple[str, int]] = []
    panel.pointsSpent.connect(lambda kind, count: spent.append((kind, count)))
    panel.set_character_points(2, 1, 1)
    panel.set_spec(RollSpec(code="3D", luck=True))
    assert panel.form.luck_check.isChecked() and panel.form.luck_check.isEnabled()
    result = panel.roll(seed=4)
    assert result is not None and result.spec.luck  # the dice were doubled (R3 step 1)
    assert spent == [("fate_point", 1)]
    assert not panel.form.luck_check.isChecked()
    assert not panel.form.luck_check.isEnabled()  # none left
    assert panel.points_label.text() == "CP 2 · AP 1 · FP 0"
    # A spec asking for luck with none left rolls without it.
    panel.set_spec(RollSpec(code="3D", luck=True))
    again = panel.roll(seed=4)
    assert again is not None and not again.spec.luck and spent == [("fate_point", 1)]


def test_replay_by_seed_gives_the_same_dice(qtbot: QtBot, panel: DicePanel) -> None:
    panel.set_spec(SHOWCASE)
    panel.set_difficulty(18)
    original = panel.roll()
    assert original is not None
    panel.spend("character_point")
    spent = panel.current_result()
    panel.set_spec(RollSpec(code="1D"))
    panel.set_difficulty(None)
    panel.roll()
    panel.history_view.selectRow(1)
    assert panel.replay_button.isEnabled()
    qtbot.mouseClick(panel.replay_button, LEFT)
    again = panel.current_result()
    assert again is not None and spent is not None
    assert again.dice == spent.dice and again.total == spent.total and again.seed == spent.seed
    assert panel.spec() == SHOWCASE and panel.form.difficulty() == 18  # the form shows it
    assert panel.history.entry(0).replayed
    assert "(replay)" in panel.history.data(panel.history.index(0, RollHistoryModel.ROLL))
    assert not panel.cp_button.isEnabled()  # no spending on a replay
    qtbot.mouseClick(panel.clear_button, LEFT)
    assert panel.history.rowCount() == 0 and not panel.replay_button.isEnabled()


def test_replay_needs_a_seed() -> None:
    result = roll_seeded(RollSpec(code="2D"), 1)
    with pytest.raises(ValueError, match="seed"):
        replay(result.replace(seed=None))


def test_history_model_passes_the_model_tester(qtmodeltester: ModelTester) -> None:
    from datetime import datetime

    model = RollHistoryModel()
    qtmodeltester.check(model)
    for seed, against in ((1, None), (2, 12), (3, 5)):
        model.add(HistoryEntry(datetime.now(), roll_seeded(SHOWCASE, seed), against))
    qtmodeltester.check(model)
    model.replace(1, HistoryEntry(datetime.now(), roll_seeded(SHOWCASE, 4), None))
    qtmodeltester.check(model)
    assert model.headerData(0, Qt.Orientation.Horizontal) == "Time"
    assert "Seed 3" in model.data(model.index(0, 0), Qt.ItemDataRole.ToolTipRole)
    model.clear()
    qtmodeltester.check(model)


def test_history_keeps_the_newest_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    from datetime import datetime

    from ui.dice import history

    monkeypatch.setattr(history, "MAX_ROWS", 3)
    model = RollHistoryModel()
    for seed in range(5):
        model.add(HistoryEntry(datetime.now(), roll_seeded(RollSpec(code="1D"), seed)))
    assert model.rowCount() == 3
    assert [model.entry(r).result.seed for r in range(3)] == [4, 3, 2]


def test_the_panel_follows_a_dark_palette(qtbot: QtBot, panel: DicePanel) -> None:
    from ui.theme import dark_palette

    panel.setPalette(dark_palette())
    panel.set_spec(SHOWCASE)
    panel.roll(seed=5)
    wait_for_odds(qtbot, panel)
    assert not panel.grab().isNull()
    assert panel.histogram.palette().color(panel.histogram.backgroundRole()).lightness() < 100


def test_dice_view_alone_paints_nothing_and_anything(qtbot: QtBot) -> None:
    view = DiceView()
    qtbot.addWidget(view)
    view.resize(300, 200)
    assert not view.grab().isNull()
    assert view.accessibleDescription() == "No roll yet."
    for spec in (
        RollSpec(code="30D", wild_dice=3, sides=20, flips=frozenset({20, 1})),
        RollSpec(code="2D", penalty=3, count_successes=True),
        RollSpec(code="0D+2"),
    ):
        view.set_result(roll_seeded(spec, 7))
        assert view.heightForWidth(300) > 0
        assert not view.grab().isNull()


def test_closing_the_panel_mid_computation_is_quick(qtbot: QtBot) -> None:
    """A slow odds job in flight is cancelled when the panel goes (no hang at quit)."""

    import shiboken6

    from tests.ui.test_ui_dice_odds import SLOW

    panel = DicePanel(odds_worker=OddsWorker(debounce_ms=0))
    panel.set_spec(SLOW)
    qtbot.waitUntil(panel.odds_worker().is_busy, timeout=PATIENCE_MS)
    qtbot.wait(50)
    shiboken6.delete(panel)  # cancels the job (a deletion that waited for it would hang)
    assert not shiboken6.isValid(panel)


def test_defaults_given_at_construction_are_those_of_the_first_odds(qtbot: QtBot) -> None:
    """Issue 17: the main window's panel starts with the campaign's defaults, so its first
    odds are the ones shown (none computed for the form's bare first roll); the same
    panel as one given the defaults afterwards."""
    from sheets.dice import CheckDefaults

    defaults = CheckDefaults(wild_dice=2, count_successes=True)
    asked: list[object] = []
    worker = OddsWorker(debounce_ms=5)
    original = worker.request
    worker.request = lambda spec: (asked.append(spec), original(spec))[1]  # type: ignore[method-assign]
    panel = DicePanel(odds_worker=worker, defaults=defaults)
    qtbot.addWidget(panel)
    later = DicePanel(odds_worker=OddsWorker(debounce_ms=5))
    qtbot.addWidget(later)
    later.set_defaults(defaults)
    assert panel.spec() == later.spec()
    assert panel.spec() is not None and panel.spec().wild_dice == 2
    assert asked == [panel.spec()]
