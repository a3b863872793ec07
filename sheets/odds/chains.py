"""Exploded Wild Dice (R3 step 3) multiplied into a packed polynomial.

A chain is j >= 1 top faces then a last, lower face, weighing s**(depth-1-j) of
s**(depth-1). One exploded die multiplies by C = F * sum_j s**(depth-1-j) * T**j, where F
sums the last faces and T is one more top face. That sum is geometric, so R = P * C obeys
s*R = T*R + s**(depth-1)*T*P' - T**depth*P' with P' = F*P: since T moves every
coefficient by the same number of places L, R is built L coefficients at a time, each
chunk from the one before, in one pass instead of one pass per chain length.
"""

from __future__ import annotations

import math

from sheets.odds.model import DiceModel
from sheets.odds.packing import Packer


def with_chains(
    model: DiceModel, packer: Packer, packed: int, count: int, dropped: int, discards: int
) -> int:
    """Multiply in ``count`` exploded Wild Dice: the top ``dropped`` of them left the roll
    (R3 step 3), the next ``discards`` are discarded by Penalty (step 5)."""
    if dropped == 0 and (discards == 0 or discards >= count):
        top = model.exploded[0]  # one explosion and a last face of 1: value s + 1
        last = model.plain_wild
        if discards:  # every chain is discarded by Penalty: it counts in a only
            top, last = model.discarded(top), [model.discarded(o) for o in last]
        step_a, step_b = top.a - last[0].a, top.b - last[0].b  # what one top face adds
        for _ in range(count):
            faces = sum(packer.shift(packed, o.a, o.b) for o in last)
            packed = _chain(model, packer, faces, step_a * packer.span + step_b)
        return packed
    if dropped == 1 and count == 1:  # the one exploded die leaves the roll: weight only
        return packed * (model.scale - 1)
    if count == 2:
        return two_chains(model, packer, packed, dropped, discards)
    return in_order(model, packer, packed, count, dropped, discards)


def _role(model: DiceModel, packer: Packer, role: str) -> tuple[int, list[int]]:
    """How far a chain in ``role`` moves a packed polynomial: (places one top face adds,
    places of each last face). A chain that left the roll (``drop``) moves nothing."""
    if role == "drop":
        return 0, [0] * (model.sides - 1)
    top, last = model.exploded[0], model.plain_wild  # value s + 1, and faces 1..s-1
    if role == "discard":
        top, last = model.discarded(top), [model.discarded(o) for o in last]
    step = (top.a - last[0].a) * packer.span + (top.b - last[0].b)
    return step, [o.a * packer.span + o.b for o in last]


def two_chains(model: DiceModel, packer: Packer, packed: int, dropped: int, discards: int) -> int:
    """Two exploded Wild Dice, the higher one left the roll (``dropped``) or discarded by
    Penalty, the lower one discarded or counted: a few passes instead of one per value.

    A chain of j top faces and a last face f is T**j * L(f), weighing s**(M-j) (M = depth
    - 1); the higher chain's role has T1, L1, the lower's T2, L2. Ordered dice: distinct
    values count twice. Same number of top faces (the last faces decide the order):
        sum_j s**(2M-2j) (T1 T2)**j * E,   E = sum_{f1 >= f2} (2 if f1 > f2 else 1) L1 L2.
    More top faces on the higher chain (n > j >= 1), with Y = 2 (sum L1) (sum L2) P:
        sum_n s**(2M-n) T1**n sum_{j<n} (T2/s)**j Y = (T2 S1 - s S2) / (s - T2),
        S1 = sum_{n=2..M} s**(2M-n) T1**n Y,   S2 = sum_{n=2..M} s**(2M-2n) (T1 T2)**n Y,
    every sum a truncated geometric series (``_geometric``), the division exact."""
    s, top = model.sides, model.depth - 1
    roles = ["drop"] * dropped + ["discard"] * discards + ["kept"] * (2 - dropped - discards)
    (t1, l1), (t2, l2) = (_role(model, packer, role) for role in roles)
    size = packer.nbytes

    def moved(poly: int, places: int) -> int:
        bits = places * packer.width
        return poly << bits if bits >= 0 else poly >> -bits

    # E P: for each lower last face f2, the higher faces above it twice, its own once.
    above = 0  # sum over f1 > f2 of L1(f1) P
    same_level = 0
    for f in range(s - 2, -1, -1):
        here = moved(packed, l1[f])
        same_level += moved(2 * above + here, l2[f])
        above += here
    higher = sum(moved(packed, places) for places in l1)
    both = 2 * sum(moved(higher, places) for places in l2)
    result = _geometric(same_level, t1 + t2, s * s, 1, top, size)
    s1 = _geometric(both, t1, s, 2, top, size) * s**top
    s2 = _geometric(both, t1 + t2, s * s, 2, top, size)
    return result + _divided(s1, s2, t2, s, size)


def _geometric(poly: int, places: int, ratio: int, low: int, high: int, size: int) -> int:
    """sum_{n=low..high} ratio**(high-n) * T**n * poly, T moving ``places`` coefficients
    of ``size`` bytes: (ratio - T) R = ratio**(high-low+1) T**low P - T**(high+1) P, so R
    is built one chunk of ``places`` coefficients at a time from the chunk below."""
    if places == 0:
        weights: int = sum(ratio ** (high - n) for n in range(low, high + 1))
        return poly * weights
    chunk = places * size
    count = -(-poly.bit_length() // (8 * chunk)) if poly else 0
    raw = poly.to_bytes(count * chunk, "little")
    parts = [int.from_bytes(raw[k * chunk : (k + 1) * chunk], "little") for k in range(count)]
    first = ratio ** (high - low + 1)
    out: list[bytes] = []
    previous = 0
    for k in range(count + high):  # R reaches high chunks past poly
        current = previous
        if 0 <= k - low < count:
            current += first * parts[k - low]
        if 0 <= k - high - 1 < count:
            current -= parts[k - high - 1]
        previous = current // ratio  # exact: every coefficient is a multiple of ratio
        out.append(previous.to_bytes(chunk, "little"))
    return int.from_bytes(b"".join(out), "little")


def _divided(s1: int, s2: int, places: int, s: int, size: int) -> int:
    """(T S1 - s S2) / (s - T), T moving ``places`` coefficients: exact, a polynomial
    with no negative coefficient. Chunk k of the quotient Z is (S1_{k-1} + Z_{k-1}) / s
    - S2_k."""
    if places == 0:
        return (s1 - s * s2) // (s - 1)
    chunk = places * size
    count = -(-max(s1.bit_length(), s2.bit_length()) // (8 * chunk)) + 1
    raw1, raw2 = (poly.to_bytes(count * chunk, "little") for poly in (s1, s2))
    out: list[bytes] = []
    previous = 0
    for k in range(count):
        current = previous
        if k:
            current += int.from_bytes(raw1[(k - 1) * chunk : k * chunk], "little")
        previous = current // s - int.from_bytes(raw2[k * chunk : (k + 1) * chunk], "little")
        out.append(previous.to_bytes(chunk, "little"))
    return int.from_bytes(b"".join(out), "little")


def _chain(model: DiceModel, packer: Packer, faces: int, places: int) -> int:
    """sum over j = 1..depth-1 of s**(depth-1-j) * T**j * faces, T moving by ``places``."""
    s, depth = model.sides, model.depth
    if places == 0:  # the top face adds nothing anywhere (a success count flipped to 1)
        lengths: int = (s ** (depth - 1) - 1) // (s - 1)  # sum of s**(depth-1-j), j >= 1
        return faces * lengths
    size = packer.nbytes
    chunk = places * size
    top = s ** (depth - 1)
    count = -(-faces.bit_length() // (8 * chunk)) if faces else 0  # chunks in faces
    raw = faces.to_bytes(count * chunk, "little")
    parts = [int.from_bytes(raw[k * chunk : (k + 1) * chunk], "little") for k in range(count)]
    out: list[bytes] = []
    previous = 0
    for k in range(count + depth - 1):  # R reaches depth - 1 chunks past faces
        current = previous
        if 0 <= k - 1 < count:
            current += top * parts[k - 1]
        if 0 <= k - depth < count:
            current -= parts[k - depth]
        previous = current // s  # exact: every coefficient is a multiple of s
        out.append(previous.to_bytes(chunk, "little"))
    return int.from_bytes(b"".join(out), "little")


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
            placed = {done: poly * s ** (shorter * (count - done)) for done, poly in placed.items()}
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
                grown[done + n] = grown.get(done + n, 0) + (moved * ways if ways > 1 else moved)
        placed = grown
    return placed[count]
