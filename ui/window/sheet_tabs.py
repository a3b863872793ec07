"""The character tabs: a ``CharacterEditor`` a tab over each open ``CharacterDocument``;
new characters, opening from the browser or a file, removing a tab, and the undo stack
and tab text that follow the current tab (closing with "save?": ``ui.window.saving``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from ui.window import rolling, status

if TYPE_CHECKING:
    from sheets.documents import CharacterKind
    from ui.campaign.index import CampaignEntry
    from ui.character_document import CharacterDocument
    from ui.main_window import MainWindow
    from ui.sheet.editor import CharacterEditor


def document_added(window: MainWindow, doc: CharacterDocument) -> None:
    window.autosaver.watch(doc)
    window.disk_watch.schedule_refresh()
    doc.pathChanged.connect(window.disk_watch.schedule_refresh)
    window.undo_group.addStack(doc.undo_stack)
    doc.modifiedChanged.connect(lambda _m, d=doc: _doc_modified(window, d))
    doc.changed.connect(lambda d=doc: _doc_changed(window, d))


def editor_for(window: MainWindow, doc: CharacterDocument) -> CharacterEditor | None:
    for index in range(window.tabs.count()):
        editor = window.tabs.widget(index)
        if getattr(editor, "doc", None) is doc:
            return editor  # type: ignore[return-value]
    return None


def current_editor(window: MainWindow) -> CharacterEditor | None:
    widget = window.tabs.currentWidget()
    return widget if widget is not None and hasattr(widget, "doc") else None  # type: ignore[return-value]


def open_document(window: MainWindow, doc: CharacterDocument) -> CharacterEditor:
    """Show ``doc`` in a tab (the existing one if it is open already)."""
    from ui.sheet.editor import CharacterEditor

    editor = editor_for(window, doc)
    if editor is None:
        editor = CharacterEditor(doc)
        editor.rollRequested.connect(lambda label, code, d=doc: window.roll(d, label, code))
        editor.problem.connect(lambda reason: window.statusBar().showMessage(reason, 8000))
        editor.header.portraitRequested.connect(lambda e=editor: choose_portrait(window, e))
        window.docks.sheet_opening(editor)
        index = window.tabs.addTab(editor, doc.title)
        window.tabs.setTabToolTip(index, _tab_tip(window, doc))
        window.centre.setCurrentWidget(window.tabs)
        window.docks.sheet_opened()
        window.documentOpened.emit(doc)
    window.tabs.setCurrentWidget(editor)
    update_tab(window, doc)
    return editor


def open_character(window: MainWindow, path: str | os.PathLike[str]) -> CharacterEditor | None:
    """Open a character file in a tab: from the campaign if it is part of it."""
    file = Path(path)
    doc = window.session.document_at(file) if window.session is not None else None
    if doc is None:
        doc = next(
            (
                d
                for d in window.standalone
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
            status.show_problems(
                window, window.tr("Cannot open %1").replace("%1", file.name), error
            )
            return None
        doc = CharacterDocument(loaded.document, loaded.path, loaded.stamp, window)
        window.standalone.append(doc)
        document_added(window, doc)
    return open_document(window, doc)


def open_entry(window: MainWindow, entry: CampaignEntry) -> None:
    """A row of the campaign browser: a character in a tab, an encounter in the tracker."""
    if entry.kind == "encounter":
        window.encounterOpenRequested.emit(entry)
        window.open_encounter(entry.path)
        return
    if window.session is not None:
        window.session.ensure_loaded()
    if entry.document is None:
        window.statusBar().showMessage(
            entry.problem or window.tr("%1 cannot be opened").replace("%1", entry.name)
        )
        if entry.problem:
            window.prompter.tell(
                window.tr("Cannot open %1").replace("%1", entry.name), entry.problem, "warning"
            )
        return
    open_document(window, entry.document)


def new_character(window: MainWindow, kind: CharacterKind = "character") -> CharacterEditor | None:
    if window.session is None:
        window.statusBar().showMessage(
            window.tr("Open a campaign first: new characters go into it")
        )
        return None
    from ui.campaign.model import kind_label

    taken = [d.character.name for d in window.session.documents()]
    from ui.commands import unique_name

    name = unique_name(
        window.tr("New %1").replace("%1", kind_label(kind).lower()), [_Named(n) for n in taken]
    )
    doc = window.session.new_character(name, kind)
    editor = open_document(window, doc)
    editor.header.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)
    editor.header.name_edit.selectAll()
    return editor


def _doc_modified(window: MainWindow, doc: CharacterDocument) -> None:
    update_tab(window, doc)
    status.update_title(window)


def _doc_changed(window: MainWindow, doc: CharacterDocument) -> None:
    update_tab(window, doc)
    if doc is window.current_document():
        status.update_title(window)
    rolling.follow_points(window, doc)


def _tab_tip(window: MainWindow, doc: CharacterDocument) -> str:
    return str(doc.path) if doc.path else window.tr("not saved yet")


def update_tab(window: MainWindow, doc: CharacterDocument) -> None:
    editor = editor_for(window, doc)
    if editor is None:
        return
    index = window.tabs.indexOf(editor)
    title = doc.title + (" *" if doc.modified else "")
    window.tabs.setTabText(index, title.replace("&", "&&"))
    window.tabs.setTabToolTip(index, _tab_tip(window, doc))


def current_tab_changed(window: MainWindow) -> None:
    """The undo stack follows the current tab (the campaign's with none open)."""
    doc = window.current_document()
    if doc is not None:
        window.undo_group.setActiveStack(doc.undo_stack)
    elif window.session is not None:
        window.undo_group.setActiveStack(window.session.undo_stack)
    else:
        window.undo_group.setActiveStack(window.empty_stack)
    window.centre.setCurrentWidget(window.tabs if window.tabs.count() else window.hint)
    status.update_title(window)
    status.update_actions(window)


def focus_changed(window: MainWindow, new: QWidget | None) -> None:
    """The browser has the focus: the campaign's undo stack; a sheet: its own."""
    if new is None or window.session is None:
        return
    if window.browser.isAncestorOf(new):
        window.undo_group.setActiveStack(window.session.undo_stack)
    elif window.tabs.isAncestorOf(new):
        doc = window.current_document()
        if doc is not None:
            window.undo_group.setActiveStack(doc.undo_stack)


def remove_tab(window: MainWindow, index: int) -> None:
    editor = window.tabs.widget(index)
    window.tabs.removeTab(index)
    if editor is not None:
        editor.deleteLater()
    current_tab_changed(window)


class _Named:
    """A name for ``unique_name`` (it looks items up by ``.name``)."""

    def __init__(self, name: str) -> None:
        self.name = name


def choose_portrait(window: MainWindow, editor: CharacterEditor) -> None:
    """The sheet asked for a portrait: the player picks an image file."""
    path = window.prompter.open_file(
        window.tr("Choose a portrait"),
        editor.doc.folder or Path.home(),
        window.tr("Images (*.png *.jpg *.jpeg)"),
    )
    if path is not None:
        editor.header.set_portrait_file(path)
