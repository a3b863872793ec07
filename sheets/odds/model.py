"""The dice of one ``RollSpec`` as outcome tables, in the coordinates the packings use.

``a`` is the set's dice total that R3 step 4 compares (0 without Advantage/Disadvantage);
``b`` is chosen so that what the dice add to the result is ``lam * a + b``. With ``lam``
1 and faces that show what they rolled, ``b`` is 0 for every plain die, so the packing is
narrow; flips and chains can make ``lam`` 0 the narrower one.

Wild Die chains are summed to ``depth`` rolls (with Disadvantage fewer: ``chain_depth``);
with ``a`` tracked and two or more Wild Dice, only the rows of ``a`` below ``a_rows``
(``cut_rows``): the chains of a set rarely reach far together, and the rows beyond weigh
under what the tail allowance has left.
With ``a`` tracked the regular dice's own total is kept only within ``plain_rows``
(``plain_cut``): 60 dice total below ~100 or above ~320 far less often than 1e-15.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from functools import cached_property, lru_cache

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


def cut_rows(
    sides: int, pool: int, wild: int, depth: int, left_out: float, lower_kept: bool = False
) -> int | None:
    """How many rows of ``a`` (0 .. rows - 1) the chains need summing to, or None where
    that cuts nothing (no Wild Die; one, but for ``lower_kept``: its chain's ``depth``
    ends first).

    The bound. ``a`` is at most the sum of every die of the set as rolled (a Wild Die
    that fails critically or a die ``drop_highest`` takes only lowers it; Boost/Penalty
    dice never touch it), and the model weighs each Wild Die's values no more than a real
    one does (its chains stop at ``depth``). So the rows a >= A weigh at most
    P(X >= A), X the sum of ``pool - wild`` plain dice (faces 1..s) and ``wild`` Wild
    Dice (value s j + f with probability s**-(j + 1), f = 1..s-1). For every
    0 < t < ln(s) / s (Chernoff), P(X >= A) <= E[exp(t X)] exp(-t A), with
    E[exp(t X)] = Mp(t)**(pool - wild) * Mw(t)**wild, Mp(t) = sum_f exp(t f) / s and
    Mw(t) = sum_{f<s} exp(t f) / (s - exp(t s)). With A the least over t where that is
    under half of what TAIL / 2 leaves beside ``depth``'s ``left_out`` (``_share``), one
    set leaves out under TAIL / 2 with the regular dice's cut (``plain_cut``), both sets
    of Advantage/Disadvantage under TAIL. Rows below A are summed exactly; the rows from
    A on may be left out, partly or wholly.

    Where the lower set is kept (Disadvantage, ``lower_kept``), a row left out matters
    only when its set is the kept one, and then the other set is at A or above too
    (``_totals`` counts every outcome left out as above every kept set). The sets are
    independent: both sets leave out at most P(X >= A)**2, so A need only bring
    P(X >= A) under the square root of both sets' allowance."""
    if not rows_cut(wild, lower_kept):
        return None
    share = _share(left_out) / 2
    allowance = math.sqrt(2 * share) if lower_kept else share
    rows = _tail_rows(sides, pool - wild, wild, depth, allowance)
    highest = sides * (pool - wild) + wild * (sides * depth - 1)  # every chain full length
    return rows if rows <= highest else None


def rows_cut(wild: int, lower_kept: bool) -> bool:
    """Whether ``cut_rows`` cuts the chains' rows: with two or more Wild Dice, or one
    where the lower set is kept. Then it takes half of ``_share`` and ``plain_cut`` the
    other half; otherwise ``plain_cut`` takes it all."""
    return wild >= (1 if lower_kept else 2)


def _share(left_out: float) -> float:
    """What one set may leave out besides what ``depth`` does (``left_out``, at most
    TAIL / 2: ``chain_depth``), so it may be 0."""
    return max(0.0, TAIL / 2 - left_out)


def chain_depth(sides: int, plain: int, wild: int, lower_kept: bool) -> tuple[int, float]:
    """(depth, what it may leave out of one set): Wild Die chains are summed to
    ``depth`` rolls. A longer chain weighs s**-depth, so the ``2 * wild`` chains of both
    sets together leave out under TAIL at the least depth where that is so.

    Where the lower set is kept (Disadvantage, ``lower_kept``), a long chain matters
    only when its set is the kept one (``_totals`` counts every outcome left out as above
    every kept set: R3 step 4), and then the other set's total T is at least the chain
    (over s * depth) plus the rest R of the chain's own set. T and R are independent of
    the chain: that weighs at most s**-depth * P(T - R > s * depth) a chain, with R
    taken as the set's ``plain`` regular dice alone (the other dice may leave the roll or
    only raise it). The depth is the least where that (a Chernoff bound:
    ``_beyond``) leaves out no more than the full depth does: 15 rolls for 21
    with three Wild Dice and 25 regular ones, every count some 46 bits narrower. Not
    with ``drop_highest`` beside two or more Wild Dice (the caller's choice): a long chain
    may be the die that leaves, and its set still be the lower."""
    s = sides
    chains = max(1, 2 * wild)
    depth = max(2, math.ceil(math.log(chains / TAIL) / math.log(s)))
    left_out = wild * float(s) ** -depth
    if not (lower_kept and wild):
        return depth, left_out

    def leaves_out(shorter: int) -> float:
        tail = _beyond(s, plain, wild, plain, s * shorter + 1)
        return wild * float(s) ** -shorter * tail * (1 + 1e-9)  # up for the floats' rounding

    # What a depth leaves out falls as it grows: the least that does no worse, by halves.
    low, high = 1, depth  # low leaves out more than the full depth, high no more
    while high - low > 1:
        middle = (low + high) // 2
        if leaves_out(middle) <= left_out:
            high = middle
        else:
            low = middle
    return (high, leaves_out(high)) if high < depth else (depth, left_out)


@lru_cache(maxsize=256)
def _beyond(sides: int, plain: int, wild: int, minus: int, above: int) -> float:
    """A bound on P(T - R >= ``above``), T the sum of ``plain`` plain dice and ``wild``
    Wild Dice, R that of ``minus`` other plain dice: for every t > 0 (below ln(s) / s
    with Wild Dice; Chernoff), E[exp(t T)] E[exp(-t R)] exp(-t above), with
    ``cut_rows``'s Mp and Mw and E[exp(-t R)] = Mp(-t)**minus. The least over t, at most
    1: the exponent is convex in t (a log of a moment generating function less a line),
    so golden sections find it."""
    s = sides

    def exponent(t: float) -> float:
        grow = math.exp(t)
        face, below = 1.0, 0.0  # exp(t f), and the sum of those of the faces below f
        for _ in range(s - 1):
            face *= grow
            below += face
        top = face * grow  # exp(t s)
        found = plain * math.log((below + top) / s) - t * above
        if minus:  # sum over f of exp(-t f) = (sum of exp(t f) for f < s, plus 1) / exp(t s)
            found += minus * math.log((below + 1) / (top * s))
        if wild:
            found += wild * math.log(below / (s - top))
        return found

    # Any t bounds: a looser minimum only leaves a row or a roll more.
    return min(1.0, math.exp(_least(exponent, s, wild, 14)))


def plain_cut(
    sides: int,
    regular: int,
    wild: int,
    depth: int,
    left_out: float,
    keeps: int = 0,
    drop: bool = False,
) -> tuple[int, int] | None:
    """The rows (low, high) of the ``regular`` dice's own total Y (faces 1..s) that are
    kept, low <= Y < high, or None where that cuts nothing.

    The bound. Y is a sum of uniform dice, so Y and regular * (s + 1) - Y are alike:
    P(Y < low) = P(Y >= high) with low = regular * (s + 1) + 1 - high, and for every
    t > 0 (Chernoff) P(Y >= high) <= Mp(t)**regular exp(-t high) (``cut_rows``'s Mp).
    ``high`` is the least A over t where that is under a quarter of ``_share`` where
    ``cut_rows`` takes the other half (``rows_cut``), else half of it: both ends
    of Y left out weigh under that share, so one set leaves out, with ``depth`` and the
    chains' cut, under TAIL / 2 and both sets of Advantage/Disadvantage under TAIL.
    Leaving out every outcome of the regular dice outside [low, high) is leaving out
    outcomes of the whole roll: weights only shrink, by at most that much in all, so the
    kept set's odds (P(T <= t) + P(T < t) of the sum of the weights kept) and every
    total move by no more than the rows left out weigh.

    Where the lower set is kept (Disadvantage, ``keeps`` -1), a set with Y >= high
    left out matters only where it is the kept one: its total is at least Y (less one
    die of s if ``drop`` took one out), so the other set's X, the sum of all its dice
    as rolled, is at least high (less s) too. The sets are independent: that weighs at
    most P(Y >= high) P(X >= high - s drop) for each set, bounded as ``cut_rows`` does
    (``_beyond``), and ``high`` is the least where that is under the end's share: the
    outcomes left out count as above every kept set (``_totals``). Where the higher set
    is kept (Advantage, ``keeps`` 1), mirrored: a set with Y < low is kept only where
    its total, at most Y plus its Wild Dice W, is at least the other's, at least that
    set's regular dice Y' (less s); so Y' - W < low + s, and with s + 1 - f for each
    face f, Y' - W is X's mirror. ``low`` is the highest where P(Y < low) times that is
    under the end's share, and the outcomes left out below count as sets below every
    kept one (``_totals``)."""
    share = _share(left_out) / (4 if rows_cut(wild, keeps < 0) else 2)
    if regular < 2 or share <= 0:
        return None
    high = _tail_rows(sides, regular, 0, depth, share)
    low = regular * (sides + 1) + 1 - high
    if high > sides * regular or low <= regular:
        return None
    if keeps:
        moved = sides if drop else 0

        def kept_beyond(row: int) -> float:
            tail = _beyond(sides, regular, 0, 0, row) * _beyond(
                sides, regular, wild, 0, row - moved
            )
            return tail * (1 + 1e-9)  # up for the floats' rounding

        # Both tails fall as the row rises: the least row under the share, by halves.
        cut, below = high, low
        while cut - below > 1:
            middle = (below + cut) // 2
            if kept_beyond(middle) <= share:
                cut = middle
            else:
                below = middle
        if keeps < 0:
            high = cut
        else:  # the low end, mirrored
            low = regular * (sides + 1) + 1 - cut
    return low, high


@lru_cache(maxsize=64)
def _tail_rows(sides: int, plain: int, wild: int, depth: int, allowance: float) -> int:
    """The least A over t of (log E[exp(t X)] - log(allowance)) / t (``cut_rows``), one
    row up for the floats' rounding. Every t gives a bound; the quotient, a convex
    function plus a constant over t, has one minimum: found by golden sections. With
    Wild Dice t stays below ln(s) / s, where their E[exp(t X)] is finite."""
    s = sides
    if allowance <= 0:
        return s * plain + wild * (s * depth - 1) + 1  # no room: every row
    log_allowance = math.log(allowance)

    def needed(t: float) -> float:
        faces = [math.exp(t * f) for f in range(1, s + 1)]
        plain_mgf = sum(faces) / s
        wild_part = wild * math.log(sum(faces[:-1]) / (s - faces[-1])) if wild else 0.0
        return (plain * math.log(plain_mgf) + wild_part - log_allowance) / t

    return math.ceil(_least(needed, s, wild, 30)) + 1


def _least(value: Callable[[float], float], sides: int, wild: int, steps: int) -> float:
    """The least ``value`` found over 0 < t < ln(s) / s (with Wild Dice, whose moment
    generating function is finite only there; else t < 20 / s) by ``steps`` golden
    sections: ``value`` is convex in t, so this closes in on its minimum. Each step
    keeps one point of the last: one new value."""
    low, high = 0.0, math.log(sides) / sides if wild else 20.0 / sides
    cut = (math.sqrt(5) - 1) / 2
    left, right = high - cut * high, cut * high
    at_left, at_right = value(left), value(right)
    for _ in range(steps):
        if at_left < at_right:
            high, right, at_right = right, left, at_left
            left = high - cut * (high - low)
            at_left = value(left)
        else:
            low, left, at_left = left, right, at_right
            right = low + cut * (high - low)
            at_right = value(right)
    return min(at_left, at_right)


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
        # Deep enough that the chains of both sets together leave out under TAIL; with
        # Disadvantage less deep (``chain_depth``), but for a chain `drop_highest` may
        # take out of the lower set.
        lower_kept = spec.advantage_sign < 0 and not (self.drop and self.wild >= 2)
        self.depth, self.left_out = chain_depth(s, self.regular, self.wild, lower_kept)
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

    @cached_property
    def a_rows(self) -> int | None:
        """Rows of ``a`` the chains are summed to (``cut_rows``), None for every row: only
        ``a`` is tracked (Advantage/Disadvantage). Asked for only where chains are
        multiplied in."""
        if not self.track_a:
            return None
        lower_kept = self.spec.advantage_sign < 0
        return cut_rows(self.sides, self.pool, self.wild, self.depth, self.left_out, lower_kept)

    @cached_property
    def plain_rows(self) -> tuple[int, int] | None:
        """Rows (low, high) of the regular dice's own total that are kept (``plain_cut``),
        None for every row: only where ``a`` is tracked (Advantage/Disadvantage)."""
        if not self.track_a:
            return None
        return plain_cut(
            self.sides,
            self.regular,
            self.wild,
            self.depth,
            self.left_out,
            self.spec.advantage_sign,
            self.drop,
        )

    def below_plain_rows(self) -> int:
        """Of ``sides ** regular``, the ways the regular dice total below
        ``plain_rows`` (0 without that cut): one power of a packed die."""
        if self.plain_rows is None:
            return 0
        s, low = self.sides, self.plain_rows[0]
        width: int = (s**self.regular).bit_length() + 2
        die = sum(1 << (width * face) for face in range(1, s + 1))
        rolled: int = die**self.regular
        below = rolled & ((1 << (width * low)) - 1)
        return below % ((1 << width) - 1)  # the coefficients' sum, under 2**width - 1

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
