"""The dice of one ``RollSpec`` as outcome tables, in the coordinates the packings use.

``a`` is the set's dice total that R3 step 4 compares (0 without Advantage/Disadvantage);
``b`` is chosen so that what the dice add to the result is ``lam * a + b``. With ``lam``
1 and faces that show what they rolled, ``b`` is 0 for every plain die, so the packing is
narrow; flips and chains can make ``lam`` 0 the narrower one.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from sheets.dice.spec import SUCCESS_FACE, RollSpec
from sheets.records import FrozenRecord

TAIL = 1e-15  # probability a truncated Wild Die chain may leave out (issue: below 1e-15)


class Outcome(FrozenRecord):
    """One way a die can land: its weight, rolled value, and place in the packed sums."""

    __slots__ = ("a", "b", "value", "weight", "x")
    weight: int
    value: int  # rolled value, what steps 3-5 compare
    a: int  # advantage dimension
    b: int  # result dimension
    x: int  # what the die adds to the dice result (sum of shown faces, or successes)

    def __init__(self, weight: int, value: int, a: int, b: int, x: int) -> None:
        # Field by field, not a loop over _fields: a model makes a hundred or more of
        # these per distribution, on every change in the dice panel.
        setter = object.__setattr__
        setter(self, "weight", weight)
        setter(self, "value", value)
        setter(self, "a", a)
        setter(self, "b", b)
        setter(self, "x", x)


def lift(outcomes: Iterable[Outcome]) -> int:
    """How far to raise ``b`` so that no outcome's ``b`` is negative in a packed factor."""
    return max(0, max(-o.b for o in outcomes))


def b_range(*parts: tuple[int, list[Outcome]]) -> tuple[int, int]:
    """The lowest ``b`` and the number of ``b`` values that ``count`` dice of each kind can
    reach together; a die may also add nothing (it left the roll)."""
    low = high = 0
    for count, outcomes in parts:
        if count and outcomes:
            low += count * min(0, min(o.b for o in outcomes))
            high += count * max(0, max(o.b for o in outcomes))
    return low, high - low + 1


class DiceModel:
    """Every kind of die in one spec, with ``lam`` fixed."""

    def __init__(self, spec: RollSpec, lam: int) -> None:
        self.spec = spec
        self.sides = s = spec.sides
        self.track_a = spec.advantage_sign != 0
        self.lam = lam if self.track_a and not spec.count_successes else 0
        self.pool = spec.pool
        self.wild = spec.wild_count
        self.regular = self.pool - self.wild
        self.boost = max(spec.net_boost, 0)
        self.penalty = max(-spec.net_boost, 0)
        self.extras = self.boost + self.penalty
        self.crit_leaves = self.wild > 0 and spec.critical_failure != "complication"
        self.drop = self.wild > 0 and spec.critical_failure == "drop_highest"
        # Deep enough that the chains of both sets together leave out under TAIL.
        chains = max(1, 2 * self.wild)
        self.depth = max(2, math.ceil(math.log(chains / TAIL) / math.log(s)))
        self.scale: int = s ** (self.depth - 1)  # a plain Wild Die face weighs scale of s**depth
        top_x = self.x_face(s)
        self.plain_set = [self.set_outcome(f, self.x_face(f), 1) for f in range(1, s + 1)]
        self.plain_wild = self.plain_set[:-1]  # faces 1..s-1; the top face explodes
        self.extra = [Outcome(1, f, 0, self.x_face(f), self.x_face(f)) for f in range(1, s + 1)]
        # Exploded chains: j >= 1 top faces then a lower face, weight s**(depth-1-j); all
        # of them together weigh scale - 1 of scale. None without a Wild Die.
        self.exploded = [
            self.set_outcome(j * s + f, j * top_x + self.x_face(f), s ** (self.depth - 1 - j))
            for j in range(1, self.depth if self.wild else 1)
            for f in range(1, s)
        ]
        # Summed as powers (``powers``), every b is a sum of these: pack b / step (flips
        # F1 or F6 move b in fives, so the packing is five times denser).
        self.b_step = 1
        if self.as_powers:
            self.b_step = math.gcd(*(o.b for o in self.plain_set + self.exploded)) or 1
            self.plain_set, self.exploded = (
                [Outcome(o.weight, o.value, o.a, o.b // self.b_step, o.x) for o in outcomes]
                for outcomes in (self.plain_set, self.exploded)
            )
            self.plain_wild = self.plain_set[:-1]

    @property
    def as_powers(self) -> bool:
        """Whether the set is best summed as powers of one die's polynomial: when no die
        needs its rank among the others and there is no ``a`` to track. Otherwise the dice
        are added one at a time (``die_by_die``), which also beats ``pow`` with Advantage:
        its packing is narrower and CPython multiplies big numbers slowly."""
        return not (self.extras or self.drop or self.track_a)

    def x_face(self, face: int) -> int:
        shown = self.spec.flip(face)  # R3 step 6
        if self.spec.count_successes:
            return int(shown >= SUCCESS_FACE)
        return shown

    def set_outcome(self, value: int, x: int, weight: int) -> Outcome:
        a = value if self.track_a else 0
        return Outcome(weight, value, a, x - self.lam * a, x)

    def discarded(self, o: Outcome) -> Outcome:
        """A set die discarded in step 5: its value still counts in the dice total that
        step 4 compared, but it adds nothing to the result."""
        return Outcome(o.weight, o.value, o.a, o.b - o.x, 0)

    def b_range(self) -> tuple[int, int]:
        """The lowest ``b`` and the number of ``b`` values the whole roll can reach."""
        # A discarded die takes its x out of b (R3 step 5): Penalty may discard chains.
        discardable = self.plain_set + (self.exploded if self.penalty and self.wild else [])
        discards = [Outcome(1, 0, 0, -max(o.x for o in discardable), 0)]
        return b_range(
            (self.regular, self.plain_set),
            (self.wild, self.plain_set + self.exploded),
            (self.extras, self.extra),
            (self.extras, discards),
        )

    @property
    def rows(self) -> int:
        """Values of ``a`` the plain faces of the set can reach (chains come later)."""
        return self.sides * self.pool + 1 if self.track_a else 1
