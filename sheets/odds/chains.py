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
    return _in_order(model, packer, packed, count, dropped, discards)


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


def _in_order(
    model: DiceModel, packer: Packer, packed: int, count: int, dropped: int, discards: int
) -> int:
    """``count`` exploded Wild Dice multiplied into ``packed``: the top ``dropped`` leave
    the roll (R3 step 3), the next ``discards`` are discarded by Penalty (step 5).

    Only for the rare mixes ``with_chains`` does not handle itself: several Wild Dice
    exploding beside a drop, or more of them than Penalty dice. Go down the chain values;
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
