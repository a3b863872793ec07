"""The tracker window: the initiative table, the act panel with the dice, the log.

It shows the encounter engine's state and sends it commands; it never decides a rule.
Every command is undoable on the window's own stack; a refusal shows its reason in the
status bar and changes nothing.
"""

from __future__ import annotations

import contextlib
import gc
from pathlib import Path
from typing import Final

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QSpinBox,
    QTableView,
    QToolBar,
    QWidget,
)

from sheets.documents import Encounter
from sheets.encounter import (
    AwardActionPoints,
    CommandRecord,
    Concede,
    EndScene,
    Engine,
    FearCheck,
    MoveInOrder,
    NextTurn,
    RollInitiative,
    SetOrder,
    SetScene,
    StartEncounter,
)
from sheets.encounter.initiative import move as moved_order
from sheets.storage import CampaignFolder, FileStamp, save_document
from ui.layouts import FitScrollArea, fit_to_screen
from ui.tracker.act_panel import ActPanel
from ui.tracker.commands import EncounterController
from ui.tracker.delegates import ActionsDelegate, ConditionsDelegate, RowDelegate
from ui.tracker.initiative_model import (
    COL_ACTIONS,
    COL_CONDITIONS,
    COL_INITIATIVE,
    COL_MODIFIERS,
    COL_NAME,
    COL_ORDER,
    COL_SIDE,
    COL_STATE,
    CombatantIdRole,
    InitiativeModel,
    InitiativeProxy,
)
from ui.tracker.log_view import LogModel, LogView
from ui.tracker.player_view import PlayerView

SCENES: Final = (
    ("Tactical: melee", "tactical", "melee"),
    ("Tactical: chase", "tactical", "chase"),
    ("Tactical: debate", "tactical", "debate"),
    ("Dramatic scene", "dramatic", None),
    ("Quick check", "quick", None),
)


class AwardDialog(QDialog):
    """R7: action points for an accepted complication (at scene end) or a GM award."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Award action points to {name}")
        self.points = QSpinBox()
        self.points.setRange(1, 10)
        self.points.setValue(1)
        self.at_scene_end = QCheckBox("At the end of the scene (an accepted complication, R7)")
        self.at_scene_end.setChecked(True)
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("accepted a complication: ...")
        form = QFormLayout(self)
        form.addRow("Action points", self.points)
        form.addRow("", self.at_scene_end)
        form.addRow("Reason", self.reason)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)


class TrackerWindow(QMainWindow):
    """The encounter tracker for one encounter of a campaign."""

    saved = Signal()

    def __init__(
        self,
        engine: Engine,
        *,
        encounter_path: Path | None = None,
        encounter_stamp: FileStamp | None = None,
        campaign: CampaignFolder | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("TrackerWindow")
        self.engine = engine
        self.encounter_path = encounter_path
        self._encounter_stamp = encounter_stamp
        self.campaign = campaign
        self.controller = EncounterController(engine, self)
        self.undo_stack = self.controller.undo_stack
        self.model = InitiativeModel(engine, self)
        self.proxy = InitiativeProxy(self)
        self.proxy.setSourceModel(self.model)
        self.log_model = LogModel(engine, self)
        self.player_view: PlayerView | None = None
        self._round_text = ""
        self._over_text = ""
        self._over_pending = False
        self._log_pending = False
        self._docks_sized = False  # in showEvent, once the window has its size
        self._build()
        self._connect()
        self._update_status()
        fit_to_screen(self, 1400, 860)

    # --- construction ----------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._docks_sized:
            self._docks_sized = True
            self.fit_docks()

    def fit_docks(self) -> None:
        """The act dock at its preferred width (the dice form side by side) and the log at
        about a dozen lines, as far as the window allows."""
        self.resizeDocks(
            [self.act_dock], [self.act_dock.sizeHint().width()], Qt.Orientation.Horizontal
        )
        lines = self.log_view.fontMetrics().lineSpacing() * 12
        self.resizeDocks([self.log_dock], [lines], Qt.Orientation.Vertical)

    def _build(self) -> None:
        self.setWindowTitle(f"Wild Die: {self.engine.encounter.name}[*]")
        self.table = QTableView()
        self.table.setObjectName("InitiativeTable")
        self.table.setAccessibleName("Initiative order")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(
            int(self.table.fontMetrics().height() * 1.7)
        )
        self.row_delegate = RowDelegate(self.table)
        self.table.setItemDelegate(self.row_delegate)
        self.actions_delegate = ActionsDelegate(self.table)
        self.conditions_delegate = ConditionsDelegate(self.table)
        self.table.setItemDelegateForColumn(COL_ACTIONS, self.actions_delegate)
        self.table.setItemDelegateForColumn(COL_CONDITIONS, self.conditions_delegate)
        header = self.table.horizontalHeader()
        header.setSectionsClickable(True)
        header.setSortIndicatorShown(False)
        header.sectionClicked.connect(self._sort_by)
        widths = {
            COL_ORDER: 34,
            COL_NAME: 190,
            COL_SIDE: 130,
            COL_INITIATIVE: 48,
            COL_ACTIONS: 82,
            COL_CONDITIONS: 330,
            COL_STATE: 110,
        }
        for column, width in widths.items():
            header.resizeSection(column, width)
        header.setSectionResizeMode(COL_MODIFIERS, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_STATE, QHeaderView.ResizeMode.Fixed)
        header.moveSection(COL_STATE, COL_ACTIONS)
        self.setCentralWidget(self.table)

        self.round_label = QLabel()
        self.round_label.setObjectName("RoundLabel")
        font = self.round_label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.round_label.setFont(font)
        # A gap of one line height between a long status message and the round.
        self.round_label.setContentsMargins(self.round_label.fontMetrics().height(), 0, 0, 0)

        self.act_panel = ActPanel(self.controller, self)
        self.act_dock = QDockWidget("Act", self)
        self.act_dock.setObjectName("ActDock")
        # The check, the dice panel and the effect menu each keep their minimum height (the
        # dice form's controls whole); a dock shorter than that scrolls instead of crushing
        # them, and it is never narrower than the dice form.
        self.act_scroll = FitScrollArea(self.act_panel)
        self.act_dock.setWidget(self.act_scroll)
        self.act_dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.act_dock)

        self.log_view = LogView(self.log_model)
        self.log_dock = QDockWidget("Encounter log", self)
        self.log_dock.setObjectName("LogDock")
        self.log_dock.setWidget(self.log_view)
        self.log_dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.log_dock)
        # The act panel takes the whole right side; the log sits under the table.
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)

        self._make_actions()
        bar = QToolBar("Encounter")
        bar.setObjectName("TrackerToolbar")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar = bar
        self.addToolBar(bar)
        self.scene_combo = QComboBox()
        self.scene_combo.setObjectName("SceneCombo")
        self.scene_combo.setToolTip("R6: quick check, dramatic scene, or tactical scene by mode")
        for label, scene, tactical in SCENES:
            self.scene_combo.addItem(label, (scene, tactical))
        self._show_scene()
        bar.addWidget(self.scene_combo)
        for action in (
            self.start_action,
            self.initiative_action,
            None,
            self.previous_action,
            self.next_action,
            self.next_round_action,
            None,
            self.move_up_action,
            self.move_down_action,
            None,
            self.concede_action,
            self.concede_side_action,
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
        self.statusBar().addPermanentWidget(self.round_label)
        menu = self.menuBar().addMenu("&Encounter")
        for action in (
            self.start_action,
            self.initiative_action,
            self.next_action,
            self.previous_action,
            self.next_round_action,
            self.move_up_action,
            self.move_down_action,
            self.concede_action,
            self.concede_side_action,
            self.award_action,
            self.fear_action,
            self.end_scene_action,
            self.save_action,
            self.player_view_action,
        ):
            menu.addAction(action)
        edit = self.menuBar().addMenu("&Edit")
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)

    def _action(
        self, text: str, tip: str, *keys: QKeySequence | QKeySequence.StandardKey | str
    ) -> QAction:
        action = QAction(text, self)
        action.setToolTip(tip)
        action.setStatusTip(tip)
        if keys:
            action.setShortcuts([QKeySequence(k) for k in keys])
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.addAction(action)
        return action

    def _make_actions(self) -> None:
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
        # Short texts (the toolbar must not overflow); what they undo is in the tooltip.
        self.undo_action = self._action("Undo", "Undo (Ctrl+Z)", QKeySequence.StandardKey.Undo)
        self.redo_action = self._action(
            "Redo", "Redo (Ctrl+Shift+Z)", QKeySequence.StandardKey.Redo, "Ctrl+Shift+Z"
        )
        self.undo_action.triggered.connect(self.undo_stack.undo)
        self.redo_action.triggered.connect(self.undo_stack.redo)
        self.undo_stack.canUndoChanged.connect(self.undo_action.setEnabled)
        self.undo_stack.canRedoChanged.connect(self.redo_action.setEnabled)
        self.undo_stack.undoTextChanged.connect(
            lambda text: self.undo_action.setToolTip(f"Undo: {text} (Ctrl+Z)")
        )
        self.undo_stack.redoTextChanged.connect(
            lambda text: self.redo_action.setToolTip(f"Redo: {text} (Ctrl+Shift+Z)")
        )
        self.undo_action.setEnabled(False)
        self.redo_action.setEnabled(False)
        self.save_action = self._action(
            "Save", "Save the encounter and the character files it changed (Ctrl+S)", "Ctrl+S"
        )
        self.player_view_action = self._action(
            "Player view",
            "Show the player view (for a shared screen; F11 in it leaves full screen)",
            "Ctrl+Shift+P",
        )
        self.player_view_action.setCheckable(True)

    def _connect(self) -> None:
        self.controller.changed.connect(self._changed)
        self.controller.refused.connect(self.show_refusal)
        self.controller.applied.connect(self._applied)
        self.undo_stack.indexChanged.connect(self._stack_moved)
        self.start_action.triggered.connect(self.start)
        self.initiative_action.triggered.connect(lambda: self.roll_initiative())
        self.next_action.triggered.connect(self.next_turn)
        self.previous_action.triggered.connect(self.previous_turn)
        self.next_round_action.triggered.connect(self.next_round)
        self.move_up_action.triggered.connect(lambda: self.move_selected(-1))
        self.move_down_action.triggered.connect(lambda: self.move_selected(1))
        self.concede_action.triggered.connect(self._concede_selected)
        self.concede_side_action.triggered.connect(self._concede_side)
        self.award_action.triggered.connect(self._award_selected)
        self.fear_action.triggered.connect(self._fear_selected)
        self.end_scene_action.triggered.connect(self.end_scene)
        self.save_action.triggered.connect(self.save)
        self.player_view_action.toggled.connect(self.toggle_player_view)
        self.scene_combo.activated.connect(self._scene_chosen)
        self.table.selectionModel().currentRowChanged.connect(self._current_row_changed)

    # --- commands ------------------------------------------------------------------------

    # What a round leaves behind (log lines, undo records) stays for the evening: freezing
    # it at each round change keeps Python's full collections from walking it again (a
    # 100+ ms pause in a 500-combatant encounter; bench/bench_encounter.py).
    freeze_each_round = False

    def run(self, command: object) -> CommandRecord | None:
        start = self.engine.round
        record = self.controller.run(command)  # type: ignore[arg-type]
        if self.freeze_each_round and self.engine.round != start:
            gc.freeze()
        return record

    def start(self) -> CommandRecord | None:
        return self.run(StartEncounter())

    def roll_initiative(self, seed: int | None = None) -> CommandRecord | None:
        if self.engine.encounter.state == "setup":
            self.undo_stack.beginMacro("Start and roll initiative")
            record = self.start()
            if record is not None:
                record = self.run(RollInitiative(seed))
            self.undo_stack.endMacro()
            return record
        return self.run(RollInitiative(seed))

    def next_turn(self) -> CommandRecord | None:
        return self.run(NextTurn())

    def previous_turn(self) -> None:
        if isinstance(self.controller.last_command(), NextTurn):
            self.undo_stack.undo()
        else:
            self.show_refusal("Previous turn undoes a Next turn: undo the later commands first")

    def next_round(self) -> None:
        start = self.engine.round
        self.undo_stack.beginMacro("Next round")
        for _ in range(len(self.engine.encounter.turn_order) + 1):
            if self.run(NextTurn()) is None or self.engine.round != start:
                break
        self.undo_stack.endMacro()

    def move_in_order(self, combatant: str, steps: int) -> CommandRecord | None:
        """R6: move ``combatant`` up (negative ``steps``) or down the turn order, as one
        undoable command. Combatants not in the order yet (no initiative rolled) get a
        manual order: the table's rows, with the move applied."""
        enc = self.engine.encounter
        rows = self.model.ids()
        if enc.state == "ended":
            self.show_refusal(self.tr("the scene has ended"))
            return None
        if combatant not in rows or not steps:
            return None
        index = rows.index(combatant)
        target = min(max(index + steps, 0), len(rows) - 1)
        if target == index:
            name = self.engine.view.by_id[combatant].name
            where = self.tr("first") if steps < 0 else self.tr("last")
            self.show_refusal(
                self.tr("%1 is already %2 in the order").replace("%1", name).replace("%2", where)
            )
            return None
        if len(enc.turn_order) == len(rows):
            record = self.run(MoveInOrder(combatant, target - index))
        else:
            record = self.run(SetOrder(tuple(moved_order(rows, combatant, target - index))))
        if record is not None:
            self._unsort()
            self.select(combatant)
        return record

    def move_selected(self, steps: int) -> CommandRecord | None:
        ids = self.selected_ids()
        if len(ids) != 1:
            self.show_refusal(self.tr("Select one combatant to move in the order (R6)"))
            return None
        return self.move_in_order(ids[0], steps)

    def _unsort(self) -> None:
        """Back to the turn order (a move is up or down the order, not a sorted column)."""
        if self.proxy.sortColumn() != -1:
            self.proxy.sort(-1)
            self.table.horizontalHeader().setSortIndicatorShown(False)

    def concede(
        self, combatant: str | None = None, side: str | None = None
    ) -> CommandRecord | None:
        return self.run(Concede(combatant, side))

    def award(
        self, combatant: str, points: int = 1, at_scene_end: bool = True, reason: str = ""
    ) -> CommandRecord | None:
        return self.run(AwardActionPoints(combatant, points, at_scene_end, reason))

    def fear_check(self, creatures: list[str], seed: int | None = None) -> CommandRecord | None:
        return self.run(FearCheck(tuple(creatures), seed=seed))

    def end_scene(self) -> CommandRecord | None:
        record = self.run(EndScene())
        if record is not None:
            QMessageBox.information(self, "The scene ends", self.awards_summary(record))
        return record

    @staticmethod
    def awards_summary(record: CommandRecord) -> str:
        """The end of the scene in words: awards (R7), fear memories (R8), what ended."""
        notes = record.outcome.data.get("notes")
        lines = [str(n) for n in notes] if isinstance(notes, list) else []
        awards = [n for n in lines if "action point" in n]
        rest = [n for n in lines if "action point" not in n]
        text = "Action points (R7):\n" + (
            "\n".join(f"  {a}" for a in awards) if awards else "  none"
        )
        if rest:
            text += "\n\nAlso:\n" + "\n".join(f"  {r}" for r in rest)
        return text

    # --- selection-based actions ---------------------------------------------------------------

    def selected_ids(self) -> list[str]:
        rows = self.table.selectionModel().selectedRows()
        ids = [str(index.data(CombatantIdRole)) for index in sorted(rows, key=QModelIndex.row)]
        if not ids:
            current = self.table.currentIndex()
            if current.isValid():
                ids = [str(current.data(CombatantIdRole))]
        return ids

    def select(self, combatant: str) -> None:
        row = self.model.row_of(combatant)
        if row is None:
            return
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        self.table.selectionModel().setCurrentIndex(
            index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )

    def _concede_selected(self) -> None:
        ids = self.selected_ids()
        if not ids:
            self.show_refusal("Select who concedes in the table")
            return
        if len(ids) == 1:
            self.concede(ids[0])
            return
        self.undo_stack.beginMacro("Concede")
        for cid in ids:
            self.concede(cid)
        self.undo_stack.endMacro()

    def _concede_side(self) -> None:
        ids = self.selected_ids()
        if not ids:
            self.show_refusal("Select someone of the side that concedes")
            return
        self.concede(side=self.engine.view.by_id[ids[0]].side)

    def _award_selected(self) -> None:
        ids = self.selected_ids()
        if not ids:
            self.show_refusal("Select who gets the action points")
            return
        name = self.engine.view.by_id[ids[0]].name
        dialog = AwardDialog(name, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        self.award(
            ids[0], dialog.points.value(), dialog.at_scene_end.isChecked(), dialog.reason.text()
        )

    def _fear_selected(self) -> None:
        ids = self.selected_ids()
        if not ids:
            self.show_refusal("Select the creatures that appear (R8)")
            return
        self.fear_check(ids)

    def _scene_chosen(self, index: int) -> None:
        scene, tactical = self.scene_combo.itemData(index)
        enc = self.engine.encounter
        if scene == enc.scene_type and (tactical is None or tactical == enc.tactical_type):
            return
        if self.run(SetScene(scene, tactical)) is None:
            self._show_scene()

    def _show_scene(self) -> None:
        enc = self.engine.encounter
        for index, (_, scene, tactical) in enumerate(SCENES):
            if scene == enc.scene_type and (tactical is None or tactical == enc.tactical_type):
                self.scene_combo.setCurrentIndex(index)
                return

    def _sort_by(self, column: int) -> None:
        header = self.table.horizontalHeader()
        if self.proxy.sortColumn() == column:
            if self.proxy.sortOrder() == Qt.SortOrder.AscendingOrder:
                self.proxy.sort(column, Qt.SortOrder.DescendingOrder)
            else:
                self.proxy.sort(-1)
                header.setSortIndicatorShown(False)
                return
        else:
            self.proxy.sort(column, Qt.SortOrder.AscendingOrder)
        header.setSortIndicatorShown(True)
        header.setSortIndicator(column, self.proxy.sortOrder())

    def _current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self.act_panel.set_target_hint(str(current.data(CombatantIdRole)))

    # --- updates -------------------------------------------------------------------------

    def _changed(self, rows: frozenset[str] | None) -> None:
        self.model.refresh(rows)
        self._update_status()
        if not self._log_pending:  # the log follows right after the frame
            self._log_pending = True
            QTimer.singleShot(0, self._refresh_log)
        if self.player_view is not None:
            self.player_view.schedule_update()
        self.act_panel.engine_changed()

    def _refresh_log(self) -> None:
        self._log_pending = False
        self.log_model.refresh()

    def _applied(self, record: CommandRecord) -> None:
        self.statusBar().showMessage(record.outcome.text, 8000)

    def show_refusal(self, reason: str) -> None:
        self.statusBar().showMessage(f"Not allowed: {reason}", 10000)

    def _update_status(self) -> None:
        enc = self.engine.encounter
        actor = self.engine.current()
        name = self.engine.view.by_id[actor].name if actor else None
        if enc.state == "setup":
            text = "Setting up"
        elif enc.state == "ended":
            text = "Scene over"
        elif enc.round == 0:
            text = "Ready: Next turn starts round 1"
        else:
            text = f"Round {enc.round}" + (f" \u2014 {name}'s turn" if name else "")
        self._round_text = text
        self.round_label.setText(text + self._over_text)
        self._update_actions()
        if not self._over_pending:  # R6 check walks every combatant: after the frame
            self._over_pending = True
            QTimer.singleShot(0, self._update_scene_over)

    def _update_scene_over(self) -> None:
        self._over_pending = False
        running = self.engine.encounter.state == "running"
        over = running and self.engine.scene_over()
        self._over_text = " \u2014 no active opposition (R6): the scene can end" if over else ""
        self.round_label.setText(self._round_text + self._over_text)

    def _stack_moved(self, _index: int) -> None:
        with contextlib.suppress(RuntimeError):  # the stack dies with the window
            self._update_actions()

    def _update_actions(self) -> None:
        enc = self.engine.encounter
        running = enc.state == "running"
        self.start_action.setEnabled(enc.state == "setup")
        tactical = enc.scene_type == "tactical"
        self.initiative_action.setEnabled(
            enc.state != "ended" and tactical and enc.tactical_type != "chase"
        )
        self.next_action.setEnabled(running and tactical)
        self.next_round_action.setEnabled(running and tactical)
        can_back = isinstance(self.controller.last_command(), NextTurn)
        self.previous_action.setEnabled(can_back)
        self.previous_action.setToolTip(
            "Undo the last Next turn (Ctrl+Left)"
            if can_back
            else "Previous turn undoes the last Next turn; the last command was something "
            "else: use Undo"
        )
        for action in (
            self.concede_action,
            self.concede_side_action,
            self.fear_action,
            self.end_scene_action,
        ):
            action.setEnabled(running)
        self.award_action.setEnabled(enc.state != "ended")
        self.move_up_action.setEnabled(enc.state != "ended")
        self.move_down_action.setEnabled(enc.state != "ended")
        self.save_action.setEnabled(self.encounter_path is not None)
        self.setWindowModified(not self.undo_stack.isClean())

    # --- the player view -----------------------------------------------------------------

    def toggle_player_view(self, on: bool, *, full_screen: bool = True) -> None:
        if on:
            if self.player_view is None:
                self.player_view = PlayerView(self.engine)
                self.player_view.destroyed.connect(lambda: setattr(self, "player_view", None))
            self.player_view.update_now()
            self.player_view.show_on(None, full_screen=full_screen)
        elif self.player_view is not None:
            self.player_view.close()
            self.player_view.deleteLater()
            self.player_view = None
        if self.player_view_action.isChecked() != on:
            self.player_view_action.setChecked(on)

    # --- saving --------------------------------------------------------------------------

    def save(self) -> bool:
        """Save the encounter and the character files commands changed (R7 points, fear
        memories, sheet conditions)."""
        if self.encounter_path is None:
            return False
        self._encounter_stamp = save_document(
            self.engine.encounter,
            self.encounter_path,
            opened=self._encounter_stamp,
            overwrite=self._encounter_stamp is None,
        )
        if self.campaign is not None:
            for file in sorted(self.controller.touched):
                loaded = self.campaign.characters.get(file)
                if loaded is None:
                    continue
                stamp = save_document(loaded.document, loaded.path, opened=loaded.stamp)
                self.campaign.characters[file] = type(loaded)(
                    loaded.document, loaded.path, stamp, loaded.migrated_from
                )
        self.controller.touched.clear()
        self.undo_stack.setClean()
        self.statusBar().showMessage(f"Saved {self.encounter_path.name}", 5000)
        self.saved.emit()
        return True

    def mark_clean(self) -> None:
        self.undo_stack.setClean()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.undo_stack.isClean():
            answer = QMessageBox.question(
                self,
                self.tr("Unsaved encounter"),
                self.tr("Save the encounter before closing?"),
                QMessageBox.StandardButton.Save
                | QMessageBox.StandardButton.Discard
                | QMessageBox.StandardButton.Cancel,
            )
            if answer == QMessageBox.StandardButton.Cancel:
                event.ignore()
                return
            if answer == QMessageBox.StandardButton.Save and not self.save():
                event.ignore()
                return
        if self.player_view is not None:
            self.player_view.close()
            self.player_view.deleteLater()
            self.player_view = None
        super().closeEvent(event)


def engine_for(campaign: CampaignFolder, encounter: Encounter, *, freeze: bool = True) -> Engine:
    """An engine over ``encounter`` and the campaign's characters and house rules.

    ``gc.freeze()`` afterwards: the loaded documents never become garbage during the
    evening, and a full collection walking them would stall a turn (100+ ms at 500)."""
    characters = {path: loaded.document for path, loaded in campaign.characters.items()}
    rules = campaign.campaign.document.house_rules if campaign.campaign is not None else None
    engine = Engine(encounter, characters, rules)
    if freeze:
        gc.collect()
        gc.freeze()
    return engine
