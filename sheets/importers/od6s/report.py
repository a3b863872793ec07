"""What the import hands back: the character, the report, and what went to the notes.

Nothing in an export is dropped without a word: what has no home on a Wild Die sheet goes to
the notes under a section title, and the report's first line (the summary) names it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from sheets.documents import Character
from sheets.importers.od6s.values import plural

FORMAT: Final = "od6s"

# What the summary counts, in its order, with its words for one and many.
_COUNTED: Final = {
    "abilities": ("ability", "abilities"),
    "skills": ("skill", "skills"),
    "specializations": ("specialization", "specializations"),
    "weapons": ("weapon", "weapons"),
    "armour": ("armour", "armour"),
}


@dataclass
class Notes:
    """The character's notes, by section, and short labels of what was kept there."""

    sections: dict[str, list[str]] = field(default_factory=dict)
    kept: list[str] = field(default_factory=list)

    def add(self, section: str, line: str) -> None:
        self.sections.setdefault(section, []).append(line)

    def text(self, first: str) -> str:
        blocks = [first] if first else []
        for title, lines in self.sections.items():
            blocks.append(title + ":\n" + "\n".join(f"- {line}" for line in lines))
        return "\n\n".join(blocks)


@dataclass(frozen=True, slots=True)
class ImportResult:
    """One imported character and what happened to the export's contents."""

    character: Character
    report: list[str]
    """Readable lines; the first is the summary ("3 skills, 2 weapons ... imported; ...")."""
    counts: dict[str, int]
    """abilities, skills, specializations, weapons, armour: how many got a home."""
    kept_in_notes: list[str]
    """Short labels of what went to the notes (``ca1 (Luck)``, ``2 gear``, ``image``)."""
    format: str = FORMAT
    crew: list[Character] = field(default_factory=list)
    """Characters that came inside the export (a vehicle's embedded pilot): each is
    saved as a sheet of its own; the vehicle names its pilot (``Character.pilot``)."""
    skipped: int = 0
    """How many values could not be read and were skipped (each has a report line)."""
    leftover: list[str] = field(default_factory=list)
    """The od6s fields read but placed nowhere on the sheet (kept in the notes)."""

    @property
    def summary(self) -> str:
        return self.report[0]


def no_counts() -> dict[str, int]:
    """Every count the summary knows, at 0."""
    return dict.fromkeys(_COUNTED, 0)


def summary(counts: Mapping[str, int], kept: Sequence[str], skipped: int = 0) -> str:
    """The report's first line: what got a home, what was kept in the notes, and how many
    unreadable values were skipped (each has a line of its own)."""
    parts = [plural(counts[key], *_COUNTED[key]) for key in _COUNTED if counts[key]]
    line = (", ".join(parts) or "only the name") + " imported"
    if kept:
        line += "; " + ", ".join(kept) + " kept in notes"
    if skipped:
        line += f"; {plural(skipped, 'unreadable value')} skipped"
    return line
