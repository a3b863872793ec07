"""The narrow packing of R3 steps 1-3, and the states step 3 hands to step 5.

The set's dice are counted in a packing of their own: only the set's plain faces, ``b``
in steps of their common divisor (flips F1 and F6 move it in fives; without flips it does
not move at all), rows of ``a`` closer than their span where ``bands`` shows that they
cannot meet. ``die_by_die`` fills it one die at a time; ``extra_dice`` adds the
Boost/Penalty dice to it (step 5); ``die_by_die._laid`` moves it into the final packing.
"""

from __future__ import annotations

import math

from sheets.odds.bands import bands
from sheets.odds.model import DiceModel, Outcome, b_range
from sheets.odds.packing import Packer, width_for
from sheets.records import FrozenRecord

# A state after step 3 (``drop_highest``): (the extreme values step 5 needs, exploded
# Wild Dice, dropped ones) -> (lowest ``a`` stored, polynomial) parts.
Kept = tuple[tuple[int, ...], int, int]


class Narrow(FrozenRecord):
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
    def best(cls, model: DiceModel) -> Narrow:
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
