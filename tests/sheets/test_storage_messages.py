"""What validate and open say about a broken file (issue 13.6): always where (the JSON path
in names), values cut to about 80 characters, invisible and direction-changing characters
escaped, a huge number called too large."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheets.storage import DocumentError, parse_document
from sheets.storage.problems import VALUE_CHARS, WHOLE_FILE, escape_invisible, shown
from tests.locations import SAMPLE


def greta() -> dict[str, Any]:
    return json.loads((SAMPLE / "characters" / "greta-vance.json").read_text(encoding="utf-8"))


def problems(data: bytes) -> list[str]:
    with pytest.raises(DocumentError) as error:
        parse_document(data, source="sheet.json")
    return [str(p) for p in error.value.problems]


def test_a_duplicate_key_names_the_object_it_is_in() -> None:
    raw = greta()
    strength = next(a for a in raw["abilities"] if a["name"] == "Strength")
    strength["skills"] = [{"name": f"Skill {n}", "code": "1D"} for n in range(30)]
    text = json.dumps(raw, indent=2)
    # The 17th skill's code twice: which of 30 {"name": ..., "code": ...} objects?
    text = text.replace('"name": "Skill 16",\n', '"name": "Skill 16",\n"code": "2D",\n', 1)
    (line,) = problems(text.encode())
    assert line.startswith("sheet.json: abilities -> Strength -> skills -> Skill 16: ")
    assert 'the key "code" appears twice' in line


def test_a_rule_about_the_whole_document_says_so() -> None:
    raw = greta()
    raw["importance"] = "stock"  # a player character is always Dynamic (R2)
    (line,) = problems(json.dumps(raw).encode())
    assert line.startswith(f"sheet.json: {WHOLE_FILE}: ")
    assert "always Dynamic" in line


def test_values_are_cut_and_invisible_characters_escaped() -> None:
    raw = greta()
    raw["player"] = 7 * 10_000  # a number where text belongs: echoed
    raw["abilities"][0]["skills"].append({"name": "\u202eevil\x85" + "x" * 100_000, "code": 3})
    lines = problems(json.dumps(raw, ensure_ascii=False).encode())
    assert all(len(line) < 4 * VALUE_CHARS for line in lines), [len(x) for x in lines]
    text = "\n".join(lines)
    assert "\u202e" not in text and "\x85" not in text
    assert "\\u202eevil\\x85" in text and "…" in text


def test_a_4300_digit_number_is_too_large_not_invalid_json() -> None:
    (line,) = problems(b'{"kind": "character", "name": "A", "fame": ' + b"9" * 4400 + b"}")
    assert "too large" in line and "not valid JSON" not in line


@given(st.text(max_size=300))
def test_shown_text_is_short_and_holds_no_invisible_character(text: str) -> None:
    out = shown(text)
    assert len(out) <= VALUE_CHARS
    assert escape_invisible(out) == out  # nothing left to escape
