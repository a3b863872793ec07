"""The dice panel (issue 4): set up any roll, watch its exact odds, roll it, spend points
after the roll, and keep the session's rolls with their seeds.

The panel holds no game state beyond what it shows: the character's points come in through
:meth:`DicePanel.set_character_points` and every spend goes out through ``pointsSpent``
(+1 when spent, -1 when an undo gives it back), for the main window to apply to the
character as its own undoable change.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QKeyEvent, QKeySequence, QResizeEvent, QShortcut, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLayout,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sheets.dice import CheckDefaults, DieCode, RollResult, RollSpec, roll_seeded
from sheets.dice.spends import replay
from sheets.odds import mean, rank_chances
from sheets.points import PointKind
from ui.dice import words
from ui.dice.dice_view import DiceView
from ui.dice.histogram import Histogram, percent
from ui.dice.history import HistoryEntry, RollHistoryModel
from ui.dice.keep_in_view import KeepInView
from ui.dice.odds_worker import OddsResult, OddsWorker
from ui.dice.rank_chances import RankChances
from ui.dice.spec_form import SpecForm
from ui.dice.spends import SPEND_ID, SpendCommand, SpendKind
from ui.dice.warning_label import WarningLabel
from ui.layouts import FitScrollArea, FlowLayout
from ui.text import tooltip

HISTORY_ROWS_MEASURED = 12  # history rows whose width sizes its columns


class DicePanel(QWidget):
    """Form, odds, roll button, dice, spends and history, ready to dock."""

    rolled = Signal(object)  # RollResult: a new roll (Roll button, Ctrl+R, Return)
    resultChanged = Signal(object)  # RollResult | None: the roll on show changed
    pointsSpent = Signal(str, int)  # PointKind (sheets.points); +1 spent, -1 taken back
    nextRequested = Signal()  # the offered next roll (a weapon's damage) was asked for

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        undo_stack: QUndoStack | None = None,
        odds_worker: OddsWorker | None = None,
        defaults: CheckDefaults | None = None,
    ) -> None:
        """``defaults``: the campaign's way of rolling (``set_defaults``), in place before
        the first odds are asked for (else those of the form's first roll, computed for
        nothing: issue 17)."""
        super().__init__(parent)
        self.setObjectName("DicePanel")
        self.setAccessibleName(self.tr("Dice"))
        self._undo = undo_stack if undo_stack is not None else QUndoStack(self)
        self._worker = odds_worker if odds_worker is not None else OddsWorker(self)
        self._worker.setParent(self)
        self._current: RollResult | None = None
        self._current_against: int | None = None
        self._is_replay = False
        self._odds: OddsResult | None = None
        self._points: dict[PointKind, int | None] = {
            "character_point": None,
            "action_point": None,
            "fate_point": None,
        }
        self.history = RollHistoryModel(self)
        self._build()
        if defaults is not None:
            self.form.set_defaults(defaults)
        self._connect()
        self._spec_changed(self.form.spec())
        self._update_actions()

    # --- construction ----------------------------------------------------------------------

    def _build(self) -> None:
        self.form = SpecForm()
        setup = _group(self.tr("Roll"), self.form)

        self.histogram = Histogram()
        self.odds_label = QLabel()
        self.odds_label.setWordWrap(True)
        self.odds_label.setTextFormat(Qt.TextFormat.PlainText)
        self.odds_label.setAccessibleName(self.tr("Odds"))
        self.rank_chances = RankChances()
        self.rank_chances.setAccessibleName(self.tr("Chance of each rank"))
        ranks_tip = self.tr(
            "R4: result points = total minus the difficulty; ranks 1-5 points -> 1, "
            "6-10 -> 2, ... 26+ -> 6; 0 or less: no rank."
        )
        self.odds_label.setToolTip(ranks_tip)
        self.rank_chances.setToolTip(ranks_tip)
        odds = _group(self.tr("Exact odds"), self.histogram, self.odds_label, self.rank_chances)

        self.roll_button = QPushButton(self.tr("Roll"))
        self.roll_button.setDefault(True)
        self.roll_button.setToolTip(self.tr("Roll the dice (Ctrl+R, or Return in the form)"))
        self.roll_button.setAccessibleDescription(self.roll_button.toolTip())
        font = QFont(self.roll_button.font())
        font.setBold(True)
        self.roll_button.setFont(font)
        self.roll_button.setMinimumHeight(self.roll_button.sizeHint().height() * 5 // 4)
        self.points_label = QLabel()
        self.points_label.setAccessibleName(self.tr("Character's points"))
        # After a weapon's attack, its damage is one click away (issue 15).
        self.next_button = QPushButton()
        self.next_button.setObjectName("NextRoll")
        self.next_button.setMinimumHeight(self.roll_button.minimumHeight())
        self.next_button.hide()
        roll_row = QHBoxLayout()
        roll_row.addWidget(self.roll_button, 1)
        roll_row.addWidget(self.next_button, 1)
        roll_row.addWidget(self.points_label)

        self.total_label = QLabel()
        big = QFont(self.font())
        big.setPointSizeF(big.pointSizeF() * 1.6)
        big.setBold(True)
        self.total_label.setFont(big)
        self.total_label.setAccessibleName(self.tr("Total"))
        self.total_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.outcome_label = QLabel()
        self.outcome_label.setWordWrap(True)
        self.outcome_label.setAccessibleName(self.tr("Result points and rank"))
        self.outcome_label.setToolTip(
            self.tr(
                "R4: result points = total minus what it was rolled against; the rank "
                "gives the severity and how long an effect lasts."
            )
        )
        self.critical_label = WarningLabel()
        self.critical_label.text.setAccessibleName(self.tr("Critical failure"))
        self.critical_label.setToolTip(
            self.tr("R3 step 3: a 1 on the Wild Die; the campaign's rule says what it does")
        )
        self.seed_label = QLabel()
        self.seed_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.seed_label.setAccessibleName(self.tr("Seed"))
        self.dice_view = DiceView()
        self.cp_button = QPushButton(self.tr("Character Point +1D"))
        self.cp_button.setToolTip(
            self.tr("R3/R7 (OpenD6): spend a Character Point after the roll for one more die.")
        )
        self.ap_dice_button = QPushButton(self.tr("Action point +2D"))
        self.ap_dice_button.setToolTip(
            self.tr("R7 (FreeD6): spend an action point after the roll for 2 more dice.")
        )
        self.ap_reroll_button = QPushButton(self.tr("Action point reroll"))
        self.ap_reroll_button.setToolTip(
            self.tr(
                "R7 (FreeD6): spend an action point to reroll the whole check and keep "
                "the better total; both rolls stay in the log."
            )
        )
        self.undo_button = QPushButton(self.tr("Undo spend"))
        self.undo_button.setToolTip(self.tr("Take the last spend back and refund its point."))
        spends = FlowLayout()  # wraps in a narrow dock instead of cutting a button off
        for button in (self.cp_button, self.ap_dice_button, self.ap_reroll_button):
            button.setAccessibleDescription(button.toolTip())
            spends.addWidget(button)
        spends.addWidget(self.undo_button)
        headline = QHBoxLayout()
        headline.addWidget(self.total_label)
        headline.addWidget(self.outcome_label, 1)
        self.result_box = result = _group(
            self.tr("Result"),
            headline,
            self.critical_label,
            self.dice_view,
            self.seed_label,
            spends,
        )

        self.history_view = QTableView()
        self.history_view.setModel(self.history)
        self.history_view.setAccessibleName(self.tr("Roll history"))
        self.history_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.history_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.history_view.setAlternatingRowColors(True)
        self.history_view.setWordWrap(False)
        self.history_view.verticalHeader().hide()
        header = self.history_view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(RollHistoryModel.ROLL, QHeaderView.ResizeMode.Stretch)
        header.setResizeContentsPrecision(HISTORY_ROWS_MEASURED)  # the newest, on top
        self.replay_button = QPushButton(self.tr("Replay"))
        self.replay_button.setToolTip(
            self.tr(
                "Roll the selected roll again from its seed, spends included: the same "
                "dice come up (R3: every roll keeps its seed)."
            )
        )
        self.clear_button = QPushButton(self.tr("Clear"))
        self.clear_button.setToolTip(self.tr("Forget this session's rolls."))
        history_buttons = QHBoxLayout()
        history_buttons.addStretch(1)
        history_buttons.addWidget(self.replay_button)
        history_buttons.addWidget(self.clear_button)
        history = _group(self.tr("History"), self.history_view, history_buttons)

        content = QWidget()
        column = QVBoxLayout(content)
        column.addWidget(setup)
        column.addWidget(odds)
        column.addWidget(result)
        column.addStretch(1)
        # Asks for its content's width (a dock sized from the hint shows it whole) and never
        # gets so short that the form's controls need scrolling (in two columns; folded
        # into one on a small screen, as many rows as that); the rest scrolls, sideways too
        # if a small screen leaves the dock narrower than the form in one column.
        self._setup_box, self._content_column = setup, column
        self._form_height = setup.sizeHint().height() + column.contentsMargins().top()
        self.scroll_area = FitScrollArea(content, self._keep_height, sideways=True)
        self.scroll_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to its controls
        self.keep_result = KeepInView(self.scroll_area, self.result_box, self)
        # The Roll button stays in view below the scrolling part, however short the dock.
        top = QWidget()
        top_column = QVBoxLayout(top)
        top_column.setContentsMargins(0, 0, 0, 0)
        top_column.addWidget(self.scroll_area, 1)
        margins = column.contentsMargins()
        roll_row.setContentsMargins(margins.left(), 0, margins.right(), 0)
        top_column.addLayout(roll_row)
        self._top_pane, self._history_box = top, history
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(top)
        self.splitter.addWidget(history)
        self.splitter.setStretchFactor(0, 1)  # a taller dock grows the roll, not the log
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setChildrenCollapsible(False)
        self._balanced = False  # the first real size splits it by _balance_splitter
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)

        self.roll_shortcut = QShortcut(QKeySequence(self.tr("Ctrl+R")), self)
        self.roll_shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)

    def _connect(self) -> None:
        self.form.specChanged.connect(self._spec_changed)
        self.form.columnsChanged.connect(lambda _columns: self._rebalance())
        self.form.specInvalid.connect(self._spec_invalid)
        self.form.difficultyChanged.connect(self._difficulty_changed)
        self._worker.ready.connect(self._odds_ready)
        self._worker.busyChanged.connect(self._odds_busy)
        self.roll_button.clicked.connect(lambda: self.roll())
        self.next_button.clicked.connect(self.nextRequested)
        self.roll_shortcut.activated.connect(lambda: self.roll())
        self.cp_button.clicked.connect(lambda: self.spend("character_point"))
        self.ap_dice_button.clicked.connect(lambda: self.spend("action_point_dice"))
        self.ap_reroll_button.clicked.connect(lambda: self.spend("action_point_reroll"))
        self.undo_button.clicked.connect(self._undo.undo)
        self._undo.indexChanged.connect(self._update_actions)
        self.replay_button.clicked.connect(self.replay_selected)
        self.clear_button.clicked.connect(self.clear_history)
        self.history_view.activated.connect(lambda index: self.replay_row(index.row()))
        selection = self.history_view.selectionModel()
        selection.selectionChanged.connect(self._selection_changed)
        self.history.modelReset.connect(self._update_actions)

    # --- public API --------------------------------------------------------------------------

    def spec(self) -> RollSpec | None:
        """The roll the form describes, or None while it is invalid."""
        return self.form.spec()

    def set_spec(self, spec: RollSpec) -> None:
        self.form.set_spec(spec)

    def follow_code(self, old: DieCode, new: DieCode) -> bool:
        """The sheet's code for the loaded roll changed from ``old`` to ``new``: show it,
        unless the player typed a code of their own since (theirs stays). True if shown."""
        spec = self.form.spec()
        if spec is None or spec.code != old:
            return False
        self.form.set_code(new)
        return True

    def offer_next(self, text: str | None, tip: str = "") -> None:
        """Show ``text`` on a button beside Roll (``nextRequested`` when clicked), or hide
        it (None): the roll that follows this one, e.g. the weapon's damage."""
        self.next_button.setVisible(text is not None)
        self.next_button.setText(text or "")
        self.next_button.setToolTip(tooltip(tip))  # it names the character: text, not HTML
        self.next_button.setAccessibleDescription(tip)

    def set_defaults(self, defaults: CheckDefaults) -> None:
        """The campaign's way of rolling (R3 settings, its game's success counting); they
        apply now."""
        self.form.set_defaults(defaults)

    def set_effect_roll(self, on: bool) -> None:
        """The next rolls are a damage roll (R4 effect roll): shown as damage to compare
        with the target's resistance, never as a standing check with ranks."""
        self.form.set_effect_roll(on)
        self.histogram.set_effect_roll(on)
        self._update_odds_text()

    def set_difficulty(self, difficulty: int | None) -> None:
        self.form.set_difficulty(difficulty)

    def set_character_points(
        self,
        character_points: int | None,
        action_points: int | None,
        fate_points: int | None = None,
    ) -> None:
        """The rolling character's points (R7); None: not tracked (any spend is allowed)."""
        points: dict[PointKind, int | None] = {
            "character_point": character_points,
            "action_point": action_points,
            "fate_point": fate_points,
        }
        if points == self._points:
            return  # the same: nothing to lay out again (the tracker asks every turn)
        self._points = points
        self._update_points()

    def undo_stack(self) -> QUndoStack:
        return self._undo

    def odds_worker(self) -> OddsWorker:
        return self._worker

    def odds(self) -> OddsResult | None:
        """The latest odds answer for the form's roll (None while invalid or computing)."""
        return self._odds

    def current_result(self) -> RollResult | None:
        return self._current

    def roll(self, seed: int | None = None) -> RollResult | None:
        """Roll the form's spec (R3), show it and log it; None while the form is invalid."""
        spec = self.form.spec()
        if spec is None:
            return None
        if spec.luck and self._points["fate_point"] == 0:
            self.form.luck_check.setChecked(False)  # no Fate Point left to spend (R7)
            spec = self.form.spec()
            if spec is None:
                return None
        result = roll_seeded(spec, seed)
        against = self.form.difficulty()
        # A spend belongs to the roll it was made on: a new roll makes the last one final,
        # and "Undo spend" never rewrites a finished roll (OpenD6 "Improving Rolls").
        self._undo.clear()
        from datetime import datetime  # with the first roll, not the panel (cold start)

        self._add_to_history(HistoryEntry(datetime.now(), result, against))
        if spec.luck:
            # Used, it is gone (R7): the count drops, the box clears; the sheet's undo
            # gives it back.
            self._spend_fate_point()
        self._show(result, against, replayed=False)
        self.rolled.emit(result)
        return result

    def _spend_fate_point(self) -> None:
        known = self._points["fate_point"]
        if known is not None:
            self._points["fate_point"] = known - 1
        self.form.luck_check.setChecked(False)
        self._update_points()
        self.pointsSpent.emit("fate_point", 1)

    def show_recorded(self, total: int, against: int | None) -> None:
        """The check was recorded against ``against`` (an opposing roll, a difficulty):
        the result shows what was recorded, not the roll as a standing check (issue 16)."""
        if self._current is None:
            return
        self._current_against = against
        self.outcome_label.setText(words.outcome_text(total, against))

    def clear_result(self) -> None:
        """No roll on show (the turn passed): a stale result is never read as this one."""
        if self._current is None:
            return  # nothing shown: no relayout on every turn of a long fight
        self._current = None
        self._current_against = None
        self._is_replay = False
        self.keep_result.stop()
        self._undo.clear()
        self.dice_view.set_result(None)
        self.total_label.clear()
        self.outcome_label.clear()
        self.critical_label.set_text(None)
        self.seed_label.clear()
        self._update_actions()
        self.resultChanged.emit(None)

    def spend(self, kind: SpendKind) -> RollResult | None:
        """Spend a point on the roll on show (R3, R7): an undoable command."""
        if self._current is None or self._is_replay or not self._can_spend(kind):
            return None
        command = SpendCommand(self, self.swap_result, kind, self._current)
        self._undo.push(command)  # push() calls redo(): the swap happens now
        return command.after

    def swap_result(self, old: RollResult, new: RollResult, point: PointKind, count: int) -> None:
        """Replace ``old`` by ``new`` in the history (and on show); report the point."""
        row = self.history.row_of(old)
        if row is not None:
            entry = self.history.entry(row)
            self.history.replace(row, HistoryEntry(entry.time, new, entry.against, entry.replayed))
        if self._current is old:
            self._show(new, self._current_against, replayed=False)
        known = self._points[point]
        if known is not None:
            self._points[point] = known - count
            self._update_points()
        self.pointsSpent.emit(point, count)

    def replay_selected(self) -> RollResult | None:
        rows = self.history_view.selectionModel().selectedRows()
        return self.replay_row(rows[0].row()) if rows else None

    def replay_row(self, row: int) -> RollResult | None:
        """Roll history row ``row`` again from its seed: the same dice, spends included."""
        if not 0 <= row < self.history.rowCount():
            return None
        entry = self.history.entry(row)
        result = replay(entry.result)
        self._undo.clear()  # the roll on show is final now
        self.form.set_spec(result.spec)
        self.form.set_difficulty(entry.against)
        from datetime import datetime

        self._add_to_history(HistoryEntry(datetime.now(), result, entry.against, replayed=True))
        self._show(result, entry.against, replayed=True)
        return result

    def _add_to_history(self, entry: HistoryEntry) -> None:
        self.history.add(entry)
        # Sized to the new row now: a header left to itself kept the empty table's widths
        # in the main window's dock ("08…", "14…", a walkthrough saw).
        self.history_view.horizontalHeader().resizeSections()

    def clear_history(self) -> None:
        self.history.clear()

    # --- showing -------------------------------------------------------------------------------

    def _show(self, result: RollResult, against: int | None, *, replayed: bool) -> None:
        self._current = result
        self._current_against = against
        self._is_replay = replayed
        self.dice_view.set_result(result)
        self.total_label.setText(words.total_text(result.total, result.spec.count_successes))
        effect = self.form.effect_roll and against is None
        self.outcome_label.setText(
            words.effect_text() if effect else words.outcome_text(result.total, against)
        )
        self.critical_label.set_text(
            self.tr("Critical failure on the Wild Die: tell the Game Master.")
            if result.critical_failure
            else None
        )
        seed = self.tr("Seed %1").replace("%1", str(result.seed))
        if replayed:
            seed += self.tr(" (replayed: spends are off)")
        self.seed_label.setText(seed)
        self._update_actions()
        self.keep_result.follow()  # below the fold in a short dock, pushed by the odds
        self.resultChanged.emit(result)

    def _keep_height(self) -> int:
        """The scrolling part's least height: the whole form when it is in two columns."""
        if self.form.columns() == 2:
            top = self._content_column.contentsMargins().top()
            self._form_height = self._setup_box.sizeHint().height() + top
        return self._form_height

    def _balance_splitter(self) -> None:
        """Roll first, history second: the history pane gets its preferred height only if
        the roll part still gets its own, else down to its minimum (it scrolls)."""
        total = sum(self.splitter.sizes())
        if total <= 0:
            return
        self._balanced = True
        top, history = self._top_pane, self._history_box
        area = self.scroll_area
        wanted = area.content_height() + top.height() - area.height()  # + the roll row
        spare = total - wanted
        low, high = history.minimumSizeHint().height(), history.sizeHint().height()
        keep = min(max(spare, low), high)
        self.splitter.setSizes([total - keep, keep])

    def _rebalance(self) -> None:
        if self._balanced:  # the form folded or unfolded: the roll part's needs changed
            QTimer.singleShot(0, self, self._balance_splitter)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if not self._balanced and event.size().height() > 0:
            QTimer.singleShot(0, self, self._first_balance)

    def _first_balance(self) -> None:
        if not self._balanced:  # the splitter has its size now
            self._balance_splitter()

    def _spec_changed(self, spec: RollSpec | None) -> None:
        self._odds = None
        self.keep_result.stop()  # a new roll is being set up: the form is in front
        self._worker.request(spec)
        self._update_actions()

    def _spec_invalid(self, reason: str) -> None:
        self._odds = None
        self._worker.request(None)
        self.histogram.set_odds(None)
        self.histogram.set_message(self.tr("No odds: %1").replace("%1", reason))
        self.odds_label.setText("")
        self.rank_chances.set_cells(())
        self._update_actions()

    def _difficulty_changed(self, difficulty: int | None) -> None:
        self.histogram.set_difficulty(difficulty)
        self._update_odds_text()

    def _odds_ready(self, result: OddsResult) -> None:
        self._odds = result
        spec = result.spec
        if result.odds is None:
            self.histogram.set_odds(None)
            self.histogram.set_message(result.error)
        else:
            self.histogram.set_odds(
                result.odds, self.form.difficulty(), count_successes=spec.count_successes
            )
        self._update_odds_text()

    def _odds_busy(self, busy: bool) -> None:
        if busy and self.form.spec() is not None:
            self.histogram.set_message(self.tr("Computing exact odds…"), stale=True)

    def _update_odds_text(self) -> None:
        if self._odds is None or self._odds.odds is None:
            self.odds_label.setText("")
            self.rank_chances.set_cells(())
            return
        odds = self._odds.odds
        against = self.form.difficulty()
        line = self.tr("Mean %1, totals %2 to %3").replace("%1", f"{mean(odds):.1f}")
        line = line.replace("%2", str(min(odds))).replace("%3", str(max(odds)))
        if self.form.effect_roll and against is None:  # R4: damage has no ranks
            self.odds_label.setText(line)
            self.rank_chances.set_cells(())
            return
        ranks = rank_chances(odds, against or 0)
        cells = tuple(
            (words.rank_label(k), percent(p)) for k, p in ranks.items() if p > 0 or k == 0
        )
        chance = self.histogram.chance()
        if chance is not None:
            line += " · " + self.tr("success %1").replace("%1", percent(chance))
        self.odds_label.setText(line)
        self.rank_chances.set_cells(cells)

    def _update_points(self) -> None:
        cp, ap = self._points["character_point"], self._points["action_point"]
        fp = self._points["fate_point"]
        if cp is None and ap is None and fp is None:
            self.points_label.setText("")
        else:
            text = self.tr("CP %1 · AP %2").replace("%1", "–" if cp is None else str(cp))
            text = text.replace("%2", "–" if ap is None else str(ap))
            if fp is not None:
                text += self.tr(" · FP %1").replace("%1", str(fp))
            self.points_label.setText(text)
        # R7: a Fate Point doubles the dice before the roll; none left, none to tick.
        luck = self.form.luck_check
        luck.setEnabled(fp is None or fp > 0)
        if fp == 0 and luck.isChecked():
            luck.setChecked(False)
        self._update_actions()

    def _can_spend(self, kind: SpendKind) -> bool:
        points = self._points["character_point" if kind == "character_point" else "action_point"]
        return points is None or points > 0

    def _update_actions(self) -> None:
        valid = self.form.spec() is not None
        self.roll_button.setEnabled(valid)
        self.roll_shortcut.setEnabled(valid)
        spendable = self._current is not None and not self._is_replay
        self.cp_button.setEnabled(spendable and self._can_spend("character_point"))
        self.ap_dice_button.setEnabled(spendable and self._can_spend("action_point_dice"))
        self.ap_reroll_button.setEnabled(spendable and self._can_spend("action_point_reroll"))
        top = self._undo.command(self._undo.index() - 1) if self._undo.canUndo() else None
        self.undo_button.setEnabled(top is not None and top.id() == SPEND_ID)
        self._selection_changed()

    def _selection_changed(self, *_: QItemSelection) -> None:
        self.replay_button.setEnabled(self.history_view.selectionModel().hasSelection())
        self.clear_button.setEnabled(self.history.rowCount() > 0)

    # --- keyboard ------------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Return in the form rolls (a spin box or line edit passes Return up to us)."""
        focus = self.focusWidget()
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and (
            focus is not None and self.form.isAncestorOf(focus)
        ):
            self.roll()
            event.accept()
            return
        super().keyPressEvent(event)


def _group(title: str, *items: QWidget | QLayout) -> QGroupBox:
    box = QGroupBox(title)
    layout = QVBoxLayout(box)
    for item in items:
        if isinstance(item, QWidget):
            layout.addWidget(item)
        else:
            layout.addLayout(item)
    return box
