"""Reading the fields of one export, with every problem collected and none raised early.

An export is untrusted and its values come in loose types (``values``). Each reader returns
something usable (0, ``""``, ``{}``) and records a ``Problem`` naming the field's path, so
that one import lists every problem of the file at once; any problem means no import.
Only what makes reading on pointless (not an actor at all, a limit broken) stops at once.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from sheets.documents.character import MAX_SCALE
from sheets.documents.common import NAME_LENGTH, TEXT_LENGTH
from sheets.importers.od6s.limits import MAX_DICE, MAX_PIPS, MAX_PROBLEMS
from sheets.importers.od6s.report import Notes
from sheets.importers.od6s.text import clean_line, html_to_text, shorten
from sheets.importers.od6s.values import Bad, loose_int, show
from sheets.storage import DocumentError, Problem, ProblemCode


class Reader:
    """One import's reading: the problems found, the notes kept and the report's lines."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[Problem] = []
        self.notes = Notes()
        self.report: list[str] = []

    # -- problems --

    def problem(self, where: Sequence[str], message: str, code: ProblemCode = "invalid") -> None:
        self.problems.append(Problem(self.source, " -> ".join(where), message, code))

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
            parent, where, key = self.obj(parent, key, where), [*where, key], inner
        value = parent.get(key)
        number = loose_int(value, die_code=die_code)
        if number is None:
            return 0
        if isinstance(number, Bad):
            self.problem([*where, key], f"should be a whole number ({what}), not {show(value)}")
            return 0
        if number < low:
            if low == 0:
                message = f"is negative ({show(number)}): {what} cannot be below 0"
                if die_code:
                    message += " (R1: a die code on a sheet is never below 0D)"
            else:
                message = f"should be at least {low} ({what}), not {show(number)}"
            self.problem([*where, key], message)
            return 0
        if number > high:
            extra = f" ({MAX_DICE}D)" if die_code else ""
            self.problem(
                [*where, key],
                f"is {show(number)}: {what} cannot be more than {high}{extra}; "
                "not from a real sheet",
            )
            return 0
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
            if base + mod < 0:
                self.problem(where, f"base {base} + mod {mod} is below 0 pips (R1: never below 0D)")
                return 0
            return min(base + mod, MAX_PIPS)
        return self.pips(entry, "score", where, f"{what} pips")
