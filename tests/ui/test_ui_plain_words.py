"""Issue 15: rule numbers ("R2", "R5") are jargon to a player. Labels, titles, buttons,
column headers and the printed sheet use words; rule references live in tooltips and
the help."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QGroupBox,
    QLabel,
    QTabBar,
    QTabWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from tests.ui_helpers import main_window_on
from ui.services.prompter import ScriptedPrompter
from ui.tracker import TrackerWindow

RULE = re.compile(r"\bR(?:10|[1-9])\b")


def shown_texts(root: QWidget) -> Iterator[tuple[str, str]]:
    """(where, text) of every text a player reads on ``root`` without hovering."""
    for widget in [root, *root.findChildren(QWidget)]:
        name = f"{type(widget).__name__} {widget.objectName()}"
        if isinstance(widget, QLabel | QAbstractButton):
            yield name, widget.text()
        elif isinstance(widget, QGroupBox):
            yield name, widget.title()
        elif isinstance(widget, QTabBar | QTabWidget):
            for i in range(widget.count()):
                yield name, widget.tabText(i)
        if isinstance(widget, QAbstractItemView):
            model = widget.model()
            if isinstance(model, QAbstractItemModel):
                yield from _model_texts(name, model)


def _model_texts(name: str, model: QAbstractItemModel) -> Iterator[tuple[str, str]]:
    root = QModelIndex()
    try:
        columns = model.columnCount(root)
    except TypeError:  # a list model keeps columnCount private: one column
        columns = 1
    for column in range(columns):
        header = model.headerData(column, Qt.Orientation.Horizontal)
        if isinstance(header, str):
            yield name + " header", header
    for row in range(min(model.rowCount(root), 50)):
        for column in range(columns):
            value = model.index(row, column).data()
            if isinstance(value, str):
                yield name, value


def jargon(root: QWidget) -> list[str]:
    return sorted({f"{where}: {text!r}" for where, text in shown_texts(root) if RULE.search(text)})


def test_the_main_window_with_a_sheet_and_the_dice_panel_shows_no_rule_numbers(
    qtbot: QtBot, campaign: Path
) -> None:
    window = main_window_on(qtbot, campaign)
    session = window.workspace.session
    for doc in session.documents():
        editor = window.sheets.open(doc)
        editor.tree.setCurrentIndex(editor.tree_model.index(0, 0))
    assert editor.roll_current()
    found = jargon(window)
    assert found == [], "\n".join(found)


def test_the_damage_systems_the_tracker_and_the_dice_result_show_no_rule_numbers(
    qtbot: QtBot, campaign: Path
) -> None:
    window = main_window_on(qtbot, campaign)
    session = window.workspace.session
    greta = next(d for d in session.documents() if "Greta" in d.character.name)
    editor = window.sheets.open(greta)
    editor.tree.setCurrentIndex(editor.tree_model.index(0, 0))
    assert editor.roll_current()
    panel = window.rolls.panel
    qtbot.waitUntil(lambda: panel.odds() is not None, timeout=5000)
    panel.set_difficulty(15)
    panel.roll()
    found = []
    for system in ("wounds", "body_points"):
        rules = session.house_rules().model_copy(update={"damage_system": system})
        assert session.change_house_rules(rules)
        found += jargon(window)
    tracker = window.campaigns.open_encounter(campaign / "encounters/brawl-at-the-pump-house.json")
    assert isinstance(tracker, TrackerWindow)
    tracker.prompter = ScriptedPrompter()
    tracker.roll_initiative(seed=3)
    tracker.next_turn()
    found += jargon(tracker)
    tracker.mark_clean()
    tracker.close()
    assert found == [], "\n".join(found)
