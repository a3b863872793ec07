"""Exact odds: sheets.odds.distribution against icepool on the issue's cases.

    .venv/bin/pip install icepool   # bench-only dependency (pyproject extra "bench")
    .venv/bin/python bench/bench_odds.py [--runs 5]

Each case is computed by both libraries; the distributions are compared (they must agree
within 1e-12) and timed three ways: cold (the first computation in a fresh process, after
imports: what a player waits for the first time), warm (best of --runs in one process:
both libraries answer from their caches) and, for ours, recomputed (best of --runs with
our cache emptied before each). The whole pipeline is printed beside its goal (50 ms)."""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.memory import keep_big_blocks  # noqa: E402
from sheets.dice import RollSpec  # noqa: E402
from sheets.odds import _cached, distribution  # noqa: E402
from sheets.odds.big import engage  # noqa: E402

PIPELINE_GOAL_MS = 50.0
DEPTH = 21  # our Wild Die chain depth for one Wild Die in two sets; icepool gets the same

CASES: dict[str, tuple[RollSpec, str]] = {
    "5D+2, Wild Die": (RollSpec(code="5D+2"), f"4 @ d6 + d6.explode(depth={DEPTH}) + 2"),
    "12D, Wild Die": (RollSpec(code="12D"), f"11 @ d6 + d6.explode(depth={DEPTH})"),
    "8D, Boost 2, no Wild Die": (
        RollSpec(code="8D", boost=2, wild_dice=0),
        "d6.pool(10).highest(8).sum()",
    ),
    "6D, Advantage": (
        RollSpec(code="6D", advantage=1),
        f"icepool.highest(*[5 @ d6 + d6.explode(depth={DEPTH})] * 2)",
    ),
    "10D, luck point": (RollSpec(code="10D", luck=True), f"19 @ d6 + d6.explode(depth={DEPTH})"),
    "9D, Penalty 3, no Wild Die": (
        RollSpec(code="9D", penalty=3, wild_dice=0),
        "d6.pool(12).lowest(9).sum()",
    ),
}
PIPELINE = RollSpec(
    code="10D+2",
    luck=True,
    wild_dice=2,
    advantage=1,
    boost=2,
    flips=frozenset({1, 6}),
    critical_failure="drop_highest",
)


def _icepool(expression: str) -> dict[int, float]:
    import icepool
    from icepool import d6

    die = eval(expression, {"icepool": icepool, "d6": d6})  # our own table above
    return {int(k): float(v) for k, v in zip(die.outcomes(), die.probabilities(), strict=True)}


def _time(compute: Callable[[], object], runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        compute()
        best = min(best, time.perf_counter() - start)
    return best


def _verdict(row: dict[str, Any]) -> str:
    """Whether ours took at most icepool's time: cold, warm, and recomputed against
    icepool's warm (its cache against our full computation)."""
    checks = [
        ("cold", row["ours_cold_ms"] <= row["icepool_cold_ms"]),
        ("warm", row["ours_warm_ms"] <= row["icepool_warm_ms"]),
        ("recomputed", row["ours_recomputed_ms"] <= row["icepool_warm_ms"]),
    ]
    return " ".join(f"{name} {'yes' if ok else 'NO'}" for name, ok in checks)


def _recompute(spec: RollSpec, runs: int) -> float:
    """Best of ``runs`` computations of ``spec`` with our cache emptied before each."""
    best = float("inf")
    for _ in range(runs):
        _cached.cache_clear()
        start = time.perf_counter()
        distribution(spec)
        best = min(best, time.perf_counter() - start)
    return best


def _cold(library: str, name: str) -> float:
    """The first computation of one case in a fresh interpreter, in seconds."""
    output = subprocess.run(
        [sys.executable, __file__, "--cold-one", library, name],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return float(output.strip().splitlines()[-1])


def _cold_one(library: str, name: str) -> None:
    spec, expression = CASES.get(name, (PIPELINE, ""))
    if library == "icepool":
        import icepool  # noqa: F401 - imports are not part of the timing

        start = time.perf_counter()
        _icepool(expression)
    else:
        start = time.perf_counter()
        distribution(spec)
    print(time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cold-runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--cold-one", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    keep_big_blocks()  # as the app does once its first screen is up (app.memory)
    engage()  # GMP, as the app's odds worker does at idle after its first answer
    if args.cold_one:
        _cold_one(*args.cold_one)
        return 0
    try:
        import icepool
    except ImportError:
        print("icepool is not installed: .venv/bin/pip install icepool", file=sys.stderr)
        return 2

    rows: list[dict[str, Any]] = []
    for name, (spec, expression) in CASES.items():
        ours, theirs = distribution(spec), _icepool(expression)
        gap = max(abs(ours.get(t, 0.0) - theirs.get(t, 0.0)) for t in set(ours) | set(theirs))
        if gap > 1e-12:
            raise SystemExit(f"{name}: the distributions differ by {gap:.2e}")
        cold_ours = statistics.median(_cold("ours", name) for _ in range(args.cold_runs))
        cold_theirs = statistics.median(_cold("icepool", name) for _ in range(args.cold_runs))
        rows.append(
            {
                "case": name,
                "max_difference": gap,
                "ours_cold_ms": cold_ours * 1e3,
                "icepool_cold_ms": cold_theirs * 1e3,
                "ours_warm_ms": _time(lambda s=spec: distribution(s), args.runs) * 1e3,
                "icepool_warm_ms": _time(lambda e=expression: _icepool(e), args.runs) * 1e3,
                "ours_recomputed_ms": _recompute(spec, args.runs) * 1e3,
            }
        )
    pipeline_cold = statistics.median(_cold("ours", "pipeline") for _ in range(args.cold_runs))
    pipeline_warm = _recompute(PIPELINE, args.runs)
    if args.json:
        print(json.dumps({"cases": rows, "pipeline_ms": pipeline_warm * 1e3}, indent=2))
        return 0
    print(
        f"icepool {icepool.__version__}; times in ms (cold: first computation in a fresh "
        f"process, median of {args.cold_runs}; warm: cached, best of {args.runs}; "
        f"recomputed: ours without its cache, best of {args.runs})"
    )
    print(
        f"{'case':28s} {'ours cold':>10s} {'icepool cold':>13s} {'ours warm':>10s} "
        f"{'icepool warm':>13s} {'recomputed':>11s}  max |diff|  at most icepool's time"
    )
    for row in rows:
        print(
            f"{row['case']:28s} {row['ours_cold_ms']:10.2f} {row['icepool_cold_ms']:13.2f} "
            f"{row['ours_warm_ms']:10.3f} {row['icepool_warm_ms']:13.3f} "
            f"{row['ours_recomputed_ms']:11.2f}  {row['max_difference']:.1e}  "
            f"{_verdict(row)}"
        )
    total = {k: sum(r[k] for r in rows) for k in rows[0] if k.endswith("_ms")}
    print(
        f"{'total':28s} {total['ours_cold_ms']:10.2f} {total['icepool_cold_ms']:13.2f} "
        f"{total['ours_warm_ms']:10.3f} {total['icepool_warm_ms']:13.3f} "
        f"{total['ours_recomputed_ms']:11.2f}"
    )
    print(
        f"whole pipeline ({PIPELINE.code}, luck, 2 Wild Dice, Advantage, Boost 2, F1 F6, "
        f"drop_highest): cold {pipeline_cold * 1e3:.1f} ms, recomputed "
        f"{pipeline_warm * 1e3:.1f} ms; goal {PIPELINE_GOAL_MS:.0f} ms: "
        f"{'met' if pipeline_warm * 1e3 <= PIPELINE_GOAL_MS else 'MISSED'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
