"""Acting: pick an actor and a skill (a quick pick from the actor's sheet), a target and
what resists; the dice panel opens pre-loaded with the engine's proposed roll (R2 fallback,
R4/R5/R8 modifiers, R6 help, R9 scale, each shown where it comes from); record the roll as
the check; then spend its ranks from the R4 effect menu -- an effect roll lands damage on
the target (R5), other effects become conditions.

The panel joins the parts in ``ui.tracker.act`` (the check form, the dice panel, the result
and ranks) and runs the flow: it keeps which check is recorded, sends the commands through
the tracker's controller and follows the turn. It asks the engine for everything
(``proposed_spec``, ``effect_menu``, ``ranks_left``); it decides no rule.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QGroupBox,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from sheets.dice import RollResult, RollSpec
from sheets.encounter import Check, Damage, SpendPoint, SpendRanks
from sheets.points import PointKind
from ui.dice import DicePanel
from ui.text import tooltip
from ui.tracker.act.check_form import CheckForm, Pick
from ui.tracker.act.damage_line import DamageLine
from ui.tracker.act.effect_menu import EffectMenu
from ui.tracker.commands import EncounterController

SCROLLED_PANE_LINES: Final = 5  # the least the check and the effect menu show


class ActPanel(QWidget):
    """The act flow beside the initiative table."""

    def __init__(self, controller: EncounterController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ActPanel")
        self.controller = controller
        self.engine = controller.engine
        self.check_id: str | None = None
        self.check_target: str | None = None
        self.check_actor: str | None = None
        self._sync_pending = False
        self._build()
        self.form.rebuild_people()
        self._sync_to_turn()

    # --- construction ----------------------------------------------------------------------

    def _build(self) -> None:
        self.form = CheckForm(self.engine)
        self.fallback_label = self.form.fallback_label
        self.resist_label = self.form.resist_label
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.form)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

        self.dice_panel = DicePanel()  # its spends stack lives (and dies) with it
        rules = self.engine.view.rules
        self.dice_panel.set_defaults(rules.wild_dice, rules.critical_failure)

        self.record_button = QPushButton("Record the check")
        self.record_button.setObjectName("RecordCheck")
        self.record_button.setToolTip(
            "Send the roll on show to the encounter as this check (R4: its ranks are then "
            "spent from the effect menu)"
        )
        self.record_button.setEnabled(False)
        self.result_label = QLabel()
        self.result_label.setTextFormat(Qt.TextFormat.PlainText)  # names in the outcome
        self.result_label.setObjectName("CheckResult")
        self.result_label.setWordWrap(True)
        self.damage_label = DamageLine()
        self.effect_menu = EffectMenu(self.engine, self.fontMetrics().height())
        self.spend_button = self.effect_menu.spend_button
        self.weapon_combo = self.effect_menu.weapon_combo
        ranks_box = QGroupBox("Result and ranks")
        ranks_box.setToolTip("R4: result points buy ranks; spend them on the effect menu")
        effects_column = QVBoxLayout(ranks_box)
        effects_column.addWidget(self.record_button)
        effects_column.addWidget(self.result_label)
        effects_column.addWidget(self.damage_label)
        effects_column.addWidget(self.effect_menu, 1)

        # Scrolled, like the check form: a short window scrolls the menu and its form
        # instead of squashing their rows into each other.
        effects_scroll = QScrollArea()
        effects_scroll.setWidgetResizable(True)
        effects_scroll.setWidget(ranks_box)
        effects_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

        # The check and the effect menu scroll; each keeps a few lines in view (from the
        # font, not a pixel count), so the three fit a laptop's act dock (a 768 px tall
        # tracker) with the dice panel's own minimum whole. How the height is shared:
        # ``_balance_splitter``, until the GM drags a handle.
        for pane in (scroll, effects_scroll):
            pane.setMinimumHeight(SCROLLED_PANE_LINES * self.fontMetrics().lineSpacing())
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(scroll)
        splitter.addWidget(self.dice_panel)
        splitter.addWidget(effects_scroll)
        splitter.setChildrenCollapsible(False)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setStretchFactor(2, 0)
        splitter.splitterMoved.connect(self._splitter_moved)
        self.splitter = splitter
        self.check_scroll = scroll
        self.effects_scroll = effects_scroll
        self._sized_by_hand = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)

        self.form.actorChanged.connect(self.effect_menu.list_weapons)
        self.form.actorChanged.connect(lambda _actor: self._show_points())
        self.dice_panel.pointsSpent.connect(self._points_spent)
        self.form.targetChanged.connect(self._refresh_conditions)
        self.form.rollProposed.connect(self._load_roll)
        self.dice_panel.resultChanged.connect(self._result_changed)
        self.record_button.clicked.connect(self.record_check)
        self.spend_button.clicked.connect(self.spend_selected)
        # The Against fields last: the panes' first balance uses the form's size hint as
        # first laid out (every field shown), the split the dock has always opened with.
        self.form.against_changed()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if not self._sized_by_hand:
            self._balance_splitter()

    def _splitter_moved(self, _pos: int, _index: int) -> None:
        self._sized_by_hand = True  # the GM's split stays, whatever the dock's height

    def _balance_splitter(self) -> None:
        """Share the panel's height: the dice panel its minimum first (its form whole, the
        roll button in view), then the check and the effect menu up to their preferred
        heights (in proportion), then whatever is left to the dice panel."""
        splitter = self.splitter
        total = splitter.height() - (splitter.count() - 1) * splitter.handleWidth()
        if total <= 0:
            return
        panes = (self.check_scroll, self.effects_scroll)
        lows = [pane.minimumHeight() for pane in panes]
        highs = [max(low, _whole_height(pane)) for low, pane in zip(lows, panes, strict=True)]
        dice = self.dice_panel.minimumSizeHint().height()
        room = max(total - dice, sum(lows))
        if room >= sum(highs):
            sides = highs
        else:  # between the minimums and the preferred heights, in proportion
            share = (room - sum(lows)) / max(1, sum(highs) - sum(lows))
            sides = [
                low + round((high - low) * share) for low, high in zip(lows, highs, strict=True)
            ]
        splitter.setSizes([sides[0], total - sum(sides), sides[1]])

    # --- the check form ----------------------------------------------------------------------

    def actor(self) -> str | None:
        return self.form.actor()

    def set_actor(self, combatant: str, *, follow_turn: bool | None = None) -> None:
        self.form.set_actor(combatant, follow_turn=follow_turn)

    def set_target(self, combatant: str | None) -> None:
        self.form.set_target(combatant)

    def set_target_hint(self, combatant: str) -> None:
        """The table's current row: a target for whoever acts (never the actor itself)."""
        if combatant != self.form.actor() and self.check_id is None:
            self.form.set_target(combatant)

    def set_skill(
        self,
        skill: str | None = None,
        specialization: str | None = None,
        ability: str | None = None,
    ) -> bool:
        return self.form.set_skill(skill, specialization, ability)

    def set_against(self, mode: str, *, difficulty: int = 10, resist: Pick | None = None) -> None:
        self.form.set_against(mode, difficulty=difficulty, resist=resist)

    def set_action(self, kind: str | None) -> None:
        self.form.set_action(kind)

    def set_purpose(self, purpose: str) -> None:
        self.form.set_purpose(purpose)

    def _load_roll(self, spec: RollSpec, difficulty: int | None) -> None:
        """The proposed roll into the dice panel, ready to roll."""
        self.dice_panel.set_spec(spec)
        self.dice_panel.set_difficulty(difficulty)

    def _show_points(self) -> None:
        """The actor's action points, Character Points and Fate Points (R7), from the
        sheet: the dice panel offers only the spends they allow."""
        actor = self.form.actor()
        if actor is None or actor not in self.engine.view.by_id:
            self.dice_panel.set_character_points(None, None, None)
            return
        sheet = self.engine.view.sheet_of(actor)
        self.dice_panel.set_character_points(
            sheet.character_points, sheet.action_points, sheet.fate_points
        )

    def _points_spent(self, kind: PointKind, count: int) -> None:
        """A spend in the dice panel (or its undo) comes off (or back onto) the actor's
        sheet, as one step of the tracker's undo (issue 16: they were never counted)."""
        actor = self.form.actor()
        if actor is None:
            return
        what = {"character_point": "+1D", "fate_point": "doubled dice"}.get(kind, "")
        self.controller.run(SpendPoint(actor, kind, count, what))
        self._show_points()

    def _result_changed(self, result: RollResult | None) -> None:
        self.record_button.setEnabled(result is not None and self.form.actor() is not None)

    # --- recording the check ---------------------------------------------------------------

    def build_check(self) -> Check | None:
        return self.form.build_check(self.dice_panel.current_result())

    def record_check(self) -> str | None:
        """The roll on show becomes the check (R4); returns the check's id."""
        command = self.build_check()
        if command is None:
            return None
        record = self.controller.run(command)
        if record is None:
            return None
        outcome = record.outcome
        self.check_id = outcome.check_id
        self.check_actor = command.actor
        self.check_target = command.target
        self.result_label.setText(outcome.text)
        total, against = outcome.data.get("total"), outcome.data.get("against")
        if isinstance(total, int):  # one truth: the panel shows what was recorded
            self.dice_panel.show_recorded(total, against if isinstance(against, int) else None)
        self.record_button.setEnabled(False)
        self.refresh_menu()
        return self.check_id

    # --- spending its ranks (R4) -------------------------------------------------------------

    def refresh_menu(self) -> None:
        left = self.effect_menu.refresh(self.check_id)
        if left is not None:
            self.result_label.setToolTip(
                tooltip(f"{left} rank(s) left to spend on {self.check_id} (R4)")
            )

    def pick_effect(self, key: str) -> bool:
        return self.effect_menu.pick(key)

    def _refresh_conditions(self) -> None:
        self.effect_menu.list_conditions(self.check_target or self.form.target())

    def spend_selected(self) -> bool:
        """Spend ranks on the effect picked in the menu (R4)."""
        key = self.effect_menu.picked()
        if key is None or self.check_id is None or self.check_actor is None:
            self.controller.refused.emit("pick an effect from the menu first")
            return False
        command: Damage | SpendRanks
        if key == "effect_roll":
            if self.check_target is None:
                self.controller.refused.emit("an effect roll needs a target (R4)")
                return False
            command = self.effect_menu.effect_roll(
                self.check_id, self.check_actor, self.check_target
            )
        else:
            command = self.effect_menu.spending(self.check_id, key)
        record = self.controller.run(command)
        if record is None:
            return False
        self.result_label.setText(record.outcome.text)
        self.damage_label.show_damage(record.outcome.data)
        self.refresh_menu()
        return True

    # --- following the encounter ---------------------------------------------------------------

    def engine_changed(self) -> None:
        """After any command (coalesced: never in the way of a turn change)."""
        if not self._sync_pending:
            self._sync_pending = True
            QTimer.singleShot(0, self, self._sync_to_turn)  # dropped if the panel goes first

    def _sync_to_turn(self) -> None:
        self._sync_pending = False
        self._show_points()  # an undo, an award, a scene end: the sheet's points now
        self.form.rebuild_people()
        current = self.engine.current()
        if self.form.follow_turn and current is not None and current != self.form.actor():
            self.new_check()
            self.form.set_actor(current)
        if self.check_id is not None and self._check_gone():
            self.new_check()
        else:
            self.refresh_menu()
        self._refresh_conditions()

    def _check_gone(self) -> bool:
        return self.check_id not in self.engine.encounter.engine_state.checks

    def new_check(self) -> None:
        """Forget the recorded check: the next roll is a new one."""
        self.check_id = None
        self.check_actor = None
        self.check_target = None
        self.result_label.clear()
        self.damage_label.forget()
        self.dice_panel.clear_result()  # the last turn's roll is not this turn's
        self.refresh_menu()
        self.record_button.setEnabled(False)


def _whole_height(area: QScrollArea) -> int:
    """How tall ``area`` is when it shows its widget without scrolling."""
    widget = area.widget()
    if widget is None:
        return area.minimumHeight()
    return widget.sizeHint().height() + 2 * area.frameWidth()
