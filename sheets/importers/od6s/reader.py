"""Reading the fields of one export, with every problem collected and none raised early.

An export is untrusted and its values come in loose types (``values``). Each reader returns
something usable (0, ``""``, ``{}``) and records a ``Problem`` naming the field's path: the
value is skipped, and the report and the notes say so (issue 18: a real od6s actor is never
refused for one odd field). A number outside Wild Die's range is imported at the nearest
allowed value, with what the source said. Only what makes reading on pointless (not an
actor at all, a limit broken) stops at once.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from sheets.documents.character import MAX_SCALE
from sheets.documents.common import NAME_LENGTH, TEXT_LENGTH
from sheets.importers.od6s.limits import MAX_PIPS, MAX_PROBLEMS
from sheets.importers.od6s.report import Notes
from sheets.importers.od6s.text import clean_line, html_to_text, shorten
from sheets.importers.od6s.values import Bad, loose_int, show
from sheets.storage import DocumentError, Problem, ProblemCode

SKIPPED_SECTION = "od6s values not imported (unreadable)"
CLAMPED_SECTION = "od6s values outside Wild Die's range"


class Reader:
    """One import's reading: the problems found, the notes kept and the report's lines."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[Problem] = []
        self.notes = Notes()
        self.report: list[str] = []
        self.leftover: list[str] = []
        """Fields read but placed nowhere on the sheet (kept in the notes, issue 18)."""

    # -- problems --

    def problem(self, where: Sequence[str], message: str, code: ProblemCode = "invalid") -> None:
        """A value that cannot be read: skipped, named in the report and the notes."""
        found = Problem(self.source, " -> ".join(where), message, code)
        if found in self.problems:
            return  # a value read twice is reported once
        self.problems.append(found)
        if len(self.problems) <= MAX_PROBLEMS:
            line = f"{found.where}: {message}" if found.where else message
            self.report.append(f"skipped {line}")
            self.notes.add(SKIPPED_SECTION, line)
        elif len(self.problems) == MAX_PROBLEMS + 1:
            self.report.append("skipped more values: only the first ones are listed")

    def clamped(self, where: Sequence[str], said: str, kept: int, what: str) -> None:
        """A number outside Wild Die's range, imported at the nearest allowed value."""
        path = " -> ".join(where)
        line = f"{path}: od6s says {said}, imported as {kept} ({what}: Wild Die's range ends there)"
        self.report.append(line)
        self.notes.add(CLAMPED_SECTION, line)

    def fail_now(self, where: Sequence[str], message: str, code: ProblemCode) -> DocumentError:
        return DocumentError([Problem(self.source, " -> ".join(where), message, code)])

    def refusal(self, problems: Sequence[Problem]) -> DocumentError:
        """The problems as one error, the first ``MAX_PROBLEMS`` of them."""
        problems = list(dict.fromkeys(problems))  # a value read twice is reported once
        shown = problems[:MAX_PROBLEMS]
        if len(problems) > MAX_PROBLEMS:
            shown.append(
                Problem(self.source, "", f"... and {len(problems) - MAX_PROBLEMS} more problems")
            )
        return DocumentError(shown)

    # -- objects and text --

    def obj(self, parent: Mapping[str, Any], key: str, where: list[str]) -> dict[str, Any]:
        value = parent.get(key)
        if value is None:
            return {}
        if isinstance(value, dict):
            return value
        self.problem([*where, key], f"should be an object {{...}}, not {show(value)}")
        return {}

    def text(self, parent: Mapping[str, Any], key: str, where: list[str]) -> str:
        value = parent.get(key)
        if value is None or isinstance(value, bool):
            return "" if value is None else str(value).lower()
        if isinstance(value, str):
            return value
        if isinstance(value, int) or (isinstance(value, float) and math.isfinite(value)):
            return str(value)
        self.problem([*where, key], f"should be text, not {show(value)}")
        return ""

    def line(self, parent: Mapping[str, Any], key: str, where: list[str]) -> str:
        """``text`` on one clean line."""
        return clean_line(self.text(parent, key, where))

    def content(self, system: Mapping[str, Any], key: str, where: list[str]) -> str:
        """``system.<key>.content`` (or a bare string in older exports) as plain text."""
        value = system.get(key)
        if isinstance(value, dict):
            return html_to_text(self.text(value, "content", [*where, key]))
        return html_to_text(self.text(system, key, where))

    def name(self, value: Any, where: list[str], fallback: str) -> str:
        if value is None:
            return fallback
        if not isinstance(value, str):
            self.problem(where, f"should be text, not {show(value)}")
            return fallback
        clean = clean_line(value)
        if not clean:
            return fallback
        if len(clean) > NAME_LENGTH:
            short = shorten(clean, NAME_LENGTH)
            self.report.append(f"name {show(clean)} shortened to {NAME_LENGTH} characters")
            return short
        return clean

    def cut(self, text: str, what: str) -> str:
        if len(text) <= TEXT_LENGTH:
            return text
        self.report.append(f"{what} cut at {TEXT_LENGTH} characters (the sheet's limit)")
        return text[: TEXT_LENGTH - 1] + "…"

    # -- numbers --

    def whole(
        self,
        parent: Mapping[str, Any],
        key: str,
        where: list[str],
        *,
        low: int,
        high: int,
        what: str,
        die_code: bool = False,
        inner: str | None = None,
    ) -> int:
        """A whole number in ``low..high`` (0 when missing); a problem otherwise.

        With ``inner``, the number is ``parent.<key>.<inner>``: od6s nests most numbers
        one deeper (``characterpoints.value``, ``toughness.score``)."""
        if inner is not None:
            nested = parent.get(key)
            if isinstance(nested, dict):
                parent, where, key = nested, [*where, key], inner
            elif nested is not None and not isinstance(nested, list):
                pass  # older od6s wrote the bare number ("scale": 6): read it where it is
            else:
                parent, where, key = self.obj(parent, key, where), [*where, key], inner
        value = parent.get(key)
        number = loose_int(value, die_code=die_code)
        if number is None:
            return 0
        if isinstance(number, Bad):
            self.problem([*where, key], f"should be a whole number ({what}), not {show(value)}")
            return 0
        if not low <= number <= high:
            # R1: a die code on a sheet is never below 0D; past MAX_DICE no sheet is read.
            kept = max(low, min(number, high))
            said = show(number) if abs(number) >= 10**12 else str(number)
            self.clamped([*where, key], said, kept, what)
            return kept
        return number

    def pips(self, parent: Mapping[str, Any], key: str, where: list[str], what: str) -> int:
        return self.whole(parent, key, where, low=0, high=MAX_PIPS, what=what, die_code=True)

    def score_pips(self, parent: Mapping[str, Any], key: str, where: list[str], what: str) -> int:
        """``parent.<key>.score`` as pips: toughness, armour, maneuverability, fire control."""
        return self.whole(
            parent, key, where, low=0, high=MAX_PIPS, what=what, die_code=True, inner="score"
        )

    def scale(self, system: Mapping[str, Any], where: list[str]) -> int:
        """``scale.score``: the R9 scale of an actor or a weapon."""
        return self.whole(
            system, "scale", where, low=-MAX_SCALE, high=MAX_SCALE, what="scale", inner="score"
        )

    def score(self, entry: Mapping[str, Any], where: list[str], what: str) -> int:
        """``base + mod`` pips when there is a base, else ``score`` (R1, 3 pips per die)."""
        if entry.get("base") is not None:
            found = len(self.problems)
            base = self.pips(entry, "base", where, f"{what} pips")
            mod = self.whole(
                entry, "mod", where, low=-MAX_PIPS, high=MAX_PIPS, what="pips", die_code=True
            )
            if len(self.problems) > found:
                return 0
            if not 0 <= base + mod <= MAX_PIPS:
                kept = max(0, min(base + mod, MAX_PIPS))  # R1: never below 0D
                self.clamped(where, f"base {base} + mod {mod}", kept, f"{what} pips")
                return kept
            return base + mod
        return self.pips(entry, "score", where, f"{what} pips")
