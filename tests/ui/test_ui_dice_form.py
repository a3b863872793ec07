"""The dice panel's roll set-up form (R1 die codes, R3 options, R4 difficulty), driven by
keyboard and mouse as a user would."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from sheets.dice import CheckDefaults, DieCode, RollSpec
from ui.dice.spec_form import SpecForm


@pytest.fixture
def form(qtbot: QtBot) -> SpecForm:
    widget = SpecForm()
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def retype(qtbot: QtBot, widget: QWidget, text: str) -> None:
    """Select everything in a text field and type over it."""
    widget.setFocus()
    qtbot.keyClick(widget, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(widget, text)


def test_typing_a_code_emits_the_spec(qtbot: QtBot, form: SpecForm) -> None:
    seen: list[RollSpec] = []
    form.specChanged.connect(seen.append)
    retype(qtbot, form.code_edit, "4d6+2")
    assert seen[-1].code == DieCode(4, 2)  # one spec per keystroke; the last one counts
    assert form.spec() == seen[-1]
    assert form.error() is None
    assert not form.error_label.isVisible()


def test_a_bad_code_is_refused_with_the_reason_and_kept(qtbot: QtBot, form: SpecForm) -> None:
    """R1: "3X" is not a die code: the reason shows inline and in the tooltip; the text stays."""
    reasons: list[str] = []
    form.specInvalid.connect(reasons.append)
    retype(qtbot, form.code_edit, "3X")
    assert form.code_edit.text() == "3X"  # never silently dropped
    assert form.spec() is None
    assert reasons and "3X" in reasons[-1]
    assert form.error_label.isVisible()
    assert "not a die code" in form.error_label.text.text()
    assert "3X" in form.code_edit.toolTip()
    # Fixing it clears the reason.
    with qtbot.waitSignal(form.specChanged):
        qtbot.keyClick(form.code_edit, Qt.Key.Key_Backspace)
        qtbot.keyClicks(form.code_edit, "D")
    assert form.code_edit.text() == "3D"
    assert not form.error_label.isVisible()


@pytest.mark.parametrize(
    ("text", "reason"),
    [("", "Type a die code"), ("3d8", "d8"), ("200D", "at most 120D"), ("D", "not a die code")],
)
def test_other_refusals(qtbot: QtBot, form: SpecForm, text: str, reason: str) -> None:
    retype(qtbot, form.code_edit, text)
    if not text:
        qtbot.keyClick(form.code_edit, Qt.Key.Key_Delete)
    error = form.error()
    assert error is not None and reason in error


def test_every_option_reaches_the_spec(qtbot: QtBot, form: SpecForm) -> None:
    form.more_button.click()  # the options behind More options
    retype(qtbot, form.code_edit, "5D+1")
    retype(qtbot, form.wild_spin, "2")
    form.critical_combo.setFocus()
    qtbot.keyClick(form.critical_combo, Qt.Key.Key_End)  # drop_highest, the last rule
    retype(qtbot, form.advantage_spin, "2")
    retype(qtbot, form.disadvantage_spin, "1")
    retype(qtbot, form.boost_spin, "3")
    retype(qtbot, form.penalty_spin, "1")
    retype(qtbot, form.modifier_spin, "-2")
    qtbot.mouseClick(form.luck_check, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(form.successes_check, Qt.MouseButton.LeftButton)
    form._flip_buttons[0].setFocus()
    qtbot.keyClick(form._flip_buttons[0], Qt.Key.Key_Space)  # F1 by keyboard
    qtbot.mouseClick(form._flip_buttons[5], Qt.MouseButton.LeftButton)  # F6 by mouse
    retype(qtbot, form.difficulty_spin, "4")
    assert form.spec() == RollSpec(
        code="5D+1",
        wild_dice=2,
        critical_failure="drop_highest",
        luck=True,
        advantage=2,
        disadvantage=1,
        boost=3,
        penalty=1,
        flips=frozenset({1, 6}),
        modifier=-2,
        count_successes=True,
    )
    assert form.difficulty() == 4
    assert form.band_label.text() == "4 successes"


def test_other_dice_change_the_flip_faces(qtbot: QtBot, form: SpecForm) -> None:
    """R3 other dice: a D20 offers F1..F20; going back to D4 drops F5 and up."""
    form.more_button.click()  # the options behind More options
    form.sides_combo.setFocus()
    qtbot.keyClick(form.sides_combo, Qt.Key.Key_End)  # D20
    assert form.spec() is not None and form.spec().sides == 20  # type: ignore[union-attr]
    assert all(b.isVisibleTo(form) for b in form._flip_buttons)
    qtbot.mouseClick(form._flip_buttons[19], Qt.MouseButton.LeftButton)
    assert form.spec().flips == {20}  # type: ignore[union-attr]
    assert "reads as 1" in form._flip_buttons[19].toolTip()
    qtbot.keyClick(form.sides_combo, Qt.Key.Key_Home)  # D4
    spec = form.spec()
    assert spec is not None and spec.sides == 4 and spec.flips == frozenset()
    assert [b.isVisibleTo(form) for b in form._flip_buttons].count(True) == 4


def test_set_spec_round_trips_and_emits_once(qtbot: QtBot, form: SpecForm) -> None:
    spec = RollSpec(
        code="6D+2",
        wild_dice=0,
        critical_failure="zero",
        luck=True,
        advantage=1,
        penalty=2,
        flips=frozenset({2, 5}),
        sides=8,
        modifier=3,
    )
    seen: list[RollSpec] = []
    form.specChanged.connect(seen.append)
    form.set_spec(spec)
    assert seen == [spec]
    assert form.spec() == spec


def test_house_rules_are_the_defaults(qtbot: QtBot, form: SpecForm) -> None:
    """R3 settings `wild_dice` and `critical_failure`: set_defaults applies them; Reset
    clears every option back to them and keeps the code."""
    form.set_defaults(CheckDefaults(2, "drop_highest"))
    spec = form.spec()
    assert spec is not None and spec.wild_dice == 2 and spec.critical_failure == "drop_highest"
    form.set_spec(RollSpec(code="4D", wild_dice=0, boost=2, flips=frozenset({1})))
    qtbot.mouseClick(form.reset_button, Qt.MouseButton.LeftButton)
    assert form.spec() == RollSpec(code="4D", wild_dice=2, critical_failure="drop_highest")


def test_difficulty_none_is_a_standing_check(qtbot: QtBot, form: SpecForm) -> None:
    with qtbot.waitSignal(form.difficultyChanged) as blocker:
        form.set_difficulty(15)
    assert blocker.args == [15]
    assert form.band_label.text() == "Moderate"  # R4: 11-15 Moderate
    with qtbot.waitSignal(form.difficultyChanged) as blocker:
        form.set_difficulty(None)
    assert blocker.args == [None]
    assert form.difficulty_spin.text() == "none"


def test_controls_have_names_tips_and_a_tab_order(form: SpecForm) -> None:
    form.more_button.click()  # the options behind More options
    controls: list[QWidget] = [
        form.code_edit,
        form.sides_combo,
        form.wild_spin,
        form.critical_combo,
        form.advantage_spin,
        form.disadvantage_spin,
        form.boost_spin,
        form.penalty_spin,
        form.modifier_spin,
        form.difficulty_spin,
    ]
    for control in controls:
        assert control.accessibleName()
        assert "R" in control.toolTip()
        assert control.focusPolicy() & Qt.FocusPolicy.TabFocus
    assert "R3 step 5" in form.boost_spin.toolTip()
    # Tab walks from the last flip box to Reset (the flip boxes sit in the chain).
    visible = [b for b in form._flip_buttons if b.isVisibleTo(form)]
    assert form.reset_button in _chain(visible[-1], 30)


def _chain(start: QWidget, steps: int) -> list[QWidget]:
    widgets, widget = [], start
    for _ in range(steps):
        widget = widget.nextInFocusChain()
        widgets.append(widget)
    return widgets


def test_more_options_wait_until_asked_for_or_used(qtbot: QtBot, form: SpecForm) -> None:
    """At a laptop's height the odds came below the fold: what few rolls use waits behind
    More options, which opens by itself for a roll that uses one (nothing set is hidden)."""
    basic = (form.code_edit, form.wild_spin, form.difficulty_spin, form.actions_spin)
    rare = (form.sides_combo, form.critical_combo, form.boost_spin, form.modifier_spin)
    assert all(w.isVisibleTo(form) for w in basic)
    assert not any(w.isVisibleTo(form) for w in rare) and not form.flips_box.isVisibleTo(form)
    closed = form.sizeHint().height()
    qtbot.mouseClick(form.more_button, Qt.MouseButton.LeftButton)
    assert all(w.isVisibleTo(form) for w in rare) and form.flips_box.isVisibleTo(form)
    assert form.sizeHint().height() > closed
    qtbot.mouseClick(form.more_button, Qt.MouseButton.LeftButton)
    assert not form.boost_spin.isVisibleTo(form)
    form.set_spec(RollSpec(code="4D", penalty=1))  # a roll with a Penalty die
    assert form.more_button.isChecked() and form.penalty_spin.isVisibleTo(form)
    assert form.spec() == RollSpec(code="4D", penalty=1)


def test_a_game_that_counts_successes_makes_it_the_default(qtbot: QtBot, form: SpecForm) -> None:
    """R3: D6 Legend counts successes; Reset keeps the game's way, not the form's last."""
    form.set_defaults(CheckDefaults(count_successes=True))
    assert form.successes_check.isChecked()
    form.successes_check.setChecked(False)
    qtbot.mouseClick(form.reset_button, Qt.MouseButton.LeftButton)
    spec = form.spec()
    assert spec is not None and spec.count_successes
