"""The tracker's actions: their texts, tooltips and shortcuts, the undo and redo wiring,
the toolbar (with the scene type) and the menus, and what each action runs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QMainWindow,
    QToolBar,
    QWidget,
)

from sheets.encounter import DelayTurn, GroupCopies
from ui.action_buttons import trim_toolbar
from ui.text import status_tip, tooltip
from ui.tracker.after_repaints import AfterRepaints
from ui.tracker.window_parts.scene_flow import SCENES

if TYPE_CHECKING:
    from ui.tracker.encounter_session import EncounterSession
    from ui.tracker.window_parts.combatants import CombatantActions
    from ui.tracker.window_parts.player_screen import PlayerScreen
    from ui.tracker.window_parts.scene_flow import SceneFlow

Key = QKeySequence | QKeySequence.StandardKey | str
_FILTERED = frozenset({QEvent.Type.ShortcutOverride, QEvent.Type.Wheel})
_TRACKER_KEYS = frozenset(
    QKeySequence(key)[0].toCombined()  # type: ignore[index]
    for key in (
        "Ctrl+Right",
        "Ctrl+Left",
        "Ctrl+Shift+Right",
        "Ctrl+Return",
        "Ctrl+Shift+Return",
        "Ctrl+D",
        "Ctrl+T",
        "Ctrl+E",
        "Ctrl+H",
    )
)


class TrackerActions(QObject):
    """Builds the tracker's actions, toolbar and menus on ``window``, each action wired to
    the object that owns its flow."""

    def __init__(
        self,
        window: QMainWindow,
        *,
        session: EncounterSession,
        flow: SceneFlow,
        people: CombatantActions,
        player: PlayerScreen,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.flow = flow
        stack = session.undo_stack
        self.start_action = self._action("Start", "Start the encounter (R6)")
        self.initiative_action = self._action(
            "Roll initiative",
            "R6: melee orders by the fixed value of Perception (ties: Dexterity, then a "
            "roll-off); a debate by an ability roll (Ctrl+I)",
            "Ctrl+I",
        )
        self.next_action = self._action(
            "Next turn",
            "End this turn (conditions expire, R6) and give the next (Space, Ctrl+Right)",
            "Space",
            "Ctrl+Right",
        )
        self.previous_action = self._action(
            "Previous turn", "Undo the last Next turn (Ctrl+Left)", "Ctrl+Left"
        )
        self.next_round_action = self._action(
            "Next round",
            "Pass every remaining turn of this round (Ctrl+Shift+Right)",
            "Ctrl+Shift+Right",
        )
        self.move_up_action = self._action(
            self.tr("Move up"),
            self.tr(
                "R6: move the selected combatant one place up the turn order (a chase's "
                "relative position, or a re-order between rounds) (Alt+Up)"
            ),
            "Alt+Up",
        )
        self.move_down_action = self._action(
            self.tr("Move down"),
            self.tr(
                "R6: move the selected combatant one place down the turn order (a chase's "
                "relative position, or a re-order between rounds) (Alt+Down)"
            ),
            "Alt+Down",
        )
        self.concede_action = self._action(
            "Concede",
            "R6: the selected combatants concede: no more actions, fixed resistance only; "
            "a conceding player character gains 1 action point at the end of the scene",
        )
        self.concede_side_action = self._action(
            "Side concedes", "R6: the selected combatant's whole side concedes"
        )
        self.award_action = self._action(
            "Award AP",
            "R7: award action points to the selected combatant (an accepted complication "
            "pays at the end of the scene)",
        )
        self.fear_action = self._action(
            "Fear check",
            "R8: the selected creatures appear; the heroes roll against Fear x count, less "
            "the group's Fame",
        )
        self.end_scene_action = self._action(
            "End scene",
            "R6/R7: end the scene: its conditions end, pending action points are awarded",
        )
        self.add_action = self._action(
            "Add combatants\u2026",
            "Reinforcements: someone of the campaign, numbered copies of a Stock sheet, or a "
            "quick new NPC joins the fight (Ctrl+Shift+N)",
            "Ctrl+Shift+N",
        )
        self.duplicate_action = self._action(
            "Duplicate",
            "One more like the selected combatant, numbered, with a fresh copy of its sheet "
            "(Ctrl+Shift+D)",
            "Ctrl+Shift+D",
        )
        self.remove_action = self._action(
            "Remove from encounter",
            "The selected combatant leaves the encounter; its sheet keeps what happened to "
            "it (Ctrl+Delete)",
            "Ctrl+Del",
        )
        self.delay_action = self._action(
            "Delay",
            "The one acting waits: the next in the order acts now, the delayer right after "
            "it this round; nothing of its turn ends yet (Ctrl+H)",
            "Ctrl+H",
        )
        self.group_action = self._action(
            "Group copies",
            "Copies of the same Stock sheet act one after another, where the first of them "
            "stands in the order",
        )
        self.notes_action = self._action(
            "Notes\u2026",
            "Your notes on the selected combatant: never on the player view (Ctrl+Shift+O)",
            "Ctrl+Shift+O",
        )
        self.hide_action = self._action(
            "Hide / reveal",
            "Hide the selected combatants from the player view (an ambush), or reveal them "
            "(Ctrl+Shift+H)",
            "Ctrl+Shift+H",
        )
        self.reset_action = self._action(
            "Run again\u2026",
            "Start the encounter over from its setup; the characters' sheets keep what "
            "happened to them, and undo brings the fight back",
        )
        self.effect_action = self._action(
            "Apply effect\u2026",
            "Put harm, a modifier or a named condition straight on the selected combatants, "
            "with how long it lasts, without a check (Ctrl+Shift+E)",
            "Ctrl+Shift+E",
        )
        self._build_undo_actions(stack)
        self.save_action = self._action(
            "Save", "Save the encounter and the character files it changed (Ctrl+S)", "Ctrl+S"
        )
        self.player_view_action = self._action(
            "Player view",
            "Show the player view (for a shared screen; F11 in it leaves full screen)",
            "Ctrl+Shift+P",
        )
        self.player_view_action.setCheckable(True)
        self.scene_combo = QComboBox()
        self.scene_combo.setObjectName("SceneCombo")
        self.scene_combo.setToolTip("R6: quick check, dramatic scene, or tactical scene by mode")
        for label, scene, tactical in SCENES:
            self.scene_combo.addItem(label, (scene, tactical))
        self.show_scene()
        self.toolbar = self._build_toolbar()
        self._build_menus()
        self.start_action.triggered.connect(flow.start)
        self.initiative_action.triggered.connect(lambda: flow.roll_initiative())
        self.next_action.triggered.connect(flow.next_turn)
        self.previous_action.triggered.connect(flow.previous_turn)
        self.next_round_action.triggered.connect(flow.next_round)
        self.end_scene_action.triggered.connect(flow.end_scene)
        self.move_up_action.triggered.connect(lambda: people.move_selected(-1))
        self.move_down_action.triggered.connect(lambda: people.move_selected(1))
        self.concede_action.triggered.connect(people.concede_selected)
        self.concede_side_action.triggered.connect(people.concede_side)
        self.award_action.triggered.connect(people.award_selected)
        self.fear_action.triggered.connect(people.fear_selected)
        self.add_action.triggered.connect(people.ask_who_joins)
        self.duplicate_action.triggered.connect(people.duplicate_selected)
        self.remove_action.triggered.connect(people.remove_selected)
        self.effect_action.triggered.connect(people.ask_effect)
        self.delay_action.triggered.connect(lambda: session.run(DelayTurn()))
        self.notes_action.triggered.connect(lambda: people.edit_notes_selected(flow.prompter))
        self.hide_action.triggered.connect(people.toggle_hidden_selected)
        self.reset_action.triggered.connect(flow.reset)
        self.group_action.triggered.connect(lambda: session.run(GroupCopies()))
        self._build_row_menu(people)
        self.save_action.triggered.connect(session.save)
        self.player_view_action.toggled.connect(lambda on: player.toggle(on))
        player.action = self.player_view_action
        self.scene_combo.activated.connect(self._scene_chosen)
        # Space and the tracker's keys are judged on the widget with the focus, the wheel
        # on the window's boxes (see eventFilter): a filter on the application was a
        # Python call for every event of the app, ~4M instructions of a 500-row round
        # change (bench/bench_tracker.py).
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_moved)
        self.guard_boxes()

    def guard_boxes(self) -> None:
        """Watch the wheel on every combo and number box of the window (again: a box made
        since is watched too; a second install of a filter only moves it first)."""
        for box in self.window.findChildren(QComboBox) + self.window.findChildren(QAbstractSpinBox):
            box.installEventFilter(self)

    def _focus_moved(self, old: QWidget | None, new: QWidget | None) -> None:
        """Watch the keys of the widget with the focus, when it is the window's."""
        if old is not None and not isinstance(old, QComboBox | QAbstractSpinBox):
            old.removeEventFilter(self)
        if new is not None and self.window.isAncestorOf(new):
            new.installEventFilter(self)
            self.guard_boxes()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Space is Next turn, except while a button, check box or combo box of this
        window has the focus: then it presses, ticks or opens that (issue 16: a GM's
        Space on a focused button must never end the turn)."""
        kind = event.type()
        if kind not in _FILTERED:  # every event of the watched widgets passes here
            return False
        if (
            kind == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.keyCombination().toCombined() in _TRACKER_KEYS
            and isinstance(watched, QWidget)
            and self.window.isAncestorOf(watched)
        ):
            # Found under Xvfb: with the focus in a number or text box, Ctrl+Right moved its
            # cursor instead of giving the next turn. The tracker's keys win there.
            event.ignore()
            return True
        if (
            kind == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Space
            and event.modifiers() == Qt.KeyboardModifier.NoModifier
            and isinstance(watched, QAbstractButton | QComboBox)
            and self.window.isAncestorOf(watched)
        ):
            event.accept()  # the widget takes the key; the shortcut does not fire
            return True
        if (
            kind == QEvent.Type.Wheel
            and isinstance(watched, QComboBox | QAbstractSpinBox)
            and not watched.hasFocus()
            and self.window.isAncestorOf(watched)
        ):
            # Issue 16: the wheel scrolls the form the GM is scrolling past; it changes a
            # combo box or a number only once that has the focus (a click, Tab).
            event.ignore()
            parent = watched.parentWidget()
            if parent is not None:
                QApplication.sendEvent(parent, event)
            return True
        return super().eventFilter(watched, event)

    def _build_row_menu(self, people: CombatantActions) -> None:
        """A right click on the initiative table: what can be done to the selected rows."""
        table = people.table
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        for action in (
            self.move_up_action,
            self.move_down_action,
            None,
            self.effect_action,
            self.notes_action,
            self.hide_action,
            self.concede_action,
            self.concede_side_action,
            self.award_action,
            self.fear_action,
            None,
            self.duplicate_action,
            self.remove_action,
            self.add_action,
        ):
            if action is None:
                separator = QAction(table)
                separator.setSeparator(True)
                table.addAction(separator)
            else:
                table.addAction(action)

    def _action(self, text: str, tip: str, *keys: Key) -> QAction:
        action = QAction(text, self.window)
        action.setToolTip(tip)
        action.setStatusTip(status_tip(tip))
        sequences: list[QKeySequence] = []
        for key in keys:  # every binding of a standard key, each sequence once (Qt calls
            # one sequence held twice ambiguous and then runs neither)
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
        self.window.addAction(action)
        return action

    def _build_undo_actions(self, stack: QUndoStack) -> None:
        # Short texts (the toolbar must not overflow); what they undo is in the tooltip.
        undo = self._action("Undo", "Undo (Ctrl+Z)", QKeySequence.StandardKey.Undo)
        redo = self._action(
            "Redo",
            "Redo (Ctrl+Shift+Z or Ctrl+Y)",
            QKeySequence.StandardKey.Redo,
            "Ctrl+Shift+Z",
            "Ctrl+Y",
        )
        undo.triggered.connect(stack.undo)
        redo.triggered.connect(stack.redo)
        self.undo_action = undo
        self.redo_action = redo
        self._stack = stack
        # The buttons follow the stack right after the frame, not in it: an action's
        # change (Undo's tooltip names each command) lays out the toolbar and with it the
        # whole window, its docks measured again (~0.4 ms of a 500-row round change's
        # frame, bench/bench_tracker.py). Only a newly possible undo or redo shows at once,
        # so a key pressed before the frame finds it; one no longer possible does nothing
        # meanwhile (the stack ignores it).
        follow = AfterRepaints(self._show_stack, self)
        for action, can_changed in ((undo, stack.canUndoChanged), (redo, stack.canRedoChanged)):
            can_changed.connect(
                lambda can, action=action: action.setEnabled(True) if can else follow.schedule()
            )
        for text_changed in (stack.undoTextChanged, stack.redoTextChanged):
            text_changed.connect(lambda _text: follow.schedule())
        self._show_stack()

    def _show_stack(self) -> None:
        """Undo and Redo as the stack is: enabled or not, and what they would take back
        or do again (nothing: the plain tooltip, not "Redo:  (...)")."""
        stack = self._stack
        text = stack.undoText()
        self.undo_action.setEnabled(stack.canUndo())
        self.undo_action.setToolTip(tooltip(f"Undo: {text} (Ctrl+Z)") if text else "Undo (Ctrl+Z)")
        text = stack.redoText()
        self.redo_action.setEnabled(stack.canRedo())
        self.redo_action.setToolTip(
            tooltip(f"Redo: {text} (Ctrl+Shift+Z or Ctrl+Y)")
            if text
            else "Redo (Ctrl+Shift+Z or Ctrl+Y)"
        )

    def show_scene(self) -> None:
        """The scene combo on the encounter's scene type."""
        self.scene_combo.setCurrentIndex(self.flow.scene_index())

    def _scene_chosen(self, index: int) -> None:
        if not self.flow.choose_scene(index):
            self.show_scene()

    def _build_toolbar(self) -> QToolBar:
        """The toolbar: the scene type (R6), then the actions in groups."""
        bar = QToolBar("Encounter")
        bar.setObjectName("TrackerToolbar")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.window.addToolBar(bar)
        bar.addWidget(self.scene_combo)
        for action in (
            self.start_action,
            self.initiative_action,
            None,
            self.previous_action,
            self.next_action,
            self.next_round_action,
            self.delay_action,
            None,
            # Move up / down and Side concedes live in the menus and the row menu: the
            # toolbar keeps to what a laptop's width shows whole (1366 px).
            self.concede_action,
            self.award_action,
            self.fear_action,
            self.end_scene_action,
            None,
            self.undo_action,
            self.redo_action,
            self.save_action,
            self.player_view_action,
        ):
            if action is None:
                bar.addSeparator()
            else:
                bar.addAction(action)
        trim_toolbar(bar)  # Undo's tooltip changes with every command (ui.action_buttons)
        return bar

    def _build_menus(self) -> None:
        menu = self.window.menuBar().addMenu("&Encounter")
        for action in (
            self.start_action,
            self.initiative_action,
            self.next_action,
            self.previous_action,
            self.next_round_action,
            self.delay_action,
            self.move_up_action,
            self.move_down_action,
            self.concede_action,
            self.concede_side_action,
            self.award_action,
            self.fear_action,
            self.end_scene_action,
            self.reset_action,
            self.save_action,
            self.player_view_action,
        ):
            menu.addAction(action)
        combatants = self.window.menuBar().addMenu("&Combatants")
        for action in (
            self.add_action,
            self.duplicate_action,
            self.remove_action,
            self.effect_action,
            self.notes_action,
            self.hide_action,
            self.group_action,
        ):
            combatants.addAction(action)
        edit = self.window.menuBar().addMenu("&Edit")
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
