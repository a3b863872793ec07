"""The one place in ui/ that saves a document, and asks when a save needs a yes.

``sheets.storage`` refuses a risky save with ``SaveConflict`` and its ``SaveRisk``; the
save service turns each into one question through the ``Prompter`` (issue 13.2, 13.7):

- the file changed elsewhere: Reload Theirs / Keep Mine / Save Mine as a Copy / Cancel;
- a never-saved sheet would replace a file: Keep Mine (replace) / Save as a Copy / Cancel;
- the file was deleted, is read-only, or is a link: Save / Cancel, and the yes is kept
  for that document until its path changes.

An encounter and the character files its commands changed are saved together
(``save_together``): all land, or the GM is asked and nothing is written (13.8).

It also owns the autosaver (unsaved sheets written aside after a pause, made on first
use: the first paint does not wait for it): a save or a reload makes a sheet's autosave
file stale, and the service that saved it removes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from ui.services.prompter import Choice, Prompter, Question
from ui.text import problem_text

if TYPE_CHECKING:
    from sheets.documents import Document
    from sheets.storage import FileStamp, SaveConflict, SaveRisk
    from ui.services.autosave import Autosaver
    from ui.workspace.character_document import CharacterDocument

# sheets.storage (pydantic) is imported where a save happens, not with the window: the
# first paint does not wait for it.


class Outcome:
    """How a save ended: ``saved`` (written), ``reloaded`` (theirs taken: nothing unsaved
    is left either), or neither (cancelled or failed: the changes are still unsaved)."""

    __slots__ = ("reloaded", "saved")

    def __init__(self, *, saved: bool = False, reloaded: bool = False) -> None:
        self.saved = saved
        self.reloaded = reloaded

    @property
    def settled(self) -> bool:
        """Nothing unsaved is left: closing may go on."""
        return self.saved or self.reloaded


class Part:
    """One file of a save: the document, where, the stamp it was read with, the risks
    the player agreed to, and whether Save as a Copy is offered for it (an encounter's
    characters: no, a copy of a sheet the encounter does not point at helps nobody)."""

    __slots__ = ("agreed", "copyable", "document", "opened", "path")

    def __init__(
        self,
        document: Document,
        path: Path,
        opened: FileStamp | None,
        agreed: set[SaveRisk] | None = None,
        *,
        copyable: bool = True,
    ) -> None:
        self.document = document
        self.path = path
        self.opened = opened
        self.agreed: set[SaveRisk] = agreed if agreed is not None else set()
        self.copyable = copyable


class SaveService(QObject):
    """Saves documents through ``sheets.storage``; asks through ``prompter``."""

    saved = Signal(object, object)  # (CharacterDocument, path) after a successful save
    reloaded = Signal(object)  # CharacterDocument: theirs was taken, its changes are gone
    autosaveFailed = Signal(str)

    def __init__(self, prompter: Prompter, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.prompter = prompter
        self._documents: Callable[[], list[CharacterDocument]] = list
        self._autosave_ms: int | None = None
        self._autosaver: Autosaver | None = None

    # --- autosave ------------------------------------------------------------------------------

    def autosave(
        self, documents: Callable[[], list[CharacterDocument]], idle_ms: int | None = None
    ) -> None:
        """Autosave ``documents()`` (the workspace's) after ``idle_ms`` without edits."""
        self._documents = documents
        self._autosave_ms = idle_ms

    @property
    def autosaver(self) -> Autosaver:
        if self._autosaver is None:
            from ui.services.autosave import IDLE_MS, Autosaver

            self._autosaver = Autosaver(self._documents, self._autosave_ms or IDLE_MS, self)
            self._autosaver.failed.connect(self.autosaveFailed)
        return self._autosaver

    @property
    def autosaving(self) -> bool:
        """The autosaver runs (a save then removes the sheet's autosave file)."""
        return self._autosaver is not None

    def discard_autosave(self, doc: CharacterDocument) -> None:
        """``doc`` has no unsaved changes any more: its autosave file is stale."""
        if self._autosaver is not None:
            self._autosaver.discard(doc)

    def stop_autosaving(self) -> None:
        if self._autosaver is not None:
            self._autosaver.stop()

    # --- a character sheet ---------------------------------------------------------------------

    def save_character(
        self, doc: CharacterDocument, path: Path | None = None, *, overwrite: bool = False
    ) -> Outcome:
        """Save ``doc`` to ``path`` (its own file when None; a new sheet gets a free name
        in its folder). ``overwrite``: the player already agreed to replace ``path``
        (Save As). Marks the document saved on success."""
        from sheets.storage import SaveRisk, file_name_for

        target = path or doc.path
        if target is None:
            folder = doc.folder or Path.home()
            folder.mkdir(parents=True, exist_ok=True)
            taken = [p.name for p in folder.iterdir()]
            target = folder / file_name_for(doc.character.name, taken)
        same_file = target == doc.path
        agreed = set(doc.agreed) if same_file else set()
        if overwrite:
            agreed |= {SaveRisk.EXISTS, SaveRisk.CHANGED}
        part = Part(doc.character, target, doc.stamp if same_file else None, agreed)
        old_autosave = None
        if self._autosaver is not None:  # named by the path it had: Save As moves it
            from ui.services.autosave import autosave_file

            old_autosave = autosave_file(doc)
        result = self.save_parts([part], doc.title, reload=lambda: self.reload(doc))
        if isinstance(result, Outcome):
            return result
        (stamp,) = result
        if same_file:
            doc.agreed = part.agreed
        doc.mark_saved(part.path, stamp)
        if old_autosave is not None:
            old_autosave.unlink(missing_ok=True)
        self.saved.emit(doc, part.path)
        return Outcome(saved=True)

    def reload(self, doc: CharacterDocument) -> bool:
        """Read ``doc``'s file again: the file is the truth now (its undo history goes).
        False, and the player told why, when the file cannot be read."""
        from sheets.storage import DocumentError, load_character

        if doc.path is None:
            return False
        try:
            loaded = load_character(doc.path)
        except DocumentError as error:
            self.prompter.tell(
                self.tr("Cannot reload %1").replace("%1", doc.title), problem_text(error), "warning"
            )
            return False
        doc.reload_from(loaded.document, loaded.stamp)
        self.discard_autosave(doc)
        self.reloaded.emit(doc)
        return True

    # --- new files and the campaign ---------------------------------------------------------

    def write_new(self, document: Document, path: Path) -> FileStamp:
        """Save a document as a new file (an import, a built encounter): never over another
        file. Raises ``SaveConflict`` (the name is taken), ``SaveError``, ``DocumentError``:
        the caller picked a free name and says what went wrong."""
        from sheets.storage import save_document

        path.parent.mkdir(parents=True, exist_ok=True)
        return save_document(document, path)

    def save_campaign_file(
        self, document: Document, path: Path, opened: FileStamp | None
    ) -> FileStamp | None:
        """Save campaign.json (the session number, house rules); asks about a conflict.
        The new stamp, or None when it was not saved."""
        result = self.save_parts([Part(document, path, opened, copyable=False)], path.name)
        return None if isinstance(result, Outcome) else result[0]

    def create_campaign(self, folder: Path, document: Document) -> bool:
        """A new campaign folder with its campaign.json; False (the player told why) when
        the folder cannot hold one."""
        from sheets.documents import Campaign
        from sheets.storage import SaveConflict, SaveError, create_campaign_folder

        assert isinstance(document, Campaign)
        try:
            create_campaign_folder(folder, document)
        except (SaveConflict, SaveError, OSError, ValueError) as error:
            self.prompter.tell(self.tr("New campaign"), str(error), "warning")
            return False
        return True

    # --- several files as one (an encounter and its characters) --------------------------------

    def save_parts(
        self, parts: Sequence[Part], title: str, *, reload: Callable[[], bool] | None = None
    ) -> list[FileStamp] | Outcome:
        """Save ``parts`` together: their new stamps, or how it ended without saving.
        ``reload`` (take theirs) is offered when given; the yes to each risk is added to
        the part's ``agreed``, and Save as a Copy changes the part's ``path``."""
        from sheets.storage import (
            DocumentError,
            SaveConflict,
            SaveError,
            SaveRisk,
            Write,
            checked_bytes,
            save_together,
        )

        while True:
            try:
                writes = [
                    Write(p.path, checked_bytes(p.document, p.path), p.opened, frozenset(p.agreed))
                    for p in parts
                ]
                return save_together(writes)
            except SaveConflict as conflict:
                part = next((p for p in parts if p.path == conflict.path), parts[0])
                answer = self._ask(
                    conflict, title, can_reload=reload is not None, can_copy=part.copyable
                )
                if answer is Choice.RELOAD and reload is not None:
                    return Outcome(reloaded=reload())
                if answer is Choice.SAVE_COPY:
                    copy = self._copy_path(part.path)
                    if copy is None:
                        return Outcome()
                    part.path, part.opened = copy, None
                    part.agreed = {SaveRisk.EXISTS}  # the file dialog asked already
                    continue
                if answer in (Choice.OVERWRITE, Choice.SAVE, Choice.YES):
                    part.agreed.add(conflict.risk)
                    if conflict.risk is SaveRisk.EXISTS:
                        part.agreed.add(SaveRisk.CHANGED)
                    continue
                return Outcome()
            except (SaveError, DocumentError, OSError) as error:
                self.prompter.tell(
                    self.tr("Cannot save %1").replace("%1", title), str(error), "critical"
                )
                return Outcome()

    def _ask(
        self, conflict: SaveConflict, title: str, *, can_reload: bool, can_copy: bool
    ) -> Choice:
        from sheets.storage import SaveRisk

        name = conflict.path.name
        risk = conflict.risk
        if risk is SaveRisk.CHANGED:
            ways = {
                Choice.RELOAD: self.tr("Reload Theirs: your changes are lost."),
                Choice.OVERWRITE: self.tr("Keep Mine: their changes are replaced."),
                Choice.SAVE_COPY: self.tr("Save Mine as a Copy: both are kept."),
            }
            offered = _offered(can_reload, can_copy)
            text = "\n\n".join(
                [
                    self.tr(
                        "%1 was changed by another program (or another Wild Die window) "
                        "since you opened it."
                    ).replace("%1", name),
                    "\n".join(ways[c] for c in offered if c in ways),
                ]
            )
            question = Question(
                self.tr("%1 changed on disk").replace("%1", title),
                text,
                offered,
                Choice.CANCEL,
                "warning",
            )
        elif risk is SaveRisk.EXISTS:
            question = Question(
                self.tr("File exists"),
                self.tr("There is already a file named %1.\n\nReplace it with %2?")
                .replace("%1", name)
                .replace("%2", title),
                _offered(False, can_copy),
                Choice.CANCEL,
                "warning",
            )
        else:
            text = {
                SaveRisk.DELETED: self.tr(
                    "%1 was deleted from the disk since you opened it.\n\nSave it again?"
                ),
                SaveRisk.READ_ONLY: self.tr(
                    "%1 is marked read-only: someone meant it not to change.\n\n"
                    "Save over it anyway?"
                ),
                SaveRisk.LINK: self.tr(
                    "%1 is a link to another file:\n%2\n\nSave your changes into that file?"
                ),
            }[risk]
            question = Question(
                title,
                text.replace("%1", name).replace("%2", conflict.reason),
                (Choice.SAVE, Choice.CANCEL),
                Choice.CANCEL,
                "warning",
            )
        return self.prompter.ask(question)

    def _copy_path(self, path: Path) -> Path | None:
        from sheets.storage import file_name_for

        taken = [p.name for p in path.parent.iterdir()] if path.parent.is_dir() else []
        start = path.parent / file_name_for(f"{path.stem} copy", taken)
        chosen = self.prompter.save_file(
            self.tr("Save a copy"), start, self.tr("Wild Die file (*.json)")
        )
        if chosen is None:
            return None
        return chosen if chosen.suffix.lower() == ".json" else chosen.with_suffix(".json")


def _offered(reload: bool, copy: bool) -> tuple[Choice, ...]:
    """The answers to "the file is not what you opened": theirs, mine, a copy, cancel."""
    return (
        *((Choice.RELOAD,) if reload else ()),
        Choice.OVERWRITE,
        *((Choice.SAVE_COPY,) if copy else ()),
        Choice.CANCEL,
    )
