"""R4 effect menu, modifiers folded into the proposed roll, R5 kinds, R6 combined actions."""

from __future__ import annotations

import pytest

from sheets.dice import DieCode
from sheets.documents import CheckModifier
from sheets.encounter import (
    ChangeDuration,
    Check,
    CommandRefused,
    CreateCondition,
    Help,
    RemoveCondition,
    ShiftAttitude,
    SpendRanks,
)
from sheets.encounter.effects import EFFECT_MENU, menu
from sheets.results import Duration
from tests.encounter_helpers import names, small_engine


def test_menu_offers_what_the_ranks_buy() -> None:
    # R4: 1 rank buys the rank-1 list; 5 ranks everything.
    keys_1 = {o.key for o in menu(1)}
    assert {"effect_roll", "check_value", "boost", "advantage", "round"} <= keys_1
    assert "check_dice" not in keys_1
    assert {o.ranks for o in menu(3)} == {1, 2, 3}
    assert len(menu(5)) == len(EFFECT_MENU)
    assert not next(o for o in EFFECT_MENU if o.key == "ability").mechanical


def test_modifiers_fold_into_the_proposed_spec_with_their_sources() -> None:
    engine = small_engine(4, 3)
    engine.next_turn()
    engine.apply(
        CreateCondition(
            "a",
            name="+1D to Brawling",
            kind="cumulative",
            duration=Duration.END_OF_ENCOUNTER,
            modifier=CheckModifier(dice=1, skill="Brawling"),
        )
    )
    engine.apply(
        CreateCondition(
            "a",
            name="Aimed",
            kind="cumulative",
            duration=Duration.ONE_TURN,
            modifier=CheckModifier(value=2, advantage=1, single_check=True),
        )
    )
    engine.apply(
        CreateCondition(
            "a",
            name="Shaky",
            kind="cumulative",
            duration=Duration.ONE_TURN,
            modifier=CheckModifier(wild_dice=-1, penalty=1, purposes=["attack"]),
        )
    )
    spec, parts = engine.proposed_spec("a", "Brawling", purpose="attack")
    # Strength 3D + Brawling 1D+1 = 4D+1, +1D = 5D+1 (R1, R2).
    assert spec.code == DieCode(5, 1)
    assert (spec.modifier, spec.advantage, spec.wild_dice, spec.penalty) == (2, 1, 0, 1)
    assert [p.label for p in parts] == [
        "Strength 3D + Brawling 1D+1 = 4D+1",
        "+1D to Brawling",
        "Aimed",
        "Shaky",
    ]
    assert [p.consumed for p in parts] == [False, False, True, False]
    dodge, dodge_parts = engine.proposed_spec("a", "Dodge", purpose="defence")
    assert dodge.code == DieCode(3) and dodge.modifier == 2  # only Aimed matches
    assert len(dodge_parts) == 2


def test_a_single_check_modifier_is_used_up_by_the_check() -> None:
    engine = small_engine(4, 3)
    engine.next_turn()
    engine.apply(
        CreateCondition(
            "a",
            name="B1",
            kind="cumulative",
            duration=Duration.ONE_TURN,
            modifier=CheckModifier(boost=1, single_check=True),
        )
    )
    record = engine.apply(Check("a", "Brawling", difficulty=10, seed=3))
    assert "B1" in record.outcome.text
    assert "B1" not in names(engine, "a")
    assert engine.proposed_spec("a", "Brawling")[0].boost == 0


def test_spending_ranks_on_modifiers_actions_and_points() -> None:
    engine = small_engine(4, 3)
    engine.next_turn()
    check = engine.apply(Check("a", "Brawling", difficulty=0, total=30))  # 30 points: rank 6
    check_id = check.outcome.check_id
    assert check_id is not None and check.outcome.ranks == 6
    engine.apply(SpendRanks(check_id, "check_dice", target="b", sign=-1))
    engine.apply(SpendRanks(check_id, "bonus_action", target="a"))
    engine.apply(SpendRanks(check_id, "wild_die", target="a"))
    engine.apply(SpendRanks(check_id, "advantage", target="a"))
    assert engine.ranks_left(check_id) == 0
    with pytest.raises(CommandRefused, match="costs 1 rank"):
        engine.apply(SpendRanks(check_id, "boost", target="a"))
    assert engine.proposed_spec("b", "Dodge")[0].code == DieCode(2)  # -1D on one check
    engine.next_turn()
    engine.next_turn()  # round 2: the action effects apply (R4 "next round")
    assert engine.actions_left("a") == (1, 2)
    engine.next_turn()
    engine.next_turn()  # round 3: gone, and the -1D ended with round 2
    assert engine.actions_left("a") == (1, 1)
    assert engine.proposed_spec("b", "Dodge")[0].code == DieCode(3)


def test_action_point_effect_and_only_one_effect_roll() -> None:
    engine = small_engine(4, 3)
    engine.next_turn()
    check = engine.apply(Check("a", "Brawling", difficulty=0, total=20)).outcome
    assert check.ranks == 4 and check.check_id
    engine.apply(SpendRanks(check.check_id, "action_point", target="a"))
    assert engine.view.sheet_of("a").action_points == 1
    check2 = engine.apply(Check("a", "Brawling", target="b", difficulty=0, total=12)).outcome
    assert check2.check_id
    engine.damage("a", "b", damage="1D", check_id=check2.check_id, seed=1)
    with pytest.raises(CommandRefused, match="one per check"):
        engine.damage("a", "b", damage="1D", check_id=check2.check_id, seed=2)
    with pytest.raises(CommandRefused, match="damage command"):
        engine.apply(SpendRanks(check2.check_id, "effect_roll"))


def test_r5_kinds_discrete_progressive_cumulative() -> None:
    engine = small_engine(4, 3)
    engine.apply(CreateCondition("a", name="Blinded"))
    record = engine.apply(CreateCondition("a", name="Blinded"))
    assert "not created twice" in record.outcome.text
    assert names(engine, "a") == ["Blinded"]
    engine.apply(CreateCondition("a", name="Grappled", kind="progressive", group="hold"))
    engine.apply(CreateCondition("a", name="Pinned", kind="progressive", group="hold"))
    assert names(engine, "a") == ["Blinded", "Pinned"]
    engine.apply(CreateCondition("a", track="damage", ranks=1))
    engine.apply(CreateCondition("a", track="damage", ranks=2))
    assert engine.track_level("a", "damage") == 3  # R5: sum of the instances
    hit = engine.conditions("a")[-1]
    engine.apply(RemoveCondition("a", hit.id))
    assert engine.track_level("a", "damage") == 1


def test_recovery_costs_the_ranks_that_created_it() -> None:
    engine = small_engine(4, 3)
    engine.next_turn()
    engine.apply(CreateCondition("b", track="damage", ranks=3))
    wound = engine.conditions("b")[-1]
    low = engine.apply(Check("a", "Brawling", difficulty=0, total=10)).outcome  # rank 2
    assert low.check_id
    with pytest.raises(CommandRefused, match="costs 3"):
        engine.apply(SpendRanks(low.check_id, "recover", target="b", condition_id=wound.id))
    high = engine.apply(Check("a", "Brawling", difficulty=0, total=11)).outcome  # rank 3
    assert high.check_id
    engine.apply(SpendRanks(high.check_id, "recover", target="b", condition_id=wound.id))
    assert engine.track_level("b", "damage") == 0


def test_duration_changes_from_the_r4_menu() -> None:
    engine = small_engine(4, 3)
    engine.next_turn()
    engine.apply(
        CreateCondition("b", name="Burning", kind="cumulative", duration=Duration.ONE_ROUND)
    )
    burning = engine.conditions("b")[-1]
    assert burning.expires_round == 2
    engine.apply(ChangeDuration("b", burning.id, "round"))  # +1 full round
    assert engine.conditions("b")[-1].expires_round == 3
    engine.apply(ChangeDuration("b", burning.id, "extend_to_encounter"))
    assert engine.conditions("b")[-1].duration == Duration.END_OF_ENCOUNTER
    with pytest.raises(CommandRefused, match="already lasts"):
        engine.apply(ChangeDuration("b", burning.id, "extend_to_encounter"))
    engine.apply(ChangeDuration("b", burning.id, "shorten_to_rounds", seed=5))
    shortened = engine.conditions("b")[-1]
    assert shortened.duration == Duration.ROUNDS and 1 <= (shortened.remaining_rounds or 0) <= 6
    with pytest.raises(CommandRefused, match="shortens only"):
        engine.apply(ChangeDuration("b", burning.id, "shorten_to_scene"))
    engine.apply(ChangeDuration("b", burning.id, "require_recovery"))
    engine.apply(ChangeDuration("b", burning.id, "shorten_to_scene"))
    assert engine.conditions("b")[-1].duration == Duration.END_OF_SCENE
    engine.apply(ChangeDuration("b", burning.id, "shorten_to_encounter"))
    assert engine.conditions("b")[-1].duration == Duration.END_OF_ENCOUNTER


def test_removing_the_last_round_ends_it_now() -> None:
    engine = small_engine(4, 3)
    engine.next_turn()
    engine.next_turn()  # b
    engine.apply(CreateCondition("a", name="Dazed", duration=Duration.ONE_TURN))  # a: round 2
    dazed = engine.conditions("a")[-1]
    engine.apply(ChangeDuration("a", dazed.id, "round", sign=-1))  # would end in round 1
    assert "Dazed" not in names(engine, "a")


def test_fixed_resistance_with_attitude_willpower_and_fixed_value_effects() -> None:
    engine = small_engine(4, 3)
    engine.next_turn()
    # b's Discipline: Presence 2D + Discipline 1D = 3D, fixed 9 (R1, R4).
    check = engine.apply(
        Check("a", "Brawling", target="b", resist_skill="Discipline", resistance="fixed", total=20)
    ).outcome
    assert check.data["against"] == 9
    engine.apply(ShiftAttitude("b", "attitude", 2))  # neutral -> unfriendly: +10 (R5)
    engine.apply(ShiftAttitude("b", "willpower", -1))  # neutral -> pressured: -5
    check = engine.apply(
        Check("a", "Brawling", target="b", resist_skill="Discipline", resistance="fixed", total=20)
    ).outcome
    assert check.data["against"] == 14
    engine.apply(
        CreateCondition(
            "b",
            name="+3 Discipline",
            kind="cumulative",
            duration=Duration.ONE_ROUND,
            modifier=CheckModifier(fixed=3, skill="Discipline"),
        )
    )
    check = engine.apply(
        Check("a", "Brawling", target="b", resist_skill="Discipline", resistance="fixed", total=20)
    ).outcome
    assert check.data["against"] == 17
    # Dodge is not a mental resistance: no attitude modifier (R5).
    check = engine.apply(
        Check("a", "Brawling", target="b", resist_skill="Dodge", resistance="fixed", total=20)
    ).outcome
    assert check.data["against"] == 9


def test_attitude_spend_moves_one_step_per_rank() -> None:
    engine = small_engine(4, 3)
    engine.next_turn()
    check = engine.apply(Check("a", "Brawling", target="b", difficulty=0, total=8)).outcome
    assert check.check_id
    engine.apply(SpendRanks(check.check_id, "attitude", sign=-1, ranks=2))
    assert engine.view.sheet_of("b").conditions.attitude == "friendly"


def test_combined_action_helpers_add_whole_dice_as_boost_or_penalty() -> None:
    engine = small_engine(4, 3, 2)
    engine.next_turn()  # a
    # c helps a in a's turn (R6): Brawling 1D+1 -> 1 whole die, as Boost.
    engine.apply(Help("c", "a", "Brawling", action=None))
    engine.apply(Help("b", "a", "Dodge", mode="blunt", action=None))
    spec, parts = engine.proposed_spec("a", "Brawling")
    assert (spec.boost, spec.penalty) == (1, 1)
    assert [p.source for p in parts if p.consumed] == ["help:c", "help:b"]
    engine.apply(Check("a", "Brawling", difficulty=10, seed=1))
    assert engine.encounter.combatant("a").help == []  # type: ignore[union-attr]
    # Helping yourself readies it for your next turn (R6).
    engine.apply(Help("a", "a", "Brawling", action=None))
    assert engine.proposed_spec("a", "Brawling")[0].boost == 0
    engine.next_turn()
    engine.next_turn()
    engine.next_turn()  # round 2: a
    assert engine.proposed_spec("a", "Brawling")[0].boost == 1
    engine.next_turn()  # unused: it lapses with a's turn
    assert engine.encounter.combatant("a").help == []  # type: ignore[union-attr]


def test_help_costs_the_helpers_action() -> None:
    engine = small_engine(4, 3)
    engine.next_turn()
    engine.apply(Help("a", "a", "Brawling"))
    assert engine.actions_left("a") == (0, 1)
    with pytest.raises(CommandRefused, match="no skill 'Nothing'"):
        engine.apply(Help("b", "a", "Nothing", action=None))
    full = engine.apply(Check("a", "Brawling", difficulty=0, total=15)).outcome
    assert full.check_id
    engine.apply(SpendRanks(full.check_id, "full_action", target="b"))  # R4 rank 3
    engine.next_turn()
    engine.next_turn()
    assert engine.actions_left("b") == (2, 1)


def test_a_rank_6_hit_adds_six_ranks_and_only_six_recover_it() -> None:
    """Issue 16 / R5 ruling: a hit of rank r adds r ranks; it was capped at 5, so a
    rank-5 check could recover a rank-6 hit."""
    engine = small_engine(4, 3)
    engine.next_turn()
    hit = engine.apply(
        CreateCondition("b", track="damage", ranks=6, duration=Duration.UNTIL_RECOVERED)
    )
    (instance,) = engine.conditions("b")
    assert instance.ranks == 6 and hit.rows is not None and "b" in hit.rows
    assert engine.is_out("b")
    check = engine.apply(Check("a", "Brawling", difficulty=0, total=25))  # rank 5
    check_id = check.outcome.check_id
    assert check_id is not None and engine.ranks_left(check_id) == 5
    with pytest.raises(CommandRefused, match="costs 6 rank"):
        engine.apply(SpendRanks(check_id, "recover", target="b", condition_id=instance.id))
    assert engine.conditions("b") == [instance]
