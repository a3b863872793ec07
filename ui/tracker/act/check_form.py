"""The check the act dock describes: who acts and with what (a weapon, a quick pick from
the actor's sheet, R2), the purpose (R8), the target and what resists (R4), the action
spent (R6).

The form owns these fields; it lays out only the details (purpose, against, action, where
the roll comes from). The act bar lays out the four a GM touches every turn: actor,
target, weapon, skill. On every change the form asks the engine for the roll
(``proposed_spec``) and hands it on as ``rollProposed``. It decides no rule: the default
target and resistance come from ``sheets.encounter.targets`` and ``.defence``.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
)

from sheets.attack import attack_row
from sheets.dice import RollResult
from sheets.documents import Weapon
from sheets.encounter import Check, CommandRefused, Engine
from sheets.encounter.defence import check_defence, default_resistance
from sheets.encounter.targets import default_target
from sheets.skills import CheckNotPossible, check_dice
from ui.text import tooltip

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
Pick = tuple[str | None, str | None, str | None]
"""(skill, specialization, ability) of a check."""


def sheet_picks(engine: Engine, combatant: str) -> list[tuple[str, Pick]]:
    """Quick picks from the actor's sheet: each ability, skill and specialization with
    the whole die code rolled, as on paper (R2: ability + skill + specialization)."""
    sheet = engine.view.sheet_of(combatant)

    def total(skill: str, specialization: str | None = None) -> str:
        try:
            return str(check_dice(sheet, skill, specialization).code)
        except CheckNotPossible:
            return "cannot be rolled"

    picks: list[tuple[str, Pick]] = []
    for ability in sheet.abilities:
        picks.append((f"{ability.name} {ability.code} (ability)", (None, None, ability.name)))
        for skill in ability.skills:
            picks.append((f"  {skill.name} {total(skill.name)}", (skill.name, None, None)))
            for spec in skill.specializations:
                picks.append(
                    (
                        f"    {skill.name}: {spec.name} {total(skill.name, spec.name)}",
                        (skill.name, spec.name, None),
                    )
                )
    return picks


class CheckForm(QGroupBox):
    """The check's fields and its details box (purpose, against, action, the R2 fallback
    line, the modifiers, who resists). ``against_changed`` once placed shows the Against
    fields the mode needs."""

    actorChanged = Signal(object)  # str | None: whoever acts now
    targetChanged = Signal()
    rollProposed = Signal(object, object)  # RollSpec, difficulty (int | None)

    def __init__(self, engine: Engine) -> None:
        super().__init__()
        self.engine = engine
        self.follow_turn = True  # the actor follows the turn until the GM picks another
        self._ids: tuple[str, ...] = ()
        self._building = False
        self.actor_combo = QComboBox()
        self.actor_combo.setObjectName("ActorCombo")
        self.actor_combo.setToolTip("Who acts (follows the turn)")
        self.weapon_combo = QComboBox()
        self.weapon_combo.setObjectName("WeaponCombo")
        self.weapon_combo.setToolTip(
            "The weapon: it picks the skill, makes the check an attack, says how the target "
            "resists (a ranged attack is dodged, a melee one parried) and rolls its damage"
        )
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
        form.addRow("Purpose", self.purpose_combo)
        form.addRow("Against", self.against_combo)
        form.addRow("Difficulty", self.difficulty_spin)
        form.addRow("Action", self.action_combo)
        self.fallback_label = QLabel()
        self.fallback_label.setTextFormat(Qt.TextFormat.PlainText)  # skill names: text
        self.fallback_label.setObjectName("FallbackLabel")
        self.fallback_label.setWordWrap(True)
        self.fallback_label.setToolTip("R2: how the check's die code was found")
        self.contributions = QListWidget()
        self.contributions.setObjectName("Contributions")
        self.contributions.setAccessibleName("Where the roll's modifiers come from")
        self.contributions.setMaximumHeight(86)
        self.resist_label = QLabel()
        self.resist_label.setTextFormat(Qt.TextFormat.PlainText)
        self.resist_label.setWordWrap(True)
        column = QVBoxLayout(self)
        column.addLayout(form)
        column.addWidget(self.fallback_label)
        column.addWidget(self.contributions)
        column.addWidget(self.resist_label)
        column.addStretch(1)

        self.actor_combo.activated.connect(self._actor_picked)
        self.weapon_combo.activated.connect(lambda _: self._weapon_picked())
        self.skill_combo.currentIndexChanged.connect(lambda _: self._skill_changed())
        self.purpose_combo.currentIndexChanged.connect(lambda _: self.propose())
        self.target_combo.currentIndexChanged.connect(lambda _: self._target_changed())
        self.against_combo.currentIndexChanged.connect(lambda _: self.against_changed())
        self.difficulty_spin.valueChanged.connect(lambda _: self.propose())
        self.resist_combo.currentIndexChanged.connect(lambda _: self.propose())

    # --- people ----------------------------------------------------------------------------

    def rebuild_people(self) -> None:
        """The encounter's combatants as actors and targets (kept picked when they stay)."""
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
            self.follow_turn = follow_turn
        if index >= 0 and index != self.actor_combo.currentIndex():
            self.actor_combo.setCurrentIndex(index)
            self._actor_changed()
        elif index >= 0 and self.skill_combo.count() == 0:
            self._actor_changed()

    def set_target(self, combatant: str | None) -> None:
        index = self.target_combo.findData(combatant) if combatant else 0
        self.target_combo.setCurrentIndex(max(index, 0))

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
        self.follow_turn = self.actor() == self.engine.current()
        self._actor_changed()

    def _actor_changed(self) -> None:
        if self._building:
            return
        actor = self.actor()
        self._building = True
        self.skill_combo.clear()
        self.weapon_combo.clear()
        self.weapon_combo.addItem("No weapon", None)
        if actor is not None:
            for label, pick in sheet_picks(self.engine, actor):
                self.skill_combo.addItem(label, pick)
            for weapon in self.engine.view.sheet_of(actor).weapons:
                self.weapon_combo.addItem(f"{weapon.name} ({weapon.damage_words()})", weapon.name)
        self.actorChanged.emit(actor)
        self._building = False
        if actor is not None:  # never the actor itself, nor one of its allies
            self.set_target(default_target(self.engine.view, actor, self.target()))
            if self._fighting() and self.weapon_combo.count() > 1:
                self.weapon_combo.setCurrentIndex(1)  # a fight: the first weapon drawn
                self._weapon_picked()
                return
        self.propose()

    def _fighting(self) -> bool:
        """A tactical melee scene (R6), where most checks are attacks."""
        encounter = self.engine.encounter
        return encounter.scene_type == "tactical" and encounter.tactical_type == "melee"

    def weapon(self) -> Weapon | None:
        """The actor's weapon picked for the check, if any."""
        actor, name = self.actor(), self.weapon_combo.currentData()
        if actor is None or name is None:
            return None
        sheet = self.engine.view.sheet_of(actor)
        return next((w for w in sheet.weapons if w.name == name), None)

    def set_weapon(self, name: str | None) -> bool:
        """Pick the actor's weapon ``name`` (None: no weapon), as the GM would."""
        index = self.weapon_combo.findData(name)
        if index < 0:
            return False
        self.weapon_combo.setCurrentIndex(index)
        self._weapon_picked()
        return True

    def _weapon_picked(self) -> None:
        """A weapon makes the check an attack with its skill against an active resistance
        (R4), the target resisting as the weapon's kind says."""
        weapon = self.weapon()
        if weapon is None:
            return
        self._building = True
        self.set_purpose("attack")
        self.against_combo.setCurrentIndex(self.against_combo.findData("active"))
        actor = self.actor()
        row = attack_row(self.engine.view.sheet_of(actor), weapon) if actor else None
        if row is not None:  # its row (a skill or a specialization), else the bare ability (R2)
            for pick in ((row.skill, row.specialization, None), (None, None, row.ability)):
                if self.set_skill(*pick):
                    break
        self._building = False
        self._target_changed()
        self.against_changed()

    def _skill_changed(self) -> None:
        if self._building:
            return
        self._pick_resistance()
        self.propose()

    def _target_changed(self) -> None:
        if self._building:
            return
        target = self.target()
        self._building = True
        self.resist_combo.clear()
        if target is not None:
            for label, pick in sheet_picks(self.engine, target):
                self.resist_combo.addItem(label.strip(), pick)
        self._building = False
        self._pick_resistance()
        self.targetChanged.emit()
        self.propose()

    def _pick_resistance(self) -> None:
        """What the target resists with by default: the kind of check says (a ranged attack
        is dodged, a melee one parried, a social one met with discipline); the GM sees it
        in the resist box and can change it before rolling."""
        target, actor = self.target(), self.actor()
        pick = self.skill_combo.currentData()
        if target is None or actor is None or pick is None:
            return
        skill, _spec, ability = pick
        defence = check_defence(self.engine.view.sheet_of(actor), skill, ability, self.weapon())
        resist = default_resistance(self.engine.view.sheet_of(target), defence)
        if resist is None:
            return
        for index in range(self.resist_combo.count()):
            if tuple(self.resist_combo.itemData(index)) == resist:
                self._building = True
                self.resist_combo.setCurrentIndex(index)
                self._building = False
                return

    def against_changed(self) -> None:
        """Show the field the Against mode needs (a difficulty, or what resists); propose."""
        mode = self.against_combo.currentData()
        self.difficulty_spin.setEnabled(mode == "difficulty")
        self.resist_combo.setEnabled(mode in ("active", "fixed"))
        self.propose()

    # --- the proposed roll -----------------------------------------------------------------

    def propose(self) -> None:
        """Ask the engine for the roll and hand it on as ``rollProposed``."""
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
        self.fallback_label.setText(base.label)
        self.fallback_label.setToolTip("R2: ability + skill + specialization, with the fallback")
        for c in contributions[1:]:
            change = c.change.replace("-", MINUS)
            item = QListWidgetItem(f"{change} {c.label}")
            item.setToolTip(tooltip(c.source + (" (used up by this check)" if c.consumed else "")))
            self.contributions.addItem(item)
        if not contributions[1:]:
            self.contributions.addItem("No modifiers from conditions or help")
        mode = self.against_combo.currentData()
        self.rollProposed.emit(spec, self.difficulty_spin.value() if mode == "difficulty" else None)
        words = self._resist_words(mode)
        self.resist_label.setText(words)
        self.resist_combo.setToolTip(tooltip(words or "The target's skill or ability that resists"))

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
            return f"{name} resists with the fixed value of {what} {spec.code}"
        return f"{name} resists with an active {what} roll, {spec.code}: the app rolls it"

    # --- the check -------------------------------------------------------------------------

    def build_check(self, result: RollResult | None) -> Check | None:
        """The check this form describes, rolled as ``result`` (None until both are there)."""
        if result is None:
            return None
        return self.build_check_total(
            result.total, result.seed if isinstance(result.seed, int) else None
        )

    def build_check_total(self, total: int, seed: int | None = None) -> Check | None:
        """The check this form describes with ``total`` rolled (in the app, or at the table
        and typed in); None until an actor and a skill are picked."""
        actor = self.actor()
        pick = self.skill_combo.currentData()
        if actor is None or pick is None:
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
            total=total,
            seed=seed,
        )
