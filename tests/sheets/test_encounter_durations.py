"""R6 durations: when each condition expires as turns and rounds advance, with the edges."""

from __future__ import annotations

from sheets.encounter import CreateCondition, SetOrder
from sheets.encounter.durations import Moment, expiry_for
from sheets.results import Duration
from tests.encounter_helpers import names, small_engine


def order(engine) -> list[str]:  # type: ignore[no-untyped-def]
    return list(engine.encounter.turn_order)


def test_melee_order_of_the_helper() -> None:
    engine = small_engine(4, 3, 2)
    assert order(engine) == ["a", "b", "c"]


def test_expiry_for_is_pure_r6() -> None:
    # R6: one full turn ends at the end of the owner's next turn.
    assert expiry_for(Duration.ONE_TURN, "b", Moment(2, "a", False)).expires_round == 2
    assert expiry_for(Duration.ONE_TURN, "b", Moment(2, "b", False)).expires_round == 3
    assert expiry_for(Duration.ONE_TURN, "b", Moment(2, "c", True)).expires_round == 3
    # R6: one full round: the same point of the next round (the current actor's turn).
    one_round = expiry_for(Duration.ONE_ROUND, "b", Moment(2, "c", True))
    assert (one_round.anchor, one_round.expires_round) == ("c", 3)
    rounds = expiry_for(Duration.ROUNDS, "b", Moment(2, "a", False), 3)
    assert (rounds.anchor, rounds.expires_round, rounds.remaining_rounds) == ("a", 5, 3)
    # Before round 1: counted from the owner's own turns.
    assert expiry_for(Duration.ONE_ROUND, "b", Moment(0, None, False)).expires_round == 1
    assert expiry_for(Duration.END_OF_SCENE, "b", Moment(2, "a", False)).anchor is None


def test_one_turn_created_on_owners_turn_lasts_through_its_next_turn() -> None:
    engine = small_engine(4, 3, 2)
    engine.next_turn()  # round 1: a
    engine.apply(CreateCondition("a", name="Braced", duration=Duration.ONE_TURN))
    for _ in range(3):  # b, c, round 2: a
        engine.next_turn()
    assert engine.current() == "a" and engine.round == 2
    assert "Braced" in names(engine, "a")
    engine.next_turn()  # end of a's turn in round 2 (R6)
    assert "Braced" not in names(engine, "a")


def test_one_turn_created_on_someone_elses_turn_ends_with_the_owners_next_turn() -> None:
    engine = small_engine(4, 3, 2)
    engine.next_turn()  # a
    engine.apply(CreateCondition("c", name="Dazzled", duration=Duration.ONE_TURN))
    engine.next_turn()  # b
    engine.next_turn()  # c: its next turn is this round
    assert "Dazzled" in names(engine, "c")
    engine.next_turn()  # end of c's turn, round 2 begins
    assert "Dazzled" not in names(engine, "c")
    # The owner had already acted this round: its next turn is next round.
    engine.next_turn()  # round 2: b (a is first; now a ended -> b)
    assert engine.current() == "b"
    engine.apply(CreateCondition("a", name="Shaken", duration=Duration.ONE_TURN))
    engine.next_turn()  # c
    engine.next_turn()  # round 3: a
    assert "Shaken" in names(engine, "a")
    engine.next_turn()
    assert "Shaken" not in names(engine, "a")


def test_one_round_ends_at_the_same_point_of_the_next_round() -> None:
    engine = small_engine(4, 3, 2)
    engine.next_turn()
    engine.next_turn()  # b's turn in round 1
    engine.apply(CreateCondition("a", name="Pinned", duration=Duration.ONE_ROUND))
    engine.next_turn()  # c
    engine.next_turn()  # round 2: a
    engine.next_turn()  # b
    assert "Pinned" in names(engine, "a")
    engine.next_turn()  # end of b's turn in round 2: the same point (R6)
    assert "Pinned" not in names(engine, "a")


def test_rounds_count_down_and_expire() -> None:
    engine = small_engine(4, 3)
    engine.next_turn()  # a, round 1
    engine.apply(
        CreateCondition("b", name="Smoke", kind="cumulative", duration=Duration.ROUNDS, rounds=2)
    )
    smoke = engine.conditions("b")[-1]
    assert smoke.remaining_rounds == 2
    engine.next_turn()  # b
    engine.next_turn()  # round 2, a: a's turn ended in round 2? no: round 2 started
    engine.next_turn()  # end of a's round-2 turn: 1 round left
    assert engine.conditions("b")[-1].remaining_rounds == 1
    engine.next_turn()
    engine.next_turn()  # end of a's round-3 turn: expired
    assert "Smoke" not in names(engine, "b")


def test_one_d_rounds_rolls_once_from_the_seed() -> None:
    engine = small_engine(4, 3)
    record = engine.apply(CreateCondition("b", name="Blinded", duration=Duration.ROUNDS))
    rolled = engine.conditions("b")[-1].remaining_rounds
    assert rolled is not None and 1 <= rolled <= 6
    engine.undo()
    engine.redo()
    assert engine.conditions("b")[-1].remaining_rounds == rolled
    assert record.command.seed is not None  # type: ignore[attr-defined]


def test_owner_skipped_out_of_action_still_counts_down() -> None:
    engine = small_engine(4, 3, 2, lengths=("full", "brief", "full"))
    engine.next_turn()  # a
    engine.apply(CreateCondition("b", name="Dazzled", duration=Duration.ONE_TURN))
    engine.apply(CreateCondition("b", track="damage", ranks=2))  # brief: Out of Action (R5)
    assert engine.is_out("b")
    record = engine.next_turn()  # b is skipped; its turn passes
    assert engine.current() == "c"
    assert "skipped" in record.outcome.text
    assert "Dazzled" not in names(engine, "b")


def test_initiative_reordered_mid_round() -> None:
    engine = small_engine(4, 3, 2)
    engine.next_turn()  # a
    engine.next_turn()  # b
    engine.apply(CreateCondition("c", name="Dazzled", duration=Duration.ONE_TURN))
    engine.apply(CreateCondition("a", name="Marked", duration=Duration.ONE_ROUND))  # anchor b
    # The GM re-sorts: c first. Ruling: those who acted do not act again this round.
    engine.apply(SetOrder(("c", "b", "a")))
    assert engine.current() == "b"
    engine.next_turn()
    assert engine.current() == "c"  # the only one still waiting
    engine.next_turn()  # c's turn ends: Dazzled expires; round 2 begins with c
    assert "Dazzled" not in names(engine, "c")
    assert engine.round == 2 and engine.current() == "c"
    engine.next_turn()  # b
    assert "Marked" in names(engine, "a")
    engine.next_turn()  # end of b's turn in round 2: the same point (anchor b)
    assert "Marked" not in names(engine, "a")


def test_end_of_encounter_and_scene_end_when_the_gm_ends_them() -> None:
    from sheets.encounter import EndEncounter, EndScene

    engine = small_engine(4, 3)
    engine.next_turn()
    for duration in (Duration.END_OF_ENCOUNTER, Duration.END_OF_SCENE, Duration.UNTIL_RECOVERED):
        engine.apply(
            CreateCondition("a", name=duration.value, kind="cumulative", duration=duration)
        )
    for _ in range(10):
        engine.next_turn()
    assert len(engine.conditions("a")) == 3
    engine.apply(EndEncounter())
    assert names(engine, "a") == ["end_of_scene", "until_recovered"]
    engine.apply(EndScene())
    assert names(engine, "a") == ["until_recovered"]
