"""The tracker's actions: their texts, tooltips and shortcuts, the undo and redo wiring,
the toolbar (with the scene type) and the menus, and what each action runs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QComboBox, QToolBar

from ui.text import tooltip
from ui.tracker.window_parts import combatants, scene_flow

if TYPE_CHECKING:
    from ui.tracker.window import TrackerWindow


def _action(
    window: TrackerWindow, text: str, tip: str, *keys: QKeySequence | QKeySequence.StandardKey | str
) -> QAction:
    action = QAction(text, window)
    action.setToolTip(tip)
    action.setStatusTip(tip)
    sequences: list[QKeySequence] = []
    for key in keys:  # every binding of a standard key, each sequence once (Qt calls one
        # sequence held twice ambiguous and then runs neither)
        for sequence in (
            QKeySequence.keyBindings(key)
            if isinstance(key, QKeySequence.StandardKey)
            else [QKeySequence(key)]
        ):
            if sequence not in sequences:
                sequences.append(sequence)
    if sequences:
        action.setShortcuts(sequences)
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    window.addAction(action)
    return action


def build_actions(window: TrackerWindow) -> None:
    w = window
    w.start_action = _action(w, "Start", "Start the encounter (R6)")
    w.initiative_action = _action(
        w,
        "Roll initiative",
        "R6: melee orders by the fixed value of Perception (ties: Dexterity, then a "
        "roll-off); a debate by an ability roll (Ctrl+I)",
        "Ctrl+I",
    )
    w.next_action = _action(
        w,
        "Next turn",
        "End this turn (conditions expire, R6) and give the next (Space, Ctrl+Right)",
        "Space",
        "Ctrl+Right",
    )
    w.previous_action = _action(
        w, "Previous turn", "Undo the last Next turn (Ctrl+Left)", "Ctrl+Left"
    )
    w.next_round_action = _action(
        w,
        "Next round",
        "Pass every remaining turn of this round (Ctrl+Shift+Right)",
        "Ctrl+Shift+Right",
    )
    w.move_up_action = _action(
        w,
        w.tr("Move up"),
        w.tr(
            "R6: move the selected combatant one place up the turn order (a chase's "
            "relative position, or a re-order between rounds) (Alt+Up)"
        ),
        "Alt+Up",
    )
    w.move_down_action = _action(
        w,
        w.tr("Move down"),
        w.tr(
            "R6: move the selected combatant one place down the turn order (a chase's "
            "relative position, or a re-order between rounds) (Alt+Down)"
        ),
        "Alt+Down",
    )
    w.concede_action = _action(
        w,
        "Concede",
        "R6: the selected combatants concede: no more actions, fixed resistance only; "
        "a conceding player character gains 1 action point at the end of the scene",
    )
    w.concede_side_action = _action(
        w, "Side concedes", "R6: the selected combatant's whole side concedes"
    )
    w.award_action = _action(
        w,
        "Award AP",
        "R7: award action points to the selected combatant (an accepted complication "
        "pays at the end of the scene)",
    )
    w.fear_action = _action(
        w,
        "Fear check",
        "R8: the selected creatures appear; the heroes roll against Fear x count, less "
        "the group's Fame",
    )
    w.end_scene_action = _action(
        w,
        "End scene",
        "R6/R7: end the scene: its conditions end, pending action points are awarded",
    )
    _build_undo_actions(w)
    w.save_action = _action(
        w, "Save", "Save the encounter and the character files it changed (Ctrl+S)", "Ctrl+S"
    )
    w.player_view_action = _action(
        w,
        "Player view",
        "Show the player view (for a shared screen; F11 in it leaves full screen)",
        "Ctrl+Shift+P",
    )
    w.player_view_action.setCheckable(True)


def _build_undo_actions(window: TrackerWindow) -> None:
    # Short texts (the toolbar must not overflow); what they undo is in the tooltip.
    stack = window.undo_stack
    undo = _action(window, "Undo", "Undo (Ctrl+Z)", QKeySequence.StandardKey.Undo)
    redo = _action(
        window,
        "Redo",
        "Redo (Ctrl+Shift+Z or Ctrl+Y)",
        QKeySequence.StandardKey.Redo,
        "Ctrl+Shift+Z",
        "Ctrl+Y",
    )
    undo.triggered.connect(stack.undo)
    redo.triggered.connect(stack.redo)
    stack.canUndoChanged.connect(undo.setEnabled)
    stack.canRedoChanged.connect(redo.setEnabled)
    stack.undoTextChanged.connect(lambda text: undo.setToolTip(tooltip(f"Undo: {text} (Ctrl+Z)")))
    stack.redoTextChanged.connect(
        lambda text: redo.setToolTip(tooltip(f"Redo: {text} (Ctrl+Shift+Z or Ctrl+Y)"))
    )
    undo.setEnabled(False)
    redo.setEnabled(False)
    window.undo_action = undo
    window.redo_action = redo


def build_toolbar(window: TrackerWindow) -> None:
    """The toolbar: the scene type (R6), then the actions in groups."""
    w = window
    bar = QToolBar("Encounter")
    bar.setObjectName("TrackerToolbar")
    bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    w.toolbar = bar
    w.addToolBar(bar)
    w.scene_combo = QComboBox()
    w.scene_combo.setObjectName("SceneCombo")
    w.scene_combo.setToolTip("R6: quick check, dramatic scene, or tactical scene by mode")
    for label, scene, tactical in scene_flow.SCENES:
        w.scene_combo.addItem(label, (scene, tactical))
    scene_flow.show_scene(w)
    bar.addWidget(w.scene_combo)
    for action in (
        w.start_action,
        w.initiative_action,
        None,
        w.previous_action,
        w.next_action,
        w.next_round_action,
        None,
        w.move_up_action,
        w.move_down_action,
        None,
        w.concede_action,
        w.concede_side_action,
        w.award_action,
        w.fear_action,
        w.end_scene_action,
        None,
        w.undo_action,
        w.redo_action,
        w.save_action,
        w.player_view_action,
    ):
        if action is None:
            bar.addSeparator()
        else:
            bar.addAction(action)


def build_menus(window: TrackerWindow) -> None:
    w = window
    menu = w.menuBar().addMenu("&Encounter")
    for action in (
        w.start_action,
        w.initiative_action,
        w.next_action,
        w.previous_action,
        w.next_round_action,
        w.move_up_action,
        w.move_down_action,
        w.concede_action,
        w.concede_side_action,
        w.award_action,
        w.fear_action,
        w.end_scene_action,
        w.save_action,
        w.player_view_action,
    ):
        menu.addAction(action)
    edit = w.menuBar().addMenu("&Edit")
    edit.addAction(w.undo_action)
    edit.addAction(w.redo_action)


def connect_actions(window: TrackerWindow) -> None:
    """What each action (and the scene type) runs."""
    w = window
    w.start_action.triggered.connect(w.start)
    w.initiative_action.triggered.connect(lambda: w.roll_initiative())
    w.next_action.triggered.connect(w.next_turn)
    w.previous_action.triggered.connect(w.previous_turn)
    w.next_round_action.triggered.connect(w.next_round)
    w.move_up_action.triggered.connect(lambda: w.move_selected(-1))
    w.move_down_action.triggered.connect(lambda: w.move_selected(1))
    w.concede_action.triggered.connect(lambda: combatants.concede_selected(w))
    w.concede_side_action.triggered.connect(lambda: combatants.concede_side(w))
    w.award_action.triggered.connect(lambda: combatants.award_selected(w))
    w.fear_action.triggered.connect(lambda: combatants.fear_selected(w))
    w.end_scene_action.triggered.connect(w.end_scene)
    w.save_action.triggered.connect(w.save)
    w.player_view_action.toggled.connect(w.toggle_player_view)
    w.scene_combo.activated.connect(lambda index: scene_flow.scene_chosen(w, index))
