"""Issue 15: Help had only About. F1 opens the rules the app applies, in plain words,
searchable; What's This explains each option of the dice panel."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.locations import ROOT
from tests.ui_helpers import main_window_on
from ui.dice import DicePanel
from ui.help import HelpWindow, topics_of

HELP = ROOT / "resources" / "help" / "rules.md"
RULE = re.compile(r"\bR(?:10|[1-9])\b")


def test_the_help_text_covers_every_rule_section_in_words() -> None:
    topics = topics_of(HELP.read_text(encoding="utf-8"))
    assert topics[0].title == "Introduction"
    # The introduction, a topic per rule section (two for R3), then what the app adds
    # around the rules: games, counting successes, chances, weapons, actions, advancement.
    assert len(topics) == 18
    cited = set()
    for topic in topics[1:]:
        cited.update(RULE.findall(topic.text))
        assert not RULE.search(topic.title)  # titles are words; references sit in the text
    assert cited == {f"R{n}" for n in range(1, 11)}


def test_the_help_explains_what_a_player_meets_on_the_sheet() -> None:
    """Issue 15: every part of a character's life the app adds has its topic in words."""
    titles = [t.title for t in topics_of(HELP.read_text(encoding="utf-8"))]
    for wanted in (
        "Games and making a character",
        "Counting successes (D6 Legend)",
        "The Chance column",
        "Weapons, attacks and damage",
        "Several actions in a round",
        "Advancing a character",
    ):
        assert wanted in titles


def test_f1_opens_the_help_and_the_search_keeps_the_matching_topics(
    qtbot: QtBot, campaign: Path
) -> None:
    window = main_window_on(qtbot, campaign)
    window.menus.help_file = HELP
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    help_window = window.menus.help_window
    assert isinstance(help_window, HelpWindow) and help_window.isVisible()
    assert help_window.shown_topics()[0] == "Introduction"
    qtbot.keyClicks(help_window.search, "wild die")
    shown = help_window.shown_topics()
    assert "The Wild Die" in shown and "Fear and Fame" not in shown
    assert "Wild Die" in help_window.page.toPlainText()
    assert help_window.page.textCursor().hasSelection()  # the match is marked
    help_window.search.clear()
    qtbot.keyClicks(help_window.search, "xylophone")
    assert help_window.shown_topics() == []
    assert help_window.count_label.text() == "Nothing found"
    # F1 again raises the same window.
    assert window.menus.show_help() is help_window


def test_without_the_help_file_f1_says_so(qtbot: QtBot, campaign: Path) -> None:
    window = main_window_on(qtbot, campaign)
    window.menus.help_file = None
    assert window.menus.show_help() is None
    assert window.prompter.asked and "not installed" in window.prompter.texts[-1]


def test_every_dice_option_says_what_it_does_in_words(qtbot: QtBot) -> None:
    panel = DicePanel()
    qtbot.addWidget(panel)
    form = panel.form
    for widget in (
        form.code_edit,
        form.wild_spin,
        form.critical_combo,
        form.advantage_spin,
        form.disadvantage_spin,
        form.boost_spin,
        form.penalty_spin,
        form.modifier_spin,
        form.difficulty_spin,
        form.luck_check,
        form.successes_check,
        form.flips_box,
    ):
        text = widget.whatsThis()
        assert len(text) > 20 and not RULE.search(text), widget.accessibleName()
