"""The open campaign: open it (listed now, loaded now or after the first paint), close it,
choose or make one, the Recent Campaigns menu; the Campaign menu's table business (start a
session, R7; the house rules), each one undoable step on the campaign's own undo stack;
and its encounters (build one, run one in a tracker window)."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QMenu, QWidget

from ui.campaign.index import is_campaign_folder, scan_campaign
from ui.text import problem_text, tooltip

FIRST_SCREEN_ROWS = 60
"""Files read right after the first paint at most; fewer when the browser shows fewer."""
BACKGROUND_ROWS = 300
"""From this many files on, the campaign is validated on a worker thread."""

if TYPE_CHECKING:
    from ui.campaign.browser import CampaignBrowser
    from ui.main.file_controller import FileController
    from ui.main.roll_controller import RollController
    from ui.main.sheet_tabs import SheetTabs
    from ui.main.status import StatusPresenter
    from ui.main.undo_router import UndoRouter
    from ui.services.prompter import Prompter
    from ui.workspace.campaign_session import CampaignSession
    from ui.workspace.workspace import Workspace


class CampaignController(QObject):
    campaignOpened = Signal(object)  # CampaignSession, loaded and validated
    encounterOpened = Signal(object)  # the tracker window

    def __init__(
        self,
        workspace: Workspace,
        *,
        tabs: SheetTabs,
        undo: UndoRouter,
        status: StatusPresenter,
        files: FileController,
        rolls: RollController,
        browser: CampaignBrowser,
        prompter: Prompter,
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.parent_widget = parent  # trackers and dialogs are its children
        self.workspace = workspace
        self.tabs = tabs
        self.undo = undo
        self.status = status
        self.files = files
        self.rolls = rolls
        self.browser = browser
        self.prompter = prompter
        self.load_deferred = False
        self.first_paint_done = False
        from ui.main.campaign_memory import CampaignMemoryKeeper

        self.memory = CampaignMemoryKeeper(workspace, tabs, rolls, self)
        """The open sheets and rolls of each campaign, kept between runs."""
        self.windows: list[QWidget] = []
        """The campaign's own windows (trackers, builders): they close with it, and each
        may refuse (unsaved changes the GM wants to keep)."""

    # --- open and close ----------------------------------------------------------------------

    def open(self, folder: str | os.PathLike[str], *, defer_loading: bool = False) -> bool:
        """Open a campaign folder: list it now; load and validate its files now or after
        the first paint (``defer_loading``). False when the folder is not a campaign."""
        path = Path(folder)
        if not is_campaign_folder(path):
            self.status.show(
                self.tr("%1 is not a campaign folder (no campaign.json)").replace("%1", str(path))
            )
            return False
        if self.workspace.session is not None and not self.close():
            return False
        # At start-up the first paint waits for the campaign's title only: its files are
        # listed after it (``list_first_screen``), the first screen's rows first (issue 17:
        # listing, sorting and reading 10,000 characters' files grew the first paint).
        deferred = defer_loading and not self.first_paint_done
        index = scan_campaign(path, list_files=not deferred)
        session = self.workspace.open_session(index)
        self.browser.set_model(session.model)
        self.browser.set_title(index.title)
        if deferred:
            self.browser.show_listing()
        self.undo.add(session.undo_stack)
        self.undo.activate(session.undo_stack)
        session.sessionChanged.connect(lambda _n: self.status.update_session_label())
        session.houseRulesChanged.connect(self._house_rules_changed)
        session.modifiedChanged.connect(lambda _m: self.status.update_title())
        self.status.show(self.tr("Opened %1").replace("%1", index.title))
        if defer_loading and not self.first_paint_done:
            self.load_deferred = True
        else:
            self.finish_loading()
        self.status.update_title()
        return True

    def list_first_screen(self) -> None:
        """Right after the first paint: the open campaign's first rows (read), the others
        listed later (``finish_loading``)."""
        session = self.workspace.session
        if session is not None:
            # As many as the browser shows (each read is ~0.2 M instructions before the
            # dice panel's odds are shown, issue 17); the rest are listed on idle turns.
            rows = min(FIRST_SCREEN_ROWS, self.browser.rows_in_sight())
            session.list_folder(rows, rows)

    def after_first_paint(self) -> None:
        self.first_paint_done = True
        if self.load_deferred:
            self.load_deferred = False
            session = self.workspace.session
            # A small campaign validates in a blink; a big one on a worker thread.
            big = session is not None and session.row_count() > BACKGROUND_ROWS
            if big:
                self.finish_loading(background=True)
            else:  # soon (the window calls this once the dice panel has painted)
                QTimer.singleShot(0, self, self.finish_loading)

    def finish_loading(self, *, background: bool = False) -> None:
        """The slow half of opening: validate every file, attach documents, offer recovery;
        ``background``: the rows are read on idle turns and the files validated on a
        worker thread while the window stays usable."""
        session = self.workspace.session
        if session is None:
            return
        if background:
            session.loaded.connect(self._loaded_in_background)
            self._read_rows(session)
            session.load_in_background()
            return
        session.ensure_loaded()
        self._opened(session)

    def _read_rows(self, session: CampaignSession) -> None:
        """The rows not listed yet, a batch per idle turn; then the rows known by file
        name only, read a batch per idle turn."""
        if session is not self.workspace.session or session.is_loaded:
            return
        if session.list_more() or session.read_pending():
            QTimer.singleShot(0, self, lambda: self._read_rows(session))

    def _loaded_in_background(self) -> None:
        session = self.workspace.session
        if session is not None and session is self.sender():
            session.loaded.disconnect(self._loaded_in_background)
            self._opened(session)

    def _opened(self, session: CampaignSession) -> None:
        from ui.services.paths import add_recent_file
        from ui.services.settings_store import SettingsStore

        self.browser.set_title(session.title)
        self.rolls.apply_house_rules()
        self.status.update_session_label()
        if session.problems:
            first = session.problems[0]
            more = len(session.problems) - 1
            text = self.tr("Some files could not be read: %1").replace("%1", first)
            if more:
                text += self.tr(" (and %1 more: see the browser)").replace("%1", str(more))
            self.status.show(text)
        with contextlib.suppress(OSError):  # a convenience, never worth an error
            add_recent_file(session.folder)
        SettingsStore().remember(last_campaign=str(session.folder.absolute()))
        self.status.update_title()
        self.memory.restore(session)
        self.campaignOpened.emit(session)  # then crash recovery (DocumentOpener) offers

    def close_windows(self) -> bool:
        """Close the campaign's trackers and builders, each asking about its unsaved
        changes; False (and the rest left open) when one stays open."""
        return all(window.close() for window in list(self.windows) if window.isVisible())

    def _keep(self, window: QWidget) -> None:
        self.windows.append(window)
        window.destroyed.connect(lambda _o=None, w=window: self._forget(w))
        replaced = getattr(window, "replaced", None)  # a tracker reopened from disk
        if replaced is not None:
            replaced.connect(self._keep)

    def _forget(self, window: QWidget) -> None:
        if window in self.windows:
            self.windows.remove(window)

    def close(self) -> bool:
        """Ask about unsaved changes, close every tab; False when the player cancels."""
        if not self.close_windows():
            return False
        if not self.files.maybe_save(self.workspace.documents(), campaign=True):
            return False
        self.memory.remember()
        self.tabs.remove_all()
        session = self.workspace.session
        if session is not None:
            for doc in session.documents():
                self.undo.remove(doc.undo_stack)
            self.undo.remove(session.undo_stack)
        self.workspace.close_session()
        self.undo.activate(None)
        self.workspace.disk_watch.schedule_refresh()
        return True

    def _near(self) -> Path:
        """Where a folder dialog starts: beside the open campaign, else the home folder
        (never the app's own folder)."""
        session = self.workspace.session
        return session.folder.parent if session is not None else Path.home()

    def choose(self) -> bool:
        folder = self.prompter.open_folder(self.tr("Open a campaign folder"), self._near())
        if folder is None:
            return False
        if not self.open(folder):
            self.prompter.tell(
                self.tr("Not a campaign"),
                self.tr("%1 has no campaign.json: choose a campaign folder.").replace(
                    "%1", str(folder)
                ),
                "warning",
            )
            return False
        return True

    def new(self) -> bool:
        folder = self.prompter.open_folder(
            self.tr("Choose an empty folder for the new campaign"), self._near()
        )
        if folder is None:
            return False
        title = self.prompter.text(self.tr("New campaign"), self.tr("Campaign title:"), folder.name)
        if title is None:
            return False
        from sheets.documents import Campaign

        if not self.workspace.save_service.create_campaign(folder, Campaign(title=title)):
            return False
        return self.open(folder)

    def fill_recent_menu(self, menu: QMenu) -> None:
        from ui.services.paths import recent_files

        menu.clear()
        campaigns = [p for p in recent_files() if is_campaign_folder(p)]
        for number, folder in enumerate(campaigns, start=1):
            action = menu.addAction(f"&{number % 10} {folder.name}")
            action.setToolTip(tooltip(str(folder)))
            action.setStatusTip(str(folder))
            action.triggered.connect(lambda _c=False, f=folder: self.open(f))
        if not campaigns:
            empty = menu.addAction(self.tr("No recent campaigns"))
            empty.setEnabled(False)

    # --- the table's business ----------------------------------------------------------------

    def _loaded_with_file(self, missing: str) -> CampaignSession | None:
        """The open campaign, loaded, when it has a campaign.json (else ``missing`` shows)."""
        session = self.workspace.session
        if session is None:
            return None
        session.ensure_loaded()
        if session.campaign is None:
            self.status.show(missing)
            return None
        return session

    def start_session(self) -> bool:
        """R7: every player character to 1 action point (or +1 with the house rule)."""
        session = self._loaded_with_file(
            self.tr("This campaign has no campaign.json to start a session in")
        )
        command = session.start_session() if session is not None else None
        if session is None or command is None:
            return False
        self.undo.activate(session.undo_stack)
        names = ", ".join(doc.title for doc, _old, _new in command.changes)
        text = self.tr("Session %1 started: action points for %2 (Ctrl+Z undoes)")
        self.status.show(text.replace("%1", str(command.new_session)).replace("%2", names or "—"))
        return True

    def _campaign_step_done(self, session: CampaignSession, message: str) -> None:
        """After a dialog's change to the campaign (its own undo step). The window gives
        the focus back to where it was when the dialog opened; on a sheet, the undo
        router would then make Ctrl+Z undo that sheet's last change. The browser takes
        the focus, so Ctrl+Z undoes the campaign's step (seen under Xvfb by a helper)."""
        self.browser.view.setFocus()
        self.undo.activate(session.undo_stack)
        self.status.show(message)

    def award_points(self) -> bool:
        """Campaign > Award Points: Character Points and Fate Points for the party at the
        end of a session, one undo step."""
        session = self.workspace.session
        if session is None:
            self.status.show(self.tr("Open a campaign to award its party"))
            return False
        from PySide6.QtWidgets import QDialog

        from ui.campaign.award_dialog import PartyAwardDialog

        dialog = PartyAwardDialog(session.party(), self.parent_widget)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        if not session.award_points(dialog.awards()):
            return False
        self._campaign_step_done(session, self.tr("Points awarded to the party (Ctrl+Z undoes)"))
        return True

    def edit_house_rules(self) -> bool:
        """Campaign > House Rules: change the table's settings (one undoable step)."""
        session = self._loaded_with_file(
            self.tr("This campaign has no campaign.json to keep house rules in")
        )
        rules = session.house_rules() if session is not None else None
        if session is None or rules is None:
            return False
        from PySide6.QtWidgets import QDialog

        from ui.campaign.house_rules import HouseRulesDialog

        dialog = HouseRulesDialog(rules, self.parent_widget)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        if not session.change_house_rules(dialog.rules()):
            return False
        self._campaign_step_done(
            session, self.tr("House rules changed (Ctrl+Z undoes; Save keeps them)")
        )
        return True

    def edit_game_template(self) -> bool:
        """Campaign > Game: the game template (or the GM's copy), one undoable step."""
        session = self._loaded_with_file(
            self.tr("This campaign has no campaign.json to keep its game in")
        )
        if session is None or session.campaign is None:
            return False
        from PySide6.QtWidgets import QDialog

        from ui.campaign.game_template import GameTemplateDialog

        campaign = session.campaign
        dialog = GameTemplateDialog(
            campaign.game_template, campaign.custom_template, self.parent_widget
        )
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        if not session.change_game_template(dialog.choice()):
            return False
        from ui.campaign.house_rules import damage_system_name

        rules = session.house_rules()
        damage = damage_system_name(rules.damage_system) if rules is not None else ""
        self._campaign_step_done(
            session,
            self.tr("Game changed; damage: %1 (Ctrl+Z undoes; Save keeps it)").replace(
                "%1", damage
            ),
        )
        return True

    def _house_rules_changed(self) -> None:
        """New defaults for the dice panel; sheets show the damage system now played."""
        self.rolls.apply_house_rules()
        self.tabs.follow_house_rules()
        self.status.update_title()

    # --- encounters --------------------------------------------------------------------------

    def new_encounter(self) -> QWidget | None:
        """Build an encounter of the open campaign; it joins the browser when saved, and
        "Run now" opens it in the tracker."""
        session = self.workspace.session
        if session is None:
            return None
        from ui.tracker import open_builder

        # Each window asks over itself: a tracker or builder has a prompter of its own.
        builder = open_builder(session.folder, self.parent_widget)
        builder.run_with = self.open_encounter
        builder.saved.connect(self._encounter_saved)
        self._keep(builder)
        builder.show()
        return builder

    def _encounter_saved(self, path: Path) -> None:
        from ui.campaign.index import entry_for_file

        session = self.workspace.session
        if session is None:
            return
        entry = entry_for_file(session.folder, path)
        session.model.add_entry(entry)
        self.browser.select_entry(entry)

    def open_encounter(self, path: Path) -> QWidget | None:
        """Run an encounter of the open campaign in a tracker window.

        The tracker plays this campaign's very characters (no second copy): an open sheet
        shows what the tracker records and counts as modified until saved."""
        session = self.workspace.session
        if session is None:
            return None
        from sheets.storage import DocumentError
        from ui.tracker import open_tracker
        from ui.tracker.sheet_files import SessionSheets

        try:
            tracker = open_tracker(SessionSheets(session), path, self.parent_widget)
        except DocumentError as error:
            self.prompter.tell(
                self.tr("Cannot open %1").replace("%1", path.name), problem_text(error), "warning"
            )
            return None
        tracker.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._keep(tracker)
        tracker.show()
        self.status.show(self.tr("Running %1").replace("%1", tracker.engine.encounter.name))
        self.encounterOpened.emit(tracker)
        return tracker
