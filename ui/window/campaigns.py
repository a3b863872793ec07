"""Campaign folders: open (listed now, loaded now or after the first paint), close, choose,
make a new one, and the Recent Campaigns menu."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING

from ui.campaign.index import is_campaign_folder, scan_campaign
from ui.campaign.session import CampaignSession
from ui.window import rolling, sessions, sheet_tabs, status

if TYPE_CHECKING:
    from ui.main_window import MainWindow


def open_campaign(
    window: MainWindow, folder: str | os.PathLike[str], *, defer_loading: bool = False
) -> bool:
    """Open a campaign folder: list it now; load and validate its files now or after the
    first paint (``defer_loading``). False when the folder is not a campaign."""
    path = Path(folder)
    if not is_campaign_folder(path):
        window.statusBar().showMessage(
            window.tr("%1 is not a campaign folder (no campaign.json)").replace("%1", str(path))
        )
        return False
    if window.session is not None and not close_campaign(window):
        return False
    index = scan_campaign(path)
    session = CampaignSession(index, window, saver=window.save_service)
    window.session = session
    window.browser.set_model(session.model)
    window.browser.set_title(index.title)
    window.undo_group.addStack(session.undo_stack)
    window.undo_group.setActiveStack(session.undo_stack)
    session.documentAdded.connect(lambda doc: sheet_tabs.document_added(window, doc))
    session.sessionChanged.connect(lambda _n: status.update_session_label(window))
    session.houseRulesChanged.connect(lambda: sessions.house_rules_changed(window))
    session.modifiedChanged.connect(lambda _m: status.update_title(window))
    window.statusBar().showMessage(window.tr("Opened %1").replace("%1", index.title))
    if not (defer_loading and window.first_paint.load_later()):
        finish_loading(window)
    status.update_title(window)
    status.update_actions(window)
    return True


def finish_loading(window: MainWindow) -> None:
    """The slow half of opening: validate every file, attach documents, offer recovery."""
    session = window.session
    if session is None:
        return
    from ui.services.paths import add_recent_file
    from ui.services.settings_store import load_settings, save_settings

    session.ensure_loaded()
    window.browser.set_title(session.title)
    rolling.apply_house_rules(window)
    status.update_session_label(window)
    if session.problems:
        first = session.problems[0]
        more = len(session.problems) - 1
        text = window.tr("Some files could not be read: %1").replace("%1", first)
        if more:
            text += window.tr(" (and %1 more: see the browser)").replace("%1", str(more))
        window.statusBar().showMessage(text)
    with contextlib.suppress(OSError):  # a convenience, never worth an error
        add_recent_file(session.folder)
    settings = load_settings()
    settings.last_campaign = str(session.folder.absolute())
    save_settings(settings)
    status.update_title(window)
    status.update_actions(window)
    window.campaignOpened.emit(session)
    if window.offer_recovery_on_load:
        window.offer_recovery()


def close_campaign(window: MainWindow) -> bool:
    """Ask about unsaved changes, close every tab; False when the player cancels."""
    if not window.maybe_save(list(window.documents()), campaign=True):
        return False
    while window.tabs.count():
        sheet_tabs.remove_tab(window, 0)
    if window.session is not None:
        for doc in window.session.documents():
            window.undo_group.removeStack(doc.undo_stack)
        window.undo_group.removeStack(window.session.undo_stack)
        window.session.deleteLater()
    window.session = None
    window.undo_group.setActiveStack(window.empty_stack)
    window.disk_watch.schedule_refresh()
    return True


def choose_campaign(window: MainWindow) -> bool:
    folder = window.prompter.open_folder(window.tr("Open a campaign folder"))
    if folder is None:
        return False
    if not window.open_campaign(folder):
        window.prompter.tell(
            window.tr("Not a campaign"),
            window.tr("%1 has no campaign.json: choose a campaign folder.").replace(
                "%1", str(folder)
            ),
            "warning",
        )
        return False
    return True


def new_campaign(window: MainWindow) -> bool:
    folder = window.prompter.open_folder(window.tr("Choose an empty folder for the new campaign"))
    if folder is None:
        return False
    title = window.prompter.text(
        window.tr("New campaign"), window.tr("Campaign title:"), folder.name
    )
    if title is None:
        return False
    from sheets.documents import Campaign

    if not window.save_service.create_campaign(folder, Campaign(title=title)):
        return False
    return window.open_campaign(folder)


def fill_recent_menu(window: MainWindow) -> None:
    from ui.services.paths import recent_files

    menu = window.recent_menu
    menu.clear()
    campaigns = [p for p in recent_files() if is_campaign_folder(p)]
    for number, folder in enumerate(campaigns, start=1):
        action = menu.addAction(f"&{number % 10} {folder.name}")
        action.setToolTip(str(folder))
        action.setStatusTip(str(folder))
        action.triggered.connect(lambda _c=False, f=folder: window.open_campaign(f))
    if not campaigns:
        empty = menu.addAction(window.tr("No recent campaigns"))
        empty.setEnabled(False)
