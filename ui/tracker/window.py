"""The tracker window: the initiative table, the act panel with the dice, the log.

It shows the encounter engine's state and sends it commands; it never decides a rule.
Every command is undoable on the window's own stack; a refusal shows its reason in the
status bar and changes nothing.

The window builds its widgets and is the public face (tests, the main window, the
builder's Run now); the work is in the ``ui.tracker.window_parts`` modules, one job each:
``engine``, ``table``, ``docks``, ``actions``, ``updates``, ``scene_flow``, ``combatants``,
``award_dialog``, ``player_screen``, ``saving``.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QModelIndex, Signal
from PySide6.QtGui import QAction, QCloseEvent, QShowEvent
from PySide6.QtWidgets import QComboBox, QMainWindow, QToolBar, QWidget

from sheets.encounter import CommandRecord, Engine, NextTurn
from sheets.storage import CampaignFolder, FileStamp
from ui.layouts import fit_to_screen
from ui.services.prompter import Prompter
from ui.tracker.commands import EncounterController
from ui.tracker.delegates import ActionsDelegate, ConditionsDelegate, RowDelegate
from ui.tracker.initiative_model import InitiativeModel, InitiativeProxy
from ui.tracker.log_view import LogModel
from ui.tracker.player_view import PlayerView
from ui.tracker.window_parts import (
    actions,
    combatants,
    player_screen,
    saving,
    scene_flow,
    table,
)
from ui.tracker.window_parts.award_dialog import AwardDialog
from ui.tracker.window_parts.docks import TrackerDocks
from ui.tracker.window_parts.engine import engine_for, run_command
from ui.tracker.window_parts.scene_flow import SCENES
from ui.tracker.window_parts.updates import Updates
from ui.workspace.save_service import SaveService


class TrackerWindow(QMainWindow):
    """The encounter tracker for one encounter of a campaign."""

    saved = Signal()

    # Made by ui.tracker.window_parts.table.
    row_delegate: RowDelegate
    actions_delegate: ActionsDelegate
    conditions_delegate: ConditionsDelegate
    # Made by ui.tracker.window_parts.actions.
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
    end_scene_action: QAction
    undo_action: QAction
    redo_action: QAction
    save_action: QAction
    player_view_action: QAction
    toolbar: QToolBar
    scene_combo: QComboBox

    def __init__(
        self,
        engine: Engine,
        *,
        encounter_path: Path | None = None,
        encounter_stamp: FileStamp | None = None,
        campaign: CampaignFolder | None = None,
        parent: QWidget | None = None,
        prompter: Prompter | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("TrackerWindow")
        self.prompter: Prompter = prompter or Prompter(self)
        self.save_service = SaveService(self.prompter, self)
        self.engine = engine
        self.encounter_path = encounter_path
        self.encounter_stamp = encounter_stamp
        """The encounter file as last read or written (saving asks before overwriting a
        file changed elsewhere)."""
        self.campaign = campaign
        self.controller = EncounterController(engine, self)
        self.undo_stack = self.controller.undo_stack
        self.model = InitiativeModel(engine, self)
        self.proxy = InitiativeProxy(self)
        self.proxy.setSourceModel(self.model)
        self.log_model = LogModel(engine, self)
        self.player_view: PlayerView | None = None

        self.setWindowTitle(f"Wild Die: {self.engine.encounter.name}[*]")
        self.table = table.build_table(self)
        self.setCentralWidget(self.table)
        self.updates = Updates(self)
        self.round_label = self.updates.round_label
        self.docks = TrackerDocks(self)
        self.act_panel = self.docks.act_panel
        self.act_scroll = self.docks.act_scroll
        self.act_dock = self.docks.act_dock
        self.log_view = self.docks.log_view
        self.log_dock = self.docks.log_dock
        actions.build_actions(self)
        actions.build_toolbar(self)
        self.statusBar().addPermanentWidget(self.round_label)
        actions.build_menus(self)

        self.controller.changed.connect(self._changed)
        self.controller.refused.connect(self.show_refusal)
        self.controller.applied.connect(self._applied)
        self.undo_stack.indexChanged.connect(self._stack_moved)
        actions.connect_actions(self)
        self.table.selectionModel().currentRowChanged.connect(self._current_row_changed)
        self.updates.update_status()
        fit_to_screen(self, 1400, 860)

    # --- docks -----------------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.docks.shown()

    def fit_docks(self) -> None:
        """The act dock at its preferred width (the dice form side by side) and the log at
        about a dozen lines, as far as the window allows."""
        self.docks.fit()

    # --- commands ------------------------------------------------------------------------

    # What a round leaves behind (log lines, undo records) stays for the evening: freezing
    # it at each round change keeps Python's full collections from walking it again (a
    # 100+ ms pause in a 500-combatant encounter; bench/bench_encounter.py).
    freeze_each_round = False

    def run(self, command: object) -> CommandRecord | None:
        return run_command(self, command)

    def start(self) -> CommandRecord | None:
        return scene_flow.start(self)

    def roll_initiative(self, seed: int | None = None) -> CommandRecord | None:
        return scene_flow.roll_initiative(self, seed)

    def next_turn(self) -> CommandRecord | None:
        return self.run(NextTurn())

    def previous_turn(self) -> None:
        scene_flow.previous_turn(self)

    def next_round(self) -> None:
        scene_flow.next_round(self)

    def move_in_order(self, combatant: str, steps: int) -> CommandRecord | None:
        """R6: move ``combatant`` up (negative ``steps``) or down the turn order, as one
        undoable command. Combatants not in the order yet (no initiative rolled) get a
        manual order: the table's rows, with the move applied."""
        return combatants.move_in_order(self, combatant, steps)

    def move_selected(self, steps: int) -> CommandRecord | None:
        return combatants.move_selected(self, steps)

    def concede(
        self, combatant: str | None = None, side: str | None = None
    ) -> CommandRecord | None:
        return combatants.concede(self, combatant, side)

    def award(
        self, combatant: str, points: int = 1, at_scene_end: bool = True, reason: str = ""
    ) -> CommandRecord | None:
        return combatants.award(self, combatant, points, at_scene_end, reason)

    def fear_check(self, creatures: list[str], seed: int | None = None) -> CommandRecord | None:
        return combatants.fear_check(self, creatures, seed)

    def end_scene(self) -> CommandRecord | None:
        return scene_flow.end_scene(self)

    awards_summary = staticmethod(scene_flow.awards_summary)

    # --- the table -------------------------------------------------------------------------

    def selected_ids(self) -> list[str]:
        return table.selected_ids(self.table)

    def select(self, combatant: str) -> None:
        table.select(self, combatant)

    def _sort_by(self, column: int) -> None:
        table.sort_by(self, column)

    def _current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        table.current_row_changed(self, current)

    # --- updates -------------------------------------------------------------------------

    def _changed(self, rows: frozenset[str] | None) -> None:
        self.updates.changed(rows)

    def _applied(self, record: CommandRecord) -> None:
        self.updates.applied(record)

    def show_refusal(self, reason: str) -> None:
        self.updates.refused(reason)

    def _stack_moved(self, _index: int) -> None:
        self.updates.stack_moved()

    # --- the player view -----------------------------------------------------------------

    def toggle_player_view(self, on: bool, *, full_screen: bool = True) -> None:
        player_screen.toggle(self, on, full_screen=full_screen)

    # --- saving --------------------------------------------------------------------------

    def save(self) -> bool:
        """Save the encounter and the character files commands changed (R7 points, fear
        memories, sheet conditions)."""
        return saving.save(self)

    def mark_clean(self) -> None:
        self.undo_stack.setClean()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not saving.may_close(self):
            event.ignore()
            return
        player_screen.close(self)
        super().closeEvent(event)


__all__ = ["SCENES", "AwardDialog", "TrackerWindow", "engine_for"]
