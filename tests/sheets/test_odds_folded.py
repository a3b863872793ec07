"""Exploded Wild Dice chains folded into Advantage weights (``sheets.odds.folded``, R3
steps 3-5): the chains folded one at a time against the sums over every chain value, and
whole distributions against the same roll with the chains multiplied in."""

from __future__ import annotations

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sheets.odds.folded as folded_module
from sheets.dice import RollSpec
from sheets.odds import _cached
from sheets.odds.folded import (
    Folded,
    _cut_each,
    _cuts,
    _penalty_apart,
    chain_folded,
)
from sheets.odds.model import DiceModel
from sheets.odds.packing import Packer
from tests.dice_helpers import folded_and_multiplied, number_kind  # noqa: F401  (a fixture: ints and GMP)


def _by_every_value(model: DiceModel, values: list[int], count: int, ahead: bool) -> list[int]:
    """``chain_folded`` the long way: each chain value of ``model.exploded`` (R3 step 3:
    j top faces then a lower face, weighing s**(depth-1-j)) visited for every entry."""
    for _ in range(count):
        if ahead:  # out[a] = sum over chains of weight * values[a + value]
            values = [
                sum(
                    o.weight * values[a + o.value]
                    for o in model.exploded
                    if a + o.value < len(values)
                )
                for a in range(len(values))
            ]
        else:  # out[t] = sum over chains of weight * values[t - value]
            longest = max(o.value for o in model.exploded)
            out = [0] * (len(values) + longest)
            for u, weight in enumerate(values):
                for o in model.exploded:
                    out[u + o.value] += weight * o.weight
            values = out
    return values


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([4, 6, 8, 20]),
    st.integers(1, 3),
    st.integers(0, 3),
    st.lists(st.integers(0, 2**80), min_size=1, max_size=40),
    st.booleans(),
)
def test_chains_folded_one_at_a_time_match_every_chain_value(
    sides: int, wild: int, count: int, values: list[int], ahead: bool
) -> None:
    """Ahead, each total weighs the chains' values above it (the weights of the kept
    totals); behind, the chains are added to a marginal: the same integers, to the last
    bit, as summing over every chain value."""
    model = DiceModel(RollSpec(code="2D", wild_dice=wild, advantage=1, sides=sides), 1)
    found = chain_folded(model, values, count, ahead)
    expected = _by_every_value(model, values, count, ahead)
    if ahead:
        assert found == expected
    else:  # the same up to zeros at the end
        assert found[: len(expected)] == expected and not any(found[len(expected) :])


@pytest.mark.parametrize(
    "spec",
    [
        RollSpec(code="10D+2", wild_dice=2, luck=True, advantage=1, penalty=2, flips={1}),
        RollSpec(code="12D", wild_dice=3, disadvantage=1, penalty=2, critical_failure="zero"),
        RollSpec(code="9D+1", wild_dice=1, advantage=1, penalty=3, flips=frozenset({1, 6})),
        # No flips: each row of plain dice one coefficient (``_penalty_apart``).
        RollSpec(code="11D", wild_dice=3, disadvantage=1, penalty=2),
        RollSpec(code="9D+2", wild_dice=2, luck=True, advantage=1, penalty=1),
        # Rows apart from the Penalty dice, one residue of plain dice each (flips).
        RollSpec(code="8D+1", wild_dice=2, advantage=1, penalty=1, flips=frozenset({6})),
    ],
)
def test_large_pools_fold_to_the_distribution_of_multiplied_chains(spec: RollSpec) -> None:
    """Pools large enough that each row is cut into several parts for its product
    (``Folded._discarded``): the same weights, to the last bit, as multiplying the
    chains in (``chains``)."""
    folded, multiplied = folded_and_multiplied(spec)
    assert folded == multiplied


@pytest.mark.parametrize(
    "spec",
    [
        RollSpec(code="8D+1", wild_dice=2, advantage=1, penalty=1, flips=frozenset({6})),
        RollSpec(code="6D", wild_dice=3, disadvantage=1, penalty=2, critical_failure="zero"),
    ],
)
def test_rows_weighed_whole_match_rows_with_the_penalty_dice_apart(spec: RollSpec) -> None:
    """A kept lowest chain's rows multiplied whole by their polynomials, as where the
    Penalty dice are not found apart (``_penalty_apart``): the same weights, to the
    last bit, as multiplying the chains in."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(folded_module, "_penalty_apart", lambda *_: None)
        folded, multiplied = folded_and_multiplied(spec)
    assert folded == multiplied


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 40), st.integers(0, 400), st.integers(1, 1200))
def test_cuts_leave_every_sum_room_in_its_slot(bytes_wide: int, below: int, heaviest: int) -> None:
    """Whatever the sizes, a sum of coefficients (below 2**held in all) times a piece of
    ``bits`` bits fits the ``parts`` narrow slots it has; pieces other than a whole
    weight end on a digit of Python's integers. (The pools of the test above cut their
    weights into 2 to 5 pieces, and one leaves them whole.)"""
    narrow = 8 * bytes_wide
    held = max(0, narrow - 1 - below % narrow)
    parts, bits = _cuts(narrow, held, heaviest)
    assert parts >= 1 and 1 <= bits <= heaviest
    assert held + bits <= parts * narrow
    assert bits == heaviest or bits % sys.int_info.bits_per_digit == 0


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(0, 2**3000), min_size=1, max_size=4),
    st.integers(1, 30),
    st.integers(1, 40),
)
def test_the_sums_of_a_kept_lowest_chain_keep_every_place_still_read(
    sums: list[int], count: int, value: int
) -> None:
    """``_cut_each`` cuts U_m (``Folded._kept_lowest``) only above the places the lower
    values still read, below count + (q - m + 1) * value: those are kept as they were."""
    slot, q = 16, len(sums) - 1
    cut = list(sums)
    _cut_each(cut, slot, count, q, value)
    for m, (before, after) in enumerate(zip(sums, cut, strict=True)):
        read = (1 << (slot * (count + (q - m + 1) * value))) - 1
        assert after & read == before & read
        assert after in (before, before & read)


def _folded_of(spec: RollSpec) -> Folded:
    """The folded groups of ``spec``'s roll, as ``_totals`` weighs them."""
    found: list[Folded] = []
    weighted = Folded.weighted

    def keep(self: Folded, factors: list[int], largest: int) -> dict[int, int]:
        found.append(self)
        return weighted(self, factors, largest)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Folded, "weighted", keep)
        _cached.__wrapped__(spec)
    return found[0]


def _by_x(lines: list[tuple[int, int, int]], width: int, step: int) -> dict[tuple[int, int], int]:
    """(a, x) -> weight of packed lines (a, x of the first coefficient, line)."""
    packer = Packer(width, 1)
    out: dict[tuple[int, int], int] = {}
    for a, x0, line in lines:
        for j, weight in packer.coefficients(line):
            out[a, x0 + step * j] = out.get((a, x0 + step * j), 0) + weight
    return out


@pytest.mark.parametrize(
    "spec",
    [
        RollSpec(code="8D+1", wild_dice=2, advantage=1, penalty=1, flips=frozenset({6})),
        RollSpec(code="7D", wild_dice=2, disadvantage=1, penalty=2, flips=frozenset({2, 5})),
        RollSpec(code="6D+2", wild_dice=3, luck=True, advantage=1, penalty=2),
    ],
)
def test_rows_where_penalty_discards_the_chains_are_the_penalty_dice_times_plain_dice(
    spec: RollSpec,
) -> None:
    """Where Penalty discards exactly the exploded chains every plain and Penalty die
    counts (R3 step 5): each row is the Penalty dice times a line of the plain dice
    (``_penalty_apart``), found exactly; a row changed in one coefficient is not."""
    folded = _folded_of(spec)
    width, step = folded.packer.width, folded.step
    group = next(g for g in folded.read if g.exploded == folded.model.penalty)
    lines = folded.lines(group)
    apart = _penalty_apart(folded, lines)
    assert apart is not None
    dice, plain = apart
    assert sum(dice.values()) == spec.sides**folded.model.penalty
    product: dict[tuple[int, int], int] = {}
    for (a, x), weight in _by_x(plain, width, step).items():
        for t, ways in dice.items():
            product[a, x + t] = product.get((a, x + t), 0) + weight * ways
    assert product == _by_x(folded._placed(lines), width, step)
    a, residue, first_b, row = lines[len(lines) // 2]
    changed = list(lines)
    changed[len(lines) // 2] = (a, residue, first_b, row + (row & -row))
    assert _penalty_apart(folded, changed) is None
