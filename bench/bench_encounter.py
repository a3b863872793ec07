"""Benchmark the encounter engine: 500 combatants with several conditions each.

Times ``NextTurn`` with expiry (median per call, and the slowest), and a whole round
(500 turns plus the round change), and the undo of that round.

    .venv/bin/python bench/bench_encounter.py
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sheets.dice import DieCode
from sheets.documents import (
    Ability,
    Character,
    CheckModifier,
    Combatant,
    Encounter,
    HouseRules,
    Side,
)
from sheets.encounter import CreateCondition, Engine, NextTurn
from sheets.results import Duration
from sheets.storage import dump_document

COMBATANTS = 500


def build(count: int = COMBATANTS) -> Engine:
    sides = [Side(name="Heroes", player_side=True), Side(name="Horde")]
    combatants = []
    for index in range(count):
        sheet = Character(
            kind="npc",
            name=f"Cultist {index}",
            importance="stock",
            abilities=[
                Ability(name="Strength", code=DieCode(2, index % 3)),
                Ability(name="Dexterity", code=DieCode(2, (index // 3) % 3)),
                Ability(name="Perception", code=DieCode(2 + index % 2, index % 3)),
            ],
        )
        combatants.append(
            Combatant(
                id=f"c{index}",
                name=sheet.name,
                side="Heroes" if index % 2 else "Horde",
                character=sheet,
            )
        )
    encounter = Encounter(name="Bench", sides=sides, combatants=combatants)
    engine = Engine(encounter, {}, HouseRules())
    engine.start()
    engine.roll_initiative(seed=1)
    engine.next_turn()  # round 1, first turn
    # Round 1: each combatant gets its conditions during its own turn, so that in the
    # measured rounds every turn end has something of its own to expire (R6).
    while engine.round == 1:
        owner = engine.current()
        assert owner is not None
        engine.apply(CreateCondition(owner, track="damage", ranks=1))
        engine.apply(
            CreateCondition(
                owner,
                name="+1D to Brawling",
                kind="cumulative",
                duration=Duration.END_OF_ENCOUNTER,
                modifier=CheckModifier(dice=1, skill="Brawling"),
            )
        )
        engine.apply(
            CreateCondition(
                owner,
                name="Dazzled",
                duration=Duration.ONE_TURN,
                modifier=CheckModifier(value=-2),
            )
        )
        engine.apply(
            CreateCondition(
                owner, name="Smoke", kind="cumulative", duration=Duration.ROUNDS, rounds=3
            )
        )
        engine.apply(
            CreateCondition(owner, name="Steadied", kind="cumulative", duration=Duration.ONE_ROUND)
        )
        engine.next_turn()
    return engine


def measure(engine: Engine, label: str, *, freeze_each_round: bool = False) -> None:
    count = len(engine.encounter.combatants)
    conditions = sum(len(c.conditions) for c in engine.encounter.combatants)
    times = []
    rounds = []
    round_changes = []
    for _ in range(3):
        start_round = engine.round
        round_start = time.perf_counter()
        while engine.round == start_round:
            t0 = time.perf_counter()
            engine.apply(NextTurn())
            spent = time.perf_counter() - t0
            (round_changes if engine.round != start_round else times).append(spent)
            if freeze_each_round and engine.round != start_round:
                gc.freeze()  # as the tracker does at each round change
        rounds.append(time.perf_counter() - round_start)
    left = sum(len(c.conditions) for c in engine.encounter.combatants)
    saved = dump_document(engine.encounter)
    undo_start = time.perf_counter()
    undone = 0
    while engine.can_undo and undone < count:
        engine.undo()
        undone += 1
    undo_time = time.perf_counter() - undo_start
    times.sort()
    print(f"-- {label}")
    print(f"{count} combatants, {conditions} conditions at the start")
    print(
        f"next turn with expiry: median {statistics.median(times) * 1e3:.3f} ms, "
        f"p95 {times[int(len(times) * 0.95)] * 1e3:.3f} ms, "
        f"max {times[-1] * 1e3:.3f} ms  [{len(times)} calls, "
        f"{conditions - left} conditions expired]"
    )
    print(
        "the turn that changes the round (budgets reset): "
        + ", ".join(f"{r * 1e3:.1f} ms" for r in round_changes)
    )
    print(
        "full round (500 turns + round change): " + ", ".join(f"{r * 1e3:.1f} ms" for r in rounds)
    )
    print(f"undo of {undone} turns: {undo_time * 1e3:.1f} ms; saved size {len(saved) // 1024} kB")


class FullCollections:
    """Counts Python's full (generation 2) garbage collections and their time."""

    def __init__(self) -> None:
        self.count = 0
        self.seconds = 0.0
        self._start = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.count += 1
            self.seconds += time.perf_counter() - self._start


def main() -> None:
    # A full collection walks every object of the 4 MB encounter: that pause lands on
    # whichever call triggers it (it is the "max" and the slow round, when there is one).
    # The app freezes what it loaded (gc.freeze() after opening an encounter) and what
    # each round left behind, so the collector leaves the long-lived objects alone; both
    # ways are measured.
    for frozen in (False, True):
        engine = build()
        if frozen:
            gc.collect()
            gc.freeze()
        collections = FullCollections()
        gc.callbacks.append(collections)
        try:
            how = "gc.freeze() after loading and each round, as the app runs" if frozen else "plain"
            measure(engine, f"{COMBATANTS} combatants, {how}", freeze_each_round=frozen)
        finally:
            gc.callbacks.remove(collections)
            gc.unfreeze()
        print(
            f"full garbage collections during the measurement: {collections.count}, "
            f"{collections.seconds * 1e3:.1f} ms in all"
        )


if __name__ == "__main__":
    main()
