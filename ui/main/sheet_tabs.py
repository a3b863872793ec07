"""The open sheets: a ``CharacterEditor`` a tab over each open ``CharacterDocument``.

``SheetTabs`` owns the tab widget's contents: which editor shows which document, the tab
text (the name, `` *`` while unsaved) and its tooltip (the file). It says what happened
(an editor opened, the current sheet changed) and forwards what an editor asks for (a
roll, a portrait, a problem to show); it decides nothing about saving or closing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QTabWidget

if TYPE_CHECKING:
    from ui.sheet.editor import CharacterEditor
    from ui.workspace.character_document import CharacterDocument


class SheetTabs(QObject):
    editorOpening = Signal(object)  # CharacterEditor, before its tab is added (layout)
    editorOpened = Signal(object)  # CharacterEditor, shown in its tab
    currentChanged = Signal(object)  # CharacterDocument | None
    rollRequested = Signal(object, object)  # (CharacterDocument, RollRequest)
    portraitRequested = Signal(object)  # CharacterEditor
    problem = Signal(str)

    def __init__(self, tabs: QTabWidget, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.tabs = tabs
        tabs.currentChanged.connect(lambda _i: self.currentChanged.emit(self.current_document()))

    # --- which editor shows what -------------------------------------------------------------

    def editors(self) -> Iterator[CharacterEditor]:
        for index in range(self.tabs.count()):
            widget = self.tabs.widget(index)
            if hasattr(widget, "doc"):
                yield widget  # type: ignore[misc]

    def editor_for(self, doc: CharacterDocument) -> CharacterEditor | None:
        return next((e for e in self.editors() if e.doc is doc), None)

    def current_editor(self) -> CharacterEditor | None:
        widget = self.tabs.currentWidget()
        return widget if widget is not None and hasattr(widget, "doc") else None  # type: ignore[return-value]

    def current_document(self) -> CharacterDocument | None:
        editor = self.current_editor()
        return editor.doc if editor is not None else None

    def count(self) -> int:
        return self.tabs.count()

    # --- opening and closing -----------------------------------------------------------------

    def open(self, doc: CharacterDocument) -> CharacterEditor:
        """Show ``doc`` in a tab (the existing one if it is open already)."""
        from ui.sheet.editor import CharacterEditor

        editor = self.editor_for(doc)
        if editor is None:
            editor = CharacterEditor(doc)
            editor.rollRequested.connect(lambda request, d=doc: self.rollRequested.emit(d, request))
            editor.problem.connect(self.problem)
            editor.header.portraitRequested.connect(lambda e=editor: self.portraitRequested.emit(e))
            self.editorOpening.emit(editor)
            self.tabs.addTab(editor, doc.title)
            self.editorOpened.emit(editor)
        self.tabs.setCurrentWidget(editor)
        self.update_tab(doc)
        return editor

    def remove(self, index: int) -> None:
        editor = self.tabs.widget(index)
        self.tabs.removeTab(index)
        if editor is not None:
            editor.deleteLater()

    def remove_all(self) -> None:
        while self.tabs.count():
            self.remove(0)

    # --- what the tabs say -------------------------------------------------------------------

    def update_tab(self, doc: CharacterDocument) -> None:
        editor = self.editor_for(doc)
        if editor is None:
            return
        index = self.tabs.indexOf(editor)
        title = doc.title + (" *" if doc.modified else "")
        self.tabs.setTabText(index, title.replace("&", "&&"))
        self.tabs.setTabToolTip(index, str(doc.path) if doc.path else self.tr("not saved yet"))

    def commit_all(self) -> None:
        """Every tab's half-typed edit becomes a change of its document."""
        for editor in self.editors():
            editor.commit_pending()

    def follow_house_rules(self) -> None:
        """Sheets show the damage system the campaign now plays (R10)."""
        for editor in self.editors():
            editor.follow_house_rules()
