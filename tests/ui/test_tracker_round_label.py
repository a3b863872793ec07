"""The status bar's round label keeps its size while the names are alike, so a turn
does not lay out the tracker's window again (``ui.tracker.round_label``, issue 17)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QMainWindow
from pytestqt.qtbot import QtBot

from tests.ui_helpers import LayoutRequests
from ui.tracker.round_label import NARROWER_BELOW, RoundLabel


def _shown(qtbot: QtBot) -> tuple[RoundLabel, QMainWindow]:
    window = QMainWindow()
    qtbot.addWidget(window)
    label = RoundLabel()
    window.statusBar().addPermanentWidget(label)
    label.show_text("Round 1 \u2014 Bartholomew's turn")
    window.resize(900, 400)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    return label, window


def test_a_name_as_long_or_shorter_keeps_the_window_laid_out(qtbot: QtBot) -> None:
    label, window = _shown(qtbot)
    size = label.size()
    requests = LayoutRequests(window.statusBar(), window)
    for name in ("Mira", "Bartholomew", "Ulfgar the Tall"[:11], "Zed"):
        label.show_text(f"Round 1 \u2014 {name}'s turn")
        QApplication.processEvents()
        assert label.text() == f"Round 1 \u2014 {name}'s turn"
    assert label.size() == size
    assert requests.count == 0


def test_a_longer_text_widens_the_label_and_a_much_shorter_one_narrows_it(
    qtbot: QtBot,
) -> None:
    label, _window = _shown(qtbot)
    narrow = label.width()
    over = "Round 4 \u2014 Mira's turn \u2014 no active opposition (R6): the scene can end"
    label.show_text(over)
    QApplication.processEvents()
    assert label.width() == label.sizeHint().width() > narrow  # the whole text shows
    wide = label.width()
    label.show_text("Round 4")  # the hint taken back: far narrower
    QApplication.processEvents()
    assert label.sizeHint().width() < wide * NARROWER_BELOW
    assert label.width() == label.sizeHint().width()


def test_a_new_font_fits_the_label_again(qtbot: QtBot) -> None:
    label, _window = _shown(qtbot)
    before = label.size()
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    label.setFont(font)
    QApplication.processEvents()
    assert label.size() == label.sizeHint()
    assert label.height() > before.height()
