"""R6: initiative modes, turn and round advance, action budgets, conceding, scene over."""

from __future__ import annotations

import pytest

from sheets.documents import CheckModifier, HouseRules
from sheets.encounter import (
    AdjustActions,
    CommandRefused,
    CreateCondition,
    GiveTurn,
    MoveInOrder,
    NextTurn,
    RollInitiative,
    SetOrder,
    SetScene,
    SpendAction,
)
from sheets.encounter.initiative import melee_order
from sheets.results import Duration
from tests.encounter_helpers import fighter, sample_engine, small_engine


def test_melee_ties_go_to_dexterity_then_a_seeded_roll_off() -> None:
    sheets = [
        ("x", fighter("X", 3, dexterity=2)),
        ("y", fighter("Y", 3, dexterity=4)),
        ("z", fighter("Z", 3, dexterity=2)),
        ("w", fighter("W", 4)),
    ]
    entries = melee_order(sheets, HouseRules(), seed=7)
    order = [e.combatant for e in entries]
    assert order[:2] == ["w", "y"]  # Perception 12 first; then Dexterity breaks the tie
    assert sorted(order[2:]) == ["x", "z"]
    assert entries[2].tie_break[1] >= entries[3].tie_break[1]  # the roll-off (R6)
    again = [e.combatant for e in melee_order(sheets, HouseRules(), seed=7)]
    assert again == order  # seeded: replayable


def test_melee_uses_the_campaigns_initiative_ability() -> None:
    sheets = [("x", fighter("X", 2, dexterity=5)), ("y", fighter("Y", 4, dexterity=1))]
    by_dex = melee_order(sheets, HouseRules(initiative_ability="Dexterity"), seed=1)
    assert [e.combatant for e in by_dex] == ["x", "y"]


def test_debate_rolls_an_ability_check_each() -> None:
    engine, _ = sample_engine("council-debate")
    engine.start()
    record = engine.apply(RollInitiative(seed=11))
    order = record.outcome.data["order"]
    totals = [entry["value"] for entry in order]
    assert totals == sorted(totals, reverse=True)
    assert all("Wits" in entry["detail"] for entry in order)
    engine.undo()
    again = engine.apply(RollInitiative(seed=11))
    assert again.outcome.data["order"] == order


def test_chase_is_a_manual_order_moved_up_and_down() -> None:
    engine, _ = sample_engine("brawl-at-the-pump-house")
    engine.start()
    engine.apply(SetScene("tactical", "chase"))
    with pytest.raises(CommandRefused, match="position"):
        engine.apply(RollInitiative(seed=1))
    engine.apply(SetOrder(("jack", "brask", "greta")))
    engine.apply(MoveInOrder("greta", -2))
    assert engine.encounter.turn_order == ["greta", "jack", "brask"]
    engine.next_turn()
    assert engine.current() == "greta"
    engine.apply(MoveInOrder("brask", -1))  # mid-round: brask overtakes jack
    engine.next_turn()
    assert engine.current() == "brask"


def test_each_round_one_full_and_one_bonus_action_and_refusals() -> None:
    engine = small_engine(4, 3)
    engine.next_turn()
    engine.apply(SpendAction("a", "full", "swing"))
    engine.apply(SpendAction("a", "bonus", "step"))
    engine.apply(SpendAction("a", "free", "shout"))
    engine.apply(SpendAction("a", "free", "shout again"))  # a reasonable number (R6)
    with pytest.raises(CommandRefused, match="no full action left this round"):
        engine.apply(SpendAction("a", "full"))
    with pytest.raises(CommandRefused, match="not B's turn"):
        engine.apply(SpendAction("b", "full"))
    engine.apply(SpendAction("b", "full", "dodge", reaction=True))
    assert engine.actions_left("a") == (0, 0)
    engine.next_turn()
    with pytest.raises(CommandRefused, match="no full action"):
        engine.apply(SpendAction("b", "full"))
    engine.next_turn()  # round 2: budgets reset (R6)
    assert engine.actions_left("a") == (1, 1) and engine.actions_left("b") == (1, 1)


def test_effects_add_or_remove_actions_next_round() -> None:
    engine = small_engine(4, 3)
    engine.next_turn()
    engine.apply(
        CreateCondition(
            "b",
            name="+1 full action",
            kind="cumulative",
            duration=Duration.ONE_ROUND,
            modifier=CheckModifier(full_actions=1, from_round=2),
        )
    )
    engine.apply(
        CreateCondition(
            "a",
            name="-1 bonus action",
            kind="cumulative",
            duration=Duration.ONE_ROUND,
            modifier=CheckModifier(bonus_actions=-1, from_round=2),
        )
    )
    assert engine.actions_left("b") == (1, 1)
    engine.next_turn()
    engine.next_turn()
    assert engine.actions_left("b") == (2, 1)
    assert engine.actions_left("a") == (1, 0)
    engine.apply(AdjustActions("a", bonus=1))
    assert engine.actions_left("a") == (1, 1)


def test_concede_skips_turns_refuses_actions_and_ends_the_scene() -> None:
    engine = small_engine(4, 3, 2)
    engine.next_turn()
    assert not engine.scene_over()
    engine.concede("b")  # side Two's only member
    assert engine.scene_over()  # R6: no active opposition remains
    with pytest.raises(CommandRefused, match="conceded"):
        engine.apply(SpendAction("b", "full", reaction=True))
    with pytest.raises(CommandRefused, match="already"):
        engine.concede("b")
    engine.next_turn()
    assert engine.current() == "c"  # b skipped


def test_nobody_able_to_act_is_refused_not_looped() -> None:
    engine = small_engine(4, 3)
    engine.next_turn()
    engine.concede("a")
    engine.concede("b")
    before = engine.encounter.model_dump()
    with pytest.raises(CommandRefused, match="nobody"):
        engine.apply(NextTurn())
    assert engine.encounter.model_dump() == before  # a refused command changes nothing


def test_dramatic_scene_the_gm_gives_the_turn() -> None:
    engine = small_engine(4, 3, 2)
    engine.apply(SetScene("dramatic"))
    with pytest.raises(CommandRefused, match="GM gives the turn"):
        engine.apply(NextTurn())
    engine.apply(GiveTurn("c"))
    engine.apply(CreateCondition("c", name="Flustered", duration=Duration.ONE_TURN))
    engine.apply(GiveTurn("a"))
    assert engine.current() == "a" and "Flustered" in [x.name for x in engine.conditions("c")]
    engine.apply(GiveTurn("c"))  # c again: a new exchange (ruling)
    assert engine.round == 2
    engine.apply(GiveTurn("b"))
    assert "Flustered" not in [x.name for x in engine.conditions("c")]
    engine.apply(SpendAction("b", "full"))  # no budgets outside a tactical scene
    engine.apply(SpendAction("b", "full"))
    engine.apply(SetScene("tactical"))
    with pytest.raises(CommandRefused, match="initiative"):
        engine.apply(GiveTurn("a"))


def test_not_started_and_ended_are_refused() -> None:
    engine, _ = sample_engine("brawl-at-the-pump-house")
    with pytest.raises(CommandRefused, match="not started"):
        engine.apply(NextTurn())
    engine.start()
    with pytest.raises(CommandRefused, match="turn order"):
        engine.apply(NextTurn())
    engine.end_scene()
    with pytest.raises(CommandRefused, match="ended"):
        engine.apply(SpendAction("jack", "free"))


def test_switching_the_kind_of_tactical_scene_clears_the_old_initiative() -> None:
    """Issue 16: the old debate numbers stayed after switching to a chase."""
    from sheets.encounter import RollInitiative, SetScene, StartEncounter
    from tests.sheets.test_encounter_undo import fresh_engine

    engine = fresh_engine()
    engine.apply(StartEncounter())
    engine.apply(SetScene("tactical", "debate"))
    engine.apply(RollInitiative(5))
    assert all(c.initiative is not None for c in engine.encounter.combatants)
    engine.apply(SetScene("tactical", "chase"))
    assert all(c.initiative is None for c in engine.encounter.combatants)
    engine.undo()
    assert all(c.initiative is not None for c in engine.encounter.combatants)
    # The same kind again changes nothing.
    engine.redo()
    engine.apply(SetScene("tactical", "chase"))
    assert engine.encounter.tactical_type == "chase"
