"""Words a player reads carry no rule numbers: a refusal's bare "(R6)" moves to the
tooltip, on the sheet, in the tracker and in the main window's status bar."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from tests.ui_helpers import copy_sample, main_window_on, sample_document, shown_editor
from ui.text import split_rule


def test_split_rule_keeps_the_words_and_lists_the_rules() -> None:
    assert split_rule("roll or set initiative first (R6)") == (
        "roll or set initiative first",
        "R6",
    )
    assert split_rule("a full round (R4) or a turn (R3 step 5)") == (
        "a full round or a turn",
        "R4, R3 step 5",
    )
    assert split_rule("Rolled Greta: 3D") == ("Rolled Greta: 3D", "")
    assert split_rule("(R4: a tie succeeds)")[0] == "(R4: a tie succeeds)"  # words stay


def test_a_refused_sheet_edit_reads_plainly(qtbot: QtBot) -> None:
    editor = shown_editor(qtbot, sample_document())
    editor.show_problem("Add an ability first: a skill belongs to an ability (R2)")
    assert (
        editor.message.text() == "Not changed: Add an ability first: a skill belongs to an ability"
    )
    assert editor.message.toolTip() == "Rules: R2"
    editor.doc.undo_stack.setClean()


def test_the_status_bar_moves_rule_numbers_to_its_tooltip(qtbot: QtBot, tmp_path: Path) -> None:
    window = main_window_on(qtbot, copy_sample(tmp_path))
    window.status.show("nobody in the turn order can act (R6)")
    bar = window.statusBar()
    assert bar.currentMessage() == "nobody in the turn order can act"
    assert bar.toolTip() == "Rules: R6"
    window.status.show("Saved")
    assert bar.toolTip() == ""


def test_a_leading_rule_number_moves_too_and_menus_show_plain_status_tips(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """A walkthrough saw 'R7: every player character...' in the status bar while hovering
    the Campaign menu."""
    assert split_rule("R7: every player character starts") == (
        "Every player character starts",
        "R7",
    )
    window = main_window_on(qtbot, copy_sample(tmp_path))
    for action in window.findChildren(QAction):
        assert not re.search(r"\bR\d+\b", action.statusTip()), action.statusTip()
    assert "R7" in window.menus.start_session_action.toolTip()  # the reference stays here


def test_guided_creation_has_a_shortcut(qtbot: QtBot, tmp_path: Path) -> None:
    """A walkthrough missed one: plain New Character had Ctrl+N, the guided one nothing."""
    window = main_window_on(qtbot, copy_sample(tmp_path))
    keys = [a.shortcut().toString() for a in window.findChildren(QAction) if a.shortcut()]
    assert window.menus.new_guided_action.shortcut().toString() == "Ctrl+Alt+N"
    assert keys.count("Ctrl+Alt+N") == 1


def test_view_dark_turns_the_window_dark(qtbot: QtBot, tmp_path: Path) -> None:
    """A walkthrough could not tell whether View > Colour Scheme > Dark worked: it does,
    and Light brings the light palette back."""
    from PySide6.QtWidgets import QApplication

    from ui.theme import is_dark

    window = main_window_on(qtbot, copy_sample(tmp_path))
    try:
        window.menus.scheme_actions["dark"].trigger()
        assert is_dark(QApplication.palette())
        qtbot.waitUntil(lambda: is_dark(window.palette()))  # handed down on the next turn
        assert window.menus.scheme_actions["dark"].isChecked()
        window.menus.scheme_actions["light"].trigger()
        assert not is_dark(QApplication.palette())
        qtbot.waitUntil(lambda: not is_dark(window.palette()))
    finally:  # the other tests run on the platform's own palette
        window.menus.scheme_actions["system"].trigger()
