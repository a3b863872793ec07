"""Issue 17: at start-up the dice panel and its odds are on screen before the campaign's
loading (pydantic, every file validated) runs. A queued call after the first paint used to
run before the panel's paint (Qt posts paints at low priority): the panel built for the
first screen appeared only once the whole campaign had loaded."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from tests.ui_helpers import copy_sample
from ui.main.first_paint import after_painted
from ui.main.window import MainWindow
from ui.services.prompter import ScriptedPrompter


class _Log(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.events: list[str] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and "painted" not in self.events:
            self.events.append("painted")
        return False


def test_the_campaign_loads_after_the_dice_panel_and_its_odds_are_painted(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = MainWindow(autosave_ms=60_000, prompter=ScriptedPrompter())
    window.opener.offer_recovery_on_load = False
    qtbot.addWidget(window, before_close_func=lambda w: w.files.discard_all_changes())
    assert window.campaigns.open(copy_sample(tmp_path), defer_loading=True)
    log = _Log()
    odds: list[bool] = []

    def panel_built() -> None:  # connected first: runs before the window's own slots
        window.first_paint.afterFirstPaint.disconnect(panel_built)
        panel = window.rolls.ensure_panel()
        panel.histogram.installEventFilter(log)

    window.first_paint.afterFirstPaint.connect(panel_built)
    icons: list[bool] = []

    def loaded(_session: object) -> None:
        log.events.append("loaded")
        odds.append(window.rolls.panel.odds() is not None)
        icons.append(not window.menus.start_session_action.icon().isNull())

    window.campaigns.campaignOpened.connect(loaded)
    window.show()
    qtbot.waitUntil(lambda: "loaded" in log.events, timeout=20_000)
    assert log.events == ["painted", "loaded"]
    assert odds == [True]
    assert icons == [True]  # the toolbar's icons came between the two


def test_after_painted_waits_for_the_paint_and_runs_once(qtbot: QtBot) -> None:
    label = QLabel("shown")
    qtbot.addWidget(label)
    label.show()
    qtbot.waitExposed(label)
    qtbot.wait(50)  # the first paints are over
    calls: list[str] = []
    after_painted(label, lambda: calls.append("after"))
    qtbot.wait(50)
    assert calls == []  # nothing repainted it yet
    label.setText("changed")  # a repaint
    qtbot.waitUntil(lambda: calls == ["after"], timeout=2000)
    label.setText("again")
    qtbot.wait(1200)  # past the wait's limit too
    assert calls == ["after"]


def test_after_painted_on_a_hidden_widget_runs_soon(qtbot: QtBot) -> None:
    label = QLabel("never shown")
    qtbot.addWidget(label)
    calls: list[str] = []
    after_painted(label, lambda: calls.append("after"))
    qtbot.waitUntil(lambda: calls == ["after"], timeout=500)


def test_the_dock_separator_read_off_the_window_is_the_styles(qtbot: QtBot) -> None:
    """The docks' fit reads the separator's width off the laid-out window (asking the
    style would build QStyle's enums before the dice panel's first paint)."""
    from PySide6.QtWidgets import QStyle

    window = MainWindow(autosave_ms=60_000, prompter=ScriptedPrompter())
    qtbot.addWidget(window, before_close_func=lambda w: w.files.discard_all_changes())
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.rolls.panel is not None)
    metric = QStyle.PixelMetric.PM_DockWidgetSeparatorExtent
    assert window.docks._separator() == window.style().pixelMetric(metric, None, window)
    window.docks.dice_dock.hide()  # nothing to read it off: the style says
    assert window.docks._separator() == window.style().pixelMetric(metric, None, window)
