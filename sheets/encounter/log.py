"""Log lines a table can read: "Round 2, Kara: Dodge 5D+1 vs 15 -> 19, +4 result points,
rank 1: Stunned". Every command writes one entry with its inputs, seed and effects."""

from __future__ import annotations

from sheets.documents import LogEntry
from sheets.encounter.changes import Changes
from sheets.encounter.state import EncounterView
from sheets.results import rank_of


def prefix(view: EncounterView, actor: str | None) -> str:
    """``Round 2, Kara`` / ``Kara`` / ``Round 2`` / ``GM``."""
    enc = view.encounter
    name = view.by_id[actor].name if actor and actor in view.by_id else ""
    head = f"Round {enc.round}" if enc.round and enc.scene_type == "tactical" else ""
    if head and name:
        return f"{head}, {name}"
    return head or name or "GM"


def check_words(label: str, code: str, against: int | None, total: int) -> str:
    """``Dodge 5D+1 vs 15 -> 19, +4 result points, rank 1``."""
    if against is None:
        rank = rank_of(total)
        tail = f", rank {rank.number}" if rank else ", no rank"
        return f"{label} {code} -> {total}{tail}"
    points = total - against
    rank = rank_of(points)
    tail = f", rank {rank.number}" if rank else ", no rank"
    return f"{label} {code} vs {against} -> {total}, {points:+d} result points{tail}"


def write(
    view: EncounterView,
    changes: Changes,
    actor: str | None,
    entry_type: str,
    text: str,
    data: dict[str, object],
    at: str = "",
) -> LogEntry:
    """Append one log entry (recorded, so undo removes it)."""
    entry = LogEntry.model_construct(
        round=view.encounter.round,
        actor=actor or "",
        entry_type=entry_type,
        text=text,
        data=data,
        at=at,
    )
    changes.append(view.encounter.log, entry)
    return entry
