"""Exploded Wild Dice (R3 step 3) multiplied into a packed polynomial.

A chain is j >= 1 top faces then a last, lower face, weighing s**(depth-1-j) of
s**(depth-1). One exploded die multiplies by C = F * sum_j s**(depth-1-j) * T**j, where F
sums the last faces and T is one more top face. That sum is geometric, so R = P * C obeys
s*R = T*R + s**(depth-1)*T*P' - T**depth*P' with P' = F*P: since T moves every
coefficient by the same number of places L, R is built L coefficients at a time, each
chunk from the one before, in one pass instead of one pass per chain length.

With Advantage/Disadvantage and two or more Wild Dice, rows of ``a`` from
``model.a_rows`` on are left out (``model.cut_rows`` proves they weigh under the tail
allowance): every sum stops there (``_limit``). A geometric sum keeps only the terms that
reach below the limit and cuts the shifted copies it adds at it; the chunked divisions
stop at the chunk that holds it. Rows below the limit are exact; rows at or above it
may be left out partly or wholly, never counted more than they weigh.
"""

from __future__ import annotations

import math
from itertools import combinations_with_replacement

from sheets.odds.big import (
    big,
    engaged,
    exact_quotient,
    from_buffer,
    from_bytes,
    into,
    lowest_one,
    scratch_from_buffer,
    times_minus,
    times_plus,
    to_bytes,
)
from sheets.odds.model import DiceModel
from sheets.odds.packing import (
    Packer,
    add_to,
    chunks,
    cut_bits,
    face_runs,
    joined,
    moved_sum,
    ones,
    plus,
    shifted,
    times_faces,
    widened_signed,
)


def _limit(model: DiceModel, packer: Packer) -> int | None:
    """Bits of ``packer`` the chains are summed to: the rows of ``a`` below
    ``model.a_rows`` (``model.cut_rows``), or None to sum every row."""
    if model.a_rows is None:
        return None
    return packer.width * packer.stride * model.a_rows


def with_chains(
    model: DiceModel,
    packer: Packer,
    packed: int,
    count: int,
    dropped: int,
    discards: int,
    low: int = 0,
) -> int:
    """Multiply in ``count`` exploded Wild Dice: the top ``dropped`` of them left the roll
    (R3 step 3), the next ``discards`` are discarded by Penalty (step 5). Where none is
    dropped or discarded, ``packed`` may be moved down ``low`` coefficients (its zeros
    below cut off, room left for the last faces that move down: ``chain_faces``)."""
    if dropped == 0 and (discards == 0 or discards >= count):
        step, places = chain_faces(model, packer, "discard" if discards else "kept")
        low_place = min(places)
        runs = face_runs(tuple(sorted(packer.width * (p - low_place) for p in places)))
        limit = _limit(model, packer)
        if limit is not None:
            limit -= low * packer.width
        for _ in range(count):
            # The last faces (``moved_sum``) but for their lowest place, which the chain's
            # one shift at the end takes on: a pass over the polynomial saved.
            faces = times_faces(packed, runs)
            packed = _geometric(
                faces, step, model.sides, 1, model.depth - 1, packer.nbytes, low_place, limit
            )
        return packed
    if dropped == 1 and count == 1:  # the one exploded die leaves the roll: weight only
        return packed * (model.scale - 1)
    if dropped == 1 and count == 2:
        return _below_the_dropped(model, packer, packed, "discard" if discards else "kept")
    if count <= CLOSED_FORM_CHAINS:
        return ordered_chains(model, packer, packed, count, dropped, discards)
    return in_order(model, packer, packed, count, dropped, discards)


def chain_faces(model: DiceModel, packer: Packer, role: str = "kept") -> tuple[int, list[int]]:
    """How far one exploded Wild Die in ``role`` moves a packed polynomial: (places one
    top face adds, places of each last face). ``kept``: it stays in the roll;
    ``discard``: Penalty discards it, it counts in ``a`` only; ``drop``: it left the roll
    and moves nothing."""
    if role == "drop":
        return 0, [0] * (model.sides - 1)
    top, last = model.exploded[0], model.plain_wild  # value s + 1, and faces 1..s-1
    if role == "discard":
        top, last = model.discarded(top), [model.discarded(o) for o in last]
    step = (top.a - last[0].a) * packer.stride + (top.b - last[0].b)  # one top face
    return step, [o.a * packer.stride + o.b for o in last]


def _below_the_dropped(model: DiceModel, packer: Packer, packed: int, role: str) -> int:
    """Two exploded Wild Dice, the higher one left the roll (R3 step 3 `drop_highest`),
    the lower one counts in ``role``. Over the ordered pairs, the lower value v weighs
    g(v) * (g(v) + 2 G(v)), G(v) the weight of every value above v; with g(v) =
    s**(M - j) for v = s * j + f (M = depth - 1) that is
    (2s - 2f + 1) * s**(2(M - j)) - 2 * s**(M - j): two geometric sums, one pass each."""
    s, top = model.sides, model.depth - 1
    step, places = chain_faces(model, packer, role)
    width = packer.width
    squared = single = 0
    for f, place in enumerate(places, start=1):
        bits = place * width
        moved = shifted(packed, bits)
        squared = plus(squared, moved * (2 * s - 2 * f + 1))
        single = plus(single, moved)
    size, limit = packer.nbytes, _limit(model, packer)
    found = _geometric(squared, step, s * s, 1, top, size, 0, limit) - 2 * _geometric(
        single, step, s, 1, top, size, 0, limit
    )
    # Each sum is exact below the limit only: above it their difference is no count.
    return found if limit is None else cut_bits(found, limit)


CLOSED_FORM_CHAINS = 4  # beyond, 2**(count-1) level patterns: place the values in order


def ordered_chains(
    model: DiceModel, packer: Packer, packed: int, count: int, dropped: int, discards: int
) -> int:
    """``count`` exploded Wild Dice multiplied into ``packed``, sorted: the top ``dropped``
    left the roll (R3 step 3), the next ``discards`` are discarded by Penalty (step 5),
    the rest count. A few passes per pattern instead of one per chain value.

    A chain of j top faces and a last face f is T**j * L(f) in its role, weighing
    s**(M-j) (M = depth - 1). Sorted from the top, the chains fall into groups on the
    same number of top faces (their last faces decide their order): for every such
    pattern, the faces give a small polynomial (``_faces``) and the levels a nested sum
    over M >= j1 > j2 > ... >= 1 (``_levels``)."""
    roles = ["drop"] * dropped + ["discard"] * discards + ["kept"] * (count - dropped - discards)
    parts = [chain_faces(model, packer, role) for role in roles]
    limit = _limit(model, packer)
    total = 0
    for sizes in _compositions(count):
        groups: list[tuple[int, int]] = []  # (places of one level's top faces, chains)
        ways = math.factorial(count) // math.prod(map(math.factorial, sizes))
        poly = packed if ways == 1 else packed * ways
        rank = 0
        for size in sizes:
            group = parts[rank : rank + size]
            rank += size
            poly = _faces(poly, [faces for _, faces in group], packer.width)
            groups.append((sum(top for top, _ in group), size))
        found = _levels(poly, groups, model.sides, model.depth - 1, packer.nbytes, limit)
        total = plus(total, found)
    return total


def headroom(model: DiceModel) -> int:
    """How many times the denominator a packing needs room for, signed, for
    ``top_discarded``: its (s - T)**2 times a count reaches (s + 1)**2 counts either way."""
    return 2 * (model.sides + 1) ** 2


def fits_top_discarded(model: DiceModel, packer: Packer) -> bool:
    """Whether ``top_discarded`` applies: room in the packing, and a top face that moves
    a kept chain (counting successes, a flipped top face may add nothing)."""
    denominator = model.sides ** (model.regular + model.extras + model.depth * model.wild)
    room = denominator * headroom(model) < 1 << packer.width
    return room and chain_faces(model, packer, "kept")[0] > 0


def top_discarded_applies(model: DiceModel, packer: Packer) -> bool:
    """Whether the states with one to three exploded Wild Dice beside Penalty 1 go
    through ``top_discarded`` together (three Wild Dice or more: with fewer, folding
    them into the Advantage weights costs less)."""
    return model.wild >= 3 and model.penalty == 1 and fits_top_discarded(model, packer)


def set_room(model: DiceModel) -> int:
    """How many times the set's count (``s**(pool + extras)``) a packing needs for the
    y's of ``top_discarded``, signed: the largest, y3's, sums the counts of three
    exploded dice (every coefficient at most the set's count) times
    (s - T)**2 P3 - 3 s (s - T) Lk P2 + 3 s**2 Ld Lk**2, whose coefficients add up to
    at most (s - 1)**3 ((s + 1)**2 + 3 s (s + 1) + 3 s**2); y1's and y2's less."""
    s = model.sides
    return 2 * (s - 1) ** 3 * (7 * s * s + 5 * s + 1)


def top_discarded(
    model: DiceModel,
    packer: Packer,
    parts: dict[int, int],
    lows: dict[int, int] | None = None,
    narrow: Packer | None = None,
) -> int:
    """One, two or three exploded Wild Dice (``parts``: count -> packed polynomial, moved
    down ``lows[count]`` coefficients where given: its zeros below cut off), the
    highest discarded by Penalty 1 (R3 step 5: the exploded chains are the highest dice),
    the others kept: ``ordered_chains`` for (count, 0, 1), every count in the same three
    geometric sums and one pass over the chunks. Each part stands for itself times
    ``model.scale ** (model.wild - count)`` (the Wild Dice that did not explode), and
    is packed in ``narrow`` (``packer`` where not given: same span and stride, room for
    ``set_room`` times each part's count), the result in ``packer``.

    With k_j = s**(M-j) T**j (a kept chain's level j, T its top face, M = depth - 1),
    d_j the same for the discarded chain, and G_j = sum_{i<j} k_i, three chains are
    sum_j 3 Ld Lk**2 d_j G_j**2 + 3 P2 Lk (d_j k_j) G_j + P3 d_j k_j**2: the top chain
    alone on its level, with one kept chain, or with both (Ld, Lk the last faces; P2,
    P3 the last faces of two or three chains on one level, the highest discarded); two
    are sum_j 2 Ld Lk d_j G_j + P2 d_j k_j, one is sum_j Ld d_j. Since
    (s - T) G_j = s**M T - s**(M-j+1) T**j, the whole times (s - T)**2 is a sum of three
    geometric sums over j, R_c(U) = sum_j c**(M-j) U**j, with U = Td, Td T, Td T**2:
    W = R_s(Y1) + R_s2(Y2) + R_s3(Y3). The chains are W / (s - T)**2, chunk by chunk of
    T's places: s**2 Z_k = W_k + 2 s Z_{k-1} - Z_{k-2}, exact. W has negative
    coefficients, under (s + 1)**2 counts (``headroom``): read with half a coefficient
    added to each.

    The scale is s**M, so Y1, Y2, Y3 are scale**(wild - 1), scale**(wild - 2) and
    scale**(wild - 3) times sums of the parts' own counts with small factors: those
    are found in ``narrow`` (every pass over the faces some 2.5 times shorter than in
    ``packer``, whose width holds the whole denominator), then widened and scaled."""
    s, top = model.sides, model.depth - 1
    size = packer.nbytes
    narrow = narrow or packer
    width = narrow.width
    tk, kept = chain_faces(model, packer, "kept")
    td, gone = chain_faces(model, packer, "discard")
    # Faces may move down (no a): start high enough that no shift cuts a count off.
    guard = 3 * max(0, -min(kept + gone))
    # The parts' common lowest place is put back once, on the result.
    lows = lows or {}
    low = min((lows.get(count, 0) for count in parts), default=0)
    raised = {count: width * (guard + lows.get(count, 0) - low) for count in parts}
    t1, t2 = tk * width, 2 * tk * width  # T and T**2 as shifts

    def less(poly: int) -> int:  # (s - T) poly: one product-difference, not three passes
        return times_minus(poly, s, poly << t1)

    # The y's written with (s - T) taken out where it can be: fewer passes than the y's
    # expanded; every small factor rides on an fma (``_fused``) rather than a pass.
    y3 = third = rest = inner = highest = 0  # y2 = 3 third + rest
    pair = 0  # y1 = (s - T) (2 T pair + inner) + 3 highest
    if 3 in parts:
        base = shifted(parts[3], raised[3])
        once, _, twice, c = _one_level(base, kept, gone, width, False, True)  # Lk, Lk**2, P3
        b = _one_level(once, kept, gone, width, True, False)[1]  # P2 Lk N
        a = moved_sum(twice, gone, width)  # Ld Lk**2 N
        highest = a << t2
        third = times_plus(a, -2 * s, less(b)) << t1
        y3 = times_plus(a, 3 * s * s, less(times_plus(b, -3 * s, less(c))))
    if 2 in parts:
        base = shifted(parts[2], raised[2])
        once, b, _, _ = _one_level(base, kept, gone, width, True, False)  # Lk, P2
        a = moved_sum(once, gone, width)  # Ld Lk N
        # (s - T) times 2 Ld Lk (T R_s - s R_s2) + (s - T) P2 R_s2, over scale**(wild - 2).
        pair = a << t1
        rest = less(times_plus(a, -2 * s, less(b)))
    if 1 in parts:
        inner = less(moved_sum(shifted(parts[1], raised[1]), gone, width))  # Ld N
    y2 = _fused(third, 3, rest)
    inner = _fused(pair, 2, inner)
    y1 = _fused(highest, 3, less(inner) if inner else 0)
    # A negative y is summed as -y and taken away: its negation here, on the short y,
    # instead of two on the long sums (``_signed_geometric``).
    signs = [-1 if y < 0 else 1 for y in (y1, y2, y3)]
    ys = [-y if sign < 0 else y for y, sign in zip((y1, y2, y3), signs, strict=True)]
    if narrow is not packer:
        ys = (_widened if engaged() else widened_signed)(ys, width, packer.width)
    scales = [model.scale ** (model.wild - count) for count in (1, 2, 3)]
    y1, y2, y3 = (y * scale if scale > 1 else y for y, scale in zip(ys, scales, strict=True))
    width = packer.width
    guard *= width
    t1, t2 = tk * width, 2 * tk * width
    # The limit in W's places (those of Z, before the shift at the end), up to a whole
    # chunk of the division: its chunks below are exact when W is exact below there.
    limit = _limit(model, packer)
    if limit is not None:
        chunk = tk * width
        limit = max(1, -(-(limit - width * (low + td) + guard) // chunk)) * chunk
    # W / Td: the sums from j = 0, their T and T**2 on the short y's, and the Td every
    # term has in the one shift at the end (the division commutes with it): three
    # passes over the long sums saved.
    w = 0
    for y, sign, places, ratio in (
        (y1, signs[0], td, s),
        (shifted(y2, t1), signs[1], td + tk, s * s),
        (shifted(y3, t2), signs[2], td + 2 * tk, s**3),
    ):
        found = _signed_geometric(y, places, ratio, top - 1, size, limit)
        w = plus(w, found) if sign > 0 else w - found
    return _divided_twice(w, tk, s, size, limit, width * (low + td) - guard)


def _signed_geometric(
    poly: int, places: int, ratio: int, high: int, size: int, limit: int | None
) -> int:
    """``_geometric`` from 0 to ``high`` for a ``poly`` that may be negative: of -poly,
    negated. Cut at a limit, a negative ``poly`` would become its two's complement, as
    long as the limit: every pass of the sum over that length, where -poly is some
    third shorter. Modulo 2**limit the same sum, which is all ``_divided_twice`` reads."""
    if poly < 0:
        return -_signed_geometric(-poly, places, ratio, high, size, limit)
    if limit is None or places == 0:
        return _geometric(poly, places, ratio, 0, high, size, 0, limit)
    bits = places * size * 8
    poly = cut_bits(poly, limit)
    reach = -(-limit // bits)
    # Its zeros at the bottom (up to a term's shift) may leave one term fewer below the
    # limit: worth the look where that makes an odd count even.
    zeros = _low_zeros(poly, bits) if reach % 2 and reach <= high + 1 else 0
    return _geometric_terms(poly, bits, ratio, high + 1, limit, zeros)


def _fused(value: int, factor: int, added: int) -> int:
    """``value * factor + added`` where either may be 0 (no pass for a 0 term)."""
    if not value:
        return added
    return times_plus(value, factor, added) if added else value * factor


def _widened(polys: list[int], source: int, target: int) -> list[int]:
    """``packing.widened_signed`` on GMP: the same byte copies, the halves made as bytes
    and every number read back with ``from_buffer`` (its copies are the cost there)."""
    narrow, wide = source // 8, target // 8
    count = max((abs(poly).bit_length() for poly in polys), default=0) // source + 2
    half = 1 << (source - 1)
    narrow_halves = scratch_from_buffer(bytearray(half.to_bytes(narrow, "little")) * count)
    wide_halves = scratch_from_buffer(bytearray(half.to_bytes(wide, "little")) * count)
    out: list[int] = []
    for poly in polys:
        if not poly:
            out.append(0)
            continue
        raw = bytearray(count * narrow)
        into(poly + narrow_halves, raw)
        spaced = bytearray(count * wide)
        for byte in range(narrow):
            spaced[byte : byte + count * wide : wide] = raw[byte::narrow]
        out.append(scratch_from_buffer(spaced) - wide_halves)  # the difference is new
    return out


def _low_zeros(poly: int, bits: int) -> int:
    """Up to ``bits`` of the zero bits at the bottom of ``poly`` (> 0), from its lowest
    ``bits`` only: a short pass, where the whole would take two."""
    if engaged():  # GMP finds the lowest one bit itself, no pass
        return min(bits, lowest_one(poly)) if poly else bits
    low = poly & ones(bits)
    return bits if not low else (low & -low).bit_length() - 1


def _one_level(
    poly: int, kept: list[int], gone: list[int], width: int, pairs: bool, triples: bool
) -> tuple[int, int, int, int]:
    """``poly`` times Lk, and as asked P2, Lk**2 and P3: the last faces of one kept
    chain, of two chains on one level (the higher discarded, ``gone``), of two kept
    chains, of three on one level (the highest discarded). Going up the faces f with
    U = the kept faces below f: P2 = sum_f d_f (2 U + k_f) and
    P3 = sum_f d_f (3 U**2 + 3 k_f U + k_f**2), ties counted once for each die that
    could be the one discarded."""
    below = below2 = two = three = 0  # U poly, U**2 poly, P2 poly, P3 poly
    for k, d in zip(kept, gone, strict=True):
        kb, db = k * width, d * width
        moved = poly << kb
        above = plus(below, moved)  # U' = U + k_f: 2 U + k_f is U + U'
        if pairs:
            two = plus(two, _at(plus(below, above), db))
        if triples:
            # 3 U**2 + 3 k_f U + k_f**2 is 3 U U' + k_f**2: one fma, no pass for the 3.
            moved_below, squared = below << kb, moved << kb  # k_f U, k_f**2
            mixed = plus(below2, moved_below)  # U U'
            three = plus(three, _at(times_plus(mixed, 3, squared), db))
            below2 = mixed + moved_below + squared  # U'**2
        below = above
    return below, two, below2, three


def _at(poly: int, bits: int) -> int:
    return shifted(poly, bits)


def _divided_twice(
    w: int, places: int, s: int, size: int, limit: int | None = None, moved: int = 0
) -> int:
    """Z with (s - T)**2 Z = W, T moving ``places`` coefficients of ``size`` bytes, Z
    with non-negative coefficients below 2**(8 size - 1) and W's coefficients under
    2**(8 size - 1) either way: chunk k of Z is (W_k + 2 s Z_{k-1} - Z_{k-2}) / s**2.

    W_k is chunk k with its coefficients' signs, so under half a chunk either way: cut
    from W's two's complement (``packing.chunks``: shifts and masks, cheaper than bytes),
    a chunk at or above half is W_k + 2**bits (W_k < 0) and lends one to the chunk
    above.

    With a ``limit`` (a multiple of the chunk), Z up to there only, which needs W only
    up to there (W modulo 2**limit). Z comes ``moved`` bits up (a multiple of 8; below
    0 it cuts off bits that are zero by construction)."""
    bits = places * size * 8
    count = -(-(abs(w).bit_length() + 8 * size) // bits)
    if limit is not None:
        count = min(count, limit // bits)
    if engaged():
        return _divided_twice_bytes(w, places * size, s, count, moved // 8)
    whole = big(1) << bits
    half = whole >> 1
    out: list[int] = []
    before = previous = 0
    lent = 0
    square = s * s
    for current in chunks(w, count, bits):
        if lent:  # an addition of 0 would copy the chunk
            current += 1
        lent = current >= half
        if lent:
            current -= whole
        current = (current + 2 * s * previous - before) // square
        out.append(current)
        before, previous = previous, current
    return shifted(joined(out, bits), moved)


def _divided_twice_bytes(w: int, chunk: int, s: int, count: int, moved: int) -> int:
    """``_divided_twice`` on GMP, ``count`` chunks of ``chunk`` bytes, Z moved ``moved``
    bytes: W's two's complement cut into chunks as bytes and Z's chunks written as bytes
    where they end up (memory copies), where ``chunks``, ``joined`` and the shift make
    some 2 log2(count) + 1 passes over the whole (GMP adds, shifts and masks at memory
    speed: the passes are the cost)."""
    bits = 8 * chunk
    raw = bytearray(count * chunk)
    into(cut_bits(w, count * bits), raw)
    first = max(0, moved)  # where chunk 0 goes in ``out``
    out = bytearray(first + count * chunk)
    whole = big(1) << bits
    half = whole >> 1
    before = previous = 0
    lent = False
    square, twice = s * s, 2 * s
    for k in range(count):
        current = scratch_from_buffer(raw, k * chunk, chunk)  # a temporary: one copy
        if lent:
            current += 1
        lent = current >= half
        if lent:
            current -= whole
        current = exact_quotient(current + twice * previous - before, square)
        if current:
            into(current, out, first + k * chunk)
        before, previous = previous, current
    return from_buffer(out, max(0, -moved))


def _compositions(count: int) -> list[list[int]]:
    """Ways to cut ``count`` ranked chains into consecutive groups (same level)."""
    if count == 0:
        return [[]]
    return [
        [first, *rest] for first in range(1, count + 1) for rest in _compositions(count - first)
    ]


def _faces(poly: int, faces: list[list[int]], width: int) -> int:
    """``poly`` times the last faces of chains on one level, ranked from the top: every
    descending run of faces, with the ways the dice can show it."""
    moves: dict[int, int] = {}
    sides = len(faces[0])
    for run in combinations_with_replacement(range(sides - 1, -1, -1), len(faces)):
        ways = math.factorial(len(run)) // math.prod(math.factorial(run.count(f)) for f in set(run))
        places = sum(faces[rank][f] for rank, f in enumerate(run))
        moves[places] = moves.get(places, 0) + ways
    total = 0
    for places, ways in moves.items():
        bits = places * width
        moved = shifted(poly, bits)
        total = plus(total, moved * ways if ways > 1 else moved)
    return total


def _levels(
    poly: int,
    groups: list[tuple[int, int]],
    s: int,
    top: int,
    size: int,
    limit: int | None = None,
) -> int:
    """sum over top >= j1 > j2 > ... >= 1 of prod_i s**(u_i (top - j_i)) T_i**j_i * poly,
    for groups (places of T_i, u_i) from the highest level down.

    The lowest group's sum over j_k < j_{k-1} is geometric: with C = T_k / s**u_k,
    sum_{j<n} C**j = (C - C**n) / (1 - C), so the whole is
    (T_k S1 - s**u_k S2) / (s**u_k - T_k), S1 = s**(u_k top) * the sum without the lowest
    group, S2 = the sum with the two lowest groups on one level: exact, one pass.

    With a ``limit`` (bits), exact below it only: the division's chunks up to the one
    that holds it need S1 and S2 up to that chunk's end. A lowest group that does not
    move (chains that left the roll) divides as whole numbers: S1 and S2 in full."""
    if len(groups) == 1:
        places, chains = groups[0]
        return _geometric(poly, places, s**chains, 1, top, size, 0, limit)
    *rest, (places, chains) = groups
    merged = [*rest[:-1], (rest[-1][0] + places, rest[-1][1] + chains)]
    chunk = places * size * 8
    if limit is not None:
        limit = -(-limit // chunk) * chunk if places else None
    s1 = _levels(poly, rest, s, top, size, limit) * s ** (chains * top)
    s2 = _levels(poly, merged, s, top, size, limit)
    return _divided(s1, s2, places, s**chains, size, limit)


def _geometric(
    poly: int,
    places: int,
    ratio: int,
    low: int,
    high: int,
    size: int,
    moved: int = 0,
    limit: int | None = None,
) -> int:
    """sum_{n=low..high} ratio**(high-n) * T**n * poly, T moving ``places`` coefficients
    of ``size`` bytes, the whole moved ``moved`` coefficients more (in the one shift
    T**low takes; below 0 it cuts off bits that are zero by construction).

    With G_k = sum_{m<k} ratio**(k-1-m) T**m, the sum is T**low G_N poly (N terms), and
    G_2k = (ratio**k + T**k) G_k, G_k+1 = ratio G_k + T**k: a few whole-integer passes
    (shifts, additions, products with a small number), no byte slicing. Every partial
    sum weighs each term no more than the whole does, so no coefficient overflows.

    With a ``limit``, the sum modulo 2**limit (``_geometric_terms``): below it exact,
    above it at most what the whole sum holds for a ``poly`` without negative
    coefficients. Without T (``places`` 0) there is nothing to cut."""
    if places == 0:
        weights: int = sum(ratio ** (high - n) for n in range(low, high + 1))
        return shifted(poly * weights, moved * size * 8)
    bits = places * size * 8
    shift = (places * low + moved) * size * 8
    if limit is not None:
        limit -= shift
        if limit <= 0:
            return 0
        poly = cut_bits(poly, limit)
    return shifted(_geometric_terms(poly, bits, ratio, high - low + 1, limit), shift)


def _geometric_terms(
    poly: int, bits: int, ratio: int, count: int, limit: int | None = None, zeros: int = 0
) -> int:
    """G_count(T) * poly, T a shift by ``bits`` (``_geometric``).

    With a ``limit``: a term T**m poly with m * bits >= limit is 0 modulo 2**limit, and
    G_N = ratio**(N - n) G_n + (terms m >= n), so with n the terms that reach below the
    limit, ratio**(N - n) G_n poly; every copy shifted in is first cut at the limit.
    A ``poly`` with ``zeros`` zero bits at its bottom (at least) reaches that much less:
    fewer terms where that leaves an even count (an odd one costs a pass more)."""
    if limit is not None:
        reach = -(-limit // bits)  # terms m < reach start below the limit
        fewer = -(-(limit - zeros) // bits)
        if 0 < fewer < reach and fewer % 2 == 0:  # an odd count costs a pass more
            reach = fewer
        if count > reach:
            poly *= ratio ** (count - reach)
            count = reach
    return _terms(poly, bits, ratio, count, limit)


def _terms(poly: int, bits: int, ratio: int, count: int, limit: int | None) -> int:
    if count == 1:
        return poly
    if count % 2:
        place = bits * (count - 1)
        found = _terms(poly, bits, ratio, count - 1, limit)
        return times_plus(found, ratio, _moved(poly, place, limit))
    half = count // 2
    found = _terms(poly, bits, ratio, half, limit)
    weight: int = ratio**half
    return times_plus(found, weight, _moved(found, bits * half, limit))


def _moved(poly: int, bits: int, limit: int | None) -> int:
    """``poly << bits``, cut at ``limit`` where it reaches past it."""
    if limit is None or poly.bit_length() + bits <= limit:
        return poly << bits
    if engaged():  # GMP cuts by copying the low limbs, no mask: cut first, shift less
        return cut_bits(poly, limit - bits) << bits
    return (poly << bits) & ones(limit)


def _divided(s1: int, s2: int, places: int, s: int, size: int, limit: int | None = None) -> int:
    """(T S1 - s S2) / (s - T), T moving ``places`` coefficients, for the callers' S1, S2
    where that is a polynomial with no negative coefficient: chunk k of the quotient Z is
    (S1_{k-1} + Z_{k-1}) / s - S2_k, exact. With a ``limit`` (bits, a multiple of the
    chunk), Z below it only, from S1 and S2 below it."""
    if places == 0:
        return (s1 - s * s2) // (s - 1)
    chunk = places * size
    whole = -(-max(s1.bit_length(), s2.bit_length()) // (8 * chunk)) + 1
    count = whole if limit is None else min(whole, limit // (8 * chunk))
    raw1, raw2 = (memoryview(to_bytes(poly, whole * chunk)) for poly in (s1, s2))
    out = bytearray(count * chunk)
    previous = 0
    for k in range(count):
        current = previous
        if k:
            current += from_bytes(raw1[(k - 1) * chunk : k * chunk])
        previous = current // s - from_bytes(raw2[k * chunk : (k + 1) * chunk])
        if previous:
            out[k * chunk : (k + 1) * chunk] = to_bytes(previous, chunk)
    return from_bytes(out)


def in_order(
    model: DiceModel, packer: Packer, packed: int, count: int, dropped: int, discards: int
) -> int:
    """``count`` exploded Wild Dice multiplied into ``packed``: the top ``dropped`` leave
    the roll (R3 step 3), the next ``discards`` are discarded by Penalty (step 5).

    For the mixes ``with_chains`` has no closed form for: three or more Wild Dice
    exploding beside a drop, or more of them than Penalty dice (and the reference the
    closed forms are tested against). Go down the chain values;
    at each value some of the dice not yet placed show it, and their places in the sorted
    order say which leave, are discarded or count. Every step is a shift of ``packed``
    (one chain value is one monomial), never a product of two big numbers."""
    s = model.sides
    pairs = [(o, model.discarded(o)) for o in model.exploded]
    placed: dict[int, int] = {0: packed}  # dice placed -> counts
    length = model.depth - 1  # the longest chain: weight 1
    for kept, gone in sorted(pairs, key=lambda pair: -pair[0].value):
        shorter = length - (kept.value - 1) // s  # value = top faces * s + a lower face
        if shorter:
            # A chain one top face shorter weighs s times more: every die not yet placed
            # takes that on now, so a die placed weighs 1 and a product is a shift.
            length -= shorter
            placed = {
                done: poly * s ** (shorter * (count - done)) if done < count else poly
                for done, poly in placed.items()
            }
        grown = dict(placed)  # none of the rest shows this value
        for done, poly in placed.items():
            moved = poly
            for n in range(1, count - done + 1):
                place = done + n - 1  # the n-th die showing this value, in sorted order
                if place >= dropped + discards:
                    moved = packer.shift(moved, kept.a, kept.b)
                elif place >= dropped:
                    moved = packer.shift(moved, gone.a, gone.b)
                ways = math.comb(count - done, n)
                add_to(grown, done + n, moved * ways if ways > 1 else moved)
        placed = grown
    return placed[count]
