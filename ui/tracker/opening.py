"""Opening an encounter of a campaign in a tracker window."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QWidget

from sheets.storage import CampaignFolder, load_encounter, open_campaign
from ui.services.prompter import Prompter
from ui.tracker.sheet_files import FolderSheets, SheetFiles
from ui.tracker.window import TrackerWindow, engine_for


def _encounter_file(folder: Path, encounter_path: Path) -> Path:
    path = Path(encounter_path)
    return path if path.is_absolute() else folder / path


def open_tracker(
    campaign_folder: SheetFiles | CampaignFolder | Path | str,
    encounter_path: Path | str,
    parent: QWidget | None = None,
    *,
    freeze: bool = True,
    prompter: Prompter | None = None,
) -> TrackerWindow:
    """A tracker window (not shown yet) on one encounter of a campaign.

    ``campaign_folder``: the main window's open campaign (``SessionSheets``: the tracker
    plays its very characters), an opened ``CampaignFolder`` (its character documents are
    used and saved in place) or a folder to open. ``encounter_path``: absolute, or
    relative to the campaign folder (``encounters/brawl.json``)."""
    if isinstance(campaign_folder, CampaignFolder):
        sheets: SheetFiles = FolderSheets(campaign_folder)
    elif isinstance(campaign_folder, Path | str):
        sheets = FolderSheets(open_campaign(campaign_folder))
    else:
        sheets = campaign_folder
    file = _encounter_file(sheets.folder, Path(encounter_path))
    loaded = None
    if isinstance(sheets, FolderSheets):
        key = _relative_key(sheets.folder, file)
        loaded = sheets.campaign.encounters.get(key) if key else None
    if loaded is None:
        loaded = load_encounter(file)
    engine = engine_for(sheets, loaded.document, freeze=freeze)
    window = TrackerWindow(
        engine,
        encounter_path=loaded.path,
        encounter_stamp=loaded.stamp,
        campaign=sheets,
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
        path, sheets = window.session.path, window.session.sheets
        if path is None or sheets is None:
            return
        # A tracker of its own reads its folder again; one sharing the open campaign
        # plays the sheets as reloaded (EncounterSession._take_theirs).
        source = sheets.folder if isinstance(sheets, FolderSheets) else sheets
        fresh = open_tracker(
            source, path, window.parentWidget(), freeze=self.freeze, prompter=window.prompter
        )
        fresh.setGeometry(window.geometry())
        if window.testAttribute(Qt.WidgetAttribute.WA_DeleteOnClose):
            fresh.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        window.replaced.emit(fresh)
        fresh.show()
        window.mark_clean()
        window.close()


def _relative_key(folder: Path, file: Path) -> str | None:
    try:
        return file.resolve().relative_to(folder.resolve()).as_posix()
    except ValueError:
        return None
