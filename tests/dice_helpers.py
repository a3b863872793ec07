"""Test helpers for the dice engine: scripted dice, an exhaustive-enumeration oracle, and
the odds computed with chains folded and multiplied."""

from __future__ import annotations

import random
import sys
from collections import defaultdict
from collections.abc import Iterable, Iterator

import pytest

import sheets.odds.big as big
import sheets.odds.chains as chains
import sheets.odds.die_by_die as die_by_die
import sheets.odds.extra_dice as extra_dice
from sheets.dice import RollSpec, roll
from sheets.odds import _cached, distribution
from sheets.odds.model import DiceModel
from sheets.odds.narrow import Kept, Narrow


class ScriptedDice(random.Random):
    """A generator that returns the given faces in order: a roll the test writes down."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        assert self.faces, "the roll asked for more dice than the test scripted"
        face = self.faces.pop(0)
        assert a <= face <= b
        return face


class _NeedMore(Exception):
    pass


class _Prefix(random.Random):
    def __init__(self, prefix: tuple[int, ...]) -> None:
        super().__init__(0)
        self.prefix = prefix
        self.used = 0

    def randint(self, a: int, b: int) -> int:
        if self.used == len(self.prefix):
            raise _NeedMore
        self.used += 1
        return self.prefix[self.used - 1]


def enumerate_totals(spec: RollSpec, max_faces: int) -> tuple[dict[int, float], float]:
    """Every way ``roll`` can go, by trying each face at each die it asks for: the exact
    probability of each total over runs of at most ``max_faces`` dice, and the probability
    of the longer runs left out (Wild Die chains, mostly)."""
    totals: dict[int, float] = defaultdict(float)
    left_out = 0.0
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        try:
            result = roll(spec, _Prefix(prefix))
        except _NeedMore:
            if len(prefix) >= max_faces:
                left_out += spec.sides ** -len(prefix)
            else:
                stack.extend((*prefix, face) for face in range(1, spec.sides + 1))
            continue
        totals[result.total] += spec.sides ** -len(prefix)
    return dict(totals), left_out


def sum_of_dice(dice: list[list[int]]) -> list[int]:
    """Ways for each total of independent dice, each a list of ways by value."""
    ways = [1]
    for die in dice:
        grown = [0] * (len(ways) + len(die) - 1)
        for i, w in enumerate(ways):
            if w:
                for v, d in enumerate(die):
                    grown[i + v] += w * d
        ways = grown
    return ways


def wild_die_ways(sides: int, depth: int) -> list[int]:
    """A Wild Die's value v weighs die[v] of sides**depth, its chains cut at ``depth``
    rolls (R3 step 3, as ``DiceModel`` weighs them)."""
    die = [0] * (sides * depth)
    for j in range(depth):
        for f in range(1, sides):
            die[sides * j + f] = sides ** (depth - 1 - j)
    return die


def folded_and_multiplied(spec: RollSpec) -> tuple[tuple[tuple[int, float], ...], ...]:
    """``spec``'s distribution computed twice, uncached: with the chains that Penalty
    discards folded into the Advantage weights (``folded``), and with every chain
    multiplied in (``chains``). Neither cuts the chains at ``model.a_rows``, so the two
    agree to the last bit."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(chains, "_limit", lambda *_: None)
        folded = _cached.__wrapped__(spec)
        patch.setattr(die_by_die, "foldable", lambda *_: False)
        multiplied = _cached.__wrapped__(spec)
    return folded, multiplied


@pytest.fixture(scope="module", params=["ints", "gmp"], autouse=True)
def number_kind(request: pytest.FixtureRequest) -> Iterator[str]:
    """Imported by the engine's test modules: each runs twice, on Python ints (gmpy2 made
    unimportable, the fallback ``big.engage`` takes) and on GMP integers however small
    the roll (``sheets.odds.big``). The results must be the same exact integers."""
    saved = big._gmpy2, big._ctypes, sys.modules.get("gmpy2")
    if request.param == "gmp":
        assert big.engage()
    else:
        big._gmpy2 = big._ctypes = None
        sys.modules["gmpy2"] = None  # type: ignore[assignment]  # an import then fails
    _clear_engine_caches()
    yield request.param
    big._gmpy2, big._ctypes = saved[0], saved[1]
    if saved[2] is None:
        sys.modules.pop("gmpy2", None)
    else:
        sys.modules["gmpy2"] = saved[2]
    _clear_engine_caches()


def _clear_engine_caches() -> None:
    """Every cache of the engine's modules emptied, ``_cached`` and the packed numbers
    its helpers keep alike: a mode's tests meet no number the other mode made (a
    ``-n 8`` run once failed an ints example that passed when replayed alone)."""
    for name, module in list(sys.modules.items()):
        if name == "sheets.odds" or name.startswith("sheets.odds."):
            for value in vars(module).values():
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()


Groups = dict[tuple[int, int], tuple[int, list[int]]]  # what ``extra_dice`` hands back


def extra_dice_both_ways(
    spec: RollSpec, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[int, Groups, Groups]]:
    """R3 step 5 both ways for every call ``distribution(spec)`` makes: (the narrow
    step, the extra dice one at a time, the table of every landing per state)."""
    seen: list[tuple[int, Groups, Groups]] = []

    def both(model: DiceModel, narrow: Narrow, after: dict[Kept, list[tuple[int, int]]]) -> Groups:
        found = extra_dice._one_extra_at_a_time(model, narrow, after)
        seen.append((narrow.step, found, extra_dice._by_tables(model, narrow, after)))
        return found

    monkeypatch.setattr(die_by_die, "extra_dice", both)
    _cached.cache_clear()
    distribution(spec)
    _cached.cache_clear()
    return seen
