"""Checks (R2, R3, R4): a roll against nothing, a difficulty, or a fixed or active
resistance, with single-check modifiers and help used up (R4, R6)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from sheets.dice import RollResult, roll_seeded
from sheets.dice.text import roll_as_dict
from sheets.documents import CheckRecord, Combatant
from sheets.documents.condition_state import (
    CheckPurpose,
)
from sheets.encounter import initiative, log
from sheets.encounter.commands.base import (
    ActionKind,
    Command,
    Context,
    Outcome,
    require_running,
)
from sheets.encounter.commands.check_records import new_check_id
from sheets.encounter.commands.flow import spend
from sheets.encounter.resolve import (
    ResistanceKind,
    Resolution,
    mental_modifier,
)
from sheets.encounter.state import CommandRefused
from sheets.skills import CheckNotPossible, check_dice


def _fixed_value(
    ctx: Context, combatant: Combatant, skill: str | None, ability: str | None
) -> tuple[int, str]:
    """R4 fixed resistance: 3 x dice + pips, with fixed-value effects and R5 attitude."""
    view = ctx.view
    character = view.character(combatant)
    try:
        dice = check_dice(character, skill, ability=ability)
    except CheckNotPossible as error:
        raise CommandRefused(str(error)) from None
    value = dice.code.fixed_value
    words = [f"{dice.describe()} fixed {value}"]
    names = {n.casefold() for n in (skill, dice.skill) if n}
    for instance in view.conditions(combatant):
        modifier = instance.modifier
        if modifier is None:
            continue
        if modifier.skill and modifier.skill.casefold() not in names:
            continue
        if modifier.ability and modifier.ability.casefold() != dice.ability.casefold():
            continue
        if modifier.fixed:
            value += modifier.fixed
            words.append(f"{instance.name} {modifier.fixed:+d}")
        elif modifier.dice and not modifier.single_check and (modifier.skill or modifier.ability):
            # Ruling (ours): +/-1D to a skill or ability moves its fixed value by 3 per die.
            value += 3 * modifier.dice
            words.append(f"{instance.name} {3 * modifier.dice:+d}")
    mental = mental_modifier(character, skill)
    if mental:
        value += mental
        state = character.conditions
        words.append(f"{state.attitude}/{state.willpower} {mental:+d} (R5)")
    return value, ", ".join(words)


def consume(ctx: Context, combatant: Combatant, sources: list[str]) -> None:
    """Use up single-check modifiers and help (R4 "a single check", R6)."""
    view = ctx.view
    for source in sources:
        kind, _, rest = source.partition(":")
        if kind == "condition":
            owner, _, condition_id = rest.partition(":")
            items, index = view.find_condition(owner, condition_id)
            view.remove_instance(ctx.changes, owner, items, index)
        elif kind == "help":
            for index, pending in enumerate(combatant.help):
                if pending.helper == rest:
                    ctx.changes.pop(combatant.help, index)
                    ctx.changes.mark(combatant.id)
                    break


@dataclass(frozen=True, slots=True)
class Check(Command):
    """A check (R2, R3) against nothing, a difficulty, or a fixed or active resistance (R4).

    The roll is the one the engine proposes (modifiers and help folded in, R4, R6); the
    ranks it buys are recorded under the check's id to be spent from the R4 menu."""

    actor: str
    skill: str | None = None
    specialization: str | None = None
    ability: str | None = None
    purpose: CheckPurpose = "skill"
    target: str | None = None
    difficulty: int | None = None
    resist_skill: str | None = None
    resist_ability: str | None = None
    resistance: ResistanceKind = "active"
    """With ``resist_skill``/``resist_ability``: a roll or the fixed value (R4)."""
    action: ActionKind | None = None
    reaction: bool = False
    label: str = ""
    seed: int | None = None
    total: int | None = None
    """The total when the dice were rolled at the table (no seed is used)."""
    resist_total: int | None = None
    entry_type: ClassVar[str] = "roll"

    def run(self, ctx: Context) -> Outcome:
        view = ctx.view
        require_running(view)
        actor = view.combatant(self.actor)
        reason = view.cannot_act(actor)
        if reason is not None:
            raise CommandRefused(
                reason + (": it resists with fixed values only" if actor.conceded else "")
            )
        action_words = ""
        if self.action is not None:
            action_words = spend(ctx, self.actor, self.action, self.reaction)
        spec, contributions = ctx.engine.proposed_spec(
            self.actor,
            self.skill,
            self.specialization,
            ability=self.ability,
            purpose=self.purpose,
            target=self.target,
        )
        seed = int(self.seed or 0)
        rolls: list[RollResult] = []
        if self.total is not None:
            total = self.total
        else:
            rolled = roll_seeded(spec, initiative.sub_seed(seed, "check"))
            rolls.append(rolled)
            total = rolled.total
        consume(ctx, actor, [c.source for c in contributions if c.consumed])
        against, against_words = self._against(ctx, seed, rolls)
        resolution = Resolution(total, against)
        label = self.label or self.specialization or self.skill or self.ability or "check"
        check_id = new_check_id(ctx)
        record = CheckRecord(
            actor=self.actor,
            target=self.target,
            ranks=resolution.ranks,
            round=view.encounter.round,
        )
        ctx.changes.put(view.encounter.engine_state.checks, check_id, record)
        words = log.check_words(label, str(spec.code), against, total)
        if against_words:
            words += f" ({against_words})"
        extra = [c for c in contributions if c.source != "sheet"]
        if extra:
            words += " [" + "; ".join(f"{c.label} {c.change}" for c in extra) + "]"
        if action_words:
            words += f", {action_words}"
        data = {
            **self.inputs(),
            "check_id": check_id,
            "total": total,
            "against": against,
            "result_points": resolution.points,
            "rank": resolution.ranks,
            "rolls": [roll_as_dict(r) for r in rolls],
            "contributions": [c.source for c in contributions],
        }
        text = ctx.log(self.actor, self.entry_type, words, data)
        return Outcome(text, data, check_id, resolution.ranks, tuple(rolls))

    def _against(self, ctx: Context, seed: int, rolls: list[RollResult]) -> tuple[int | None, str]:
        if self.difficulty is not None:
            return self.difficulty, ""
        if self.resist_skill is None and self.resist_ability is None:
            return None, ""
        if self.target is None:
            raise CommandRefused("a resistance needs the target who resists (R4)")
        view = ctx.view
        target = view.combatant(self.target)
        fixed = self.resistance == "fixed"
        why = ""
        if target.conceded or view.is_out(target):
            fixed, why = True, " (R6: fixed only)"
        if fixed:
            value, words = _fixed_value(ctx, target, self.resist_skill, self.resist_ability)
            return value, f"{target.name}: {words}{why}"
        if self.resist_total is not None:
            return self.resist_total, f"{target.name} rolled {self.resist_total}"
        spec, contributions = ctx.engine.proposed_spec(
            self.target, self.resist_skill, ability=self.resist_ability, purpose="defence"
        )
        mental = mental_modifier(view.character(target), self.resist_skill)
        if mental:
            spec = spec.replace(modifier=spec.modifier + mental)
        rolled = roll_seeded(spec, initiative.sub_seed(seed, "resist"))
        rolls.append(rolled)
        consume(ctx, target, [c.source for c in contributions if c.consumed])
        extra = f", attitude/willpower {mental:+d}" if mental else ""
        return rolled.total, f"{target.name} rolled {spec.code}{extra} -> {rolled.total}"
