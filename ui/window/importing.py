"""Files from outside: File > Open and Import, drag and drop, and what the system hands
the app (command line, "open with", a macOS file-open event)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QDragEnterEvent, QDropEvent

from ui.campaign.index import is_campaign_folder
from ui.window import status

if TYPE_CHECKING:
    from ui.character_document import CharacterDocument
    from ui.main_window import MainWindow


def open_file(window: MainWindow) -> bool:
    file = window.prompter.open_file(
        window.tr("Open"),
        window.session.folder if window.session else Path.home(),
        window.tr("Wild Die files (*.json)"),
    )
    if file is None:
        return False
    if file.name == "campaign.json":
        return window.open_campaign(file.parent)
    return window.open_character(file) is not None


def open_path(window: MainWindow, path: str | os.PathLike[str]) -> bool:
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
        return home is not None and window.open_campaign(home)
    if not target.is_file():
        window.statusBar().showMessage(window.tr("%1 does not exist").replace("%1", str(target)))
        return False
    other_campaign = window.session is None or window.session.folder != home
    if home is not None and other_campaign and not window.open_campaign(home):
        return False
    if home is not None and target.parent.name == ENCOUNTERS_FOLDER:
        return window.open_encounter(target) is not None
    if home is None:  # from elsewhere: another tool's export joins the open campaign
        try:
            data, _info = read_file_bytes(target)
        except DocumentError:
            data = b""  # open_character below reports what is wrong with it
        if detect(data) is not None:
            return window.import_character_file(target) is not None
    return window.open_character(target) is not None


def import_character(window: MainWindow) -> bool:
    path = window.prompter.open_file(
        window.tr("Import a character"),
        window.session.folder if window.session else Path.home(),
        window.tr("Characters: Wild Die or Foundry VTT od6s export (*.json)"),
    )
    return path is not None and window.import_character_file(path) is not None


def import_character_file(window: MainWindow, path: Path) -> CharacterDocument | None:
    """Copy a character file into the open campaign and open it (drag and drop too)."""
    session = window.session
    if session is None:
        window.statusBar().showMessage(window.tr("Open a campaign first: imports go into it"))
        return None
    from sheets.storage import DocumentError, SaveConflict, SaveError

    cannot = window.tr("Cannot import %1").replace("%1", path.name)
    try:
        doc, added, report = session.import_character(path)
    except DocumentError as error:
        status.show_problems(window, cannot, error)
        return None
    except (SaveConflict, SaveError, OSError) as error:
        window.prompter.tell(cannot, str(error), "warning")
        return None
    window.open_document(doc)
    entry = session.entry_for(doc)
    if entry is not None:
        window.browser.select_entry(entry)
    message = (
        window.tr("Imported %1 into %2").replace("%1", doc.title).replace("%2", session.title)
        if added
        else window.tr("%1 is already in this campaign").replace("%1", doc.title)
    )
    if report:  # converted from another tool: say what came over and what went to notes
        message = f"{message}: {report[0]}"
        window.import_report = report
        window.statusBar().setToolTip("\n".join(report))
    window.statusBar().showMessage(message, 15000)
    return doc


def dropped_paths(event: QDragEnterEvent | QDropEvent) -> list[Path]:
    """The character files and campaign folders a drag carries."""
    mime = event.mimeData()
    if not mime.hasUrls():
        return []
    paths = [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]
    return [p for p in paths if p.suffix.lower() == ".json" or is_campaign_folder(p)]


def drop_files(window: MainWindow, paths: Iterable[Path]) -> list[CharacterDocument]:
    """Dropped files: a campaign folder opens; a character file joins the campaign."""
    added = []
    for path in paths:
        if path.is_dir() or path.name == "campaign.json":
            window.open_campaign(path if path.is_dir() else path.parent)
            continue
        doc = window.import_character_file(path)
        if doc is not None:
            added.append(doc)
    return added
