"""Acting: the act bar (who acts, at whom, with which weapon and skill; roll and record;
damage; a total typed in from the table) always in view, and three tabs for the rest: the
dice panel (its options, spends, history), the check's details (purpose, against, action,
where the roll comes from) and the ranks' effect menu.

Issue 16: an attack with damage is the target, Roll and record, Damage -- at most four
inputs with a weapon change -- and nothing scrolls inside the dock. The panel joins the
parts in ``ui.tracker.act`` and runs the flow: it keeps which check is recorded, sends the
commands through the tracker's controller and follows the turn. It asks the engine for
everything (``proposed_spec``, ``effect_menu``, ``ranks_left``); it decides no rule.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QLabel,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from sheets.dice import CheckDefaults, RollResult, RollSpec
from sheets.encounter import Check, Damage, Help, SpendPoint, SpendRanks
from sheets.encounter.targets import is_opponent
from sheets.points import PointKind
from ui.dice import DicePanel
from ui.text import tooltip
from ui.tracker.act.act_bar import (
    DAMAGE_KEY,
    RECORD_KEY,
    ROLL_KEY,
    SPEND_KEY,
    TARGET_KEY,
    TYPED_KEY,
    ActBar,
)
from ui.tracker.act.check_form import CheckForm, Pick
from ui.tracker.act.damage_line import DamageLine
from ui.tracker.act.effect_menu import EffectMenu
from ui.tracker.act.help_box import HelpBox
from ui.tracker.after_repaints import AfterRepaints
from ui.tracker.commands import EncounterController

DICE_TAB, DETAILS_TAB, EFFECTS_TAB = 0, 1, 2


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
        self.sync = AfterRepaints(self._sync_to_turn, self)
        self._round = self.engine.round
        self._build()
        self.form.rebuild_people()
        self._sync_to_turn()

    # --- construction ----------------------------------------------------------------------

    def _build(self) -> None:
        self.form = CheckForm(self.engine)
        self.fallback_label = self.form.fallback_label
        self.resist_label = self.form.resist_label
        self.weapon_combo = self.form.weapon_combo
        self.bar = ActBar(self.form)
        self.record_button = self.bar.record_button
        self.result_label = self.bar.result_label

        self.dice_panel = DicePanel()  # its spends stack lives (and dies) with it
        rules = self.engine.view.rules
        self.dice_panel.set_defaults(CheckDefaults(rules.wild_dice, rules.critical_failure))

        self.damage_label = DamageLine()
        self.bar.add_outcome_line(self.damage_label)  # the damage shows where it was rolled
        self.effect_menu = EffectMenu(self.engine, self.fontMetrics().height())
        self.spend_button = self.effect_menu.spend_button
        effects = QWidget()
        effects_column = QVBoxLayout(effects)
        hint = QLabel("What the recorded check's ranks buy besides damage.")
        hint.setWordWrap(True)
        hint.setToolTip("R4: result points buy ranks; spend them on the effect menu")
        effects_column.addWidget(hint)
        effects_column.addWidget(self.effect_menu, 1)

        self.tabs = QTabWidget()
        self.tabs.setObjectName("ActTabs")
        self.tabs.addTab(self.dice_panel, "Dice")
        self.help_box = HelpBox()
        details = QWidget()
        details_column = QVBoxLayout(details)
        details_column.setContentsMargins(0, 0, 0, 0)
        details_column.addWidget(self.form, 1)
        details_column.addWidget(self.help_box)
        self.tabs.addTab(details, "Details")
        self.tabs.addTab(effects, "Effects")
        self.tabs.setTabToolTip(DICE_TAB, "The roll's dice and options; points spent on it")
        self.tabs.setTabToolTip(DETAILS_TAB, "Purpose, what it is rolled against, the action")
        self.tabs.setTabToolTip(EFFECTS_TAB, "Other effects the recorded check's ranks buy")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.bar)
        layout.addWidget(self.tabs, 1)

        self._shortcuts = [
            self._shortcut(ROLL_KEY, self.roll_and_record),
            self._shortcut(RECORD_KEY, self.record_check),
            self._shortcut(DAMAGE_KEY, self.roll_damage),
            self._shortcut(TARGET_KEY, self._focus_target),
            self._shortcut(TYPED_KEY, self._focus_typed),
            self._shortcut(SPEND_KEY, self.spend_selected),
        ]
        self.form.actorChanged.connect(lambda _actor: self._show_points())
        self.dice_panel.pointsSpent.connect(self._points_spent)
        self.form.targetChanged.connect(self._refresh_conditions)
        self.form.rollProposed.connect(self._load_roll)
        self.dice_panel.resultChanged.connect(self._result_changed)
        self.record_button.clicked.connect(self.record_check)
        self.bar.roll_button.clicked.connect(self.roll_and_record)
        self.bar.damage_button.clicked.connect(self.roll_damage)
        self.bar.typed_button.clicked.connect(self.record_typed_total)
        self.spend_button.clicked.connect(self.spend_selected)
        self.help_box.helpRequested.connect(self.help_target)
        self.form.targetChanged.connect(self._offer_help_mode)
        self.form.against_changed()

    def _shortcut(self, key: str, slot: Callable[[], object]) -> QShortcut:
        shortcut = QShortcut(QKeySequence(key), self)
        shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
        shortcut.activated.connect(slot)
        return shortcut

    def _focus_target(self) -> None:
        self.form.target_combo.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.form.target_combo.showPopup()

    def _focus_typed(self) -> None:
        self.bar.typed_spin.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.bar.typed_spin.selectAll()

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

    def roll_and_record(self) -> str | None:
        """Roll the proposed check and record it at once (the act bar's main button)."""
        actor = self.form.actor()
        if actor is None or self.form.skill_combo.currentData() is None:
            self.controller.refused.emit("pick who acts and a skill first")
            return None
        reason = self._cannot_act(actor)
        if reason is not None:  # said before any dice roll (found under Xvfb)
            self.controller.refused.emit(reason)
            return None
        if self.dice_panel.roll() is None:
            return None
        return self.record_check()

    def _cannot_act(self, actor: str) -> str | None:
        """Why the actor cannot make this check now (R6 actions), or None."""
        reason = self.engine.can_act(actor)
        if reason is not None or self.engine.encounter.scene_type != "tactical":
            return reason
        action = self.form.action_combo.currentData()
        full, bonus = self.engine.actions_left(actor)
        name = self.engine.view.by_id[actor].name
        if action in ("full", "reaction") and full <= 0:
            return f"{name} has no full action left this round"
        if action == "bonus" and bonus <= 0:
            return f"{name} has no bonus action left this round"
        return None

    def record_typed_total(self) -> str | None:
        """A total rolled with real dice at the table becomes the check."""
        command = self.form.build_check_total(self.bar.typed_spin.value())
        if command is None:
            self.controller.refused.emit("pick who acts and a skill first")
            return None
        return self._record(command)

    def record_check(self) -> str | None:
        """The roll on show becomes the check (R4); returns the check's id."""
        command = self.build_check()
        if command is None:
            return None
        return self._record(command)

    def _record(self, command: Check) -> str | None:
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

    def help_target(self, mode: str = "enhance") -> bool:
        """R6 combined action: the actor's picked skill dice go to the target's next check
        (or, with no target, are readied for the actor's own next turn)."""
        actor = self.form.actor()
        pick = self.form.skill_combo.currentData()
        if actor is None or pick is None or pick[0] is None:
            self.controller.refused.emit("pick who helps and a skill (not a bare ability)")
            return False
        skill, specialization, _ability = pick
        primary = self.form.target() or actor
        command = Help(actor, primary, skill, specialization, mode)  # type: ignore[arg-type]
        return self.controller.run(command) is not None

    def _offer_help_mode(self) -> None:
        actor, target = self.form.actor(), self.form.target()
        if actor is not None and target is not None:
            self.help_box.set_target_is_ally(not is_opponent(self.engine.view, actor, target))

    def roll_damage(self) -> bool:
        """The recorded check's effect roll with the weapon picked (R4): the act bar's
        Damage button."""
        if self.check_id is None:
            self.controller.refused.emit("roll the attack first")
            return False
        if not self.effect_menu.pick("effect_roll"):
            self.controller.refused.emit("the attack did not hit: no rank to spend on damage")
            return False
        return self.spend_selected()

    # --- spending its ranks (R4) -------------------------------------------------------------

    def refresh_menu(self) -> None:
        left = self.effect_menu.refresh(self.check_id)
        self.bar.damage_button.setEnabled(
            left is not None and self.effect_menu.option("effect_roll") is not None
        )
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
                self.check_id, self.check_actor, self.check_target, self.weapon_combo.currentData()
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
        """After any command (coalesced: never in the way of a turn change). After Qt's own
        repaint requests, so the initiative table's new frame is painted first and the
        panel follows: at a round change every row repaints, and the panel's re-sync had
        held that frame back by 4-7 ms (bench/bench_tracker.py)."""
        self.sync.schedule()

    def _sync_to_turn(self) -> None:
        if self.engine.round != self._round:  # OpenD6: actions are declared per round
            self._round = self.engine.round
            self.dice_panel.form.new_round()
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
