"""Conditions by the GM's word (R4, R5): create, change a duration, remove, attitude
and willpower, status tests."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar, Literal

from sheets.conditions import TrackName, status_level_name, status_test_difficulty
from sheets.dice import RollResult, new_seed, roll_seeded
from sheets.dice.text import roll_as_dict
from sheets.documents import StatusCondition
from sheets.documents.condition_state import (
    CheckModifier,
)
from sheets.encounter import conditions as cond
from sheets.encounter import initiative
from sheets.encounter.commands.base import (
    Command,
    Context,
    Outcome,
    out_words,
)
from sheets.encounter.state import CommandRefused
from sheets.results import Duration

# --- conditions by hand (the GM), R5 ----------


@dataclass(frozen=True, slots=True)
class CreateCondition(Command):
    """Create a condition directly (a trap, a spell, the GM): R5 kinds, R6 expiry."""

    owner: str
    name: str = ""
    kind: Literal["discrete", "progressive", "cumulative"] = "discrete"
    track: TrackName | None = None
    ranks: int = 1
    duration: Duration = Duration.UNTIL_RECOVERED
    rounds: int | None = None
    """For ``Duration.ROUNDS``; None rolls 1D from the seed (R6)."""
    group: str = ""
    effect: str = ""
    source: str = ""
    modifier: CheckModifier | None = None
    seed: int | None = None
    entry_type: ClassVar[str] = "condition"

    def resolved(self) -> Command:
        if self.duration == Duration.ROUNDS and self.rounds is None and self.seed is None:
            return replace(self, seed=new_seed())
        return self

    def run(self, ctx: Context) -> Outcome:
        view = ctx.view
        if view.encounter.state == "ended":
            raise CommandRefused("the scene has ended")
        rounds = self.rounds
        if self.duration == Duration.ROUNDS and rounds is None:
            rounds = cond.roll_rounds(int(self.seed or 0))
        try:
            created = cond.create(
                view,
                ctx.changes,
                self.owner,
                name=self.name,
                kind=self.kind,
                track=self.track,
                ranks=self.ranks,
                duration=self.duration,
                rounds=rounds,
                group=self.group,
                source=self.source,
                effect=self.effect,
                modifier=self.modifier,
            )
        except ValueError as error:
            raise CommandRefused(str(error)) from None
        target = view.combatant(self.owner)
        if created.instance is None:
            words = f"already has {self.name}: a discrete condition is not created twice (R5)"
        else:
            words = f"gains {cond.describe(created.instance)}"
            if created.replaced:
                words += " (replaces " + ", ".join(cond.describe(r) for r in created.replaced) + ")"
            words += out_words(view, target)
        data = {**self.inputs(), "condition": created.instance.id if created.instance else None}
        if self.modifier is not None:
            data["modifier"] = self.modifier.model_dump(mode="json")
        over = ctx.engine.scene_over()
        return Outcome(ctx.log(self.owner, self.entry_type, words, data), data, scene_over=over)


@dataclass(frozen=True, slots=True)
class ChangeDuration(Command):
    """An R4 duration change by the GM's word (``round``, ``extend_to_encounter``...)."""

    owner: str
    condition_id: str
    effect: str
    sign: int = 1
    seed: int | None = None
    entry_type: ClassVar[str] = "condition"

    def resolved(self) -> Command:
        if self.effect == "shorten_to_rounds" and self.seed is None:
            return replace(self, seed=new_seed())
        return self

    def run(self, ctx: Context) -> Outcome:
        before, after = cond.change_duration(
            ctx.view,
            ctx.changes,
            self.owner,
            self.condition_id,
            self.effect,
            sign=1 if self.sign >= 0 else -1,
            seed=int(self.seed or 0),
        )
        words = f"{cond.describe(before)} -> " + (
            cond.describe(after) if after is not None else "ends now"
        )
        return Outcome(ctx.log(self.owner, self.entry_type, words, self.inputs()))


@dataclass(frozen=True, slots=True)
class RemoveCondition(Command):
    """Remove a condition: recovered (R5) or ended by the GM."""

    owner: str
    condition_id: str
    reason: str = "recovered"
    entry_type: ClassVar[str] = "condition"

    def run(self, ctx: Context) -> Outcome:
        view = ctx.view
        combatant = view.combatant(self.owner)
        items, _ = view.find_condition(self.owner, self.condition_id)
        if items is not combatant.conditions:
            ctx.touch(combatant)
        removed = cond.remove(view, ctx.changes, self.owner, self.condition_id)
        words = f"{cond.describe(removed)} removed ({self.reason})"
        return Outcome(ctx.log(self.owner, self.entry_type, words, self.inputs()))


@dataclass(frozen=True, slots=True)
class ShiftAttitude(Command):
    """R5: move attitude or willpower along its ladder (progressive: it replaces)."""

    owner: str
    which: Literal["attitude", "willpower"] = "attitude"
    steps: int = 1
    entry_type: ClassVar[str] = "condition"

    def run(self, ctx: Context) -> Outcome:
        old, new = cond.step_attitude(ctx.view, ctx.changes, self.owner, self.which, self.steps)
        ctx.touch(ctx.view.combatant(self.owner))
        return Outcome(
            ctx.log(self.owner, self.entry_type, f"{self.which} {old} -> {new}", self.inputs())
        )


@dataclass(frozen=True, slots=True)
class StatusTest(Command):
    """R5: test a status condition (or the scene clock): failing moves it one level down,
    never more; success stays."""

    status: str
    owner: str | None = None
    """Whose status; None for the encounter's clock."""
    roller: str | None = None
    """Who rolls the test (default: the owner), with ``skill``."""
    skill: str | None = None
    total: int | None = None
    seed: int | None = None
    entry_type: ClassVar[str] = "status"

    def resolved(self) -> Command:
        if self.total is None and self.seed is None:
            return replace(self, seed=new_seed())
        return self

    def run(self, ctx: Context) -> Outcome:
        view = ctx.view
        status: StatusCondition | None
        if self.owner is None:
            status = view.encounter.clock
            if status is None or status.name.casefold() != self.status.casefold():
                raise CommandRefused(f"the encounter has no clock '{self.status}'")
        else:
            combatant = view.combatant(self.owner)
            status = next(
                (
                    s
                    for s in view.character(combatant).conditions.statuses
                    if s.name.casefold() == self.status.casefold()
                ),
                None,
            )
            if status is None:
                raise CommandRefused(f"{combatant.name} has no status '{self.status}'")
            ctx.touch(combatant)
        difficulty = status_test_difficulty(status.level)
        if difficulty is None:
            raise CommandRefused(
                f"{status.name} is {status_level_name(status.scale, status.level)}: "
                "nothing left to test (R5)"
            )
        rolls: list[RollResult] = []
        if self.total is not None:
            total = self.total
        else:
            roller = self.roller or self.owner
            if roller is None:
                raise CommandRefused("say who rolls the test, or give the total")
            spec, _ = ctx.engine.proposed_spec(roller, self.skill or status.tested_with or None)
            rolled = roll_seeded(spec, initiative.sub_seed(int(self.seed or 0), "status"))
            rolls.append(rolled)
            total = rolled.total
        before = status_level_name(status.scale, status.level)
        if total < difficulty:
            ctx.changes.set(status, "level", status.level + 1)
        after = status_level_name(status.scale, status.level)
        words = f"tests {status.name}: {total} vs {difficulty} -> " + (
            f"{before} -> {after}" if total < difficulty else f"stays {before}"
        )
        data = {
            **self.inputs(),
            "total": total,
            "difficulty": difficulty,
            "rolls": [roll_as_dict(r) for r in rolls],
        }
        return Outcome(
            ctx.log(self.roller or self.owner, self.entry_type, words, data),
            data,
            rolls=tuple(rolls),
        )
