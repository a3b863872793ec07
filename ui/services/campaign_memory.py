"""What the app remembers of each campaign between runs: the open sheets (and which was
in front) and the roll history. Private to this machine (the user state folder), one
small JSON file per campaign folder; a missing or damaged file is an empty memory.

A roll is kept as its spec, seed and spends (``sheets.dice.replay_spec`` rolls it again
exactly, R3), so the history comes back as it was, never re-rolled.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from ui.services.paths import state_dir

MAX_ROLLS: Final = 200
"""Rolls kept per campaign: an evening's worth and more."""


@dataclass(frozen=True, slots=True)
class RememberedRoll:
    time: datetime
    spec: dict[str, Any]
    """``sheets.dice.text.spec_as_dict`` of the roll."""
    seed: int
    spends: tuple[str, ...] = ()
    against: int | None = None
    replayed: bool = False


@dataclass(slots=True)
class CampaignMemory:
    open_sheets: list[str] = field(default_factory=list)
    """Relative paths of the sheets that were open, in tab order."""
    current: str | None = None
    rolls: list[RememberedRoll] = field(default_factory=list)
    """Oldest first."""


def memory_file(folder: Path) -> Path:
    absolute = folder.expanduser().absolute()
    digest = hashlib.sha256(str(absolute).encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return state_dir() / "campaigns" / f"{absolute.name[:40]}-{digest}.json"


def load_memory(folder: Path) -> CampaignMemory:
    try:
        raw = json.loads(memory_file(folder).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return CampaignMemory()
    if not isinstance(raw, dict):
        return CampaignMemory()
    sheets = [s for s in raw.get("open_sheets", []) if isinstance(s, str)]
    current = raw.get("current")
    rolls = []
    for item in raw.get("rolls", []):
        try:
            rolls.append(
                RememberedRoll(
                    datetime.fromisoformat(item["time"]),
                    dict(item["spec"]),
                    int(item["seed"]),
                    tuple(str(s) for s in item.get("spends", ())),
                    None if item.get("against") is None else int(item["against"]),
                    bool(item.get("replayed", False)),
                )
            )
        except (KeyError, TypeError, ValueError):
            continue  # one odd roll is skipped, not the memory
    return CampaignMemory(sheets, current if isinstance(current, str) else None, rolls)


def save_memory(folder: Path, memory: CampaignMemory) -> None:
    """Write the memory (atomically); a failure is ignored: it is a convenience."""
    from sheets.storage import save_bytes

    data = {
        "folder": str(folder.absolute()),
        "open_sheets": memory.open_sheets,
        "current": memory.current,
        "rolls": [
            {
                "time": r.time.isoformat(timespec="seconds"),
                "spec": r.spec,
                "seed": r.seed,
                "spends": list(r.spends),
                "against": r.against,
                "replayed": r.replayed,
            }
            for r in memory.rolls[-MAX_ROLLS:]
        ],
    }
    target = memory_file(folder)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        save_bytes(target, text.encode("utf-8"), overwrite=True, keep_backups=0)
    except OSError:
        pass
