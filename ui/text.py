"""Document text on screen is text: never read as HTML.

Qt treats a label's text, and any tooltip, as HTML when it *looks* like HTML
(``Qt.mightBeRichText``): a character named ``<img src=/dev/zero>`` would make Qt read
that file (issue 13.3). Labels that show a document's text are ``PlainText``; labels with
the app's own markup escape the document's part (``escaped``); every tooltip that can hold
a document's text goes through ``tooltip``.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtGui import Qt


def escaped(text: str, quote: bool = True) -> str:
    """``html.escape``; the ``html`` module loads on first use, not before the main
    window's first paint (cold start, issue 17)."""
    import html

    return html.escape(text, quote)


def tooltip(text: str) -> str:
    """``text`` as a tooltip shows it, literally: unchanged when Qt would show it as plain
    text anyway, else escaped into HTML that keeps its line breaks."""
    if not Qt.mightBeRichText(text):
        return text
    return "<p style='white-space:pre-wrap'>" + escaped(text) + "</p>"


def problem_text(error: Any) -> str:
    """A document error's problems, one line each (the first ten)."""
    problems = getattr(error, "problems", None) or [error]
    return "\n".join(str(p) for p in problems[:10])


def percent_text(chance: float) -> str:
    """64%, and never a flat 0% or 100% for a chance that is neither."""
    if 0 < chance < 0.005:
        return "<1%"
    if 0.995 < chance < 1:
        return ">99%"
    return f"{chance:.0%}"


_RULE = r"R\d+(?: step \d+)?"
_RULE_REFERENCE = re.compile(rf"\s*\(({_RULE}(?:, {_RULE})*)\)|^({_RULE}(?: \([A-Za-z0-9]+\))?): ")


def split_rule(message: str) -> tuple[str, str]:
    """A message for players without its bare rule references ("... first (R6)"), and those
    references for its tooltip: rule numbers belong in tooltips and help, never in the
    words a player reads."""
    found = _RULE_REFERENCE.findall(message)
    rules = [inner or leading for inner, leading in found]
    plain = _RULE_REFERENCE.sub("", message)
    if any(leading for _inner, leading in found):  # "R7: every ..." -> "Every ..."
        plain = plain[:1].upper() + plain[1:]
    return plain, ", ".join(rules)


def status_tip(tip: str) -> str:
    """A status-bar tip is words a player reads: its rule references stay in the tooltip."""
    return split_rule(tip)[0]
