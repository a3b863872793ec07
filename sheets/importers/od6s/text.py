"""Text from an export as Wild Die keeps it: names on one clean line, rich text as plain.

Foundry stores a background or an item's description as HTML (``<p>``, ``<ul>``,
``@UUID[...]{Label}`` links); a Wild Die sheet holds plain text. An export is untrusted,
so every function here takes time linear in its input and never raises.
"""

from __future__ import annotations

import html
import re
from typing import Final

CONTROL: Final = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_ENRICHER: Final = re.compile(r"@\w{1,30}\[[^\]\n]{0,200}\]\{([^}\n]{0,100})\}")  # @UUID[..]{Label}
_BLOCK_TAGS: Final = frozenset(
    {"p", "div", "ul", "ol", "tr", "table", "blockquote", "section", "article"}
    | {"h1", "h2", "h3", "h4", "h5", "h6", "hr", "pre"}
)
_SKIPPED_TAGS: Final = frozenset({"script", "style", "template", "head", "title"})
# A tag, from its "<" to the next ">" with no "<" inside (doctype and CDATA too): a failed
# match attempt stops at the next "<" or ">", so searching for tags is linear.
_MARKUP: Final = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]{0,30})(?:[\s/][^<>]*)?>|<[!?][^<>]*>")
_END_OF: Final = {name: re.compile(f"</{name}", re.IGNORECASE) for name in _SKIPPED_TAGS}


def clean_line(text: str) -> str:
    """One line: control characters become spaces, runs of blanks one space."""
    return " ".join(CONTROL.sub(" ", text).replace("\n", " ").replace("\t", " ").split())


def shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _without_comments(markup: str) -> str:
    """``<!-- ... -->`` removed; an unclosed comment hides the rest, as in a browser."""
    parts: list[str] = []
    position = 0
    while (start := markup.find("<!--", position)) >= 0:
        parts.append(markup[position:start])
        end = markup.find("-->", start + 4)
        if end < 0:
            return "".join(parts)
        position = end + 3
    parts.append(markup[position:])
    return "".join(parts)


def html_to_text(markup: str) -> str:
    """Foundry's rich text as plain text: tags dropped, entities unescaped, blocks on lines.

    Never raises, and takes time linear in the length of the markup. The standard
    library's ``html.parser`` is not used: it has taken quadratic time on malformed input
    (CVE-2025-6069, python/cpython#135462; this project's Python 3.11 spent minutes on
    100 kB of ``<a <a ...``), and an export is untrusted. Entities are unescaped with the
    standard library's ``html.unescape``.
    """
    if "<!--" in markup:
        markup = _without_comments(markup)
    parts: list[str] = []
    position = 0
    while (tag := _MARKUP.search(markup, position)) is not None:
        parts.append(html.unescape(markup[position : tag.start()]))
        position = tag.end()
        name, closing = (tag[2] or "").lower(), tag[1] == "/"
        if not name:
            continue  # <!DOCTYPE ...>, <![CDATA[...]]>, <?...?>
        if not closing and name in _SKIPPED_TAGS:  # script, style: their text is no text
            end = _END_OF[name].search(markup, position)
            position = len(markup) if end is None else end.start()
        elif name == "br" or name in _BLOCK_TAGS:
            parts.append("\n")
        elif name == "li" and not closing:  # the next item starts its own line
            parts.append("\n- ")
    parts.append(html.unescape(markup[position:]))
    text = _ENRICHER.sub(r"\1", "".join(parts))
    lines = [" ".join(CONTROL.sub(" ", line).split()) for line in text.splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()
