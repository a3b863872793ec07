"""Nothing cut off: the dice panel, the character header and the tracker's act dock at the
sizes a GM meets (a 1366x768 laptop, a 1560-wide desktop window, a small scaled screen).

"Cut off" is what a player sees: a label or button narrower than its text, a word-wrapped
label shorter than its lines, or a control running past the edge of a panel that does not
scroll that way. Parts of a scroll area scrolled out of view are fine; so is a control
past the right edge when a horizontal scroll bar is there to reach it.
"""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QStyle,
    QStyleOptionButton,
    QVBoxLayout,
    QWidget,
)
from pytestqt.qtbot import QtBot

from sheets.dice import DieCode, RollSpec
from tests.ui_helpers import PATIENCE_MS, SAMPLE, copy_sample, sample_document
from ui.campaign.browser import CampaignBrowser
from ui.campaign.model import CampaignModel
from ui.dice import DicePanel
from ui.dice.odds_worker import OddsWorker
from ui.layouts import FitScrollArea, FlowLayout
from ui.main.window import MainWindow
from ui.sheet.editor import CharacterEditor
from ui.sheet.header import text_fits, text_room
from ui.theme import (
    INDICATOR_CONTRAST,
    INDICATOR_CONTRAST_DISABLED,
    apply_color_scheme,
    contrast_ratio,
    dark_palette,
    is_dark,
)
from ui.tracker import TrackerWindow, open_tracker

BRAWL = "encounters/brawl-at-the-pump-house.json"


# --- what "cut off" means ------------------------------------------------------------------


def _text(widget: QWidget) -> str:
    if isinstance(widget, (QLabel, QAbstractButton, QLineEdit)):
        return widget.text()
    if isinstance(widget, QComboBox):
        return widget.currentText()
    return ""


def _is_elided_with_tip(label: QLabel) -> bool:
    return bool(label.toolTip()) and "…" in label.text()


def _cut_by_an_ancestor(widget: QWidget, root: QWidget) -> str | None:
    """Why ``widget`` runs past an ancestor's edge, or None (scrolled out of view is fine)."""
    rect = QRect(QPoint(0, 0), widget.size())
    child, parent = widget, widget.parentWidget()
    while parent is not None:
        rect = rect.translated(child.pos())
        area = parent.parentWidget()
        inside = parent.rect()
        if not rect.intersects(inside):
            return None  # scrolled out of view (or a hidden page): nothing shows cut
        if isinstance(area, QAbstractScrollArea) and area.viewport() is parent:
            sideways = rect.left() < inside.left() or rect.right() > inside.right()
            if sideways and not area.horizontalScrollBar().isVisible():
                return f"cut at the side of {type(area).__name__} {area.objectName()!r}"
        elif not inside.contains(rect):
            return f"runs past the edge of {type(parent).__name__} {parent.objectName()!r}"
        if parent is root:
            return None
        rect = rect.intersected(inside)
        child, parent = parent, parent.parentWidget()
    return None


def cut_off(root: QWidget) -> list[str]:
    """Every visible text-bearing widget under ``root`` that shows its text cut off."""
    problems: list[str] = []
    for widget in root.findChildren(QWidget):
        if not widget.isVisible() or widget.objectName().startswith("qt_"):
            continue
        name = f"{type(widget).__name__} {_text(widget)[:40]!r}"
        if isinstance(widget, QLabel) and widget.text() and widget.pixmap().isNull():
            if widget.wordWrap():
                needed = widget.heightForWidth(widget.width())
                if widget.height() < needed:
                    problems.append(f"{name}: {widget.height()} px tall for {needed} px of lines")
            elif widget.width() < widget.sizeHint().width() and not _is_elided_with_tip(widget):
                problems.append(f"{name}: {widget.width()} px wide for {widget.sizeHint().width()}")
        elif (
            isinstance(widget, QAbstractButton)
            and widget.text()
            and widget.width() < widget.sizeHint().width()
        ):
            problems.append(f"{name}: {widget.width()} px wide for {widget.sizeHint().width()}")
        if isinstance(widget, (QLabel, QAbstractButton, QComboBox, QLineEdit, QAbstractSpinBox)):
            why = _cut_by_an_ancestor(widget, root)
            if why:
                problems.append(f"{name}: {why}")
    return problems


def settle(qtbot: QtBot) -> None:
    """Let posted layout requests (a chain of them, one level up at a time) and the
    panel's deferred balancing run, however busy the machine."""
    for _ in range(10):
        QApplication.sendPostedEvents()
        QApplication.processEvents()
    qtbot.wait(20)


def assert_nothing_cut(qtbot: QtBot, root: QWidget) -> None:
    """Once the layouts have settled (a busy machine may take a few passes), nothing under
    ``root`` shows its text cut off."""
    with contextlib.suppress(qtbot.TimeoutError):  # then report what is cut
        qtbot.waitUntil(lambda: not cut_off(root), timeout=2000)
    assert cut_off(root) == []


class _Screen:
    """Stands in for a laptop's screen (the offscreen platform's is 800x800)."""

    def __init__(self, width: int, height: int) -> None:
        self._rect = QRect(0, 0, width, height)

    def availableGeometry(self) -> QRect:
        return QRect(self._rect)

    def geometry(self) -> QRect:
        return QRect(self._rect)


def laptop(monkeypatch: pytest.MonkeyPatch, width: int, height: int) -> None:
    monkeypatch.setattr(MainWindow, "screen", lambda _self: _Screen(width, height))


# --- the main window -------------------------------------------------------------------------


def _main_window_rolling(qtbot: QtBot, tmp_path: Path, width: int, height: int) -> MainWindow:
    """The main window at ``width`` x ``height`` on a campaign, Greta's sheet open and her
    Firearms rolled (the bench screenshot's scene)."""
    window = MainWindow(autosave_ms=60_000)
    window.opener.offer_recovery_on_load = False
    qtbot.addWidget(window, before_close_func=lambda w: w.files.discard_all_changes())
    window.resize(width, height)
    window.show()
    qtbot.waitExposed(window)
    assert window.campaigns.open(copy_sample(tmp_path))
    session = window.workspace.session
    assert session is not None
    greta = next(d for d in session.documents() if "Greta" in d.character.name)
    editor = window.opener.open_document(greta)
    dexterity = next(a for a in greta.character.abilities if a.name == "Dexterity")
    index = editor.tree_model.index_of(dexterity.skills[0])
    editor.tree.setCurrentIndex(index)
    panel = window.rolls.ensure_panel()
    editor.roll_index(index)
    qtbot.waitUntil(lambda: panel.odds() is not None, timeout=5000)
    settle(qtbot)
    return window


def test_at_a_1366x768_laptop_the_dice_dock_and_the_header_cut_nothing_off(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    laptop(monkeypatch, 1366, 768)
    window = _main_window_rolling(qtbot, tmp_path, 1366, 740)
    panel = window.rolls.panel
    assert window.width() <= 1366  # the window stays on the screen
    assert_nothing_cut(qtbot, panel)
    editor = window.sheets.current_editor()
    assert editor is not None
    assert_nothing_cut(qtbot, editor.header)
    # The form folded into one column to fit, with no sideways scrolling needed.
    assert panel.form.columns() == 1
    assert not panel.scroll_area.horizontalScrollBar().isVisible()
    assert panel.points_label.text() == "CP 3 · AP 1 · FP 1"


def test_at_a_1366x768_laptop_the_result_is_in_view_after_the_odds_arrive(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 15: the Result box was clipped: the odds above it arrived after the roll,
    grew, and pushed it below the fold."""
    laptop(monkeypatch, 1366, 768)
    window = _main_window_rolling(qtbot, tmp_path, 1366, 740)
    panel = window.rolls.panel
    viewport = panel.scroll_area.viewport()

    def in_view() -> bool:
        box = panel.result_box
        top = box.mapTo(viewport, QPoint(0, 0)).y()
        return top >= 0 and top + box.height() <= viewport.height()

    qtbot.waitUntil(in_view, timeout=PATIENCE_MS)
    assert panel.cp_button.isVisible()
    # Rolled again (a new spec: the odds come later again), it still ends in view.
    panel.set_spec(RollSpec(code="9D+1", boost=2))
    panel.roll()
    qtbot.waitUntil(lambda: panel.odds() is not None, timeout=5000)
    settle(qtbot)
    qtbot.waitUntil(in_view, timeout=PATIENCE_MS)


def test_at_1560_wide_the_dice_form_sits_in_two_columns_and_nothing_is_cut(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    laptop(monkeypatch, 1600, 1000)
    window = _main_window_rolling(qtbot, tmp_path, 1560, 940)
    panel = window.rolls.panel
    assert panel.form.columns() == 2
    assert_nothing_cut(qtbot, panel)
    editor = window.sheets.current_editor()
    assert editor is not None
    assert_nothing_cut(qtbot, editor.header)
    # The roll row stays in view below the scrolling part, whatever is scrolled.
    assert panel.points_label.visibleRegion().boundingRect() == panel.points_label.rect()
    assert panel.roll_button.visibleRegion().boundingRect() == panel.roll_button.rect()


def test_on_a_small_scaled_screen_the_docks_stack_instead_of_pushing_off_screen(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """1280x800 at 125 %: 1024x640 to lay out in. Side by side, the browser and the dice
    panel with a sheet between them would not fit; stacked, they do."""
    laptop(monkeypatch, 1024, 640)
    window = MainWindow(autosave_ms=60_000)
    window.opener.offer_recovery_on_load = False
    qtbot.addWidget(window, before_close_func=lambda w: w.files.discard_all_changes())
    assert window.width() <= 1024 and window.height() <= 640  # its first size fits
    window.show()
    qtbot.waitExposed(window)
    assert window.campaigns.open(copy_sample(tmp_path))
    panel = window.rolls.ensure_panel()
    settle(qtbot)
    assert window.width() <= 1024 and window.height() <= 640  # no sheet yet: side by side
    session = window.workspace.session
    assert session is not None
    window.opener.open_document(next(iter(session.documents())))
    qtbot.waitUntil(lambda: panel.odds() is not None, timeout=5000)
    settle(qtbot)
    assert window.docks.browser_dock in window.tabifiedDockWidgets(window.docks.dice_dock)
    assert window.docks.dice_dock.isVisible()  # the dice on top of the stack
    assert_nothing_cut(qtbot, panel)


def test_a_restored_dock_layout_is_left_alone(qtbot: QtBot) -> None:
    window = MainWindow(autosave_ms=60_000)
    qtbot.addWidget(window)
    window.resize(1400, 900)
    state = window.saveState()
    window.preferences.restore_window(None, state)
    window.show()
    qtbot.waitExposed(window)
    widths = (window.docks.browser_dock.width(), window.docks.dice_dock.width())
    window.docks.fit()
    assert (window.docks.browser_dock.width(), window.docks.dice_dock.width()) == widths


# --- the dice panel on its own -----------------------------------------------------------------


@pytest.fixture
def panel(qtbot: QtBot) -> DicePanel:
    widget = DicePanel(odds_worker=OddsWorker(debounce_ms=5))
    qtbot.addWidget(widget)
    widget.set_character_points(3, 1)
    widget.set_spec(RollSpec(code=DieCode(5, 1), advantage=1, boost=1, flips=frozenset({1})))
    widget.set_difficulty(18)
    widget.resize(widget.sizeHint().width(), 900)
    widget.show()
    qtbot.waitExposed(widget)
    widget.roll(5)
    qtbot.waitUntil(lambda: widget.odds() is not None, timeout=PATIENCE_MS)
    settle(qtbot)
    return widget


def test_at_its_preferred_width_the_panel_shows_its_form_in_two_columns(
    qtbot: QtBot, panel: DicePanel
) -> None:
    assert panel.form.columns() == 2
    assert_nothing_cut(qtbot, panel)
    assert not panel.scroll_area.horizontalScrollBar().isVisible()


@pytest.mark.parametrize("sides", [6, 20])
def test_narrowed_the_form_folds_into_one_column_and_still_cuts_nothing(
    qtbot: QtBot, panel: DicePanel, sides: int
) -> None:
    panel.set_spec(RollSpec(code=DieCode(3, 0), sides=sides))
    content = panel.scroll_area.widget()
    assert content is not None
    bar = panel.scroll_area.verticalScrollBar().sizeHint().width()
    panel.resize(content.minimumSizeHint().width() + bar, 900)
    settle(qtbot)
    assert panel.form.columns() == 1
    assert_nothing_cut(qtbot, panel)
    assert not panel.scroll_area.horizontalScrollBar().isVisible()
    # ... and unfolds again when the dock widens.
    panel.resize(panel.sizeHint().width(), 900)
    settle(qtbot)
    assert panel.form.columns() == 2
    assert_nothing_cut(qtbot, panel)


def test_narrower_than_its_content_the_panel_scrolls_sideways_rather_than_cut(
    qtbot: QtBot, panel: DicePanel
) -> None:
    content = panel.scroll_area.widget()
    assert content is not None
    panel.resize(max(panel.minimumSizeHint().width(), content.minimumSizeHint().width() // 2), 900)
    settle(qtbot)
    assert panel.scroll_area.horizontalScrollBar().isVisible()
    assert_nothing_cut(qtbot, panel)


def test_a_short_panel_keeps_the_form_whole_and_the_roll_button_in_view(
    qtbot: QtBot, panel: DicePanel
) -> None:
    panel.resize(panel.width(), panel.minimumSizeHint().height())
    settle(qtbot)
    panel.scroll_area.verticalScrollBar().setValue(0)
    assert panel.scroll_area.height() >= panel.scroll_area.minimumSizeHint().height()
    for control in (panel.form.code_edit, panel.form.difficulty_spin, panel.form.reset_button):
        assert control.visibleRegion().boundingRect() == control.rect(), control
    assert panel.roll_button.visibleRegion().boundingRect() == panel.roll_button.rect()


def test_a_new_roll_scrolls_its_result_into_view(qtbot: QtBot, panel: DicePanel) -> None:
    panel.resize(panel.width(), panel.minimumSizeHint().height())
    settle(qtbot)
    panel.scroll_area.verticalScrollBar().setValue(0)
    panel.roll(7)
    settle(qtbot)
    assert not panel.total_label.visibleRegion().isEmpty()


def test_the_history_gives_way_to_the_roll_when_the_panel_is_short(
    qtbot: QtBot, panel: DicePanel
) -> None:
    history = panel.splitter.widget(1)
    assert history is not None
    panel.resize(panel.width(), panel.minimumSizeHint().height() + 40)
    panel._balance_splitter()  # as on the first show in a short dock
    settle(qtbot)
    assert history.height() == history.minimumSizeHint().height()


# --- the tracker -----------------------------------------------------------------------------


def _tracker(qtbot: QtBot, tmp_path: Path, width: int, height: int) -> TrackerWindow:
    folder = tmp_path / "campaign"
    shutil.copytree(SAMPLE, folder)
    window = open_tracker(folder, BRAWL, freeze=False)
    qtbot.addWidget(window, before_close_func=lambda w: w.mark_clean())  # type: ignore[attr-defined]
    window.resize(width, height)
    window.show()
    qtbot.waitExposed(window)
    window.roll_initiative(seed=42)
    act = window.act_panel
    spec = act.dice_panel.spec()
    assert spec is not None
    act.dice_panel.roll(5)
    settle(qtbot)
    return window


@pytest.mark.parametrize(("width", "height"), [(1580, 960), (1366, 768), (1024, 640)])
def test_the_act_dock_never_squeezes_the_dice_panel(
    qtbot: QtBot, tmp_path: Path, width: int, height: int
) -> None:
    window = _tracker(qtbot, tmp_path, width, height)
    dice = window.act_panel.dice_panel
    minimum = dice.minimumSizeHint()
    assert dice.width() >= minimum.width() and dice.height() >= minimum.height()
    assert_nothing_cut(qtbot, dice)
    # The act dock's default width shows the dice form side by side.
    assert dice.form.columns() == 2
    assert not dice.scroll_area.horizontalScrollBar().isVisible()
    # Issue 16: no scroll area holds the act panel (the dice panel's is the only one).
    assert _scrolled_ancestor(window.act_panel) is None


def test_the_tracker_fits_a_laptop_screen_and_keeps_the_roll_button_in_view(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _tracker(qtbot, tmp_path, 1366, 740)
    assert window.height() <= 768
    button = window.act_panel.dice_panel.roll_button
    assert button.visibleRegion().boundingRect() == button.rect()


# --- the layout helpers ------------------------------------------------------------------------


def test_fit_scroll_area_asks_for_its_widgets_width_as_it_changes(qtbot: QtBot) -> None:
    label = QLabel("short")
    inner = QWidget()
    QVBoxLayout(inner).addWidget(label)
    area = FitScrollArea(inner)
    qtbot.addWidget(area)
    area.show()
    before = area.minimumSizeHint().width()
    assert before >= inner.minimumSizeHint().width()
    label.setText("a much, much longer label than the first one was")
    qtbot.waitUntil(lambda: area.minimumSizeHint().width() > before)
    assert area.minimumSizeHint().width() >= inner.minimumSizeHint().width()
    assert area.sizeHint().width() >= inner.sizeHint().width()


def test_flow_layout_wraps_buttons_instead_of_cutting_them(qtbot: QtBot) -> None:
    host = QWidget()
    flow = FlowLayout(host)
    buttons: list[Any] = [QPushButton(text) for text in ("One", "Two wide", "Three", "Four!")]
    for button in buttons:
        flow.addWidget(button)
    qtbot.addWidget(host)
    widest = max(b.sizeHint().width() for b in buttons)
    assert host.minimumSizeHint().width() == widest + flow.contentsMargins().left() * 2
    host.resize(QSize(host.minimumSizeHint().width(), flow.heightForWidth(widest)))
    host.show()
    qtbot.waitExposed(host)
    tops = {b.y() for b in buttons}
    assert len(tops) == len(buttons)  # one per line at the narrowest
    assert_nothing_cut(qtbot, host)
    host.resize(flow.sizeHint().width(), flow.heightForWidth(flow.sizeHint().width()))
    qtbot.waitUntil(lambda: len({b.y() for b in buttons}) == 1)  # one line when wide
    assert_nothing_cut(qtbot, host)


# --- a GM's laptop: the sheet, the act panel, the browser, the header, dark check boxes ----


def test_a_new_sheet_asks_for_its_stacked_layout_not_the_side_by_side_one(
    qtbot: QtBot,
) -> None:
    """Before its first resize the sheet is stacked: its minimum is the compact layout's
    (the side-by-side one would push a small screen's main window past its edge)."""
    editor = CharacterEditor(sample_document())
    qtbot.addWidget(editor)
    assert editor.splitter.orientation() == Qt.Orientation.Vertical
    minimum = editor.minimumSizeHint()
    assert minimum.width() < editor.wide_layout_width()
    assert minimum.height() <= 480  # the sheet's pages scroll: 640 px less a main window's
    # Side by side once it is wide enough, stacked again when narrowed.
    editor.resize(editor.wide_layout_width(), 700)
    editor.show()
    qtbot.waitExposed(editor)
    settle(qtbot)
    assert editor.splitter.orientation() == Qt.Orientation.Horizontal
    assert editor.minimumSizeHint().width() <= editor.width()
    assert_nothing_cut(qtbot, editor)
    editor.resize(editor.wide_layout_width() - 1, 700)
    settle(qtbot)
    assert editor.splitter.orientation() == Qt.Orientation.Vertical


@pytest.mark.parametrize(("width", "height"), [(1024, 640), (1366, 768)])
def test_with_a_sheet_open_the_main_window_fits_a_laptop_screen(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, width: int, height: int
) -> None:
    """1366x768, and 1280x800 at 125 % (1024x640 to lay out in): the main window with a
    sheet open (the dice and the browser docked) asks for no more than the screen."""
    laptop(monkeypatch, width, height)
    window = MainWindow(autosave_ms=60_000)
    window.opener.offer_recovery_on_load = False
    qtbot.addWidget(window, before_close_func=lambda w: w.files.discard_all_changes())
    window.resize(width, height)
    window.show()
    qtbot.waitExposed(window)
    assert window.campaigns.open(copy_sample(tmp_path))
    panel = window.rolls.ensure_panel()
    session = window.workspace.session
    assert session is not None
    greta = next(d for d in session.documents() if "Greta" in d.character.name)
    editor = window.opener.open_document(greta)
    qtbot.waitUntil(lambda: panel.odds() is not None, timeout=5000)
    settle(qtbot)
    minimum = window.minimumSizeHint()
    assert minimum.width() <= width and minimum.height() <= height, minimum
    assert window.height() <= height  # nothing pushed it past the bottom edge
    assert editor.splitter.orientation() == Qt.Orientation.Vertical  # no room side by side
    assert_nothing_cut(qtbot, editor)


def test_opening_the_first_sheet_keeps_a_1024_wide_window_on_the_screen(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    laptop(monkeypatch, 1024, 640)
    window = MainWindow(autosave_ms=60_000)
    window.opener.offer_recovery_on_load = False
    qtbot.addWidget(window, before_close_func=lambda w: w.files.discard_all_changes())
    window.resize(1024, 640)
    window.show()
    qtbot.waitExposed(window)
    assert window.campaigns.open(copy_sample(tmp_path))
    window.rolls.ensure_panel()
    settle(qtbot)
    session = window.workspace.session
    assert session is not None
    window.opener.open_document(next(iter(session.documents())))
    settle(qtbot)
    assert window.width() <= 1024


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1366, 740), (1580, 960)])
def test_the_act_panel_fits_a_laptop_tracker_without_nested_scrolling(
    qtbot: QtBot, tmp_path: Path, width: int, height: int
) -> None:
    """Issue 16: a 768 px tall tracker shows the act bar whole (target, weapon, skill,
    what resists, Roll and record, Damage, the typed total) above the tabs, and the dice
    tab's form whole; nothing holds the act panel in a scroll area."""
    window = _tracker(qtbot, tmp_path, width, height)
    act = window.act_panel
    assert window.height() <= max(height, 768)
    assert _scrolled_ancestor(act) is None
    bar = act.bar
    for control in (
        act.form.actor_combo,
        act.form.target_combo,
        act.form.weapon_combo,
        act.form.skill_combo,
        act.form.resist_combo,
        bar.roll_button,
        bar.record_button,
        bar.damage_button,
        bar.typed_spin,
        bar.typed_button,
    ):
        assert control.visibleRegion().boundingRect() == control.rect(), control.objectName()
    dice = act.dice_panel
    assert act.tabs.currentWidget() is dice
    assert dice.height() >= dice.minimumSizeHint().height()
    assert dice.roll_button.visibleRegion().boundingRect() == dice.roll_button.rect()
    assert_nothing_cut(qtbot, dice)


def _scrolled_ancestor(widget: QWidget) -> QWidget | None:
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            return parent
        parent = parent.parentWidget()
    return None


def test_at_its_narrowest_the_browser_shows_the_search_fields_placeholder_whole(
    qtbot: QtBot,
) -> None:
    browser = CampaignBrowser(CampaignModel())
    qtbot.addWidget(browser)
    browser.finish_setup()
    browser.resize(browser.minimumSizeHint())
    browser.show()
    qtbot.waitExposed(browser)
    settle(qtbot)
    search = browser.search
    placeholder = search.placeholderText()
    assert placeholder and not search.text()
    assert search.fontMetrics().horizontalAdvance(placeholder) <= text_room(search)
    assert_nothing_cut(qtbot, browser)
    # Typed into and cleared again, it is that wide again once the clear button has
    # faded out.
    qtbot.keyClicks(search, "Greta")
    search.clear()
    width = search.fontMetrics().horizontalAdvance(placeholder)
    qtbot.waitUntil(lambda: width <= text_room(search), timeout=PATIENCE_MS)
    assert browser.width() == browser.minimumSizeHint().width()


@pytest.mark.parametrize(("width", "height"), [(1366, 740), (1560, 940)])
def test_a_typical_long_name_shows_whole_in_the_header(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, width: int, height: int
) -> None:
    laptop(monkeypatch, max(width, 1366), max(height, 768))
    window = _main_window_rolling(qtbot, tmp_path, width, height)
    editor = window.sheets.current_editor()
    assert editor is not None
    name = editor.header.name_edit
    assert name.text() == 'Dr. Margarethe "Greta" Vance'
    assert text_fits(name), (name.width(), text_room(name))
    assert name.toolTip() == ""
    # A name longer than any field shows whole in the field's tooltip instead.
    name.setText("Professor " * 30)
    assert not text_fits(name)
    assert name.toolTip() == name.text()


@pytest.fixture
def dark(qapp: QApplication) -> Iterator[QApplication]:
    """The app in the dark scheme for one test, then back as it was."""
    style = qapp.style().name()
    apply_color_scheme(qapp, "dark")
    yield qapp
    apply_color_scheme(qapp, "system")
    qapp.setStyle(style)


def _outline_contrast(box: QCheckBox | QRadioButton, against: QColor) -> float:
    """The best contrast with ``against`` along the middle of the indicator's left edge."""
    image = box.grab().toImage()
    option = QStyleOptionButton()
    option.initFrom(box)
    element = (
        QStyle.SubElement.SE_CheckBoxIndicator
        if isinstance(box, QCheckBox)
        else QStyle.SubElement.SE_RadioButtonIndicator
    )
    rect = box.style().subElementRect(element, option, box)
    middle = range(rect.center().y() - 2, rect.center().y() + 3)
    return max(
        contrast_ratio(QColor(image.pixel(x, y)), against)
        for x in range(rect.left(), rect.left() + 2)
        for y in middle
    )


def test_in_the_dark_scheme_check_box_outlines_stand_out(qtbot: QtBot, dark: QApplication) -> None:
    host = QWidget()
    column = QVBoxLayout(host)
    boxes = [QCheckBox("Luck point"), QCheckBox("Count successes")]
    boxes[1].setEnabled(False)
    for box in boxes:
        column.addWidget(box)
    qtbot.addWidget(host)
    host.show()
    qtbot.waitExposed(host)
    palette = dark.palette()
    assert is_dark(palette)
    base, window = palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Window)
    assert _outline_contrast(boxes[0], base) >= INDICATOR_CONTRAST
    assert _outline_contrast(boxes[0], window) >= INDICATOR_CONTRAST
    assert _outline_contrast(boxes[1], base) >= INDICATOR_CONTRAST_DISABLED
    # Only the indicators changed: the app's colours, and a button's, are the dark ones.
    assert palette.color(QPalette.ColorRole.Window) == dark_palette().color(
        QPalette.ColorRole.Window
    )
    button = QPushButton("Roll")
    column.addWidget(button)
    assert button.palette().color(QPalette.ColorRole.Window) == window
    # Back in the light scheme, check boxes take the light palette's box colour again,
    # with outlines that stand out there too (Fusion's own reach about 1.9:1).
    apply_color_scheme(dark, "light")
    settle(qtbot)
    light = dark.palette()
    assert not is_dark(light)
    assert boxes[0].palette().color(QPalette.ColorRole.Base) == light.color(QPalette.ColorRole.Base)
    base, window = light.color(QPalette.ColorRole.Base), light.color(QPalette.ColorRole.Window)
    assert _outline_contrast(boxes[0], base) >= INDICATOR_CONTRAST
    assert _outline_contrast(boxes[0], window) >= INDICATOR_CONTRAST


def test_the_one_colour_toolbar_icons_take_the_text_colour_of_the_scheme(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Issue 15: dark-mode toolbar icons (undo, redo, start session) were invisible."""
    from PySide6.QtWidgets import QApplication

    from ui.theme import apply_color_scheme

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    window = MainWindow(autosave_ms=60_000)
    qtbot.addWidget(window, before_close_func=lambda w: w.files.discard_all_changes())
    try:
        for scheme in ("dark", "light"):
            apply_color_scheme(app, scheme)
            window.menus.set_icons()
            image = window.menus.start_session_action.icon().pixmap(32, 32).toImage()
            drawn = [
                image.pixelColor(x, y)
                for x in range(image.width())
                for y in range(image.height())
                if image.pixelColor(x, y).alpha() > 200
            ]
            text = window.palette().color(QPalette.ColorRole.ButtonText)
            assert drawn and all(abs(c.lightness() - text.lightness()) < 40 for c in drawn), scheme
    finally:
        apply_color_scheme(app, "light")
