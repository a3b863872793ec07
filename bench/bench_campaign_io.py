"""Benchmark: open a 1,000-character campaign folder and save one character.

    .venv/bin/python bench/bench_campaign_io.py [--characters 1000] [--runs 5] [--saves 50]

Builds a campaign in a temp folder from the sample campaign's sheets (copies renamed, so
the files have realistic sizes), then times, as medians:

- opening the folder (``open_campaign``: read, parse, migrate-check, validate every file);
- saving one character (``save_document``: serialise, conflict check, temp file, fsync,
  backup rotation, replace, folder fsync);
- loading one character.

Goals (issue 3): open the folder in under 1 s; one character save under 10 ms. The page
cache is warm (the files were just written), as it is when a player reopens a campaign.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from sheets.documents import Campaign  # noqa: E402
from sheets.storage import (  # noqa: E402
    CHARACTERS_FOLDER,
    ENCOUNTERS_FOLDER,
    create_campaign_folder,
    load_character,
    open_campaign,
    save_document,
)

SAMPLE = ROOT / "resources" / "sample-campaign"
OPEN_GOAL_S = 1.0
SAVE_GOAL_MS = 10.0


def build_campaign(folder: Path, count: int) -> Path:
    """A campaign folder with ``count`` characters copied from the sample's sheets."""
    root = create_campaign_folder(folder, Campaign(title=f"Benchmark: {count} characters"))
    sample_files = sorted((SAMPLE / CHARACTERS_FOLDER).glob("*.json"))
    templates = [load_character(p).document for p in sample_files]
    for number in range(count):
        sheet = templates[number % len(templates)].model_copy(deep=True)
        if number < len(templates):  # the sample's own files, so its encounters resolve
            name = sample_files[number].name
        else:
            sheet.name = f"{sheet.name} #{number}"
            name = f"character-{number:05d}.json"
        save_document(sheet, root / CHARACTERS_FOLDER / name, keep_backups=0)
    for encounter in (SAMPLE / ENCOUNTERS_FOLDER).glob("*.json"):
        (root / ENCOUNTERS_FOLDER / encounter.name).write_bytes(encounter.read_bytes())
    return root


def median_seconds(action: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median and best of ``runs`` timings of ``action``."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--characters", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5, help="folder opens to time")
    parser.add_argument("--saves", type=int, default=50, help="character saves to time")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="wilddie-bench-") as temp:
        start = time.perf_counter()
        root = build_campaign(Path(temp) / "campaign", args.characters)
        built = time.perf_counter() - start
        size = sum(p.stat().st_size for p in root.rglob("*.json"))
        print(
            f"campaign: {args.characters} characters, {size / 1e6:.1f} MB, built in {built:.2f} s"
        )

        opened = open_campaign(root)
        assert not opened.problems, opened.problems[:3]
        assert len(opened.characters) == args.characters
        open_median, open_best = median_seconds(lambda: open_campaign(root), args.runs)

        path = root / CHARACTERS_FOLDER / "greta-vance.json"
        loaded = load_character(path)
        sheet, stamp = loaded.document, loaded.stamp

        def save_one() -> None:
            nonlocal stamp
            sheet.fame += 1  # a real change each time: a real write and a backup
            stamp = save_document(sheet, path, opened=stamp)

        save_median, save_best = median_seconds(save_one, args.saves)
        load_median, _ = median_seconds(lambda: load_character(path), args.saves)

    open_ok = "ok" if open_median < OPEN_GOAL_S else "OVER GOAL"
    save_ok = "ok" if save_median * 1000 < SAVE_GOAL_MS else "OVER GOAL"
    print(
        f"open folder:    median {open_median:.3f} s (best {open_best:.3f} s) "
        f"goal < {OPEN_GOAL_S:.0f} s: {open_ok}"
    )
    print(
        f"save character: median {save_median * 1000:.2f} ms (best {save_best * 1000:.2f} ms) "
        f"goal < {SAVE_GOAL_MS:.0f} ms: {save_ok}"
    )
    print(f"load character: median {load_median * 1000:.2f} ms")
    return 0 if open_ok == save_ok == "ok" else 1


if __name__ == "__main__":
    sys.exit(main())
