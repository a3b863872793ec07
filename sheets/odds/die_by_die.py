"""The set added one die at a time: Boost, Penalty and ``drop_highest`` (R3 steps 3 and
5), where it matters which dice are lowest or highest, and Advantage (step 4), where
``a`` is tracked.

1. The set's dice are added one at a time into states keyed by a short sorted tuple of
   their extreme plain values (the rest only matter through the sums), the count of
   exploded Wild Dice and whether the first Wild Die failed critically. This runs in a
   narrow packing of its own (``narrow``). With Advantage the regular dice's own total
   keeps only the rows of ``model.plain_rows`` (``_SetDice._cut``): the far ends weigh
   under the tail allowance.
2. ``drop_highest`` takes the top die out (R3 step 3).
3. The Boost/Penalty dice and the discard (step 5, ``extra_dice``).
4. Per count of exploded dice, the states are laid into the wide final packing and the
   chains are multiplied in (``chains``), or folded into the Advantage weights
   (``folded``).
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache

from sheets.odds.big import engaged, from_buffer, scratch_from_buffer, times_plus
from sheets.odds.chains import (
    chain_faces,
    set_room,
    top_discarded,
    top_discarded_applies,
    with_chains,
)
from sheets.odds.extra_dice import discard_pooled, extra_dice
from sheets.odds.extremes import kept_sum, regular_extremes
from sheets.odds.folded import Folded, foldable
from sheets.odds.model import DiceModel, Outcome
from sheets.odds.narrow import Kept, Narrow
from sheets.odds.packing import (
    Packer,
    add_to,
    cut_bits,
    plus,
    reshape,
    shifted,
    spread,
    width_for,
    zero_bytes,
)

_Key = tuple[tuple[int, ...], int, bool]  # (sorted extreme values, exploded dice, crit left)


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


def one_die_at_a_time(model: DiceModel, final: Packer, offset: int) -> tuple[int, Folded | None]:
    """The whole roll packed in ``final`` (``b`` raised by ``offset``), but for the states
    whose exploded chains are all discarded (with Advantage: ``folded``)."""
    narrow = Narrow.best(model)
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
        rolled.keep_plain_rows()
    for index in range(model.wild):
        crit = index == 0 and model.crit_leaves
        rolled.add(model.plain_wild[1:] if crit else model.plain_wild, True, crit)
    after = rolled.after_drop()
    groups = discard_pooled(model, narrow, after) if pooled else extra_dice(model, narrow, after)
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

    def __init__(self, model: DiceModel, narrow: Narrow) -> None:
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
        # Whether the die that may fail critically was added: then only the states where
        # it failed still track the top die for ``drop_highest`` (``room``).
        self.settled = False

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
        self.states = states
        self.rolled = count
        self.keep_plain_rows()  # with ``a`` tracked nothing is pooled
        return True

    def keep_plain_rows(self) -> None:
        """Once every regular die is in, only the rows of their total within
        ``model.plain_rows`` (``_cut``): ``_totals`` counts what the cut leaves out below
        as sets below every kept one, so it must always be cut."""
        rows = self.model.plain_rows
        if rows is not None:
            self.states = self._cut(self.states, self.rolled, rows)

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
        lowest, highest, row, floor = self.lowest, self.highest, self.row, self.floor
        grown: dict[_Key, int] = {}
        steps = [(o.value, self.narrow.places(o), o.weight) for o in plain]
        states = self.states
        if crit:  # R3 step 3: the first Wild Die rolled 1 and leaves the roll
            for (kept, exploded, _), packed in states.items():
                add_to(grown, (kept, exploded, True), packed)
            if self.room > highest:
                # ``drop_highest`` takes the top die only where this die failed: every
                # other state forgets it now, and states alike but for it move as one.
                states = self._without_top()
            self.settled = True
        for (kept, exploded, left), packed in states.items():
            count = self.rolled - exploded - left  # plain dice in this state
            base = floor(kept, count)
            tracked = self._top_room(exploded, left)
            for value, step, weight in steps:
                key = _insert(kept, value, lowest, tracked)
                step += row * (base - floor(key, count + 1))
                moved = shifted(packed, step)
                add_to(grown, (key, exploded, left), moved if weight == 1 else moved * weight)
            if explodes:  # weight 1 of s now; the chain itself is multiplied in at the end
                key = _trim(kept, lowest, min(highest, self._top_room(exploded + 1, left)))
                add_to(
                    grown,
                    (key, exploded + 1, left),
                    shifted(packed, row * (base - floor(key, count))),
                )
        self.states = grown
        self.rolled += 1

    def _top_room(self, exploded: int, left: bool) -> int:
        """How many top values a state still tracks. ``drop_highest`` needs the top die
        too until the die that may fail critically is added, then only where it failed
        (``room``). Otherwise Penalty needs as many as it can discard: it takes the
        exploded chains first (R3 step 5), so a state with chains tracks fewer plain
        values, and states alike but for the others merge as the next dice are added."""
        if self.model.drop:
            return self.room if left or not self.settled else self.highest
        return self.highest - min(self.highest, exploded)

    def _without_top(self) -> dict[_Key, int]:
        """The states with the extremes Boost/Penalty need only (``_trim``), each moved
        down to its new key's floor (never above the old one: the top die counted
        there is at least the lowest kept one)."""
        merged: dict[_Key, int] = {}
        for (kept, exploded, left), packed in self.states.items():
            count = self.rolled - exploded - left
            key = _trim(kept, self.lowest, self.highest)
            step = self.row * (self.floor(kept, count) - self.floor(key, count))
            add_to(merged, (key, exploded, left), shifted(packed, step))
        return merged

    def after_drop(self) -> dict[Kept, list[tuple[int, int]]]:
        """Step 3 `drop_highest`: the top die leaves. Then only the extremes step 5 can
        discard still matter: (extremes, exploded, dropped) -> (floor, polynomial) parts."""
        model, narrow = self.model, self.narrow
        by_value = {o.value: o for o in model.plain_set}
        after: dict[Kept, list[tuple[int, int]]] = defaultdict(list)
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


def _chained(
    model: DiceModel,
    narrow: Narrow,
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
    plain: dict[int, tuple[int, list[int]]] = {}  # exploded -> states that keep every chain
    for (exploded, dropped), (start, residues) in groups.items():
        chain_discards = min(model.penalty, exploded - dropped)
        together = joined and not dropped and chain_discards and exploded <= 3
        if not (together or dropped or chain_discards):
            plain[exploded] = (start, residues)
            continue
        packer = narrower if together else final
        laid = _laid([(start, residues)], narrow, model, packer, offset)
        # The rows below the first state are zeros that every pass of ``top_discarded``
        # would go over (a sixth of each part): cut, the shift put back once at the end.
        low = zero_bytes(laid) // packer.nbytes if together else 0
        widened = from_buffer(laid, low * packer.nbytes)
        if together:
            top_discarded_parts[exploded] = widened
            top_discarded_lows[exploded] = low
            continue
        widened = _scaled(model, widened, exploded)
        total = plus(total, with_chains(model, final, widened, exploded, dropped, chain_discards))
    if top_discarded_parts:
        found = top_discarded(model, final, top_discarded_parts, top_discarded_lows, narrower)
        total = plus(total, found)
    if not plain:
        return total
    # Several parts share one laying where a final coefficient holds them side by side
    # (``_laid``'s lanes, GMP only): one row-by-row copy for them all, each part then
    # cut out by a shift and a mask (g: 3 parts in 2 layings, n: 3 in 2).
    lanes = max(1, final.nbytes // narrow.packer.nbytes) if engaged() else 1
    order = sorted(plain, reverse=True)  # the order the parts are added in
    shared = [order[i : i + lanes] for i in range(0, len(order), lanes)]
    laid_plain = [_laid([plain[e] for e in part], narrow, model, final, offset) for part in shared]
    # Their zero rows below too, down to the lowest first state of them all (less as many
    # coefficients as the chains' last faces can move down: ``with_chains`` cuts there).
    low = 0
    if order[0]:  # without chains, a cut would be a shift back for nothing
        guard = model.wild * max(0, -min(chain_faces(model, final)[1]))
        first = min(zero_bytes(laid) for laid in laid_plain) // final.nbytes
        low = max(0, first - guard)
    parts: dict[int, int] = {}
    for part, laid in zip(shared, laid_plain, strict=True):
        parts.update(_lanes(laid, low * final.nbytes, part, model, narrow.packer, final))
    nested = 0
    for exploded in range(order[0], 0, -1):
        nested = _scaled_plus(model, nested, parts.get(exploded, 0), exploded)
        nested = with_chains(model, final, nested, 1, 0, 0, low)
    nested = _scaled_plus(model, nested, parts.get(0, 0), 0)
    return plus(total, shifted(nested, low * final.width))


def _lanes(
    laid: bytearray, start: int, part: list[int], model: DiceModel, source: Packer, final: Packer
) -> dict[int, int]:
    """The parts (exploded -> packed) that ``laid`` holds from byte ``start`` on, part i
    in byte lane i of every coefficient (``_laid``). One part alone is read as it lies,
    without ``from_buffer``'s second copy where only an operator reads it (``_scaled``
    or the fma of ``_scaled_plus``; g: ~0.8 MB); the one that is the sum itself is a
    number of its own."""
    if len(part) == 1:
        (exploded,) = part
        read = from_buffer if exploded >= model.wild else scratch_from_buffer
        return {exploded: read(laid, start)}
    whole = scratch_from_buffer(laid, start)  # only shifted and masked: new numbers
    bits, size = source.width, final.nbytes
    # Lane 0 of every coefficient, made as bytes (one C repeat and one copy), where
    # ``repeated`` takes some 2 log2(count) passes of shifts and ors.
    lane = b"\xff" * source.nbytes + bytes(size - source.nbytes)
    mask = scratch_from_buffer(bytearray(lane * -(-(len(laid) - start) // size)))
    return {
        exploded: (shifted(whole, -bits * lane) if lane else whole) & mask
        for lane, exploded in enumerate(part)
    }


def _scaled(model: DiceModel, packed: int, exploded: int) -> int:
    """``packed`` times the weight of the Wild Dice that did not explode (each a face of
    ``model.scale``): a product by 1 would be a copy too."""
    return packed * model.scale ** (model.wild - exploded) if exploded < model.wild else packed


def _scaled_plus(model: DiceModel, total: int, packed: int, exploded: int) -> int:
    """``total`` + ``_scaled(packed)``: the weight on an fma, the sum written into the
    product, where the product and then the sum were a pass each (g: 3 passes of ~1.3 MB)."""
    if not packed:
        return total
    if not total or exploded >= model.wild:
        return plus(total, _scaled(model, packed, exploded))
    return times_plus(packed, model.scale ** (model.wild - exploded), total)


def _laid(
    parts: list[tuple[int, list[int]]], narrow: Narrow, model: DiceModel, final: Packer, offset: int
) -> bytearray:
    """The narrow polynomials of each part (its first row of ``a``, one polynomial per
    residue of ``b`` modulo the step) as the bytes of one polynomial in the final
    packing: spread ``step`` apart, then each row of ``a`` moved to where the final
    ``lam`` puts it. Part i lies in byte lane i of every final coefficient (its bytes
    from i * the narrow width on): several parts fit beside each other where the final
    coefficients are that much wider, and share the row-by-row copy (``reshape``)."""
    source = narrow.packer
    first_row = min(start for start, _ in parts)
    rows = model.rows - first_row
    length = narrow.step * source.span  # a row, spread out
    count = (rows - 1) * source.stride + source.span  # coefficients up to the last row's end
    size = final.nbytes
    spaced = bytearray(count * narrow.step * size)
    lane = Packer(8, 1)  # bytes: a part's lane is a byte offset inside a coefficient
    for index, (start, residues) in enumerate(parts):
        below = (start - first_row) * source.stride  # narrow coefficients below its first row
        for residue, packed in enumerate(residues):
            if packed:
                # Up to its own last coefficient only: the rows above are zeros that
                # ``spaced`` holds already (g: a tenth of every byte's strided copy).
                own = min(count - below, -(-packed.bit_length() // source.width))
                place = (below * narrow.step + residue) * size + index * source.nbytes
                spread(spaced, packed, source, lane, own, narrow.step * size, place)
    windows = None
    if narrow.bands is not None:  # rows closer than their span: read each row's band only
        windows = (narrow.step * source.stride, _spread_bands(narrow.bands, narrow.step))
    # b in the final packing = step * (index + narrow.low) + residue + (lam - lam') * a.
    slope = narrow.lam - model.lam
    first = narrow.step * narrow.low + offset
    return reshape(spaced, final, length, rows, first, slope, first_row, windows)


def _spread_bands(found: dict[int, tuple[int, int]], step: int) -> dict[int, tuple[int, int]]:
    """Each row's band once spread ``step`` apart (every residue inside it)."""
    if step == 1:
        return found
    return {a: (lo * step, hi * step + step - 1) for a, (lo, hi) in found.items()}
