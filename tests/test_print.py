"""Print and PDF export: the golden sheet.

The sample character is laid out on A4 and compared with goldens in tests/fixtures/print:
the text of every page exactly (what is on which page), and the page image with a
tolerance (anti-aliasing and font hinting differ between machines; a moved table or a lost
section does not pass). Regenerate after an intended change:

    WILDDIE_REGEN_GOLDENS=1 .venv/bin/python -m pytest tests/test_print.py
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QImage

from sheets.storage import load_character
from tests.ui_helpers import SAMPLE
from ui.sheet.print import export_pdf, page_texts, render_pages, sheet_html

GOLDEN = Path(__file__).parent / "fixtures" / "print"
REGENERATE = bool(os.environ.get("WILDDIE_REGEN_GOLDENS"))
DPI = 50
PIXEL_TOLERANCE = 96  # grey levels: a glyph edge may move, a table line may not vanish
MAX_DIFFERENT = 0.02  # share of pixels allowed past the tolerance


def _character(file: str = "greta-vance.json") -> Any:
    return load_character(SAMPLE / "characters" / file).document


def _different_share(actual: QImage, expected: QImage) -> float:
    if actual.size() != expected.size():
        return 1.0
    a = actual.convertToFormat(QImage.Format.Format_Grayscale8)
    e = expected.convertToFormat(QImage.Format.Format_Grayscale8)
    width, height = a.width(), a.height()
    different = 0
    for y in range(height):
        row_a = bytes(a.constScanLine(y))[:width]  # type: ignore[call-overload]
        row_e = bytes(e.constScanLine(y))[:width]  # type: ignore[call-overload]
        different += sum(
            1 for pa, pe in zip(row_a, row_e, strict=True) if abs(pa - pe) > PIXEL_TOLERANCE
        )
    return different / (width * height)


@pytest.mark.parametrize("file", ["greta-vance.json", "halvorsen-tank.json"])
def test_sheet_matches_the_golden(qapp: Any, file: str, tmp_path: Path) -> None:
    character = _character(file)
    stem = file.removesuffix(".json")
    texts = page_texts(character)
    pages = render_pages(character, dpi=DPI)
    text_file = GOLDEN / f"{stem}.txt"
    if REGENERATE:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        text_file.write_text("\n\f\n".join(texts) + "\n", encoding="utf-8")
        for number, page in enumerate(pages, start=1):
            assert page.save(str(GOLDEN / f"{stem}-page{number}.png"))
    expected = text_file.read_text(encoding="utf-8").removesuffix("\n").split("\n\f\n")
    assert texts == expected, "the sheet's text or page breaks changed (see module docstring)"
    assert len(pages) == len(expected) <= 2  # a one- or two-page sheet
    for number, page in enumerate(pages, start=1):
        golden = QImage(str(GOLDEN / f"{stem}-page{number}.png"))
        share = _different_share(page, golden)
        if share > MAX_DIFFERENT:
            page.save(str(tmp_path / f"{stem}-page{number}.png"))
        assert share <= MAX_DIFFERENT, (
            f"page {number} differs in {share:.1%} of pixels ({tmp_path})"
        )


def test_sheet_shows_the_rules_values(qapp: Any) -> None:
    html = sheet_html(_character())
    assert "4D+2" in html  # Pistol total, R2
    assert "test 12" in html  # Field notebook at Heavy: next test 12 (R5)
    assert "Out of Action at 5 ranks" in html


def test_a_long_sheet_takes_two_pages(qapp: Any) -> None:
    character = _character()
    character.background = " ".join([character.background] * 12)
    assert len(render_pages(character, dpi=20)) == 2


def test_pdf_export(qapp: Any, tmp_path: Path) -> None:
    target = tmp_path / "greta.pdf"
    assert export_pdf(_character(), target) == 1
    data = target.read_bytes()
    assert data.startswith(b"%PDF") and b"/Count 1" in data
    assert len(data) > 10_000


def test_printing_uses_the_print_dialog(qapp: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtPrintSupport import QPrintDialog

    from ui.sheet.print import print_character

    monkeypatch.setattr(QPrintDialog, "exec", lambda self: QPrintDialog.DialogCode.Rejected)
    assert not print_character(_character())


def test_the_golden_catches_a_changed_sheet(qapp: Any) -> None:
    character = _character()
    character.weapons = []
    expected = (GOLDEN / "greta-vance.txt").read_text(encoding="utf-8")
    assert "\n\f\n".join(page_texts(character)) + "\n" != expected
    golden = QImage(str(GOLDEN / "greta-vance-page1.png"))
    assert _different_share(render_pages(character, dpi=DPI)[0], golden) > MAX_DIFFERENT
