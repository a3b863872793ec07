"""Print and PDF export: the golden sheet.

The sample character is laid out on A4 and compared with goldens in tests/fixtures/print:
the text of every page exactly (what is on which page), and the page image with a
tolerance (anti-aliasing and font hinting differ between machines; a moved table or a lost
section does not pass). Regenerate after an intended change:

    WILDDIE_REGEN_GOLDENS=1 .venv/bin/python -m pytest tests/test_print.py
"""

from __future__ import annotations

import base64
import os
import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QBuffer, QIODevice
from PySide6.QtGui import QColor, QImage

from sheets.documents import Portrait
from sheets.storage import load_character
from tests.locations import FIXTURES
from tests.ui_helpers import SAMPLE
from ui.sheet.print import export_pdf, page_texts, render_pages, sheet_html

GOLDEN = FIXTURES / "print"
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


# --- R10: the campaign's damage system --------------------------------------------------------


def test_conditions_prints_no_r10_block(qapp: Any) -> None:
    html = sheet_html(_character())  # the default: FreeD6 conditions
    assert "R10" not in html
    assert sheet_html(_character(), "conditions") == html


def test_wounds_print_the_chart_with_the_level_marked(qapp: Any) -> None:
    character = _character()
    character.wound_level = 2
    html = sheet_html(character, "wounds")
    assert "Wounds" in html and "Body points" not in html
    assert "<td class='on' align='center'><b>Wounded</b></td>" in html  # only this one shaded
    assert html.count("class='on' align='center'><b>") == 1
    for band in ("1-3", "4-8", "9-12", "13-15", "16+"):
        assert f">{band}</td>" in html
    text = "\n".join(page_texts(character, damage_system="wounds"))
    assert "Now: Wounded." in text and "out of action from Incapacitated." in text
    assert text.index("Wounds") < text.index("Condition tracks")


def test_body_points_print_left_maximum_and_lost(qapp: Any) -> None:
    character = _character()
    character.body_points_max, character.body_points = 23, 14
    text = "\n".join(page_texts(character, damage_system="body_points"))
    assert "Body points" in text and "Wounds" not in text
    block = text[text.index("Body points") : text.index("Condition tracks")]
    assert block.split("\n")[1:7] == ["Body points left", "14", "Maximum", "23", "Lost", "9"]
    assert "by default" not in block and "0 is out of action." in block


def test_body_points_default_maximum_is_explained(qapp: Any) -> None:
    tank = _character("halvorsen-tank.json")
    html = sheet_html(tank, "body_points")
    maximum = tank.body_points_maximum()
    assert f"<b>{maximum}</b>" in html
    assert "Maximum by default: 20 + the fixed value of toughness (ruling)." in html
    greta = sheet_html(_character(), "body_points")
    assert "20 + the fixed value of Strength" in greta


@pytest.mark.parametrize("system", ["wounds", "body_points"])
def test_r10_sheets_still_fit_and_export(qapp: Any, tmp_path: Path, system: Any) -> None:
    character = _character()
    assert len(render_pages(character, dpi=20, damage_system=system)) == 1
    target = tmp_path / f"greta-{system}.pdf"
    assert export_pdf(character, target, damage_system=system) == 1
    assert target.read_bytes().startswith(b"%PDF")


def test_printing_passes_the_damage_system(qapp: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtGui import QTextDocument
    from PySide6.QtPrintSupport import QPrintDialog

    from ui.sheet.print import print_character

    printed: list[str] = []
    monkeypatch.setattr(QPrintDialog, "exec", lambda self: QPrintDialog.DialogCode.Accepted)
    monkeypatch.setattr(
        QTextDocument, "print_", lambda self, printer: printed.append(self.toPlainText())
    )
    assert print_character(_character(), damage_system="wounds")
    assert "Wounds" in printed[0]


RULE = re.compile(r"\bR(?:10|[1-9])\b")


@pytest.mark.parametrize("system", ["conditions", "wounds", "body_points"])
def test_the_printed_sheet_says_no_rule_numbers(qapp: Any, system: str) -> None:
    """Issue 15: the PDF showed "(R2)" and the like: jargon to a player."""
    for path in sorted((SAMPLE / "characters").glob("*.json")):
        character = load_character(path).document
        for text in page_texts(character, damage_system=system):  # type: ignore[arg-type]
            assert not RULE.search(text), f"{path.name}: {RULE.search(text)!r} in {text!r}"


def _portrait(color: str) -> Portrait:
    image = QImage(60, 80, QImage.Format.Format_RGB32)
    image.fill(QColor(color))
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    data = base64.b64encode(bytes(buffer.data().data())).decode("ascii")
    return Portrait(media_type="image/png", data=data)


def test_the_portrait_is_printed_beside_the_name(qapp: Any) -> None:
    """Issue 15: the PDF lacked the portrait."""
    character = _character()
    plain = render_pages(character, dpi=DPI)[0]
    character.portrait = _portrait("#c03020")
    page = render_pages(character, dpi=DPI)[0]
    top_right = [
        page.pixelColor(x, y)
        for x in range(page.width() * 3 // 4, page.width())
        for y in range(page.height() // 8)
    ]
    assert any(c.red() > 150 and c.green() < 90 and c.blue() < 90 for c in top_right)
    plain_top_right = [
        plain.pixelColor(x, y)
        for x in range(plain.width() * 3 // 4, plain.width())
        for y in range(plain.height() // 8)
    ]
    assert not any(c.red() > 150 and c.green() < 90 for c in plain_top_right)


def test_the_chance_column_rolls_as_the_campaign_rolls(qapp: Any) -> None:
    """Issue 15: each row's exact chance is printed, against Moderate 15 (R4), with the
    campaign's Wild Dice; a game that counts successes prints the chance of 4+ (R3)."""
    from sheets.dice import CheckDefaults

    character = _character()
    plain = page_texts(character)[0].split("\n")
    assert plain[plain.index("Archaeology") + 4] == ">99%"  # 8D vs 15
    counting = page_texts(character, check=CheckDefaults(count_successes=True))[0]
    assert "4+ successes" in counting and "vs 15" not in counting
    two_wild = page_texts(character, check=CheckDefaults(wild_dice=2))[0].split("\n")
    strength = plain.index("Strength")
    assert two_wild[strength + 4] != plain[strength + 4]  # 2D with two Wild Dice
