"""Tool buttons that show an action do not gather connections without end
(``ui.action_buttons``): issue 17, found profiling the tracker's commands."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import SIGNAL
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMainWindow, QToolBar, QToolButton
from pytestqt.qtbot import QtBot

from sheets.encounter import NextTurn
from tests.ui_helpers import copy_sample, sample_window_with_sheet, tracker_on
from ui import commands
from ui.action_buttons import SPARE, _Trimmer, show_action, trim_toolbar

CHANGED = SIGNAL("changed()")


def _toolbar(qtbot: QtBot) -> tuple[QAction, QToolButton, QToolBar, QMainWindow]:
    window = QMainWindow()
    qtbot.addWidget(window)
    bar = QToolBar()
    window.addToolBar(bar)
    action = QAction("Undo", window)
    bar.addAction(action)
    button = bar.widgetForAction(action)
    assert isinstance(button, QToolButton)
    return action, button, bar, window


def test_a_toolbar_action_changed_many_times_keeps_few_connections(qtbot: QtBot) -> None:
    action, button, bar, _window = _toolbar(qtbot)
    trim_toolbar(bar)
    shown = action.receivers(CHANGED)
    triggered: list[bool] = []
    action.triggered.connect(lambda: triggered.append(True))
    for n in range(300):  # an evening of commands: Undo's tooltip changes with each
        action.setToolTip(f"Undo: turn {n}")
        action.setEnabled(n % 3 != 0)
        assert action.receivers(CHANGED) <= shown + SPARE + 1
    # The button still shows the action as it is now, and still triggers it.
    assert button.toolTip() == "Undo: turn 299"
    assert button.isEnabled()
    action.setText("Undo all")
    assert button.text() == "Undo all"
    button.click()
    assert triggered == [True]


def test_a_button_shown_an_action_keeps_few_connections(qtbot: QtBot) -> None:
    action = QAction("Remove")
    button = QToolButton()
    qtbot.addWidget(button)
    show_action(button, action)
    shown = action.receivers(CHANGED)
    for n in range(100):  # a selection that comes and goes
        action.setEnabled(n % 2 == 0)
    assert action.receivers(CHANGED) <= shown + SPARE + 1
    assert not button.isEnabled()  # n = 99: the action is off, and so is its button
    action.setEnabled(True)
    assert button.isEnabled()


def test_an_action_outlives_its_button(qtbot: QtBot) -> None:
    """A sheet's row of buttons goes with its sheet; the actions may stay."""
    action = QAction("Edit")
    button = QToolButton()
    show_action(button, action)
    button.deleteLater()
    qtbot.waitUntil(lambda: action.receivers(CHANGED) == 0)
    action.setToolTip("Edit the row")  # no trimmer left to call


def test_the_trackers_undo_does_not_slow_down_through_an_evening(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = tracker_on(qtbot, copy_sample(tmp_path))
    window.roll_initiative(seed=42)
    before = window.undo_action.receivers(CHANGED)
    for turn in range(120):
        window.controller.run(NextTurn())
        if turn % 2:
            window.undo_stack.undo()
            QApplication.processEvents()  # Undo and Redo follow the stack after the frame
            window.undo_stack.redo()
        QApplication.processEvents()
        assert window.undo_action.toolTip() != "Undo (Ctrl+Z)"  # names the command
    assert window.undo_action.receivers(CHANGED) <= before + SPARE + 1
    assert window.redo_action.receivers(CHANGED) <= before + SPARE + 1


def test_the_main_windows_undo_does_not_slow_down_through_an_evening(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Undo's text names the last edit: it changes with every edit of a sheet."""
    window, editor = sample_window_with_sheet(qtbot, tmp_path)
    undo = window.menus.undo_action
    # After the first screen the toolbar's buttons are watched.
    qtbot.waitUntil(lambda: bool(window.menus.toolbar.findChildren(_Trimmer)))
    doc = editor.doc
    before = undo.receivers(CHANGED)
    texts = set()
    for n in range(80):
        field = ("notes", "background")[n % 2]  # Undo's text names each edit
        command = commands.set_field(doc, doc.character, field, f"Line {n}")
        assert command is not None
        doc.push(command)
        texts.add(undo.text())
    assert len(texts) == 2
    assert undo.receivers(CHANGED) <= before + SPARE + 1
