"""Issue 17: what the main window's first paint waits for. Each module here used to load
before the first paint (or a filter ran on every event) and is deferred on purpose; a new
top-level import that drags one back in fails here, not months later in a benchmark."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from tests.app_helpers import run_script

_AT_FIRST_PAINT = """
import json, sys
from PySide6.QtWidgets import QApplication

filters = []
_install = QApplication.installEventFilter
def install(self, watcher):
    filters.append(type(watcher).__name__)
    _install(self, watcher)
QApplication.installEventFilter = install

from PySide6 import QtGui, QtWidgets
from PySide6.QtCore import QEvent, QObject, QTimer

import app.gui as gui

UNUSED = "QLCDNumber"  # a widget class Wild Die never uses: built only by a full lookup
from ui.main.first_paint import FirstPaint

seen = {}
_init = FirstPaint.__init__

def init(self, window):
    _init(self, window)
    def painted():
        seen["modules"] = sorted(sys.modules)
        seen["app_filters"] = list(filters)
        seen["icon_at_first_paint"] = not QApplication.windowIcon().isNull()
        seen["qfont_at_first_paint"] = "QFont" in QtGui.__dict__
        seen["rows_at_first_paint"] = window.browser.model.rowCount()
    self.firstPainted.connect(painted)

    class PanelPaint(QObject):
        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Paint and "all_widget_types" not in seen:
                seen["all_widget_types"] = UNUSED in QtWidgets.__dict__
                seen["style_at_panel_paint"] = "QStyle" in QtWidgets.__dict__
                seen["datetime_at_panel_paint"] = "datetime" in sys.modules
                seen["secrets_at_panel_paint"] = "secrets" in sys.modules
                seen["gmpy2_at_panel_paint"] = "gmpy2" in sys.modules
            return False

    def panel_built():  # queued: runs once the window's own slots have built the panel
        window.rolls.panel.histogram.installEventFilter(watcher)

    watcher = PanelPaint()
    self.afterFirstPaint.connect(lambda: QTimer.singleShot(0, panel_built))

FirstPaint.__init__ = init
code = gui.run([sys.argv[1]])
seen["icon_at_the_end"] = not QApplication.windowIcon().isNull()
print("SEEN " + json.dumps(seen))
sys.exit(code)
"""


@pytest.fixture(scope="module")
def first_paint(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What was loaded, and which filters sat on the application, at the first paint of
    ``wilddie gui CAMPAIGN`` (a fresh process, the sample campaign)."""
    from tests.ui_helpers import copy_sample

    tmp = tmp_path_factory.mktemp("first-paint")
    campaign = copy_sample(tmp)
    proc = run_script(
        _AT_FIRST_PAINT,
        str(campaign),
        home=tmp,
        WILDDIE_STARTUP_PROBE="1",
        WILDDIE_QUIT_AFTER_MS="30000",  # only stops a run that went wrong
    )
    line = next(line for line in proc.stdout.splitlines() if line.startswith("SEEN "))
    seen: dict[str, Any] = json.loads(line.removeprefix("SEEN "))
    return seen


def test_the_first_paint_waits_for_no_document_model_dice_or_deferred_module(
    first_paint: dict[str, Any],
) -> None:
    loaded = set(first_paint["modules"])
    deferred = {
        "pydantic",  # the documents: validated after the first paint
        "sheets.documents",
        "sheets.dice",  # the dice panel: built just after the first paint
        "sheets.odds",
        "ui.dice",
        "ui.layouts",  # names QStyle: its enums cost ~7 ms the first time (fit_to_screen moved)
        "html",  # ui.text.escaped loads it on first use
        "dataclasses",  # the roll controller's replace(), on a roll
        "datetime",  # the campaign memory's time stamps, on writing
        "hashlib",  # autosave file names
    }
    assert sorted(deferred & loaded) == []


def test_no_event_filter_on_the_whole_application_outside_macos(
    first_paint: dict[str, Any],
) -> None:
    """A filter on the application gets every event of every widget: in Python, a call
    each (and the first paint ~140 enums built for the widgets' wrappers). Only macOS
    sends the file-open events it was there for."""
    assert first_paint["app_filters"] == ([] if sys.platform != "darwin" else ["_FileOpenEvents"])


def test_the_window_icon_comes_after_the_first_screen(first_paint: dict[str, Any]) -> None:
    """An SVG (Qt's SVG plugin, ~5 ms, and QIcon's enums ~3 ms): after the dice panel."""
    assert first_paint["icon_at_first_paint"] is False
    assert first_paint["icon_at_the_end"] is True


def test_no_full_widget_type_lookup_before_the_dice_panel_is_painted(
    first_paint: dict[str, Any],
) -> None:
    """A Qt-made widget handed to Python as a plain QWidget (a scroll area's viewport(), an
    application-wide event filter's ``watched``) makes PySide build every QWidget
    subclass's type to find its class: ~14 ms and ~50 enums."""
    assert first_paint["all_widget_types"] is False


def test_the_first_screen_never_builds_qstyle(first_paint: dict[str, Any]) -> None:
    """PySide builds QStyle's enums the first time Python touches the class or a style
    (~10 ms): the window, the dice panel and its odds are on screen before that (the
    toolbar's standard icons come after)."""
    assert first_paint["style_at_panel_paint"] is False


def test_the_dice_panel_loads_datetime_with_its_first_roll(first_paint: dict[str, Any]) -> None:
    assert first_paint["datetime_at_panel_paint"] is False


def test_the_first_screen_odds_run_without_gmp(first_paint: dict[str, Any]) -> None:
    """Importing gmpy2 costs 25-50 ms (and brings in importlib.metadata, email, datetime):
    the odds engine engages it for the first large roll, not for the first screen's."""
    assert first_paint["gmpy2_at_panel_paint"] is False


def test_the_dice_panel_loads_secrets_with_its_first_roll(first_paint: dict[str, Any]) -> None:
    """A roll's fresh seed (``new_seed``) needs ``secrets``, and it hashlib and OpenSSL
    (~5 ms): with the first roll, not before the odds are on screen."""
    assert first_paint["secrets_at_panel_paint"] is False


def test_the_first_paint_builds_no_qfont_and_waits_for_no_row(first_paint: dict[str, Any]) -> None:
    """Issue 17: PySide's QFont type (its enums, ~7 M instructions) waits for the first
    modified row; the campaign's rows (listing and reading its files) come right after
    the first paint."""
    assert first_paint["qfont_at_first_paint"] is False
    assert first_paint["rows_at_first_paint"] == 0
