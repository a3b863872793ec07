"""The R4 effect menu as data, and how modifiers fold into the roll the engine proposes.

R4: ranks from a check are spent on effects; an effect may be bought more than once, and
only one effect roll comes from a check. The menu below is what the UI offers for the
ranks available; ``mechanical`` marks the effects the engine applies itself (the rest it
records as a named condition for the table to play).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal

from sheets.dice import DieCode, RollSpec
from sheets.documents import ConditionInstance
from sheets.documents.condition_state import CheckModifier, CheckPurpose
from sheets.results import Duration

EffectTarget = Literal[
    "effect_roll",  # an immediate effect roll (damage)
    "check",  # a modifier on checks, attached to a combatant with a duration
    "actions",  # +/- actions in the next round
    "duration",  # a change to an existing condition's duration
    "points",  # +/- action points
    "condition",  # a named or track condition
    "recover",  # remove a condition (R5: the same result points that created it)
    "narrative",  # recorded, played by the table
]


@dataclass(frozen=True, slots=True)
class EffectOption:
    """One line of the R4 menu."""

    key: str
    ranks: int
    label: str
    target: EffectTarget
    signed: bool = False
    """Comes as + or - (the one who pays chooses)."""
    mechanical: bool = True


# R4 "Condition effect benchmarks", in the order the rules list them.
EFFECT_MENU: Final[tuple[EffectOption, ...]] = (
    EffectOption("effect_roll", 1, "an effect roll (damage) now", "effect_roll"),
    EffectOption("effect_roll_dice", 1, "+/-1D to an effect roll this turn", "effect_roll", True),
    EffectOption(
        "check_value", 1, "+/-2 to one skill check until the end of its next turn", "check", True
    ),
    EffectOption("boost", 1, "B1 on one check until the end of its next turn", "check"),
    EffectOption("penalty", 1, "P1 on one check until the end of its next turn", "check"),
    EffectOption(
        "wild_die", 1, "+/-1WD on one check until the end of its next turn", "check", True
    ),
    EffectOption("advantage", 1, "Advantage on one check until the end of its next turn", "check"),
    EffectOption(
        "disadvantage", 1, "Disadvantage on one check until the end of its next turn", "check"
    ),
    EffectOption(
        "round", 1, "add/remove one full round on an existing condition", "duration", True
    ),
    EffectOption(
        "check_dice", 2, "+/-1D to one check until the end of the next round", "check", True
    ),
    EffectOption(
        "fixed_value", 2, "+/-3 to one fixed value until the end of the next round", "check", True
    ),
    EffectOption("bonus_action", 2, "+/-1 bonus action in the next round", "actions", True),
    EffectOption(
        "extend_to_encounter", 2, "extend a condition to the end of the encounter", "duration"
    ),
    EffectOption("shorten_to_rounds", 2, "shorten end of encounter to 1D rounds", "duration"),
    EffectOption(
        "skill_dice", 3, "+/-1D to one skill until the end of the encounter", "check", True
    ),
    EffectOption("full_action", 3, "+/-1 full action in the next round", "actions", True),
    EffectOption("extend_to_scene", 3, "extend a condition to the end of the scene", "duration"),
    EffectOption("shorten_to_encounter", 3, "shorten end of scene to end of encounter", "duration"),
    EffectOption(
        "ability_dice", 4, "+/-1D to one ability until the end of the scene", "check", True
    ),
    EffectOption("action_point", 4, "+/-1 action point", "points", True),
    EffectOption("require_recovery", 4, "make a condition need intentional recovery", "duration"),
    EffectOption("shorten_to_scene", 4, "shorten until recovered to end of scene", "duration"),
    # Ruling (ours): R4 rank 5 "+/-1 ability until end of scene" grants or takes away a
    # whole ability (a condition "imparts a new ability or restricts one", R5 source
    # text); the engine records it as a named condition for the table to play.
    EffectOption(
        "ability", 5, "+/-1 ability until the end of the scene", "narrative", True, mechanical=False
    ),
    # Not on R4's list but spent the same way: a condition of the ranks paid (R4 severity
    # and duration by rank), a hit on a track (R5), a step of attitude or willpower
    # (Ruling (ours): one rank per step, R5 progressive), and a recovery (R5).
    EffectOption("condition", 1, "a named condition of the ranks spent", "condition"),
    EffectOption("track", 1, "a hit on a track (damage, composure, body)", "condition"),
    EffectOption("attitude", 1, "move attitude one step", "condition", True),
    EffectOption("willpower", 1, "move willpower one step", "condition", True),
    EffectOption("recover", 1, "recover a condition (its own ranks)", "recover"),
)
EFFECTS: Final[dict[str, EffectOption]] = {e.key: e for e in EFFECT_MENU}
VARIABLE_COST: Final = frozenset({"condition", "track", "attitude", "willpower", "recover"})
"""Effects whose price is chosen (ranks of the condition, steps) rather than fixed."""


def menu(ranks: int) -> list[EffectOption]:
    """What ``ranks`` can buy (R4): every option costing no more."""
    return [option for option in EFFECT_MENU if option.ranks <= ranks]


# R4: what each check effect attaches, and for how long.
def check_modifier(
    key: str, sign: int, *, skill: str = "", ability: str = "", from_round: int = 0
) -> tuple[CheckModifier, Duration, str]:
    """The modifier an R4 check or action effect attaches, its duration and a name."""
    plus = "+" if sign > 0 else "-"
    what = skill or ability or "one check"
    if key == "check_value":
        return (
            CheckModifier(value=2 * sign, skill=skill, single_check=True),
            Duration.ONE_TURN,
            f"{plus}2 to {what}",
        )
    if key == "boost":
        return (
            CheckModifier(boost=1, skill=skill, single_check=True),
            Duration.ONE_TURN,
            (f"B1 on {what}"),
        )
    if key == "penalty":
        return (
            CheckModifier(penalty=1, skill=skill, single_check=True),
            Duration.ONE_TURN,
            (f"P1 on {what}"),
        )
    if key == "wild_die":
        return (
            CheckModifier(wild_dice=sign, skill=skill, single_check=True),
            Duration.ONE_TURN,
            f"{plus}1WD on {what}",
        )
    if key == "advantage":
        return (
            CheckModifier(advantage=1, skill=skill, single_check=True),
            Duration.ONE_TURN,
            f"Advantage on {what}",
        )
    if key == "disadvantage":
        return (
            CheckModifier(disadvantage=1, skill=skill, single_check=True),
            Duration.ONE_TURN,
            f"Disadvantage on {what}",
        )
    if key == "check_dice":
        return (
            CheckModifier(dice=sign, skill=skill, single_check=True),
            Duration.ONE_ROUND,
            f"{plus}1D to {what}",
        )
    if key == "fixed_value":
        return (
            CheckModifier(fixed=3 * sign, skill=skill, ability=ability),
            Duration.ONE_ROUND,
            f"{plus}3 to the fixed value of {skill or ability or 'a resistance'}",
        )
    if key == "bonus_action":
        return (
            CheckModifier(bonus_actions=sign, from_round=from_round),
            Duration.ONE_ROUND,
            f"{plus}1 bonus action in round {from_round}",
        )
    if key == "full_action":
        return (
            CheckModifier(full_actions=sign, from_round=from_round),
            Duration.ONE_ROUND,
            f"{plus}1 full action in round {from_round}",
        )
    if key == "skill_dice":
        if not skill:
            raise ValueError("+/-1D to a skill needs the skill's name (R4 rank 3)")
        return (
            CheckModifier(dice=sign, skill=skill),
            Duration.END_OF_ENCOUNTER,
            (f"{plus}1D to {skill}"),
        )
    if key == "ability_dice":
        if not ability:
            raise ValueError("+/-1D to an ability needs the ability's name (R4 rank 4)")
        return (
            CheckModifier(dice=sign, ability=ability),
            Duration.END_OF_SCENE,
            (f"{plus}1D to {ability}"),
        )
    raise ValueError(f"'{key}' is not an R4 check effect")


NEXT_ROUND_EFFECTS: Final = frozenset({"check_dice", "fixed_value", "bonus_action", "full_action"})
"""R4 rank 2-3 effects that last "until the end of the next round" / "in the next round"."""


# --- folding modifiers into a proposed roll (R3 options) ----------------------------------


@dataclass(frozen=True, slots=True)
class Contribution:
    """One thing that changes a proposed roll, named so the UI can show where it came from."""

    source: str
    """``condition:<owner>:<id>``, ``help:<helper>``, ``sheet``."""
    label: str
    change: str
    """What it does, in R3 words: ``-1D``, ``+2``, ``Boost 2``, ``Advantage``."""
    consumed: bool = False
    """Used up by the check (R4 "a single check"; R6 combined actions)."""


@dataclass(frozen=True, slots=True)
class CheckContext:
    """What a check is, for matching modifiers against it."""

    skill_names: frozenset[str]
    """Casefolded skill and specialization names in the check."""
    ability: str
    """Casefolded ability name."""
    purpose: CheckPurpose
    target: str | None


def matches(modifier: CheckModifier, context: CheckContext) -> bool:
    if modifier.skill and modifier.skill.casefold() not in context.skill_names:
        return False
    if modifier.ability and modifier.ability.casefold() != context.ability:
        return False
    if modifier.purposes and context.purpose not in modifier.purposes:
        return False
    return not modifier.against or context.target in modifier.against


def changes_roll(modifier: CheckModifier) -> bool:
    return bool(
        modifier.dice
        or modifier.value
        or modifier.wild_dice
        or modifier.boost
        or modifier.penalty
        or modifier.advantage
        or modifier.disadvantage
    )


def describe_modifier(modifier: CheckModifier) -> str:
    parts = []
    if modifier.dice:
        parts.append(f"{modifier.dice:+d}D")
    if modifier.value:
        parts.append(f"{modifier.value:+d}")
    if modifier.wild_dice:
        parts.append(f"{modifier.wild_dice:+d}WD")
    if modifier.boost:
        parts.append(f"Boost {modifier.boost}")
    if modifier.penalty:
        parts.append(f"Penalty {modifier.penalty}")
    if modifier.advantage:
        parts.append("Advantage")
    if modifier.disadvantage:
        parts.append("Disadvantage")
    if modifier.fixed:
        parts.append(f"{modifier.fixed:+d} fixed value")
    if modifier.full_actions:
        parts.append(f"{modifier.full_actions:+d} full action")
    if modifier.bonus_actions:
        parts.append(f"{modifier.bonus_actions:+d} bonus action")
    return ", ".join(parts) or "no mechanical change"


def fold(
    spec: RollSpec,
    found: Iterable[tuple[str, ConditionInstance, CheckModifier]],
    context: CheckContext,
) -> tuple[RollSpec, list[Contribution]]:
    """Add every matching modifier to ``spec``: dice before the roll, value after (R3)."""
    dice = value = wild = boost = penalty = advantage = disadvantage = 0
    contributions: list[Contribution] = []
    for source, instance, modifier in found:
        if not changes_roll(modifier) or not matches(modifier, context):
            continue
        dice += modifier.dice
        value += modifier.value
        wild += modifier.wild_dice
        boost += modifier.boost
        penalty += modifier.penalty
        advantage += modifier.advantage
        disadvantage += modifier.disadvantage
        contributions.append(
            Contribution(
                source,
                instance.name or "condition",
                describe_modifier(modifier),
                modifier.single_check,
            )
        )
    if not contributions:
        return spec, contributions
    return (
        spec.replace(
            code=spec.code + DieCode(dice),
            modifier=spec.modifier + value,
            wild_dice=spec.wild_dice + wild,
            boost=spec.boost + boost,
            penalty=spec.penalty + penalty,
            advantage=spec.advantage + advantage,
            disadvantage=spec.disadvantage + disadvantage,
        ),
        contributions,
    )
