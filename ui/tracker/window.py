"""The tracker window: the initiative table, the act panel with the dice, the log.

It shows the encounter engine's state and sends it commands; it never decides a rule.
The window lays out its widgets; the flows belong to the objects it makes:
``EncounterSession`` (the engine, its undo stack, saving), ``SceneFlow`` (scene type,
turns, rounds, the scene's end), ``CombatantActions`` (what the selected combatants do),
``InitiativeTable``, ``TrackerActions`` (actions, toolbar, menus), ``PlayerScreen`` and
``Updates`` (following the engine). Its public methods are the tracker's face for the
main window, tests and scripts.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction, QCloseEvent, QShowEvent
from PySide6.QtWidgets import QMainWindow, QWidget

from sheets.encounter import CommandRecord, Engine
from sheets.storage import CampaignFolder, FileStamp
from ui.layouts import fit_to_screen
from ui.services.prompter import Prompter
from ui.tracker.encounter_session import EncounterSession
from ui.tracker.initiative_model import CombatantIdRole, InitiativeModel, InitiativeProxy
from ui.tracker.log_view import LogModel
from ui.tracker.player_view import PlayerView
from ui.tracker.sheet_files import FolderSheets, SheetFiles
from ui.tracker.window_parts.actions import TrackerActions
from ui.tracker.window_parts.award_dialog import AwardDialog
from ui.tracker.window_parts.combatants import CombatantActions
from ui.tracker.window_parts.docks import TrackerDocks
from ui.tracker.window_parts.engine import engine_for
from ui.tracker.window_parts.player_screen import PlayerScreen
from ui.tracker.window_parts.scene_flow import SCENES, SceneFlow, awards_summary
from ui.tracker.window_parts.table import InitiativeTable
from ui.tracker.window_parts.updates import Updates

ACTIONS = (
    "start_action",
    "initiative_action",
    "next_action",
    "previous_action",
    "next_round_action",
    "move_up_action",
    "move_down_action",
    "concede_action",
    "concede_side_action",
    "award_action",
    "fear_action",
    "add_action",
    "duplicate_action",
    "remove_action",
    "effect_action",
    "delay_action",
    "notes_action",
    "hide_action",
    "reset_action",
    "group_action",
    "end_scene_action",
    "undo_action",
    "redo_action",
    "save_action",
    "player_view_action",
)


class TrackerWindow(QMainWindow):
    """The encounter tracker for one encounter of a campaign."""

    replaced = Signal(object)  # the fresh TrackerWindow that took this one's place

    start_action: QAction
    initiative_action: QAction
    next_action: QAction
    previous_action: QAction
    next_round_action: QAction
    move_up_action: QAction
    move_down_action: QAction
    concede_action: QAction
    concede_side_action: QAction
    award_action: QAction
    fear_action: QAction
    add_action: QAction
    duplicate_action: QAction
    remove_action: QAction
    effect_action: QAction
    delay_action: QAction
    notes_action: QAction
    hide_action: QAction
    reset_action: QAction
    group_action: QAction
    end_scene_action: QAction
    undo_action: QAction
    redo_action: QAction
    save_action: QAction
    player_view_action: QAction

    def __init__(
        self,
        engine: Engine,
        *,
        encounter_path: Path | None = None,
        encounter_stamp: FileStamp | None = None,
        campaign: CampaignFolder | SheetFiles | None = None,
        parent: QWidget | None = None,
        prompter: Prompter | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("TrackerWindow")
        self.setWindowTitle(f"Wild Die: {engine.encounter.name}[*]")
        self.prompter: Prompter = prompter or Prompter(self)
        self.session = EncounterSession(
            engine, self.prompter, path=encounter_path, stamp=encounter_stamp,
            sheets=FolderSheets(campaign) if isinstance(campaign, CampaignFolder) else campaign,
            parent=self,
        )  # fmt: skip
        self.engine, self.controller = engine, self.session.controller
        self.undo_stack = self.session.undo_stack
        self.model = InitiativeModel(engine, self)
        self.proxy = InitiativeProxy(self)
        self.proxy.setSourceModel(self.model)
        self.log_model = LogModel(engine, self)
        self.table = InitiativeTable(self.model, self.proxy)
        self.setCentralWidget(self.table)
        self.player = PlayerScreen(engine, self)
        self.flow = SceneFlow(self.session, self.prompter, self.show_refusal, self)
        self.people = CombatantActions(self.session, self.table, self.show_refusal, self)
        self.updates = Updates(self)
        self.round_label = self.updates.round_label
        self.docks = TrackerDocks(self, self.controller, self.log_model)
        self.act_panel = self.docks.act_panel
        self.act_dock, self.log_view = self.docks.act_dock, self.docks.log_view
        self.log_dock = self.docks.log_dock
        self.menus = TrackerActions(
            self, session=self.session, flow=self.flow, people=self.people, player=self.player
        )
        for name in ACTIONS:  # the tracker's actions, by name (menus, tests, scripts)
            setattr(self, name, getattr(self.menus, name))
        self.toolbar, self.scene_combo = self.menus.toolbar, self.menus.scene_combo
        self.statusBar().addPermanentWidget(self.round_label)
        self.controller.changed.connect(self.updates.changed)
        self.controller.refused.connect(self.show_refusal)
        self.controller.applied.connect(self.updates.applied)
        self.undo_stack.indexChanged.connect(lambda _i: self.updates.stack_moved())
        # A save moves no index: the title's modified mark follows the clean state too.
        self.undo_stack.cleanChanged.connect(lambda _clean: self.updates.stack_moved())
        self.table.targetHinted.connect(self.act_panel.set_target_hint)
        # A click offers the row as the target; a double-click makes it the one who acts
        # (a reaction, an out-of-turn action).
        self.table.doubleClicked.connect(
            lambda index: self.act_panel.set_actor(
                str(index.data(CombatantIdRole)), follow_turn=False
            )
        )
        self.session.saved.connect(
            lambda path: self.statusBar().showMessage(f"Saved {path.name}", 5000)
        )
        self.updates.update_status()
        fit_to_screen(self, 1400, 860)

    @property
    def player_view(self) -> PlayerView | None:
        return self.player.view

    # --- the tracker's face: what the menus, the main window and tests call ----------------

    def run(self, command: object) -> CommandRecord | None:
        return self.session.run(command)

    def start(self) -> CommandRecord | None:
        return self.flow.start()

    def roll_initiative(self, seed: int | None = None) -> CommandRecord | None:
        return self.flow.roll_initiative(seed)

    def next_turn(self) -> CommandRecord | None:
        return self.flow.next_turn()

    def previous_turn(self) -> None:
        self.flow.previous_turn()

    def next_round(self) -> None:
        self.flow.next_round()

    def end_scene(self) -> CommandRecord | None:
        return self.flow.end_scene()

    def move_in_order(self, combatant: str, steps: int) -> CommandRecord | None:
        """R6: move ``combatant`` up (negative ``steps``) or down the turn order."""
        return self.people.move_in_order(combatant, steps)

    def move_selected(self, steps: int) -> CommandRecord | None:
        return self.people.move_selected(steps)

    def concede(
        self, combatant: str | None = None, side: str | None = None
    ) -> CommandRecord | None:
        return self.people.concede(combatant, side)

    def award(
        self, combatant: str, points: int = 1, at_scene_end: bool = True, reason: str = ""
    ) -> CommandRecord | None:
        return self.people.award(combatant, points, at_scene_end, reason)

    def fear_check(self, creatures: list[str], seed: int | None = None) -> CommandRecord | None:
        return self.people.fear_check(creatures, seed)

    awards_summary = staticmethod(awards_summary)

    def selected_ids(self) -> list[str]:
        return self.table.selected_ids()

    def select(self, combatant: str) -> None:
        self.table.select(combatant)

    def show_refusal(self, reason: str) -> None:
        self.updates.refused(reason)

    def toggle_player_view(self, on: bool, *, full_screen: bool = False) -> None:
        self.player.toggle(on, full_screen=full_screen)

    def save(self) -> bool:
        """Save the encounter and the character files commands changed, together."""
        return self.session.save()

    def mark_clean(self) -> None:
        self.undo_stack.setClean()

    @property
    def encounter_path(self) -> Path | None:
        return self.session.path

    # --- events ------------------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.docks.shown()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.session.may_close(self.prompter):
            event.ignore()
            return
        self.player.close()
        super().closeEvent(event)


__all__ = ["SCENES", "AwardDialog", "TrackerWindow", "engine_for"]
