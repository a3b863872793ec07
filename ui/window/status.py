"""What the window shows of the state of things: the title with Qt's ``[*]`` modified
marker, the actions that apply now, the session number, and problem boxes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui.window import APP_NAME

if TYPE_CHECKING:
    from ui.main_window import MainWindow


def update_title(window: MainWindow) -> None:
    session = window.session
    campaign = session.title if session is not None else None
    doc = window.active_document()
    if doc is not None:
        parts = [f"{doc.title}[*]", campaign, APP_NAME]
        modified = doc.modified
    elif campaign is not None:
        parts = [f"{campaign}[*]", APP_NAME]
        modified = session is not None and session.modified
    else:
        parts = [APP_NAME]
        modified = False
    window.setWindowTitle(" — ".join(p for p in parts if p))
    window.setWindowModified(modified)
    update_actions(window)


def update_actions(window: MainWindow) -> None:
    doc = window.current_document()
    has_campaign = window.session is not None
    for action in (
        window.new_action,
        window.import_action,
        window.start_session_action,
        window.new_encounter_action,
        window.house_rules_action,
        *window.new_kind_actions.values(),
    ):
        action.setEnabled(has_campaign)
    for action in (
        window.save_as_action,
        window.close_action,
        window.print_action,
        window.pdf_action,
    ):
        action.setEnabled(doc is not None)
    window.save_action.setEnabled(
        (doc is not None and doc.modified) or campaign_active_and_modified(window)
    )
    window.revert_action.setEnabled(doc is not None and doc.modified and doc.path is not None)
    window.save_all_action.setEnabled(
        any(d.modified for d in window.documents())
        or (window.session is not None and window.session.modified)
    )


def campaign_active_and_modified(window: MainWindow) -> bool:
    """The campaign's own undo stack is active, and something is unsaved."""
    session = window.session
    return (
        session is not None
        and window.undo_group.activeStack() is session.undo_stack
        and (session.modified or any(d.modified for d in window.documents()))
    )


def update_session_label(window: MainWindow) -> None:
    campaign = window.session.campaign if window.session is not None else None
    window.session_label.setText(
        window.tr("Session %1").replace("%1", str(campaign.session)) if campaign is not None else ""
    )


def show_problems(window: MainWindow, title: str, error: Any) -> None:
    problems = getattr(error, "problems", None) or [error]
    window.prompter.tell(title, "\n".join(str(p) for p in problems[:10]), "warning")
