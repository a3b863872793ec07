"""Resolving checks (R4) and damage (R9), as pure functions over sheets and settings,
and the roll a check proposes (``proposed_spec``: the sheet's dice with every modifier).

- A check against a difficulty, a fixed resistance or an active resistance gives result
  points (total minus the number); the points give ranks (R4).
- Damage: the weapon's damage roll against the target's Strength (people, creatures) or
  toughness (vehicles, objects) plus its armour on the facing hit (R9); penetration
  removes up to its value from that armour, never from the toughness; the difference of
  performance levels comes off the roll of the side with the lower PL; with the OpenD6
  scale setting the difference of scale values goes to the larger side (R9).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from sheets.conditions import ATTITUDE_MODIFIERS, WILLPOWER_MODIFIERS, TrackName, hit_track
from sheets.dice import DieCode, RollSpec
from sheets.documents import Character, ConditionInstance, HouseRules
from sheets.documents.condition_state import CheckModifier, CheckPurpose
from sheets.encounter.effects import CheckContext, Contribution, changes_roll, fold
from sheets.encounter.state import CommandRefused, EncounterView
from sheets.results import Rank, rank_of, result_points
from sheets.skills import CheckNotPossible, check_dice

Facing = Literal["front", "side", "rear"]
ResistanceKind = Literal["active", "fixed"]

# R5: discipline and insight resistance take attitude and willpower modifiers.
MENTAL_RESISTANCES = frozenset({"discipline", "insight"})


@dataclass(frozen=True, slots=True)
class Resolution:
    """A total against what opposed it (R4)."""

    total: int
    against: int | None
    """None for a standing check."""

    @property
    def points(self) -> int:
        return result_points(self.total, self.against)

    @property
    def rank(self) -> Rank | None:
        return rank_of(self.points)

    @property
    def ranks(self) -> int:
        rank = self.rank
        return rank.number if rank else 0


def mental_modifier(character: Character, skill: str | None) -> int:
    """R5: attitude + willpower modify discipline and insight resistance.

    Ruling (ours): both ladders apply to both resistances, added together."""
    if skill is None or skill.casefold() not in MENTAL_RESISTANCES:
        return 0
    state = character.conditions
    return ATTITUDE_MODIFIERS[state.attitude] + WILLPOWER_MODIFIERS[state.willpower]


def damage_track(character: Character) -> TrackName:
    """R5: the track the element's hits land on (``sheets.conditions.hit_track``)."""
    return hit_track(character.kind, character.toughness is not None)


def resisting_code(character: Character) -> tuple[str, DieCode]:
    """What resists damage: toughness, else Strength (R5, R9); 0D when it has neither."""
    if character.toughness is not None:
        return "Toughness", character.toughness
    strength = character.ability("Strength")
    return "Strength", strength.code if strength is not None else DieCode()


@dataclass(frozen=True, slots=True)
class DamageSetup:
    """Both sides of one damage resolution, before any dice are rolled (R9)."""

    damage_code: DieCode
    damage_modifier: int
    resistance_code: DieCode
    resistance_modifier: int
    track: TrackName
    notes: tuple[str, ...]
    armour: DieCode
    """The armour on the facing hit, less penetration (R9): part of ``resistance_code``."""

    def armour_only(self) -> DamageSetup:
        """R10 body points: only the armour resists (Ruling (ours), ``sheets.damage``);
        the performance level and scale modifiers stay where R9 puts them."""
        first = f"{self.damage_code} damage vs armour {self.armour} (R10 body points)"
        return replace(self, resistance_code=self.armour, notes=(first, *self.notes[1:]))

    def damage_spec(self, rules: HouseRules) -> RollSpec:
        return RollSpec(
            code=self.damage_code,
            modifier=self.damage_modifier,
            wild_dice=rules.wild_dice,
            critical_failure=rules.critical_failure,
        )

    def resistance_spec(self, rules: HouseRules) -> RollSpec:
        return RollSpec(
            code=self.resistance_code,
            modifier=self.resistance_modifier,
            wild_dice=rules.wild_dice,
            critical_failure=rules.critical_failure,
        )

    @property
    def fixed_resistance(self) -> int:
        """R4: the fixed value of the resisting code, with the same value modifiers."""
        return self.resistance_code.fixed_value + self.resistance_modifier


def damage_setup(
    *,
    damage: DieCode,
    penetration: DieCode,
    weapon_pl: int,
    weapon_scale: int,
    target: Character,
    facing: Facing,
    rules: HouseRules,
    extra_dice: int = 0,
) -> DamageSetup:
    """R9: armour by facing, penetration, performance level and scale."""
    notes: list[str] = []
    base_name, base = resisting_code(target)
    armour: DieCode = getattr(target.armour, facing)
    left = DieCode(0, max(0, armour.total_pips - max(0, penetration.total_pips)))
    if armour:
        if penetration and left != armour:
            notes.append(
                f"armour {facing} {armour} less penetration {penetration} = {left}"
                + (" (ignored)" if not left else "")
            )
        else:
            notes.append(f"armour {facing} {armour}")
    resistance = base + left
    damage_code = damage + DieCode(extra_dice)
    damage_mod = resist_mod = 0
    gap = weapon_pl - target.performance_level
    if gap > 0:
        resist_mod -= gap
        notes.append(f"PL {weapon_pl} vs PL {target.performance_level}: resistance roll -{gap}")
    elif gap < 0:
        damage_mod += gap
        notes.append(f"PL {weapon_pl} vs PL {target.performance_level}: damage roll {gap}")
    scale_gap = weapon_scale - target.scale
    if scale_gap and rules.scale_rule == "opend6_modifier":
        # Ruling (ours): the scale difference is a value added after the roll (R3 step 7).
        if scale_gap > 0:
            damage_mod += scale_gap
            notes.append(f"scale {weapon_scale} vs {target.scale}: damage +{scale_gap}")
        else:
            resist_mod -= scale_gap
            notes.append(f"scale {weapon_scale} vs {target.scale}: resistance +{-scale_gap}")
    elif scale_gap:
        notes.append(
            f"scale {weapon_scale} vs {target.scale}: the campaign plays parity of scale (R9)"
        )
    notes.insert(0, f"{damage_code} damage vs {base_name} {base} + armour = {resistance}")
    return DamageSetup(
        damage_code, damage_mod, resistance, resist_mod, damage_track(target), tuple(notes), left
    )


def scale_to_hit(attacker_scale: int, target_scale: int, rules: HouseRules) -> int:
    """R9 OpenD6 setting: the smaller side adds the scale difference to its to-hit."""
    if rules.scale_rule != "opend6_modifier" or attacker_scale >= target_scale:
        return 0
    return target_scale - attacker_scale


# --- the roll a check proposes (R2, R3) -------------------------------------------------


def proposed_spec(
    view: EncounterView,
    combatant: str,
    skill: str | None = None,
    specialization: str | None = None,
    *,
    ability: str | None = None,
    purpose: CheckPurpose = "skill",
    target: str | None = None,
) -> tuple[RollSpec, list[Contribution]]:
    """The roll the engine proposes for the combatant's next check (R2, R3), with every
    modifier that applies (conditions R4/R8, combined actions R6, scale R9), each named
    in a ``Contribution``."""
    c = view.combatant(combatant)
    character = view.character(c)
    if skill is None and specialization is None and ability is None:
        raise CommandRefused("name the skill, specialization or ability of the check (R2)")
    try:
        dice = check_dice(character, skill, specialization, ability=ability)
    except CheckNotPossible as error:
        raise CommandRefused(str(error)) from None
    rules = view.rules
    spec = RollSpec(
        code=dice.code, wild_dice=rules.wild_dice, critical_failure=rules.critical_failure
    )
    base = [Contribution("sheet", dice.describe(), str(dice.code))]
    names = frozenset(
        n.casefold() for n in (skill, specialization, dice.skill, dice.specialization) if n
    )
    context = CheckContext(names, dice.ability.casefold(), purpose, target)
    found: list[tuple[str, ConditionInstance, CheckModifier]] = []
    for instance in view.conditions(c):
        if instance.modifier is not None and changes_roll(instance.modifier):
            found.append((f"condition:{c.id}:{instance.id}", instance, instance.modifier))
    spec, contributions = fold(spec, found, context)
    rnd = view.encounter.round
    boost = penalty = 0
    for pending in c.help:
        if pending.ready_round > rnd:
            continue
        if pending.mode == "enhance":
            boost += pending.dice
        else:
            penalty += pending.dice
        kind = "Boost" if pending.mode == "enhance" else "Penalty"
        helper = view.by_id.get(pending.helper)
        contributions.append(
            Contribution(
                f"help:{pending.helper}",
                f"help from {helper.name if helper else pending.helper}",
                f"{kind} {pending.dice}",
                True,
            )
        )
    if boost or penalty:
        spec = spec.replace(boost=spec.boost + boost, penalty=spec.penalty + penalty)
    if purpose == "attack" and target is not None:
        other = view.character(view.combatant(target))
        bonus = scale_to_hit(character.scale, other.scale, rules)
        if bonus:
            spec = spec.replace(modifier=spec.modifier + bonus)
            contributions.append(Contribution("scale", "scale (R9)", f"+{bonus}"))
    return spec, base + contributions
