"""The Campaign menu's table business: start a session (R7) and the house rules, each one
undoable step on the campaign's own undo stack."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.window import rolling, status

if TYPE_CHECKING:
    from ui.campaign.session import CampaignSession
    from ui.main_window import MainWindow


def _loaded_with_file(window: MainWindow, missing: str) -> CampaignSession | None:
    """The open campaign, loaded, when it has a campaign.json (else ``missing`` is shown)."""
    session = window.session
    if session is None:
        return None
    session.ensure_loaded()
    if session.campaign is None:
        window.statusBar().showMessage(missing)
        return None
    return session


def start_session(window: MainWindow) -> bool:
    """R7: every player character to 1 action point (or +1 with the house rule)."""
    session = _loaded_with_file(
        window, window.tr("This campaign has no campaign.json to start a session in")
    )
    command = session.start_session() if session is not None else None
    if session is None or command is None:
        return False
    window.undo_group.setActiveStack(session.undo_stack)
    names = ", ".join(doc.title for doc, _old, _new in command.changes)
    text = window.tr("Session %1 started: action points for %2 (Ctrl+Z undoes)")
    window.statusBar().showMessage(
        text.replace("%1", str(command.new_session)).replace("%2", names or "—")
    )
    return True


def edit_house_rules(window: MainWindow) -> bool:
    """Campaign > House Rules: change the table's settings (one undoable step)."""
    session = _loaded_with_file(
        window, window.tr("This campaign has no campaign.json to keep house rules in")
    )
    rules = session.house_rules() if session is not None else None
    if session is None or rules is None:
        return False
    from PySide6.QtWidgets import QDialog

    from ui.campaign.house_rules import HouseRulesDialog

    dialog = HouseRulesDialog(rules, window)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    if not session.change_house_rules(dialog.rules()):
        return False
    window.undo_group.setActiveStack(session.undo_stack)
    window.statusBar().showMessage(
        window.tr("House rules changed (Ctrl+Z undoes; Save keeps them)")
    )
    return True


def house_rules_changed(window: MainWindow) -> None:
    """New defaults for the dice panel; sheets show the damage system now played."""
    rolling.apply_house_rules(window)
    for index in range(window.tabs.count()):
        follow = getattr(window.tabs.widget(index), "follow_house_rules", None)
        if follow is not None:
            follow()
    status.update_title(window)
    status.update_actions(window)
