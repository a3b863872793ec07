"""Advantage and Disadvantage keep one set of two (R3 step 4): an outcome far from the
kept side matters only where its set is the kept one anyway. With Disadvantage a long
Wild Die chain or a row of high totals, so the chains stop sooner and the rows are cut
lower (``model.chain_depth``, ``model.cut_rows``, ``model.plain_cut``); with Advantage
the regular dice's low totals (``model.plain_cut``). Every total still moves by under
the tail allowance."""

from __future__ import annotations

import pytest

from sheets.dice import RollSpec
from sheets.odds import _cached, chains, distribution, model
from sheets.odds.model import TAIL, DiceModel, chain_depth
from tests.dice_helpers import (
    number_kind,  # noqa: F401  (a fixture: ints and GMP)
    sum_of_dice,
    wild_die_ways,
)

REGULAR = 40  # regular dice of the sets whose regular dice's cut is checked
DEEP = 40  # rolls the exact counts sum the chains to, the rest as a bound


@pytest.mark.parametrize("sides", [4, 6, 8])
@pytest.mark.parametrize("wild", [1, 2, 3])
@pytest.mark.parametrize("plain", [0, 6, 25])
def test_a_shorter_chain_leaves_out_no_more_where_the_lower_set_is_kept(
    sides: int, wild: int, plain: int
) -> None:
    """R3 steps 3-4: a chain past ``depth`` (weight s**-depth) whose set is kept has the
    other set's total T at least its own rest R plus the chain (over s * depth). Counted
    exactly (a convolution, the chains 40 rolls deep and the rest as a bound), that
    weighs no more than what the full depth leaves out, and the depth is shorter."""
    depth, left_out = chain_depth(sides, plain, wild, True)
    full, full_left_out = chain_depth(sides, plain, wild, False)
    assert depth < full
    assert left_out <= full_left_out
    plain_die = [0] + [1] * sides
    other = sum_of_dice([plain_die] * plain + [wild_die_ways(sides, DEEP)] * wild)  # T
    rest = sum_of_dice([plain_die] * plain)  # R
    whole_other = sides ** (plain + DEEP * wild)
    beyond = 0  # ways T - R >= s * depth + 1, of whole_other * sides**plain
    for r, r_ways in enumerate(rest):
        if r_ways:
            need = r + sides * depth + 1
            beyond += r_ways * sum(other[need:])
    missing = wild * float(sides) ** -DEEP  # T's own chains past 40 rolls, at most
    tail = beyond / (whole_other * sides**plain) + missing
    assert wild * float(sides) ** -depth * tail <= full_left_out


@pytest.mark.parametrize("sides", [4, 6, 8])
@pytest.mark.parametrize(("wild", "plain"), [(1, 12), (2, 0), (2, 12), (3, 0), (3, 12)])
def test_the_rows_cut_where_the_lower_set_is_kept_weigh_squared_under_the_tail(
    sides: int, wild: int, plain: int
) -> None:
    """R3 step 4: a set's rows from ``model.a_rows`` on, counted exactly (a convolution),
    weigh so little that both sets there together (the only way such a row is kept)
    weigh under the allowance the cut has beside ``depth`` and the regular dice's cut.
    With one Wild Die too, where Advantage sums its chain over every row."""
    spec = RollSpec(code=f"{wild + plain}D", wild_dice=wild, disadvantage=1, sides=sides)
    found = DiceModel(spec, 0)
    rows = found.a_rows
    assert rows is not None
    ahead = DiceModel(
        RollSpec(code=f"{wild + plain}D", wild_dice=wild, advantage=1, sides=sides), 0
    )
    assert ahead.a_rows is None or rows < ahead.a_rows  # lower than with Advantage
    depth = found.depth
    ways = sum_of_dice([[0] + [1] * sides] * plain + [wild_die_ways(sides, depth)] * wild)
    whole = sides ** (plain + depth * wild)
    beyond = sum(ways[rows:]) / whole
    share = TAIL / 2 - found.left_out  # one set's, half of it the chains' cut
    assert beyond**2 <= share


def _kept_and_mirror(sides: int, wild: int, drop: bool, keeps: int) -> tuple[DiceModel, DiceModel]:
    """The models of REGULAR regular and ``wild`` Wild Dice keeping the higher set
    (``keeps`` 1) or the lower (-1), and of the same dice keeping the other one; with
    `drop_highest` where ``drop`` and there is a Wild Die to fail."""
    rule = "drop_highest" if drop and wild else "complication"
    code = f"{REGULAR + wild}D"
    found, mirror = (
        DiceModel(
            RollSpec(
                code=code,
                wild_dice=wild,
                advantage=int(sign > 0),
                disadvantage=int(sign < 0),
                sides=sides,
                critical_failure=rule,
            ),
            0,
        )
        for sign in (keeps, -keeps)
    )
    return found, mirror


@pytest.mark.parametrize("sides", [4, 6])
@pytest.mark.parametrize("wild", [0, 1, 2])
@pytest.mark.parametrize("drop", [False, True])
def test_the_regular_dice_cut_lower_where_the_lower_set_is_kept_weigh_squared(
    sides: int, wild: int, drop: bool
) -> None:
    """R3 step 4: a set whose regular dice total Y >= high (``model.plain_rows``) is kept
    only where the other set's dice, all of them as rolled, total at least high (less a
    die `drop_highest` took out). Counted exactly (convolutions, the chains 40 rolls deep
    and the rest as a bound), P(Y >= high) times that is under the end's share, and
    ``high`` is lower than with Advantage."""
    found, ahead = _kept_and_mirror(sides, wild, drop, -1)
    assert found.plain_rows is not None and ahead.plain_rows is not None
    low, high = found.plain_rows
    assert low < high < ahead.plain_rows[1]
    plain_die = [0] + [1] * sides
    plain = sum_of_dice([plain_die] * REGULAR)
    every = sum_of_dice(
        [plain] + [wild_die_ways(sides, DEEP)] * wild
    )  # X, of sides**(REGULAR + DEEP wild)
    moved = sides if found.drop else 0
    beyond = sum(plain[high:]) / sides**REGULAR
    missing = wild * float(sides) ** -DEEP  # X's chains past 40 rolls, at most
    other = sum(every[high - moved :]) / sides ** (REGULAR + DEEP * wild) + missing
    share = (TAIL / 2 - found.left_out) / (4 if wild >= 1 else 2)  # and the chains' rows
    assert beyond * other <= share


@pytest.mark.parametrize("sides", [4, 6])
@pytest.mark.parametrize("wild", [0, 1, 2])
@pytest.mark.parametrize("drop", [False, True])
def test_the_regular_dice_cut_higher_where_the_higher_set_is_kept_weigh_squared(
    sides: int, wild: int, drop: bool
) -> None:
    """R3 step 4: a set whose regular dice total Y < low (``model.plain_rows``) is kept
    only where its total, at most Y plus its Wild Dice W, reaches the other set's, at
    least that set's regular dice Y' (less a die `drop_highest` took out). Counted
    exactly (convolutions, the chains 40 rolls deep and the rest as a bound),
    P(Y < low) P(Y' - W < low + s drop) is under the end's share, and ``low`` is higher
    than with Disadvantage; ``below_plain_rows`` counts the totals below it."""
    found, behind = _kept_and_mirror(sides, wild, drop, 1)
    assert found.plain_rows is not None and behind.plain_rows is not None
    low, high = found.plain_rows
    assert behind.plain_rows[0] < low < high
    plain = sum_of_dice([[0] + [1] * sides] * REGULAR)
    assert found.below_plain_rows() == sum(plain[:low])
    wild_ways = sum_of_dice([wild_die_ways(sides, DEEP)] * wild)  # W, of sides**(DEEP wild)
    moved = sides if found.drop else 0
    # P(Y' - W < low + moved): Y' = y with W > y - low - moved.
    under = 0
    for y, y_ways in enumerate(plain):
        if y_ways:
            under += y_ways * sum(wild_ways[max(0, y - low - moved + 1) :])
    missing = wild * float(sides) ** -DEEP  # W's chains past 40 rolls, at most
    other = under / (sides**REGULAR * sides ** (DEEP * wild)) + missing
    share = (TAIL / 2 - found.left_out) / (4 if wild >= 2 else 2)  # Advantage: rows_cut
    assert sum(plain[:low]) / sides**REGULAR * other <= share


ADVANTAGE = [
    RollSpec(code="24D", advantage=1, boost=1, critical_failure="drop_highest"),
    RollSpec(code="26D", wild_dice=2, advantage=1, penalty=1, flips=frozenset({1})),
    RollSpec(code="25D", advantage=1, penalty=2, flips=frozenset({6})),
    RollSpec(code="30D", wild_dice=3, advantage=1, count_successes=True),
]


@pytest.mark.parametrize("spec", ADVANTAGE, ids=str)
def test_advantage_moves_no_total_past_the_tail(
    spec: RollSpec, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R3 step 4: the odds with the regular dice's low totals cut higher against every
    regular dice total kept."""
    assert DiceModel(spec, 0).plain_rows is not None
    _assert_close_to_uncut(spec, monkeypatch)


def _assert_close_to_uncut(spec: RollSpec, monkeypatch: pytest.MonkeyPatch) -> None:
    """``spec``'s odds move no total by the tail allowance or more against those with
    the chains summed to the full depth over every row and every regular dice total
    kept, and sum to 1."""
    _cached.cache_clear()
    cut = distribution(spec)
    monkeypatch.setattr(
        model, "chain_depth", lambda s, plain, wild, lower: chain_depth(s, plain, wild, False)
    )
    monkeypatch.setattr(chains, "_limit", lambda *_: None)
    monkeypatch.setattr(model, "plain_cut", lambda *_: None)
    _cached.cache_clear()
    every = distribution(spec)
    _cached.cache_clear()
    assert set(cut) <= set(every)
    assert all(abs(cut.get(total, 0.0) - p) < TAIL for total, p in every.items())
    assert abs(sum(cut.values()) - 1.0) < 1e-12


DISADVANTAGE = [
    RollSpec(code="5D", wild_dice=3, disadvantage=1, penalty=1, flips=frozenset({5})),
    RollSpec(
        code="4D+1", wild_dice=3, luck=True, disadvantage=1, penalty=1, critical_failure="zero"
    ),
    RollSpec(code="3D", wild_dice=2, disadvantage=1, boost=2, flips=frozenset({1, 6})),
    RollSpec(code="4D", disadvantage=1, boost=2, critical_failure="drop_highest"),
    RollSpec(code="3D", wild_dice=2, disadvantage=1, penalty=1, critical_failure="drop_highest"),
    RollSpec(code="4D", wild_dice=2, disadvantage=1, count_successes=True),
    RollSpec(code="3D+2", wild_dice=3, disadvantage=1, penalty=2, sides=4),
    RollSpec(code="2D", wild_dice=1, disadvantage=1, sides=8),
    RollSpec(code="24D", disadvantage=1, boost=1, critical_failure="drop_highest"),
    RollSpec(code="26D", disadvantage=1, penalty=1, flips=frozenset({1})),
]


@pytest.mark.parametrize("spec", DISADVANTAGE, ids=str)
def test_disadvantage_moves_no_total_past_the_tail(
    spec: RollSpec, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R3 steps 3-4: the odds with the shorter chains and the lower cuts against the
    chains summed to the full depth over every row, every regular dice total kept."""
    _assert_close_to_uncut(spec, monkeypatch)


def test_the_chains_stop_sooner_only_where_the_lower_set_is_kept() -> None:
    """R3 steps 3-4: Advantage keeps the full depth (a long chain makes its set the
    kept one); so does Disadvantage beside `drop_highest` and two Wild Dice (the chain
    may be the die that leaves, its set still the lower)."""
    code = "10D"
    full = DiceModel(RollSpec(code=code, wild_dice=2, advantage=1), 0).depth
    assert DiceModel(RollSpec(code=code, wild_dice=2), 0).depth == full
    assert DiceModel(RollSpec(code=code, wild_dice=2, disadvantage=1), 0).depth < full
    dropped = RollSpec(code=code, wild_dice=2, disadvantage=1, critical_failure="drop_highest")
    assert DiceModel(dropped, 0).depth == full
    one = RollSpec(code=code, wild_dice=1, disadvantage=1, critical_failure="drop_highest")
    assert DiceModel(one, 0).depth < DiceModel(RollSpec(code=code, wild_dice=1), 0).depth
    assert DiceModel(one, 0).left_out <= DiceModel(RollSpec(code=code, wild_dice=1), 0).left_out
