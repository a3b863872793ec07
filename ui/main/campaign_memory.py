"""The open sheets and the roll history of a campaign, kept between runs (issue 15).

When a campaign has loaded, its sheets open again in their tab order (the one in front
in front) and the dice history comes back, each roll rebuilt from its seed and spends.
What is open and rolled is written when the campaign closes, when the app quits, and
after every roll (so a crash loses at most the tabs opened since).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

if TYPE_CHECKING:
    from ui.main.roll_controller import RollController
    from ui.main.sheet_tabs import SheetTabs
    from ui.workspace.campaign_session import CampaignSession
    from ui.workspace.workspace import Workspace


class CampaignMemoryKeeper(QObject):
    def __init__(
        self, workspace: Workspace, tabs: SheetTabs, rolls: RollController, parent: QObject
    ) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.tabs = tabs
        self.rolls = rolls
        rolls.rolled.connect(lambda _result: self.remember())

    def restore(self, session: CampaignSession) -> None:
        """Reopen the campaign's sheets and refill the dice history, as they were."""
        from ui.services.campaign_memory import load_memory

        memory = load_memory(session.folder)
        front = None
        for relative in memory.open_sheets:
            doc = session.document_at(session.folder / relative)
            if doc is None:
                continue  # gone or unreadable since: nothing to reopen
            editor = self.tabs.open(doc)
            if relative == memory.current:
                front = editor
        if front is not None:
            self.tabs.tabs.setCurrentWidget(front)
        if not memory.rolls:
            return  # the dice modules load with the first roll, not with the campaign
        from sheets.dice.spends import replay_spec
        from sheets.dice.text import spec_from_dict
        from ui.dice.history import HistoryEntry

        entries = []
        for roll in memory.rolls:
            try:
                result = replay_spec(spec_from_dict(roll.spec), roll.seed, roll.spends)
            except (KeyError, TypeError, ValueError):
                continue
            entries.append(HistoryEntry(roll.time, result, roll.against, roll.replayed))
        if entries:
            self.rolls.ensure_panel().history.restore(entries)

    def remember(self) -> None:
        """Write what is open and rolled in the open campaign."""
        session = self.workspace.session
        if session is None or not session.is_loaded:
            return
        from datetime import datetime  # not before the first paint (cold start)

        from ui.services.campaign_memory import CampaignMemory, RememberedRoll, save_memory

        folder = session.folder.absolute()
        sheets = []
        current = None
        front = self.tabs.current_document()
        for index in range(self.tabs.tabs.count()):
            doc = getattr(self.tabs.tabs.widget(index), "doc", None)
            if doc is None or doc.path is None:
                continue
            try:
                relative = doc.path.absolute().relative_to(folder).as_posix()
            except ValueError:
                continue  # a sheet from outside the campaign
            sheets.append(relative)
            if doc is front:
                current = relative
        rolls = []
        panel: Any = self.rolls.panel
        if panel is not None:
            from sheets.dice.text import spec_as_dict

            history = panel.history
            for row in reversed(range(history.rowCount())):
                entry = history.entry(row)
                result = entry.result
                if result.seed is None:
                    continue
                rolls.append(
                    RememberedRoll(
                        entry.time if isinstance(entry.time, datetime) else datetime.now(),
                        spec_as_dict(result.spec),
                        result.seed,
                        tuple(result.spends),
                        entry.against,
                        entry.replayed,
                    )
                )
        save_memory(folder, CampaignMemory(sheets, current, rolls))
