"""R10 OpenD6 damage alternatives: the wound chart and body points, as pure rules.

RULES.md R10 makes the damage system a campaign **setting** (``HouseRules.damage_system``):

- ``conditions`` (FreeD6, the default): a damage roll buys ranks that make damage or body
  conditions on the R5 tracks (``sheets.encounter``, not here);
- ``wounds``: the damage roll minus the target's resistance roll (Strength/Physique or
  toughness plus armour, exactly as R9 sets it up) is read on a wound chart;
- ``body_points``: the damage is subtracted from a pool of body points.

"In either system, when your character has no more Body Points or Wounds left, she's
toast" (OpenD6, Taking Damage): out of action.

RULES.md gives the chart no numbers; the rulings marked "Ruling (ours)" below decide, and
README.md lists them. The chart is the one table here (``WOUND_CHART``); the sheet, the
engine and the tracker all read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from sheets.dice import DieCode

DamageSystem = Literal["conditions", "wounds", "body_points"]
"""R10: the setting's three values."""

# --- wounds (R10) -------------------------------------------------------------------------

HEALTHY: Final = 0
STUNNED: Final = 1
WOUNDED: Final = 2
SEVERELY_WOUNDED: Final = 3
INCAPACITATED: Final = 4
MORTALLY_WOUNDED: Final = 5
DEAD: Final = 6

WOUND_LEVELS: Final[tuple[str, ...]] = (
    "Healthy",
    "Stunned",
    "Wounded",
    "Severely Wounded",
    "Incapacitated",
    "Mortally Wounded",
    "Dead",
)
"""R10: the wound levels by number, 0 (no wound) to 6 (Dead)."""

# Ruling (ours): the standard OpenD6 wound chart, read with the damage roll minus the
# resistance roll (R10). Each row is (the lowest difference of the band, the wound level);
# a difference of 0 or less does no harm.
WOUND_CHART: Final[tuple[tuple[int, int], ...]] = (
    (16, MORTALLY_WOUNDED),
    (13, INCAPACITATED),
    (9, SEVERELY_WOUNDED),
    (4, WOUNDED),
    (1, STUNNED),
)

OUT_OF_ACTION_WOUND: Final = INCAPACITATED
"""Ruling (ours): Incapacitated (OpenD6: knocked out) or worse is out of action: the
character has no wounds left to take ("toast", R10)."""


def wound_name(level: int) -> str:
    """``wound_name(3)`` is ``"Severely Wounded"`` (levels outside 0..6 are clamped)."""
    return WOUND_LEVELS[max(HEALTHY, min(level, DEAD))]


def wound_from_difference(difference: int) -> int:
    """The wound level the chart gives for damage minus resistance (R10); 0: no effect.

    1-3 Stunned, 4-8 Wounded, 9-12 Severely Wounded, 13-15 Incapacitated, 16+ Mortally
    Wounded (Ruling (ours): the standard OpenD6 chart)."""
    for lowest, level in WOUND_CHART:
        if difference >= lowest:
            return level
    return HEALTHY


def wound_band(level: int) -> str:
    """The differences that give ``level`` on the chart, in words: ``"4-8"``, ``"16+"``."""
    for index, (lowest, chart_level) in enumerate(WOUND_CHART):
        if chart_level == level:
            if index == 0:
                return f"{lowest}+"
            return f"{lowest}-{WOUND_CHART[index - 1][0] - 1}"
    return "0 or less" if level == HEALTHY else "no band"


def add_wound(current: int, new: int) -> int:
    """The wound level after a new wound of level ``new`` lands on ``current`` (R10).

    Ruling (ours), as OpenD6 plays it: a new wound worse than the current level replaces
    it; an equal or lesser one raises the level by one step (two Wounded make Severely
    Wounded; Mortally Wounded again is Dead). No wound (0) changes nothing. Never past
    Dead."""
    current = max(HEALTHY, min(current, DEAD))
    if new <= HEALTHY:
        return current
    if new > current:
        return min(new, DEAD)
    return min(current + 1, DEAD)


def wound_is_significant(level: int) -> bool:
    """R8 clean victory: Wounded or worse is significant harm. Ruling (ours), the wound
    chart's match for Wounded (damage level 3) on the R5 track."""
    return level >= WOUNDED


def wound_is_out(level: int) -> bool:
    """R10: out of action ("toast") at Incapacitated or worse (Ruling (ours))."""
    return level >= OUT_OF_ACTION_WOUND


@dataclass(frozen=True, slots=True)
class WoundResult:
    """One damage roll read on the wound chart (R10)."""

    difference: int
    """Damage total minus resistance total."""
    wound: int
    """The chart's level for the difference (0: no effect)."""
    before: int
    after: int

    @property
    def out(self) -> bool:
        return wound_is_out(self.after)

    def words(self, name: str) -> str:
        """``"wound chart 6: Wounded; Kara is now Wounded"`` (R10)."""
        if self.wound == HEALTHY:
            stays = wound_name(self.after)
            return f"wound chart {self.difference}: no effect; {name} stays {stays}"
        text = (
            f"wound chart {self.difference}: {wound_name(self.wound)}; "
            f"{name} is now {wound_name(self.after)}"
        )
        if self.before >= self.wound and self.before > HEALTHY:
            text += f" (was {wound_name(self.before)}: one level worse)"
        if self.out:
            text += " -- out of action (R10)"
        return text


def resolve_wound(before: int, difference: int) -> WoundResult:
    """Read ``difference`` on the chart and add the wound to ``before`` (R10)."""
    wound = wound_from_difference(difference)
    return WoundResult(difference, wound, before, add_wound(before, wound))


# --- body points (R10) --------------------------------------------------------------------

BODY_POINTS_BASE: Final = 20


def strength_damage(strength: DieCode) -> DieCode:
    """OpenD6 Strength Damage: the Strength (Physique) dice, pips dropped, halved and
    rounded up; melee weapons written STR+XD add it to their damage (issue 16)."""
    return DieCode(max(0, -(-strength.dice // 2)))


def default_body_points(resisting_fixed_value: int) -> int:
    """A sheet without a body points maximum: 20 + the fixed value (R1) of what resists
    damage (Strength, or toughness for vehicles and objects).

    Ruling (ours): OpenD6 rolls Physique and adds 20 when the character is made; the fixed
    value stands in for that roll, so a sheet that never set one still has a pool."""
    return BODY_POINTS_BASE + max(0, resisting_fixed_value)


def body_points_lost(damage_total: int, armour_total: int) -> int:
    """Body points a hit takes away (R10): the damage total less the armour roll, never
    below 0.

    Ruling (ours): with body points the target does not resist with Strength (its body
    points already measure its toughness); only armour (per facing, less penetration,
    with the R9 performance level and scale modifiers) reduces the damage."""
    return max(0, damage_total - armour_total)


def body_points_after(current: int, lost: int) -> int:
    """The pool after losing ``lost`` points; Ruling (ours): it never goes below 0."""
    return max(0, current - max(0, lost))


def body_points_significant(current: int, maximum: int) -> bool:
    """R8 clean victory: half the pool or more gone is significant harm (Ruling (ours))."""
    return 2 * current <= maximum


def body_points_out(current: int) -> bool:
    """R10: no body points left (0) is out of action ("toast")."""
    return current <= 0


@dataclass(frozen=True, slots=True)
class BodyPointsResult:
    """One damage roll taken from a body points pool (R10)."""

    damage: int
    armour: int
    lost: int
    before: int
    after: int
    maximum: int

    @property
    def out(self) -> bool:
        return body_points_out(self.after)

    def words(self, name: str) -> str:
        """``"loses 7 body points: 23/30 left"`` (R10)."""
        if self.lost == 0:
            text = f"no body points lost; {name} has {self.after}/{self.maximum}"
        else:
            text = (
                f"{name} loses {self.lost} body point{'s' if self.lost != 1 else ''}: "
                f"{self.after}/{self.maximum} left"
            )
        if self.out:
            text += " -- out of action (R10)"
        return text


def resolve_body_points(
    damage_total: int, armour_total: int, current: int, maximum: int
) -> BodyPointsResult:
    """Take one hit from the pool (R10)."""
    lost = body_points_lost(damage_total, armour_total)
    return BodyPointsResult(
        damage_total, armour_total, lost, current, body_points_after(current, lost), maximum
    )
