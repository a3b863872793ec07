"""Rolls where no die needs its rank among the others (no Boost, Penalty or
``drop_highest``) and no Advantage total is tracked: the set is a product of per-die
polynomials, identical dice one ``pow``."""

from __future__ import annotations

from sheets.odds.model import DiceModel, lift
from sheets.odds.packing import Packer


def by_powers(model: DiceModel, packer: Packer, offset: int) -> int:
    regular_lift = lift(model.plain_set)
    wild_lift = lift(model.plain_set + model.exploded)
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
