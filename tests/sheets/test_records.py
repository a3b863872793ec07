"""The plain records that replaced dataclasses on the dice panel's start-up path (issue 17)
behave as the frozen dataclasses did: equal and hashed by their fields, only within their
class; immutable; a readable repr; ``replace`` runs the checks again; pickled and copied."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from sheets.dice import CheckDefaults, DieCode, DieRoll, RollSpec, roll_seeded
from sheets.odds.folded import _Group
from sheets.odds.model import Outcome
from sheets.odds.narrow import Narrow
from sheets.odds.packing import Packer
from sheets.records import FrozenRecord, FrozenRecordError, Record
from sheets.results import RANKS, Duration, Rank


def _frozen_behaviour(make: Any, other: Any, field: str) -> None:
    """Two records made alike are equal and hash alike; a different one is not equal; a
    field can be neither set nor deleted; a pickled or copied record equals its original."""
    first, second, third = make(), make(), other()
    assert first == second and hash(first) == hash(second)
    assert first != third
    assert len({first, second, third}) == 2
    with pytest.raises(AttributeError):
        setattr(first, field, 1)
    with pytest.raises(AttributeError):
        delattr(first, field)
    assert pickle.loads(pickle.dumps(first)) == first
    assert copy.copy(first) == first and copy.deepcopy(first) == first


def test_dice_records_compare_hash_and_stay_frozen() -> None:
    _frozen_behaviour(lambda: DieCode(2, 4), lambda: DieCode(3), "dice")
    assert DieCode(2, 4) == DieCode(3, 1) and DieCode(3) < DieCode(3, 1)  # normalised, ordered
    _frozen_behaviour(
        lambda: RollSpec(code="3D+1", flips={1, 6}),
        lambda: RollSpec(code="3D+1", flips={1}),
        "luck",
    )
    _frozen_behaviour(CheckDefaults, lambda: CheckDefaults(wild_dice=2), "wild_dice")
    _frozen_behaviour(lambda: DieRoll("wild", (6, 2)), lambda: DieRoll("wild", (6, 3)), "faces")
    spec = RollSpec(code="4D", advantage=1, boost=1)
    _frozen_behaviour(lambda: roll_seeded(spec, 7), lambda: roll_seeded(spec, 8), "total")


def test_dice_records_read_as_their_fields() -> None:
    assert repr(CheckDefaults()) == (
        "CheckDefaults(wild_dice=1, critical_failure='complication', count_successes=False)"
    )
    assert repr(DieRoll("boost", (4,), dropped="boost")) == (
        "DieRoll(kind='boost', faces=(4,), set_index=0, dropped='boost', flipped=(),"
        " critical=False, sides=6)"
    )
    assert repr(DieCode(3, 1)) == "DieCode('3D+1')"  # its own repr
    assert repr(RollSpec(code="2D")).startswith("RollSpec(code=DieCode('2D'), wild_dice=1, ")


def test_replace_makes_a_checked_copy() -> None:
    spec = RollSpec(code="3D", penalty=1)
    changed = spec.replace(penalty=2, code="4D")  # text read as a die code, as __init__ does
    assert changed == RollSpec(code="4D", penalty=2) and spec.penalty == 1
    with pytest.raises(ValueError, match="cannot be negative"):
        spec.replace(boost=-1)
    with pytest.raises(TypeError):
        spec.replace(colour="red")
    result = roll_seeded(spec, 3)
    assert (
        result.replace(seed=None).seed is None and result.replace(seed=None).total == result.total
    )


def test_ranks_compare_hash_and_stay_frozen() -> None:
    _frozen_behaviour(
        lambda: Rank(1, 1, "minimal", "Very Easy", Duration.ONE_TURN),
        lambda: Rank(2, 6, "adequate", "Easy", Duration.ONE_ROUND),
        "number",
    )
    assert RANKS[0] == Rank(1, 1, "minimal", "Very Easy", Duration.ONE_TURN)


def test_odds_records_compare_hash_and_stay_frozen() -> None:
    _frozen_behaviour(lambda: Outcome(1, 6, 6, 0, 6), lambda: Outcome(1, 5, 5, 0, 5), "weight")
    assert repr(Outcome(1, 2, 3, 4, 5)) == "Outcome(weight=1, value=2, a=3, b=4, x=5)"
    packer = Packer(8, 4)
    narrow = Narrow(1, 1, 0, packer)
    assert narrow == Narrow(1, 1, 0, packer, None) and narrow != Narrow(0, 1, 0, packer)
    with pytest.raises(AttributeError):
        narrow.lam = 0  # type: ignore[misc]
    rows = _Group(2, 0, [])  # not frozen, and so unhashable (a plain dataclass)
    assert rows == _Group(2, 0, []) and rows != _Group(3, 0, [])
    rows.exploded = 3
    assert rows == _Group(3, 0, [])
    with pytest.raises(TypeError):
        hash(rows)


def test_a_record_is_equal_only_to_its_own_class() -> None:
    class Point(FrozenRecord):
        __slots__ = ("x", "y")
        x: int
        y: int

        def __init__(self, x: int, y: int) -> None:
            object.__setattr__(self, "x", x)
            object.__setattr__(self, "y", y)

    class Other(Point):
        __slots__ = ()

    class One(Record):
        __slots__ = ("value",)
        value: int

        def __init__(self, value: int) -> None:
            self.value = value

    assert Point(1, 2) != Other(1, 2) and Point(1, 2) != (1, 2)
    assert Point(1, 2).__eq__((1, 2)) is NotImplemented
    assert One(1) == One(1) and repr(One(1)).endswith(".One(value=1)")  # qualname, as dataclasses
    with pytest.raises(FrozenRecordError, match="cannot assign to field 'x'"):
        Point(1, 2).x = 3  # type: ignore[misc]


def test_a_record_declares_its_fields_as_its_slots() -> None:
    with pytest.raises(TypeError, match="__slots__"):

        class Wrong(FrozenRecord):
            __slots__ = ("x",)
            x: int
            y: int
