"""Damage as the effect roll (R4, R9), read by the campaign's damage system (R10):
conditions (R5), wounds or body points."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from sheets.conditions import TRACK_LEVELS, TrackName
from sheets.damage import resolve_body_points, resolve_wound
from sheets.dice import DieCode, RollResult, roll_seeded
from sheets.dice.text import roll_as_dict
from sheets.documents import Character, Combatant
from sheets.encounter import conditions as cond
from sheets.encounter import initiative
from sheets.encounter.commands.base import (
    Command,
    Context,
    Outcome,
    require_running,
)
from sheets.encounter.commands.check_records import check_record, pay
from sheets.encounter.resolve import (
    Facing,
    ResistanceKind,
    Resolution,
    damage_setup,
)
from sheets.encounter.state import CommandRefused


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
            record = check_record(ctx, self.check_id)
            if record.effect_roll:
                raise CommandRefused(
                    f"{self.check_id} has made its effect roll: one per check (R4)"
                )
            extra = record.effect_dice
            pay(ctx, self.check_id, 1, effect_roll=True)
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
        if weapon is not None and weapon.strength_damage and not self.damage:
            from sheets.attack import attack_damage  # here: sheets.attack imports the engine

            code = attack_damage(sheet, weapon)  # OpenD6 STR+XD: one rule (sheets.attack)
            label += f" (STR+{weapon.damage})"
        return code, pen, pl, scale, label
