"""Encounters of the open campaign: build one (issue 6) and run one in a tracker window."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from ui.window import status

if TYPE_CHECKING:
    from ui.main_window import MainWindow


def new_encounter(window: MainWindow) -> QWidget | None:
    """Build an encounter of the open campaign (issue 6); it joins the browser when
    saved, and "Run now" opens it in the tracker."""
    if window.session is None:
        return None
    from ui.tracker import open_builder

    builder = open_builder(window.session.folder, window, window.prompter)
    builder.run_with = window.open_encounter
    builder.saved.connect(lambda path: _encounter_saved(window, path))
    builder.show()
    return builder


def _encounter_saved(window: MainWindow, path: Path) -> None:
    from ui.campaign.index import entry_for_file

    if window.session is None:
        return
    entry = entry_for_file(window.session.folder, path)
    window.session.model.add_entry(entry)
    window.browser.select_entry(entry)


def open_encounter(window: MainWindow, path: Path) -> QWidget | None:
    """Run an encounter of the open campaign in a tracker window (issue 6).

    The tracker reads the campaign's files itself: it saves through the same storage
    layer, which refuses to overwrite a sheet changed here since it was read."""
    if window.session is None:
        return None
    from sheets.storage import DocumentError
    from ui.tracker import open_tracker

    try:
        tracker = open_tracker(window.session.folder, path, window, prompter=window.prompter)
    except DocumentError as error:
        status.show_problems(window, window.tr("Cannot open %1").replace("%1", path.name), error)
        return None
    tracker.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    tracker.show()
    name = tracker.engine.encounter.name
    window.statusBar().showMessage(window.tr("Running %1").replace("%1", name))
    return tracker
