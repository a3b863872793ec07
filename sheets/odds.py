"""Exact odds: the probability of every total of any ``RollSpec`` (R3, every option).

How it works, so the next reader can trust it:

* Counting, not floats. Every outcome carries an integer weight (ways to roll it); the
  probability is weight / denominator, divided once at the end. A polynomial of weights is
  packed into one Python integer, ``width`` bits per coefficient (Kronecker substitution),
  so adding a die is a handful of C-level shifts and additions, and a sum of identical dice
  is one ``pow``.
* Two dimensions. ``a`` is the set's dice total that R3 step 4 compares (0 without
  Advantage/Disadvantage); ``b`` is chosen so the final dice result is ``lam * a + b``
  (``lam`` is 1 when ``a`` is tracked and totals are summed, else 0). Index = a * span + b.
* Wild Die chains are summed to ``depth`` rolls, deep enough that the probability left out
  is below 1e-15 per chain (R3 step 3 caps real chains at 100 rolls; the difference is
  ~6**-depth).
* Exploded Wild Dice (first roll on the top face) are always higher than every plain die,
  so Boost never discards them and Penalty discards them first (R3 step 5). They are kept
  out of the per-die bookkeeping and multiplied in at the end, per count of exploded dice.
* Boost/Penalty and the `drop_highest` critical failure need to know which dice are
  lowest/highest: plain dice are then added one at a time into states keyed by a short
  sorted tuple of the extreme values (the rest of the values only matter through the sums).
* Advantage keeps the set with the higher dice total (ties: the first set), so a set with
  dice total t is kept with probability P(T <= t) + P(T < t) (Disadvantage: P(T >= t) +
  P(T > t)); Boost/Penalty dice are rolled after the choice, so they add to ``b`` only.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from sheets.dice.spec import SUCCESS_FACE, RollSpec
from sheets.results import MAX_RANK, rank_number

TAIL = 1e-15  # probability a truncated Wild Die chain may leave out (issue: below 1e-15)
MAX_ODDS_DICE = 120  # dice in one set after luck; more is a typo, and slow


@dataclass(frozen=True, slots=True)
class _Outcome:
    """One way a die can land: its weight, rolled value, and place in the packed sums."""

    weight: int
    value: int  # rolled value, what steps 3-5 compare
    a: int  # advantage dimension
    b: int  # result dimension
    x: int  # what the die adds to the dice result (sum of shown faces, or successes)


class _Packer:
    """Packs polynomials in (a, b) into integers: the weight of (a, b) sits at bit
    ``width * (a * span + b + lift)``; every packed value says its own ``lift``."""

    def __init__(self, width: int, span: int) -> None:
        self.width = width
        self.span = span

    def monomial(self, a: int, b: int, weight: int = 1) -> int:
        return weight << (self.width * (a * self.span + b))

    def shift(self, packed: int, a: int, b: int) -> int:
        step = self.width * (a * self.span + b)
        return packed << step if step >= 0 else packed >> -step

    def poly(self, outcomes: Iterable[_Outcome], lift: int, scale: int = 1) -> int:
        return sum(self.monomial(o.a, o.b + lift, o.weight * scale) for o in outcomes)

    def coefficients(self, packed: int) -> Iterator[tuple[int, int]]:
        """(index, weight) of every non-zero coefficient."""
        nbytes = self.width // 8
        raw = packed.to_bytes((packed.bit_length() + 7) // 8 or 1, "little")
        view = memoryview(raw)
        for index in range((len(raw) + nbytes - 1) // nbytes):
            weight = int.from_bytes(view[index * nbytes : (index + 1) * nbytes], "little")
            if weight:
                yield index, weight


def _lift(outcomes: Iterable[_Outcome]) -> int:
    """How far to raise ``b`` so that no outcome's ``b`` is negative in a packed factor."""
    return max(0, max(-o.b for o in outcomes))


class _Model:
    """The dice of one spec as outcome tables."""

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
        self.crit_leaves = self.wild > 0 and spec.critical_failure != "complication"
        self.drop = self.wild > 0 and spec.critical_failure == "drop_highest"
        # Deep enough that the chains of both sets together leave out under TAIL.
        chains = max(1, 2 * self.wild)
        self.depth = max(2, math.ceil(math.log(chains / TAIL) / math.log(s)))
        self.scale: int = s ** (self.depth - 1)  # a plain Wild Die face weighs scale of s**depth
        top_x = self._x_face(s)
        self.plain_set = [self._set_outcome(f, self._x_face(f), 1) for f in range(1, s + 1)]
        self.plain_wild = self.plain_set[:-1]  # faces 1..s-1; the top face explodes
        self.extra = [_Outcome(1, f, 0, self._x_face(f), self._x_face(f)) for f in range(1, s + 1)]
        # Exploded chains: j >= 1 top faces then a lower face, weight s**(depth-1-j); all
        # of them together weigh scale - 1 of scale.
        self.exploded = [
            self._set_outcome(j * s + f, j * top_x + self._x_face(f), s ** (self.depth - 1 - j))
            for j in range(1, self.depth)
            for f in range(1, s)
        ]
        # With no die to discard, every b is a sum of these: pack b / step (flips F1 or
        # F6 move b in fives, so the packing is five times denser).
        self.b_step = 1
        if not (self.boost or self.penalty):
            self.b_step = math.gcd(*(o.b for o in self.plain_set + self.exploded)) or 1
            self.plain_set, self.exploded = (
                [_Outcome(o.weight, o.value, o.a, o.b // self.b_step, o.x) for o in outcomes]
                for outcomes in (self.plain_set, self.exploded)
            )
            self.plain_wild = self.plain_set[:-1]

    def _x_face(self, face: int) -> int:
        shown = self.spec.flip(face)  # R3 step 6
        if self.spec.count_successes:
            return int(shown >= SUCCESS_FACE)
        return shown

    def _set_outcome(self, value: int, x: int, weight: int) -> _Outcome:
        a = value if self.track_a else 0
        return _Outcome(weight, value, a, x - self.lam * a, x)

    def discarded(self, o: _Outcome) -> _Outcome:
        """A set die discarded in step 5: its value still counts in the dice total that
        step 4 compared, but it adds nothing to the result."""
        return _Outcome(o.weight, o.value, o.a, o.b - o.x, 0)


def _span(*parts: tuple[int, list[_Outcome]]) -> tuple[int, int]:
    """The lowest ``b`` and the number of ``b`` values that ``count`` dice of each kind can
    reach together; a die may also add nothing (it left the roll)."""
    low = high = 0
    for count, outcomes in parts:
        if count and outcomes:
            low += count * min(0, min(o.b for o in outcomes))
            high += count * max(0, max(o.b for o in outcomes))
    return low, high - low + 1


def distribution(spec: RollSpec) -> dict[int, float]:
    """The exact probability of every total of ``spec`` (R3 steps 1-7, every ruling).

    Probabilities sum to 1 within 1e-12 (only Wild Die chain tails under 1e-15 are left
    out). Raises ``ValueError`` for pools too large to be a real roll.
    """
    if spec.pool > MAX_ODDS_DICE or abs(spec.net_boost) > MAX_ODDS_DICE:
        raise ValueError(f"exact odds stop at {MAX_ODDS_DICE} dice; {spec.code} is more")
    # b = x - lam * a: lam = 1 keeps b tiny when faces show what they rolled; with flips
    # on high faces lam = 0 can be narrower. Pack whichever needs fewer b values.
    model, low, span = min(
        (_packing(_Model(spec, lam)) for lam in (1, 0)), key=lambda packing: packing[2]
    )
    extras = model.boost + model.penalty
    plain_discards = [_Outcome(1, 0, 0, -max(o.x for o in model.plain_set), 0)]
    denominator = model.sides ** (model.regular + extras + model.depth * model.wild)
    packer = _Packer(_width(denominator), span)
    if extras or model.drop:
        packed = _by_extremes(model, packer, -low, plain_discards)
    else:
        packed = _by_powers(model, packer, -low)

    rows: dict[int, dict[int, int]] = defaultdict(dict)
    for index, weight in packer.coefficients(packed):
        a, b = divmod(index, span)
        rows[a][b + low] = weight
    keep = _advantage_factors(spec.advantage_sign, rows)
    base = spec.added_pips + spec.modifier
    result: dict[int, float] = defaultdict(float)
    for a, row in rows.items():
        for b, weight in row.items():
            result[model.lam * a + model.b_step * b + base] += weight / denominator * keep[a]
    return {total: p for total, p in sorted(result.items()) if p > 0.0}


def _packing(model: _Model) -> tuple[_Model, int, int]:
    """The model with the lowest ``b`` and the number of ``b`` values its packing needs."""
    extras = model.boost + model.penalty
    # A discarded die takes its x out of b (R3 step 5): Penalty may discard chains.
    discardable = model.plain_set + (model.exploded if model.penalty and model.wild else [])
    discards = [_Outcome(1, 0, 0, -max(o.x for o in discardable), 0)]
    low, span = _span(
        (model.regular, model.plain_set),
        (model.wild, model.plain_set + model.exploded),
        (extras, model.extra),
        (extras, discards),
    )
    return model, low, span


def _width(denominator: int) -> int:
    """Bits per packed coefficient: whole bytes, room for the largest possible count."""
    return 8 * ((denominator.bit_length() + 9) // 8)


def _advantage_factors(sign: int, rows: dict[int, dict[int, int]]) -> dict[int, float]:
    """How much likelier a set with dice total a is to be the kept one (R3 step 4): with
    Advantage it is kept when no worse than the first set or better than the second,
    P(T <= a) + P(T < a); with Disadvantage P(T >= a) + P(T > a); else 1."""
    if not sign:
        return dict.fromkeys(rows, 1.0)
    marginal = {a: sum(row.values()) for a, row in rows.items()}
    total = sum(marginal.values())
    factors: dict[int, float] = {}
    running = 0
    for a in sorted(marginal):
        below = running / total
        running += marginal[a]
        at_most = running / total
        factors[a] = at_most + below if sign > 0 else (1.0 - below) + (1.0 - at_most)
    return factors


def _by_powers(model: _Model, packer: _Packer, offset: int) -> int:
    """No die needs its rank among the others: the set is a product of per-die
    polynomials, and identical dice are one ``pow``."""
    regular_lift = _lift(model.plain_set)
    wild_lift = _lift(model.plain_set + model.exploded)
    regular = packer.poly(model.plain_set, regular_lift)
    wild = packer.poly(model.plain_wild, wild_lift, model.scale)
    wild += packer.poly(model.exploded, wild_lift)
    packed = regular**model.regular
    if model.wild:
        first = wild
        if model.crit_leaves:  # R3 step 3 `zero`: the failed Wild Die adds nothing
            first -= packer.poly(model.plain_wild[:1], wild_lift, model.scale)
            first += packer.monomial(0, wild_lift, model.scale)
        packed *= first * wild ** (model.wild - 1)
    lifted = model.regular * regular_lift + model.wild * wild_lift
    return packer.shift(packed, 0, offset - lifted)


# --- Boost, Penalty and drop_highest: states keyed by the extreme plain values ---------

_Key = tuple[tuple[int, ...], int, bool]  # (sorted extreme values, exploded dice, crit left)


@cache
def _insert(kept: tuple[int, ...], value: int, lowest: int, highest: int) -> tuple[int, ...]:
    """Add ``value`` to a sorted tuple that holds every value while there are at most
    lowest + highest of them, and otherwise the ``lowest`` lowest and ``highest`` highest:
    the extremes of a growing multiset depend only on the old extremes and the new value."""
    grown = tuple(sorted((*kept, value)))
    if len(grown) > lowest + highest:
        grown = grown[:lowest] + grown[lowest + 1 :]
    return grown


def _trim(kept: tuple[int, ...], lowest: int, highest: int) -> tuple[int, ...]:
    if len(kept) <= lowest + highest:
        return kept
    return kept[:lowest] + kept[len(kept) - highest :]


def _by_extremes(model: _Model, final: _Packer, offset: int, discards: list[_Outcome]) -> int:
    lowest, highest = model.boost, model.penalty
    room = highest + (1 if model.drop else 0)  # the top of the set, to drop it
    extras = lowest + highest
    # The per-die work runs on plain faces only, in a narrower packing: fewer b values
    # (no chains) and coefficients only as wide as plain dice can count.
    dp_low, dp_span = _span(
        (model.pool, model.plain_set), (extras, model.extra), (extras, discards)
    )
    packer = _Packer(_width(model.sides ** (model.pool + extras)), dp_span)
    states: dict[_Key, int] = {((), 0, False): packer.monomial(0, -dp_low)}

    def add_die(
        plain: list[_Outcome], cap: int, explodes: bool = False, crit: bool = False
    ) -> None:
        nonlocal states
        grown: dict[_Key, int] = defaultdict(int)
        steps = [(o.value, packer.width * (o.a * dp_span + o.b), o.weight) for o in plain]
        for (kept, exploded, left), packed in states.items():
            for value, step, weight in steps:
                key = (_insert(kept, value, lowest, cap), exploded, left)
                moved = packed << step if step >= 0 else packed >> -step
                grown[key] += moved if weight == 1 else moved * weight
            if explodes:  # weight 1 of s now; the chain itself is multiplied in at the end
                grown[(_trim(kept, lowest, highest), exploded + 1, left)] += packed
            if crit:  # R3 step 3: the first Wild Die rolled 1 and leaves the roll
                grown[(kept, exploded, True)] += packed
        states = grown

    # R3 steps 1-3, the set. Plain faces go into the keys; exploded chains are only
    # counted. Regular dice first, keeping room for the top in case the first Wild Die
    # fails critically and `drop_highest` takes the highest other die.
    for _ in range(model.regular):
        add_die(model.plain_set, room)
    for index in range(model.wild):
        crit = index == 0 and model.crit_leaves
        add_die(model.plain_wild[1:] if crit else model.plain_wild, room, True, crit)

    by_value = {o.value: o for o in model.plain_set}
    after: dict[_Key, int] = defaultdict(int)
    for (kept, exploded, left), packed in states.items():
        if model.drop and left and exploded == 0 and kept:
            top = by_value[kept[-1]]  # no chain exploded: the top plain die leaves
            packed = packer.shift(packed, -top.a, -top.b)
            kept = kept[:-1]
        after[(_trim(kept, lowest, highest), exploded, left)] += packed
    states = after

    # R3 step 5: the Boost/Penalty dice are rolled after the set was chosen.
    for _ in range(extras):
        add_die(model.extra, highest)

    # Discard, then bring in the exploded chains, per count of exploded dice.
    extra_x = {o.value: o.x for o in model.extra}
    groups: dict[tuple[int, int, int], int] = defaultdict(int)
    for (kept, exploded, left), packed in states.items():
        dropped = 1 if model.drop and left and exploded else 0
        # Exploded dice are the highest: Penalty discards them first (R3 step 5).
        chain_discards = min(highest, exploded - dropped)
        if lowest:
            gone = kept[:lowest]
        else:
            plain_discards = highest - chain_discards
            gone = kept[len(kept) - plain_discards :] if plain_discards else ()
        # Dice of equal value add the same, so which of them goes does not matter.
        loss = sum(extra_x[v] for v in gone)
        groups[(exploded, dropped, chain_discards)] += packer.shift(packed, 0, -loss)

    rows = (model.sides * (model.pool + extras)) + 1 if model.track_a else 1
    total = 0
    for (exploded, dropped, chain_discards), packed in groups.items():
        widened = _repack(packed, packer, final, offset + dp_low, rows)
        widened *= model.scale ** (model.wild - exploded)
        total += _with_chains(model, final, widened, exploded, dropped, chain_discards)
    return total


def _with_chains(
    model: _Model, packer: _Packer, packed: int, count: int, dropped: int, discards: int
) -> int:
    """Multiply in ``count`` exploded Wild Dice. A chain is j >= 1 top faces and a last
    face, so one die is (last faces) x (sum over j of s**(depth-1-j) * top**j): a few
    linear shift-adds instead of a product of two huge numbers."""
    s = model.sides
    if dropped == 0 and (discards == 0 or discards >= count):
        top = model.exploded[0]  # one explosion and a last face of 1: value s + 1
        last = model.plain_wild
        if discards:  # every chain is discarded by Penalty: it counts in a only
            top, last = model.discarded(top), [model.discarded(o) for o in last]
        step_a, step_b = top.a - last[0].a, top.b - last[0].b  # what one top face adds
        for _ in range(count):
            faces = sum(packer.shift(packed, o.a, o.b) for o in last)
            chain: int = 0
            for j in range(model.depth - 1, 0, -1):  # Horner over the chain length
                weight: int = s ** (model.depth - 1 - j)
                chain = packer.shift(chain, step_a, step_b) + faces * weight
            packed = packer.shift(chain, step_a, step_b)
        return packed
    if dropped == 1 and count == 1:  # the one exploded die leaves the roll: weight only
        return packed * (model.scale - 1)
    chains, lift = _exploded_block(model, packer, count, dropped, discards)
    return packer.shift(packed * chains, 0, -lift)


def _repack(packed: int, source: _Packer, target: _Packer, raise_b: int, rows: int) -> int:
    """The same polynomial in another packing: wider coefficients, longer rows, and ``b``
    raised by ``raise_b`` (a new offset)."""
    src, dst = source.width // 8, target.width // 8
    raw = packed.to_bytes(rows * source.span * src, "little")
    pad = bytes(dst - src)
    front = bytes(raise_b * dst)
    back = bytes((target.span - source.span - raise_b) * dst)
    out: list[bytes] = []
    for row in range(rows):
        start = row * source.span * src
        chunk = raw[start : start + source.span * src]
        if pad:
            chunk = b"".join(chunk[i : i + src] + pad for i in range(0, len(chunk), src))
        out.append(front + chunk + back)
    return int.from_bytes(b"".join(out), "little")


def _exploded_block(
    model: _Model, packer: _Packer, count: int, dropped: int, discards: int
) -> tuple[int, int]:
    """``count`` exploded Wild Dice, packed with its lift: the top ``dropped`` leave the
    roll (R3 step 3), the next ``discards`` are discarded by Penalty (step 5).

    Only for the rare mixes ``_with_chains`` does not handle itself: several Wild Dice
    exploding beside a drop, or more of them than Penalty dice."""
    chains = model.exploded
    discarded = [model.discarded(o) for o in chains]
    lift = _lift(chains + discarded)
    # Go down the chain values; at each value some of the dice not yet placed show it,
    # and their places in the sorted order say which leave, are discarded or count.
    placed: dict[int, int] = {0: packer.monomial(0, lift * count)}  # dice placed -> counts
    for kept, gone in sorted(zip(chains, discarded, strict=True), key=lambda o: -o[0].value):
        grown: dict[int, int] = defaultdict(int)
        for done, packed in placed.items():
            grown[done] += packed  # none of the rest shows this value
            moved = packed
            for n in range(1, count - done + 1):
                place = done + n - 1  # the n-th die showing this value, in sorted order
                if place >= dropped + discards:
                    moved = packer.shift(moved, kept.a, kept.b)
                elif place >= dropped:
                    moved = packer.shift(moved, gone.a, gone.b)
                grown[done + n] += moved * math.comb(count - done, n) * kept.weight**n
        placed = grown
    return placed[count], lift * count


# --- Reading a distribution ---------------------------------------------------------


def chance_at_least(odds: dict[int, float], target: int) -> float:
    """P(total >= target): the chance to reach a difficulty."""
    return sum(p for total, p in odds.items() if total >= target)


def mean(odds: dict[int, float]) -> float:
    return sum(total * p for total, p in odds.items())


def rank_chances(odds: dict[int, float], against: int) -> dict[int, float]:
    """P(exactly rank k) for k = 0 (no rank) .. 6, with result points = total - against (R4)."""
    chances = dict.fromkeys(range(MAX_RANK + 1), 0.0)
    for total, p in odds.items():
        chances[rank_number(total - against)] += p
    return chances


def chance_rank_at_least(odds: dict[int, float], against: int, rank: int) -> float:
    """P(rank >= k) against a difficulty or resistance (R4)."""
    return sum(p for k, p in rank_chances(odds, against).items() if k >= rank)
