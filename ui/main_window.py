"""The main window: campaign browser, character tabs, dice panel, menus and the file flow.

- One ``CampaignSession`` at a time (a campaign folder); its characters open in tabs, each
  tab a ``CharacterEditor`` over a ``CharacterDocument``.
- A ``QUndoGroup`` holds every document's stack; the active one follows the current tab
  (or the campaign's own stack when the browser has the focus, or right after "start
  session"), so Edit > Undo, the toolbar and Ctrl+Z act on what the player looks at.
- The title shows the active document with Qt's ``[*]`` modified marker; tabs and browser
  rows mark unsaved characters too. Closing asks about unsaved changes.
- Cold start: this module imports only Qt and the light campaign index; pydantic, the
  documents and the dice panel load after the first paint (``_after_first_paint``).
- Hooks for later issues (the encounter tracker) and for tests: ``open_campaign``,
  ``open_character``, ``import_character_file``, ``drop_files``, ``editor_for``,
  ``documents``, signals ``campaignOpened``, ``documentOpened``, ``encounterOpenRequested``.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from PySide6.QtCore import QByteArray, QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
    QShowEvent,
    QUndoGroup,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMainWindow,
    QStackedWidget,
    QTabWidget,
    QToolBar,
    QWidget,
)

from ui.campaign.browser import CampaignBrowser
from ui.campaign.index import CampaignEntry, is_campaign_folder, scan_campaign
from ui.campaign.model import CampaignModel
from ui.campaign.session import CampaignSession
from ui.layouts import fit_to_screen

if TYPE_CHECKING:
    from app.autosave import Autosaver, Recovery
    from sheets.dice import DieCode
    from sheets.documents import CharacterKind
    from ui.campaign.disk_watch import DiskWatch
    from ui.character_document import CharacterDocument
    from ui.sheet.editor import CharacterEditor

APP_NAME: Final = "Wild Die"
# Toolbar icons from the style, set after the first paint (QStyle's enums cost ~6 ms).
ICONS: Final = {
    "new_action": "SP_FileIcon",
    "open_action": "SP_DialogOpenButton",
    "open_campaign_action": "SP_DirOpenIcon",
    "save_action": "SP_DialogSaveButton",
    "undo_action": "SP_ArrowBack",
    "redo_action": "SP_ArrowForward",
    "start_session_action": "SP_MediaPlay",
}


class MainWindow(QMainWindow):
    """Menus, toolbar, the campaign browser and dice docks, and a tab per open character."""

    campaignOpened = Signal(object)  # CampaignSession
    documentOpened = Signal(object)  # CharacterDocument, shown in a tab
    encounterOpenRequested = Signal(object)  # CampaignEntry of an encounter (later issue)
    firstPainted = Signal()

    def __init__(self, parent: QWidget | None = None, *, autosave_ms: int | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("MainWindow")
        self.setWindowTitle(APP_NAME)
        fit_to_screen(self, 1480, 900)
        self.setAcceptDrops(True)
        self.session: CampaignSession | None = None
        self.import_report: list[str] = []  # the last conversion's report (od6s import)
        self.standalone: list[CharacterDocument] = []  # characters opened from outside
        self._painted = False
        self._after_paint_done = False
        self._deferred_load = False
        self._rolling_doc: CharacterDocument | None = None
        self.dice_panel: Any = None
        self.offer_recovery_on_load = True
        self._autosave_ms = autosave_ms
        self._autosaver: Autosaver | None = None
        self._disk_watch: DiskWatch | None = None

        self.undo_group = QUndoGroup(self)
        self._empty_stack = QUndoStack(self)
        self.undo_group.addStack(self._empty_stack)
        self.undo_group.setActiveStack(self._empty_stack)

        # --- centre: tabs (or a hint while none is open) ---
        self.tabs = QTabWidget()
        self.tabs.setObjectName("CharacterTabs")
        self.tabs.setDocumentMode(True)
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.setAccessibleName(self.tr("Open characters"))
        self.tabs.tabCloseRequested.connect(lambda index: self.close_tab(index))
        self.tabs.currentChanged.connect(self._current_tab_changed)
        self.hint = QLabel(
            self.tr(
                "Open a character from the campaign browser (Enter or double-click),\n"
                "or make a new one with File > New (Ctrl+N)."
            )
        )
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setWordWrap(True)  # a narrow centre wraps it rather than widening the window
        self.hint.setEnabled(False)
        self.centre = QStackedWidget()
        self.centre.addWidget(self.hint)
        self.centre.addWidget(self.tabs)
        self.setCentralWidget(self.centre)

        # --- docks ---
        self.browser = CampaignBrowser(CampaignModel(self))
        self.browser.openRequested.connect(self._open_entry)
        self.browser_dock = QDockWidget(self.tr("Campaign"), self)
        self.browser_dock.setObjectName("CampaignDock")
        self.browser_dock.setWidget(self.browser)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.browser_dock)
        self.dice_placeholder = QLabel(self.tr("The dice panel is loading…"))
        self.dice_placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.dice_placeholder.setWordWrap(True)
        self.dice_dock = QDockWidget(self.tr("Dice"), self)
        self.dice_dock.setObjectName("DiceDock")
        self.dice_dock.setWidget(self.dice_placeholder)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dice_dock)
        self._docks_sized = False
        self._docks_restored = False  # the player's own dock layout: left alone
        self._docks_fit_editor = False

        self.session_label = QLabel()
        self.session_label.setAccessibleName(self.tr("Session"))
        self.statusBar().addPermanentWidget(self.session_label)

        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self.undo_group.cleanChanged.connect(lambda _clean: self._update_title())
        self.undo_group.activeStackChanged.connect(lambda _stack: self._update_title())
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)
        self.installEventFilter(self)
        self._update_actions()
        self.statusBar().showMessage(self.tr("Ready"))

    # --- construction ------------------------------------------------------------------------

    def _action(
        self,
        text: str,
        slot: Any,
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
        tip: str | None = None,
    ) -> QAction:
        action = QAction(text, self)
        if isinstance(shortcut, QKeySequence.StandardKey):
            action.setShortcuts(shortcut)  # every binding of the platform (Close: Ctrl+W too)
        elif shortcut is not None:
            action.setShortcut(
                shortcut if not isinstance(shortcut, str) else QKeySequence(shortcut)
            )
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def _build_actions(self) -> None:
        self.new_action = self._action(
            self.tr("&New Character"),
            lambda: self.new_character("character"),
            QKeySequence.StandardKey.New,
            self.tr("Make a new player character in this campaign"),
        )
        self.new_kind_actions: dict[str, QAction] = {}
        for kind, text in (
            ("npc", self.tr("New &NPC")),
            ("creature", self.tr("New C&reature")),
            ("vehicle", self.tr("New &Vehicle")),
            ("object", self.tr("New &Object")),
            ("location", self.tr("New &Location")),
        ):
            self.new_kind_actions[kind] = self._action(text, lambda k=kind: self.new_character(k))
        self.new_campaign_action = self._action(
            self.tr("New &Campaign…"), self.new_campaign, None, self.tr("Start a campaign folder")
        )
        self.open_action = self._action(
            self.tr("&Open…"),
            self.open_file,
            QKeySequence.StandardKey.Open,
            self.tr("Open a character file, or a campaign's campaign.json"),
        )
        self.open_campaign_action = self._action(
            self.tr("Open Ca&mpaign Folder…"),
            self.choose_campaign,
            "Ctrl+Shift+O",
            self.tr("Open a campaign folder"),
        )
        self.import_action = self._action(
            self.tr("&Import Character…"),
            self.import_character,
            "Ctrl+I",
            self.tr("Copy a character file from another campaign into this one"),
        )
        self.save_action = self._action(
            self.tr("&Save"),
            self.save_current,
            QKeySequence.StandardKey.Save,
            self.tr("Save the current character"),
        )
        self.save_as_action = self._action(
            self.tr("Save &As…"), self.save_current_as, QKeySequence.StandardKey.SaveAs
        )
        self.save_all_action = self._action(
            self.tr("Save A&ll"),
            self.save_all,
            "Ctrl+Alt+S",
            self.tr("Save every character with unsaved changes, and the campaign"),
        )
        self.revert_action = self._action(
            self.tr("&Revert"), self.revert_current, None, self.tr("Reload the saved file")
        )
        self.close_action = self._action(
            self.tr("&Close"),
            lambda: self.close_tab(self.tabs.currentIndex()),
            QKeySequence.StandardKey.Close,
        )
        self.print_action = self._action(
            self.tr("&Print…"), self.print_current, QKeySequence.StandardKey.Print
        )
        self.pdf_action = self._action(
            self.tr("&Export PDF…"),
            self.export_pdf,
            "Ctrl+Shift+E",
            self.tr("Save the sheet as a PDF"),
        )
        self.quit_action = self._action(self.tr("&Quit"), self.close, QKeySequence.StandardKey.Quit)
        self.undo_action = self.undo_group.createUndoAction(self, self.tr("&Undo"))
        self.undo_action.setShortcuts(QKeySequence.StandardKey.Undo)
        self.redo_action = self.undo_group.createRedoAction(self, self.tr("&Redo"))
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.find_action = self._action(
            self.tr("&Find in Campaign"), self.focus_search, QKeySequence.StandardKey.Find
        )
        self.start_session_action = self._action(
            self.tr("&Start Session"),
            self.start_session,
            "F5",
            self.tr("R7: every player character starts the session with 1 action point"),
        )
        self.new_encounter_action = self._action(
            self.tr("New &Encounter…"),
            self.new_encounter,
            "Ctrl+Shift+N",
            self.tr("Build an encounter from the campaign's characters and Stock templates (R6)"),
        )
        self.house_rules_action = self._action(
            self.tr("House &Rules…"),
            self.edit_house_rules,
            None,
            self.tr(
                "The settings the rules leave to the table: Wild Dice, critical 1 (R3), "
                "damage system (R10), initiative (R6), scale (R9), action points (R7)"
            ),
        )
        self.roll_dock_action = self.dice_dock.toggleViewAction()
        self.roll_dock_action.setShortcut(QKeySequence("Ctrl+D"))
        self.browser_dock_action = self.browser_dock.toggleViewAction()
        self.browser_dock_action.setShortcut(QKeySequence("Ctrl+B"))
        self.about_action = self._action(
            self.tr("&About %1").replace("%1", APP_NAME), self.show_about
        )
        self.scheme_group = QActionGroup(self)
        self.scheme_actions: dict[str, QAction] = {}
        for scheme, text in (
            ("system", self.tr("Follow the &System")),
            ("light", self.tr("&Light")),
            ("dark", self.tr("&Dark")),
        ):
            action = self._action(text, lambda s=scheme: self.set_color_scheme(s))
            action.setCheckable(True)
            self.scheme_group.addAction(action)
            self.scheme_actions[scheme] = action
        self.scheme_actions["system"].setChecked(True)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.file_menu = file_menu = bar.addMenu(self.tr("&File"))
        file_menu.addAction(self.new_action)
        new_more = file_menu.addMenu(self.tr("New &Other"))
        for action in self.new_kind_actions.values():
            new_more.addAction(action)
        file_menu.addAction(self.new_campaign_action)
        file_menu.addSeparator()
        file_menu.addAction(self.open_action)
        file_menu.addAction(self.open_campaign_action)
        self.recent_menu = file_menu.addMenu(self.tr("Recent Ca&mpaigns"))
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
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
        campaign_menu.addAction(self.new_encounter_action)
        campaign_menu.addSeparator()
        campaign_menu.addAction(self.house_rules_action)

        self.view_menu = view_menu = bar.addMenu(self.tr("&View"))
        view_menu.addAction(self.browser_dock_action)
        view_menu.addAction(self.roll_dock_action)
        scheme_menu = view_menu.addMenu(self.tr("&Colour Scheme"))
        for action in self.scheme_actions.values():
            scheme_menu.addAction(action)

        self.help_menu = help_menu = bar.addMenu(self.tr("&Help"))
        help_menu.addAction(self.about_action)

    def _build_toolbar(self) -> None:
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
        self.addToolBar(toolbar)
        self.toolbar = toolbar

    # --- start-up: first paint, then the heavy parts -----------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._docks_sized:  # docks take their widths once the window is laid out
            self._docks_sized = True
            QTimer.singleShot(0, self, self.fit_docks)

    def fit_docks(self) -> None:
        """Give the side docks their preferred widths as far as the window allows, the
        centre keeping at least its minimum width: the dice panel first (its form side by
        side), then the campaign browser; on a narrow screen both go down to their
        minimums and the dice form folds into one column, and where even that does not fit
        beside a sheet the browser stacks behind the dice. A no-op once the player's own
        dock layout was restored."""
        if self._docks_restored:
            return
        centre = self.centre.minimumSizeHint().width()  # a sheet stacks when it is narrow
        docks = self._stack_if_crowded(centre)
        if not docks:
            return
        separator = self._dock_separator()
        spare = self.width() - centre - len(docks) * separator
        widths = []
        for index, dock in enumerate(docks):
            later = sum(d.minimumSizeHint().width() for d in docks[index + 1 :])
            room = max(spare - later, dock.minimumSizeHint().width())
            width = min(dock.sizeHint().width(), room)
            widths.append(width)
            spare -= width
        self.resizeDocks(docks, widths, Qt.Orientation.Horizontal)

    def _dock_separator(self) -> int:
        from PySide6.QtWidgets import QStyle

        return self.style().pixelMetric(QStyle.PixelMetric.PM_DockWidgetSeparatorExtent, None, self)

    def _stack_if_crowded(self, centre: int) -> list[QDockWidget]:
        """The side docks beside the centre. On a small screen (or at a large scale
        factor) side by side they would push the window past the screen's edge: the
        browser then stacks behind the dice."""
        docks = [
            dock
            for dock in (self.dice_dock, self.browser_dock)
            if not dock.isHidden() and not dock.isFloating()
        ]
        screen = self.screen()
        room = screen.availableGeometry().width() if screen is not None else self.width()
        separator = self._dock_separator()
        needed = centre + sum(d.minimumSizeHint().width() + separator for d in docks)
        if len(docks) == 2 and needed > room and not self.tabifiedDockWidgets(self.dice_dock):
            self.tabifyDockWidget(self.dice_dock, self.browser_dock)
            self.dice_dock.raise_()
            docks = [self.dice_dock]
        return docks

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self and event.type() == QEvent.Type.Paint and not self._painted:
            self._painted = True
            self.firstPainted.emit()
            QTimer.singleShot(0, self._after_first_paint)
        return super().eventFilter(watched, event)

    def _after_first_paint(self) -> None:
        if self._after_paint_done:
            return
        self._after_paint_done = True
        self._set_icons()
        self.browser.finish_setup()
        if self._deferred_load and self.session is not None:
            self._deferred_load = False
            self._finish_loading()
        self.ensure_dice_panel()

    def _set_icons(self) -> None:
        from PySide6.QtWidgets import QStyle

        style = self.style()
        for name, pixmap in ICONS.items():
            getattr(self, name).setIcon(style.standardIcon(getattr(QStyle.StandardPixmap, pixmap)))

    @property
    def autosaver(self) -> Autosaver:
        if self._autosaver is None:
            from app.autosave import IDLE_MS, Autosaver

            self._autosaver = Autosaver(self.documents, self._autosave_ms or IDLE_MS, self)
            self._autosaver.failed.connect(
                lambda reason: self.statusBar().showMessage(
                    self.tr("Autosave failed: %1").replace("%1", reason)
                )
            )
        return self._autosaver

    @property
    def disk_watch(self) -> DiskWatch:
        """Notices sheets whose files changed behind them (the tracker saves sheets too)."""
        if self._disk_watch is None:
            from ui.campaign.disk_watch import DiskWatch

            self._disk_watch = DiskWatch(self.documents, self)
            self._disk_watch.changedOnDisk.connect(self._changed_on_disk)
            self._disk_watch.removedFromDisk.connect(
                lambda doc: self.statusBar().showMessage(
                    self.tr("%1 is gone from disk; saving writes it again").replace("%1", doc.title)
                )
            )
        return self._disk_watch

    def _changed_on_disk(self, doc: CharacterDocument) -> None:
        """A sheet's file changed elsewhere (the tracker, a sync tool): a sheet with no
        unsaved changes shows the file; one with changes keeps them (saving asks)."""
        if doc.modified:
            self.statusBar().showMessage(
                self.tr(
                    "%1 changed on disk; your unsaved changes stay (saving asks before "
                    "overwriting the file)"
                ).replace("%1", doc.title)
            )
            return
        if self._reload(doc):
            self.statusBar().showMessage(
                self.tr("Reloaded %1: its file changed on disk").replace("%1", doc.title), 8000
            )

    def ensure_dice_panel(self) -> Any:
        """The dice panel (``ui.dice.DicePanel``), created on first use."""
        if self.dice_panel is None:
            from ui.dice import DicePanel

            panel = DicePanel()
            panel.pointsSpent.connect(self._points_spent)
            self.dice_panel = panel
            self.dice_dock.setWidget(panel)
            self.dice_placeholder.deleteLater()
            self._apply_house_rules()
            if self._docks_sized:  # sized around the placeholder: now for the real panel
                QTimer.singleShot(0, self, self.fit_docks)
        return self.dice_panel

    # --- campaigns ---------------------------------------------------------------------------

    def open_campaign(self, folder: str | os.PathLike[str], *, defer_loading: bool = False) -> bool:
        """Open a campaign folder: list it now; load and validate its files now or after the
        first paint (``defer_loading``). False when the folder is not a campaign."""
        path = Path(folder)
        if not is_campaign_folder(path):
            self.statusBar().showMessage(
                self.tr("%1 is not a campaign folder (no campaign.json)").replace("%1", str(path))
            )
            return False
        if self.session is not None and not self._close_campaign():
            return False
        index = scan_campaign(path)
        session = CampaignSession(index, self)
        self.session = session
        self.browser.set_model(session.model)
        self.browser.set_title(index.title)
        self.undo_group.addStack(session.undo_stack)
        self.undo_group.setActiveStack(session.undo_stack)
        session.documentAdded.connect(self._document_added)
        session.sessionChanged.connect(lambda _n: self._update_session_label())
        session.houseRulesChanged.connect(self._house_rules_changed)
        session.modifiedChanged.connect(lambda _m: self._update_title())
        self.statusBar().showMessage(self.tr("Opened %1").replace("%1", index.title))
        if defer_loading and not self._after_paint_done:
            self._deferred_load = True
        else:
            self._finish_loading()
        self._update_title()
        self._update_actions()
        return True

    def _finish_loading(self) -> None:
        """The slow half of opening: validate every file, attach documents, offer recovery."""
        session = self.session
        if session is None:
            return
        from app.paths import add_recent_file
        from app.settings import load_settings, save_settings

        session.ensure_loaded()
        self.browser.set_title(session.title)
        self._apply_house_rules()
        self._update_session_label()
        if session.problems:
            first = session.problems[0]
            more = len(session.problems) - 1
            text = self.tr("Some files could not be read: %1").replace("%1", first)
            if more:
                text += self.tr(" (and %1 more: see the browser)").replace("%1", str(more))
            self.statusBar().showMessage(text)
        with contextlib.suppress(OSError):  # a convenience, never worth an error
            add_recent_file(session.folder)
        settings = load_settings()
        settings.last_campaign = str(session.folder.absolute())
        save_settings(settings)
        self._update_title()
        self._update_actions()
        self.campaignOpened.emit(session)
        if self.offer_recovery_on_load:
            self.offer_recovery()

    def _apply_house_rules(self) -> None:
        rules = self.session.house_rules() if self.session is not None else None
        if rules is not None and self.dice_panel is not None:
            self.dice_panel.set_defaults(rules.wild_dice, rules.critical_failure)

    def _close_campaign(self) -> bool:
        """Ask about unsaved changes, close every tab; False when the player cancels."""
        if not self.maybe_save(list(self.documents()), campaign=True):
            return False
        while self.tabs.count():
            self._remove_tab(0)
        if self.session is not None:
            for doc in self.session.documents():
                self.undo_group.removeStack(doc.undo_stack)
            self.undo_group.removeStack(self.session.undo_stack)
            self.session.deleteLater()
        self.session = None
        self.undo_group.setActiveStack(self._empty_stack)
        self.disk_watch.schedule_refresh()
        return True

    def choose_campaign(self) -> bool:
        from PySide6.QtWidgets import QFileDialog, QMessageBox

        folder = QFileDialog.getExistingDirectory(self, self.tr("Open a campaign folder"))
        if not folder:
            return False
        if not self.open_campaign(folder):
            QMessageBox.warning(
                self,
                self.tr("Not a campaign"),
                self.tr("%1 has no campaign.json: choose a campaign folder.").replace("%1", folder),
            )
            return False
        return True

    def new_campaign(self) -> bool:
        from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

        folder = QFileDialog.getExistingDirectory(
            self, self.tr("Choose an empty folder for the new campaign")
        )
        if not folder:
            return False
        title, ok = QInputDialog.getText(
            self, self.tr("New campaign"), self.tr("Campaign title:"), text=Path(folder).name
        )
        if not ok or not title.strip():
            return False
        from sheets.documents import Campaign
        from sheets.storage import SaveConflict, SaveError, create_campaign_folder

        try:
            create_campaign_folder(folder, Campaign(title=title.strip()))
        except (SaveConflict, SaveError, OSError, ValueError) as error:
            QMessageBox.warning(self, self.tr("New campaign"), str(error))
            return False
        return self.open_campaign(folder)

    def _fill_recent_menu(self) -> None:
        from app.paths import recent_files

        self.recent_menu.clear()
        campaigns = [p for p in recent_files() if is_campaign_folder(p)]
        for number, folder in enumerate(campaigns, start=1):
            action = self.recent_menu.addAction(f"&{number % 10} {folder.name}")
            action.setToolTip(str(folder))
            action.setStatusTip(str(folder))
            action.triggered.connect(lambda _c=False, f=folder: self.open_campaign(f))
        if not campaigns:
            empty = self.recent_menu.addAction(self.tr("No recent campaigns"))
            empty.setEnabled(False)

    def edit_house_rules(self) -> bool:
        """Campaign > House Rules: change the table's settings (one undoable step)."""
        if self.session is None:
            return False
        self.session.ensure_loaded()
        rules = self.session.house_rules()
        if rules is None:
            self.statusBar().showMessage(
                self.tr("This campaign has no campaign.json to keep house rules in")
            )
            return False
        from PySide6.QtWidgets import QDialog

        from ui.campaign.house_rules import HouseRulesDialog

        dialog = HouseRulesDialog(rules, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        if not self.session.change_house_rules(dialog.rules()):
            return False
        self.undo_group.setActiveStack(self.session.undo_stack)
        self.statusBar().showMessage(
            self.tr("House rules changed (Ctrl+Z undoes; Save keeps them)")
        )
        return True

    def _house_rules_changed(self) -> None:
        """New defaults for the dice panel; sheets show the damage system now played."""
        self._apply_house_rules()
        for index in range(self.tabs.count()):
            damage = getattr(self.tabs.widget(index), "damage", None)
            if damage is not None:
                damage.refresh()
        self._update_title()
        self._update_actions()

    def start_session(self) -> bool:
        """R7: every player character to 1 action point (or +1 with the house rule)."""
        if self.session is None:
            return False
        self.session.ensure_loaded()
        command = self.session.start_session()
        if command is None:
            self.statusBar().showMessage(
                self.tr("This campaign has no campaign.json to start a session in")
            )
            return False
        self.undo_group.setActiveStack(self.session.undo_stack)
        names = ", ".join(doc.title for doc, _old, _new in command.changes)
        text = self.tr("Session %1 started: action points for %2 (Ctrl+Z undoes)")
        self.statusBar().showMessage(
            text.replace("%1", str(command.new_session)).replace("%2", names or "—")
        )
        return True

    def _update_session_label(self) -> None:
        campaign = self.session.campaign if self.session is not None else None
        self.session_label.setText(
            self.tr("Session %1").replace("%1", str(campaign.session))
            if campaign is not None
            else ""
        )

    # --- documents and tabs ------------------------------------------------------------------

    def documents(self) -> list[CharacterDocument]:
        """Every loaded character: the campaign's and those opened from elsewhere."""
        docs = self.session.documents() if self.session is not None else []
        return [*docs, *self.standalone]

    def _document_added(self, doc: CharacterDocument) -> None:
        self.autosaver.watch(doc)
        self.disk_watch.schedule_refresh()
        doc.pathChanged.connect(self.disk_watch.schedule_refresh)
        self.undo_group.addStack(doc.undo_stack)
        doc.modifiedChanged.connect(lambda _m, d=doc: self._doc_modified(d))
        doc.changed.connect(lambda d=doc: self._doc_changed(d))

    def editor_for(self, doc: CharacterDocument) -> CharacterEditor | None:
        for index in range(self.tabs.count()):
            editor = self.tabs.widget(index)
            if getattr(editor, "doc", None) is doc:
                return editor  # type: ignore[return-value]
        return None

    def current_editor(self) -> CharacterEditor | None:
        widget = self.tabs.currentWidget()
        return widget if widget is not None and hasattr(widget, "doc") else None  # type: ignore[return-value]

    def current_document(self) -> CharacterDocument | None:
        editor = self.current_editor()
        return editor.doc if editor is not None else None

    def open_document(self, doc: CharacterDocument) -> CharacterEditor:
        """Show ``doc`` in a tab (the existing one if it is open already)."""
        from ui.sheet.editor import CharacterEditor

        editor = self.editor_for(doc)
        if editor is None:
            editor = CharacterEditor(doc)
            editor.rollRequested.connect(lambda label, code, d=doc: self.roll(d, label, code))
            editor.problem.connect(lambda reason: self.statusBar().showMessage(reason, 8000))
            if not self.tabs.count() and not self._docks_restored:
                # The first sheet: make room before it shows, or the window grows past
                # a small screen's edge before fit_docks can stack the docks.
                self._stack_if_crowded(
                    max(self.centre.minimumSizeHint().width(), editor.minimumSizeHint().width())
                )
            index = self.tabs.addTab(editor, doc.title)
            self.tabs.setTabToolTip(index, str(doc.path) if doc.path else self.tr("not saved yet"))
            self.centre.setCurrentWidget(self.tabs)
            if self._docks_sized and not self._docks_fit_editor:
                self._docks_fit_editor = True  # the first sheet, once laid out: its width
                QTimer.singleShot(0, self, self.fit_docks)
            self.documentOpened.emit(doc)
        self.tabs.setCurrentWidget(editor)
        self._update_tab(doc)
        return editor

    def open_character(self, path: str | os.PathLike[str]) -> CharacterEditor | None:
        """Open a character file in a tab: from the campaign if it is part of it."""
        file = Path(path)
        doc = self.session.document_at(file) if self.session is not None else None
        if doc is None:
            doc = next(
                (
                    d
                    for d in self.standalone
                    if d.path is not None and d.path.absolute() == file.absolute()
                ),
                None,
            )
        if doc is None:
            from sheets.storage import DocumentError, load_character
            from ui.character_document import CharacterDocument

            try:
                loaded = load_character(file)
            except DocumentError as error:
                self._show_problems(self.tr("Cannot open %1").replace("%1", file.name), error)
                return None
            doc = CharacterDocument(loaded.document, loaded.path, loaded.stamp, self)
            self.standalone.append(doc)
            self._document_added(doc)
        return self.open_document(doc)

    def open_path(self, path: str | os.PathLike[str]) -> bool:
        """Open what the system hands the app (command line, a file manager's "open
        with", a macOS open event): a campaign folder or its campaign.json; a character or
        encounter file, in its own campaign; a character from elsewhere in a tab of its
        own; an export from another tool (od6s), imported into the open campaign."""
        from sheets.importers import detect
        from sheets.storage import (
            ENCOUNTERS_FOLDER,
            DocumentError,
            campaign_folder_of,
            read_file_bytes,
        )

        target = Path(path).expanduser()
        home = campaign_folder_of(target)
        if target.is_dir() or target.name == "campaign.json":
            return home is not None and self.open_campaign(home)
        if not target.is_file():
            self.statusBar().showMessage(self.tr("%1 does not exist").replace("%1", str(target)))
            return False
        other_campaign = self.session is None or self.session.folder != home
        if home is not None and other_campaign and not self.open_campaign(home):
            return False
        if home is not None and target.parent.name == ENCOUNTERS_FOLDER:
            return self.open_encounter(target) is not None
        if home is None:  # from elsewhere: another tool's export joins the open campaign
            try:
                data, _info = read_file_bytes(target)
            except DocumentError:
                data = b""  # open_character below reports what is wrong with it
            if detect(data) is not None:
                return self.import_character_file(target) is not None
        return self.open_character(target) is not None

    def new_encounter(self) -> QWidget | None:
        """Build an encounter of the open campaign (issue 6); it joins the browser when
        saved, and "Run now" opens it in the tracker."""
        if self.session is None:
            return None
        from ui.tracker import open_builder

        builder = open_builder(self.session.folder, self)
        builder.run_with = self.open_encounter
        builder.saved.connect(self._encounter_saved)
        builder.show()
        return builder

    def _encounter_saved(self, path: Path) -> None:
        from ui.campaign.index import entry_for_file

        if self.session is None:
            return
        entry = entry_for_file(self.session.folder, path)
        self.session.model.add_entry(entry)
        self.browser.select_entry(entry)

    def open_encounter(self, path: Path) -> QWidget | None:
        """Run an encounter of the open campaign in a tracker window (issue 6).

        The tracker reads the campaign's files itself: it saves through the same storage
        layer, which refuses to overwrite a sheet changed here since it was read."""
        if self.session is None:
            return None
        from sheets.storage import DocumentError
        from ui.tracker import open_tracker

        try:
            tracker = open_tracker(self.session.folder, path, self)
        except DocumentError as error:
            self._show_problems(self.tr("Cannot open %1").replace("%1", path.name), error)
            return None
        tracker.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        tracker.show()
        name = tracker.engine.encounter.name
        self.statusBar().showMessage(self.tr("Running %1").replace("%1", name))
        return tracker

    def _open_entry(self, entry: CampaignEntry) -> None:
        from PySide6.QtWidgets import QMessageBox

        if entry.kind == "encounter":
            self.encounterOpenRequested.emit(entry)
            self.open_encounter(entry.path)
            return
        if self.session is not None:
            self.session.ensure_loaded()
        if entry.document is None:
            self.statusBar().showMessage(
                entry.problem or self.tr("%1 cannot be opened").replace("%1", entry.name)
            )
            if entry.problem:
                QMessageBox.warning(
                    self, self.tr("Cannot open %1").replace("%1", entry.name), entry.problem
                )
            return
        self.open_document(entry.document)

    def new_character(self, kind: CharacterKind = "character") -> CharacterEditor | None:
        if self.session is None:
            self.statusBar().showMessage(
                self.tr("Open a campaign first: new characters go into it")
            )
            return None
        from ui.campaign.model import kind_label

        taken = [d.character.name for d in self.session.documents()]
        from ui.commands import unique_name

        name = unique_name(
            self.tr("New %1").replace("%1", kind_label(kind).lower()), [_Named(n) for n in taken]
        )
        doc = self.session.new_character(name, kind)
        editor = self.open_document(doc)
        editor.header.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)
        editor.header.name_edit.selectAll()
        return editor

    def _doc_modified(self, doc: CharacterDocument) -> None:
        self._update_tab(doc)
        self._update_title()

    def _doc_changed(self, doc: CharacterDocument) -> None:
        self._update_tab(doc)
        if doc is self.current_document():
            self._update_title()
        if doc is self._rolling_doc and self.dice_panel is not None:
            c = doc.character
            self.dice_panel.set_character_points(c.character_points, c.action_points)

    def _update_tab(self, doc: CharacterDocument) -> None:
        editor = self.editor_for(doc)
        if editor is None:
            return
        index = self.tabs.indexOf(editor)
        title = doc.title + (" *" if doc.modified else "")
        self.tabs.setTabText(index, title.replace("&", "&&"))
        self.tabs.setTabToolTip(index, str(doc.path) if doc.path else self.tr("not saved yet"))

    def _current_tab_changed(self, _index: int) -> None:
        doc = self.current_document()
        if doc is not None:
            self.undo_group.setActiveStack(doc.undo_stack)
        elif self.session is not None:
            self.undo_group.setActiveStack(self.session.undo_stack)
        else:
            self.undo_group.setActiveStack(self._empty_stack)
        self.centre.setCurrentWidget(self.tabs if self.tabs.count() else self.hint)
        self._update_title()
        self._update_actions()

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is None or self.session is None:
            return
        if self.browser.isAncestorOf(new):
            self.undo_group.setActiveStack(self.session.undo_stack)
        elif self.tabs.isAncestorOf(new):
            doc = self.current_document()
            if doc is not None:
                self.undo_group.setActiveStack(doc.undo_stack)

    def active_document(self) -> CharacterDocument | None:
        """The document whose undo stack is active (None: the campaign's stack)."""
        stack = self.undo_group.activeStack()
        return next((d for d in self.documents() if d.undo_stack is stack), None)

    def _update_title(self) -> None:
        campaign = self.session.title if self.session is not None else None
        doc = self.active_document()
        if doc is not None:
            parts = [f"{doc.title}[*]", campaign, APP_NAME]
            modified = doc.modified
        elif campaign is not None:
            parts = [f"{campaign}[*]", APP_NAME]
            modified = self.session is not None and self.session.modified
        else:
            parts = [APP_NAME]
            modified = False
        self.setWindowTitle(" — ".join(p for p in parts if p))
        self.setWindowModified(modified)
        self._update_actions()

    def _update_actions(self) -> None:
        doc = self.current_document()
        has_campaign = self.session is not None
        for action in (
            self.new_action,
            self.import_action,
            self.start_session_action,
            self.new_encounter_action,
            self.house_rules_action,
            *self.new_kind_actions.values(),
        ):
            action.setEnabled(has_campaign)
        for action in (self.save_as_action, self.close_action, self.print_action, self.pdf_action):
            action.setEnabled(doc is not None)
        self.save_action.setEnabled(
            (doc is not None and doc.modified) or self._campaign_active_and_modified()
        )
        self.revert_action.setEnabled(doc is not None and doc.modified and doc.path is not None)
        self.save_all_action.setEnabled(
            any(d.modified for d in self.documents())
            or (self.session is not None and self.session.modified)
        )

    def _campaign_active_and_modified(self) -> bool:
        return (
            self.session is not None
            and self.undo_group.activeStack() is self.session.undo_stack
            and (self.session.modified or any(d.modified for d in self.documents()))
        )

    def focus_search(self) -> None:
        self.browser_dock.show()
        self.browser_dock.raise_()
        self.browser.focus_search()

    # --- closing tabs ------------------------------------------------------------------------

    def close_tab(self, index: int) -> bool:
        """Close a tab; unsaved changes: Save / Discard / Cancel."""
        from PySide6.QtWidgets import QMessageBox

        Button = QMessageBox.StandardButton

        editor = self.tabs.widget(index)
        doc = getattr(editor, "doc", None)
        if editor is None or doc is None:
            return False
        editor.commit_pending()  # type: ignore[attr-defined]
        if doc.modified:
            answer = QMessageBox.question(
                self,
                self.tr("Unsaved changes"),
                self.tr("Save the changes to %1 before closing?").replace("%1", doc.title),
                Button.Save | Button.Discard | Button.Cancel,
                Button.Save,
            )
            if answer == Button.Cancel:
                return False
            if answer == Button.Save:
                if not self.save_document(doc):
                    return False
            else:
                self._discard(doc)
        self._remove_tab(index)
        return True

    def _remove_tab(self, index: int) -> None:
        editor = self.tabs.widget(index)
        self.tabs.removeTab(index)
        if editor is not None:
            editor.deleteLater()
        self._current_tab_changed(self.tabs.currentIndex())

    def _discard(self, doc: CharacterDocument) -> None:
        """Throw away unsaved changes: reload the file (or forget a never-saved sheet)."""
        self.autosaver.discard(doc)
        if doc.path is None:
            doc.discard_changes_marker()
            if self.session is not None:
                entry = self.session.entry_for(doc)
                if entry is not None:
                    self.session.model.remove_entry(entry)
            return
        self._reload(doc)

    def _reload(self, doc: CharacterDocument) -> bool:
        from sheets.storage import DocumentError, load_character

        if doc.path is None:
            return False
        try:
            loaded = load_character(doc.path)
        except DocumentError as error:
            self._show_problems(self.tr("Cannot reload %1").replace("%1", doc.title), error)
            return False
        doc.replace_character(loaded.document)
        doc.undo_stack.clear()
        doc.stamp = loaded.stamp
        doc.discard_changes_marker()
        self.autosaver.discard(doc)
        return True

    def revert_current(self) -> bool:
        from PySide6.QtWidgets import QMessageBox

        Button = QMessageBox.StandardButton

        doc = self.current_document()
        if doc is None or doc.path is None:
            return False
        if doc.modified:
            answer = QMessageBox.question(
                self,
                self.tr("Revert"),
                self.tr("Throw away the unsaved changes to %1 and reload the saved file?").replace(
                    "%1", doc.title
                ),
                Button.Discard | Button.Cancel,
                Button.Cancel,
            )
            if answer != Button.Discard:
                return False
        reverted = self._reload(doc)
        if reverted:
            self.statusBar().showMessage(
                self.tr("Reverted %1 to the saved file").replace("%1", doc.title)
            )
        return reverted

    # --- saving ------------------------------------------------------------------------------

    def _commit_editors(self) -> None:
        for index in range(self.tabs.count()):
            widget = self.tabs.widget(index)
            commit = getattr(widget, "commit_pending", None)
            if commit is not None:
                commit()

    def save_current(self) -> bool:
        doc = self.current_document()
        if doc is None or self._campaign_active_and_modified():
            return self.save_all()
        return self.save_document(doc)

    def save_current_as(self) -> bool:
        from PySide6.QtWidgets import QFileDialog

        doc = self.current_document()
        if doc is None:
            return False
        from sheets.storage import file_name_for

        start = doc.path or (doc.folder or Path.home()) / file_name_for(doc.character.name)
        path, _filter = QFileDialog.getSaveFileName(
            self,
            self.tr("Save %1 as").replace("%1", doc.title),
            str(start),
            self.tr("Wild Die character (*.json)"),
        )
        if not path:
            return False
        target = Path(path)
        if target.suffix.lower() != ".json":
            target = target.with_suffix(".json")
        return self.save_document(doc, target, overwrite=True)

    def save_document(
        self, doc: CharacterDocument, path: Path | None = None, *, overwrite: bool = False
    ) -> bool:
        """Save atomically (sheets.storage); asks before overwriting a file changed elsewhere."""
        from PySide6.QtWidgets import QMessageBox

        Button = QMessageBox.StandardButton

        from sheets.storage import (
            DocumentError,
            SaveConflict,
            SaveError,
            file_name_for,
            save_document,
        )

        editor = self.editor_for(doc)
        if editor is not None:
            editor.commit_pending()
        target = path or doc.path
        if target is None:
            folder = doc.folder or (self.session.characters_folder if self.session else Path.home())
            folder.mkdir(parents=True, exist_ok=True)
            taken = [p.name for p in folder.iterdir()]
            target = folder / file_name_for(doc.character.name, taken)
        old_autosave = None
        if self._autosaver is not None:
            from app.autosave import autosave_file

            old_autosave = autosave_file(doc)
        opened = doc.stamp if target == doc.path else None
        try:
            try:
                stamp = save_document(doc.character, target, opened=opened, overwrite=overwrite)
            except SaveConflict as conflict:
                answer = QMessageBox.question(
                    self,
                    self.tr("File changed"),
                    self.tr("%1\n\nOverwrite it with your version?").replace("%1", str(conflict)),
                    Button.Yes | Button.Cancel,
                    Button.Cancel,
                )
                if answer != Button.Yes:
                    return False
                stamp = save_document(doc.character, target, opened=opened, overwrite=True)
        except (SaveError, DocumentError, OSError) as error:
            QMessageBox.critical(
                self, self.tr("Cannot save %1").replace("%1", doc.title), str(error)
            )
            return False
        doc.mark_saved(target, stamp)
        if old_autosave is not None:
            old_autosave.unlink(missing_ok=True)
        self._update_tab(doc)
        self._update_title()
        self.statusBar().showMessage(self.tr("Saved %1").replace("%1", str(target)), 5000)
        return True

    def save_all(self) -> bool:
        from PySide6.QtWidgets import QMessageBox

        self._commit_editors()
        ok = True
        for doc in self.documents():
            if doc.modified:
                ok = self.save_document(doc) and ok
        if self.session is not None and self.session.modified:
            from sheets.storage import SaveConflict, SaveError

            try:
                self.session.save_campaign()
            except (SaveConflict, SaveError, OSError) as error:
                QMessageBox.critical(self, self.tr("Cannot save the campaign"), str(error))
                ok = False
        self._update_title()
        return ok

    def maybe_save(self, docs: list[CharacterDocument], *, campaign: bool = False) -> bool:
        """Before closing: Save all / Discard / Cancel when something is unsaved."""
        from PySide6.QtWidgets import QMessageBox

        Button = QMessageBox.StandardButton

        self._commit_editors()
        unsaved = [d for d in docs if d.modified]
        campaign_unsaved = campaign and self.session is not None and self.session.modified
        if not unsaved and not campaign_unsaved:
            return True
        names = [d.title for d in unsaved]
        if campaign_unsaved and self.session is not None:
            names.append(self.tr("the campaign (session number)"))
        answer = QMessageBox.question(
            self,
            self.tr("Unsaved changes"),
            self.tr("Save the changes to %1?").replace("%1", ", ".join(names)),
            Button.Save | Button.Discard | Button.Cancel,
            Button.Save,
        )
        if answer == Button.Cancel:
            return False
        if answer == Button.Save:
            return self.save_all()
        for doc in unsaved:
            self.autosaver.discard(doc)
            doc.discard_changes_marker()
        if self.session is not None:
            self.session.undo_stack.setClean()
        return True

    def discard_all_changes(self) -> None:
        """Mark everything saved without saving (tests: no "save?" prompt at teardown)."""
        for doc in self.documents():
            doc.discard_changes_marker()
        if self.session is not None:
            self.session.undo_stack.setClean()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save(self.documents(), campaign=True):
            event.ignore()
            return
        if self._autosaver is not None:
            self._autosaver.stop()
        self._save_window_settings()
        app = QApplication.instance()
        if isinstance(app, QApplication):
            with contextlib.suppress(RuntimeError, TypeError):
                app.focusChanged.disconnect(self._focus_changed)
        event.accept()

    def _save_window_settings(self) -> None:
        from app.settings import load_settings, save_settings

        settings = load_settings()
        settings.geometry = self.saveGeometry()
        settings.window_state = self.saveState()
        if self.session is not None:
            settings.last_campaign = str(self.session.folder.absolute())
        save_settings(settings)

    def restore_window_settings(
        self, geometry: QByteArray | None, state: QByteArray | None
    ) -> None:
        if geometry is not None:
            self.restoreGeometry(geometry)
        if state is not None and self.restoreState(state):
            self._docks_sized = True  # the player's own dock sizes
            self._docks_restored = True

    # --- open / import / drop ----------------------------------------------------------------

    def open_file(self) -> bool:
        from PySide6.QtWidgets import QFileDialog

        path, _filter = QFileDialog.getOpenFileName(
            self,
            self.tr("Open"),
            str(self.session.folder) if self.session else "",
            self.tr("Wild Die files (*.json)"),
        )
        if not path:
            return False
        file = Path(path)
        if file.name == "campaign.json":
            return self.open_campaign(file.parent)
        return self.open_character(file) is not None

    def import_character(self) -> bool:
        from PySide6.QtWidgets import QFileDialog

        path, _filter = QFileDialog.getOpenFileName(
            self,
            self.tr("Import a character"),
            "",
            self.tr("Characters: Wild Die or Foundry VTT od6s export (*.json)"),
        )
        if not path:
            return False
        return self.import_character_file(Path(path)) is not None

    def import_character_file(self, path: Path) -> CharacterDocument | None:
        """Copy a character file into the open campaign and open it (drag and drop too)."""
        from PySide6.QtWidgets import QMessageBox

        if self.session is None:
            self.statusBar().showMessage(self.tr("Open a campaign first: imports go into it"))
            return None
        from sheets.storage import DocumentError, SaveConflict, SaveError

        try:
            doc, added, report = self.session.import_character(path)
        except DocumentError as error:
            self._show_problems(self.tr("Cannot import %1").replace("%1", path.name), error)
            return None
        except (SaveConflict, SaveError, OSError) as error:
            QMessageBox.warning(
                self, self.tr("Cannot import %1").replace("%1", path.name), str(error)
            )
            return None
        self.open_document(doc)
        entry = self.session.entry_for(doc)
        if entry is not None:
            self.browser.select_entry(entry)
        message = (
            self.tr("Imported %1 into %2")
            .replace("%1", doc.title)
            .replace("%2", self.session.title)
            if added
            else self.tr("%1 is already in this campaign").replace("%1", doc.title)
        )
        if report:  # converted from another tool: say what came over and what went to notes
            message = f"{message}: {report[0]}"
            self.import_report = report
            self.statusBar().setToolTip("\n".join(report))
        self.statusBar().showMessage(message, 15000)
        return doc

    @staticmethod
    def _dropped_paths(event: QDragEnterEvent | QDropEvent) -> list[Path]:
        mime = event.mimeData()
        if not mime.hasUrls():
            return []
        paths = [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]
        return [p for p in paths if p.suffix.lower() == ".json" or is_campaign_folder(p)]

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self._dropped_paths(event):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = self._dropped_paths(event)
        if not paths:
            event.ignore()
            return
        event.acceptProposedAction()
        self.drop_files(paths)

    def drop_files(self, paths: Iterable[Path]) -> list[CharacterDocument]:
        """Dropped files: a campaign folder opens; a character file joins the campaign."""
        added = []
        for path in paths:
            if path.is_dir() or path.name == "campaign.json":
                self.open_campaign(path if path.is_dir() else path.parent)
                continue
            doc = self.import_character_file(path)
            if doc is not None:
                added.append(doc)
        return added

    def _show_problems(self, title: str, error: Any) -> None:
        from PySide6.QtWidgets import QMessageBox

        problems = getattr(error, "problems", None) or [error]
        QMessageBox.warning(self, title, "\n".join(str(p) for p in problems[:10]))

    # --- recovery ----------------------------------------------------------------------------

    def offer_recovery(self) -> list[CharacterDocument]:
        """After a crash: "restore the unsaved changes to Kara?" for each autosave."""
        from PySide6.QtWidgets import QMessageBox

        Button = QMessageBox.StandardButton

        from app.autosave import find_recoveries

        restored = []
        for recovery in find_recoveries():
            if any(recovery.file == self._autosave_of(d) for d in self.documents() if d.modified):
                continue  # ours, from this run
            if not self._belongs_here(recovery):
                continue  # another campaign's: offered when that campaign opens
            answer = QMessageBox.question(
                self,
                self.tr("Restore unsaved changes"),
                self.tr(
                    "Wild Die closed before your changes to %1 were saved (autosaved %2).\n\n"
                    "Restore the unsaved changes to %1?"
                )
                .replace("%1", recovery.title)
                .replace("%2", recovery.saved_at),
                Button.Yes | Button.No,
                Button.Yes,
            )
            if answer != Button.Yes:
                recovery.discard()
                continue
            doc = self.restore(recovery)
            if doc is not None:
                restored.append(doc)
        return restored

    def _belongs_here(self, recovery: Recovery) -> bool:
        """A recovery for this campaign, or for a character file outside any campaign."""

        def inside(path: Path | None, folder: Path) -> bool:
            return path is not None and path.absolute().is_relative_to(folder.absolute())

        if self.session is not None and (
            inside(recovery.path, self.session.folder)
            or inside(recovery.folder, self.session.folder)
        ):
            return True
        if recovery.path is None:
            return False  # a never-saved sheet of another campaign
        return not is_campaign_folder(recovery.path.parent.parent)

    def _autosave_of(self, doc: CharacterDocument) -> Path:
        from app.autosave import autosave_file

        return autosave_file(doc)

    def restore(self, recovery: Recovery) -> CharacterDocument | None:
        """Put autosaved changes back as one undoable step (undo shows the saved file)."""
        from ui.commands import ReplaceCharacterCommand

        doc: CharacterDocument | None = None
        if recovery.path is not None:
            if self.session is not None:
                doc = self.session.document_at(recovery.path)
            if doc is None and recovery.path.is_file():
                editor = self.open_character(recovery.path)
                doc = editor.doc if editor is not None else None
        if doc is not None:
            doc.push(
                ReplaceCharacterCommand(doc, recovery.character, self.tr("Restore unsaved changes"))
            )
        elif self.session is not None:
            doc = self.session.new_character(recovery.character.name, recovery.character.kind)
            doc.replace_character(recovery.character)
        else:
            return None
        recovery.discard()
        self.open_document(doc)
        self.autosaver.poke()
        self.statusBar().showMessage(
            self.tr("Restored the unsaved changes to %1").replace("%1", doc.title)
        )
        return doc

    # --- dice --------------------------------------------------------------------------------

    def roll(self, doc: CharacterDocument, label: str, code: DieCode) -> Any:
        """Load a check into the dice panel and roll it (R3 with the campaign's house rules)."""
        from sheets.dice import RollSpec

        panel = self.ensure_dice_panel()
        rules = self.session.house_rules() if self.session is not None else None
        spec = RollSpec(
            code=code,
            wild_dice=rules.wild_dice if rules is not None else 1,
            critical_failure=rules.critical_failure if rules is not None else "complication",
        )
        self._rolling_doc = doc
        c = doc.character
        panel.set_character_points(c.character_points, c.action_points)
        panel.set_spec(spec)
        self.dice_dock.setWindowTitle(self.tr("Dice — %1").replace("%1", label))
        self.dice_dock.show()
        self.dice_dock.raise_()
        result = panel.roll()
        self.statusBar().showMessage(
            self.tr("Rolled %1: %2").replace("%1", label).replace("%2", str(code)), 5000
        )
        return result

    def _points_spent(self, kind: str, count: int) -> None:
        """The dice panel spent (+1) or refunded (-1) a point: change the character too (R7)."""
        doc = self._rolling_doc
        if doc is None:
            return
        from ui.commands import adjust_points

        field = "character_points" if kind == "character_point" else "action_points"
        command = adjust_points(doc, field, -count)
        if command is not None:
            doc.push(command)

    # --- print -------------------------------------------------------------------------------

    def print_current(self) -> bool:
        doc = self.current_document()
        if doc is None:
            return False
        self._commit_editors()
        from ui.sheet.damage_widget import campaign_damage_system
        from ui.sheet.print import print_character

        return print_character(doc.character, self, damage_system=campaign_damage_system(doc))

    def export_pdf(self, path: Path | None = None) -> Path | None:
        from PySide6.QtWidgets import QFileDialog

        doc = self.current_document()
        if doc is None:
            return None
        self._commit_editors()
        from sheets.storage import file_name_for
        from ui.sheet.damage_widget import campaign_damage_system
        from ui.sheet.print import export_pdf

        if path is None:
            start = (doc.path.parent if doc.path else Path.home()) / file_name_for(
                doc.character.name
            ).replace(".json", ".pdf")
            chosen, _filter = QFileDialog.getSaveFileName(
                self,
                self.tr("Export %1 as PDF").replace("%1", doc.title),
                str(start),
                self.tr("PDF (*.pdf)"),
            )
            if not chosen:
                return None
            path = Path(chosen)
        if path.suffix.lower() != ".pdf":
            path = path.with_suffix(".pdf")
        pages = export_pdf(doc.character, path, damage_system=campaign_damage_system(doc))
        self.statusBar().showMessage(
            self.tr("Exported %1 (%2 pages)").replace("%1", str(path)).replace("%2", str(pages)),
            8000,
        )
        return path

    # --- view --------------------------------------------------------------------------------

    def set_color_scheme(self, scheme: str) -> None:
        from app.settings import load_settings, save_settings
        from ui.theme import apply_color_scheme

        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_color_scheme(app, scheme)  # type: ignore[arg-type]
        if scheme in self.scheme_actions:
            self.scheme_actions[scheme].setChecked(True)
        settings = load_settings()
        settings.color_scheme = scheme
        save_settings(settings)

    def show_about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        from app.gui import _version

        QMessageBox.about(
            self,
            self.tr("About %1").replace("%1", APP_NAME),
            f"<h3>{APP_NAME} {_version()}</h3>"
            + self.tr("<p>Offline character sheets and encounter tracker for FreeD6 / OpenD6.</p>"),
        )


class _Named:
    """A name for ``unique_name`` (it looks items up by ``.name``)."""

    def __init__(self, name: str) -> None:
        self.name = name


__all__ = ["MainWindow"]
