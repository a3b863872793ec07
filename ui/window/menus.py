"""The main window's actions, menu bar and toolbar, and the About box.

The actions call the window's public methods, so a test or a script that triggers an
action runs exactly what the menu runs.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QToolBar

from ui.window import APP_NAME, campaigns

if TYPE_CHECKING:
    from sheets.documents import CharacterKind
    from ui.main_window import MainWindow


def _action(
    window: MainWindow,
    text: str,
    slot: Callable[[], Any],
    shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    tip: str | None = None,
) -> QAction:
    action = QAction(text, window)
    if isinstance(shortcut, QKeySequence.StandardKey):
        action.setShortcuts(shortcut)  # every binding of the platform (Close: Ctrl+W too)
    elif shortcut is not None:
        action.setShortcut(shortcut if not isinstance(shortcut, str) else QKeySequence(shortcut))
    if tip:
        action.setStatusTip(tip)
        action.setToolTip(tip)
    action.triggered.connect(lambda _checked=False: slot())
    return action


def build_actions(window: MainWindow) -> None:
    window.new_action = _action(
        window,
        window.tr("&New Character"),
        lambda: window.new_character("character"),
        QKeySequence.StandardKey.New,
        window.tr("Make a new player character in this campaign"),
    )
    window.new_kind_actions = {}
    kinds: tuple[tuple[CharacterKind, str], ...] = (
        ("npc", window.tr("New &NPC")),
        ("creature", window.tr("New C&reature")),
        ("vehicle", window.tr("New &Vehicle")),
        ("object", window.tr("New &Object")),
        ("location", window.tr("New &Location")),
    )
    for kind, text in kinds:
        window.new_kind_actions[kind] = _action(window, text, partial(window.new_character, kind))
    window.new_campaign_action = _action(
        window,
        window.tr("New &Campaign…"),
        window.new_campaign,
        None,
        window.tr("Start a campaign folder"),
    )
    window.open_action = _action(
        window,
        window.tr("&Open…"),
        window.open_file,
        QKeySequence.StandardKey.Open,
        window.tr("Open a character file, or a campaign's campaign.json"),
    )
    window.open_campaign_action = _action(
        window,
        window.tr("Open Ca&mpaign Folder…"),
        window.choose_campaign,
        "Ctrl+Shift+O",
        window.tr("Open a campaign folder"),
    )
    window.import_action = _action(
        window,
        window.tr("&Import Character…"),
        window.import_character,
        "Ctrl+I",
        window.tr("Copy a character file from another campaign into this one"),
    )
    window.save_action = _action(
        window,
        window.tr("&Save"),
        window.save_current,
        QKeySequence.StandardKey.Save,
        window.tr("Save the current character"),
    )
    window.save_as_action = _action(
        window, window.tr("Save &As…"), window.save_current_as, QKeySequence.StandardKey.SaveAs
    )
    window.save_all_action = _action(
        window,
        window.tr("Save A&ll"),
        window.save_all,
        "Ctrl+Alt+S",
        window.tr("Save every character with unsaved changes, and the campaign"),
    )
    window.revert_action = _action(
        window,
        window.tr("&Revert"),
        window.revert_current,
        None,
        window.tr("Reload the saved file"),
    )
    window.close_action = _action(
        window,
        window.tr("&Close"),
        lambda: window.close_tab(window.tabs.currentIndex()),
        QKeySequence.StandardKey.Close,
    )
    window.print_action = _action(
        window, window.tr("&Print…"), window.print_current, QKeySequence.StandardKey.Print
    )
    window.pdf_action = _action(
        window,
        window.tr("&Export PDF…"),
        window.export_pdf,
        "Ctrl+Shift+E",
        window.tr("Save the sheet as a PDF"),
    )
    window.quit_action = _action(
        window, window.tr("&Quit"), window.close, QKeySequence.StandardKey.Quit
    )
    window.undo_action = window.undo_group.createUndoAction(window, window.tr("&Undo"))
    window.undo_action.setShortcuts(QKeySequence.StandardKey.Undo)
    window.redo_action = window.undo_group.createRedoAction(window, window.tr("&Redo"))
    window.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
    window.find_action = _action(
        window, window.tr("&Find in Campaign"), window.focus_search, QKeySequence.StandardKey.Find
    )
    window.start_session_action = _action(
        window,
        window.tr("&Start Session"),
        window.start_session,
        "F5",
        window.tr("R7: every player character starts the session with 1 action point"),
    )
    window.new_encounter_action = _action(
        window,
        window.tr("New &Encounter…"),
        window.new_encounter,
        "Ctrl+Shift+N",
        window.tr("Build an encounter from the campaign's characters and Stock templates (R6)"),
    )
    window.house_rules_action = _action(
        window,
        window.tr("House &Rules…"),
        window.edit_house_rules,
        None,
        window.tr(
            "The settings the rules leave to the table: Wild Dice, critical 1 (R3), "
            "damage system (R10), initiative (R6), scale (R9), action points (R7)"
        ),
    )
    window.roll_dock_action = window.dice_dock.toggleViewAction()
    window.roll_dock_action.setShortcut(QKeySequence("Ctrl+D"))
    window.browser_dock_action = window.browser_dock.toggleViewAction()
    window.browser_dock_action.setShortcut(QKeySequence("Ctrl+B"))
    window.about_action = _action(
        window, window.tr("&About %1").replace("%1", APP_NAME), window.show_about
    )
    window.scheme_group = QActionGroup(window)
    window.scheme_actions = {}
    for scheme, text in (
        ("system", window.tr("Follow the &System")),
        ("light", window.tr("&Light")),
        ("dark", window.tr("&Dark")),
    ):
        action = _action(window, text, partial(window.set_color_scheme, scheme))
        action.setCheckable(True)
        window.scheme_group.addAction(action)
        window.scheme_actions[scheme] = action
    window.scheme_actions["system"].setChecked(True)


def build_menus(window: MainWindow) -> None:
    bar = window.menuBar()
    window.file_menu = file_menu = bar.addMenu(window.tr("&File"))
    file_menu.addAction(window.new_action)
    new_more = file_menu.addMenu(window.tr("New &Other"))
    for action in window.new_kind_actions.values():
        new_more.addAction(action)
    file_menu.addAction(window.new_campaign_action)
    file_menu.addSeparator()
    file_menu.addAction(window.open_action)
    file_menu.addAction(window.open_campaign_action)
    window.recent_menu = file_menu.addMenu(window.tr("Recent Ca&mpaigns"))
    window.recent_menu.aboutToShow.connect(lambda: campaigns.fill_recent_menu(window))
    file_menu.addAction(window.import_action)
    file_menu.addSeparator()
    for action in (
        window.save_action,
        window.save_as_action,
        window.save_all_action,
        window.revert_action,
    ):
        file_menu.addAction(action)
    file_menu.addSeparator()
    file_menu.addAction(window.print_action)
    file_menu.addAction(window.pdf_action)
    file_menu.addSeparator()
    file_menu.addAction(window.close_action)
    file_menu.addAction(window.quit_action)

    window.edit_menu = edit_menu = bar.addMenu(window.tr("&Edit"))
    edit_menu.addAction(window.undo_action)
    edit_menu.addAction(window.redo_action)
    edit_menu.addSeparator()
    edit_menu.addAction(window.find_action)

    window.campaign_menu = campaign_menu = bar.addMenu(window.tr("&Campaign"))
    campaign_menu.addAction(window.start_session_action)
    campaign_menu.addAction(window.new_encounter_action)
    campaign_menu.addSeparator()
    campaign_menu.addAction(window.house_rules_action)

    window.view_menu = view_menu = bar.addMenu(window.tr("&View"))
    view_menu.addAction(window.browser_dock_action)
    view_menu.addAction(window.roll_dock_action)
    scheme_menu = view_menu.addMenu(window.tr("&Colour Scheme"))
    for action in window.scheme_actions.values():
        scheme_menu.addAction(action)

    window.help_menu = help_menu = bar.addMenu(window.tr("&Help"))
    help_menu.addAction(window.about_action)


def build_toolbar(window: MainWindow) -> None:
    toolbar = QToolBar(window.tr("Main toolbar"))
    toolbar.setObjectName("MainToolbar")
    toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    for action in (
        window.new_action,
        window.open_action,
        window.save_action,
        None,
        window.undo_action,
        window.redo_action,
        None,
        window.start_session_action,
    ):
        if action is None:
            toolbar.addSeparator()
        else:
            toolbar.addAction(action)
    window.addToolBar(toolbar)
    window.toolbar = toolbar


def show_about(window: MainWindow) -> None:
    from ui.services.names import app_version

    window.prompter.about(
        window.tr("About %1").replace("%1", APP_NAME),
        f"<h3>{APP_NAME} {app_version()}</h3>"
        + window.tr("<p>Offline character sheets and encounter tracker for FreeD6 / OpenD6.</p>"),
    )
