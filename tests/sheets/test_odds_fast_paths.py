"""The odds engine's fast paths against references: the regular dice counted over faces
(``sheets.odds.extremes``) against every sequence of faces, and whole distributions with
Boost/Penalty on pools larger than the extremes step 5 tracks against the exhaustive
enumeration of the roll pipeline (R3 step 5)."""

from __future__ import annotations

import random
from collections import defaultdict
from itertools import product

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sheets.dice import RollSpec
from sheets.odds import (
    _cached,
    _halves,
    chains,
    die_by_die,
    distribution,
    extra_dice,
)
from sheets.odds.chains import (
    _geometric,
    _signed_geometric,
    chain_faces,
    fits_top_discarded,
    headroom,
    in_order,
    ordered_chains,
    set_room,
    top_discarded,
    with_chains,
)
from sheets.odds.extremes import kept_sum, regular_extremes
from sheets.odds.model import TAIL, DiceModel, cut_rows
from sheets.odds.packing import (
    Packer,
    add_to,
    chunks,
    coefficient_sum,
    coefficient_sum_masked,
    face_runs,
    joined,
    moved_sum,
    placed_sum,
    plus,
    repeated,
    shifted,
    times_faces,
    widened_signed,
    width_for,
    zero_coefficients,
)
from tests.dice_helpers import (
    extra_dice_both_ways,
    number_kind,  # noqa: F401  (a fixture: ints and GMP)
    sum_of_dice,
    wild_die_ways,
)
from tests.sheets.test_odds import assert_matches_enumeration

_Groups = dict[tuple[int, int], tuple[int, list[int]]]
BITS = 16  # room for 6**5 ways per coefficient


def _by_every_sequence(
    count: int, faces: list[int], places: dict[int, int], lowest: int, highest: int
) -> dict[tuple[int, ...], int]:
    """The reference: every sequence of faces, keyed as ``die_by_die`` keys it."""
    states: dict[tuple[int, ...], int] = defaultdict(int)
    for values in product(faces, repeat=count):
        ordered = tuple(sorted(values))
        if count > lowest + highest:
            ordered = ordered[:lowest] + ordered[count - highest :]
        states[ordered] += 1 << sum(places[v] for v in values)
    return dict(states)


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(0, 5),
    sides=st.sampled_from([4, 6]),
    ends=st.sampled_from([(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (0, 2), (0, 4), (1, 1), (2, 1)]),
    steps=st.lists(st.integers(0, 3), min_size=6, max_size=6),
)
def test_regular_extremes_match_every_sequence(
    count: int, sides: int, ends: tuple[int, int], steps: list[int]
) -> None:
    """Penalty (top end), Boost (bottom end), and Boost beside ``drop_highest`` (the
    bottom end and the one highest die)."""
    faces = list(range(1, sides + 1))
    places = {v: BITS * (8 * v + steps[v - 1]) for v in faces}
    lowest, highest = ends
    found = regular_extremes(count, places, 1, lowest, highest)
    assert found is not None
    expected = _by_every_sequence(count, faces, places, lowest, highest)
    got = {key: packed << moved for key, (packed, moved) in found.items() if packed}
    assert got == expected


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(1, 5),
    sides=st.sampled_from([4, 6]),
    ends=st.sampled_from([(1, 0), (2, 0), (3, 0), (0, 1), (0, 2), (0, 3)]),
    steps=st.lists(st.integers(0, 3), min_size=6, max_size=6),
)
def test_kept_sum_matches_every_sequence(
    count: int, sides: int, ends: tuple[int, int], steps: list[int]
) -> None:
    """A pool alone in the roll: every sequence, its discarded extremes taken out."""
    faces = list(range(1, sides + 1))
    places = {v: BITS * steps[v - 1] for v in faces}
    lowest, highest = ends
    assume(count > lowest + highest)
    expected = 0
    for values in product(faces, repeat=count):
        ordered = sorted(values)
        kept = ordered[lowest : count - highest]
        expected += 1 << (BITS * 4 + sum(places[v] for v in kept))
    assert kept_sum(count, places, 1 << (BITS * 4), lowest, highest) == expected


@settings(max_examples=80, deadline=None)
@given(
    places=st.lists(st.integers(0, 40), min_size=1, max_size=8),
    packed=st.integers(1, 1 << 200),
)
def test_faces_summed_by_runs_as_one_by_one(places: list[int], packed: int) -> None:
    """The faces' sum by evenly spaced runs (doubling) is the sum face by face, with
    flipped faces off the run and faces that share a place (flips make two faces show
    the same value)."""
    steps = tuple(sorted(place - min(places) for place in places))
    runs = face_runs(steps)
    assert sorted(first + j * spacing for first, spacing, n in runs for j in range(n)) == list(
        steps
    )
    assert times_faces(packed, runs) == sum(packed << step for step in steps)


@settings(max_examples=60, deadline=None)
@given(
    places=st.lists(st.integers(-30, 30), min_size=1, max_size=7),
    packed=st.integers(1, 1 << 100),
)
def test_moved_sum_is_the_sum_of_moved_copies(places: list[int], packed: int) -> None:
    """Places below 0 cut off bits the callers keep zero (their lifts)."""
    lifted = packed << (8 * 30)
    expected = sum(
        lifted << (8 * place) if place >= 0 else lifted >> (-8 * place) for place in places
    )
    assert moved_sum(lifted, places, 8) == expected


def test_faces_in_one_run_are_one_run() -> None:
    assert face_runs((0, 54, 108, 162, 216, 270)) == ((0, 54, 6),)
    # Flips 1 and 6 move the end faces off the run of the middle four.
    assert face_runs((0, 53, 107, 161, 215, 268)) == ((0, 268, 2), (53, 54, 4))


def test_two_dice_at_both_ends_are_left_to_the_caller() -> None:
    assert regular_extremes(5, {v: 16 * v for v in range(1, 7)}, 1, 1, 2) is None


def _boosted(codes: list[str], advantage: int, most_extra: int) -> st.SearchStrategy[RollSpec]:
    return st.builds(
        RollSpec,
        code=st.sampled_from(codes),
        advantage=st.just(advantage),
        wild_dice=st.integers(0, 1),
        critical_failure=st.sampled_from(["complication", "zero", "drop_highest"]),
        boost=st.integers(0, most_extra),
        penalty=st.integers(0, most_extra),
        flips=st.frozensets(st.integers(1, 4), max_size=2),
        sides=st.just(4),
        count_successes=st.booleans(),
    )


# Advantage rolls the set twice: the exhaustive reference enumerates both, so those pools
# stay small (4D, Boost 2 and Advantage was 4^12 sequences: past pytest-timeout's two
# minutes under pytest -n 8 on two cores).
boosted = st.one_of(
    _boosted(["3D", "4D", "3D+1"], advantage=0, most_extra=2),
    _boosted(["2D", "2D+1"], advantage=1, most_extra=1),
)


@settings(max_examples=20, deadline=None)
@given(boosted)
def test_boost_and_penalty_on_pools_beyond_the_extremes(spec: RollSpec) -> None:
    """More regular dice than Boost/Penalty dice: the states come from ``extremes``."""
    assert_matches_enumeration(spec, 8)


def test_a_kept_distribution_is_a_new_dict_each_time() -> None:
    """The last distributions are cached; a caller changing its dict changes no other."""
    spec = RollSpec(code="3D+1", penalty=1)
    first = distribution(spec)
    first[999] = 1.0
    assert 999 not in distribution(spec)
    assert distribution(spec) == distribution(RollSpec(code="3D+1", penalty=1))


chained = st.builds(
    RollSpec,
    code=st.sampled_from(["2D", "3D", "2D+1"]),
    wild_dice=st.integers(2, 4),
    critical_failure=st.just("drop_highest"),  # chains that leave the roll, and
    advantage=st.integers(0, 1),
    penalty=st.integers(1, 2),  # chains that Penalty discards
    flips=st.frozensets(st.integers(1, 4), max_size=2),
    sides=st.sampled_from([4, 6]),
    count_successes=st.booleans(),
)


def _a_few_weights(spec: RollSpec, seed: int, chains: int) -> tuple[DiceModel, Packer, int]:
    """The narrower model of ``spec``, a packing with room for ``chains`` chains, and a few
    small weights where a set's dice could be: rows of a, b inside the span."""
    model = min((DiceModel(spec, lam) for lam in (1, 0)), key=lambda m: m.b_range()[1])
    low, span = model.b_range()
    packer = Packer(width_for(model.sides ** (8 + model.depth * chains)), span)
    rng = random.Random(seed)
    packed = sum(
        packer.monomial(rng.randrange(model.rows), rng.randrange(-low, -low + 3), rng.randint(1, 9))
        for _ in range(6)
    )
    return model, packer, packed


@settings(max_examples=40, deadline=None)
@given(chained, st.integers(0, 2**64), st.integers(2, 4), st.integers(0, 1), st.integers(0, 3))
def test_ordered_chains_match_the_chains_placed_in_order(
    spec: RollSpec, seed: int, count: int, dropped: int, discards: int
) -> None:
    """Two to four exploded Wild Dice, the highest dropped, the next discarded (R3 steps
    3 and 5): the closed form against placing every chain value in order, on a random
    polynomial."""
    discards = min(discards, count - dropped)
    model, packer, packed = _a_few_weights(spec, seed, count)
    expected = in_order(model, packer, packed, count, dropped, discards)
    found = ordered_chains(model, packer, packed, count, dropped, discards)
    assert_cut_at_the_limit(found, expected, model, packer)


@settings(max_examples=60, deadline=None)
@given(st.integers(8, 64).map(lambda n: 8 * n), st.lists(st.integers(0, 2**40), max_size=300))
def test_a_rows_weight_is_the_sum_of_its_coefficients(width: int, weights: list[int]) -> None:
    """The Advantage weighting (R3 step 4) reads each row's weight by folding halves,
    with its masks made anew or kept from rows before (some of them shared)."""
    row = sum(w << (width * i) for i, w in enumerate(weights))
    count = max(len(weights), 1)
    assert coefficient_sum(row, width, count) == sum(weights)
    masks: dict[int, int] = {}
    for cut in (count, count // 2 or 1, count):
        part = row & ((1 << (width * cut)) - 1)
        assert coefficient_sum_masked(part, width, cut, masks) == sum(weights[:cut])


@settings(max_examples=30, deadline=None)
@given(chained, st.integers(0, 2**64), st.integers(0, 1))
def test_a_chain_below_a_dropped_one_matches_the_chains_placed_in_order(
    spec: RollSpec, seed: int, discards: int
) -> None:
    """Two exploded Wild Dice, the higher one dropped (R3 step 3), the lower kept or
    discarded by Penalty (step 5): the two geometric sums against placing every chain
    value in order, on a random polynomial."""
    model, packer, packed = _a_few_weights(spec, seed, 2)
    expected = in_order(model, packer, packed, 2, 1, discards)
    found = with_chains(model, packer, packed, 2, 1, discards)
    assert_cut_at_the_limit(found, expected, model, packer)


@settings(max_examples=30, deadline=None)
@given(chained, st.integers(0, 2**64), st.integers(1, 3))
def test_kept_chains_moved_down_to_their_first_row_are_the_same_chains(
    spec: RollSpec, seed: int, count: int
) -> None:
    """Exploded Wild Dice that stay in the roll (R3 step 3), multiplied into a polynomial
    handed over with its zero rows below cut off (``low``, room left for last faces that
    move down): the chains placed in order, once moved back (rows from ``model.a_rows``
    on may be left out: the limit moves with the polynomial)."""
    model, packer, packed = _a_few_weights(spec, seed, 4)
    expected = in_order(model, packer, packed, count, 0, 0)
    first = ((packed & -packed).bit_length() - 1) // packer.width
    guard = count * max(0, -min(chain_faces(model, packer)[1]))
    cut = max(0, first - guard)
    found = with_chains(model, packer, packed >> (cut * packer.width), count, 0, 0, cut)
    assert_cut_at_the_limit(shifted(found, cut * packer.width), expected, model, packer)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(-64, 4000), st.integers(0, 2**300)), max_size=40))
def test_placed_sum_adds_every_part_at_its_place(parts: list[tuple[int, int]]) -> None:
    """The Boost/Penalty moves (R3 step 5) are added by neighbours first: the same sum as
    adding every part in turn (a negative place cuts off the lowest bits)."""
    low = min((bits for bits, _ in parts), default=0)
    whole = sum(packed << (bits - low) for bits, packed in parts)
    expected = whole << low if low >= 0 else whole >> -low
    assert placed_sum(parts) == expected


@pytest.mark.parametrize(
    "spec",
    [
        # Flips 1 and 6 beside Advantage: b moves in fives, the tables of moves serve.
        RollSpec(code="9D+1", advantage=1, boost=2, flips=frozenset({1, 6})),
        RollSpec(code="8D", wild_dice=2, disadvantage=1, penalty=3, flips=frozenset({6})),
        RollSpec(
            code="7D",
            advantage=1,
            boost=1,
            critical_failure="drop_highest",
            flips=frozenset({1, 6}),
        ),
    ],
)
def test_boost_and_penalty_states_move_alone_or_by_move_alike(
    spec: RollSpec, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R3 steps 4 and 5: a short state moves on its own, a long one joins a sum per move;
    every state either way gives the same counts, bit for bit."""
    found = []
    for short in (0, 10**9):  # every state alone, then every state by move
        monkeypatch.setattr(extra_dice, "_SHORT", short)
        _cached.cache_clear()
        found.append(distribution(spec))
    _cached.cache_clear()
    assert found[0] == found[1]
    assert abs(sum(found[0].values()) - 1.0) < 1e-12


@pytest.mark.parametrize(
    "spec",
    [
        RollSpec(code="6D+1", disadvantage=1, boost=3, flips=frozenset({4, 5})),
        RollSpec(code="5D", wild_dice=2, disadvantage=1, penalty=3),
        RollSpec(code="4D", wild_dice=3, advantage=1, penalty=2, critical_failure="zero"),
        RollSpec(code="5D+1", luck=True, boost=2, critical_failure="drop_highest"),
        RollSpec(code="3D", wild_dice=2, penalty=3, critical_failure="drop_highest"),
        RollSpec(code="2D", advantage=1, penalty=3, flips=frozenset({1, 3})),
        RollSpec(code="1D", wild_dice=1, disadvantage=1, boost=3),
    ],
)
def test_extra_dice_one_at_a_time_match_the_table_of_every_landing(
    spec: RollSpec, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R3 step 5: the extra dice added one at a time, the most extreme value discarded
    with each of the last ones, give the states that every landing of them at once does
    (chains Penalty takes first, ``drop_highest``, pools shorter than the discard)."""
    seen = extra_dice_both_ways(spec, monkeypatch)
    assert seen
    for step, one_at_a_time, by_tables in seen:
        assert step == 1  # where ``extra_dice`` takes the dice one at a time
        assert one_at_a_time == by_tables


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(1, 8), min_size=2, max_size=8),
    st.integers(1, 3),
    st.booleans(),
    st.integers(0, 3),
    st.lists(st.integers(1, 8), max_size=3),
)
def test_moves_of_the_extra_dice_match_every_landing(
    shown: list[int], extras: int, boost: bool, chains: int, values: list[int]
) -> None:
    """R3 step 5: the moves counted die by die (a running selection) are those of every
    ordered landing of the extra dice, the discard taking the most extreme values of the
    set's extremes and the extra dice together (Penalty: after the chains it took)."""
    sides = len(shown)
    xs = tuple(shown)
    lowest, highest = (extras, 0) if boost else (0, extras)
    chain_discards = 0 if boost else min(chains, extras)
    plain = lowest or highest - chain_discards
    kept = tuple(sorted(min(v, sides) for v in values[:plain]))
    sign = 1 if boost else -1
    expected: dict[int, int] = defaultdict(int)
    for landing in product(range(1, sides + 1), repeat=extras):
        pool = sorted([sign * v for v in kept] + [sign * v for v in landing])
        gone = sum(xs[sign * v - 1] for v in pool[:plain])
        expected[sum(xs[v - 1] for v in landing) - gone] += 1
    found = dict(extra_dice._moves(xs, lowest, highest, kept, chain_discards))
    assert found == {move: ways for move, ways in expected.items() if ways}


@given(st.integers(0, 2**300), st.integers(-64, 64))
def test_a_shift_by_nothing_is_the_polynomial_itself(packed: int, bits: int) -> None:
    """A move by 0 places returns the polynomial itself (no copy); others shift."""
    low = packed >> max(0, -bits) << max(0, -bits)  # bits a move down cuts off are zero
    assert shifted(low, bits) == (low << bits if bits >= 0 else low >> -bits)
    assert shifted(packed, 0) is packed


@given(st.integers(0, 2**300), st.integers(0, 2**300), st.sampled_from(["a", "b"]))
def test_sums_that_skip_a_copy_are_sums(total: int, packed: int, key: str) -> None:
    """A sum that starts from nothing takes the first part itself (no copy): still a sum."""
    assert plus(total, packed) == total + packed
    sums = {"a": total}
    add_to(sums, key, packed)
    assert sums == ({"a": total + packed} if key == "a" else {"a": total, "b": packed})


@settings(max_examples=80, deadline=None)
@given(st.integers(-(2**200), 2**200), st.integers(1, 40), st.integers(0, 12))
def test_chunks_are_the_twos_complement_cut_and_join_back(
    packed: int, bits: int, more: int
) -> None:
    """A packed polynomial cut into chunks of ``bits`` bits (as its signed bytes would be
    cut), and non-negative chunks joined back into the whole."""
    count = (abs(packed).bit_length() + 1) // bits + 1 + more  # room for the sign
    raw = packed.to_bytes(count * bits, "little", signed=True)  # a byte per bit: room
    whole = int.from_bytes(raw, "little") & ((1 << (count * bits)) - 1)
    expected = [(whole >> (k * bits)) & ((1 << bits) - 1) for k in range(count)]
    found = chunks(packed, count, bits)
    assert found == expected
    assert joined(found, bits) == whole
    assert joined([], bits) == 0


@settings(max_examples=120, deadline=None)
@given(
    st.sampled_from([1, 2, 3]),
    st.lists(st.sampled_from([b"\0", b"\1", b"\xff"]), max_size=40),
    st.integers(0, 12),
    st.integers(0, 12),
    st.integers(-2, 14),
)
def test_zero_coefficients_are_counted_from_a_rows_start_whatever_the_guess(
    size: int, pieces: list[bytes], begin: int, count: int, guess: int
) -> None:
    """The zero coefficients a row begins with (R3 step 4 reads each row from its first
    count): the same whether the guess, the row before's count, is right or not."""
    raw = b"".join(pieces)
    begin = min(begin, len(raw))
    count = min(count, (len(raw) - begin) // size)
    zeros = memoryview(bytes(count * size))
    cut = [raw[begin + k * size : begin + (k + 1) * size] for k in range(count)]
    expected = next((k for k, piece in enumerate(cut) if any(piece)), count)
    assert zero_coefficients(raw, zeros, begin, count, size, guess) == expected


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([8, 16, 24]), st.lists(st.integers(0, 2**8 - 1), max_size=12))
def test_a_rows_halves_hold_its_even_and_odd_coefficients(width: int, weights: list[int]) -> None:
    """R3 step 4: a row split into its even and odd coefficients, each twice as wide."""
    weights = [w % (1 << width) for w in weights]
    size = width // 8
    row = sum(w << (width * j) for j, w in enumerate(weights))
    mask = int.from_bytes((b"\xff" * size + b"\0" * size) * (len(weights) // 2 + 1), "little")
    even, odd = _halves(row, width, mask)
    assert even == sum(w << (2 * width * i) for i, w in enumerate(weights[::2]))
    assert odd == sum(w << (2 * width * i) for i, w in enumerate(weights[1::2]))


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 2**300),
    st.lists(st.tuples(st.integers(-20, 20), st.integers(1, 30)), min_size=1, max_size=16),
)
def test_a_state_times_each_weight_of_its_moves(state: int, moves: list[tuple[int, int]]) -> None:
    """R3 step 5: a state times every weight its Boost/Penalty moves carry, each once."""
    times = extra_dice._multiples(state, tuple(moves))
    assert times == {weight: state * weight for _, weight in moves}


def _levels_added(poly: int, bits: int, ratio: int, low: int, high: int) -> int:
    """A chain's levels low..high one by one: level n is ``poly`` moved ``bits * n`` up,
    times ratio**(high - n) (the reference for ``_geometric``)."""
    return sum(ratio ** (high - n) * (poly << bits * n) for n in range(low, high + 1))


@settings(max_examples=80, deadline=None)
@given(
    st.integers(0, 2**200),
    st.integers(0, 40),
    st.integers(1, 300),
    st.integers(0, 3),
    st.integers(0, 25),
    st.integers(1, 8),
)
def test_a_chain_levels_geometric_sum_is_the_sum_of_its_terms(
    poly: int, places: int, ratio: int, low: int, extra: int, size: int
) -> None:
    """R3 step 3: a Wild Die chain's levels, summed by halves, are every level added."""
    high = low + extra
    expected = _levels_added(poly, places * size * 8, ratio, low, high)
    assert _geometric(poly, places, ratio, low, high, size) == expected


@settings(max_examples=80, deadline=None)
@given(
    st.integers(-(2**200), 2**200),
    st.integers(1, 40),
    st.integers(1, 300),
    st.integers(0, 3),
    st.integers(0, 25),
    st.integers(1, 8),
    st.integers(-64, 6000),
)
def test_a_chain_levels_geometric_sum_cut_at_a_limit_is_the_sum_below_it(
    poly: int, places: int, ratio: int, low: int, extra: int, size: int, limit: int
) -> None:
    """R3 step 3 with the rows from ``model.a_rows`` on left out: the sum modulo
    2**limit, signed polynomials too (``top_discarded`` sums signed ones)."""
    high = low + extra
    expected = _levels_added(poly, places * size * 8, ratio, low, high)
    found = _geometric(poly, places, ratio, low, high, size, 0, limit)
    assert (found - expected) % (1 << max(limit, 0)) == 0


@settings(max_examples=120, deadline=None)
@given(
    st.integers(-(2**200), 2**200),
    st.integers(0, 700),
    st.integers(1, 40),
    st.integers(1, 300),
    st.integers(0, 25),
    st.integers(1, 8),
    st.integers(1, 6000),
)
def test_a_signed_chain_levels_geometric_sum_cut_at_a_limit_is_the_sum_below_it(
    poly: int, zeros: int, places: int, ratio: int, high: int, size: int, limit: int
) -> None:
    """R3 step 3 as ``top_discarded`` sums its signed y's (zeros at the bottom may
    leave a term fewer below the limit): the sum from level 0, modulo 2**limit."""
    poly <<= zeros
    expected = _levels_added(poly, places * size * 8, ratio, 0, high)
    found = _signed_geometric(poly, places, ratio, high, size, limit)
    assert (found - expected) % (1 << limit) == 0


three_chains = st.builds(
    RollSpec,
    code=st.sampled_from(["3D", "4D", "3D+1"]),
    wild_dice=st.just(3),
    advantage=st.integers(0, 1),
    penalty=st.just(1),
    flips=st.frozensets(st.integers(1, 4), max_size=2),
    sides=st.sampled_from([4, 6]),
    count_successes=st.booleans(),
)


@settings(max_examples=25, deadline=None)
@given(three_chains, st.integers(0, 2**64), st.integers(0, 1))
def test_three_chains_the_highest_discarded_match_the_chains_placed_in_order(
    spec: RollSpec, seed: int, lam: int
) -> None:
    """One, two and three exploded Wild Dice beside Penalty 1 (R3 steps 3 and 5): the
    highest chain is discarded, the others count. The three geometric sums and the
    division by (s - T)**2 against placing every chain value in order, on random
    polynomials (each times the scale of the Wild Dice that did not explode), each
    count alone and all together, moved down to their lowest coefficient, and handed
    over in a packing just wide enough for their own counts (``set_room``)."""
    model = DiceModel(spec, lam)
    low, span = model.b_range()
    packer = Packer(width_for(model.sides ** (8 + model.depth * 3) * headroom(model)), span)
    assume(fits_top_discarded(model, packer))
    rng = random.Random(seed)
    spots = {
        count: [
            (rng.randrange(model.rows), rng.randrange(-low, -low + 3), rng.randint(1, 9))
            for _ in range(4)
        ]
        for count in (1, 2, 3)
    }
    parts = {count: sum(packer.monomial(*spot) for spot in spots[count]) for count in spots}
    expected = {
        count: in_order(model, packer, packed * model.scale ** (3 - count), count, 0, 1)
        for count, packed in parts.items()
    }
    for count, packed in parts.items():
        found = top_discarded(model, packer, {count: packed})
        assert_cut_at_the_limit(found, expected[count], model, packer)
    whole = sum(expected.values())
    assert_cut_at_the_limit(top_discarded(model, packer, parts), whole, model, packer)
    # Each part handed over with its zeros below cut off (``lows``): the same sum.
    lows = {
        count: ((packed & -packed).bit_length() - 1) // packer.width
        for count, packed in parts.items()
    }
    cut = {count: packed >> (packer.width * lows[count]) for count, packed in parts.items()}
    assert_cut_at_the_limit(top_discarded(model, packer, cut, lows), whole, model, packer)
    # The same in a narrow packing: every count under 2**7 (12 weights of at most 9).
    narrow = Packer(width_for(2**7 * set_room(model)), span)
    assert narrow.width < packer.width
    narrowed = {
        count: sum(narrow.monomial(0, a * span + b - lows[count], w) for a, b, w in spots[count])
        for count in spots
    }
    found = top_discarded(model, packer, narrowed, lows, narrow)
    assert_cut_at_the_limit(found, whole, model, packer)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(-(2**23) + 1, 2**23 - 1), max_size=40),
    st.lists(st.integers(-(2**23) + 1, 2**23 - 1), max_size=40),
    st.sampled_from([(24, 32), (24, 48), (24, 240)]),
)
def test_widened_signed_polynomials_keep_every_coefficient(
    first: list[int], second: list[int], widths: tuple[int, int]
) -> None:
    """Signed coefficients moved to a wider packing (``top_discarded``'s y's): the same
    polynomials, whatever the signs of their highest coefficients."""
    source, target = widths

    def packed(coefficients: list[int], width: int) -> int:
        return sum(c << (width * i) for i, c in enumerate(coefficients))

    found = widened_signed([packed(first, source), packed(second, source)], source, target)
    assert found == [packed(first, target), packed(second, target)]


@given(st.integers(0, 2**16 - 1), st.sampled_from([16, 24, 40]), st.integers(0, 70))
def test_a_value_repeated_in_every_coefficient(value: int, width: int, count: int) -> None:
    assert repeated(value, width, count) == sum(value << (width * i) for i in range(count))


def assert_cut_at_the_limit(found: int, expected: int, model: DiceModel, packer: Packer) -> None:
    """``found`` is ``expected`` in every row of ``a`` below ``model.a_rows``, and no
    coefficient above holds more than ``expected``'s (rows there may be left out)."""
    limit = chains._limit(model, packer)
    if limit is None:
        assert found == expected
        return
    mask = (1 << limit) - 1
    assert found & mask == expected & mask
    every = dict(packer.coefficients(expected))
    assert all(weight <= every.get(index, 0) for index, weight in packer.coefficients(found))


def assert_close_to_the_whole(cut: dict[int, float], whole: dict[int, float]) -> None:
    """The rows left out at ``model.a_rows`` move no total by more than the tail
    allowance, nor the sum (``model.cut_rows``)."""
    assert set(cut) <= set(whole)
    assert all(abs(cut.get(total, 0.0) - p) < TAIL for total, p in whole.items())
    assert abs(sum(cut.values()) - sum(whole.values())) < TAIL


# The slowest set-ups of bench/odds_scan.py (issue 17), at small dice counts.
THREE_WILD_PENALTY_1 = [
    RollSpec(
        code="4D+1",
        wild_dice=3,
        luck=True,
        disadvantage=1,
        penalty=1,
        flips=frozenset({1}),
        critical_failure="zero",
    ),
    RollSpec(code="5D", wild_dice=3, disadvantage=1, penalty=1, flips=frozenset({5})),
    RollSpec(
        code="4D",
        wild_dice=3,
        disadvantage=1,
        penalty=1,
        flips=frozenset({2, 5}),
        critical_failure="zero",
    ),
    RollSpec(code="3D+1", wild_dice=3, disadvantage=1, penalty=1),
    RollSpec(
        code="3D+1",
        wild_dice=3,
        advantage=1,
        penalty=1,
        flips=frozenset({1, 3}),
        critical_failure="drop_highest",
    ),
    RollSpec(code="4D", wild_dice=3, penalty=1, flips=frozenset({1}), count_successes=True),
]


@pytest.mark.parametrize("spec", THREE_WILD_PENALTY_1)
def test_three_chains_beside_penalty_1_count_as_ordered_chains_do(
    spec: RollSpec, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R3 steps 3-5: the whole distribution with the chains of one to three exploded
    Wild Dice summed together by ``top_discarded`` is the one the chains folded into the
    Advantage weights (one or two) and ``ordered_chains`` (three) give, bit for bit."""
    taken: list[int] = []

    def counted(*args: object) -> int:
        taken.append(1)
        return chains.top_discarded(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(die_by_die, "top_discarded", counted)
    _cached.cache_clear()
    cut = distribution(spec)
    # Every row of the chains, none cut at ``model.a_rows``: the two ways to the bit.
    monkeypatch.setattr(chains, "_limit", lambda *_: None)
    _cached.cache_clear()
    new = distribution(spec)
    assert taken
    monkeypatch.setattr(die_by_die, "top_discarded_applies", lambda *_: False)
    monkeypatch.setattr(chains, "fits_top_discarded", lambda *_: False)
    _cached.cache_clear()
    old = distribution(spec)
    _cached.cache_clear()
    assert new == old
    assert abs(sum(new.values()) - 1.0) < 1e-12
    assert_close_to_the_whole(cut, new)


@pytest.mark.parametrize(
    "spec",
    [
        RollSpec(code="3D", wild_dice=3, penalty=1, sides=4),
        RollSpec(
            code="3D",
            wild_dice=3,
            penalty=1,
            sides=4,
            flips=frozenset({1}),
            critical_failure="zero",
        ),
    ],
)
def test_three_chains_beside_penalty_1_match_every_roll(spec: RollSpec) -> None:
    """R3 steps 3 and 5 against the exhaustive enumeration: every Wild Die explodes
    within nine faces."""
    assert_matches_enumeration(spec, 9)


@pytest.mark.parametrize(
    "spec",
    [
        RollSpec(code="4D", wild_dice=3, advantage=1, boost=2, flips=frozenset({2, 5})),
        RollSpec(code="5D", wild_dice=3, disadvantage=1, penalty=1, flips=frozenset({5})),
        RollSpec(code="4D+1", wild_dice=3, advantage=1, penalty=2, critical_failure="drop_highest"),
        RollSpec(
            code="3D", wild_dice=2, disadvantage=1, penalty=1, critical_failure="drop_highest"
        ),
        RollSpec(code="4D", wild_dice=2, advantage=1, count_successes=True),
        RollSpec(code="3D+2", wild_dice=4, advantage=1, penalty=3, sides=4),
    ],
    ids=str,
)
def test_rows_cut_at_the_limit_move_no_total_past_the_tail(
    spec: RollSpec, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R3 steps 3-5 with two or more Wild Dice and Advantage/Disadvantage: the chains
    summed only below ``model.a_rows`` against every row of them."""
    assert DiceModel(spec, 0).a_rows is not None
    _cached.cache_clear()
    cut = distribution(spec)
    monkeypatch.setattr(chains, "_limit", lambda *_: None)
    _cached.cache_clear()
    whole = distribution(spec)
    _cached.cache_clear()
    assert_close_to_the_whole(cut, whole)
    assert abs(sum(cut.values()) - 1.0) < 1e-12


@pytest.mark.parametrize("sides", [4, 6, 8])
@pytest.mark.parametrize("wild", [2, 3, 5])
@pytest.mark.parametrize("plain", [0, 12])
def test_the_rows_cut_weigh_under_the_tail(sides: int, wild: int, plain: int) -> None:
    """R3 step 3: the sum of a set's dice as the model weighs them (chains to ``depth``
    rolls), counted exactly (a convolution): the rows from ``model.a_rows`` on weigh,
    with what ``depth`` leaves out, under half the tail."""
    spec = RollSpec(code=f"{wild + plain}D", wild_dice=wild, advantage=1, sides=sides)
    model = DiceModel(spec, 0)
    s, depth = sides, model.depth
    rows = model.a_rows
    assert rows is not None and rows == cut_rows(s, model.pool, wild, depth, model.left_out)
    ways = sum_of_dice([[0] + [1] * s] * plain + [wild_die_ways(s, depth)] * wild)
    whole = s ** (plain + depth * wild)
    left = whole - sum(ways)  # what ``depth`` leaves out
    assert rows < len(ways)  # the cut cuts
    assert (sum(ways[rows:]) + left) / whole < TAIL / 2


@pytest.mark.parametrize("sides", [4, 6, 8])
@pytest.mark.parametrize("wild", [0, 1, 2, 3])
@pytest.mark.parametrize("regular", [47, 59])
def test_the_regular_dice_rows_cut_weigh_with_the_rest_under_the_tail(
    sides: int, wild: int, regular: int
) -> None:
    """R3 step 4: the regular dice's own total outside ``model.plain_rows``, counted
    exactly (a convolution), weighs with what ``depth`` leaves out and the chains' rows
    from ``model.a_rows`` on (``cut_rows``) under half the tail: a set leaves out under
    TAIL / 2, both sets under TAIL."""
    spec = RollSpec(code=f"{wild + regular}D", wild_dice=wild, advantage=1, sides=sides)
    model = DiceModel(spec, 0)
    s, depth = sides, model.depth
    assert model.plain_rows is not None  # the cut cuts
    low, high = model.plain_rows
    plain = sum_of_dice([[0] + [1] * s] * regular)
    assert regular < low and high <= s * regular
    # The high end, twice: with Advantage the low end is cut higher, where its sets are
    # rarely kept (tests/sheets/test_odds_kept_set_cuts.py), within the same share.
    cut = 2 * sum(plain[high:]) / s**regular
    chain = wild_die_ways(s, depth)  # a Wild Die's value v weighs chain[v] of s**depth
    whole = s**depth
    left = wild * (whole - sum(chain)) / whole  # what ``depth`` leaves out, at most
    rows = model.a_rows
    if rows is not None:
        ways = sum_of_dice([plain] + [chain] * wild)
        cut += sum(ways[rows:]) / (s**regular * whole**wild)
    assert cut + left < TAIL / 2


LARGE_POOLS = [
    RollSpec(code="30D+1", luck=True, penalty=3, advantage=1, flips=frozenset({1, 6})),
    RollSpec(
        code="24D",
        wild_dice=2,
        luck=True,
        advantage=1,
        penalty=2,
        flips=frozenset({6}),
        critical_failure="zero",
    ),
    RollSpec(
        code="18D+1",
        luck=True,
        disadvantage=1,
        boost=2,
        flips=frozenset({1, 5}),
        critical_failure="drop_highest",
    ),
    RollSpec(code="20D", wild_dice=3, luck=True, disadvantage=1, penalty=1),
    RollSpec(code="40D", advantage=1, boost=1, sides=4),
]


@pytest.mark.parametrize("spec", LARGE_POOLS, ids=str)
def test_regular_dice_rows_cut_move_no_total_past_the_tail(
    spec: RollSpec, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R3 step 4 on pools of 40 to 60 dice: the regular dice's rows kept only within
    ``model.plain_rows`` against every row of them."""
    assert DiceModel(spec, 0).plain_rows is not None
    _cached.cache_clear()
    cut = distribution(spec)
    monkeypatch.setattr(DiceModel, "plain_rows", property(lambda _: None))
    _cached.cache_clear()
    whole = distribution(spec)
    _cached.cache_clear()
    assert cut != whole  # rows were left out
    assert_close_to_the_whole(cut, whole)
    assert abs(sum(cut.values()) - 1.0) < 1e-12
