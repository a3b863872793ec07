"""Conceding, action points (R6, R7), combined actions (R6) and fear (R8)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from sheets.dice import RollResult, roll_seeded
from sheets.dice.text import roll_as_dict
from sheets.documents import Character, Combatant
from sheets.documents.encounter import HelpMode, PendingHelp
from sheets.encounter import conditions as cond
from sheets.encounter import fear, initiative
from sheets.encounter.combined import help_dice
from sheets.encounter.commands.base import (
    ActionKind,
    Command,
    Context,
    Json,
    Outcome,
    require_running,
)
from sheets.encounter.commands.flow import spend
from sheets.encounter.state import CommandRefused
from sheets.fame import fame_standing

# --- conceding and action points (R6, R7) ----------


@dataclass(frozen=True, slots=True)
class Concede(Command):
    """R6: the combatant, several chosen together, or a whole side concedes: no more
    actions, fixed resistance only, no rejoining; a conceding player character gains 1
    action point at scene end. Several together are one step: refused whole (one of them
    conceded already) or applied whole."""

    combatant: str | None = None
    side: str | None = None
    combatants: tuple[str, ...] = ()
    entry_type: ClassVar[str] = "concede"

    def run(self, ctx: Context) -> Outcome:
        view = ctx.view
        require_running(view)
        chosen = (self.combatant,) if self.combatant is not None else self.combatants
        if chosen:
            who = [view.combatant(cid) for cid in dict.fromkeys(chosen)]
            done = [c.name for c in who if c.conceded]
            if done:
                raise CommandRefused(f"{', '.join(done)} conceded already (R6)")
        elif self.side is not None:
            key = self.side.casefold()
            who = [
                c for c in view.encounter.combatants if c.side.casefold() == key and not c.conceded
            ]
            if not who:
                raise CommandRefused(f"nobody on side '{self.side}' is left to concede")
        else:
            raise CommandRefused("say who concedes")
        names = []
        for combatant in who:
            ctx.changes.set(combatant, "conceded", True)
            if view.is_player_character(combatant):
                ctx.changes.set(
                    combatant, "pending_action_points", combatant.pending_action_points + 1
                )
                names.append(f"{combatant.name} (1 action point at the end of the scene)")
            else:
                names.append(combatant.name)
        over = ctx.engine.scene_over()
        words = "concedes: " + ", ".join(names)
        if over:
            words += ". No active opposition remains: the scene can end (R6)"
        return Outcome(
            ctx.log(self.combatant, self.entry_type, words, self.inputs()), scene_over=over
        )


@dataclass(frozen=True, slots=True)
class AwardActionPoints(Command):
    """R7: action points for an accepted complication (at the end of the scene) or a GM
    award (now)."""

    combatant: str
    points: int = 1
    at_scene_end: bool = True
    reason: str = ""
    entry_type: ClassVar[str] = "points"

    def run(self, ctx: Context) -> Outcome:
        combatant = ctx.view.combatant(self.combatant)
        if self.at_scene_end:
            ctx.changes.set(
                combatant,
                "pending_action_points",
                max(0, combatant.pending_action_points + self.points),
            )
            words = f"{self.points:+d} action point(s) at the end of the scene"
        else:
            character = ctx.view.character(combatant)
            ctx.changes.set(
                character, "action_points", max(0, character.action_points + self.points)
            )
            ctx.touch(combatant)
            words = f"{self.points:+d} action point(s) now"
        if self.reason:
            words += f" ({self.reason})"
        return Outcome(ctx.log(self.combatant, self.entry_type, words, self.inputs()))


# --- combined actions (R6) ----------


@dataclass(frozen=True, slots=True)
class Help(Command):
    """R6 combined action: the helper's skill + specialization dice join the primary's
    check as Boost (enhance) or Penalty (blunt) dice; helping yourself readies them for
    your next turn. Ruling (ours): helping takes the helper's full action by default."""

    helper: str
    primary: str
    skill: str
    specialization: str | None = None
    mode: HelpMode = "enhance"
    action: ActionKind | None = "full"
    entry_type: ClassVar[str] = "help"

    def run(self, ctx: Context) -> Outcome:
        view = ctx.view
        require_running(view)
        helper = view.combatant(self.helper)
        primary = view.combatant(self.primary)
        reason = view.cannot_act(helper)
        if reason is not None:
            raise CommandRefused(reason)
        dice = help_dice(view.character(helper), self.skill, self.specialization)
        if dice.dice == 0:
            raise CommandRefused(f"{helper.name} has no whole dice in {self.skill} to add (R6)")
        action_words = spend(ctx, self.helper, self.action) if self.action else ""
        now = view.encounter.round
        if self.helper == self.primary:
            ready, expires = now + 1, now + 1  # R6: readied for your next turn
        else:
            done = primary.last_turn >= now > 0
            ready, expires = 0, now + 1 if done else max(now, 1)
        pending = PendingHelp(
            helper=self.helper,
            skill=dice.words,
            dice=dice.dice,
            mode=self.mode,
            ready_round=ready,
            expires_round=expires,
        )
        ctx.changes.append(primary.help, pending)
        ctx.changes.mark(primary.id)
        kind = "Boost" if self.mode == "enhance" else "Penalty"
        whom = (
            "readies a combined action"
            if self.helper == self.primary
            else (f"{'helps' if self.mode == 'enhance' else 'blunts'} {primary.name}")
        )
        words = f"{whom}: {dice.words} -> {kind} {dice.dice}"
        if action_words:
            words += f", {action_words}"
        return Outcome(ctx.log(self.helper, self.entry_type, words, self.inputs()))


# --- fear (R8) ----------


def creature_kind(combatant: Combatant, character: Character) -> str:
    """Ruling (ours): a creature's kind is its template file, else its file, else its name."""
    return combatant.template or combatant.character_file or character.name


@dataclass(frozen=True, slots=True)
class FearCheck(Command):
    """R8: creatures of one kind appear; each player-side character not yet tolerant of
    them rolls against Fear x count, less the group's Fame; or, when Fame exceeds the
    Fear, the creatures roll Intelligence against the Fame."""

    creatures: tuple[str, ...]
    skill: str | None = None
    """What the heroes roll; None: by R8, Willpower, else Wisdom, else Discipline."""
    seed: int | None = None
    entry_type: ClassVar[str] = "fear"

    def run(self, ctx: Context) -> Outcome:
        view = ctx.view
        require_running(view)
        if not self.creatures:
            raise CommandRefused("name the creatures that appear")
        found = [view.combatant(c) for c in self.creatures]
        first = view.character(found[0])
        rating = first.fear_rating
        if rating <= 0:
            raise CommandRefused(f"{first.name} has no Fear rating (R8)")
        kind = creature_kind(found[0], first)
        heroes = [
            c
            for c in view.encounter.combatants
            if view.side_is_players(c.side) and c.id not in self.creatures
        ]
        fame = sum(view.character(c).fame for c in heroes)
        setup = fear.fear_setup(rating, len(found), fame)
        seed = int(self.seed or 0)
        rolls: list[RollResult] = []
        # R8: the Fame ladder says what the group's name means to what it meets.
        lines = [
            f"Fear {rating} x {len(found)} = {setup.fear}, group Fame {fame} "
            f"({fame_standing(fame)})"
        ]
        results: list[Json] = []
        if setup.creatures_roll:
            for creature in found:
                spec, _ = ctx.engine.proposed_spec(creature.id, ability=fear.CREATURE_ABILITY)
                rolled = roll_seeded(spec, initiative.sub_seed(seed, creature.id))
                rolls.append(rolled)
                tangles = rolled.total >= fame
                lines.append(
                    f"{creature.name} rolls {rolled.total} vs Fame {fame}: "
                    + ("dares to fight" if tangles else "does not want to tangle")
                )
                results.append({"id": creature.id, "total": rolled.total, "dares": tangles})
        elif setup.difficulty == 0:
            lines.append("Fame cancels the Fear: no check")
        else:
            lines.append(f"difficulty {setup.difficulty}")
            met = self._met(ctx, kind)
            for hero in heroes:
                sheet = view.character(hero)
                memory = next((m for m in sheet.conditions.fear_memory if m.creature == kind), None)
                if memory is not None and memory.tolerant:
                    lines.append(f"{hero.name} no longer fears them (R8)")
                    continue
                if hero.id in met:
                    lines.append(f"{hero.name} has met them already in this encounter")
                    continue
                met.append(hero.id)
                skill, ability = (self.skill, None) if self.skill else fear.fear_roll(sheet)
                try:
                    spec, _ = ctx.engine.proposed_spec(hero.id, skill, ability=ability)
                except CommandRefused:
                    spec, _ = ctx.engine.proposed_spec(hero.id, ability="Presence")
                rolled = roll_seeded(spec, initiative.sub_seed(seed, hero.id))
                rolls.append(rolled)
                margin = setup.difficulty - rolled.total
                band = fear.fear_band(margin)
                if band is None:
                    lines.append(f"{hero.name} {rolled.total}: unafraid")
                    results.append({"id": hero.id, "total": rolled.total, "band": None})
                    continue
                made = []
                for part in band.parts:
                    created = cond.create(
                        view,
                        ctx.changes,
                        hero.id,
                        name=fear.part_name(band, part, first.name),
                        kind="cumulative",
                        duration=part.duration,
                        rounds=part.rounds,
                        source=f"fear of {first.name}",
                        modifier=fear.part_modifier(part, list(self.creatures)),
                    )
                    assert created.instance is not None
                    made.append(cond.describe(created.instance))
                lines.append(f"{hero.name} {rolled.total}: fails by {margin}, " + "; ".join(made))
                results.append({"id": hero.id, "total": rolled.total, "band": band.name})
            self._remember(ctx, kind, met)
        data = {
            **self.inputs(),
            "kind": kind,
            "fear": setup.fear,
            "fame": fame,
            "difficulty": setup.difficulty,
            "results": results,
            "rolls": [roll_as_dict(r) for r in rolls],
        }
        return Outcome(
            ctx.log(None, self.entry_type, ". ".join(lines), data), data, rolls=tuple(rolls)
        )

    def _met(self, ctx: Context, kind: str) -> list[str]:
        return list(ctx.view.encounter.engine_state.fear.get(kind, ()))

    def _remember(self, ctx: Context, kind: str, met: list[str]) -> None:
        state = ctx.view.encounter.engine_state
        ctx.changes.set(state, "fear", {**state.fear, kind: list(met)})
