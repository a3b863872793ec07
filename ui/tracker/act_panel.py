"""Acting: pick an actor and a skill (a quick pick from the actor's sheet), a target and
what resists; the dice panel opens pre-loaded with the engine's proposed roll (R2 fallback,
R4/R5/R8 modifiers, R6 help, R9 scale, each shown where it comes from); record the roll as
the check; then spend its ranks from the R4 effect menu -- an effect roll lands damage on
the target (R5), other effects become conditions.

The panel asks the engine for everything (``proposed_spec``, ``effect_menu``,
``ranks_left``) and sends it commands through the tracker's controller; it decides no rule.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QResizeEvent, QUndoStack
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from sheets.conditions import TRACK_NAMES
from sheets.damage import wound_name
from sheets.dice import RollResult
from sheets.encounter import Check, CommandRefused, Damage, EffectOption, SpendRanks
from ui.dice import DicePanel
from ui.tracker.commands import EncounterController

AGAINST: Final = (
    ("Standing check (no difficulty)", "standing"),
    ("Difficulty", "difficulty"),
    ("Target resists: active roll", "active"),
    ("Target resists: fixed value", "fixed"),
)
ACTIONS: Final[tuple[tuple[str, str | None], ...]] = (
    ("Full action", "full"),
    ("Bonus action", "bonus"),
    ("Free action", "free"),
    ("Reaction (full, out of turn)", "reaction"),
    ("No action spent", None),
)
PURPOSES: Final = (("Skill check", "skill"), ("Attack", "attack"), ("Defence", "defence"))
MINUS: Final = "\u2212"
SCROLLED_PANE_LINES: Final = 5  # the least the check and the effect menu show
Pick = tuple[str | None, str | None, str | None]
"""(skill, specialization, ability) of a check."""


def sheet_picks(engine: object, combatant: str) -> list[tuple[str, Pick]]:
    """Quick picks from the actor's sheet: each ability, skill and specialization (R2)."""
    sheet = engine.view.sheet_of(combatant)  # type: ignore[attr-defined]
    picks: list[tuple[str, Pick]] = []
    for ability in sheet.abilities:
        picks.append((f"{ability.name} {ability.code} (ability)", (None, None, ability.name)))
        for skill in ability.skills:
            picks.append((f"  {skill.name} {skill.code}", (skill.name, None, None)))
            for spec in skill.specializations:
                picks.append(
                    (f"    {skill.name}: {spec.name} {spec.code}", (skill.name, spec.name, None))
                )
    return picks


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
        self._ids: tuple[str, ...] = ()
        self._follow_turn = True
        self._sync_pending = False
        self._building = False
        self._build()
        self._rebuild_people()
        self._sync_to_turn()

    # --- construction ----------------------------------------------------------------------

    def _build(self) -> None:
        self.actor_combo = QComboBox()
        self.actor_combo.setObjectName("ActorCombo")
        self.actor_combo.setToolTip("Who acts (follows the turn)")
        self.skill_combo = QComboBox()
        self.skill_combo.setObjectName("SkillCombo")
        self.skill_combo.setToolTip(
            "R2: specialization + skill + ability; without ranks the check falls back to the "
            "skill, then to the bare ability"
        )
        self.purpose_combo = QComboBox()
        for label, value in PURPOSES:
            self.purpose_combo.addItem(label, value)
        self.purpose_combo.setToolTip(
            "R8: fear modifiers sort checks into attacks, defence, skills"
        )
        self.target_combo = QComboBox()
        self.target_combo.setObjectName("TargetCombo")
        self.against_combo = QComboBox()
        self.against_combo.setObjectName("AgainstCombo")
        for label, value in AGAINST:
            self.against_combo.addItem(label, value)
        self.against_combo.setToolTip(
            "R4: result points = total minus the difficulty, the fixed value of the opposing "
            "code, or the opposing roll"
        )
        self.difficulty_spin = QSpinBox()
        self.difficulty_spin.setRange(0, 200)
        self.difficulty_spin.setValue(10)
        self.resist_combo = QComboBox()
        self.resist_combo.setObjectName("ResistCombo")
        self.resist_combo.setToolTip("The target's skill or ability that resists (R4)")
        self.action_combo = QComboBox()
        for label, kind in ACTIONS:
            self.action_combo.addItem(label, kind)
        self.action_combo.setToolTip("R6: 1 full and 1 bonus action each round")
        form = QFormLayout()
        form.addRow("Actor", self.actor_combo)
        form.addRow("Skill", self.skill_combo)
        form.addRow("Purpose", self.purpose_combo)
        form.addRow("Target", self.target_combo)
        form.addRow("Against", self.against_combo)
        against_row = QHBoxLayout()
        against_row.addWidget(self.difficulty_spin)
        against_row.addWidget(self.resist_combo, 1)
        form.addRow("", against_row)
        form.addRow("Action", self.action_combo)
        self.fallback_label = QLabel()
        self.fallback_label.setObjectName("FallbackLabel")
        self.fallback_label.setWordWrap(True)
        self.fallback_label.setToolTip("R2: how the check's die code was found")
        self.contributions = QListWidget()
        self.contributions.setObjectName("Contributions")
        self.contributions.setAccessibleName("Where the roll's modifiers come from")
        self.contributions.setMaximumHeight(86)
        self.resist_label = QLabel()
        self.resist_label.setWordWrap(True)
        setup = QGroupBox("Check")
        column = QVBoxLayout(setup)
        column.addLayout(form)
        column.addWidget(self.fallback_label)
        column.addWidget(self.contributions)
        column.addWidget(self.resist_label)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(setup)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

        self.dice_panel = DicePanel(undo_stack=QUndoStack(self))
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
        self.result_label.setObjectName("CheckResult")
        self.result_label.setWordWrap(True)
        self.damage_label = QLabel()
        self.damage_label.setObjectName("DamageResult")
        self.damage_label.setWordWrap(True)
        self.damage_label.hide()
        self.effect_list = QListWidget()
        self.effect_list.setObjectName("EffectMenu")
        self.effect_list.setAccessibleName("R4 effect menu")
        self.effect_list.setMinimumHeight(4 * self.fontMetrics().height())
        self.effect_list.setMaximumHeight(7 * self.fontMetrics().height())
        self.sign_combo = QComboBox()
        self.sign_combo.addItem("+ (help)", 1)
        self.sign_combo.addItem("\u2212 (hinder)", -1)
        self.track_combo = QComboBox()
        for track in TRACK_NAMES:
            self.track_combo.addItem(track.title(), track)
        self.ranks_spin = QSpinBox()
        self.ranks_spin.setRange(1, 6)
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("condition name / skill / ability")
        self.condition_combo = QComboBox()
        self.condition_combo.setToolTip("The condition whose duration changes, or to recover")
        self.weapon_combo = QComboBox()
        self.weapon_combo.setToolTip("The weapon of the effect roll (R4, R9)")
        params = QFormLayout()
        params.addRow("Sign", self.sign_combo)
        params.addRow("Track / ranks", _row(self.track_combo, self.ranks_spin))
        params.addRow("Name", self.name_edit)
        params.addRow("Condition", self.condition_combo)
        params.addRow("Weapon", self.weapon_combo)
        self.spend_button = QPushButton("Spend")
        self.spend_button.setObjectName("SpendRanks")
        self.spend_button.setEnabled(False)
        effects = QGroupBox("Result and ranks (R4)")
        effects_column = QVBoxLayout(effects)
        effects_column.addWidget(self.record_button)
        effects_column.addWidget(self.result_label)
        effects_column.addWidget(self.damage_label)
        effects_column.addWidget(self.effect_list, 1)
        effects_column.addLayout(params)
        effects_column.addWidget(self.spend_button)

        # Scrolled, like the check form: a short window scrolls the menu and its form
        # instead of squashing their rows into each other.
        effects_scroll = QScrollArea()
        effects_scroll.setWidgetResizable(True)
        effects_scroll.setWidget(effects)
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

        self.actor_combo.activated.connect(self._actor_picked)
        self.skill_combo.currentIndexChanged.connect(lambda _: self.propose())
        self.purpose_combo.currentIndexChanged.connect(lambda _: self.propose())
        self.target_combo.currentIndexChanged.connect(lambda _: self._target_changed())
        self.against_combo.currentIndexChanged.connect(lambda _: self._against_changed())
        self.difficulty_spin.valueChanged.connect(lambda _: self.propose())
        self.resist_combo.currentIndexChanged.connect(lambda _: self.propose())
        self.dice_panel.resultChanged.connect(self._result_changed)
        self.record_button.clicked.connect(self.record_check)
        self.effect_list.currentRowChanged.connect(lambda _: self._effect_picked())
        self.spend_button.clicked.connect(self.spend_selected)
        self._against_changed()

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

    # --- people ----------------------------------------------------------------------------

    def _rebuild_people(self) -> None:
        ids = tuple(c.id for c in self.engine.encounter.combatants)
        if ids == self._ids:
            return
        self._ids = ids
        self._building = True
        actor = self.actor()
        target = self.target()
        self.actor_combo.clear()
        self.target_combo.clear()
        self.target_combo.addItem("(no target)", None)
        for c in self.engine.encounter.combatants:
            self.actor_combo.addItem(c.name, c.id)
            self.target_combo.addItem(c.name, c.id)
        self._building = False
        if actor is not None:
            self.set_actor(actor)
        else:
            self._actor_changed()
        if target is not None:
            self.set_target(target)

    def actor(self) -> str | None:
        value = self.actor_combo.currentData()
        return str(value) if value is not None else None

    def target(self) -> str | None:
        value = self.target_combo.currentData()
        return str(value) if value is not None else None

    def set_actor(self, combatant: str, *, follow_turn: bool | None = None) -> None:
        index = self.actor_combo.findData(combatant)
        if follow_turn is not None:
            self._follow_turn = follow_turn
        if index >= 0 and index != self.actor_combo.currentIndex():
            self.actor_combo.setCurrentIndex(index)
            self._actor_changed()
        elif index >= 0 and self.skill_combo.count() == 0:
            self._actor_changed()

    def set_target(self, combatant: str | None) -> None:
        index = self.target_combo.findData(combatant) if combatant else 0
        self.target_combo.setCurrentIndex(max(index, 0))

    def set_target_hint(self, combatant: str) -> None:
        """The table's current row: a target for whoever acts (never the actor itself)."""
        if combatant != self.actor() and self.check_id is None:
            self.set_target(combatant)

    def set_skill(
        self,
        skill: str | None = None,
        specialization: str | None = None,
        ability: str | None = None,
    ) -> bool:
        wanted = (skill, specialization, ability)
        for index in range(self.skill_combo.count()):
            if tuple(self.skill_combo.itemData(index)) == wanted:
                self.skill_combo.setCurrentIndex(index)
                return True
        return False

    def set_against(self, mode: str, *, difficulty: int = 10, resist: Pick | None = None) -> None:
        self.against_combo.setCurrentIndex(self.against_combo.findData(mode))
        self.difficulty_spin.setValue(difficulty)
        if resist is not None:
            for index in range(self.resist_combo.count()):
                if tuple(self.resist_combo.itemData(index)) == resist:
                    self.resist_combo.setCurrentIndex(index)
                    break

    def set_action(self, kind: str | None) -> None:
        self.action_combo.setCurrentIndex(self.action_combo.findData(kind))

    def set_purpose(self, purpose: str) -> None:
        self.purpose_combo.setCurrentIndex(self.purpose_combo.findData(purpose))

    def _actor_picked(self, _index: int) -> None:
        self._follow_turn = self.actor() == self.engine.current()
        self._actor_changed()

    def _actor_changed(self) -> None:
        if self._building:
            return
        actor = self.actor()
        self._building = True
        self.skill_combo.clear()
        self.weapon_combo.clear()
        if actor is not None:
            for label, pick in sheet_picks(self.engine, actor):
                self.skill_combo.addItem(label, pick)
            for weapon in self.engine.view.sheet_of(actor).weapons:
                self.weapon_combo.addItem(f"{weapon.name} ({weapon.damage})", weapon.name)
        self._building = False
        if self.target() == actor:
            self.set_target(None)
        self.propose()

    def _target_changed(self) -> None:
        if self._building:
            return
        target = self.target()
        self.resist_combo.clear()
        if target is not None:
            for label, pick in sheet_picks(self.engine, target):
                self.resist_combo.addItem(label.strip(), pick)
            dodge = self.resist_combo.findText("Dodge", Qt.MatchFlag.MatchStartsWith)
            if dodge >= 0:
                self.resist_combo.setCurrentIndex(dodge)
        self._refresh_conditions()
        self.propose()

    def _against_changed(self) -> None:
        mode = self.against_combo.currentData()
        self.difficulty_spin.setVisible(mode == "difficulty")
        self.resist_combo.setVisible(mode in ("active", "fixed"))
        self.propose()

    # --- the proposed roll -------------------------------------------------------------------

    def propose(self) -> None:
        """Ask the engine for the roll and load it into the dice panel."""
        if self._building:
            return
        actor = self.actor()
        pick = self.skill_combo.currentData()
        self.contributions.clear()
        if actor is None or pick is None:
            self.fallback_label.setText("Pick who acts and a skill")
            return
        skill, specialization, ability = pick
        try:
            spec, contributions = self.engine.proposed_spec(
                actor,
                skill,
                specialization,
                ability=ability,
                purpose=self.purpose_combo.currentData(),
                target=self.target(),
            )
        except CommandRefused as error:
            self.fallback_label.setText(f"Cannot check: {error}")
            return
        base = contributions[0]
        self.fallback_label.setText(f"{base.label} (R2)")
        for c in contributions[1:]:
            change = c.change.replace("-", MINUS)
            item = QListWidgetItem(f"{change} {c.label}")
            item.setToolTip(c.source + (" (used up by this check)" if c.consumed else ""))
            self.contributions.addItem(item)
        if not contributions[1:]:
            self.contributions.addItem("No modifiers from conditions or help")
        self.dice_panel.set_spec(spec)
        mode = self.against_combo.currentData()
        self.dice_panel.set_difficulty(
            self.difficulty_spin.value() if mode == "difficulty" else None
        )
        self.resist_label.setText(self._resist_words(mode))

    def _resist_words(self, mode: str) -> str:
        target = self.target()
        if mode in ("active", "fixed") and target is None:
            return "Pick the target who resists"
        if mode not in ("active", "fixed") or target is None:
            return ""
        pick = self.resist_combo.currentData()
        if pick is None:
            return ""
        skill, _spec, ability = pick
        name = self.engine.view.by_id[target].name
        try:
            spec, _ = self.engine.proposed_spec(target, skill, ability=ability, purpose="defence")
        except CommandRefused as error:
            return f"{name} cannot resist so: {error}"
        what = skill or ability
        if mode == "fixed" or self.engine.view.by_id[target].conceded:
            return f"{name} resists with the fixed value of {what} {spec.code} (R4)"
        return f"{name} resists with an active {what} roll, {spec.code}: the engine rolls it (R4)"

    def _result_changed(self, result: RollResult | None) -> None:
        self.record_button.setEnabled(result is not None and self.actor() is not None)

    # --- recording the check ---------------------------------------------------------------

    def build_check(self) -> Check | None:
        actor = self.actor()
        pick = self.skill_combo.currentData()
        result = self.dice_panel.current_result()
        if actor is None or pick is None or result is None:
            return None
        skill, specialization, ability = pick
        mode = self.against_combo.currentData()
        resist = self.resist_combo.currentData() if mode in ("active", "fixed") else None
        action = self.action_combo.currentData()
        return Check(
            actor,
            skill,
            specialization,
            ability,
            purpose=self.purpose_combo.currentData(),
            target=self.target(),
            difficulty=self.difficulty_spin.value() if mode == "difficulty" else None,
            resist_skill=resist[0] if resist else None,
            resist_ability=(resist[2] or None) if resist else None,
            resistance="fixed" if mode == "fixed" else "active",
            action="full" if action == "reaction" else action,
            reaction=action == "reaction",
            total=result.total,
            seed=result.seed if isinstance(result.seed, int) else None,
        )

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
        self.record_button.setEnabled(False)
        self.refresh_menu()
        return self.check_id

    # --- the R4 effect menu -------------------------------------------------------------------

    def refresh_menu(self) -> None:
        self.effect_list.clear()
        if self.check_id is None:
            self.spend_button.setEnabled(False)
            return
        left = self.engine.ranks_left(self.check_id)
        options = self.engine.effect_menu(self.check_id)
        for option in options:
            item = QListWidgetItem(f"[{option.ranks}] {option.label}")
            item.setData(Qt.ItemDataRole.UserRole, option.key)
            if not option.mechanical:
                item.setToolTip("Recorded as a named condition for the table to play (R4)")
            self.effect_list.addItem(item)
        self.spend_button.setEnabled(bool(options))
        self.result_label.setToolTip(f"{left} rank(s) left to spend on {self.check_id} (R4)")
        self.spend_button.setText(f"Spend ({left} rank(s) left)")

    def option(self, key: str) -> EffectOption | None:
        if self.check_id is None:
            return None
        return next((o for o in self.engine.effect_menu(self.check_id) if o.key == key), None)

    def pick_effect(self, key: str) -> bool:
        for row in range(self.effect_list.count()):
            if self.effect_list.item(row).data(Qt.ItemDataRole.UserRole) == key:
                self.effect_list.setCurrentRow(row)
                return True
        return False

    def _effect_picked(self) -> None:
        item = self.effect_list.currentItem()
        key = item.data(Qt.ItemDataRole.UserRole) if item else None
        option = self.option(key) if key else None
        if option is not None:
            self.spend_button.setToolTip(f"{option.label} ({option.ranks} rank(s), R4)")

    def _refresh_conditions(self) -> None:
        self.condition_combo.clear()
        target = self.check_target or self.target()
        if target is None:
            return
        for modifier in self.engine.active_modifiers(target):
            self.condition_combo.addItem(
                f"{modifier.name} ({modifier.remaining})", modifier.condition_id
            )

    def spend_selected(self) -> bool:
        """Spend ranks on the effect picked in the menu (R4)."""
        item = self.effect_list.currentItem()
        if item is None or self.check_id is None or self.check_actor is None:
            self.controller.refused.emit("pick an effect from the menu first")
            return False
        key = str(item.data(Qt.ItemDataRole.UserRole))
        if key == "effect_roll":
            weapon = self.weapon_combo.currentData()
            target = self.check_target
            if target is None:
                self.controller.refused.emit("an effect roll needs a target (R4)")
                return False
            command: object = Damage(
                self.check_actor,
                target,
                weapon=weapon,
                damage=None if weapon else self.name_edit.text() or None,
                check_id=self.check_id,
            )
        else:
            text = self.name_edit.text().strip()
            track = self.track_combo.currentData()
            command = SpendRanks(
                self.check_id,
                key,
                sign=int(self.sign_combo.currentData()),
                skill=text if key in ("check_value", "skill_dice", "check_dice") else "",
                ability=text if key in ("ability_dice", "ability") else "",
                condition_id=self.condition_combo.currentData(),
                ranks=self.ranks_spin.value(),
                name=text,
                track=track if key == "track" else None,
            )
        record = self.controller.run(command)  # type: ignore[arg-type]
        if record is None:
            return False
        self.result_label.setText(record.outcome.text)
        self.show_damage(record.outcome.data)
        self.refresh_menu()
        return True

    def show_damage(self, data: dict[str, object]) -> None:
        """The wound level or body points a damage roll left (R10), in a line of its own;
        hidden for the FreeD6 conditions system (the result line names the condition)."""
        words = damage_words(data)
        self.damage_label.setVisible(bool(words))
        self.damage_label.setText(words)
        system = data.get("damage_system")
        self.damage_label.setToolTip(
            "R10: damage minus resistance read on the wound chart (ruling: the standard "
            "OpenD6 chart; a lesser or equal wound makes the level one worse)"
            if system == "wounds"
            else "R10: the damage less armour comes off the body points; 0 is out of action"
        )

    # --- following the encounter ---------------------------------------------------------------

    def engine_changed(self) -> None:
        """After any command (coalesced: never in the way of a turn change)."""
        if not self._sync_pending:
            self._sync_pending = True
            QTimer.singleShot(0, self._sync_to_turn)

    def _sync_to_turn(self) -> None:
        self._sync_pending = False
        self._rebuild_people()
        current = self.engine.current()
        if self.check_id is not None and self.engine.ranks_left(self.check_id) <= 0:
            pass
        if self._follow_turn and current is not None and current != self.actor():
            self.new_check()
            self.set_actor(current)
        if self.check_id is not None and self._check_gone():
            self.new_check()
        else:
            self.refresh_menu()
        self._refresh_conditions()

    def _check_gone(self) -> bool:
        checks = self.engine.encounter.engine_state.get("checks")
        return not (isinstance(checks, dict) and self.check_id in checks)

    def new_check(self) -> None:
        """Forget the recorded check: the next roll is a new one."""
        self.check_id = None
        self.check_actor = None
        self.check_target = None
        self.result_label.clear()
        self.damage_label.clear()
        self.damage_label.hide()
        self.refresh_menu()
        self.record_button.setEnabled(False)


def damage_words(data: dict[str, object]) -> str:
    """``Wounds (R10): Stunned on the chart (difference 2) -> now Wounded`` from a Damage
    command's logged data; empty for the conditions system."""
    wound = data.get("wound")
    if isinstance(wound, dict):
        chart = int(wound.get("chart", 0))
        after = int(wound.get("after", 0))
        text = (
            f"Wounds (R10): {wound_name(chart) if chart else 'no effect'} on the chart "
            f"(difference {int(wound.get('difference', 0))}) \u2192 now {wound_name(after)}"
        )
        return text + (" \u2014 out of action" if wound.get("out") else "")
    points = data.get("body_points")
    if isinstance(points, dict):
        text = (
            f"Body points (R10): \u2212{int(points.get('lost', 0))} \u2192 "
            f"{int(points.get('after', 0))}/{int(points.get('maximum', 0))} left"
        )
        return text + (" \u2014 out of action" if points.get("out") else "")
    return ""


def _whole_height(area: QScrollArea) -> int:
    """How tall ``area`` is when it shows its widget without scrolling."""
    widget = area.widget()
    if widget is None:
        return area.minimumHeight()
    return widget.sizeHint().height() + 2 * area.frameWidth()


def _row(*widgets: QWidget) -> QWidget:
    box = QWidget()
    layout = QHBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        layout.addWidget(widget)
    return box
