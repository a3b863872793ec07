"""The encounter engine's façade: the tracker window only shows it and sends it commands.

    engine = Engine(encounter, characters, campaign.house_rules)
    record = engine.apply(NextTurn())      # or engine.next_turn()
    engine.undo(); engine.redo()           # or revert(record) / reapply(record)

Every command runs through recorded changes (``changes.Changes``): ``apply`` returns a
``CommandRecord`` that undoes and redoes exactly that command, so the UI can wrap each in
a QUndoCommand. A refused command (``CommandRefused``) changes nothing.

One undo history: an engine made with ``history=False`` keeps none (the tracker's
QUndoStack is the history and calls ``revert``/``reapply``); otherwise it keeps a
``History`` for ``undo``/``redo``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from sheets.conditions import TrackName
from sheets.dice import RollSpec
from sheets.documents import Character, ConditionInstance, Encounter, HouseRules
from sheets.documents.condition_state import CheckPurpose
from sheets.encounter import commands as cmd
from sheets.encounter.changes import Changes
from sheets.encounter.commands.check_records import find_check
from sheets.encounter.effects import (
    Contribution,
    EffectOption,
    describe_modifier,
    menu,
)
from sheets.encounter.history import History
from sheets.encounter.resolve import proposed_spec
from sheets.encounter.state import CommandRefused, EncounterView
from sheets.results import Duration


@dataclass(slots=True)
class CommandRecord:
    """One applied command: what it was (seeds filled in), what it did, how to undo it."""

    command: cmd.Command
    outcome: cmd.Outcome
    changes: Changes = field(repr=False)
    touched: frozenset[str] = frozenset()
    """Files changed besides the encounter: character files (save them), or "encounter"."""
    rows: frozenset[str] | None = frozenset()
    """The combatants whose rows the command changed (undo and redo change the same);
    None: every row (a new round, the start or the end of the encounter, a new order)."""
    marked: frozenset[str] = frozenset()
    """The combatants the command changed themselves (their fields, conditions or sheet),
    also when ``rows`` is None: at a new round every row shows the round, but only these
    need their conditions read again (R5 expiries); equal to ``rows`` otherwise."""


@dataclass(frozen=True, slots=True)
class OrderEntry:
    combatant: str
    name: str
    side: str
    initiative: int | None
    acting: bool
    done: bool
    """Has had its turn this round."""
    active: bool
    """Neither conceded nor Out of Action (R6)."""


@dataclass(frozen=True, slots=True)
class ActiveModifier:
    """A condition on a combatant, with what it changes and how long it has left."""

    owner: str
    condition_id: str
    name: str
    duration: Duration
    remaining: str
    """In words: "until the end of Kara's turn in round 3", "2 rounds", "until recovered"."""
    effect: str
    on_sheet: bool


class Engine:
    """Runs one encounter by the rules (R4-R9) over its document and the characters."""

    def __init__(
        self,
        encounter: Encounter,
        characters: Mapping[str, Character] | None = None,
        rules: HouseRules | None = None,
        *,
        clock: Callable[[], str] | None = None,
        history: bool = True,
    ) -> None:
        self.view = EncounterView(encounter, characters or {}, rules or HouseRules())
        self._clock = clock
        self._history = History() if history else None

    @property
    def encounter(self) -> Encounter:
        return self.view.encounter

    def clock(self) -> str:
        """The time written in log entries (empty without a clock: tests replay exactly)."""
        return self._clock() if self._clock is not None else ""

    # --- commands, undo, redo ----------------------------------------------------------------

    def apply(self, command: cmd.Command) -> CommandRecord:
        """Run a command; raises ``CommandRefused`` (nothing changed) when the rules say no."""
        command = command.resolved()
        changes = Changes()
        ctx = cmd.Context(self, changes)
        try:
            outcome = command.run(ctx)
        except CommandRefused:
            changes.undo()
            raise
        except Exception:
            changes.undo()
            raise
        if not outcome.data and ctx.logged:
            outcome = replace(outcome, data=ctx.logged)
        touched = frozenset(ctx.touched)
        marked = self._marked(changes, touched)
        rows = None if changes.every_row else marked
        record = CommandRecord(command, outcome, changes, touched, rows, marked)
        if self._history is not None:
            self._history.applied(record)
        return record

    def _marked(self, changes: Changes, touched: frozenset[str]) -> frozenset[str]:
        """Who changed: those the changes marked, and everyone playing a sheet the
        command changed (two combatants can share a character file)."""
        rows = set(changes.rows)
        files = touched - {"encounter"}
        if files:
            rows.update(c.id for c in self.encounter.combatants if c.character_file in files)
        return frozenset(rows)

    def revert(self, record: CommandRecord) -> None:
        """Undo ``record``, which must be the last command applied (or redone)."""
        if self._history is not None:
            self._history.reverting(record)
        record.changes.undo()

    def reapply(self, record: CommandRecord) -> None:
        """Redo ``record``, which must be the last command undone."""
        if self._history is not None:
            self._history.reapplying(record)
        record.changes.redo()

    def _kept(self) -> History:
        if self._history is None:
            raise ValueError("this engine keeps no history: its owner's undo stack does")
        return self._history

    def undo(self) -> CommandRecord | None:
        done = self._kept().done
        if not done:
            return None
        record = done[-1]
        self.revert(record)
        return record

    def redo(self) -> CommandRecord | None:
        undone = self._kept().undone
        if not undone:
            return None
        record = undone[-1]
        self.reapply(record)
        return record

    @property
    def can_undo(self) -> bool:
        return bool(self._kept().done)

    @property
    def can_redo(self) -> bool:
        return bool(self._kept().undone)

    @property
    def history(self) -> tuple[CommandRecord, ...]:
        return tuple(self._kept().done)

    # --- convenience: one method per command -------------------------------------------------

    def start(self) -> CommandRecord:
        return self.apply(cmd.StartEncounter())

    def roll_initiative(self, seed: int | None = None, ability: str | None = None) -> CommandRecord:
        return self.apply(cmd.RollInitiative(seed, ability))

    def set_order(self, order: list[str]) -> CommandRecord:
        return self.apply(cmd.SetOrder(tuple(order)))

    def move(self, combatant: str, steps: int) -> CommandRecord:
        return self.apply(cmd.MoveInOrder(combatant, steps))

    def next_turn(self) -> CommandRecord:
        return self.apply(cmd.NextTurn())

    def give_turn(self, combatant: str) -> CommandRecord:
        return self.apply(cmd.GiveTurn(combatant))

    def spend(
        self, combatant: str, kind: cmd.ActionKind = "full", what: str = "", reaction: bool = False
    ) -> CommandRecord:
        return self.apply(cmd.SpendAction(combatant, kind, what, reaction))

    def check(self, actor: str, skill: str | None = None, **options: Any) -> CommandRecord:
        return self.apply(cmd.Check(actor, skill, **options))

    def spend_ranks(self, check_id: str, effect: str, **options: Any) -> CommandRecord:
        return self.apply(cmd.SpendRanks(check_id, effect, **options))

    def damage(self, attacker: str, target: str, **options: Any) -> CommandRecord:
        return self.apply(cmd.Damage(attacker, target, **options))

    def concede(self, combatant: str | None = None, side: str | None = None) -> CommandRecord:
        return self.apply(cmd.Concede(combatant, side))

    def end_scene(self, clean_victory: bool | None = None) -> CommandRecord:
        return self.apply(cmd.EndScene(clean_victory))

    # --- queries -----------------------------------------------------------------------------

    @property
    def round(self) -> int:
        return self.encounter.round

    def current(self) -> str | None:
        """The combatant whose turn it is, or None."""
        return self.view.actor()

    def order(self) -> list[OrderEntry]:
        view = self.view
        actor = view.actor()
        rnd = self.encounter.round
        result = []
        for combatant_id in self.encounter.turn_order:
            c = view.by_id[combatant_id]
            result.append(
                OrderEntry(
                    c.id,
                    c.name,
                    c.side,
                    c.initiative,
                    c.id == actor,
                    rnd > 0 and c.last_turn >= rnd,
                    view.is_active(c),
                )
            )
        return result

    def actions_left(self, combatant: str) -> tuple[int, int]:
        """(full, bonus) actions left this round (R6)."""
        budget = self.view.combatant(combatant).actions
        return budget.full - budget.full_spent, budget.bonus - budget.bonus_spent

    def can_act(self, combatant: str) -> str | None:
        """Why the combatant cannot act (R5, R6), or None."""
        return self.view.cannot_act(self.view.combatant(combatant))

    def unresisting(self, combatant: str) -> str | None:
        """R5: why the combatant can act but cannot decide (Unresisting), or None."""
        return self.view.unresisting(self.view.combatant(combatant))

    def track_level(self, combatant: str, track: TrackName) -> int:
        return self.view.track_level(self.view.combatant(combatant), track)

    def tracks(self, combatant: str) -> dict[TrackName, int]:
        return self.view.track_levels(self.view.combatant(combatant))

    def is_out(self, combatant: str) -> bool:
        return self.view.is_out(self.view.combatant(combatant))

    def conditions(self, combatant: str) -> list[ConditionInstance]:
        return list(self.view.conditions(self.view.combatant(combatant)))

    def active_modifiers(self, combatant: str) -> list[ActiveModifier]:
        """Every condition on the combatant with what it does and its remaining duration:
        the sheet's standing conditions first, then those of this encounter (as
        ``EncounterView.conditions``)."""
        view = self.view
        c = view.combatant(combatant)
        result = []
        for on_sheet, instances in (
            (True, view.character(c).conditions.instances),
            (False, c.conditions),
        ):
            for instance in instances:
                effect = (
                    describe_modifier(instance.modifier)
                    if instance.modifier
                    else (instance.effect or "")
                )
                result.append(
                    ActiveModifier(
                        c.id,
                        instance.id,
                        instance.name or str(instance.track),
                        instance.duration,
                        self._remaining(instance),
                        effect,
                        on_sheet,
                    )
                )
        return result

    def _remaining(self, instance: ConditionInstance) -> str:
        if instance.expires_round is None or instance.anchor is None:
            if instance.duration == Duration.ROUNDS:
                left = instance.remaining_rounds
                return f"{left} round{'s' if left != 1 else ''} left"
            return instance.duration.label
        # Issue 16: the rounds left first (the column a GM scans), then the exact end (R6).
        left = instance.expires_round - self.encounter.round
        lead = "this round" if left <= 0 else f"{left} round{'s' if left > 1 else ''} left"
        if instance.anchor == "*round":
            return f"{lead}: until the end of round {instance.expires_round}"
        who = self.view.by_id.get(instance.anchor)
        name = who.name if who else instance.anchor
        return f"{lead}: until the end of {name}'s turn in round {instance.expires_round}"

    def scene_over(self) -> bool:
        """R6: no active opposition remains -- at most one side still has anyone active.

        Asked after every command: it stops at the second side still fighting instead of
        reading every combatant's tracks."""
        view = self.view
        fighting: set[str] = set()
        for combatant in self.encounter.combatants:
            if view.is_active(combatant):
                fighting.add(combatant.side.casefold())
                if len(fighting) > 1:
                    return False
        return bool(self.encounter.combatants)

    def effect_menu(self, check_id: str) -> list[EffectOption]:
        """The R4 effects the check's unspent ranks can buy."""
        record = find_check(self.view, check_id)
        if record is None:
            return []
        options = menu(self.ranks_left(check_id))
        if record.effect_roll:
            options = [o for o in options if o.target != "effect_roll"]
        return options

    def ranks_left(self, check_id: str) -> int:
        """Ranks of the check not yet spent (R4)."""
        record = find_check(self.view, check_id)
        if record is None:
            return 0
        return record.ranks_left

    def proposed_spec(
        self,
        combatant: str,
        skill: str | None = None,
        specialization: str | None = None,
        *,
        ability: str | None = None,
        purpose: CheckPurpose = "skill",
        target: str | None = None,
    ) -> tuple[RollSpec, list[Contribution]]:
        """The roll the engine proposes for the combatant's next check (``resolve``)."""
        return proposed_spec(
            self.view,
            combatant,
            skill,
            specialization,
            ability=ability,
            purpose=purpose,
            target=target,
        )
