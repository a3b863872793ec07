"""The main window: the campaign browser (left), a tab per open character (centre), the
dice (right), menus and toolbar. It holds the widgets and lays them out; the flows belong
to the controllers it makes (``ui.main``), which meet through the ``Workspace`` (what is
open), the ``Prompter`` (what is asked) and the ``SaveService`` (what is saved).

Cold start: Qt and the campaign's title before the first paint (``FirstPaint``); then its
rows and the dice panel; once that has painted, icons; then the campaign's loading.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QMainWindow, QWidget

from ui.campaign.browser import CampaignBrowser
from ui.campaign.model import CampaignModel
from ui.main import APP_NAME
from ui.main.actions import MainActions
from ui.main.campaign_controller import CampaignController
from ui.main.centre import SheetArea
from ui.main.docks import DockLayout
from ui.main.document_opener import DocumentOpener, dropped_paths
from ui.main.file_controller import FileController
from ui.main.first_paint import FirstPaint, after_painted
from ui.main.preferences import WindowPreferences
from ui.main.roll_controller import RollController
from ui.main.sheet_tabs import SheetTabs
from ui.main.status import StatusPresenter
from ui.main.undo_router import UndoRouter
from ui.screen_fit import fit_to_screen
from ui.services.prompter import Prompter
from ui.workspace.save_service import SaveService
from ui.workspace.workspace import Workspace

if TYPE_CHECKING:
    from ui.workspace.character_document import CharacterDocument


class MainWindow(QMainWindow):
    """Menus, toolbar, the campaign browser and dice docks, and a tab per open character."""

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
        # The undo group first: Qt deletes children in creation order, and the group must
        # be gone before the documents' stacks (it would report each stack's removal).
        self.undo = UndoRouter(self)
        self.prompter: Prompter = prompter or Prompter(self)
        self.save_service = SaveService(self.prompter, self)
        self.workspace = Workspace(self.save_service, self, autosave_ms=autosave_ms)

        self.centre = SheetArea()
        self.tabs, self.hint = self.centre.tabs, self.centre.hint
        self.setCentralWidget(self.centre)

        # --- docks ---
        self.browser = CampaignBrowser(CampaignModel(self))
        self.docks = DockLayout(self, self.browser, self.centre, self.tabs)

        # --- the flows ---
        self.sheets = SheetTabs(self.tabs, self)
        self.status = StatusPresenter(self, self.workspace, self.sheets, self.undo)
        self.rolls = RollController(self.workspace, self.docks, self.status, self)
        self.files = FileController(
            self.workspace, self.sheets, self.status, self.prompter, self.save_service, self
        )
        self.campaigns = CampaignController(
            self.workspace,
            tabs=self.sheets,
            undo=self.undo,
            status=self.status,
            files=self.files,
            rolls=self.rolls,
            browser=self.browser,
            prompter=self.prompter,
            parent=self,
        )
        self.opener = DocumentOpener(
            self.workspace,
            tabs=self.sheets,
            status=self.status,
            campaigns=self.campaigns,
            browser=self.browser,
            prompter=self.prompter,
            parent=self,
        )
        self.preferences = WindowPreferences(self, self.docks, self.workspace)
        self.menus = MainActions(
            self,
            files=self.files,
            campaigns=self.campaigns,
            opener=self.opener,
            undo=self.undo,
            docks=self.docks,
            preferences=self.preferences,
            prompter=self.prompter,
            find=self.focus_search,
        )
        self.status.actions = self.menus
        self.first_paint = FirstPaint(self)
        self._wire()
        self.status.update_actions()
        self.status.show(self.tr("Ready"))

    def _wire(self) -> None:
        """Who hears what: each signal goes to the object that owns the flow."""
        workspace, sheets, status = self.workspace, self.sheets, self.status
        self.tabs.tabCloseRequested.connect(self.files.close_tab)
        self.browser.openRequested.connect(self.opener.open_entry)
        workspace.documentAdded.connect(self._document_added)
        workspace.changedOnDisk.connect(self.files.changed_on_disk)
        workspace.removedFromDisk.connect(self.files.removed_from_disk)
        self.save_service.autosaveFailed.connect(
            lambda why: status.show(self.tr("Autosave failed: %1").replace("%1", why))
        )
        sheets.editorOpening.connect(self.docks.sheet_opening)
        sheets.editorOpened.connect(self._editor_opened)
        sheets.currentChanged.connect(self._current_sheet_changed)
        sheets.rollRequested.connect(self.rolls.roll)
        sheets.problem.connect(lambda reason: status.show(reason, 8000))
        self.undo.group.cleanChanged.connect(lambda _clean: status.update_title())
        self.undo.group.activeStackChanged.connect(lambda _stack: status.update_title())
        for after in (self.campaigns.list_first_screen, self.rolls.ensure_panel, self.docks.shown):
            self.first_paint.afterFirstPaint.connect(after)  # rows, panel, then dock widths
        self.first_paint.afterFirstPaint.connect(
            lambda: after_painted(self.rolls.ensure_panel(), self._after_panel_painted)
        )
        self.undo.follow(workspace, sheets, self.browser)

    def _after_panel_painted(self) -> None:
        """The panel and its odds on screen: icon lookups, then (painted) the loading."""
        self.menus.after_first_screen()
        self.browser.finish_setup()
        after_painted(self.menus.toolbar, self.campaigns.after_first_paint)

    def _document_added(self, doc: CharacterDocument) -> None:
        doc.modifiedChanged.connect(lambda _m, d=doc: self._document_changed(d))
        doc.changed.connect(lambda d=doc: self._document_changed(d))

    def _document_changed(self, doc: CharacterDocument) -> None:
        self.sheets.update_tab(doc)
        self.status.update_title()
        self.rolls.follow_sheet(doc)

    def _editor_opened(self, _editor: QWidget) -> None:
        self.centre.show_current()
        self.docks.sheet_opened()

    def _current_sheet_changed(self, _doc: CharacterDocument | None) -> None:
        self.centre.show_current()
        self.status.update_title()

    def focus_search(self) -> None:
        self.docks.browser_dock.show()
        self.docks.browser_dock.raise_()
        self.browser.focus_search()

    # --- events ------------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        # The trackers first: each asks about its encounter while this window still shows.
        if not self.campaigns.close_windows() or not self.files.maybe_save(
            self.workspace.documents(), campaign=True
        ):
            event.ignore()
            return
        self.save_service.stop_autosaving()
        self.campaigns.memory.remember()
        self.preferences.save_window()
        self.undo.stop_following()
        event.accept()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if dropped_paths(event):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = dropped_paths(event)
        if not paths:
            event.ignore()
            return
        event.acceptProposedAction()
        self.opener.drop_files(paths)


__all__ = ["APP_NAME", "MainWindow"]
