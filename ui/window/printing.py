"""Printing a character sheet, and exporting it as a PDF (with the campaign's damage
system, R10)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ui.window import saving

if TYPE_CHECKING:
    from ui.main_window import MainWindow


def print_current(window: MainWindow) -> bool:
    doc = window.current_document()
    if doc is None:
        return False
    saving.commit_editors(window)
    from ui.sheet.damage_widget import campaign_damage_system
    from ui.sheet.print import print_character

    return print_character(doc.character, window, damage_system=campaign_damage_system(doc))


def export_pdf(window: MainWindow, path: Path | None) -> Path | None:
    doc = window.current_document()
    if doc is None:
        return None
    saving.commit_editors(window)
    from sheets.storage import file_name_for
    from ui.sheet.damage_widget import campaign_damage_system
    from ui.sheet.print import export_pdf

    if path is None:
        start = (doc.path.parent if doc.path else Path.home()) / file_name_for(
            doc.character.name
        ).replace(".json", ".pdf")
        path = saving.ask_save_path(
            window,
            window.tr("Export %1 as PDF").replace("%1", doc.title),
            start,
            window.tr("PDF (*.pdf)"),
            ".pdf",
        )
        if path is None:
            return None
    path = saving.with_suffix(path, ".pdf")
    pages = export_pdf(doc.character, path, damage_system=campaign_damage_system(doc))
    window.statusBar().showMessage(
        window.tr("Exported %1 (%2 pages)").replace("%1", str(path)).replace("%2", str(pages)),
        8000,
    )
    return path
