"""The roll pipeline of R3, steps 1-7 in their fixed order, with a full log of every die."""

from __future__ import annotations

import random
from typing import Literal

from sheets.dice.spec import SUCCESS_FACE, RollSpec
from sheets.records import FrozenRecord

DieKind = Literal["regular", "luck", "wild", "boost", "penalty", "character_point", "action_point"]
# Why a die adds nothing: it left the roll on a critical failure (R3 step 3) or was
# discarded for Boost/Penalty dice (step 5).
DropReason = Literal["critical", "critical_highest", "boost", "penalty"]
CHAIN_CAP = 100  # R3 step 3 ruling: a Wild Die chain stops after 100 rolls


class DieRoll(FrozenRecord):
    """One physical die as the table saw it."""

    __slots__ = ("critical", "dropped", "faces", "flipped", "kind", "set_index", "sides")
    kind: DieKind
    faces: tuple[int, ...]  # as rolled; a Wild Die chain keeps every roll in order
    set_index: int  # 1 for the second set rolled for Advantage/Disadvantage
    dropped: DropReason | None
    flipped: tuple[bool, ...]  # per face, set in R3 step 6 on dice that count
    critical: bool  # this Wild Die's first roll of 1 was the critical failure
    sides: int

    def __init__(
        self,
        kind: DieKind,
        faces: tuple[int, ...],
        set_index: int = 0,
        dropped: DropReason | None = None,
        flipped: tuple[bool, ...] = (),
        critical: bool = False,
        sides: int = 6,
    ) -> None:
        values = (kind, faces, set_index, dropped, flipped, critical, sides)
        for name, value in zip(self._fields, values, strict=True):
            object.__setattr__(self, name, value)

    @property
    def value(self) -> int:
        """The rolled value, before flips: what steps 3-5 compare."""
        return sum(self.faces)

    @property
    def shown(self) -> tuple[int, ...]:
        """The faces after R3 step 6."""
        if not self.flipped:
            return self.faces
        return tuple(
            self.sides + 1 - face if flipped else face
            for face, flipped in zip(self.faces, self.flipped, strict=True)
        )

    @property
    def is_wild(self) -> bool:
        return self.kind == "wild"


class RollResult(FrozenRecord):
    """A finished roll: the log of every die, which set was kept, and the total."""

    __slots__ = (
        "critical_failure",
        "dice",
        "kept_set",
        "other_roll",
        "seed",
        "set_totals",
        "spec",
        "spends",
        "total",
    )
    spec: RollSpec
    dice: tuple[DieRoll, ...]
    kept_set: int
    set_totals: tuple[int, ...]  # the dice totals compared in R3 step 4
    critical_failure: bool
    total: int
    seed: int | None
    spends: tuple[str, ...]  # after-roll spends, in the order they were made
    other_roll: RollResult | None  # an action point reroll keeps one, logs both

    def __init__(
        self,
        spec: RollSpec,
        dice: tuple[DieRoll, ...],
        kept_set: int,
        set_totals: tuple[int, ...],
        critical_failure: bool,
        total: int,
        seed: int | None = None,
        spends: tuple[str, ...] = (),
        other_roll: RollResult | None = None,
    ) -> None:
        values = (spec, dice, kept_set, set_totals, critical_failure, total, seed, spends)
        for name, value in zip(self._fields, (*values, other_roll), strict=True):
            object.__setattr__(self, name, value)

    @property
    def counted(self) -> tuple[DieRoll, ...]:
        """The dice that make the total: in the kept set and not dropped."""
        return tuple(d for d in self.dice if d.set_index == self.kept_set and d.dropped is None)

    @property
    def successes(self) -> int:
        """R3 success counting: every counted face showing 3+ is one success."""
        return sum(face >= SUCCESS_FACE for d in self.counted for face in d.shown)


def new_seed() -> int:
    """A fresh seed for a roll the table will want to replay."""
    import secrets  # hashlib and OpenSSL (~5 ms): with the first roll, not the dice panel

    return secrets.randbits(63)


def roll_seeded(spec: RollSpec, seed: int | None = None) -> RollResult:
    """Roll with a recorded seed: ``roll_seeded(spec, r.seed)`` replays ``r`` exactly."""
    seed = new_seed() if seed is None else seed
    return roll(spec, random.Random(seed)).replace(seed=seed)


def roll(spec: RollSpec, rng: random.Random) -> RollResult:
    """Roll one check through R3 steps 1-7."""
    first = _roll_set(spec, rng, 0)
    sets = [first]
    kept = 0
    if spec.advantage_sign:  # R3 step 4: roll the whole set a second time
        sets.append(_roll_set(spec, rng, 1))
        first_total, second_total = (_set_total(s) for s in sets)
        if spec.advantage_sign > 0:
            kept = 0 if first_total >= second_total else 1  # ties: the first set
        else:
            kept = 0 if first_total <= second_total else 1
    kept_dice = _boost_or_penalty(spec, rng, sets[kept], kept)  # R3 step 5
    others = [d for i, s in enumerate(sets) if i != kept for d in s]
    dice = tuple(_flip(spec, d) for d in kept_dice) + tuple(others)  # R3 step 6
    return _finish(spec, dice, kept, tuple(_set_total(s) for s in sets))


def _roll_set(spec: RollSpec, rng: random.Random, set_index: int) -> list[DieRoll]:
    """R3 steps 1-3 for one set of dice."""
    base = spec.code.rolled_dice
    wild = spec.wild_count
    kinds: list[DieKind] = ["regular"] * base
    kinds += ["luck"] * (spec.pool - base)  # step 1: a luck point doubles the dice
    kinds[:wild] = ["wild"] * wild  # step 2: W of the dice become Wild Dice
    dice: list[DieRoll] = []
    for index, kind in enumerate(kinds):
        faces = _wild_chain(spec.sides, rng) if kind == "wild" else (rng.randint(1, spec.sides),)
        dice.append(DieRoll(kind, faces, set_index, sides=spec.sides))
        # Step 3 ruling: only the first Wild Die can fail critically; +WD extras never do.
        if index == 0 and kind == "wild" and faces[0] == 1:
            dice[0] = dice[0].replace(critical=True)
    if dice and dice[0].critical:
        _apply_critical_failure(spec, dice)
    return dice


def _wild_chain(sides: int, rng: random.Random) -> tuple[int, ...]:
    """R3 step 3: a Wild Die showing its top face rolls again and adds, while it does."""
    faces = [rng.randint(1, sides)]
    while faces[-1] == sides and len(faces) < CHAIN_CAP:
        faces.append(rng.randint(1, sides))
    return tuple(faces)


def _apply_critical_failure(spec: RollSpec, dice: list[DieRoll]) -> None:
    """R3 step 3 setting: `complication` keeps the 1; `zero` removes the Wild Die;
    `drop_highest` removes it and the highest other die."""
    if spec.critical_failure == "complication":
        return
    dice[0] = dice[0].replace(dropped="critical")
    if spec.critical_failure == "drop_highest" and len(dice) > 1:
        highest = max(range(1, len(dice)), key=lambda i: (dice[i].value, -i))
        dice[highest] = dice[highest].replace(dropped="critical_highest")


def _set_total(dice: list[DieRoll]) -> int:
    """R3 step 4 compares dice totals: rolled values of the dice still in the roll."""
    return sum(d.value for d in dice if d.dropped is None)


def _boost_or_penalty(
    spec: RollSpec, rng: random.Random, kept: list[DieRoll], set_index: int
) -> list[DieRoll]:
    """R3 step 5: roll k extra dice beside the kept set, then discard k dice: the lowest
    for Boost, the highest for Penalty. Every die of the set is a candidate, a Wild Die
    with its whole exploded total (ruling); a discarded Wild Die takes its explosion or
    critical failure with it.

    Ruling (ours; RULES.md is silent): among equal values the Wild Die leaves first, so
    a Boost die that ties a critical 1 takes the critical failure away.
    """
    count = abs(spec.net_boost)
    if not count:
        return list(kept)
    kind: Literal["boost", "penalty"] = "boost" if spec.net_boost > 0 else "penalty"
    extra = [
        DieRoll(kind, (rng.randint(1, spec.sides),), set_index, sides=spec.sides)
        for _ in range(count)
    ]
    dice = list(kept) + extra
    candidates = [i for i, d in enumerate(dice) if d.dropped is None]
    sign = 1 if kind == "boost" else -1
    candidates.sort(key=lambda i: (sign * dice[i].value, not dice[i].is_wild, i))
    for i in candidates[:count]:
        dice[i] = dice[i].replace(dropped=kind)
    return dice


def _flip(spec: RollSpec, die: DieRoll) -> DieRoll:
    """R3 step 6: each face of a counted die flips at most once, judged on its rolled
    value; each roll of a Wild Die chain is a face of its own (ruling)."""
    if die.dropped is not None or not spec.flips:
        return die
    return die.replace(flipped=tuple(face in spec.flips for face in die.faces))


def _finish(
    spec: RollSpec,
    dice: tuple[DieRoll, ...],
    kept: int,
    set_totals: tuple[int, ...],
    *,
    seed: int | None = None,
    spends: tuple[str, ...] = (),
    other_roll: RollResult | None = None,
) -> RollResult:
    """R3 step 7: add the faces (or count successes), the pips and the value modifiers."""
    counted = [d for d in dice if d.set_index == kept and d.dropped is None]
    if spec.count_successes:
        dice_part = sum(face >= SUCCESS_FACE for d in counted for face in d.shown)
    else:
        dice_part = sum(sum(d.shown) for d in counted)
    # The flag stays unless Boost/Penalty discarded the Wild Die that failed (R3 step 5).
    critical = any(
        d.critical and d.dropped in (None, "critical") for d in dice if d.set_index == kept
    )
    return RollResult(
        spec=spec,
        dice=dice,
        kept_set=kept,
        set_totals=set_totals,
        critical_failure=critical,
        total=dice_part + spec.added_pips + spec.modifier,
        seed=seed,
        spends=spends,
        other_roll=other_roll,
    )


def add_dice(result: RollResult, kind: DieKind, count: int, rng: random.Random) -> RollResult:
    """After the roll (R3, R7): extra plain dice join the kept set and the total.
    Flips still apply to them: they are part of the same check."""
    spec = result.spec
    extra = tuple(
        _flip(spec, DieRoll(kind, (rng.randint(1, spec.sides),), result.kept_set, sides=spec.sides))
        for _ in range(count)
    )
    return _finish(
        spec,
        result.dice + extra,
        result.kept_set,
        result.set_totals,
        seed=result.seed,
        spends=(*result.spends, kind),
        other_roll=result.other_roll,
    )
