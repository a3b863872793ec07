"""Checks (R4): rolls against difficulties and resistances, their ranks spent from
the R4 menu, and damage as the effect roll (R5, R9)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, Literal

from sheets.conditions import TRACK_LEVELS, TrackName
from sheets.damage import resolve_body_points, resolve_wound
from sheets.dice import DieCode, RollResult, roll_seeded
from sheets.dice.text import roll_as_dict
from sheets.documents import Character, Combatant
from sheets.documents.condition_state import (
    CheckPurpose,
)
from sheets.encounter import conditions as cond
from sheets.encounter import initiative, log
from sheets.encounter.commands.base import (
    ActionKind,
    Command,
    Context,
    Outcome,
    name_of,
    out_words,
    require_running,
)
from sheets.encounter.commands.flow import spend
from sheets.encounter.effects import (
    EFFECTS,
    NEXT_ROUND_EFFECTS,
    VARIABLE_COST,
    check_modifier,
)
from sheets.encounter.resolve import (
    Facing,
    ResistanceKind,
    Resolution,
    damage_setup,
    mental_modifier,
)
from sheets.encounter.state import CommandRefused, EncounterView
from sheets.results import RANKS, Duration
from sheets.skills import CheckNotPossible, check_dice

# --- checks (R4) ----------


def _checks(view: EncounterView) -> dict[str, Any]:
    checks = view.encounter.engine_state.get("checks")
    return checks if isinstance(checks, dict) else {}


def _ensure_checks(ctx: Context) -> dict[str, Any]:
    state = ctx.view.encounter.engine_state
    if not isinstance(state.get("checks"), dict):
        ctx.changes.put(state, "checks", {})
    checks = state["checks"]
    assert isinstance(checks, dict)
    return checks


def _new_check_id(ctx: Context) -> str:
    state = ctx.view.encounter.engine_state
    number = state.get("next_check", 1)
    number = number if isinstance(number, int) else 1
    ctx.changes.put(state, "next_check", number + 1)
    return f"k{number}"


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
        check_id = _new_check_id(ctx)
        checks = _ensure_checks(ctx)
        record = {
            "actor": self.actor,
            "target": self.target,
            "ranks": resolution.ranks,
            "spent": 0,
            "effect_roll": False,
            "effect_dice": 0,
            "round": view.encounter.round,
        }
        ctx.changes.put(checks, check_id, record)
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
            spec = replace(spec, modifier=spec.modifier + mental)
        rolled = roll_seeded(spec, initiative.sub_seed(seed, "resist"))
        rolls.append(rolled)
        consume(ctx, target, [c.source for c in contributions if c.consumed])
        extra = f", attitude/willpower {mental:+d}" if mental else ""
        return rolled.total, f"{target.name} rolled {spec.code}{extra} -> {rolled.total}"


def _check_record(ctx: Context, check_id: str) -> dict[str, Any]:
    record = _checks(ctx.view).get(check_id)
    if not isinstance(record, dict):
        raise CommandRefused(f"there is no check '{check_id}' in this encounter")
    return record


def _pay(ctx: Context, check_id: str, cost: int, **update: Any) -> dict[str, Any]:
    record = _check_record(ctx, check_id)
    left = int(record["ranks"]) - int(record["spent"])
    if cost > left:
        raise CommandRefused(f"that costs {cost} rank(s); the check has {left} left (R4)")
    new = {**record, "spent": int(record["spent"]) + cost, **update}
    ctx.changes.put(_checks(ctx.view), check_id, new)
    return new


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
        record = _check_record(ctx, self.check_id)
        actor = str(record["actor"])
        target_id = self.target or record.get("target") or actor
        assert isinstance(target_id, str)
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
            _pay(ctx, self.check_id, cost, effect_dice=int(record["effect_dice"]) + sign)
            words = f"{sign:+d}D to the effect roll of {self.check_id}"
            return self._done(ctx, actor, words)
        _pay(ctx, self.check_id, cost)
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


# --- damage (R4 effect roll, R5 tracks, R9, R10) ----------


@dataclass(frozen=True, slots=True)
class Damage(Command):
    """An effect roll (R4): damage against Strength or toughness + armour (R9), read by the
    campaign's damage system (R10): ``conditions`` makes a damage or body condition of the
    ranks it buys (R5), lasting by rank (R4); ``wounds`` reads damage minus resistance on
    the wound chart; ``body_points`` takes the damage less armour from the pool
    (``sheets.damage``). Wounds and body points live on the target's sheet.

    Ruling (ours): the resistance is rolled (R9 speaks of "the resistance roll") unless
    the GM asks for the fixed value or the target has conceded (R6); check modifiers
    (fear, R4 effects) do not touch damage or resistance rolls, which are not checks."""

    attacker: str
    target: str
    weapon: str | None = None
    damage: str | None = None
    """A die code instead of (or overriding) the weapon's damage."""
    penetration: str | None = None
    performance_level: int | None = None
    scale: int | None = None
    facing: Facing = "front"
    resistance: ResistanceKind = "active"
    check_id: str | None = None
    """The check that bought this effect roll: costs 1 of its ranks, once (R4)."""
    seed: int | None = None
    total: int | None = None
    resist_total: int | None = None
    entry_type: ClassVar[str] = "damage"

    def run(self, ctx: Context) -> Outcome:
        view = ctx.view
        require_running(view)
        attacker = view.combatant(self.attacker)
        target = view.combatant(self.target)
        if attacker.conceded or view.is_out(attacker):
            raise CommandRefused(view.cannot_act(attacker) or "cannot act")
        sheet = view.character(attacker)
        code, pen, pl, scale, label = self._weapon(sheet)
        extra = 0
        if self.check_id is not None:
            record = _check_record(ctx, self.check_id)
            if record.get("effect_roll"):
                raise CommandRefused(
                    f"{self.check_id} has made its effect roll: one per check (R4)"
                )
            extra = int(record.get("effect_dice", 0))
            _pay(ctx, self.check_id, 1, effect_roll=True)
        setup = damage_setup(
            damage=code,
            penetration=pen,
            weapon_pl=pl,
            weapon_scale=scale,
            target=view.character(target),
            facing=self.facing,
            rules=view.rules,
            extra_dice=extra,
        )
        system = view.rules.damage_system
        if system == "body_points":
            setup = setup.armour_only()  # R10 Ruling (ours): only armour resists
        seed = int(self.seed or 0)
        rolls: list[RollResult] = []
        damage_spec = setup.damage_spec(view.rules)
        if self.total is not None:
            total = self.total
        else:
            rolled = roll_seeded(damage_spec, initiative.sub_seed(seed, "damage"))
            rolls.append(rolled)
            total = rolled.total
        fixed = self.resistance == "fixed" or target.conceded
        if fixed:
            against = setup.fixed_resistance
            resist_words = f"fixed {against}" + (" (conceded, R6)" if target.conceded else "")
        elif self.resist_total is not None:
            against = self.resist_total
            resist_words = f"rolled {against}"
        else:
            resisted = roll_seeded(
                setup.resistance_spec(view.rules), initiative.sub_seed(seed, "resist")
            )
            rolls.append(resisted)
            against = resisted.total
            resist_words = f"rolled {against}"
        resolution = Resolution(total, against)
        words = (
            f"{label} {setup.damage_code}"
            + (f"{setup.damage_modifier:+d}" if setup.damage_modifier else "")
            + f" vs {target.name}'s "
            + ("armour " if system == "body_points" else "")
            + f"{setup.resistance_code}"
            + (f"{setup.resistance_modifier:+d}" if setup.resistance_modifier else "")
            + f" -> {total} vs {against} ({resist_words})"
        )
        data: dict[str, Any] = {
            **self.inputs(),
            "notes_r9": list(setup.notes),
            "total": total,
            "against": against,
            "result_points": resolution.points,
            "rank": resolution.ranks,
            "condition": None,
        }
        if system != "conditions":
            data["damage_system"] = system
        if system == "wounds":
            words += ", " + self._wounds(ctx, target, resolution.points, data)
        elif system == "body_points":
            words += ", " + self._body_points(ctx, target, total, against, data)
        else:
            words += f", {resolution.points:+d} result points"
            words += self._conditions(ctx, attacker, target, setup.track, label, resolution, data)
        over = ctx.engine.scene_over()
        data["rolls"] = [roll_as_dict(r) for r in rolls]
        if over:
            words += ". No active opposition remains: the scene can end (R6)"
        text = ctx.log(self.attacker, self.entry_type, words, data)
        return Outcome(text, data, self.check_id, resolution.ranks, tuple(rolls), over)

    def _conditions(
        self,
        ctx: Context,
        attacker: Combatant,
        target: Combatant,
        track: TrackName,
        label: str,
        resolution: Resolution,
        data: dict[str, Any],
    ) -> str:
        """R10 ``conditions`` (FreeD6): the ranks make a damage or body condition (R5)."""
        view = ctx.view
        rank = resolution.rank
        if rank is None:
            return ", no rank: no harm"
        created = cond.create(
            view,
            ctx.changes,
            self.target,
            track=track,
            ranks=rank.number,
            duration=rank.duration,
            source=f"{attacker.name}: {label}",
        )
        assert created.instance is not None
        data["condition"] = created.instance.id
        level = view.track_level(target, track)
        return (
            f", rank {rank.number}: {TRACK_LEVELS[track][min(rank.number, 5)]} "
            f"({rank.duration.label}); {target.name} is now "
            f"{TRACK_LEVELS[track][level]}"
        )

    def _wounds(
        self, ctx: Context, target: Combatant, difference: int, data: dict[str, Any]
    ) -> str:
        """R10 ``wounds``: damage minus resistance on the wound chart; the level is kept on
        the target's sheet (``Character.wound_level``)."""
        sheet = ctx.view.character(target)
        result = resolve_wound(sheet.wound_level, difference)
        if result.after != result.before:
            ctx.changes.set(sheet, "wound_level", result.after)
            ctx.touch(target)
        data["wound"] = {
            "difference": result.difference,
            "chart": result.wound,
            "before": result.before,
            "after": result.after,
            "out": result.out,
        }
        return result.words(target.name)

    def _body_points(
        self, ctx: Context, target: Combatant, total: int, against: int, data: dict[str, Any]
    ) -> str:
        """R10 ``body_points``: the damage less armour comes off the target's pool, kept on
        its sheet (``Character.body_points``)."""
        sheet = ctx.view.character(target)
        result = resolve_body_points(
            total, against, sheet.body_points_left(), sheet.body_points_maximum()
        )
        if sheet.body_points != result.after:
            ctx.changes.set(sheet, "body_points", result.after)
            ctx.touch(target)
        data["body_points"] = {
            "lost": result.lost,
            "before": result.before,
            "after": result.after,
            "maximum": result.maximum,
            "out": result.out,
        }
        return result.words(target.name)

    def _weapon(self, sheet: Character) -> tuple[DieCode, DieCode, int, int, str]:
        weapon = None
        if self.weapon is not None:
            weapon = next(
                (w for w in sheet.weapons if w.name.casefold() == self.weapon.casefold()), None
            )
            if weapon is None:
                raise CommandRefused(f"{sheet.name} has no weapon '{self.weapon}'")
        if weapon is None and self.damage is None:
            raise CommandRefused("name the weapon or the damage code")
        try:
            code = DieCode.parse(self.damage) if self.damage else weapon.damage  # type: ignore[union-attr]
            pen = (
                DieCode.parse(self.penetration)
                if self.penetration
                else (weapon.penetration if weapon else DieCode())
            )
        except ValueError as error:
            raise CommandRefused(str(error)) from None
        pl = (
            self.performance_level
            if self.performance_level is not None
            else (weapon.performance_level if weapon else sheet.performance_level)
        )
        scale = self.scale if self.scale is not None else (weapon.scale if weapon else sheet.scale)
        label = weapon.name if weapon else "damage"
        return code, pen, pl, scale, label
