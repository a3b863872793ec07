"""Exact odds over many dice-panel set-ups: the time a player waits after a change.

    .venv/bin/python bench/odds_scan.py [--seed 17] [--count 200] [--slowest 8] [--runs N]

200 random set-ups of the dice panel (seeded, so every run times the same ones: 1-30
dice, pips, 0-3 Wild Dice, every critical failure rule, luck, Advantage, Disadvantage,
Boost and Penalty 0-3, up to two flips) plus the extreme set-ups issue 17 measured. Each
``distribution`` is computed once, cold for that set-up (the engine's caches hold what
earlier set-ups left, as in a session), GMP engaged first as the app does at idle
(``sheets.odds.big``), and with automatic cycle collection off while it runs, as the
odds worker's pool has it (``ui.services.gc_guard``). Prints median, p99 and max beside
the goals (p99 <= 50 ms, max <= 250 ms), and the slowest set-ups.

The p99 is the third slowest of 203 set-ups, and this machine's speed swings 1.5-2x from
one minute to the next. ``--runs N`` runs the scan N times, each in a fresh process, and
prints each run's p99 and max, then those of every set-up's best time over the runs
(as ``timeit`` takes the best of its repeats: the engine's cost without the machine's
swings).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.memory import keep_big_blocks
from bench.bench_odds import PIPELINE
from sheets.dice import RollSpec
from sheets.dice.spec import CRITICAL_FAILURE_RULES
from sheets.odds import distribution
from sheets.odds.big import engage
from ui.services import gc_guard

P99_GOAL_MS = 50.0
MAX_GOAL_MS = 250.0

# The set-ups issue 17 measured as the slowest, and its whole-pipeline case.
EXTREMES = [
    RollSpec(code="30D+1", luck=True, penalty=3, advantage=1, flips=frozenset({1, 6})),
    RollSpec(code="30D", wild_dice=3, penalty=2, disadvantage=1),
    PIPELINE,
]


def random_setup(rng: random.Random) -> RollSpec:
    """One dice-panel set-up, every option drawn at random."""
    return RollSpec(
        code=f"{rng.randint(1, 30)}D+{rng.randint(0, 2)}",
        wild_dice=rng.randint(0, 3),
        critical_failure=rng.choice(CRITICAL_FAILURE_RULES),
        luck=rng.random() < 0.3,
        advantage=rng.randint(0, 1),
        disadvantage=rng.randint(0, 1),
        boost=rng.randint(0, 3),
        penalty=rng.randint(0, 3),
        flips=frozenset(rng.sample(range(1, 7), rng.randint(0, 2))),
        modifier=rng.randint(-3, 3),
    )


def percentile(ordered: list[float], q: float) -> float:
    """Nearest-rank percentile of sorted values."""
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def describe(spec: RollSpec) -> str:
    parts = [str(spec.code), f"{spec.wild_count} Wild"]
    if spec.luck:
        parts.append("luck")
    sign = spec.advantage_sign
    if sign:
        parts.append("Advantage" if sign > 0 else "Disadvantage")
    if spec.net_boost:
        net = spec.net_boost
        parts.append(f"Boost {net}" if net > 0 else f"Penalty {-net}")
    if spec.flips:
        parts.append("flips " + ",".join(str(f) for f in sorted(spec.flips)))
    parts.append(spec.critical_failure)
    return ", ".join(parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--slowest", type=int, default=8)
    parser.add_argument("--runs", type=int, default=1, help="scans, each in a fresh process")
    parser.add_argument("--times", action="store_true", help=argparse.SUPPRESS)  # one run's ms
    args = parser.parse_args()
    if args.runs > 1:
        return _runs(args)
    keep_big_blocks()  # as the app does once its first screen is up (app.memory)
    # As the app's odds worker does at idle after its first answer (ui/dice/odds_worker):
    # the import of gmpy2 is paid once a session, by no set-up; timed here apart.
    start = time.perf_counter()
    gmp = engage()
    engage_ms = (time.perf_counter() - start) * 1e3
    rng = random.Random(args.seed)
    setups = [random_setup(rng) for _ in range(args.count)] + EXTREMES
    timed: list[tuple[float, RollSpec]] = []
    for spec in setups:
        # The app computes these in its odds worker's pool, and no collection runs while a
        # worker runs Python (gc_guard): a collection's pause is no part of the wait. A
        # few set-ups of six dice or fewer are answered on the GUI thread instead, in
        # about a millisecond.
        gc_guard.worker_started()
        start = time.perf_counter()
        distribution(spec)
        elapsed = time.perf_counter() - start
        gc_guard.worker_finished()
        timed.append((elapsed * 1e3, spec))
    if args.times:
        print(json.dumps([ms for ms, _ in timed]))
        return 0
    ordered = sorted(ms for ms, _ in timed)
    median, p99, worst = statistics.median(ordered), percentile(ordered, 0.99), ordered[-1]
    print(f"{len(setups)} set-ups (seed {args.seed}: {args.count} random, {len(EXTREMES)} extreme)")
    print(
        f"GMP engaged first in {engage_ms:.1f} ms (once a session, at idle)"
        if gmp
        else "gmpy2 not available: Python ints"
    )
    print(f"{'':8s} {'ms':>9s} {'goal ms':>9s}")
    print(f"{'median':8s} {median:9.2f}")
    for label, ms, goal in (("p99", p99, P99_GOAL_MS), ("max", worst, MAX_GOAL_MS)):
        print(f"{label:8s} {ms:9.2f} {goal:9.0f}  {'met' if ms <= goal else 'MISSED'}")
    print("slowest:")
    for ms, spec in sorted(timed, key=lambda pair: -pair[0])[: args.slowest]:
        print(f"  {ms:9.2f} ms  {describe(spec)}")
    for ms, spec in timed[args.count :]:
        print(f"extreme {ms:9.2f} ms  {describe(spec)}")
    return 0


def _runs(args: argparse.Namespace) -> int:
    """``--runs N``: N scans in fresh processes; each run's figures, then those of the
    best time of every set-up."""
    command = [sys.executable, __file__, "--times", "--seed", str(args.seed)]
    command += ["--count", str(args.count)]
    runs: list[list[float]] = []
    print(f"{args.runs} runs of {args.count + len(EXTREMES)} set-ups (seed {args.seed}), ms:")
    for number in range(1, args.runs + 1):
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        times = json.loads(done.stdout.splitlines()[-1])
        runs.append(times)
        ordered = sorted(times)
        print(
            f"  run {number}: median {statistics.median(ordered):6.2f}"
            f"  p99 {percentile(ordered, 0.99):7.2f}  max {ordered[-1]:7.2f}"
        )
    bests = [min(each) for each in zip(*runs, strict=True)]
    best = sorted(bests)
    for label, ms, goal in (
        ("p99", percentile(best, 0.99), P99_GOAL_MS),
        ("max", best[-1], MAX_GOAL_MS),
    ):
        verdict = "met" if ms <= goal else "MISSED"
        print(f"best of each set-up: {label} {ms:7.2f} (goal {goal:.0f})  {verdict}")
    rng = random.Random(args.seed)
    setups = [random_setup(rng) for _ in range(args.count)] + EXTREMES
    print("slowest by best time:")
    for ms, spec in sorted(zip(bests, setups, strict=True), key=lambda pair: -pair[0])[
        : args.slowest
    ]:
        print(f"  {ms:9.2f} ms  {describe(spec)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
