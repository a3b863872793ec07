"""The set added one die at a time: Boost, Penalty and ``drop_highest`` (R3 steps 3 and
5), where it matters which dice are lowest or highest, and Advantage (step 4), where
``a`` is tracked.

1. The set's dice are added one at a time into states keyed by a short sorted tuple of
   their extreme plain values (the rest only matter through the sums), the count of
   exploded Wild Dice and whether the first Wild Die failed critically. This runs in a
   narrow packing of its own: only the set's plain faces, ``b`` in steps of their common
   divisor (flips F1 and F6 move it in fives; without flips it does not move at all).
   With Advantage the regular dice's own total keeps only the rows of
   ``model.plain_rows`` (``_SetDice._cut``): the far ends weigh under the tail allowance.
2. ``drop_highest`` takes the top die out (R3 step 3).
3. The Boost/Penalty dice are rolled after the set was chosen (step 4), so they never
   touch ``a``: for each state, every way they can land is counted at once, with which
   dice the discard then takes, as a small table of how far the result moves.
4. Per count of exploded dice, the states are laid into the wide final packing and the
   chains are multiplied in (``chains``).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from functools import lru_cache
from itertools import combinations_with_replacement

from sheets.odds.bands import bands
from sheets.odds.chains import (
    chain_faces,
    set_room,
    top_discarded,
    top_discarded_applies,
    with_chains,
)
from sheets.odds.extremes import kept_sum, regular_extremes
from sheets.odds.folded import Folded, foldable
from sheets.odds.model import DiceModel, Outcome, b_range
from sheets.odds.packing import (
    Packer,
    add_to,
    cut_bits,
    placed_sum,
    plus,
    reshape,
    shifted,
    spread,
    width_for,
    zero_bytes,
)
from sheets.records import FrozenRecord

_Key = tuple[tuple[int, ...], int, bool]  # (sorted extreme values, exploded dice, crit left)
_Kept = tuple[tuple[int, ...], int, int]  # (extreme values step 5 needs, exploded, dropped)


# The caches outlive one distribution (the dice panel asks again and again); bounded, so
# a session of huge Boost pools does not keep every tuple it ever met.
@lru_cache(maxsize=1 << 16)
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


# A Boost/Penalty state this many times shorter than its group moves on its own.
_SHORT = 2


class _Narrow(FrozenRecord):
    """The packing of steps 1-3: ``b`` = (x - lam * a) / step - low. With ``a`` tracked,
    rows are packed closer than their span where ``bands`` shows that they cannot meet:
    then ``bands`` maps each reachable ``a`` to its lowest and highest ``b``."""

    __slots__ = ("bands", "lam", "low", "packer", "step")
    lam: int
    step: int
    low: int
    packer: Packer
    bands: dict[int, tuple[int, int]] | None

    def __init__(
        self,
        lam: int,
        step: int,
        low: int,
        packer: Packer,
        bands: dict[int, tuple[int, int]] | None = None,
    ) -> None:
        for name, value in zip(self._fields, (lam, step, low, packer, bands), strict=True):
            object.__setattr__(self, name, value)

    @classmethod
    def best(cls, model: DiceModel) -> _Narrow:
        width = width_for(model.sides ** (model.pool + model.extras))
        # The discard and the extra dice move the result by at most this much (step 5).
        reach = model.extras * max(o.x for o in model.extra)
        options = []
        for lam in (1, 0) if model.track_a and not model.spec.count_successes else (0,):
            moves = [o.x - lam * o.a for o in model.plain_set]
            step = math.gcd(*moves) or 1
            low, span = b_range((model.pool, [Outcome(1, 0, 0, m // step, 0) for m in moves]))
            widen = -(-reach // step)
            low -= widen
            span += 2 * widen
            if not model.track_a:
                options.append(cls(lam, step, low, Packer(width, span)))
                continue
            # Plain dice in a state: the regular ones (less one that `drop_highest` took)
            # and the Wild Dice that neither exploded nor failed critically.
            fewest = model.regular - (1 if model.drop else 0)
            faces = tuple((o.a, m // step) for o, m in zip(model.plain_set, moves, strict=True))
            stride, found = bands(faces, max(0, fewest), model.pool, widen, low, span)
            options.append(cls(lam, step, low, Packer(width, span, stride), found))
        return min(options, key=lambda narrow: narrow.packer.stride)

    def move(self, o: Outcome) -> int:
        """The narrow ``b`` of a plain set face."""
        return (o.x - self.lam * o.a) // self.step

    def places(self, o: Outcome) -> int:
        """How many bits a packed polynomial moves when the face is added."""
        return self.packer.width * (o.a * self.packer.stride + self.move(o))


def one_die_at_a_time(model: DiceModel, final: Packer, offset: int) -> tuple[int, Folded | None]:
    """The whole roll packed in ``final`` (``b`` raised by ``offset``), but for the states
    whose exploded chains are all discarded (with Advantage: ``folded``)."""
    narrow = _Narrow.best(model)
    rolled = _SetDice(model, narrow)
    # Without Advantage (no ``a``) and without ``drop_highest`` (which takes a set die,
    # never a Boost/Penalty die) the extra dice are dice like the regular ones: pooled
    # with them, step 5 only discards the pool's extremes.
    pooled = model.extras if not (model.track_a or model.drop) else 0
    if pooled and not model.wild:  # the pool alone: what step 5 keeps, without keys
        places = {o.value: narrow.places(o) for o in model.plain_set}
        start = narrow.packer.monomial(0, -narrow.low)
        kept = kept_sum(
            model.regular + pooled,
            places,
            start,
            model.boost,
            model.penalty,
            narrow.packer.width,
        )
        # A discarded die takes out what it added (its x, a multiple of the step): residue 0.
        groups = {(0, 0): (0, [kept] + [0] * (narrow.step - 1))}
        return _chained(model, narrow, groups, final, offset), None
    if not rolled.start_with_regular(pooled):
        for _ in range(model.regular + pooled):  # regular dice first: see _SetDice.room
            rolled.add(model.plain_set)
    for index in range(model.wild):
        crit = index == 0 and model.crit_leaves
        rolled.add(model.plain_wild[1:] if crit else model.plain_wild, True, crit)
    after = rolled.after_drop()
    groups = _discarded(model, narrow, after) if pooled else _extra_dice(model, narrow, after)
    folded = {group: found for group, found in groups.items() if foldable(model, *group)}
    if top_discarded_applies(model, final):  # one sum with the three chains' (chains)
        folded = {}
    if len(folded) < len(groups):  # states without chains are cheaper in the wide packing
        folded = {group: found for group, found in folded.items() if group[0]}
    if not folded:
        return _chained(model, narrow, groups, final, offset), None
    rest = {group: found for group, found in groups.items() if group not in folded}
    packed = _chained(model, narrow, rest, final, offset) if rest else 0
    return packed, Folded(
        model, narrow.packer, narrow.step, narrow.lam, narrow.low, narrow.bands, folded
    )


class _SetDice:
    """Step 3, the set, one die at a time: plain faces go into the keys, exploded chains
    are only counted (multiplied in at the end)."""

    def __init__(self, model: DiceModel, narrow: _Narrow) -> None:
        self.model = model
        self.narrow = narrow
        self.lowest, self.highest = model.boost, model.penalty
        # Room for the top too when the first Wild Die may fail critically and
        # `drop_highest` then takes the highest other die.
        self.room = self.highest + (1 if model.drop else 0)
        self.row = narrow.packer.width * narrow.packer.stride
        self.states: dict[_Key, int] = {((), 0, False): narrow.packer.monomial(0, -narrow.low)}
        self.rolled = 0  # dice added so far
        self._floors: dict[tuple[tuple[int, ...], int], int] = {}
        self.cut: tuple[int, int] | None = None  # rows of the regular dice's total kept

    def floor(self, kept: tuple[int, ...], plain: int) -> int:
        """The lowest ``a`` that ``plain`` plain dice with these extremes can total. Each
        state's polynomial is stored from there: the dice between the extremes are no
        lower than the last low one, so most states need far fewer rows. Once the
        regular dice's rows are cut (``_cut``), none is below what they keep, plus one
        for every other plain die."""
        if not self.model.track_a:
            return 0
        found = self._floors.get((kept, plain))
        if found is None:
            middle = plain - len(kept)
            low = kept[self.lowest - 1] if middle and self.lowest else 1
            found = sum(kept) + middle * low if self.model.track_a else 0
            if self.cut is not None and plain >= self.model.regular:
                # The regular dice total at least cut[0] (``start_with_regular``), every
                # other plain die at least 1.
                found = max(found, self.cut[0] + plain - self.model.regular)
            self._floors[(kept, plain)] = found
        return found

    def start_with_regular(self, pooled: int = 0) -> bool:
        """Every regular die (and ``pooled`` Boost/Penalty dice) at once, counted over
        faces (``extremes``); False where that does not apply (Boost beside
        ``drop_highest`` tracks two dice at the top end)."""
        model = self.model
        count = model.regular + pooled
        places = {o.value: self.narrow.places(o) for o in model.plain_set}
        start = self.narrow.packer.monomial(0, -self.narrow.low)
        width = self.narrow.packer.width
        found = regular_extremes(count, places, start, self.lowest, self.room, width)
        if found is None:
            return False
        states: dict[_Key, int] = {}
        for kept, (packed, moved) in found.items():
            step = moved - self.row * self.floor(kept, count)
            states[(kept, 0, False)] = shifted(packed, step)
        if model.plain_rows is not None:  # with ``a`` tracked nothing is pooled
            states = self._cut(states, count, model.plain_rows)
        self.states = states
        self.rolled = count
        return True

    def _cut(self, states: dict[_Key, int], count: int, rows: tuple[int, int]) -> dict[_Key, int]:
        """The states of the ``count`` regular dice with only the rows low <= a < high
        of ``rows`` (``model.plain_cut``: the rest weigh under the tail allowance), each
        stored from its floor raised to ``low`` (``floor``): every later pass is shorter
        at both ends. Rows packed closer than their span (``bands``) still hold their
        coefficients in order of ``a``: row a begins at a * stride + its band's lowest b,
        after every coefficient of the rows below, so one bit cuts between rows."""
        low, high = rows
        packer, bands = self.narrow.packer, self.narrow.bands
        width, stride = packer.width, packer.stride

        def begins(a: int) -> int | None:
            """Where row a, or the first reachable one above it, begins (coefficients
            from row 0), None past the last."""
            if bands is None:
                return a * stride
            for b in range(a, max(bands) + 1):
                band = bands.get(b)
                if band is not None:
                    return b * stride + band[0]
            return None

        befores = {key: self.floor(key[0], count) for key in states}  # as found
        self.cut = rows
        self._floors.clear()
        kept_states: dict[_Key, int] = {}
        for key, packed in states.items():
            base = self.floor(key[0], count)  # raised to low where it was below
            before = befores[key]
            if before < base:  # rows before..low-1 are there: cut them off
                first = begins(low)
                if first is None:
                    continue
                # Stored from ``before`` as found: move down to the first row kept (the
                # bits below go), then up again to be stored from ``low``.
                packed = shifted(packed, -width * (first - before * stride))
                packed = shifted(packed, width * (first - low * stride))
            end = begins(high)
            if end is not None:
                packed = cut_bits(packed, width * (end - base * stride))
            if packed:
                kept_states[key] = packed
        return kept_states

    def add(self, plain: list[Outcome], explodes: bool = False, crit: bool = False) -> None:
        lowest, highest, room, row, floor = (
            self.lowest,
            self.highest,
            self.room,
            self.row,
            self.floor,
        )
        grown: dict[_Key, int] = {}
        steps = [(o.value, self.narrow.places(o), o.weight) for o in plain]
        for (kept, exploded, left), packed in self.states.items():
            count = self.rolled - exploded - left  # plain dice in this state
            base = floor(kept, count)
            for value, step, weight in steps:
                key = _insert(kept, value, lowest, room)
                step += row * (base - floor(key, count + 1))
                moved = shifted(packed, step)
                add_to(grown, (key, exploded, left), moved if weight == 1 else moved * weight)
            if explodes:  # weight 1 of s now; the chain itself is multiplied in at the end
                key = _trim(kept, lowest, highest)
                add_to(
                    grown,
                    (key, exploded + 1, left),
                    shifted(packed, row * (base - floor(key, count))),
                )
            if crit:  # R3 step 3: the first Wild Die rolled 1 and leaves the roll
                add_to(grown, (kept, exploded, True), packed)
        self.states = grown
        self.rolled += 1

    def after_drop(self) -> dict[_Kept, list[tuple[int, int]]]:
        """Step 3 `drop_highest`: the top die leaves. Then only the extremes step 5 can
        discard still matter: (extremes, exploded, dropped) -> (floor, polynomial) parts."""
        model, narrow = self.model, self.narrow
        by_value = {o.value: o for o in model.plain_set}
        after: dict[_Kept, list[tuple[int, int]]] = defaultdict(list)
        if not (model.drop or model.track_a):  # nothing leaves, every state from a = 0
            for (kept, exploded, _), packed in self.states.items():
                after[(_trim(kept, self.lowest, self.highest), exploded, 0)].append((0, packed))
            return after
        for (kept, exploded, left), packed in self.states.items():
            base = self.floor(kept, self.rolled - exploded - left)
            dropped = 0
            if model.drop and left:
                if exploded:
                    dropped = 1  # an exploded chain is the highest die: it leaves
                elif kept:
                    top = by_value[kept[-1]]  # stored from `base`: the rows stay, b moves
                    packed = narrow.packer.shift(packed, 0, -narrow.move(top))
                    base -= top.a
                    kept = kept[:-1]
            after[(_trim(kept, self.lowest, self.highest), exploded, dropped)].append(
                (base, packed)
            )
        return after


def _extra_dice(
    model: DiceModel, narrow: _Narrow, after: dict[_Kept, list[tuple[int, int]]]
) -> dict[tuple[int, int], tuple[int, list[int]]]:
    """Step 5: the Boost/Penalty dice and the discard, by what the chains still need to
    know: (exploded, dropped) -> (the lowest ``a`` stored, one polynomial per residue of
    ``b`` modulo the step)."""
    if narrow.step == 1:  # one residue: the dice one at a time merge states as they go
        return _one_extra_at_a_time(model, narrow, after)
    return _by_tables(model, narrow, after)


def _by_tables(
    model: DiceModel, narrow: _Narrow, after: dict[_Kept, list[tuple[int, int]]]
) -> dict[tuple[int, int], tuple[int, list[int]]]:
    """``_extra_dice`` by a table of every way the extra dice land per state (``_moves``)."""
    lowest, highest = model.boost, model.penalty
    row = narrow.packer.width * narrow.packer.stride
    xs = tuple(o.x for o in model.extra)
    starts = _group_starts(after)
    # Penalty takes chains first, so fewer plain values can go: states that differ only
    # below the ones that can are summed first.
    merged: dict[_Kept, list[tuple[int, int]]] = defaultdict(list)
    for (kept, exploded, dropped), parts in after.items():
        plain = highest - min(highest, exploded - dropped)
        if highest and plain < len(kept):
            kept = kept[len(kept) - plain :]
        merged[(kept, exploded, dropped)].extend(parts)
    # A state much shorter than its group's rows makes its moves where it is stored
    # (from its own lowest a), and is then placed in the group's sum by neighbours
    # (``placed_sum``). A state about as long as the group is added to one sum per move
    # instead, moved once per move: either way no pass longer than needed per move.
    width = narrow.packer.width
    extent: dict[tuple[int, int], int] = defaultdict(int)  # bits each group's states reach
    for (_, exploded, dropped), parts in merged.items():
        group = (exploded, dropped)
        for b, part in parts:
            reach = row * (b - starts[group]) + part.bit_length()
            extent[group] = max(extent[group], reach)
    placed: dict[tuple[int, int], list[list[tuple[int, int]]]] = {}
    by_move: dict[tuple[int, int], dict[int, int]] = defaultdict(dict)
    for (kept, exploded, dropped), parts in merged.items():
        group = (exploded, dropped)
        if group not in placed:
            placed[group] = [[] for _ in range(narrow.step)]
        base = min(b for b, _ in parts)
        state = placed_sum([(row * (b - base), part) for b, part in parts])
        lift = row * (base - starts[group])
        chain_discards = min(highest, exploded - dropped)  # Penalty takes chains first
        moves = _moves(xs, lowest, highest, kept, chain_discards)
        if _SHORT * state.bit_length() > extent[group]:
            sums = by_move[group]
            times = _multiples(shifted(state, lift), moves)
            for move, weight in moves:
                add_to(sums, move, times[weight])
            continue
        times = _multiples(state, moves)
        by_residue: dict[int, list[tuple[int, int]]] = defaultdict(list)
        for move, weight in moves:
            places, residue = divmod(move, narrow.step)
            by_residue[residue].append((width * places, times[weight]))
        for residue, moved in by_residue.items():
            least = min(bits for bits, _ in moved)
            inner = placed_sum([(bits - least, packed) for bits, packed in moved])
            placed[group][residue].append((lift + least, inner))
    for group, sums in by_move.items():
        for move, packed in sums.items():
            places, residue = divmod(move, narrow.step)
            placed[group][residue].append((width * places, packed))
    groups: dict[tuple[int, int], tuple[int, list[int]]] = {}
    for group, residues in placed.items():
        groups[group] = (starts[group], [placed_sum(parts) for parts in residues])
    return groups


def _multiples(state: int, moves: tuple[tuple[int, int], ...]) -> dict[int, int]:
    """``state`` times each distinct weight of ``moves`` once: the ways the Boost/Penalty
    dice move the result are symmetric sums of dice (R3 step 5), most weights twice."""
    return {w: state if w == 1 else state * w for w in {weight for _, weight in moves}}


def _group_starts(after: dict[_Kept, list[tuple[int, int]]]) -> dict[tuple[int, int], int]:
    """(exploded, dropped) -> the lowest ``a`` any of the group's states is stored from."""
    starts: dict[tuple[int, int], int] = {}
    for (_, exploded, dropped), parts in after.items():
        least = min(base for base, _ in parts)
        starts[(exploded, dropped)] = min(starts.get((exploded, dropped), least), least)
    return starts


def _one_extra_at_a_time(
    model: DiceModel, narrow: _Narrow, after: dict[_Kept, list[tuple[int, int]]]
) -> dict[tuple[int, int], tuple[int, list[int]]]:
    """``_extra_dice`` where ``b`` moves by whole steps of x (step 1: no residues).

    R3 step 5 discards the ``j`` most extreme plain values of the set and the ``k`` extra
    dice together (``j`` is ``k`` less the chains Penalty takes first). Keeping the other
    end of a multiset is a running selection: add the first ``k - j`` extra dice, then
    each of the last ``j`` with the most extreme value held discarded at once. A state
    then needs one extreme value fewer per discard, so states merge after every die:
    about half the moves of a table of every landing per state (``_moves``), each on a
    state no longer than before; states alike but for their most extreme value move
    together where the die lands past it (``_past_the_first``). With a step above 1 the
    states would split by residue at the first die and merge less than they split
    (30D+1 Advantage Penalty 3 flips 1,6 costs more this way)."""
    lowest, highest = model.boost, model.penalty
    extras = lowest + highest
    sign = 1 if lowest else -1  # Boost discards the lowest values, Penalty the highest
    row = narrow.packer.width * narrow.packer.stride
    width = narrow.packer.width
    xs = tuple(o.x for o in model.extra)
    starts = _group_starts(after)
    # (extreme values from the discarded end, plain values left to discard, group) ->
    # parts, each (bits from the group's start, polynomial): summed when they move.
    states: dict[tuple[tuple[int, ...], int, tuple[int, int]], list[tuple[int, int]]]
    states = defaultdict(list)
    for (kept, exploded, dropped), parts in after.items():
        group = (exploded, dropped)
        plain = lowest or highest - min(highest, exploded - dropped)  # chains go first
        key = tuple(sorted(kept, key=lambda value: sign * value)[:plain])
        states[(key, plain, group)].extend((row * (b - starts[group]), p) for b, p in parts)
    for left in range(extras, 0, -1):  # extra dice still to add
        grown: dict[tuple[tuple[int, ...], int, tuple[int, int]], list[tuple[int, int]]]
        grown = defaultdict(list)
        # States whose most extreme value the die discards unless it lands beyond it, by
        # the rest of their key: (that value, bits, state) each (``_past_the_first``).
        firsts: dict[tuple[tuple[int, ...], int, tuple[int, int]], list[tuple[int, int, int]]]
        firsts = defaultdict(list)
        for (key, plain, group), parts in states.items():
            least = min(bits for bits, _ in parts)
            state = placed_sum([(bits - least, packed) for bits, packed in parts])
            discards = left <= plain
            keep = plain - 1 if discards else plain
            if discards and len(key) == plain:
                # At or beyond the most extreme value the die goes itself: nothing moves.
                ways = key[0] if sign > 0 else len(xs) + 1 - key[0]
                grown[(key[:keep], keep, group)].append(
                    (least, state if ways == 1 else state * ways)
                )
                firsts[(key[1:], keep, group)].append((key[0], least, state))
                continue
            times: dict[int, int] = {}
            for new, move, ways in _extra_die(xs, key, keep, sign, discards):
                moved = times.get(ways, state)
                if ways != 1 and ways not in times:
                    moved = times[ways] = state * ways
                grown[(new, keep, group)].append((least + width * move, moved))
        for (rest, keep, group), members in firsts.items():
            for new, bits, summed in _past_the_first(xs, sign, width, rest, keep, members):
                grown[(new, keep, group)].append((bits, summed))
        states = grown
    # Every value is discarded or kept now: one state per group, key ().
    return {group: (starts[group], [placed_sum(parts)]) for (_, _, group), parts in states.items()}


def _past_the_first(
    xs: tuple[int, ...],
    sign: int,
    width: int,
    rest: tuple[int, ...],
    keep: int,
    members: list[tuple[int, int, int]],
) -> list[tuple[tuple[int, ...], int, int]]:
    """The states keyed ``(first, *rest)`` (``members``: first, bits, state) when a die
    lands past ``first``: ``first`` is discarded, the die's value ``v`` joins ``rest``,
    x moves by ``xs[v - 1] - xs[first - 1]`` (R3 step 5). Summed over ``first`` before
    the die lands, the states move once per face instead of once per face each: the
    sum over the values short of ``v`` grows face by face, ``xs[first - 1]`` taken out
    as it joins. (key after, bits, polynomial) per face that some state lands past."""
    members = sorted(members, key=lambda member: sign * member[0])
    faces = sorted(range(1, len(xs) + 1), key=lambda v: sign * v)  # from the discarded end
    moved: list[tuple[tuple[int, ...], int, int]] = []
    summed, low, index = 0, 0, 0
    for value in faces:
        while index < len(members) and sign * members[index][0] < sign * value:
            first, bits, state = members[index]
            bits -= width * xs[first - 1]
            if not summed:
                summed, low = state, bits
            else:  # two parts, the higher one shifted: no pass longer than the sum
                least = min(low, bits)
                summed = shifted(summed, low - least) + shifted(state, bits - least)
                low = least
            index += 1
        if summed:
            key = tuple(sorted((*rest, value), key=lambda v: sign * v)[:keep])
            moved.append((key, low + width * xs[value - 1], summed))
    return moved


@lru_cache(maxsize=1 << 14)
def _extra_die(
    xs: tuple[int, ...], kept: tuple[int, ...], keep: int, sign: int, discards: bool
) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """One Boost/Penalty die beside the extreme values ``kept`` (ordered from the
    discarded end: ``sign * value`` ascending), and with ``discards`` the most extreme
    value held discarded (equal values add the same x, so which of them goes does not
    matter): (the ``keep`` values from the discarded end after it, how far x moves,
    ways) over every face. Face ``v`` adds ``xs[v - 1]``."""
    found: Counter[tuple[tuple[int, ...], int]] = Counter()
    for value in range(1, len(xs) + 1):
        held = sorted((*kept, value), key=lambda v: sign * v)
        move = xs[value - 1]
        if discards:
            move -= xs[held.pop(0) - 1]
        found[(tuple(held[:keep]), move)] += 1
    return tuple((key, move, ways) for (key, move), ways in found.items())


def _discarded(
    model: DiceModel, narrow: _Narrow, after: dict[_Kept, list[tuple[int, int]]]
) -> dict[tuple[int, int], tuple[int, list[int]]]:
    """Step 5 when the Boost/Penalty dice were pooled with the set (no ``a``, so every
    state is stored from 0): the discard takes the pool's ``boost`` lowest values, or
    its ``penalty`` highest after the exploded chains (Penalty takes chains first)."""
    xs = tuple(o.x for o in model.extra)  # what each face adds
    width = narrow.packer.width
    groups: dict[tuple[int, int], tuple[int, list[int]]] = {}
    for (kept, exploded, dropped), parts in after.items():
        group = groups.get((exploded, dropped))
        if group is None:
            group = groups[(exploded, dropped)] = (0, [0] * narrow.step)
        plain = model.penalty - min(model.penalty, exploded - dropped)
        places, residue = _gone(xs, kept, model.boost, plain, narrow.step)
        packed = parts[0][1] if len(parts) == 1 else sum(part for _, part in parts)
        step = width * places
        group[1][residue] = plus(group[1][residue], shifted(packed, step))
    return groups


@lru_cache(maxsize=1 << 14)
def _gone(
    xs: tuple[int, ...], kept: tuple[int, ...], boost: int, plain: int, step: int
) -> tuple[int, int]:
    """What the discard takes from the pool's extreme values ``kept``, as (places,
    residue) of ``b`` modulo ``step``: the ``boost`` lowest, or the ``plain`` highest."""
    gone = kept[:boost] if boost else kept[len(kept) - plain :] if plain else ()
    return divmod(-sum([xs[v - 1] for v in gone]), step)


def _chained(
    model: DiceModel,
    narrow: _Narrow,
    groups: dict[tuple[int, int], tuple[int, list[int]]],
    final: Packer,
    offset: int,
) -> int:
    """Step 3 again: the exploded chains, multiplied in per count of exploded dice. Where
    no chain left the roll or was discarded, one die's chain at a time serves every
    count: C(C(G2) + G1) + G0 is C*C*G2 + C*G1 + G0 in two passes instead of three."""
    total = 0
    top_discarded_parts: dict[int, int] = {}  # exploded -> states, Penalty 1 takes the top
    joined = top_discarded_applies(model, final)
    top_discarded_lows: dict[int, int] = {}  # exploded -> zero coefficients cut below
    # Their counts alone, unscaled, in a packing of their own: ``top_discarded`` goes
    # over the faces there, some 2.5 times narrower than the final packing.
    room = model.sides ** (model.pool + model.extras) * set_room(model)
    narrower = Packer(width_for(room), final.span, final.stride)
    if narrower.width >= final.width:
        narrower = final
    laid_plain: dict[int, bytearray] = {}  # exploded -> states that keep every chain
    for (exploded, dropped), (start, residues) in groups.items():
        chain_discards = min(model.penalty, exploded - dropped)
        together = joined and not dropped and chain_discards and exploded <= 3
        packer = narrower if together else final
        laid = _laid(residues, start, narrow, model, packer, offset)
        if not (together or dropped or chain_discards):
            laid_plain[exploded] = laid
            continue
        # The rows below the first state are zeros that every pass of ``top_discarded``
        # would go over (a sixth of each part): cut, the shift put back once at the end.
        low = zero_bytes(laid) // packer.nbytes if together else 0
        widened = int.from_bytes(memoryview(laid)[low * packer.nbytes :], "little")
        if together:
            top_discarded_parts[exploded] = widened
            top_discarded_lows[exploded] = low
            continue
        if exploded < model.wild:  # a product by 1 is a copy too
            widened *= model.scale ** (model.wild - exploded)
        total = plus(total, with_chains(model, final, widened, exploded, dropped, chain_discards))
    if top_discarded_parts:
        found = top_discarded(model, final, top_discarded_parts, top_discarded_lows, narrower)
        total = plus(total, found)
    if not laid_plain:
        return total
    # Their zero rows below too, down to the lowest first state of them all (less as many
    # coefficients as the chains' last faces can move down: ``with_chains`` cuts there).
    low = 0
    if max(laid_plain):  # without chains, a cut would be a shift back for nothing
        guard = model.wild * max(0, -min(chain_faces(model, final)[1]))
        first = min(zero_bytes(laid) for laid in laid_plain.values()) // final.nbytes
        low = max(0, first - guard)
    plain: dict[int, int] = {}
    for exploded, laid in laid_plain.items():
        widened = int.from_bytes(memoryview(laid)[low * final.nbytes :], "little")
        if exploded < model.wild:  # a product by 1 is a copy too
            widened *= model.scale ** (model.wild - exploded)
        plain[exploded] = widened
    nested = 0
    for exploded in range(max(plain), 0, -1):
        nested = with_chains(model, final, plus(nested, plain.get(exploded, 0)), 1, 0, 0, low)
    return plus(total, shifted(plus(nested, plain.get(0, 0)), low * final.width))


@lru_cache(maxsize=256)
def _landings(xs: tuple[int, ...], count: int) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """Every way ``count`` extra dice land, as (sorted values, ways, what they add); face
    ``v`` adds ``xs[v - 1]``."""
    landings = []
    for values in combinations_with_replacement(range(1, len(xs) + 1), count):
        ways = math.factorial(count)
        for repeats in Counter(values).values():
            ways //= math.factorial(repeats)
        landings.append((values, ways, sum(xs[v - 1] for v in values)))
    return tuple(landings)


@lru_cache(maxsize=256)
def _ordered_landings(
    xs: tuple[int, ...], count: int, sign: int
) -> tuple[tuple[list[int], int, int], ...]:
    """``_landings`` with the values times ``sign``, ascending, and an end marker."""
    return tuple(
        ([*sorted(sign * v for v in values), 1 << 30], ways, gain)
        for values, ways, gain in _landings(xs, count)
    )


@lru_cache(maxsize=1 << 14)
def _moves(
    xs: tuple[int, ...], lowest: int, highest: int, kept: tuple[int, ...], chain_discards: int
) -> tuple[tuple[int, int], ...]:
    """How far the Boost/Penalty dice and the discard move the result (R3 step 5), given
    the set's extreme plain values ``kept``: (move, ways) over every way the extra dice
    land. Boost discards the ``lowest`` lowest (never a chain: the extra dice alone are
    enough); Penalty the ``highest`` highest, exploded chains first (``chain_discards``
    of them went already)."""
    moves: Counter[int] = Counter()
    plain = lowest or highest - chain_discards  # plain dice the discard takes
    # From the discarded end inward (values negated for Penalty), merging two ordered
    # lists: the first ``plain`` values go. An end marker that is never first stops each.
    # Dice of equal value add the same, so which of them goes does not matter.
    sign = 1 if lowest else -1
    ours = [*sorted(sign * v for v in kept), 1 << 30]
    add = (0, *xs)
    for theirs, ways, gain in _ordered_landings(xs, lowest + highest, sign):
        i = j = gone = 0
        for _ in range(plain):
            if theirs[j] <= ours[i]:
                gone += add[sign * theirs[j]]
                j += 1
            else:
                gone += add[sign * ours[i]]
                i += 1
        moves[gain - gone] += ways
    return tuple(moves.items())


def _laid(
    residues: list[int], start: int, narrow: _Narrow, model: DiceModel, final: Packer, offset: int
) -> bytearray:
    """The narrow polynomials, one per residue of ``b`` modulo the step, as the bytes of
    one polynomial in the final packing: spread ``step`` apart, then each row of ``a``
    moved to where the final ``lam`` puts it. Row 0 of the narrow polynomials is ``a`` =
    ``start``."""
    source = narrow.packer
    rows = model.rows - start
    length = narrow.step * source.span  # a row, spread out
    count = (rows - 1) * source.stride + source.span  # coefficients up to the last row's end
    spaced = bytearray(count * narrow.step * final.nbytes)
    for residue, packed in enumerate(residues):
        if packed:
            spread(spaced, packed, source, final, count, narrow.step, residue)
    windows = None
    if narrow.bands is not None:  # rows closer than their span: read each row's band only
        windows = (narrow.step * source.stride, _spread_bands(narrow.bands, narrow.step))
    # b in the final packing = step * (index + narrow.low) + residue + (lam - lam') * a.
    slope = narrow.lam - model.lam
    first = narrow.step * narrow.low + offset
    return reshape(spaced, final, length, rows, first, slope, start, windows)


def _spread_bands(found: dict[int, tuple[int, int]], step: int) -> dict[int, tuple[int, int]]:
    """Each row's band once spread ``step`` apart (every residue inside it)."""
    if step == 1:
        return found
    return {a: (lo * step, hi * step + step - 1) for a, (lo, hi) in found.items()}
