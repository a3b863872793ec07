"""The main window: campaign browser, character tabs, dice panel, menus and the file flow.

- One ``CampaignSession`` at a time (a campaign folder); its characters open in tabs, each
  tab a ``CharacterEditor`` over a ``CharacterDocument``.
- A ``QUndoGroup`` holds every document's stack; the active one follows the current tab
  (or the campaign's own stack when the browser has the focus, or right after "start
  session"), so Edit > Undo, the toolbar and Ctrl+Z act on what the player looks at.
- The title shows the active document with Qt's ``[*]`` modified marker; tabs and browser
  rows mark unsaved characters too. Closing asks about unsaved changes.
- Cold start: this module imports only Qt and the light campaign index; pydantic, the
  documents and the dice panel load after the first paint (``ui.window.first_paint``).
- Hooks for later issues (the encounter tracker) and for tests: ``open_campaign``,
  ``open_character``, ``import_character_file``, ``drop_files``, ``editor_for``,
  ``documents``, signals ``campaignOpened``, ``documentOpened``, ``encounterOpenRequested``.

The window builds its widgets and is the public face (menus, tests, ``app.gui``); the
work is in the ``ui.window`` modules, one job each: ``menus``, ``docks``, ``first_paint``,
``campaigns``, ``sheet_tabs``, ``saving``, ``disk_changes``, ``crash_recovery``, ``importing``,
``encounters``, ``rolling``, ``sessions``, ``printing``, ``preferences``, ``status``.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QShowEvent,
    QUndoGroup,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMainWindow,
    QMenu,
    QStackedWidget,
    QTabWidget,
    QToolBar,
    QWidget,
)

from ui.campaign.browser import CampaignBrowser
from ui.campaign.model import CampaignModel
from ui.campaign.session import CampaignSession
from ui.layouts import fit_to_screen
from ui.services.prompter import Prompter
from ui.window import (
    APP_NAME,
    campaigns,
    crash_recovery,
    disk_changes,
    encounters,
    importing,
    menus,
    preferences,
    printing,
    rolling,
    saving,
    sessions,
    sheet_tabs,
    status,
)
from ui.window.docks import DockLayout
from ui.window.first_paint import FirstPaint
from ui.workspace.save_service import SaveService

if TYPE_CHECKING:
    from sheets.dice import DieCode
    from sheets.documents import CharacterKind
    from ui.campaign.disk_watch import DiskWatch
    from ui.character_document import CharacterDocument
    from ui.services.autosave import Autosaver, Recovery
    from ui.sheet.editor import CharacterEditor


class MainWindow(QMainWindow):
    """Menus, toolbar, the campaign browser and dice docks, and a tab per open character."""

    campaignOpened = Signal(object)  # CampaignSession
    documentOpened = Signal(object)  # CharacterDocument, shown in a tab
    encounterOpenRequested = Signal(object)  # CampaignEntry of an encounter (later issue)
    firstPainted = Signal()

    # Made by ui.window.menus.
    new_action: QAction
    new_kind_actions: dict[str, QAction]
    new_campaign_action: QAction
    open_action: QAction
    open_campaign_action: QAction
    import_action: QAction
    save_action: QAction
    save_as_action: QAction
    save_all_action: QAction
    revert_action: QAction
    close_action: QAction
    print_action: QAction
    pdf_action: QAction
    quit_action: QAction
    undo_action: QAction
    redo_action: QAction
    find_action: QAction
    start_session_action: QAction
    new_encounter_action: QAction
    house_rules_action: QAction
    roll_dock_action: QAction
    browser_dock_action: QAction
    about_action: QAction
    scheme_group: QActionGroup
    scheme_actions: dict[str, QAction]
    file_menu: QMenu
    recent_menu: QMenu
    edit_menu: QMenu
    campaign_menu: QMenu
    view_menu: QMenu
    help_menu: QMenu
    toolbar: QToolBar

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        autosave_ms: int | None = None,
        prompter: Prompter | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("MainWindow")
        self.setWindowTitle(APP_NAME)
        fit_to_screen(self, 1480, 900)
        self.setAcceptDrops(True)
        self.session: CampaignSession | None = None
        self.import_report: list[str] = []  # the last conversion's report (od6s import)
        self.standalone: list[CharacterDocument] = []  # characters opened from outside
        self.rolling_doc: CharacterDocument | None = None  # whose check the dice panel has
        self.dice_panel: Any = None
        self.offer_recovery_on_load = True
        self._autosave_ms = autosave_ms
        self._autosaver: Autosaver | None = None
        self._disk_watch: DiskWatch | None = None
        self.prompter: Prompter = prompter or Prompter(self)
        self.save_service = SaveService(self.prompter, self)
        self.save_service.saved.connect(lambda doc, path: saving.document_saved(self, doc, path))
        self.save_service.reloaded.connect(lambda doc: saving.forget_autosave(self, doc))

        self.undo_group = QUndoGroup(self)
        self.empty_stack = QUndoStack(self)  # active while no campaign is open
        self.undo_group.addStack(self.empty_stack)
        self.undo_group.setActiveStack(self.empty_stack)

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
        self.browser.openRequested.connect(lambda entry: sheet_tabs.open_entry(self, entry))
        self.docks = DockLayout(self, self.browser)
        self.browser_dock = self.docks.browser_dock
        self.dice_dock = self.docks.dice_dock
        self.dice_placeholder = self.docks.dice_placeholder

        self.session_label = QLabel()
        self.session_label.setAccessibleName(self.tr("Session"))
        self.statusBar().addPermanentWidget(self.session_label)

        menus.build_actions(self)
        menus.build_menus(self)
        menus.build_toolbar(self)
        self.undo_group.cleanChanged.connect(lambda _clean: status.update_title(self))
        self.undo_group.activeStackChanged.connect(lambda _stack: status.update_title(self))
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)
        self.first_paint = FirstPaint(self)
        status.update_actions(self)
        self.statusBar().showMessage(self.tr("Ready"))

    def use_prompter(self, prompter: Prompter) -> None:
        """Ask through ``prompter`` from now on (tests script the answers)."""
        self.prompter = self.save_service.prompter = prompter

    # --- start-up, docks and the parts made on first use -------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.docks.shown()

    def fit_docks(self) -> None:
        """Give the side docks their preferred widths as far as the window allows (the
        browser stacks behind the dice where even their minimums do not fit); a no-op once
        the player's own dock layout was restored."""
        self.docks.fit()

    @property
    def autosaver(self) -> Autosaver:
        if self._autosaver is None:
            self._autosaver = crash_recovery.make_autosaver(self, self._autosave_ms)
        return self._autosaver

    @property
    def autosaving(self) -> bool:
        """The autosaver runs (saving then removes the sheet's autosave file)."""
        return self._autosaver is not None

    @property
    def disk_watch(self) -> DiskWatch:
        """Notices sheets whose files changed behind them (the tracker saves sheets too)."""
        if self._disk_watch is None:
            self._disk_watch = disk_changes.make_disk_watch(self)
        return self._disk_watch

    def ensure_dice_panel(self) -> Any:
        """The dice panel (``ui.dice.DicePanel``), created on first use."""
        return rolling.ensure_dice_panel(self)

    # --- campaigns ---------------------------------------------------------------------------

    def open_campaign(self, folder: str | os.PathLike[str], *, defer_loading: bool = False) -> bool:
        """Open a campaign folder: list it now; load and validate its files now or after the
        first paint (``defer_loading``). False when the folder is not a campaign."""
        return campaigns.open_campaign(self, folder, defer_loading=defer_loading)

    def choose_campaign(self) -> bool:
        return campaigns.choose_campaign(self)

    def new_campaign(self) -> bool:
        return campaigns.new_campaign(self)

    def _fill_recent_menu(self) -> None:
        campaigns.fill_recent_menu(self)

    def edit_house_rules(self) -> bool:
        """Campaign > House Rules: change the table's settings (one undoable step)."""
        return sessions.edit_house_rules(self)

    def start_session(self) -> bool:
        """R7: every player character to 1 action point (or +1 with the house rule)."""
        return sessions.start_session(self)

    def new_encounter(self) -> QWidget | None:
        """Build an encounter of the open campaign (issue 6)."""
        return encounters.new_encounter(self)

    def open_encounter(self, path: Path) -> QWidget | None:
        """Run an encounter of the open campaign in a tracker window (issue 6)."""
        return encounters.open_encounter(self, path)

    # --- documents and tabs ------------------------------------------------------------------

    def documents(self) -> list[CharacterDocument]:
        """Every loaded character: the campaign's and those opened from elsewhere."""
        docs = self.session.documents() if self.session is not None else []
        return [*docs, *self.standalone]

    def editor_for(self, doc: CharacterDocument) -> CharacterEditor | None:
        return sheet_tabs.editor_for(self, doc)

    def current_editor(self) -> CharacterEditor | None:
        return sheet_tabs.current_editor(self)

    def current_document(self) -> CharacterDocument | None:
        editor = self.current_editor()
        return editor.doc if editor is not None else None

    def active_document(self) -> CharacterDocument | None:
        """The document whose undo stack is active (None: the campaign's stack)."""
        stack = self.undo_group.activeStack()
        return next((d for d in self.documents() if d.undo_stack is stack), None)

    def open_document(self, doc: CharacterDocument) -> CharacterEditor:
        """Show ``doc`` in a tab (the existing one if it is open already)."""
        return sheet_tabs.open_document(self, doc)

    def open_character(self, path: str | os.PathLike[str]) -> CharacterEditor | None:
        """Open a character file in a tab: from the campaign if it is part of it."""
        return sheet_tabs.open_character(self, path)

    def new_character(self, kind: CharacterKind = "character") -> CharacterEditor | None:
        return sheet_tabs.new_character(self, kind)

    def close_tab(self, index: int) -> bool:
        """Close a tab; unsaved changes: Save / Discard / Cancel."""
        return saving.close_tab(self, index)

    def focus_search(self) -> None:
        self.browser_dock.show()
        self.browser_dock.raise_()
        self.browser.focus_search()

    def _current_tab_changed(self, _index: int) -> None:
        sheet_tabs.current_tab_changed(self)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        sheet_tabs.focus_changed(self, new)

    # --- saving ------------------------------------------------------------------------------

    def save_current(self) -> bool:
        return saving.save_current(self)

    def save_current_as(self) -> bool:
        return saving.save_current_as(self)

    def save_document(
        self, doc: CharacterDocument, path: Path | None = None, *, overwrite: bool = False
    ) -> bool:
        """Save atomically (sheets.storage); asks before overwriting a file changed elsewhere."""
        return saving.save_document(self, doc, path, overwrite=overwrite)

    def save_all(self) -> bool:
        return saving.save_all(self)

    def revert_current(self) -> bool:
        return saving.revert_current(self)

    def maybe_save(self, docs: list[CharacterDocument], *, campaign: bool = False) -> bool:
        """Before closing: Save all / Discard / Cancel when something is unsaved."""
        return saving.maybe_save(self, docs, campaign=campaign)

    def discard_all_changes(self) -> None:
        """Mark everything saved without saving (tests: no "save?" prompt at teardown)."""
        saving.discard_all_changes(self)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save(self.documents(), campaign=True):
            event.ignore()
            return
        if self._autosaver is not None:
            self._autosaver.stop()
        preferences.save_window_settings(self)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            with contextlib.suppress(RuntimeError, TypeError):
                app.focusChanged.disconnect(self._focus_changed)
        event.accept()

    def restore_window_settings(
        self, geometry: QByteArray | None, state: QByteArray | None
    ) -> None:
        preferences.restore_window_settings(self, geometry, state)

    # --- open / import / drop ----------------------------------------------------------------

    def open_file(self) -> bool:
        return importing.open_file(self)

    def open_path(self, path: str | os.PathLike[str]) -> bool:
        """Open what the system hands the app (command line, "open with", a macOS open
        event): a campaign, a character or encounter file, or another tool's export."""
        return importing.open_path(self, path)

    def import_character(self) -> bool:
        return importing.import_character(self)

    def import_character_file(self, path: Path) -> CharacterDocument | None:
        """Copy a character file into the open campaign and open it (drag and drop too)."""
        return importing.import_character_file(self, path)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if importing.dropped_paths(event):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = importing.dropped_paths(event)
        if not paths:
            event.ignore()
            return
        event.acceptProposedAction()
        self.drop_files(paths)

    def drop_files(self, paths: Iterable[Path]) -> list[CharacterDocument]:
        """Dropped files: a campaign folder opens; a character file joins the campaign."""
        return importing.drop_files(self, paths)

    # --- recovery ----------------------------------------------------------------------------

    def offer_recovery(self) -> list[CharacterDocument]:
        """After a crash: "restore the unsaved changes to Kara?" for each autosave."""
        return crash_recovery.offer_recovery(self)

    def restore(self, recovery: Recovery) -> CharacterDocument | None:
        """Put autosaved changes back as one undoable step (undo shows the saved file)."""
        return crash_recovery.restore(self, recovery)

    # --- dice, print, view -------------------------------------------------------------------

    def roll(self, doc: CharacterDocument, label: str, code: DieCode) -> Any:
        """Load a check into the dice panel and roll it (R3 with the campaign's house rules)."""
        return rolling.roll(self, doc, label, code)

    def print_current(self) -> bool:
        return printing.print_current(self)

    def export_pdf(self, path: Path | None = None) -> Path | None:
        return printing.export_pdf(self, path)

    def set_color_scheme(self, scheme: str) -> None:
        preferences.set_color_scheme(self, scheme)

    def show_about(self) -> None:
        menus.show_about(self)


__all__ = ["APP_NAME", "MainWindow"]
