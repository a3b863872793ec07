"""Advantage/Disadvantage (R3 step 4) for states whose exploded Wild Dice are all
discarded by Penalty (step 5), or all but the lowest, counted without multiplying the
chains into a wide (a, b) polynomial.

Such a chain adds its whole value to the dice total ``a`` that step 4 compares and
nothing to the result. So where the other states have their chains multiplied into a wide
(a, b) polynomial (``chains``) whose rows are then weighted by how likely a set of that
total is kept, these states keep their narrow polynomial and fold the chains into the
weights instead: a row of plain total ``a`` weighs sum over t of K(t) * F(a + t), where
K counts the ways ``e`` chains total t (any order: every one of them is discarded) and
F(a) is the weight of a set of total ``a``. Only short lists of integers are folded, one
chain at a time (``chain_folded``).
A kept lowest chain adds to the result too: its values are gone through one by one, the
discarded ones above it folded as before (``Folded._kept_lowest``).
Where Penalty discards exactly the chains, every plain and Penalty die counts: each row
is the Penalty dice times one line of the plain dice (``_penalty_apart``), and only
that line is weighted, the Penalty dice added to the counts after.
"""

from __future__ import annotations

import math
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from functools import reduce
from operator import add, or_
from typing import Final, Literal

from sheets.odds.big import (
    big,
    engaged,
    from_bytes,
    lowest_one,
    packed_list,
    rows_of,
    to_bytes,
    unpacked_list,
    whole_limbs,
)
from sheets.odds.model import DiceModel
from sheets.odds.packing import (
    Packer,
    add_to,
    coefficient_sum,
    moved_sum,
    placed_sum,
    plus,
    spread,
    width_for,
)
from sheets.records import Record

Group = tuple[int, list[int]]  # (lowest a stored, one narrow polynomial per residue)


def foldable(model: DiceModel, exploded: int, dropped: int) -> bool:
    """Whether the group's exploded chains are all discarded by Penalty but for at most
    the lowest one (none left the roll as `drop_highest`): the discarded ones only add
    to ``a``; a kept lowest chain is placed value by value (``_kept_lowest``)."""
    if not model.track_a or dropped:
        return False
    return exploded <= model.penalty or (exploded == model.penalty + 1 and model.penalty > 0)


def chain_folded(model: DiceModel, values: list[int], count: int, ahead: bool) -> list[int]:
    """``values`` with ``count`` exploded chains folded in, K(t) the ways they total t
    (weights as in ``chains``): ahead, out[a] = sum over t of K(t) * values[a + t] (the
    weight of a plain total a, given the weights of the kept totals), else
    out[t] = sum over u of values[u] * K(t - u) (the chains added to a marginal).

    One chain at a time, a few operations per value (``_ahead``, ``_behind``): K itself,
    a list as long as the chains reach, is never formed nor multiplied."""
    s, top = model.sides, model.depth - 1
    if count and engaged() and min(values, default=0) >= 0:
        return _folded_at_once(values, s, top, count, ahead)
    heavy = s ** (top - 1)
    for _ in range(count):
        values = (_ahead if ahead else _behind)(values, s, top, heavy)
    return values


def _folded_at_once(values: list[int], s: int, top: int, count: int, ahead: bool) -> list[int]:
    """``chain_folded`` on GMP: the values packed (``packed_list``), each chain folded
    in by a few shifts and sums of the whole (``_times_chain``), and the result
    unpacked (``unpacked_list``): a few dozen operations where ``_ahead`` and
    ``_behind`` take a few a value and chain.

    Behind, the product of the values and K**count is the marginal with the chains
    added; ahead the values go in reversed, out[a] = sum over t of K**count(t)
    values[a + t] the product's n - 1 - a. Each slot holds any sum: K's coefficients
    sum to s**top - 1 (``_ahead``), K**count's to that to the power ``count``, each
    times a value at most the largest."""
    n = len(values)
    length = n if ahead else n + count * ((top + 1) * s - 1)
    largest = max(values, default=0)
    if not largest or top < 1:  # no chain value to fold: K is 0
        return [0] * length
    width = (largest * (s**top - 1) ** count).bit_length()
    total = packed_list(values[::-1] if ahead else values, width)
    for _ in range(count):
        total = _times_chain(total, s, top, width)
    found = unpacked_list(total, width)[: n if ahead else length]
    found += [0] * ((n if ahead else length) - len(found))
    return found[::-1] if ahead else found


def _times_chain(packed: int, s: int, top: int, width: int) -> int:
    """``packed`` times K(z) = sum over j = 1..top, f = 1..s-1 of s**(top - j) z**(j s + f),
    that is times z + .. + z**(s - 1) (``moved_sum``), then times z**s and the geometric
    sum over i < top of s**(top - 1 - i) z**(i s) by doubling: about a dozen passes
    over the polynomial where multiplying by K packed is a product as long as K."""
    boxed = moved_sum(packed, list(range(1, s)), width)
    return _geometric(boxed, s, s * width, top) << (s * width)


def _geometric(packed: int, ratio: int, bits: int, terms: int) -> int:
    """The sum over i < ``terms`` of ratio**(terms - 1 - i) * packed * 2**(i * bits), from
    the sum of half as many terms: times ratio**half, plus itself moved half up."""
    if terms == 1:
        return packed
    half = terms // 2
    found = _geometric(packed, ratio, bits, half)
    power: int = ratio**half
    found = found * power + (found << (half * bits))
    if terms % 2:
        found = found * ratio + (packed << ((terms - 1) * bits))
    return found


def _ahead(values: list[int], s: int, top: int, heavy: int) -> list[int]:
    """out[a] = sum over j = 1..top, f = 1..s-1 of s**(top - j) * values[a + j s + f].

    With the window sums W[u] = values[u + 1] + .. + values[u + s - 1], out[a] is the
    geometric sum over j of s**(top - j) W[a + j s], so from its neighbour s ahead:
    out[a] = s**(top - 1) W[a + s] + (out[a + s] - W[a + (top + 1) s]) / s, exact."""
    count = len(values)
    size = count + (top + 2) * s
    padded = values + [0] * (size - count)
    window = [0] * size
    running = 0
    for u in range(size - 2, -1, -1):
        running += padded[u + 1]
        if u + s < size:
            running -= padded[u + s]
        window[u] = running
    out = [0] * (count + s)
    far = (top + 1) * s
    for a in range(count - 1, -1, -1):
        out[a] = heavy * window[a + s] + (out[a + s] - window[a + far]) // s
    del out[count:]
    return out


def _behind(values: list[int], s: int, top: int, heavy: int) -> list[int]:
    """out[t] = sum over j = 1..top, f = 1..s-1 of s**(top - j) * values[t - j s - f]:
    ``_ahead`` mirrored, each value from its neighbour s behind."""
    count = len(values)
    length = count + (top + 1) * s - 1
    window = [0] * length  # W[u] = values[u - 1] + .. + values[u - s + 1]
    running = 0
    for u in range(1, length):
        if u <= count:
            running += values[u - 1]
        if s <= u < count + s:
            running -= values[u - s]
        window[u] = running
    out = [0] * length
    far = (top + 1) * s
    for t in range(s, length):
        gone = window[t - far] if t >= far else 0
        out[t] = heavy * window[t - s] + (out[t - s] - gone) // s
    return out


def _plain_totals(model: DiceModel, width: int) -> Callable[[int], list[int]]:
    """exploded -> the weights of the set's plain dice total a (a list from a = 0), every
    Boost/Penalty landing included: what the folded rows of that many exploded Wild
    Dice sum to, counted in one dimension. Neither the extra dice nor the discard touch
    ``a`` (R3 steps 4-5) and their landings weigh s**extras in all; the regular dice add
    any face, a Wild Die a face below the top or explodes (its chain is folded in
    later), and a first Wild Die that fails critically leaves, adding nothing (step 3).
    Only without `drop_highest`, which takes the highest die out of ``a``. The regular
    dice's totals only within ``model.plain_rows``, as the states keep them."""
    s, wild = model.sides, model.wild
    faces = [big(1) << (width * v) for v in range(1, s + 1)]
    regular = sum(faces) ** model.regular
    if model.plain_rows is not None:  # the rows the states keep (``_SetDice._cut``)
        low, high = model.plain_rows
        regular = (regular & ((big(1) << (width * high)) - 1)) >> (width * low) << (width * low)
    regular *= s**model.extras
    plain = sum(faces[:-1])  # a Wild Die that did not explode
    first = 1 + sum(faces[1:-1]) if model.crit_leaves else plain
    unpack = Packer(width, 1)

    def totals(exploded: int) -> list[int]:
        # The first Wild Die apart (it may fail critically), then the others alike.
        rest = wild - 1
        ways = 0 if wild else 1
        if 0 <= exploded <= rest:  # the first did not explode
            ways = math.comb(rest, exploded) * plain ** (rest - exploded) * first
        if exploded:  # the first exploded
            ways += math.comb(rest, exploded - 1) * plain ** (rest - exploded + 1)
        weights = [0] * (s * model.pool + 1)
        if engaged():  # every slot in one call, zeros too
            found = unpacked_list(regular * ways, width)
            weights[: len(found)] = found
            return weights
        for a, weight in unpack.coefficients(regular * ways):
            weights[a] = weight
        return weights

    return totals


def _cuts(narrow: int, held: int, heaviest: int) -> tuple[int, int]:
    """(parts, bits) for ``Folded._discarded``: rows cut into ``parts`` (every part-th
    coefficient, ``parts * narrow`` bits of room each) and weights of ``heaviest``
    bits into pieces of ``bits`` bits, so that a sum of pieces times coefficients
    (below 2**held in all) fits its room. The cheapest by an estimate from measured
    instruction counts: a product costs about a pass over the part per digit of its
    piece, and each part times piece another few passes to be summed and masked.

    Pieces end on the integers' digits: a piece of 30 bits and one of 31 cost 1 and
    2 digits a pass. More parts than needed for a whole weight never pay."""
    if engaged():
        # GMP multiplies a part by a whole weight for about a pass over the part: the
        # fewest products win, whole weights in as few parts as hold them.
        return -(-(held + heaviest) // narrow), heaviest
    digit = sys.int_info.bits_per_digit
    best: tuple[float, int, int] | None = None
    parts = 1
    while True:
        room = parts * narrow - held
        if room >= min(digit, heaviest):
            bits = heaviest if room >= heaviest else room - room % digit
            pieces = -(-heaviest // bits)
            digits = -(-heaviest // digit) + pieces - 1
            cost = parts * (digits + 2.5 * pieces) + 0.85 * (2 * parts - 1)
            if best is None or cost < best[0]:
                best = (cost, parts, bits)
            if pieces == 1:
                return best[1], best[2]
        parts += 1


class _Group(Record):
    """One folded group as step 5 left it: ``exploded`` chains, each residue of ``b``
    packed (``residues``, rows of ``a`` from ``start`` on). Read row by row
    (``Folded.lines``) or with its residues laid together in x (``Folded._in_x``)."""

    __slots__ = ("exploded", "residues", "start")
    exploded: int
    start: int
    residues: list[int]

    def __init__(self, exploded: int, start: int, residues: list[int]) -> None:
        self.exploded = exploded
        self.start = start
        self.residues = residues


Line = tuple[int, int, int, int]  # (a, residue, first narrow b, row from its first non-zero)


def _laid_in_x(
    lines: list[tuple[int, int, int]], size: int, wide_size: int, step: int
) -> dict[int, tuple[int, int]]:
    """a -> (x of the first slot, the row): the lines of each a (a, x of the first
    coefficient, line of ``size``-byte coefficients ``step`` apart in x) laid together
    in x units, ``wide_size`` bytes a slot. Then each a is one row, one product and one
    part of a sum, however many residues it has."""
    by_a: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for a, x0, line in lines:
        by_a[a].append((x0, line))
    narrow, wide = Packer(8 * size, 1), Packer(8 * wide_size, 1)
    out: dict[int, tuple[int, int]] = {}
    for a, found in by_a.items():
        low = min(x0 for x0, _ in found)
        places = [(x0 - low, -(-line.bit_length() // narrow.width)) for x0, line in found]
        spaced = bytearray(max(x + step * (count - 1) + 1 for x, count in places) * wide_size)
        for (x, count), (_, line) in zip(places, found, strict=True):
            spread(spaced, line, narrow, wide, count, step, x)
        out[a] = (low, from_bytes(spaced))
    return out


Word = Literal["Q", "I", "H", "B"]  # memoryview formats of 8, 4, 2 and 1 bytes
_WORDS: Final[tuple[tuple[int, Word], ...]] = ((8, "Q"), (4, "I"), (2, "H"), (1, "B"))


def _words(length: int) -> list[tuple[int, int, Word]]:
    """(offset, bytes, format) of the words that copy ``length`` bytes, widest first."""
    words: list[tuple[int, int, Word]] = []
    offset = 0
    for word, kind in _WORDS:
        while length - offset >= word:
            words.append((offset, word, kind))
            offset += word
    return words


def _copied(residues: list[int], size: int, count: int) -> int:
    """How many low bytes of each ``size``-byte coefficient of ``residues`` (``count``
    coefficients at most) ``_spread_words`` copies: every non-zero byte, in the fewest
    words. The coefficients are counts of the group's sets, bounded by every set's
    count (the slots' room) but a byte or two below it, and a word fewer is a strided
    copy fewer a coefficient. The residues' bits or-ed together, their top bytes read
    (a strided copy of one byte a coefficient each) down to the first non-zero one."""
    raw = to_bytes(reduce(or_, residues), count * size)
    zeros = bytes(count)
    used = size
    while used > 1 and raw[used - 1 :: size] == zeros:
        used -= 1
    return max(
        (length for length in range(used, size + 1)),
        key=lambda length: (-len(_words(length)), length),
    )


def _spread_words(
    out: bytearray, raw: bytes, size: int, copied: int, first: int, every: int
) -> None:
    """Write the low ``copied`` bytes of the ``size``-byte coefficients of ``raw`` into
    ``out`` (zeros, the rest of each coefficient zero too), coefficient i at byte
    ``first + i * every`` (``every`` whole 8-byte words), as ``packing.spread`` does a
    byte at a time, but a word at a time where a word fits.

    Coefficients 8 // gcd(size, 8) apart start alike within an 8-byte word: for each
    such class a strided copy per word of a coefficient (8 bytes, then 4, 2, 1 for
    the rest), each a memoryview cast to that word. A strided copy costs about as much
    a word as a byte (it touches the wide slots' memory, several times the narrow
    rows and hardly in a cache): two or three copies a coefficient where bytes take
    ``size``."""
    count = len(raw) // size
    period = 8 // math.gcd(size, 8)
    source, target = memoryview(raw), memoryview(out)
    for k in range(min(period, count)):
        taken = -(-(count - k) // period)  # coefficients k, k + period, ...
        for offset, word, kind in _words(copied):
            start = k * size + offset
            src = source[start : start + (taken - 1) * period * size + word].cast(kind)
            start = first + k * every + offset
            dst = target[start : start + (taken - 1) * period * every + word].cast(kind)
            dst[:: period * every // word] = src[:: period * size // word]


class Folded:
    """The folded groups of one roll: their marginal over ``a`` first (every set's
    weight must be known before any is weighted), then their weighted result."""

    def __init__(
        self,
        model: DiceModel,
        packer: Packer,
        step: int,
        lam: int,
        low: int,
        bands: dict[int, tuple[int, int]] | None,
        groups: dict[tuple[int, int], Group],
    ) -> None:
        self.model, self.packer, self.step, self.lam, self.low = model, packer, step, lam, low
        self.bands = bands
        self.read = [
            _Group(exploded, start, residues) for (exploded, _), (start, residues) in groups.items()
        ]
        self._read: dict[int, list[Line]] = {}  # exploded -> the group's lines, once read

    def _windows(self, group: _Group, count: int) -> Iterator[tuple[int, int, int, int]]:
        """(a, lowest b of its band, first and last coefficient) of each row of ``group``
        within ``count`` packed coefficients: a band holds every state's support, so
        nothing outside it is read."""
        stride, bands = self.packer.stride, self.bands
        for index in range(-(-count // stride)):
            a = group.start + index
            window = (0, self.packer.span - 1) if bands is None else bands.get(a)
            if window is None:
                continue
            first = index * stride + window[0]
            last = min(index * stride + window[1], count - 1)
            if last >= first:
                yield a, window[0], first, last

    def lines(self, group: _Group) -> list[Line]:
        """Every row of each residue of ``group`` as an integer from its first non-zero
        coefficient, (a, residue, first narrow b, row), read once.

        Rows are read only from their first non-zero coefficient to their last, so
        every product in ``weighted`` is that much shorter: a band holds every state's
        support, and a group's rows fill a fifth less of it (half with few plain dice).
        Each band is read as one integer, its zero ends found from its bits."""
        found = self._read.get(group.exploded)
        if found is not None:
            return found
        size, width = self.packer.nbytes, self.packer.width
        lines: list[Line] = []
        for residue, packed in enumerate(group.residues):
            if not packed:
                continue
            raw = to_bytes(packed, (packed.bit_length() + 7) // 8 + size)
            view = memoryview(raw)
            for a, low_b, first, last in self._windows(group, len(raw) // size):
                row = from_bytes(view[first * size : (last + 1) * size])
                if not row:
                    continue
                lead = lowest_one(row) // width
                if lead:
                    row >>= lead * width
                lines.append((a, residue, low_b + lead, row))
        self._read[group.exploded] = lines
        return lines

    def _in_x(self, group: _Group, wide_size: int) -> dict[int, tuple[int, int]]:
        """a -> (x of the first slot, the row): each row of ``group`` with its residues
        laid together in x units, ``wide_size`` bytes a slot, as ``_laid_in_x`` lays
        ``lines``. Here the residues are laid at once (``_spread_words``) and each row
        read in place (``rows_of``; GMP engaged, ``wide_size`` whole limbs): a few
        operations a row rather than a few per residue and part (on GMP the
        interpreter's operations, not the arithmetic, are the cost).

        Only the rows' windows are laid, one after the other: a band holds every
        state's support, and the packed rows, ``stride`` apart, hold a third more
        coefficients between the windows that no row reads."""
        step, size = self.step, self.packer.nbytes
        count = max(-(-packed.bit_length() // self.packer.width) for packed in group.residues)
        windows = list(self._windows(group, count))
        reads = [(first * size, (last + 1) * size) for _, _, first, last in windows]
        slot = step * wide_size  # one b: its residues side by side, x = ... + residue
        spans: list[tuple[int, int]] = []  # each row's bytes in ``laid``
        end = 0
        for start, stop in reads:
            spans.append((end, end + (stop - start) // size * slot))
            end = spans[-1][1]
        laid = bytearray(end)
        copied = _copied(group.residues, size, count)
        for residue, packed in enumerate(group.residues):
            if packed:
                raw = to_bytes(packed, count * size)
                read = b"".join([raw[start:stop] for start, stop in reads])
                _spread_words(laid, read, size, copied, residue * wide_size, slot)
        rows = rows_of(laid, spans)
        lam, low = self.lam, self.low
        return {
            a: (lam * a + step * (low_b + low), row)
            for (a, low_b, _, _), row in zip(windows, rows, strict=True)
            if row
        }

    def marginal(self) -> dict[int, int]:
        """a -> weight of the folded states' sets with dice total a (chains included)."""
        total: dict[int, int] = {}
        scale, wild = self.model.scale, self.model.wild
        width = self.packer.width
        # Without `drop_highest` no die leaves by rank: the plain totals are counted
        # without reading the rows back (``_plain_totals``).
        counted = None if self.model.drop else _plain_totals(self.model, width)
        for group in self.read:
            if counted is not None:
                plain = counted(group.exploded)
                low = next((a for a, weight in enumerate(plain) if weight), len(plain))
                plain = plain[low:]
            else:
                sums: dict[int, int] = {}
                for a, _, _, row in self.lines(group):
                    weight = coefficient_sum(row, width, -(-row.bit_length() // width))
                    sums[a] = sums.get(a, 0) + weight
                if not sums:
                    continue
                low = min(sums)
                plain = [sums.get(a, 0) for a in range(low, max(sums) + 1)]
            if not plain:
                continue
            factor = scale ** (wild - group.exploded)
            for t, weight in enumerate(chain_folded(self.model, plain, group.exploded, False)):
                if weight:
                    total[low + t] = total.get(low + t, 0) + weight * factor
        return total

    def weighted(self, factors: list[int], largest: int) -> dict[int, int]:
        """x -> sum over the folded sets of weight * factor of the kept total (x is
        the dice result); ``factors`` by total (0 beyond), ``largest`` bounds each."""
        out: dict[int, int] = {}
        for group in self.read:
            if not any(group.residues):
                continue
            if group.exploded > self.model.penalty:
                found = self._kept_lowest(group, factors, largest)
            else:
                found = self._discarded(group, factors, largest)
            for x, weight in found.items():
                out[x] = out.get(x, 0) + weight
        return out

    def _discarded(self, group: _Group, factors: list[int], largest: int) -> dict[int, int]:
        """x -> weighted count for a group whose chains are all discarded: each row of
        plain total a times the weight sum over t of K(t) * F(a + t) (``chain_folded``).

        A product needs wider slots than the narrow rows have. Rather than spreading
        each row byte by byte, a row is cut into ``parts`` by a mask, every part-th
        coefficient each, so that each coefficient has ``parts`` narrow slots of room
        where it is; and a weight too long for that room is cut into pieces of ``bits``
        bits (``_cuts``), each piece's products summed apart and the sums put together
        once unpacked. Products of one x modulo ``step * parts`` (the spacing of a
        part's coefficients in x), piece and place are added as they come (no shift),
        the few sums by place then placed by neighbours."""
        del largest  # the weights' own size bounds the products
        model, step = self.model, self.step
        factor = model.scale ** (model.wild - group.exploded)
        if engaged():
            return self._discarded_in_x(group, factors, factor)
        # Penalty discarding exactly the chains keeps every plain die: each row is the
        # Penalty dice's polynomial times one narrow line (``_penalty_apart``), and
        # only those lines are weighted, the Penalty dice added to the counts after.
        apart = _penalty_apart(self, self.lines(group)) if group.exploded == model.penalty else None
        lines = apart[1] if apart is not None else self._placed(self.lines(group))
        if not lines:
            return {}
        weights = chain_folded(model, factors, group.exploded, True)
        # The group's factor is left out of the packing: it multiplies each unpacked
        # count (a few hundred products of Python ints) rather than widening every
        # slot that the rows are multiplied in by its bits.
        heaviest = max(weights, default=0).bit_length()
        if not heaviest:
            return {}
        narrow = self.packer.width
        # Every sum in a slot is some of the group's narrow weights (together below
        # s**(pool + extras)) times one piece of a weight each.
        held = (model.sides ** (model.pool + model.extras)).bit_length()
        parts, bits = _cuts(narrow, held, heaviest)
        slot = parts * narrow
        pieces = -(-heaviest // bits)
        low = (big(1) << bits) - 1
        cut = [[(weight >> (bits * i)) & low for i in range(pieces)] for weight in weights]
        longest = max(row.bit_length() for _, _, row in lines)
        mask_bytes = b"\xff" * (narrow // 8) + bytes((slot - narrow) // 8)
        mask = from_bytes(mask_bytes * (longest // slot + 1))
        # Part q keeps coefficients q, q + parts, ..: its mask moved up q places, so the
        # part stays where it is in the row (no shift) and is placed q places lower.
        masks = [mask << (narrow * q) for q in range(parts)] if parts > 1 else [-1]
        classes = step * parts
        sums: dict[tuple[int, int, int], int] = {}  # (x class, piece, place) -> sum
        for a, x0, row in lines:
            if a >= len(weights) or not weights[a]:
                continue
            split = cut[a]
            # Coefficient q + parts * i of the row is x = x0 + step * (q + parts * i).
            for q, kept in enumerate(masks):
                part = row & kept
                if part:
                    where, cls = divmod(x0 + step * q, classes)
                    place = slot * where - narrow * q
                    for i, piece in enumerate(split):
                        if piece:
                            key = (cls, i, place)
                            found = sums.get(key)
                            sums[key] = part * piece if found is None else found + part * piece
        placed: dict[tuple[int, int], list[tuple[int, int]]] = defaultdict(list)
        for (cls, i, place), total in sums.items():
            placed[cls, i].append((place, total))
        counts: dict[int, int] = {}
        unpack = Packer(slot, 1)
        for (cls, i), products in placed.items():
            lowest = min(place for place, _ in products) // slot
            total = placed_sum((place - slot * lowest, product) for place, product in products)
            for index, count in unpack.coefficients(total):
                x = cls + classes * (lowest + index)
                counts[x] = counts.get(x, 0) + (count << (bits * i))
        if apart is not None:
            counts = _times_dice(counts, apart[0])
        return {x: count * factor for x, count in counts.items()}

    def _discarded_in_x(self, group: _Group, factors: list[int], factor: int) -> dict[int, int]:
        """``_discarded`` shaped for GMP: each row of a, its residues laid together in x
        with slots wide enough for any product (``_in_x``), times its weight once, and
        the products placed by neighbours. A few hundred operations a group where the
        parts and pieces take thousands: GMP's products are cheap, the interpreter's
        operations are not."""
        model = self.model
        weights = chain_folded(model, factors, group.exploded, True)
        heaviest = max(weights, default=0).bit_length()
        if not heaviest:
            return {}
        # A slot of x sums at most one coefficient of each row (x fixes the residue and
        # b of a), all of them the group's narrow weights, together below
        # s**(pool + extras), each times one weight.
        held = (model.sides ** (model.pool + model.extras)).bit_length()
        wide = whole_limbs(held + heaviest)  # rows read in place (``rows_of``)
        placed = [
            (x0, row * weights[a])
            for a, (x0, row) in self._in_x(group, wide // 8).items()
            if a < len(weights) and weights[a]
        ]
        if not placed:
            return {}
        lowest = min(x0 for x0, _ in placed)
        total = placed_sum((wide * (x0 - lowest), product) for x0, product in placed)
        return {
            lowest + x: count * factor
            for x, count in enumerate(unpacked_list(total, wide))
            if count
        }

    def _placed(self, lines: list[Line]) -> list[tuple[int, int, int]]:
        """``lines`` as (a, x of the first coefficient, row), coefficients ``step``
        apart in x: x = lam * a + step * (b + low) + residue."""
        lam, step, low = self.lam, self.step, self.low
        return [
            (a, lam * a + step * (first_b + low) + residue, row)
            for a, residue, first_b, row in lines
        ]

    def _kept_lowest(self, group: _Group, factors: list[int], largest: int) -> dict[int, int]:
        """x -> weighted count for a group whose ``q`` highest chains are discarded and
        whose lowest chain counts (R3 step 5: Penalty takes the highest dice first).

        The kept chain of value v (weight g, result x(v)) lies below the q discarded
        ones; with ties broken by the dice's order, the discarded totals t weigh
        T_v = sum over i of S>**i * S>=**(q - i), S> (S>=) the chains above (from) v.
        So a row of plain total a gets g * W_v(a) at result shift x(v), with
        W_v(a) = sum over t of T_v(t) F(a + v + t). Going down the values, W_v comes
        from U_m(s) = sum over t of S>**m(t) F(s + t), m <= q, which are updated in
        place: packed vectors shifted and added, a few per value. Each row is then
        multiplied by its polynomial sum over v of g W_v(a) z**x(v): its plain dice's
        line residue by residue, the Penalty dice added after (``_penalty_apart``), or,
        where they are not found apart, the whole row at once."""
        model = self.model
        q = group.exploded - 1
        scale = model.scale
        chains = sorted(model.exploded, key=lambda o: -o.value)
        top = chains[0].value
        # Every U_m, W_v and sum of g * W_v (over any values) is at most largest times
        # the chains' total weight to the power q + 1, below scale**(q + 1): the T_v
        # count each order of q + 1 chains once, by its first lowest one.
        kept_bound = largest * scale ** (q + 1)
        slot = width_for(kept_bound)
        rows_a = sorted({a for a, *_ in self.lines(group)})
        first_a, last_a = rows_a[0], rows_a[-1]
        count = last_a - first_a + 1
        # The U_m are packed from s = first_a on (place p is s = first_a + p): W_v reads
        # U_m at a + (q - m + 1) v, a >= first_a, and the updates read it higher still.
        # And only below count + (q - m + 1) v: the updates of a lower value v' read U_m
        # at p + (m' - m) v for a U_m' needed below count + (q - m' + 1) v'. So each U_m
        # is cut to that as the values go down (``_cut_each``), and every shift, product
        # and sum over it is about as long as it still needs to be.
        length = count + (q + 1) * top
        size = slot // 8
        weights = b"".join(
            to_bytes((factors[a] if a < len(factors) else 0), size)
            for a in range(first_a, first_a + length)
        )
        u = [from_bytes(weights)] + [0] * q
        share = [sum(math.comb(q - i, m - i) for i in range(m + 1)) for m in range(q + 1)]
        rows_mask = (big(1) << (slot * count)) - 1
        by_x: dict[int, int] = {}  # x(v) -> sum of g * W_v over the rows, packed
        for index, o in enumerate(chains):
            v, g = o.value, o.weight
            w = 0
            for m in range(q + 1):
                term = u[m] >> (slot * (q - m + 1) * v)
                w = plus(w, term * (share[m] * g ** (q - m)))
            add_to(by_x, o.x, (w & rows_mask) * g)
            if index + 1 == len(chains):
                break
            # S> of the next lower value is S>= of this one: U_m grows by the A terms
            # (k = m adds U_m itself: no product by 1 or shift by 0, each a copy).
            u = [
                reduce(
                    add,
                    (
                        math.comb(m, k) * g ** (m - k) * (u[k] >> (slot * (m - k) * v))
                        for k in range(m)
                    ),
                    u[m],
                )
                for m in range(q + 1)
            ]
            _cut_each(u, slot, count, q, chains[index + 1].value)
        low_x = min(by_x)
        span_x = max(by_x) - low_x + 1
        step, size_n = self.step, self.packer.nbytes
        factor = scale ** (model.wild - group.exploded)
        # Product slots: the group's narrow weights (together below s**(pool + extras))
        # each times a kernel coefficient (the factor multiplies the unpacked counts).
        wide = width_for(model.sides ** (model.pool + model.extras) * kept_bound)
        if engaged():  # rows read in place (``_in_x``)
            wide = whole_limbs(wide)
        wide_size = wide // 8
        # Where the Penalty dice are apart from the plain dice (they always count:
        # Penalty discards exactly the q chains), each a is one narrow line Q_a with
        # coefficients ``step`` apart in x, multiplied by its kernel's terms of each
        # residue of x apart: ``step`` products each about a ``step``-th of the row's
        # length times a ``step``-th of the kernel's. The Penalty dice are added to
        # the counts after (``_penalty_apart``).
        apart = _penalty_apart(self, self.lines(group))
        classes = step if apart is not None else 1
        # Row a's polynomial sum over v of g W_v(a) z**(x(v) - low_x): the packed sums
        # by x(v) laid as the columns of a table with one row per a (per residue).
        tables = _kernel_tables(by_x, low_x, span_x, classes, count, size, wide_size)
        if apart is not None:
            counts = _lines_by_kernels(apart[1], tables, first_a, low_x, step, size_n, wide)
            return {x: weight * factor for x, weight in _times_dice(counts, apart[0]).items()}
        kernels = {first_a + index: kernel for index, kernel in tables[0].items()}
        # Each row's residues laid together in x units, so that a row is multiplied by
        # its polynomial once.
        rows = (
            self._in_x(group, wide_size)
            if engaged()
            else _laid_in_x(self._placed(self.lines(group)), size_n, wide_size, step)
        )
        combined = {a: found for a, found in rows.items() if a in kernels}
        out: dict[int, int] = {}
        if not combined:
            return out
        placed = [(x0 + low_x, row * kernels[a]) for a, (x0, row) in combined.items()]
        lowest = min(x0 for x0, _ in placed)
        total = placed_sum((wide * (x0 - lowest), product) for x0, product in placed)
        for position, weight in Packer(wide, 1).coefficients(total):
            out[position + lowest] = weight * factor
        return out


def _cut_each(u: list[int], slot: int, count: int, q: int, value: int) -> None:
    """Each U_m of ``Folded._kept_lowest`` cut to the places it is still read at, below
    count + (q - m + 1) * value, once it reaches some places further: a cut is a mask
    made and applied, a few passes, while each place too many costs a few passes of
    shifts, products and sums a value, so U_m is cut about every eighth value."""
    for m, packed in enumerate(u):
        reach = q - m + 1
        needed = count + reach * value
        if packed.bit_length() > slot * (needed + 8 * reach):
            u[m] = packed & ((big(1) << (slot * needed)) - 1)


def _penalty_dice(model: DiceModel) -> dict[int, int]:
    """x -> ways the Penalty dice show x together, each face counted once (R3 step 5,
    flips of step 6 included)."""
    ways = {0: 1}
    for _ in range(model.penalty):
        rolled: dict[int, int] = {}
        for x, weight in ways.items():
            for o in model.extra:
                rolled[x + o.x] = rolled.get(x + o.x, 0) + weight
        ways = rolled
    return ways


def _times_dice(counts: dict[int, int], dice: dict[int, int]) -> dict[int, int]:
    """x -> sum over t of dice[t] * counts[x - t]: counts with the dice added."""
    out: dict[int, int] = {}
    for x, count in counts.items():
        for t, weight in dice.items():
            out[x + t] = out.get(x + t, 0) + count * weight
    return out


def _penalty_apart(
    folded: Folded, lines: list[Line]
) -> tuple[dict[int, int], list[tuple[int, int, int]]] | None:
    """Rows that are the Penalty dice's polynomial P times a polynomial Q_a of the plain
    dice alone: (P as x -> ways, [(a, x of Q_a's first coefficient, Q_a)]), else None.

    Where Penalty discards exactly the chains, every plain die and every Penalty die
    counts (R3 step 5): the row of plain total a is Q_a times P. The plain dice move x
    by multiples of ``step`` (``_Narrow``), so Q_a is one narrow line, coefficients
    ``step`` apart, and its row's line of each residue is Q_a times the terms of P of
    one residue (P_c, coefficients ``step`` apart too). Q_a is found by dividing one
    line by its P_c and checked exactly: no remainder, every coefficient below
    2**width / sum(P) (so that Q_a times any P_c carries nothing from slot to slot and
    the integers' product is the polynomials'), and every other line equal to Q_a times
    its P_c. The true Q_a passes: its coefficients times sum(P) sum to at most the
    row's weights, below 2**(width - 2)."""
    model, step, width = folded.model, folded.step, folded.packer.width
    if not model.penalty or model.boost or not lines:
        return None
    dice = _penalty_dice(model)
    total = sum(dice.values())
    if total.bit_length() >= width - 1:
        return None
    lowest = min(dice)
    classes: dict[int, tuple[int, dict[int, int]]] = {}  # x - lowest mod step -> P_c
    for x in sorted(dice):
        first, terms = classes.setdefault((x - lowest) % step, (x - lowest, {}))
        terms[(x - lowest - first) // step] = dice[x]
    factors = {
        c: (first, sum(weight << (width * j) for j, weight in terms.items()))
        for c, (first, terms) in classes.items()
    }
    by_a: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for a, x, row in folded._placed(lines):
        by_a[a].append((x, row))
    longest = max(row.bit_length() for *_, row in lines)
    room = width - total.bit_length()
    slot_top = ((1 << width) - 1) ^ ((1 << room) - 1)
    top = from_bytes(to_bytes(slot_top, width // 8) * (longest // width + 1))
    out: list[tuple[int, int, int]] = []
    for a, rows in by_a.items():
        if len(rows) != len(factors):
            return None
        x_q = min(x for x, _ in rows) - lowest
        plain = 0
        for x, row in rows:
            found = factors.get((x - x_q - lowest) % step)
            if found is None or found[0] != x - x_q - lowest:
                return None
            if not plain:
                plain, left = divmod(row, found[1])
                if left or plain & top:
                    return None
            elif row != plain * found[1]:
                return None
        out.append((a, x_q, plain))
    return dice, out


def _kernel_tables(
    by_x: dict[int, int],
    low_x: int,
    span_x: int,
    classes: int,
    count: int,
    size: int,
    wide_size: int,
) -> list[dict[int, int]]:
    """Per residue c of x - low_x modulo ``classes``, row index -> the row's polynomial
    of the x = low_x + c + classes * i, ``wide_size`` bytes a coefficient: the packed
    sums by x (``size`` bytes a row, ``count`` rows) laid as the columns of a table,
    one strided copy per byte, and each row read back as one integer."""
    columns = -(-span_x // classes)
    stride = columns * wide_size
    tables = [bytearray(count * stride) for _ in range(classes)]
    narrow, wide = Packer(8 * size, 1), Packer(8 * wide_size, 1)
    for x, packed in by_x.items():
        column, c = divmod(x - low_x, classes)
        spread(tables[c], packed, narrow, wide, count, columns, column)
    out: list[dict[int, int]] = []
    for table in tables:
        rows: dict[int, int] = {}
        for index in range(count):
            kernel = from_bytes(table[index * stride : (index + 1) * stride])
            if kernel:
                rows[index] = kernel
        out.append(rows)
    return out


def _lines_by_kernels(
    lines: list[tuple[int, int, int]],
    tables: list[dict[int, int]],
    first_a: int,
    low_x: int,
    step: int,
    size: int,
    wide: int,
) -> dict[int, int]:
    """x -> sum over a of the line of a (a, x of its first coefficient, narrow line
    with coefficients ``step`` apart in x) times its kernel (``tables``, per residue
    c: the kernel's terms at x = low_x + c + step * i). Each line is spread to the
    kernels' width once; its product with residue c lands on the x of one residue,
    step apart, and each residue's products are placed by neighbours and unpacked."""
    narrow, unpack = Packer(8 * size, 1), Packer(wide, 1)
    placed: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for a, x0, line in lines:
        index = a - first_a
        places = -(-line.bit_length() // narrow.width)
        spaced = bytearray(places * unpack.nbytes)
        spread(spaced, line, narrow, unpack, places, 1, 0)
        line_wide = 0
        for c, kernels in enumerate(tables):
            kernel = kernels.get(index)
            if kernel:
                if not line_wide:
                    line_wide = from_bytes(spaced)
                where, residue = divmod(x0 + low_x + c, step)
                placed[residue].append((where, line_wide * kernel))
    counts: dict[int, int] = {}
    for residue, products in placed.items():
        lowest = min(where for where, _ in products)
        total = placed_sum((wide * (where - lowest), product) for where, product in products)
        for position, weight in unpack.coefficients(total):
            counts[residue + step * (lowest + position)] = weight
    return counts
