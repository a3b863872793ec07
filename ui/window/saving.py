"""Saving: save, save as, save all, revert and reload; "save the changes?" before closing
a tab or the campaign; and the question when a file changed elsewhere since it was read
(a save conflict)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ui.services.prompter import SAVE_DISCARD_CANCEL, Choice, Question
from ui.window import sheet_tabs, status

if TYPE_CHECKING:
    from ui.character_document import CharacterDocument
    from ui.main_window import MainWindow


def commit_editors(window: MainWindow) -> None:
    """Every tab's half-typed edit becomes a change of its document."""
    for index in range(window.tabs.count()):
        widget = window.tabs.widget(index)
        commit = getattr(widget, "commit_pending", None)
        if commit is not None:
            commit()


def save_current(window: MainWindow) -> bool:
    doc = window.current_document()
    if doc is None or status.campaign_active_and_modified(window):
        return window.save_all()
    return window.save_document(doc)


def ask_save_path(
    window: MainWindow, title: str, start: Path, file_filter: str, suffix: str
) -> Path | None:
    """Where to save, from the save dialog, ending in ``suffix`` (None: cancelled)."""
    chosen = window.prompter.save_file(title, start, file_filter)
    return with_suffix(chosen, suffix) if chosen else None


def with_suffix(path: Path, suffix: str) -> Path:
    """``path`` ending in ``suffix`` (any case) or given it."""
    return path if path.suffix.lower() == suffix else path.with_suffix(suffix)


def save_current_as(window: MainWindow) -> bool:
    doc = window.current_document()
    if doc is None:
        return False
    from sheets.storage import file_name_for

    start = doc.path or (doc.folder or Path.home()) / file_name_for(doc.character.name)
    target = ask_save_path(
        window,
        window.tr("Save %1 as").replace("%1", doc.title),
        start,
        window.tr("Wild Die character (*.json)"),
        ".json",
    )
    if target is None:
        return False
    return window.save_document(doc, target, overwrite=True)


def save_document(
    window: MainWindow, doc: CharacterDocument, path: Path | None, *, overwrite: bool
) -> bool:
    """Save through the window's save service (it asks about conflicts and risky files).
    True when nothing unsaved is left (saved, or the player took the file's version)."""
    editor = sheet_tabs.editor_for(window, doc)
    if editor is not None:
        editor.commit_pending()
    if doc.path is None and path is None and doc.folder is None and window.session is not None:
        doc.folder = window.session.characters_folder
    old_autosave = None
    if window.autosaving:  # by the path it had: Save As moves it
        from ui.services.autosave import autosave_file

        old_autosave = autosave_file(doc)
    outcome = window.save_service.save_character(doc, path, overwrite=overwrite)
    if outcome.saved and old_autosave is not None:
        old_autosave.unlink(missing_ok=True)
    return outcome.settled


def document_saved(window: MainWindow, doc: CharacterDocument, path: Path) -> None:
    """After the save service saved ``doc``: tab, title and status bar follow."""
    sheet_tabs.update_tab(window, doc)
    status.update_title(window)
    window.statusBar().showMessage(window.tr("Saved %1").replace("%1", str(path)), 5000)


def forget_autosave(window: MainWindow, doc: CharacterDocument) -> None:
    """``doc`` has no unsaved changes any more: its autosave file is stale."""
    if window.autosaving:
        window.autosaver.discard(doc)


def save_all(window: MainWindow) -> bool:
    commit_editors(window)
    ok = True
    for doc in window.documents():
        if doc.modified:
            ok = window.save_document(doc) and ok
    if window.session is not None and window.session.modified:
        ok = window.session.save_campaign() and ok
    status.update_title(window)
    return ok


def maybe_save(window: MainWindow, docs: list[CharacterDocument], *, campaign: bool) -> bool:
    """Before closing: Save all / Discard / Cancel when something is unsaved."""
    commit_editors(window)
    session = window.session
    unsaved = [d for d in docs if d.modified]
    campaign_unsaved = campaign and session is not None and session.modified
    if not unsaved and not campaign_unsaved:
        return True
    names = [d.title for d in unsaved]
    if campaign_unsaved and session is not None:
        names.append(window.tr("the campaign (session number)"))
    answer = window.prompter.ask(
        Question(
            window.tr("Unsaved changes"),
            window.tr("Save the changes to %1?").replace("%1", ", ".join(names)),
            SAVE_DISCARD_CANCEL,
            Choice.SAVE,
        )
    )
    if answer is Choice.CANCEL:
        return False
    if answer is Choice.SAVE:
        return window.save_all()
    for doc in unsaved:
        window.autosaver.discard(doc)
        doc.discard_changes_marker()
    if window.session is not None:
        window.session.undo_stack.setClean()
    return True


def close_tab(window: MainWindow, index: int) -> bool:
    """Close a tab; unsaved changes: Save / Discard / Cancel."""
    editor = window.tabs.widget(index)
    doc = getattr(editor, "doc", None)
    if editor is None or doc is None:
        return False
    editor.commit_pending()  # type: ignore[attr-defined]
    if doc.modified:
        answer = window.prompter.ask(
            Question(
                window.tr("Unsaved changes"),
                window.tr("Save the changes to %1 before closing?").replace("%1", doc.title),
                SAVE_DISCARD_CANCEL,
                Choice.SAVE,
            )
        )
        if answer is Choice.CANCEL:
            return False
        if answer is Choice.SAVE:
            if not window.save_document(doc):
                return False
        else:
            discard(window, doc)
    sheet_tabs.remove_tab(window, index)
    return True


def discard_all_changes(window: MainWindow) -> None:
    """Mark everything saved without saving (tests: no "save?" prompt at teardown)."""
    for doc in window.documents():
        doc.discard_changes_marker()
    if window.session is not None:
        window.session.undo_stack.setClean()


def discard(window: MainWindow, doc: CharacterDocument) -> None:
    """Throw away unsaved changes: reload the file (or forget a never-saved sheet)."""
    window.autosaver.discard(doc)
    if doc.path is None:
        doc.discard_changes_marker()
        if window.session is not None:
            entry = window.session.entry_for(doc)
            if entry is not None:
                window.session.model.remove_entry(entry)
        return
    reload(window, doc)


def reload(window: MainWindow, doc: CharacterDocument) -> bool:
    """Read the sheet's file again (its undo history goes: the file is the truth now)."""
    from sheets.storage import DocumentError, load_character

    if doc.path is None:
        return False
    try:
        loaded = load_character(doc.path)
    except DocumentError as error:
        status.show_problems(window, window.tr("Cannot reload %1").replace("%1", doc.title), error)
        return False
    doc.reload_from(loaded.document, loaded.stamp)
    window.autosaver.discard(doc)
    return True


def revert_current(window: MainWindow) -> bool:
    doc = window.current_document()
    if doc is None or doc.path is None:
        return False
    if doc.modified:
        answer = window.prompter.ask(
            Question(
                window.tr("Revert"),
                window.tr(
                    "Throw away the unsaved changes to %1 and reload the saved file?"
                ).replace("%1", doc.title),
                (Choice.DISCARD, Choice.CANCEL),
                Choice.CANCEL,
            )
        )
        if answer is not Choice.DISCARD:
            return False
    reverted = reload(window, doc)
    if reverted:
        window.statusBar().showMessage(
            window.tr("Reverted %1 to the saved file").replace("%1", doc.title)
        )
    return reverted
