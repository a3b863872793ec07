"""R3 step 5 on the states of the set: the Boost/Penalty dice rolled beside it and the
discard (the lowest values for Boost, the highest for Penalty, exploded Wild Die chains
first for Penalty: they are higher than every plain die).

The extra dice are rolled after Advantage chose the set (step 4), so they never touch
``a``: only ``b`` moves, by what they add less what the discard takes. Two ways, one
result (a test compares them): with ``b`` in whole steps of x, the extra dice are added
one at a time and states merge after each (``_one_extra_at_a_time``); otherwise every
way they land is counted per state at once, as a small table of moves (``_moves``).
Without Advantage and ``drop_highest`` the extra dice are pooled with the set instead,
and the discard only takes the pool's extremes (``discard_pooled``).
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from heapq import heapify, heappop, heappush
from operator import itemgetter

from sheets.odds.big import engaged
from sheets.odds.model import DiceModel
from sheets.odds.narrow import Kept, Narrow
from sheets.odds.packing import add_to, placed_sum, plus, shifted

# A Boost/Penalty state at most 1/_SHORT of the rows below it (down to its group's
# start) moves on its own.
_SHORT = 1


def extra_dice(
    model: DiceModel, narrow: Narrow, after: dict[Kept, list[tuple[int, int]]]
) -> dict[tuple[int, int], tuple[int, list[int]]]:
    """Step 5: the Boost/Penalty dice and the discard, by what the chains still need to
    know: (exploded, dropped) -> (the lowest ``a`` stored, one polynomial per residue of
    ``b`` modulo the step)."""
    if narrow.step == 1:  # one residue: the dice one at a time merge states as they go
        return _one_extra_at_a_time(model, narrow, after)
    if engaged() and model.boost + model.penalty == 1:
        # One die splits states by residue once and never again: one at a time it is
        # still fewer passes (GMP: 14D+1 3W Disadvantage Penalty 1 0.5 -> 0.4 ms).
        return _one_extra_at_a_time(model, narrow, after)
    return _by_tables(model, narrow, after)


def _by_tables(
    model: DiceModel, narrow: Narrow, after: dict[Kept, list[tuple[int, int]]]
) -> dict[tuple[int, int], tuple[int, list[int]]]:
    """``extra_dice`` by a table of every way the extra dice land per state (``_moves``)."""
    lowest, highest = model.boost, model.penalty
    row = narrow.packer.width * narrow.packer.stride
    xs = tuple(o.x for o in model.extra)
    starts = _group_starts(after)
    # Penalty takes chains first, so fewer plain values can go: states that differ only
    # below the ones that can are summed first.
    merged: dict[Kept, list[tuple[int, int]]] = defaultdict(list)
    for (kept, exploded, dropped), parts in after.items():
        plain = highest - min(highest, exploded - dropped)
        if highest and plain < len(kept):
            kept = kept[len(kept) - plain :]
        merged[(kept, exploded, dropped)].extend(parts)
    # A state longer than the rows below it (down to its group's start) is added to one
    # sum per move from the group's start, moved once per move; a shorter one would
    # carry more zeros than bits through its products and sums, and makes its moves
    # where it is stored instead (from its own lowest a), each placed in the group's
    # sum by size (``_smallest_first``). (Against a state shorter than half its group:
    # 30D+1 Adv P3 flips 1,6 19.5-23.6 -> 17.8-19.6 ms, 25D+2 2W luck Adv P2 4.1-5.0 ->
    # 3.8-4.6, the others alike.)
    width = narrow.packer.width
    reaches: dict[Kept, int] = {}  # bits each state reaches from its group's start
    for state_key, parts in merged.items():
        group = state_key[1:]
        reaches[state_key] = max(row * (b - starts[group]) + part.bit_length() for b, part in parts)
    placed: dict[tuple[int, int], list[list[tuple[int, int]]]] = {}
    by_move: dict[tuple[int, int], dict[int, int]] = defaultdict(dict)
    # The shortest states first: a sum per move then grows as its terms do, where a long
    # sum first would be copied past the end of every shorter term added to it (GMP
    # copies a longer operand's excess a limb at a time).
    for kept, exploded, dropped in sorted(merged, key=reaches.__getitem__):
        parts = merged[(kept, exploded, dropped)]
        group = (exploded, dropped)
        if group not in placed:
            placed[group] = [[] for _ in range(narrow.step)]
        base = min(b for b, _ in parts)
        state = placed_sum([(row * (b - base), part) for b, part in parts])
        lift = row * (base - starts[group])
        chain_discards = min(highest, exploded - dropped)  # Penalty takes chains first
        moves = _moves(xs, lowest, highest, kept, chain_discards)
        if _SHORT * state.bit_length() > lift:
            sums = by_move[group]
            times = _multiples(shifted(state, lift), moves)
            for move, weight in moves:
                add_to(sums, move, times[weight])
            continue
        times = _multiples(state, moves)
        residues = placed[group]
        for residue, places, weight in _by_residue(moves, narrow.step, width):
            residues[residue].append((lift + places, times[weight]))
    for group, sums in by_move.items():
        for move, packed in sums.items():
            places, residue = divmod(move, narrow.step)
            placed[group][residue].append((width * places, packed))
    groups: dict[tuple[int, int], tuple[int, list[int]]] = {}
    for group, residues in placed.items():
        groups[group] = (starts[group], [_smallest_first(parts) for parts in residues])
    return groups


def _smallest_first(parts: list[tuple[int, int]]) -> int:
    """``placed_sum`` of ``parts`` (bits, polynomial), the two spanning fewest bits added
    first each time: a table's short moves and its long sums per move share a residue,
    and a pairing by place alone adds every long sum to a short part level after level
    (30D+1 Advantage Penalty 3 flips 1,6: 6.8 ms of extra_dice's 20)."""
    if len(parts) < 3:
        return placed_sum(parts)
    heap = [
        (packed.bit_length(), index, bits, packed) for index, (bits, packed) in enumerate(parts)
    ]
    heapify(heap)
    index = len(heap)
    while len(heap) > 1:
        _, _, low, first = heappop(heap)
        _, _, high, second = heappop(heap)
        if high < low:
            low, first, high, second = high, second, low, first
        total = first + shifted(second, high - low)
        heappush(heap, (total.bit_length(), index, low, total))
        index += 1
    _, _, bits, packed = heap[0]
    return shifted(packed, bits)


@lru_cache(maxsize=1 << 12)
def _by_residue(
    moves: tuple[tuple[int, int], ...], step: int, width: int
) -> tuple[tuple[int, int, int], ...]:
    """``moves`` as (residue of the move modulo ``step``, bits its whole steps move a
    polynomial of coefficients ``width`` bits wide, ways)."""
    found = []
    for move, weight in moves:
        places, residue = divmod(move, step)
        found.append((residue, width * places, weight))
    return tuple(found)


def _multiples(state: int, moves: tuple[tuple[int, int], ...]) -> dict[int, int]:
    """``state`` times each distinct weight of ``moves`` once: the ways the Boost/Penalty
    dice move the result are symmetric sums of dice (R3 step 5), most weights twice."""
    return {w: state if w == 1 else state * w for w in {weight for _, weight in moves}}


def _group_starts(after: dict[Kept, list[tuple[int, int]]]) -> dict[tuple[int, int], int]:
    """(exploded, dropped) -> the lowest ``a`` any of the group's states is stored from."""
    starts: dict[tuple[int, int], int] = {}
    for (_, exploded, dropped), parts in after.items():
        least = min(base for base, _ in parts)
        starts[(exploded, dropped)] = min(starts.get((exploded, dropped), least), least)
    return starts


# A state of the running selection: (extreme values from the discarded end, plain values
# left to discard, group, residue of b modulo the step).
_Running = tuple[tuple[int, ...], int, tuple[int, int], int]


def _one_extra_at_a_time(
    model: DiceModel, narrow: Narrow, after: dict[Kept, list[tuple[int, int]]]
) -> dict[tuple[int, int], tuple[int, list[int]]]:
    """``extra_dice`` where ``b`` moves by whole steps of x (step 1: no residues), or
    where one die lands (a state splits by residue once).

    R3 step 5 discards the ``j`` most extreme plain values of the set and the ``k`` extra
    dice together (``j`` is ``k`` less the chains Penalty takes first). Keeping the other
    end of a multiset is a running selection: add the first ``k - j`` extra dice, then
    each of the last ``j`` with the most extreme value held discarded at once. A state
    then needs one extreme value fewer per discard, so states merge after every die:
    about half the moves of a table of every landing per state (``_moves``), each on a
    state no longer than before; states alike but for their most extreme value move
    together where the die lands past it (``_past_the_first``). With a step above 1 the
    states split by residue at the first die, and with more dice to come they merge
    less than they split (30D+1 Advantage Penalty 3 flips 1,6 costs a third more this
    way, 25D+2 Advantage Penalty 2 a quarter)."""
    lowest, highest = model.boost, model.penalty
    extras = lowest + highest
    sign = 1 if lowest else -1  # Boost discards the lowest values, Penalty the highest
    step = narrow.step
    row = narrow.packer.width * narrow.packer.stride
    width = narrow.packer.width
    xs = tuple(o.x for o in model.extra)
    starts = _group_starts(after)
    # (extreme values from the discarded end, plain values left to discard, group,
    # residue of b) -> parts, each (bits from the group's start, polynomial): summed
    # when they move.
    states: dict[_Running, list[tuple[int, int]]] = defaultdict(list)
    for (kept, exploded, dropped), parts in after.items():
        group = (exploded, dropped)
        plain = lowest or highest - min(highest, exploded - dropped)  # chains go first
        key = tuple(sorted(kept, reverse=sign < 0)[:plain])  # from the discarded end
        states[(key, plain, group, 0)].extend((row * (b - starts[group]), p) for b, p in parts)
    for left in range(extras, 0, -1):  # extra dice still to add
        grown: dict[_Running, list[tuple[int, int]]] = defaultdict(list)
        # States whose most extreme value the die discards unless it lands beyond it, by
        # the rest of their key and the residue once that value is out: (that value,
        # bits, state) each (``_past_the_first``).
        firsts: dict[_Running, list[tuple[int, int, int]]] = defaultdict(list)
        for (key, plain, group, residue), parts in states.items():
            if len(parts) == 1:
                least, state = parts[0]
            else:
                least = min(bits for bits, _ in parts)
                state = _smallest_first([(bits - least, packed) for bits, packed in parts])
            discards = left <= plain
            keep = plain - 1 if discards else plain
            if discards and len(key) == plain:
                # At or beyond the most extreme value the die goes itself: nothing moves.
                ways = key[0] if sign > 0 else len(xs) + 1 - key[0]
                grown[(key[:keep], keep, group, residue)].append(
                    (least, state if ways == 1 else state * ways)
                )
                places, out = divmod(residue - xs[key[0] - 1], step)
                firsts[(key[1:], keep, group, out)].append((key[0], least + width * places, state))
                continue
            times: dict[int, int] = {}
            for new, move, ways in _extra_die(xs, key, keep, sign, discards):
                moved = times.get(ways, state)
                if ways != 1 and ways not in times:
                    moved = times[ways] = state * ways
                places, moved_to = divmod(residue + move, step)
                grown[(new, keep, group, moved_to)].append((least + width * places, moved))
        for (rest, keep, group, residue), members in firsts.items():
            for new, moved_to, bits, summed in _past_the_first(
                xs, sign, width, step, residue, rest, keep, members
            ):
                grown[(new, keep, group, moved_to)].append((bits, summed))
        states = grown
    # Every value is discarded or kept now: one state per group and residue, key ().
    found: dict[tuple[int, int], tuple[int, list[int]]] = {}
    for (_, _, group, residue), parts in states.items():
        if group not in found:
            found[group] = (starts[group], [0] * step)
        found[group][1][residue] = _smallest_first(parts)
    return found


def _past_the_first(
    xs: tuple[int, ...],
    sign: int,
    width: int,
    step: int,
    residue: int,
    rest: tuple[int, ...],
    keep: int,
    members: list[tuple[int, int, int]],
) -> list[tuple[tuple[int, ...], int, int, int]]:
    """The states keyed ``(first, *rest)`` (``members``: first, bits, state) when a die
    lands past ``first``: ``first`` is discarded, the die's value ``v`` joins ``rest``,
    x moves by ``xs[v - 1] - xs[first - 1]`` (R3 step 5). Summed over ``first`` before
    the die lands, the states move once per face instead of once per face each: the
    sum over the values short of ``v`` grows face by face. Each member's ``bits`` and
    the group's ``residue`` are with ``xs[first - 1]`` taken out already. (key after,
    residue, bits, polynomial) per face that some state lands past. The sum is kept
    from the lowest place any member takes, so only members are ever shifted into it,
    never the growing sum."""
    members = sorted(members, key=itemgetter(0), reverse=sign < 0)  # from the discarded end
    low = min(bits for _, bits, _ in members)
    faces = range(1, len(xs) + 1) if sign > 0 else range(len(xs), 0, -1)
    moved: list[tuple[tuple[int, ...], int, int, int]] = []
    summed, index = 0, 0
    for value in faces:
        while index < len(members) and sign * members[index][0] < sign * value:
            _, bits, state = members[index]
            summed = plus(summed, shifted(state, bits - low))
            index += 1
        if summed:
            places, moved_to = divmod(residue + xs[value - 1], step)
            moved.append((_joined(rest, value, sign, keep), moved_to, low + width * places, summed))
    return moved


@lru_cache(maxsize=1 << 12)
def _joined(rest: tuple[int, ...], value: int, sign: int, keep: int) -> tuple[int, ...]:
    """The ``keep`` values from the discarded end of ``rest`` and ``value``."""
    return tuple(sorted((*rest, value), key=lambda v: sign * v)[:keep])


@lru_cache(maxsize=1 << 14)
def _extra_die(
    xs: tuple[int, ...], kept: tuple[int, ...], keep: int, sign: int, discards: bool
) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """One Boost/Penalty die beside the extreme values ``kept`` (ordered from the
    discarded end: ``sign * value`` ascending), and with ``discards`` the most extreme
    value held discarded (equal values add the same x, so which of them goes does not
    matter): (the ``keep`` values from the discarded end after it, how far x moves,
    ways) over every face. Face ``v`` adds ``xs[v - 1]``."""
    found: dict[tuple[tuple[int, ...], int], int] = {}
    for value in range(1, len(xs) + 1):
        at = 0  # the face goes in after the held values not beyond it (kept is in order)
        while at < len(kept) and sign * kept[at] <= sign * value:
            at += 1
        held = (*kept[:at], value, *kept[at:])
        move = xs[value - 1]
        if discards:
            move -= xs[held[0] - 1]
            held = held[1:]
        landed = (held[:keep], move)
        found[landed] = found.get(landed, 0) + 1
    return tuple((key, move, ways) for (key, move), ways in found.items())


def discard_pooled(
    model: DiceModel, narrow: Narrow, after: dict[Kept, list[tuple[int, int]]]
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


@lru_cache(maxsize=1 << 14)
def _moves(
    xs: tuple[int, ...], lowest: int, highest: int, kept: tuple[int, ...], chain_discards: int
) -> tuple[tuple[int, int], ...]:
    """How far the Boost/Penalty dice and the discard move the result (R3 step 5), given
    the set's extreme plain values ``kept``: (move, ways) over every way the extra dice
    land. Boost discards the ``lowest`` lowest (never a chain: the extra dice alone are
    enough); Penalty the ``highest`` highest, exploded chains first (``chain_discards``
    of them went already). Counted die by die as a running selection
    (``_one_extra_at_a_time``), which shares what is left once two landings of the first
    dice leave the same extremes: a few dozen steps per state instead of one merge per
    landing (216 of them for three dice)."""
    plain = lowest or highest - chain_discards  # plain dice the discard takes
    sign = 1 if lowest else -1
    key = tuple(sorted(kept, key=lambda value: sign * value)[:plain])
    bits = (len(xs) ** (lowest + highest)).bit_length()  # room for every way at one move
    low, packed = _moves_left(xs, sign, key, lowest + highest, plain, bits)
    mask = (1 << bits) - 1
    moves: list[tuple[int, int]] = []
    while packed:
        if packed & mask:
            moves.append((low, packed & mask))
        packed >>= bits
        low += 1
    return tuple(moves)


@lru_cache(maxsize=1 << 14)
def _moves_left(
    xs: tuple[int, ...], sign: int, key: tuple[int, ...], left: int, plain: int, bits: int
) -> tuple[int, int]:
    """``_moves`` with ``left`` extra dice still to land and ``plain`` values still to
    discard, ``key`` the extreme values held (ordered from the discarded end): the first
    ``left - plain`` dice join, each later one goes with the most extreme value held.
    As (the lowest move, the ways of each move from there packed ``bits`` apart): one
    product and shift per landing of the next die instead of one count per move."""
    if not left:
        return 0, 1
    discards = left <= plain
    keep = plain - 1 if discards else plain
    found: list[tuple[int, int]] = []
    for new, move, ways in _extra_die(xs, key, keep, sign, discards):
        low, packed = _moves_left(xs, sign, new, left - 1, keep, bits)
        found.append((move + low, packed if ways == 1 else packed * ways))
    least = min(low for low, _ in found)
    return least, sum(packed << (bits * (low - least)) for low, packed in found)
