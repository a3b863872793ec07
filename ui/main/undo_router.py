"""Which undo stack Edit > Undo, the toolbar and Ctrl+Z act on.

One ``QUndoGroup`` holds every document's stack and the campaign's; the active one follows
what the player looks at: the current sheet's tab, the campaign's own stack while the
browser has the focus or right after a campaign-wide command (start session), an empty one
with nothing open.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoGroup, QUndoStack
from PySide6.QtWidgets import QApplication, QWidget

if TYPE_CHECKING:
    from ui.main.sheet_tabs import SheetTabs
    from ui.workspace.character_document import CharacterDocument
    from ui.workspace.workspace import Workspace


class UndoRouter(QObject):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.group = QUndoGroup(self)
        self.empty = QUndoStack(self)  # active while nothing is open
        self.group.addStack(self.empty)
        self.group.setActiveStack(self.empty)

    def add(self, stack: QUndoStack) -> None:
        self.group.addStack(stack)

    def remove(self, stack: QUndoStack) -> None:
        self.group.removeStack(stack)

    def activate(self, stack: QUndoStack | None) -> None:
        """Make ``stack`` the one undo acts on (None: nothing)."""
        self.group.setActiveStack(stack if stack is not None else self.empty)

    def active(self) -> QUndoStack | None:
        stack = self.group.activeStack()
        return None if stack is self.empty else stack

    # --- following what the player looks at --------------------------------------------------

    def follow(self, workspace: Workspace, sheets: SheetTabs, browser: QWidget) -> None:
        """The current tab's stack; the campaign's while the browser has the focus."""
        self._workspace, self._sheets, self._browser = workspace, sheets, browser
        sheets.currentChanged.connect(self._sheet_changed)
        workspace.documentAdded.connect(lambda doc: self.add(doc.undo_stack))
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    def stop_following(self) -> None:
        app = QApplication.instance()
        if isinstance(app, QApplication):
            with contextlib.suppress(RuntimeError, TypeError):
                app.focusChanged.disconnect(self._focus_changed)

    def _sheet_changed(self, doc: CharacterDocument | None) -> None:
        session = self._workspace.session
        if doc is not None:
            self.activate(doc.undo_stack)
        else:
            self.activate(session.undo_stack if session is not None else None)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        session = self._workspace.session
        if new is None or session is None:
            return
        if self._browser.isAncestorOf(new):
            self.activate(session.undo_stack)
        elif self._sheets.tabs.isAncestorOf(new) and (doc := self._sheets.current_document()):
            self.activate(doc.undo_stack)
