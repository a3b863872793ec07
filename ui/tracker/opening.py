"""Opening an encounter of a campaign in a tracker window."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QWidget

from sheets.storage import CampaignFolder, load_encounter, open_campaign
from ui.services.prompter import Prompter
from ui.tracker.window import TrackerWindow, engine_for


def _encounter_file(campaign: CampaignFolder, encounter_path: Path) -> Path:
    path = Path(encounter_path)
    return path if path.is_absolute() else campaign.folder / path


def open_tracker(
    campaign_folder: CampaignFolder | Path | str,
    encounter_path: Path | str,
    parent: QWidget | None = None,
    *,
    freeze: bool = True,
    prompter: Prompter | None = None,
) -> TrackerWindow:
    """A tracker window (not shown yet) on one encounter of a campaign.

    ``campaign_folder``: an opened ``CampaignFolder`` (its character documents are used
    and saved in place) or a folder to open. ``encounter_path``: absolute, or relative to
    the campaign folder (``encounters/brawl.json``)."""
    campaign = (
        campaign_folder
        if isinstance(campaign_folder, CampaignFolder)
        else open_campaign(campaign_folder)
    )
    file = _encounter_file(campaign, Path(encounter_path))
    key = _relative_key(campaign, file)
    loaded = campaign.encounters.get(key) if key else None
    if loaded is None:
        loaded = load_encounter(file)
    engine = engine_for(campaign, loaded.document, freeze=freeze)
    window = TrackerWindow(
        engine,
        encounter_path=loaded.path,
        encounter_stamp=loaded.stamp,
        campaign=campaign,
        parent=parent,
        prompter=prompter,
    )
    window.session.freeze_each_round = freeze
    if parent is not None:
        window.setWindowFlag(Qt.WindowType.Window, True)
    _Reopener(window, freeze)
    return window


class _Reopener(QObject):
    """Reload Theirs after a save conflict: the window's changes go, and a fresh tracker
    reads the files as they are now (once the save that asked has returned)."""

    def __init__(self, window: TrackerWindow, freeze: bool) -> None:
        super().__init__(window)
        self.window = window
        self.freeze = freeze
        window.session.reloadRequested.connect(lambda: QTimer.singleShot(0, self, self.reopen))

    def reopen(self) -> None:
        window = self.window
        path, campaign = window.session.path, window.session.campaign
        if path is None or campaign is None:
            return
        fresh = open_tracker(
            campaign.folder, path, window.parentWidget(), freeze=self.freeze,
            prompter=window.prompter,
        )  # fmt: skip
        fresh.setGeometry(window.geometry())
        if window.testAttribute(Qt.WidgetAttribute.WA_DeleteOnClose):
            fresh.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        window.replaced.emit(fresh)
        fresh.show()
        window.mark_clean()
        window.close()


def _relative_key(campaign: CampaignFolder, file: Path) -> str | None:
    try:
        return file.resolve().relative_to(campaign.folder.resolve()).as_posix()
    except ValueError:
        return None
