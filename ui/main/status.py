"""What the window shows of the state of things: the title with Qt's ``[*]`` modified
marker, the actions that apply now, the session number, and passing messages."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QMainWindow

from ui.main import APP_NAME
from ui.text import split_rule, tooltip

if TYPE_CHECKING:
    from ui.main.actions import MainActions
    from ui.main.sheet_tabs import SheetTabs
    from ui.main.undo_router import UndoRouter
    from ui.workspace.character_document import CharacterDocument
    from ui.workspace.workspace import Workspace


class StatusPresenter(QObject):
    def __init__(
        self,
        window: QMainWindow,
        workspace: Workspace,
        tabs: SheetTabs,
        undo: UndoRouter,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.workspace = workspace
        self.tabs = tabs
        self.undo = undo
        self.actions: MainActions | None = None  # bound once the menus exist
        self.session_label = QLabel()
        self.session_label.setAccessibleName(self.tr("Session"))
        window.statusBar().addPermanentWidget(self.session_label)

    def show(self, message: str, ms: int = 0) -> None:
        plain, rules = split_rule(message)  # the rule number goes to the tooltip
        bar = self.window.statusBar()
        bar.showMessage(plain, ms)
        bar.setToolTip(self.tr("Rules: %1").replace("%1", rules) if rules else "")

    def set_tooltip(self, text: str) -> None:
        self.window.statusBar().setToolTip(tooltip(text))

    def active_document(self) -> CharacterDocument | None:
        """The document whose undo stack is active (None: the campaign's stack)."""
        stack = self.undo.active()
        return next((d for d in self.workspace.documents() if d.undo_stack is stack), None)

    def update_title(self) -> None:
        session = self.workspace.session
        campaign = session.title if session is not None else None
        doc = self.active_document()
        if doc is not None:
            parts = [f"{doc.title}[*]", campaign, APP_NAME]
            modified = doc.modified
        elif campaign is not None:
            parts = [f"{campaign}[*]", APP_NAME]
            modified = session is not None and session.modified
        else:
            parts = [APP_NAME]
            modified = False
        self.window.setWindowTitle(" — ".join(p for p in parts if p))
        self.window.setWindowModified(modified)
        self.update_actions()

    def campaign_active_and_modified(self) -> bool:
        """The campaign's own undo stack is active, and something is unsaved."""
        session = self.workspace.session
        return (
            session is not None
            and self.undo.active() is session.undo_stack
            and (session.modified or any(d.modified for d in self.workspace.documents()))
        )

    def update_actions(self) -> None:
        actions = self.actions
        if actions is None:
            return
        doc = self.tabs.current_document()
        session = self.workspace.session
        for action in actions.campaign_actions():
            action.setEnabled(session is not None)
        for action in actions.sheet_actions():
            action.setEnabled(doc is not None)
        actions.save_action.setEnabled(
            (doc is not None and doc.modified) or self.campaign_active_and_modified()
        )
        actions.revert_action.setEnabled(doc is not None and doc.modified and doc.path is not None)
        actions.save_all_action.setEnabled(
            any(d.modified for d in self.workspace.documents())
            or (session is not None and session.modified)
        )

    def update_session_label(self) -> None:
        session = self.workspace.session
        campaign = session.campaign if session is not None else None
        self.session_label.setText(
            self.tr("Session %1").replace("%1", str(campaign.session)) if campaign else ""
        )
