"""The target offered to whoever acts (issue 16): never the actor or an ally."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sheets.encounter import Concede
from sheets.encounter.targets import default_target, is_opponent
from tests.encounter_helpers import small_engine


def test_the_first_standing_opponent_after_the_actor_in_the_order() -> None:
    engine = small_engine(5, 4, 3, 2)  # a, c on side One; b, d on side Two
    order = list(engine.encounter.turn_order)
    target = default_target(engine.view, "a")
    assert target in ("b", "d")
    after_a = order[order.index("a") + 1 :] + order[: order.index("a")]
    assert target == next(c for c in after_a if c in ("b", "d"))


def test_a_picked_opponent_stays_picked_an_ally_does_not() -> None:
    engine = small_engine(5, 4, 3, 2)
    assert default_target(engine.view, "a", "d") == "d"
    assert default_target(engine.view, "a", "c") != "c"  # an ally
    assert default_target(engine.view, "a", "a") != "a"  # itself


def test_who_conceded_is_not_offered_and_nobody_left_is_none() -> None:
    engine = small_engine(5, 4)
    engine.apply(Concede("b"))
    assert default_target(engine.view, "a", "b") is None


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(1, 6), min_size=2, max_size=8),
    st.data(),
)
def test_the_target_offered_is_always_a_standing_opponent(
    perceptions: list[int], data: st.DataObject
) -> None:
    engine = small_engine(*perceptions)
    ids = [c.id for c in engine.encounter.combatants]
    actor = data.draw(st.sampled_from(ids))
    current = data.draw(st.sampled_from([*ids, None]))
    target = default_target(engine.view, actor, current)
    assert target is not None  # the sides alternate: an opponent always stands
    assert is_opponent(engine.view, actor, target)
    assert not engine.view.by_id[target].conceded
