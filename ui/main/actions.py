"""The main window's actions, menu bar and toolbar, and the About box.

Each action calls the controller that owns its flow, so a test or a script that triggers
an action runs exactly what the menu runs.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar, QWidget

from ui.action_buttons import trim_toolbar
from ui.main import APP_NAME
from ui.text import status_tip

if TYPE_CHECKING:
    from PySide6.QtGui import QIcon, QPalette

    from sheets.documents import CharacterKind
    from ui.main.campaign_controller import CampaignController
    from ui.main.docks import DockLayout
    from ui.main.document_opener import DocumentOpener
    from ui.main.file_controller import FileController
    from ui.main.preferences import WindowPreferences
    from ui.main.undo_router import UndoRouter
    from ui.services.prompter import Prompter

Shortcut = QKeySequence | QKeySequence.StandardKey | str | None


class MainActions(QObject):
    """Builds the actions, then the menus and toolbar of ``window`` from them."""

    def __init__(
        self,
        window: QMainWindow,
        *,
        files: FileController,
        campaigns: CampaignController,
        opener: DocumentOpener,
        undo: UndoRouter,
        docks: DockLayout,
        preferences: WindowPreferences,
        prompter: Prompter,
        find: Callable[[], Any],
    ) -> None:
        super().__init__(window)
        self.window = window
        self.prompter = prompter
        self.preferences = preferences
        act = self._action
        self.new_action = act(
            self.tr("&New Character"),
            lambda: opener.new_character("character"),
            QKeySequence.StandardKey.New,
            self.tr("Make a new player character in this campaign"),
        )
        self.new_guided_action = act(
            self.tr("New Character (&Guided)…"),
            opener.new_character_guided,
            "Ctrl+Alt+N",
            self.tr("Make a player character step by step with the campaign's game budget"),
        )
        kinds: tuple[tuple[CharacterKind, str], ...] = (
            ("npc", self.tr("New &NPC")),
            ("creature", self.tr("New C&reature")),
            ("vehicle", self.tr("New &Vehicle")),
            ("object", self.tr("New &Object")),
            ("location", self.tr("New &Location")),
        )
        self.new_kind_actions = {
            kind: act(text, partial(opener.new_character, kind)) for kind, text in kinds
        }
        self.new_campaign_action = act(
            self.tr("New &Campaign…"), campaigns.new, None, self.tr("Start a campaign folder")
        )
        self.open_action = act(
            self.tr("&Open…"),
            opener.open_file,
            QKeySequence.StandardKey.Open,
            self.tr("Open a character file, or a campaign's campaign.json"),
        )
        self.open_campaign_action = act(
            self.tr("Open Ca&mpaign Folder…"),
            campaigns.choose,
            "Ctrl+Shift+O",
            self.tr("Open a campaign folder"),
        )
        self.import_action = act(
            self.tr("&Import Character…"),
            opener.import_character,
            "Ctrl+I",
            self.tr("Copy a character file from another campaign into this one"),
        )
        self.save_action = act(
            self.tr("&Save"),
            files.save_current,
            QKeySequence.StandardKey.Save,
            self.tr("Save the current character"),
        )
        self.save_as_action = act(
            self.tr("Save &As…"), files.save_current_as, QKeySequence.StandardKey.SaveAs
        )
        self.save_all_action = act(
            self.tr("Save A&ll"),
            files.save_all,
            "Ctrl+Alt+S",
            self.tr("Save every character with unsaved changes, and the campaign"),
        )
        self.revert_action = act(
            self.tr("&Revert"), files.revert_current, None, self.tr("Reload the saved file")
        )
        self.close_action = act(
            self.tr("&Close"), files.close_current, QKeySequence.StandardKey.Close
        )
        self.print_action = act(
            self.tr("&Print…"), files.print_current, QKeySequence.StandardKey.Print
        )
        self.pdf_action = act(
            self.tr("&Export PDF…"),
            files.export_pdf,
            "Ctrl+Shift+E",
            self.tr("Save the sheet as a PDF"),
        )
        self.quit_action = act(self.tr("&Quit"), window.close, QKeySequence.StandardKey.Quit)
        self.undo_action = undo.group.createUndoAction(window, self.tr("&Undo"))
        self.undo_action.setShortcuts(QKeySequence.StandardKey.Undo)
        self.redo_action = undo.group.createRedoAction(window, self.tr("&Redo"))
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.find_action = act(self.tr("&Find in Campaign"), find, QKeySequence.StandardKey.Find)
        self.start_session_action = act(
            self.tr("&Start Session"),
            campaigns.start_session,
            "F5",
            self.tr("R7: every player character starts the session with 1 action point"),
        )
        self.award_action = act(
            self.tr("&Award Points…"),
            campaigns.award_points,
            None,
            self.tr(
                "The end of a session: Character Points for the whole party, and Fate Points "
                "given back for heroic use, in one dialog"
            ),
        )
        self.new_encounter_action = act(
            self.tr("New &Encounter…"),
            campaigns.new_encounter,
            "Ctrl+Shift+N",
            self.tr("Build an encounter from the campaign's characters and Stock templates (R6)"),
        )
        self.house_rules_action = act(
            self.tr("House &Rules…"),
            campaigns.edit_house_rules,
            None,
            self.tr(
                "The settings the rules leave to the table: Wild Dice, critical 1 (R3), "
                "damage system (R10), initiative (R6), scale (R9), action points (R7)"
            ),
        )
        self.game_template_action = act(
            self.tr("&Game…"),
            campaigns.edit_game_template,
            None,
            self.tr("The game the campaign plays (FreeD6, OpenD6...), and the GM's own copy"),
        )
        self.roll_dock_action = docks.dice_dock.toggleViewAction()
        self.roll_dock_action.setShortcut(QKeySequence("Ctrl+D"))
        # Its text follows the dock's title ("Dice — a character's skill"): a tooltip of
        # its own, so a name never reaches Qt's rich-text tooltip.
        self.roll_dock_action.setToolTip(self.tr("Show or hide the dice panel (Ctrl+D)"))
        self.browser_dock_action = docks.browser_dock.toggleViewAction()
        self.browser_dock_action.setShortcut(QKeySequence("Ctrl+B"))
        self.about_action = act(self.tr("&About %1").replace("%1", APP_NAME), self.show_about)
        self._watching_palette = False
        self.help_file: Path | None = None
        """The help text (``resources/help/rules.md``): the shell says where it is."""
        self.help_window: QWidget | None = None
        self.help_action = act(
            self.tr("&Rules and Help"),
            self.show_help,
            "F1",
            self.tr("The rules the app applies, in plain words, searchable (F1)"),
        )
        self.whats_this_action = act(
            self.tr("What's &This?"),
            enter_whats_this_mode,
            "Shift+F1",
            self.tr("Click a control to read what it does"),
        )
        self.scheme_group = QActionGroup(window)
        self.scheme_actions: dict[str, QAction] = {}
        for scheme, text in (
            ("system", self.tr("Follow the &System")),
            ("light", self.tr("&Light")),
            ("dark", self.tr("&Dark")),
        ):
            action = act(text, partial(preferences.set_color_scheme, scheme))
            action.setCheckable(True)
            self.scheme_group.addAction(action)
            self.scheme_actions[scheme] = action
        self.scheme_actions["system"].setChecked(True)
        self.recent_menu = QMenu(self.tr("Recent Ca&mpaigns"), window)
        self.recent_menu.aboutToShow.connect(lambda: campaigns.fill_recent_menu(self.recent_menu))
        self._build_menus()
        self.toolbar = self._build_toolbar()

    def _action(
        self,
        text: str,
        slot: Callable[[], Any],
        shortcut: Shortcut = None,
        tip: str | None = None,
    ) -> QAction:
        action = QAction(text, self.window)
        if isinstance(shortcut, QKeySequence.StandardKey):
            action.setShortcuts(shortcut)  # every binding of the platform (Close: Ctrl+W too)
        elif shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(status_tip(tip))
            action.setToolTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        return action

    # --- which actions apply when --------------------------------------------------------------

    def campaign_actions(self) -> list[QAction]:
        """Actions that need an open campaign."""
        return [
            self.new_action,
            self.import_action,
            self.start_session_action,
            self.award_action,
            self.new_encounter_action,
            self.house_rules_action,
            self.game_template_action,
            self.new_guided_action,
            *self.new_kind_actions.values(),
        ]

    def sheet_actions(self) -> list[QAction]:
        """Actions that need an open sheet."""
        return [self.save_as_action, self.close_action, self.print_action, self.pdf_action]

    def set_scheme(self, scheme: str) -> None:
        """Show ``scheme`` as the chosen colour scheme (applied at start-up)."""
        if scheme in self.scheme_actions:
            self.scheme_actions[scheme].setChecked(True)

    # --- menus and toolbar -------------------------------------------------------------------

    def _build_menus(self) -> None:
        bar = self.window.menuBar()
        self.file_menu = file_menu = bar.addMenu(self.tr("&File"))
        file_menu.addAction(self.new_action)
        file_menu.addAction(self.new_guided_action)
        new_more = file_menu.addMenu(self.tr("New &Other"))
        for action in self.new_kind_actions.values():
            new_more.addAction(action)
        file_menu.addAction(self.new_campaign_action)
        file_menu.addSeparator()
        file_menu.addAction(self.open_action)
        file_menu.addAction(self.open_campaign_action)
        file_menu.addMenu(self.recent_menu)
        file_menu.addAction(self.import_action)
        file_menu.addSeparator()
        for action in (
            self.save_action,
            self.save_as_action,
            self.save_all_action,
            self.revert_action,
        ):
            file_menu.addAction(action)
        file_menu.addSeparator()
        file_menu.addAction(self.print_action)
        file_menu.addAction(self.pdf_action)
        file_menu.addSeparator()
        file_menu.addAction(self.close_action)
        file_menu.addAction(self.quit_action)

        self.edit_menu = edit_menu = bar.addMenu(self.tr("&Edit"))
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.find_action)

        self.campaign_menu = campaign_menu = bar.addMenu(self.tr("&Campaign"))
        campaign_menu.addAction(self.start_session_action)
        campaign_menu.addAction(self.award_action)
        campaign_menu.addAction(self.new_encounter_action)
        campaign_menu.addSeparator()
        campaign_menu.addAction(self.house_rules_action)
        campaign_menu.addAction(self.game_template_action)

        self.view_menu = view_menu = bar.addMenu(self.tr("&View"))
        view_menu.addAction(self.browser_dock_action)
        view_menu.addAction(self.roll_dock_action)
        scheme_menu = view_menu.addMenu(self.tr("&Colour Scheme"))
        for action in self.scheme_actions.values():
            scheme_menu.addAction(action)

        self.help_menu = help_menu = bar.addMenu(self.tr("&Help"))
        help_menu.addAction(self.help_action)
        help_menu.addAction(self.whats_this_action)
        help_menu.addSeparator()
        help_menu.addAction(self.about_action)

    def _build_toolbar(self) -> QToolBar:
        toolbar = QToolBar(self.tr("Main toolbar"))
        toolbar.setObjectName("MainToolbar")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for action in (
            self.new_action,
            self.open_action,
            self.save_action,
            None,
            self.undo_action,
            self.redo_action,
            None,
            self.start_session_action,
        ):
            if action is None:
                toolbar.addSeparator()
            else:
                toolbar.addAction(action)
        self.window.addToolBar(toolbar)
        return toolbar

    def after_first_screen(self) -> None:
        """The toolbar's icons, and its buttons watched: Undo's text changes with every
        edit (``ui.action_buttons``); the watchers cost ~2 M instructions, so after the
        first screen."""
        self.set_icons()
        trim_toolbar(self.toolbar)

    def set_icons(self) -> None:
        """Toolbar icons from the style, after the first paint (QStyle's enums cost ~6 ms).

        The one-colour ones (arrows, play) are drawn in the palette's text colour, so they
        read on a dark toolbar as on a light one (issue 15: invisible in dark mode); they
        are drawn again whenever the palette changes."""
        from PySide6.QtWidgets import QStyle

        style = self.window.style()
        for action, pixmap in (
            (self.new_action, QStyle.StandardPixmap.SP_FileIcon),
            (self.open_action, QStyle.StandardPixmap.SP_DialogOpenButton),
            (self.open_campaign_action, QStyle.StandardPixmap.SP_DirOpenIcon),
            (self.save_action, QStyle.StandardPixmap.SP_DialogSaveButton),
        ):
            action.setIcon(style.standardIcon(pixmap))
        for action, pixmap in (
            (self.undo_action, QStyle.StandardPixmap.SP_ArrowBack),
            (self.redo_action, QStyle.StandardPixmap.SP_ArrowForward),
            (self.start_session_action, QStyle.StandardPixmap.SP_MediaPlay),
        ):
            action.setIcon(tinted(style.standardIcon(pixmap), self.window.palette()))
        if not self._watching_palette:
            self._watching_palette = True
            self.window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.PaletteChange:
            self.set_icons()
        return super().eventFilter(watched, event)

    def show_help(self) -> QWidget | None:
        """The Help window (one, raised again if open)."""
        if self.help_window is not None:
            self.help_window.show()
            self.help_window.raise_()
            self.help_window.activateWindow()
            return self.help_window
        try:
            text = self.help_file.read_text(encoding="utf-8") if self.help_file else None
        except OSError:
            text = None
        if text is None:
            self.prompter.tell(
                self.tr("No help"),
                self.tr("The help text is not installed with this copy of the app."),
                "warning",
            )
            return None
        from ui.help import HelpWindow

        self.help_window = HelpWindow(text, self.window)
        self.help_window.show()
        return self.help_window

    def show_about(self) -> None:
        from ui.services.names import app_version

        self.prompter.about(
            self.tr("About %1").replace("%1", APP_NAME),
            f"<h3>{APP_NAME} {app_version()}</h3>"
            + self.tr("<p>Offline character sheets and encounter tracker for FreeD6 / OpenD6.</p>"),
        )


def enter_whats_this_mode() -> None:
    from PySide6.QtWidgets import QWhatsThis  # a Qt type made when first used, not at start

    QWhatsThis.enterWhatsThisMode()


def tinted(icon: QIcon, palette: QPalette, size: int = 32) -> QIcon:
    """A one-colour icon redrawn in the palette's button text colour (and its disabled
    colour when disabled): its shape kept, its colour the theme's."""
    from PySide6.QtGui import QIcon, QPainter, QPalette, QPixmap

    result = QIcon()
    source = icon.pixmap(size, size)
    for mode, group in (
        (QIcon.Mode.Normal, QPalette.ColorGroup.Active),
        (QIcon.Mode.Disabled, QPalette.ColorGroup.Disabled),
    ):
        image = source.toImage()
        painter = QPainter(image)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
        painter.fillRect(image.rect(), palette.color(group, QPalette.ColorRole.ButtonText))
        painter.end()
        result.addPixmap(QPixmap.fromImage(image), mode)
    return result
