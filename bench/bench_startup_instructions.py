"""Cold start counted in instructions (valgrind's cachegrind), not milliseconds.

    .venv/bin/python bench/bench_startup_instructions.py [--characters N]

The machine's cores are shared: wall-clock figures from bench_startup.py swing by half
when another process runs, and inflate Wild Die's ratio more than the bare window's. The
instructions a process executes up to a moment do not depend on the load, so their ratio
is a steady stand-in for the time ratio (here 1 ms is ~4 million instructions; I/O waits
are not counted). Each figure is one fresh process under ``valgrind --tool=cachegrind
--cache-sim=no`` (~20 s each) that exits at the moment measured:

- bare: the bare ``QMainWindow`` of bench_startup.py, at its first paint;
- floor: a plain PySide6 window with the first screen's widgets (bench_startup.py --floor);
- Wild Die's first paint, and Wild Die fully loaded (the dice panel's odds painted).

Needs ``valgrind`` (apt). A warm-up run first writes the settings and the bytecode caches.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_startup import BARE, FLOOR, ROOT, _big_campaign, _env

# Runs ``python -m app`` and ends the process at one of the start-up probe's marks.
_APP_UNTIL = """
import builtins, os, runpy, sys
mark = "wilddie-startup " + sys.argv[1] + " "
_print = builtins.print

def stop_at_mark(*args, **kwargs):
    _print(*args, **kwargs)
    if args and isinstance(args[0], str) and args[0].startswith(mark):
        sys.stdout.flush()
        os._exit(0)

builtins.print = stop_at_mark
sys.argv = ["app", *sys.argv[2:]]
runpy.run_module("app", run_name="__main__")
"""


VALGRIND = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]


def _exit_at_first_paint(source: str) -> str:
    return source.replace("QTimer.singleShot(0, app.quit)", "sys.stdout.flush(); os._exit(0)")


def _instructions(command: list[str], env: dict[str, str]) -> int:
    proc = subprocess.run(
        [*VALGRIND, *command],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", proc.stderr)
    if proc.returncode != 0 or found is None:
        raise SystemExit(f"{command[:3]} failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--characters", type=int, default=0, help="a campaign of N characters")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    with tempfile.TemporaryDirectory(prefix="wilddie-bench-") as folder:
        env = _env(Path(folder), "offscreen")
        app_env = dict(env, WILDDIE_STARTUP_PROBE="1", WILDDIE_QUIT_AFTER_MS="60000")
        extra = (
            ["gui", str(_big_campaign(Path(folder), args.characters))] if args.characters else []
        )
        warm_up = [sys.executable, "-m", "app", *extra]
        subprocess.run(
            warm_up, cwd=ROOT, env=app_env, capture_output=True, timeout=300, check=False
        )
        header = "sample campaign" if not args.characters else f"{args.characters} characters"
        print(f"instructions to each moment (valgrind cachegrind), {header}:")
        rows = (
            (
                "bare PySide6 QMainWindow, first paint",
                [sys.executable, "-c", "import os\n" + _exit_at_first_paint(BARE)],
                env,
            ),
            (
                "PySide6, the first screen's widgets (floor)",
                [sys.executable, "-c", "import os\n" + _exit_at_first_paint(FLOOR)],
                env,
            ),
            (
                "Wild Die, first paint",
                [sys.executable, "-c", _APP_UNTIL, "first-paint", *extra],
                app_env,
            ),
            (
                "Wild Die, fully loaded (odds painted)",
                [sys.executable, "-c", _APP_UNTIL, "usable", *extra],
                app_env,
            ),
        )
        bare = 0
        for label, command, run_env in rows:
            count = _instructions(command, run_env)
            bare = bare or count
            print(f"  {label:44s} {count / 1e6:8.1f} M  = {count / bare:.2f}x bare", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
