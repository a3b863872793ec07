"""Keeping the window in step with the engine: after each change the changed rows, the
round label and the actions that apply now at once; the log and the R6 scene-over check
right after the frame (they walk every line and combatant); the player view and the act
panel on their own schedules; the outcome or the refusal in the status bar."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from sheets.encounter import CommandRecord, NextTurn
from ui.text import split_rule
from ui.tracker.after_repaints import AfterRepaints
from ui.tracker.round_label import RoundLabel

if TYPE_CHECKING:
    from ui.tracker.window import TrackerWindow


class Updates:
    """Follows the engine for the window; owns the round label."""

    def __init__(self, window: TrackerWindow) -> None:
        self.window = window
        self.round_label = RoundLabel()
        self._round_text = ""
        self._over_text = ""
        # Both walk every line or combatant: right after the frame, not in it.
        self._log = AfterRepaints(self._refresh_log, window)
        self._scene_over = AfterRepaints(self._update_scene_over, window)
        self._stack_index = window.undo_stack.index()

    def changed(self, rows: frozenset[str] | None, marked: frozenset[str] = frozenset()) -> None:
        window = self.window
        window.model.refresh(rows)
        self.update_status()
        if window.log_model.behind():  # never show a line an undo took back
            self._refresh_log()
        else:
            self._log.schedule()
        if window.player_view is not None:
            window.player_view.schedule_update(rows, marked)
        window.act_panel.engine_changed()

    def _refresh_log(self) -> None:
        self.window.log_model.refresh()

    def update_status(self) -> None:
        engine = self.window.engine
        enc = engine.encounter
        actor = engine.current()
        name = engine.view.by_id[actor].name if actor else None
        if enc.state == "setup":
            text = "Setting up"
        elif enc.state == "ended":
            text = "Scene over"
        elif enc.round == 0:
            text = "Ready: Next turn starts round 1"
        else:
            text = f"Round {enc.round}" + (f" \u2014 {name}'s turn" if name else "")
        self._round_text = text
        self.round_label.show_text(text + self._over_text)
        self.update_actions()
        self._scene_over.schedule()  # R6

    def _update_scene_over(self) -> None:
        engine = self.window.engine
        over = engine.encounter.state == "running" and engine.scene_over()
        self._over_text = " \u2014 no active opposition (R6): the scene can end" if over else ""
        self.round_label.show_text(self._round_text + self._over_text)

    def stack_moved(self) -> None:
        with contextlib.suppress(RuntimeError):  # the stack dies with the window
            self.update_actions()
            self._say_undo_or_redo()

    def _say_undo_or_redo(self) -> None:
        """The status bar names what an undo or redo took back or did again: it went on
        showing the outcome of the command just undone. A new command's own outcome
        follows at once (``applied``)."""
        stack = self.window.undo_stack
        index, before = stack.index(), self._stack_index
        self._stack_index = index
        if index == before:
            return
        command = stack.command(index if index < before else index - 1)
        if command is not None:
            word = "Undone" if index < before else "Redone"
            self.window.statusBar().showMessage(f"{word}: {command.text()}", 8000)

    def applied(self, record: CommandRecord) -> None:
        self.window.statusBar().showMessage(record.outcome.text, 8000)

    def refused(self, reason: str) -> None:
        plain, rules = split_rule(reason)  # the rule number goes to the tooltip
        bar = self.window.statusBar()
        bar.showMessage(f"Not allowed: {plain}", 10000)
        bar.setToolTip(f"Rules: {rules}" if rules else "")

    def update_actions(self) -> None:
        """The actions that apply in the encounter's state, and the modified marker."""
        w = self.window
        enc = w.engine.encounter
        running = enc.state == "running"
        w.start_action.setEnabled(enc.state == "setup")
        tactical = enc.scene_type == "tactical"
        w.initiative_action.setEnabled(
            enc.state != "ended" and tactical and enc.tactical_type != "chase"
        )
        w.next_action.setEnabled(running and tactical)
        w.next_round_action.setEnabled(running and tactical)
        can_back = isinstance(w.session.controller.last_command(), NextTurn)
        w.previous_action.setEnabled(can_back)
        w.previous_action.setToolTip(
            "Undo the last Next turn (Ctrl+Left)"
            if can_back
            else "Previous turn undoes the last Next turn; the last command was something "
            "else: use Undo"
        )
        for action in (w.concede_action, w.concede_side_action, w.fear_action, w.end_scene_action):
            action.setEnabled(running)
        w.award_action.setEnabled(enc.state != "ended")
        w.move_up_action.setEnabled(enc.state != "ended")
        w.move_down_action.setEnabled(enc.state != "ended")
        w.delay_action.setEnabled(running and tactical and w.engine.current() is not None)
        for action in (w.add_action, w.duplicate_action, w.remove_action, w.effect_action):
            action.setEnabled(enc.state != "ended")
        w.reset_action.setEnabled(enc.state != "setup")
        w.group_action.setEnabled(bool(enc.turn_order))
        w.save_action.setEnabled(w.session.path is not None)
        w.setWindowModified(not w.undo_stack.isClean())
