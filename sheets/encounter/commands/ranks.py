"""Spending a check's ranks on one effect of the R4 menu."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from sheets.conditions import TrackName
from sheets.encounter import conditions as cond
from sheets.encounter.commands.base import (
    Command,
    Context,
    Outcome,
    name_of,
    out_words,
    require_running,
)
from sheets.encounter.commands.check_records import check_record, pay
from sheets.encounter.effects import (
    EFFECTS,
    NEXT_ROUND_EFFECTS,
    VARIABLE_COST,
    check_modifier,
)
from sheets.encounter.state import CommandRefused
from sheets.results import RANKS, Duration


@dataclass(frozen=True, slots=True)
class SpendRanks(Command):
    """Spend a check's ranks on one effect of the R4 menu (see ``effects.EFFECT_MENU``)."""

    check_id: str
    effect: str
    target: str | None = None
    """Who the effect lands on (default: the check's target, else its actor)."""
    sign: int = 1
    skill: str = ""
    ability: str = ""
    condition_id: str | None = None
    """For duration effects and recovery: the condition, on ``target``."""
    ranks: int | None = None
    """For a condition or track hit: its ranks; for attitude/willpower: the steps."""
    name: str = ""
    track: TrackName | None = None
    kind: Literal["discrete", "progressive", "cumulative"] = "discrete"
    seed: int | None = None
    entry_type: ClassVar[str] = "effect"

    def run(self, ctx: Context) -> Outcome:
        view = ctx.view
        require_running(view)
        option = EFFECTS.get(self.effect)
        if option is None:
            raise CommandRefused(f"'{self.effect}' is not on the R4 effect menu")
        record = check_record(ctx, self.check_id)
        actor = record.actor
        target_id = self.target or record.target or actor
        target = view.combatant(target_id)
        sign = 1 if self.sign >= 0 else -1
        source = f"{name_of(view, actor)} ({self.check_id})"
        cost = option.ranks
        if self.effect in VARIABLE_COST:
            if self.effect == "recover":
                if self.condition_id is None:
                    raise CommandRefused("name the condition to recover")
                items, index = view.find_condition(target_id, self.condition_id)
                cost = items[index].ranks  # R5: the same result points that created it
            else:
                cost = self.ranks or 1
        if self.effect == "effect_roll":
            raise CommandRefused("an effect roll is made with the damage command (R4)")
        if self.effect == "effect_roll_dice":
            pay(ctx, self.check_id, cost, effect_dice=record.effect_dice + sign)
            words = f"{sign:+d}D to the effect roll of {self.check_id}"
            return self._done(ctx, actor, words)
        pay(ctx, self.check_id, cost)
        if option.target == "check" or option.target == "actions":
            from_round = view.encounter.round + 1
            try:
                modifier, duration, name = check_modifier(
                    self.effect,
                    sign,
                    skill=self.skill,
                    ability=self.ability,
                    from_round=from_round,
                )
            except ValueError as error:
                raise CommandRefused(str(error)) from None
            created = cond.create(
                view,
                ctx.changes,
                target_id,
                name=name,
                kind="cumulative",
                duration=duration,
                source=source,
                modifier=modifier,
                until_next_round_end=self.effect in NEXT_ROUND_EFFECTS,
            )
            assert created.instance is not None
            words = f"{target.name}: {cond.describe(created.instance)}"
        elif option.target == "duration":
            if self.condition_id is None:
                raise CommandRefused("name the condition whose duration changes (R4)")
            before, after = cond.change_duration(
                view,
                ctx.changes,
                target_id,
                self.condition_id,
                self.effect,
                sign=sign,
                seed=int(self.seed or 0),
            )
            words = f"{target.name}'s {cond.describe(before)} -> " + (
                cond.describe(after) if after is not None else "ends now"
            )
        elif option.target == "points":
            # Ruling (ours): +/-1 action point (R4 rank 4) changes the sheet now, never
            # below 0.
            character = view.character(target)
            points = max(0, character.action_points + sign)
            ctx.changes.set(character, "action_points", points)
            ctx.touch(target)
            words = f"{target.name} {sign:+d} action point (now {points})"
        elif self.effect in ("attitude", "willpower"):
            old, new = cond.step_attitude(view, ctx.changes, target_id, self.effect, sign * cost)
            ctx.touch(target)
            words = f"{target.name}'s {self.effect}: {old} -> {new} (R5)"
        elif self.effect == "recover":
            assert self.condition_id is not None
            removed = cond.remove(view, ctx.changes, target_id, self.condition_id)
            if removed not in target.conditions:
                ctx.touch(target)
            words = f"{target.name} recovers from {cond.describe(removed)}"
        elif self.effect in ("condition", "track", "ability"):
            words = self._condition(ctx, target_id, cost, source)
        else:  # pragma: no cover - every menu entry is handled above
            raise CommandRefused(f"'{self.effect}' cannot be spent here")
        return self._done(ctx, actor, words)

    def _condition(self, ctx: Context, target_id: str, cost: int, source: str) -> str:
        view = ctx.view
        target = view.combatant(target_id)
        if self.effect == "ability":
            what = self.ability or "an ability"
            name = f"{'+' if self.sign >= 0 else '-'}1 ability: {what}"
            created = cond.create(
                view,
                ctx.changes,
                target_id,
                name=name,
                kind="cumulative",
                duration=Duration.END_OF_SCENE,
                source=source,
            )
        else:
            rank = RANKS[min(cost, len(RANKS)) - 1]
            if self.effect == "track":
                if self.track is None:
                    raise CommandRefused("name the track: damage, composure or body (R5)")
                created = cond.create(
                    view,
                    ctx.changes,
                    target_id,
                    track=self.track,
                    ranks=cost,
                    duration=rank.duration,
                    source=source,
                )
            else:
                if not self.name:
                    raise CommandRefused("a condition needs a name (R5)")
                created = cond.create(
                    view,
                    ctx.changes,
                    target_id,
                    name=self.name,
                    kind=self.kind,
                    ranks=cost,
                    duration=rank.duration,
                    source=source,
                )
        if created.instance is None:
            return f"{target.name} already has {self.name} (discrete: ignored, R5)"
        words = f"{target.name}: {cond.describe(created.instance)}"
        if created.replaced:
            words += " (replaces " + ", ".join(cond.describe(r) for r in created.replaced) + ")"
        return words + out_words(view, target)

    def _done(self, ctx: Context, actor: str, words: str) -> Outcome:
        over = ctx.engine.scene_over()
        text = ctx.log(
            actor, self.entry_type, f"spends ranks of {self.check_id}: {words}", self.inputs()
        )
        return Outcome(text, self.inputs(), self.check_id, scene_over=over)
