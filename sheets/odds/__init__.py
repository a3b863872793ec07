"""Exact odds: the probability of every total of any ``RollSpec`` (R3, every option).

How it works, so the next reader can trust it:

* Counting, not floats. Every outcome carries an integer weight (ways to roll it); the
  probability is weight / denominator, divided once at the end. Polynomials of weights
  are packed into integers (``packing``): Python ints for small rolls, GMP integers
  (gmpy2) from the first large one on (``big``), the same exact numbers either way.
* Two dimensions (``model``): ``a`` is the set's dice total that R3 step 4 compares,
  ``b`` what else the dice add to the result.
* Wild Die chains are summed to ``depth`` rolls, deep enough that the probability left out
  is below 1e-15 per chain (R3 step 3 caps real chains at 100 rolls; the difference is
  ~6**-depth). Exploded Wild Dice are always higher than every plain die, so Boost never
  discards them and Penalty discards them first (R3 step 5); they are multiplied in at
  the end, per count of exploded dice (``chains``).
* With Disadvantage a long chain or a high row matters only where its set is the kept,
  lower one, so the other set is higher still: the chains stop sooner
  (``model.chain_depth``: 15 rolls for 21 with three Wild Dice and 25 regular ones, every
  count some 46 bits narrower) and the rows are cut where a set's tail, squared, is under
  the allowance. Every outcome left out counts as a set above every kept one
  (``_totals``), so no total moves by more than 1e-15 still.
* With Advantage/Disadvantage and two or more Wild Dice the chains are summed only to
  the rows of ``a`` below ``model.a_rows``: a Chernoff bound on the sum of all of a set's
  dice (``model.cut_rows``) shows that the rows beyond weigh under 1e-15 / 2 a set,
  counting what ``depth`` leaves out. Every chain sum stops there (``chains._limit``):
  geometric sums keep only the terms that reach below it, chunked divisions stop at it.
  Rows below are exact; no total moves by more than 1e-15.
* With Advantage/Disadvantage the regular dice's own total is kept only within
  ``model.plain_rows`` (``model.plain_cut``: another Chernoff bound, both ends): 60 dice
  total below ~100 or above ~320 far less often than 1e-15. The end away from the kept
  side is cut where a set there, rarely kept, is kept even more rarely: 60 dice below
  ~123 with Advantage. They are cut as soon as they are counted
  (``die_by_die._SetDice``), and every state stored from there on, so every later pass
  is shorter. The chains' cut and this one share the allowance: a set leaves out under
  1e-15 / 2 in all, ``depth`` included. What is cut below counts as sets below every
  kept one, the rest as above (``_totals``).
* Without Boost, Penalty, ``drop_highest`` or Advantage the set is a product of identical
  dice (``powers``); otherwise the states are keyed by the dice's extreme values where
  Boost, Penalty or a drop needs to know which die is lowest or highest: the regular
  dice counted over faces at once (``extremes``), the Wild Dice added one at a time
  (``die_by_die``), then the Boost/Penalty dice and the discard (``extra_dice``). With
  Advantage those states' rows of ``a`` are packed closer than their span (``narrow``):
  at each ``a`` only a short band of ``b`` is reachable (``bands``).
  States whose exploded Wild Dice Penalty discards (all, or all but the lowest) never
  get their chains multiplied in: the chains are folded into the Advantage weights
  (``folded``). With three Wild Dice beside Penalty 1 the states with one to three
  exploded dice instead share three geometric sums and one division by (s - T)**2
  (``chains.top_discarded``): folding two kept chains would cost a product per row.
* The dice panel asks again for set-ups it showed a moment ago (a difficulty changed, an
  option toggled back): the last distributions are kept (``_cached``).
* Advantage keeps the set with the higher dice total (ties: the first set), so a set with
  dice total t is kept with probability P(T <= t) + P(T < t) (Disadvantage: P(T >= t) +
  P(T > t)); Boost/Penalty dice are rolled after the choice, so they add to ``b`` only.
"""

from __future__ import annotations

from functools import lru_cache

from sheets.dice.spec import RollSpec
from sheets.odds.big import engage_for, engaged, from_bytes, lowest_one, to_bytes
from sheets.odds.chains import headroom
from sheets.odds.die_by_die import one_die_at_a_time
from sheets.odds.folded import Folded
from sheets.odds.model import TAIL, DiceModel
from sheets.odds.packing import (
    Packer,
    coefficient_sum_masked,
    placed_sum,
    width_for,
    zero_coefficients,
)
from sheets.odds.powers import by_powers
from sheets.results import MAX_RANK, rank_number

__all__ = [
    "MAX_ODDS_DICE",
    "TAIL",
    "chance_at_least",
    "chance_rank_at_least",
    "distribution",
    "mean",
    "rank_chances",
]

MAX_ODDS_DICE = 120  # dice in one set after luck; more is a typo, and slow


def distribution(spec: RollSpec) -> dict[int, float]:
    """The exact probability of every total of ``spec`` (R3 steps 1-7, every ruling).

    Probabilities sum to 1 within 1e-12 (only the far tails of Wild Die chains, under
    1e-15 in all, are left out). Raises ``ValueError`` for pools too large to be a real
    roll. A new dict each call: the caller may keep or change it.
    """
    return dict(_cached(spec))


@lru_cache(maxsize=64)
def _cached(spec: RollSpec) -> tuple[tuple[int, float], ...]:
    """``distribution`` computed: (total, probability) by total."""
    if spec.pool > MAX_ODDS_DICE or abs(spec.net_boost) > MAX_ODDS_DICE:
        raise ValueError(f"exact odds stop at {MAX_ODDS_DICE} dice; {spec.code} is more")
    # b = x - lam * a: lam = 1 keeps b tiny when faces show what they rolled; with flips
    # on high faces lam = 0 can be narrower. Pack whichever needs fewer b values. Without
    # Advantage (or counting successes) there is no a: lam is 0 either way.
    lams = (1, 0) if spec.advantage_sign and not spec.count_successes else (0,)
    models = [DiceModel(spec, lam) for lam in lams]
    model, (low, span) = min(((m, m.b_range()) for m in models), key=lambda pair: pair[1][1])
    denominator = model.sides ** (model.regular + model.extras + model.depth * model.wild)
    engage_for(denominator)
    # Three Wild Dice beside Penalty 1: their chains are found times a signed factor
    # (``chains.top_discarded``), which needs room for more than a count.
    room = headroom(model) if model.wild >= 3 and model.penalty == 1 else 1
    packer = Packer(width_for(denominator * room), span)
    folded: Folded | None = None
    if model.as_powers:
        packed = by_powers(model, packer, -low)
    else:
        packed, folded = one_die_at_a_time(model, packer, -low)
    counts, scale = _totals(model, packer, packed, folded, -low, denominator)
    base = spec.added_pips + spec.modifier + model.b_step * low
    # The counts are GMP integers (``big``): divided as ints, a correctly rounded float
    # (a GMP quotient would be an mpfr).
    denominator = int(denominator * scale)
    return tuple(
        (total + base, int(weight) / denominator) for total, weight in sorted(counts.items())
    )


def _totals(
    model: DiceModel, packer: Packer, packed: int, folded: Folded | None, lift: int, whole: int
) -> tuple[dict[int, int], int]:
    """Weights by ``lam * a + b_step * b`` (the packed index of ``b``), and what they were
    scaled by: with Advantage each set weighs how likely it is to be the kept one. The
    ``folded`` states (``folded``) count beside ``packed``: their dice result x is the
    index ``x + lift``. ``whole`` is what every outcome of a set weighs together, those
    the model leaves out (long chains, rows cut) included."""
    span, size = packer.span, packer.nbytes
    rows = -(-packed.bit_length() // (8 * span * size)) or 1
    sign = model.spec.advantage_sign
    if not sign:  # a is 0: one row
        return {model.b_step * b: w for b, w in packer.coefficients(packed)}, 1
    # R3 step 4: each row's weight, the sum of its coefficients (below 2**width: it
    # fits the packing), and the row times its factor. Each row only from its first
    # non-zero coefficient to its last: about half a row is zeros (only a band of b is
    # reachable at each a), so every pass, the sums and the products, is that much
    # shorter. A weight times a factor needs twice the width: rather than spreading
    # every row to it byte by byte, a row's even and odd coefficients (a mask each) are
    # multiplied where they are, their neighbours' slots empty (``_halves``). Every
    # count is at most 2 * total**2 < 2**(2 * width): total, a part of the denominator,
    # is below 2**(width - 9). b_step is 1 with Advantage (only ``powers`` packs b in
    # steps).
    extra = folded.marginal() if folded is not None else {}
    width = packer.width
    row_size = span * size
    raw = to_bytes(packed, rows * row_size)
    view = memoryview(raw)
    zeros = memoryview(bytes(row_size))
    mask = from_bytes((b"\xff" * size + b"\0" * size) * (span // 2 + 1))
    read: list[tuple[int, int, int]] = []  # (first non-zero coefficient, even, odd part)
    marginal: list[int] = []
    skip = 0  # the row's zero coefficients, mostly as many as the row before
    sums: dict[int, int] = {}  # the masks of the halvings (``coefficient_sum_masked``)
    gmp = engaged()
    for a in range(rows):
        begin = a * row_size
        if gmp:  # the zero coefficients from the row's bits: one C call, no bytes compared
            row = from_bytes(view[begin : begin + row_size])
            skip = lowest_one(row) // width if row else span
            if skip:
                row >>= skip * width
        else:
            skip = zero_coefficients(raw, zeros, begin, span, size, skip)
            row = from_bytes(view[begin + skip * size : begin + row_size])
        marginal.append(coefficient_sum_masked(row, width, -(-row.bit_length() // width), sums))
        read.append((skip, *_halves(row, width, mask)))
    if extra:
        marginal += [0] * (max(extra) + 1 - len(marginal))
        for a, weight in extra.items():
            marginal[a] += weight
    # R3 step 4: every outcome the model leaves out counts as a set above every kept one
    # (``model.chain_depth``, ``model.cut_rows``), but with Advantage those of regular
    # dice below ``model.plain_rows``, as below: a kept set's odds are exact but for the
    # rare pairs where the kept set is one left out, or the other one is and on the
    # other side (``model.plain_cut``).
    total = whole
    # A row's factor times total: (P(T <= a) + P(T < a)) * total for Advantage.
    factors: list[int] = []
    below = whole // model.sides**model.regular * model.below_plain_rows() if sign > 0 else 0
    for weight in marginal:
        factors.append(2 * below + weight if sign > 0 else 2 * (total - below) - weight)
        below += weight
    # Rows placed by neighbours: with lam 1 each row sits a further coefficient along.
    # Coefficient j of a row is dice result x = lam * a + skip + j, kept in the sum of
    # x's parity at slot x // 2.
    parts: tuple[list[tuple[int, int]], list[tuple[int, int]]] = ([], [])
    for a, (skip, even, odd) in enumerate(read):
        factor = factors[a]
        first = model.lam * a + skip
        for x, half in ((first, even), (first + 1, odd)):
            if half and factor:
                parts[x % 2].append((2 * width * (x // 2), half * factor))
    wide = Packer(2 * width, 1)
    counts: dict[int, int] = {}
    for parity, placed in enumerate(parts):
        for slot, weight in wide.coefficients(placed_sum(placed)):
            counts[2 * slot + parity] = weight
    if folded is not None:
        for x, weight in folded.weighted(factors, 2 * total).items():
            counts[x + lift] = counts.get(x + lift, 0) + weight
    return counts, total


def _halves(row: int, width: int, mask: int) -> tuple[int, int]:
    """The even and the odd coefficients of ``row`` (``width`` bits each), each part
    with its coefficients ``2 * width`` bits apart: ``mask`` has ones in every other
    coefficient, from the first, at least as far as ``row`` reaches."""
    return row & mask, (row >> width) & mask


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
