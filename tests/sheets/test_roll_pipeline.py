"""R3: the roll pipeline, step by step, with dice the test writes down.

Dice are asked for in a fixed order: the first set (Wild Dice first, each chain to its
end, then the other dice), the second set for Advantage/Disadvantage, then Boost or
Penalty dice."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheets.dice import (
    CHAIN_CAP,
    RollSpec,
    action_point_dice,
    action_point_reroll,
    character_point,
    roll,
    roll_seeded,
)
from tests.dice_helpers import ScriptedDice


def scripted(spec: RollSpec, *faces: int):  # type: ignore[no-untyped-def]
    dice = ScriptedDice(faces)
    result = roll(spec, dice)
    assert not dice.faces, "the roll used fewer dice than scripted"
    return result


def test_plain_roll_adds_pips() -> None:
    result = scripted(RollSpec(code="3D+2"), 4, 2, 5)
    assert result.total == 13
    assert [d.kind for d in result.dice] == ["wild", "regular", "regular"]


def test_luck_doubles_dice_not_pips() -> None:
    # R3 step 1
    result = scripted(RollSpec(code="2D+1", luck=True), 3, 3, 3, 3)
    assert result.total == 13
    assert [d.kind for d in result.dice] == ["wild", "regular", "luck", "luck"]


def test_wild_die_explodes_while_it_shows_six() -> None:
    # R3 step 3
    result = scripted(RollSpec(code="2D"), 6, 6, 2, 4)
    assert result.dice[0].faces == (6, 6, 2)
    assert result.total == 18


def test_wild_chain_is_capped_at_one_hundred_rolls() -> None:
    # R3 step 3 ruling
    result = scripted(RollSpec(code="1D"), *([6] * CHAIN_CAP))
    assert len(result.dice[0].faces) == CHAIN_CAP
    assert result.total == 6 * CHAIN_CAP


def test_wild_dice_clamped_to_the_pool() -> None:
    # R3 step 2: W is clamped to 0..N
    assert RollSpec(code="2D", wild_dice=5).wild_count == 2
    assert RollSpec(code="2D", wild_dice=-1).wild_count == 0
    result = scripted(RollSpec(code="2D", wild_dice=0), 6, 1)
    assert result.total == 7 and not result.critical_failure


@pytest.mark.parametrize(
    ("rule", "total", "dropped"),
    [
        ("complication", 1 + 5 + 3, [None, None, None]),
        ("zero", 5 + 3, ["critical", None, None]),
        ("drop_highest", 3, ["critical", "critical_highest", None]),
    ],
)
def test_critical_failure_rules(rule: str, total: int, dropped: list[str | None]) -> None:
    # R3 step 3 setting
    result = scripted(RollSpec(code="3D", critical_failure=rule), 1, 5, 3)  # type: ignore[arg-type]
    assert result.critical_failure
    assert result.total == total
    assert [d.dropped for d in result.dice] == dropped


def test_extra_wild_dice_explode_but_never_fail() -> None:
    # R3 step 3 ruling: only the first Wild Die can fail critically
    result = scripted(RollSpec(code="3D", wild_dice=3, critical_failure="zero"), 4, 1, 6, 2)
    assert not result.critical_failure
    assert result.dice[1].faces == (1,)
    assert result.dice[2].faces == (6, 2)  # an extra Wild Die explodes
    assert result.total == 4 + 1 + 8


def test_advantage_keeps_the_higher_set_ties_the_first() -> None:
    # R3 step 4
    spec = RollSpec(code="2D", advantage=1)
    higher_second = scripted(spec, 2, 2, 5, 5)
    assert higher_second.kept_set == 1 and higher_second.total == 10
    tie = scripted(spec, 3, 4, 5, 2)
    assert tie.kept_set == 0 and tie.set_totals == (7, 7)


def test_disadvantage_keeps_the_lower_set() -> None:
    result = scripted(RollSpec(code="2D", disadvantage=1), 5, 5, 2, 3)
    assert result.kept_set == 1 and result.total == 5


@pytest.mark.parametrize(
    ("advantage", "disadvantage", "sign"), [(2, 1, 1), (1, 1, 0), (1, 3, -1), (0, 0, 0)]
)
def test_advantage_instances_cancel_one_for_one(
    advantage: int, disadvantage: int, sign: int
) -> None:
    # R3 step 4 ruling
    spec = RollSpec(code="2D", advantage=advantage, disadvantage=disadvantage)
    assert spec.advantage_sign == sign


def test_advantage_compares_totals_after_the_critical_failure() -> None:
    # A die that left the roll takes no part in steps 4-6.
    spec = RollSpec(code="2D", advantage=1, critical_failure="zero")
    result = scripted(spec, 1, 6, 3, 3)  # first set: the Wild Die leaves, 6 remains
    assert result.set_totals == (6, 6) and result.kept_set == 0


def test_boost_discards_the_lowest() -> None:
    # R3 step 5: B2 + 3D -> roll 2 extra, discard the 2 lowest
    result = scripted(RollSpec(code="3D", boost=2), 4, 2, 5, 1, 6)
    assert result.total == 4 + 5 + 6
    assert [d.kind for d in result.dice if d.dropped] == ["regular", "boost"]


def test_penalty_discards_the_highest_including_a_whole_wild_chain() -> None:
    # R3 step 5 ruling: a Wild Die counts with its whole exploded total
    result = scripted(RollSpec(code="3D", penalty=1), 6, 3, 2, 4, 5)
    assert result.dice[0].dropped == "penalty"
    assert result.total == 2 + 4 + 5


def test_boost_and_penalty_cancel() -> None:
    spec = RollSpec(code="2D", boost=2, penalty=3)  # R3 step 5: B2 + P3 = P1
    assert spec.net_boost == -1
    result = scripted(spec, 3, 4, 6)
    assert result.total == 7


def test_boost_can_discard_a_critical_wild_die_and_its_failure() -> None:
    # R3 step 5 ruling; ties: the Wild Die leaves first (our ruling)
    result = scripted(RollSpec(code="2D", boost=1), 1, 1, 5)
    assert result.dice[0].dropped == "boost"
    assert not result.critical_failure
    assert result.total == 6


def test_boost_and_penalty_dice_are_never_wild() -> None:
    result = scripted(RollSpec(code="1D", boost=1, wild_dice=3), 2, 6)
    assert result.dice[-1].kind == "boost" and result.dice[-1].faces == (6,)
    assert result.dice[0].dropped == "boost" and result.total == 6


def test_flips_each_face_once_judged_on_the_rolled_value() -> None:
    # R3 step 6: F1 and F6 swap, but a flipped 1 does not flip back
    result = scripted(RollSpec(code="3D", flips=frozenset({1, 6})), 2, 1, 6)
    assert result.total == 2 + 6 + 1
    assert [d.flipped for d in result.dice] == [(False,), (True,), (True,)]


def test_each_face_of_a_wild_chain_flips_on_its_own() -> None:
    # R3 step 6 ruling: the explosion was already decided in step 3
    result = scripted(RollSpec(code="1D", flips=frozenset({6})), 6, 6, 3)
    assert result.dice[0].shown == (1, 1, 3)
    assert result.total == 5


def test_other_dice_flip_around_their_own_sides() -> None:
    result = scripted(RollSpec(code="2D", sides=20, flips=frozenset({20})), 7, 20)
    assert result.total == 7 + 1


def test_value_modifier_after_the_roll() -> None:
    assert scripted(RollSpec(code="2D+1", modifier=-3), 4, 4).total == 6  # R3 step 7


def test_success_counting_ignores_pips_and_counts_threes() -> None:
    # R3 success counting: 3+ is a success; a Wild Die 6 rolls again and counts on
    result = scripted(RollSpec(code="4D+2", count_successes=True), 6, 6, 4, 2, 3, 1)
    assert result.total == 3 + 1
    assert result.successes == result.total


def test_negative_codes_roll_nothing() -> None:
    assert scripted(RollSpec(code="-1D", modifier=2)).total == 2  # R1


def test_spec_rejects_bad_options() -> None:
    with pytest.raises(ValueError, match="F9"):
        RollSpec(code="3D", flips=frozenset({9}))
    with pytest.raises(ValueError, match="7"):
        RollSpec(code="3D", sides=7)
    with pytest.raises(ValueError, match="negative"):
        RollSpec(code="3D", boost=-1)
    with pytest.raises(ValueError, match="critical"):
        RollSpec(code="3D", critical_failure="explode")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="die code"):
        RollSpec(code="3X")  # type: ignore[arg-type]


def test_character_point_adds_a_die_after_the_roll() -> None:
    result = scripted(RollSpec(code="2D"), 3, 4)
    spent = character_point(result, ScriptedDice([5]))
    assert spent.total == 12
    assert spent.dice[-1].kind == "character_point"
    assert spent.spends == ("character_point",)


def test_action_point_adds_two_dice() -> None:
    result = scripted(RollSpec(code="2D", flips=frozenset({6})), 3, 4)
    spent = action_point_dice(result, ScriptedDice([6, 2]))
    assert spent.total == 7 + 1 + 2  # flips still apply to the check's dice
    assert [d.kind for d in spent.dice[-2:]] == ["action_point", "action_point"]


def test_action_point_reroll_keeps_the_better_and_logs_both() -> None:
    result = scripted(RollSpec(code="2D"), 1, 2)
    better = action_point_reroll(result, ScriptedDice([4, 5]))
    assert better.total == 9
    assert better.other_roll is not None and better.other_roll.total == 3
    worse = action_point_reroll(result, ScriptedDice([1, 1]))
    assert worse.total == 3 and worse.spends == ("action_point_reroll",)
    chosen = action_point_reroll(result, ScriptedDice([1, 1]), keep="new")
    assert chosen.total == 2


@given(st.integers(0, 2**63 - 1))
def test_a_seed_replays_the_roll_and_its_spends(seed: int) -> None:
    spec = RollSpec(code="4D+1", advantage=1, boost=1, flips=frozenset({2}))
    first = character_point(roll_seeded(spec, seed))
    again = character_point(roll_seeded(spec, seed))
    assert first == again


def test_log_marks_every_die() -> None:
    spec = RollSpec(code="3D", advantage=1, penalty=1, critical_failure="drop_highest")
    result = roll(spec, random.Random(4))
    kinds = {d.kind for d in result.dice}
    assert {"wild", "penalty"} <= kinds
    assert {d.set_index for d in result.dice} == {0, 1}
    assert result.total == sum(sum(d.shown) for d in result.counted)
