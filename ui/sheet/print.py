"""Print and export a character sheet: a clean one- or two-page A4 sheet.

The sheet is HTML laid out by a ``QTextDocument`` (QtGui), so PDF export needs only
``QPdfWriter`` and the golden test can render the same pages to images. QtPrintSupport
(``QPrinter``, ``QPrintDialog``) is imported only when the player prints.

Always black on white, whatever the screen's colour scheme: it is paper.

The campaign's damage system (R10 ``damage_system``) decides one block: ``wounds`` prints
the wound chart with the sheet's level marked, ``body_points`` the pool; ``conditions``
(the default, FreeD6) prints neither. The sheet alone does not know its campaign, so the
caller passes it (``ui.sheet.campaign_rules.campaign_damage_system(doc)``), and how its
checks roll (``campaign_check_defaults``) for the chance column: vs Moderate 15, or 4+
successes where the game counts them (R3, R4).
"""

from __future__ import annotations

import base64
import html
from pathlib import Path
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QCoreApplication, QMarginsF, QRectF, QSizeF, QUrl
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QFont,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPalette,
    QPdfWriter,
    QTextDocument,
)

from sheets.conditions import (
    ATTITUDE_MODIFIERS,
    OUT_OF_ACTION_AT,
    STATUS_LEVELS,
    WILLPOWER_MODIFIERS,
    display_name,
    status_test_difficulty,
)
from sheets.damage import (
    BODY_POINTS_BASE,
    DEAD,
    HEALTHY,
    OUT_OF_ACTION_WOUND,
    WOUND_LEVELS,
    DamageSystem,
    wound_band,
    wound_name,
)
from sheets.dice import CheckDefaults
from sheets.documents import Character
from sheets.odds import chance_at_least, distribution
from sheets.results import Duration, default_difficulty
from sheets.skills import CheckNotPossible, check_dice
from ui.sheet.conditions import track_steps, tracks_for
from ui.text import percent_text

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

PAGE_SIZE: Final = QPageSize.PageSizeId.A4
MARGINS_MM: Final = QMarginsF(14, 12, 14, 12)
FONT_FAMILY: Final = "DejaVu Sans"
FONT_POINTS: Final = 8.5

_CSS: Final = """
body { color: #000; }
h1 { font-size: 17pt; margin: 0; }
h2 { font-size: 10.5pt; margin-top: 8px; margin-bottom: 2px; border-bottom: 1px solid #444; }
.sub { color: #333; }
table.grid { border-collapse: collapse; }
table.grid td, table.grid th { border: 1px solid #888; padding: 1px 4px; }
th { background: #e4e4e4; text-align: left; }
td.num { text-align: right; }
.on { background: #555; color: #fff; }
.ability { font-weight: bold; background: #f0f0f0; }
.skill { padding-left: 10px; }
.spec { padding-left: 22px; font-style: italic; }
.muted { color: #666; }
"""


NO_CAMPAIGN: Final = CheckDefaults()
"""A sheet outside a campaign rolls with the rules' defaults (R3)."""

PORTRAIT_URL = "wilddie:portrait"
"""The character's portrait, handed to the text document as an image resource."""
PORTRAIT_POINTS = 96
"""The printed portrait's height, in document pixels (about 25 mm)."""


def tr(text: str) -> str:
    return QCoreApplication.translate("print", text)


def _e(text: object) -> str:
    return html.escape(str(text))


def _total(
    character: Character, check: CheckDefaults, ability: str, skill: str | None, spec: str | None
) -> tuple[str, str, str]:
    """The row's R2 total, its fixed value and its chance against the printed difficulty."""
    try:
        found = check_dice(character, skill, spec, ability=ability)
    except CheckNotPossible:
        return "—", "—", "—"
    chance = chance_at_least(
        distribution(check.spec(found.code)), default_difficulty(check.count_successes)
    )
    return str(found.code), str(found.code.fixed_value), percent_text(chance)


def _abilities_table(character: Character, check: CheckDefaults) -> str:
    rows = []
    for ability in character.abilities:
        total, fixed, chance = _total(character, check, ability.name, None, None)
        marker = " *" if ability.extranormal else ""
        rows.append(
            f"<tr class='ability'><td>{_e(ability.name)}{marker}</td>"
            f"<td class='num'>{_e(ability.code)}</td><td class='num'>{total}</td>"
            f"<td class='num'>{fixed}</td><td class='num'>{chance}</td></tr>"
        )
        for skill in ability.skills:
            total, fixed, chance = _total(character, check, ability.name, skill.name, None)
            trained = " (T)" if skill.trained_only else ""
            rows.append(
                f"<tr><td class='skill'>&nbsp;&nbsp;{_e(skill.name)}{trained}</td>"
                f"<td class='num'>{_e(skill.code)}</td><td class='num'>{total}</td>"
                f"<td class='num'>{fixed}</td><td class='num'>{chance}</td></tr>"
            )
            for spec in skill.specializations:
                total, fixed, chance = _total(character, check, ability.name, skill.name, spec.name)
                trained = " (T)" if spec.trained_only else ""
                rows.append(
                    "<tr><td class='spec'>&nbsp;&nbsp;&nbsp;&nbsp;"
                    f"<i>{_e(spec.name)}{trained}</i></td>"
                    f"<td class='num'>{_e(spec.code)}</td><td class='num'>{total}</td>"
                    f"<td class='num'>{fixed}</td><td class='num'>{chance}</td></tr>"
                )
    if not rows:
        return f"<p class='muted'>{_e(tr('No abilities.'))}</p>"
    head = (
        f"<tr><th>{_e(tr('Ability / skill / specialization'))}</th><th>{_e(tr('Code'))}</th>"
        f"<th>{_e(tr('Total'))}</th><th>{_e(tr('Fixed'))}</th>"
        f"<th>{_e(_chance_heading(check))}</th></tr>"
    )
    return f"<table class='grid' width='100%' cellspacing='0'>{head}{''.join(rows)}</table>"


def _chance_heading(check: CheckDefaults) -> str:
    """The printed chance is against Moderate 15 (R4), or 4 successes where the game
    counts them (R3): the sheet's picker is the screen's, paper shows the middle."""
    difficulty = default_difficulty(check.count_successes)
    if check.count_successes:
        return tr("%1+ successes").replace("%1", str(difficulty))
    return tr("vs %1").replace("%1", str(difficulty))


def _legend(check: CheckDefaults) -> str:
    difficulty = default_difficulty(check.count_successes)
    if check.count_successes:
        chance = tr("%1+ successes: the chance to roll at least %1 successes")
    else:
        chance = tr("vs %1: the chance to meet or beat Moderate (%1)")
    return tr("(T) trained only") + " · " + chance.replace("%1", str(difficulty))


def _tracks(character: Character, damage_system: DamageSystem) -> str:
    """R5 tracks, full width: the steps up to Out of Action, the current level shaded."""
    rows = []
    length = character.encounter_length
    conditions = character.conditions
    for track in tracks_for(character, damage_system):
        level = conditions.track_level(track, length)
        cells = "".join(
            f"<td class='{'on' if 0 < lv <= level else ''}' align='center' nowrap>{_e(name)}</td>"
            for lv, name in track_steps(track, length)
        )
        ranks = conditions.track_ranks(track)
        rows.append(
            f"<tr><th nowrap>{_e(display_name(track))}</th>{cells}"
            f"<td class='num' nowrap>{ranks} / {OUT_OF_ACTION_AT[length]}</td></tr>"
        )
    note = (
        tr("Out of Action at %1 ranks (encounter length %2)")
        .replace("%1", str(OUT_OF_ACTION_AT[length]))
        .replace("%2", length)
    )
    parts = [
        f"<table class='grid' width='100%' cellspacing='0'>{''.join(rows)}</table>",
        f"<p class='sub'>{_e(note)}</p>",
    ]
    named = [i for i in conditions.instances if i.track is None]
    if named:
        items = "".join(
            f"<li>{_e(i.name)} — {_e(tr('rank'))} {i.ranks}, {_e(Duration(i.duration).label)}</li>"
            for i in named
        )
        parts.append(f"<ul>{items}</ul>")
    return "".join(parts)


def _wounds(character: Character) -> str:
    """R10 wounds: the chart's levels and bands in a row, the sheet's level shaded."""
    level = character.wound_level
    names = "".join(
        f"<td class='{'on' if index == level else ''}' align='center'>"
        f"{'<b>' if index == level else ''}{_e(name)}{'</b>' if index == level else ''}</td>"
        for index, name in enumerate(WOUND_LEVELS)
    )
    bands = "".join(
        f"<td align='center' nowrap>"
        f"{_e('—' if index == HEALTHY else tr('again') if index == DEAD else wound_band(index))}"
        "</td>"
        for index in range(len(WOUND_LEVELS))
    )
    note = (
        tr(
            "Now: %1. Damage minus resistance on the chart; a wound no worse than the current "
            "level makes it one worse; out of action from %2."
        )
        .replace("%1", wound_name(level))
        .replace("%2", wound_name(OUT_OF_ACTION_WOUND))
    )
    return (
        "<table class='grid' width='100%' cellspacing='0'>"
        f"<tr><th nowrap>{_e(tr('Level'))}</th>{names}</tr>"
        f"<tr><th nowrap>{_e(tr('Chart'))}</th>{bands}</tr></table>"
        f"<p class='sub'>{_e(note)}</p>"
    )


def _body_points(character: Character) -> str:
    """R10 body points: left, the maximum (or how the default is made), lost."""
    maximum = character.body_points_maximum()
    left = character.body_points_left()
    how = ""
    if character.body_points_max is None:
        what = tr("toughness") if character.toughness is not None else tr("Strength")
        how = (
            tr("Maximum by default: %1 + the fixed value of %2 (ruling).")
            .replace("%1", str(BODY_POINTS_BASE))
            .replace("%2", what)
        )
    rows = (
        f"<tr><th nowrap>{_e(tr('Body points left'))}</th>"
        f"<td class='num' width='18%'><b>{left}</b></td>"
        f"<th nowrap>{_e(tr('Maximum'))}</th><td class='num' width='18%'>{maximum}</td>"
        f"<th nowrap>{_e(tr('Lost'))}</th><td class='num' width='18%'>{max(0, maximum - left)}"
        "</td></tr>"
    )
    note = tr("A hit takes the damage less an armour roll; 0 is out of action.")
    if how:
        note = f"{how} {note}"
    return (
        f"<table class='grid' width='100%' cellspacing='0'>{rows}</table>"
        f"<p class='sub'>{_e(note)}</p>"
    )


def _damage_block(character: Character, damage_system: DamageSystem) -> str:
    """The R10 block for the campaign's damage system; empty under ``conditions``."""
    if damage_system == "wounds":
        return f"<h2>{_e(tr('Wounds'))}</h2>{_wounds(character)}"
    if damage_system == "body_points":
        return f"<h2>{_e(tr('Body points'))}</h2>{_body_points(character)}"
    return ""


def _mood_and_statuses(character: Character) -> str:
    """Attitude and willpower (R5 resistance modifiers), then statuses with the next test."""
    conditions = character.conditions
    attitude, willpower = conditions.attitude, conditions.willpower
    rows = [
        f"<tr><th>{_e(tr('Attitude'))}</th><td>{_e(display_name(attitude))}</td>"
        f"<td class='num'>{ATTITUDE_MODIFIERS[attitude]:+d}</td></tr>",
        f"<tr><th>{_e(tr('Willpower'))}</th><td>{_e(display_name(willpower))}</td>"
        f"<td class='num'>{WILLPOWER_MODIFIERS[willpower]:+d}</td></tr>",
    ]
    for status in conditions.statuses:
        difficulty = status_test_difficulty(status.level)
        test = tr("test %1").replace("%1", str(difficulty)) if difficulty else tr("run out")
        level = STATUS_LEVELS[status.scale][status.level]
        rows.append(
            f"<tr><th>{_e(status.name)}</th><td>{_e(level)}</td><td nowrap>{_e(test)}</td></tr>"
        )
    return f"<table class='grid' width='100%' cellspacing='0'>{''.join(rows)}</table>"


def _weapons(character: Character) -> str:
    if not character.weapons:
        return f"<p class='muted'>{_e(tr('No weapons.'))}</p>"
    head = "".join(
        f"<th nowrap>{_e(t)}</th>"
        for t in (
            tr("Weapon"),
            tr("Skill"),
            tr("Damage"),
            tr("PEN"),
            tr("PL"),
            tr("Scale"),
            tr("Range"),
            tr("Notes"),
        )
    )
    rows = "".join(
        f"<tr><td nowrap>{_e(w.name)}</td><td>{_e(w.skill)}</td>"
        f"<td class='num' nowrap>{_e(w.damage)}</td><td class='num'>{_e(w.penetration)}</td>"
        f"<td class='num'>{w.performance_level}</td><td class='num'>{w.scale}</td>"
        f"<td nowrap>{_e(w.range)}</td><td>{_e(w.notes)}</td></tr>"
        for w in character.weapons
    )
    return f"<table class='grid' width='100%' cellspacing='0'><tr>{head}</tr>{rows}</table>"


def _protection(character: Character) -> str:
    """R9: armour per facing, toughness, performance level, scale."""
    armour = character.armour
    rows = [
        (tr("Armour front / side / rear"), f"{armour.front} / {armour.side} / {armour.rear}"),
    ]
    if character.toughness is not None:
        rows.append((tr("Toughness"), str(character.toughness)))
    rows.append((tr("Performance level"), str(character.performance_level)))
    rows.append((tr("Scale"), str(character.scale)))
    cells = "".join(
        f"<tr><th>{_e(label)}</th><td class='num' nowrap>{_e(value)}</td></tr>"
        for label, value in rows
    )
    return f"<table class='grid' width='100%' cellspacing='0'>{cells}</table>"


def _derived(c: Character) -> list[tuple[str, object]]:
    """Issue 15: the values a game template derives (sheets made with one only)."""
    if not c.game:
        return []
    from sheets.templates import strength_damage

    derived: list[tuple[str, object]] = []
    if c.move is not None:
        derived.append((tr("Move"), c.move))
    strength = c.ability("Physique") or c.ability("Strength")
    if strength is not None:
        derived.append((tr("Strength Damage"), strength_damage(strength.code)))
    return derived


def sheet_html(
    character: Character,
    damage_system: DamageSystem = "conditions",
    check: CheckDefaults = NO_CAMPAIGN,
) -> str:
    """The printable sheet as HTML (Qt's rich-text subset); ``damage_system`` is the
    campaign's R10 setting (wounds or body points print a block of their own), ``check``
    how its checks roll (the chance column)."""
    from ui.campaign.model import kind_label

    c = character
    subtitle = [kind_label(c.kind), tr("Dynamic") if c.importance == "dynamic" else tr("Stock")]
    if c.player:
        subtitle.append(tr("played by %1").replace("%1", c.player))
    if c.game:  # issue 15: the game template it was made with
        subtitle.append(c.game)
    points: list[tuple[str, object]] = [
        (tr("Action points"), c.action_points),
        (tr("Character Points"), c.character_points),
        (tr("Fate Points"), c.fate_points),
        (tr("Fame"), c.fame),
    ]
    if c.fear_rating:
        points.append((tr("Fear rating"), c.fear_rating))
    points.extend(_derived(c))
    point_rows = "".join(
        f"<tr><th>{_e(label)}</th><td class='num' width='30%'><b>{value}</b></td></tr>"
        for label, value in points
    )
    hooks = "".join(f"<li>{_e(h)}</li>" for h in c.hooks)
    story = []
    if c.background:
        story.append(f"<h2>{_e(tr('Background'))}</h2><p>{_e(c.background)}</p>")
    if hooks:
        story.append(f"<h2>{_e(tr('Hooks'))}</h2><ul>{hooks}</ul>")
    if c.notes:
        story.append(f"<h2>{_e(tr('Notes'))}</h2><p>{_e(c.notes)}</p>")
    if c.equipment or c.money:
        from sheets.equipment import carried_weight, currency

        items = "".join(
            f"<li>{item.quantity} × {_e(item.name)}"
            + (f", {item.weight:g} kg each" if item.weight else "")
            + (f": {_e(item.notes)}" if item.notes else "")
            + "</li>"
            for item in c.equipment
        )
        weight = f"{carried_weight(c):g} kg"
        story.append(
            f"<h2>{_e(tr('Equipment'))}</h2><ul>{items}</ul>"
            f"<p>{_e(tr('Carried'))}: {weight} · {_e(tr('Money'))}: {c.money} "
            f"{_e(currency(c))}</p>"
        )
    if c.advancements:  # the advancement log, oldest first
        rows = "".join(
            f"<li>{_e(a.when + ': ' if a.when else '')}{_e(a.what)} {_e(a.before)} "
            f"→ {_e(a.after)} ({a.cost} {_e(tr('Character Points'))})</li>"
            for a in c.advancements
        )
        story.append(f"<h2>{_e(tr('Advancement'))}</h2><ul>{rows}</ul>")
    title = f"<h1>{_e(c.name)}</h1><p class='sub'>{_e(' · '.join(subtitle))}</p>"
    if c.portrait is not None:  # beside the name, as on a paper sheet
        title = (
            "<table width='100%' cellspacing='0' cellpadding='0'><tr>"
            f"<td valign='top'>{title}</td>"
            f"<td width='{PORTRAIT_POINTS}' align='right'>"
            f"<img src='{PORTRAIT_URL}' height='{PORTRAIT_POINTS}'></td></tr></table>"
        )
    return (
        f"<html><head><style>{_CSS}</style></head><body>"
        f"{title}"
        "<table width='100%' cellspacing='0' cellpadding='0'><tr>"
        f"<td width='56%' valign='top'><h2>{_e(tr('Abilities and skills'))}</h2>"
        f"{_abilities_table(c, check)}<p class='muted'>{_e(_legend(check))}</p></td>"
        "<td width='3%'></td>"
        f"<td width='41%' valign='top'><h2>{_e(tr('Points'))}</h2>"
        f"<table class='grid' width='100%' cellspacing='0'>{point_rows}</table>"
        f"<h2>{_e(tr('Attitude and statuses'))}</h2>{_mood_and_statuses(c)}"
        f"<h2>{_e(tr('Protection'))}</h2>{_protection(c)}</td>"
        "</tr></table>"
        f"{_damage_block(c, damage_system)}"
        f"<h2>{_e(tr('Condition tracks'))}</h2>{_tracks(c, damage_system)}"
        f"<h2>{_e(tr('Weapons'))}</h2>{_weapons(c)}"
        f"{''.join(story)}"
        "</body></html>"
    )


def page_layout() -> QPageLayout:
    return QPageLayout(
        QPageSize(PAGE_SIZE),
        QPageLayout.Orientation.Portrait,
        MARGINS_MM,
        QPageLayout.Unit.Millimeter,
    )


def document_dpi() -> float:
    """Dots per inch of a QTextDocument's own units (Qt's default DPI: the screen's)."""
    from PySide6.QtGui import QGuiApplication

    screen = QGuiApplication.primaryScreen()
    return float(screen.logicalDotsPerInchX()) if screen is not None else 96.0


def sheet_document(
    character: Character,
    page_size: QSizeF | None = None,
    *,
    damage_system: DamageSystem = "conditions",
    check: CheckDefaults = NO_CAMPAIGN,
) -> QTextDocument:
    """The sheet laid out on A4 pages (in document units: ``document_dpi()`` per inch).

    ``QTextDocument.print_`` scales the page to the printer's page, and fonts in points
    are converted at the same DPI, so the paper shows the true point sizes."""
    document = QTextDocument()
    font = QFont(FONT_FAMILY)
    font.setPointSizeF(FONT_POINTS)
    document.setDefaultFont(font)
    document.setDocumentMargin(0)
    if character.portrait is not None:
        image = QImage()
        if image.loadFromData(base64.b64decode(character.portrait.data)):
            document.addResource(
                QTextDocument.ResourceType.ImageResource, QUrl(PORTRAIT_URL), image
            )
    document.setHtml(sheet_html(character, damage_system, check))
    if page_size is None:
        page_size = page_layout().paintRect(QPageLayout.Unit.Inch).size() * document_dpi()
    document.setPageSize(page_size)
    return document


def export_pdf(
    character: Character,
    path: str | Path,
    *,
    damage_system: DamageSystem = "conditions",
    check: CheckDefaults = NO_CAMPAIGN,
) -> int:
    """Write the sheet as a PDF; returns the number of pages. ``damage_system``: the
    campaign's R10 setting."""
    writer = QPdfWriter(str(path))
    writer.setPageLayout(page_layout())
    writer.setResolution(300)
    writer.setTitle(character.name)
    writer.setCreator("Wild Die")
    document = sheet_document(character, damage_system=damage_system, check=check)
    document.print_(writer)
    return document.pageCount()


def render_pages(
    character: Character,
    dpi: int = 72,
    *,
    damage_system: DamageSystem = "conditions",
    check: CheckDefaults = NO_CAMPAIGN,
) -> list[QImage]:
    """The pages as white images (the golden test compares these)."""
    document = sheet_document(character, damage_system=damage_system, check=check)
    size = document.pageSize()
    scale = dpi / document_dpi()
    pages = []
    for page in range(document.pageCount()):
        image = QImage(
            int(size.width() * scale), int(size.height() * scale), QImage.Format.Format_RGB32
        )
        image.fill(QColor(255, 255, 255))
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.scale(scale, scale)
        painter.translate(0, -page * size.height())
        context = QAbstractTextDocumentLayout.PaintContext()
        context.clip = QRectF(0, page * size.height(), size.width(), size.height())
        context.palette.setColor(QPalette.ColorRole.Text, QColor(0, 0, 0))
        painter.setClipRect(context.clip)
        document.documentLayout().draw(painter, context)
        painter.end()
        pages.append(image)
    return pages


def page_texts(
    character: Character,
    *,
    damage_system: DamageSystem = "conditions",
    check: CheckDefaults = NO_CAMPAIGN,
) -> list[str]:
    """The text of each page, block by block: what the golden test compares exactly."""
    document = sheet_document(character, damage_system=damage_system, check=check)
    height = document.pageSize().height()
    pages: list[list[str]] = [[] for _ in range(document.pageCount())]
    layout = document.documentLayout()
    block = document.begin()
    while block.isValid():
        text = block.text().strip()
        if text:
            page = int(layout.blockBoundingRect(block).top() // height)
            pages[min(page, len(pages) - 1)].append(text)
        block = block.next()
    return ["\n".join(lines) for lines in pages]


def print_character(
    character: Character,
    parent: QWidget | None = None,
    *,
    damage_system: DamageSystem = "conditions",
    check: CheckDefaults = NO_CAMPAIGN,
) -> bool:
    """Ask for a printer and print the sheet; False when cancelled. ``damage_system``: the
    campaign's R10 setting."""
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter  # only when printing

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setPageLayout(page_layout())
    printer.setDocName(character.name)
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle(tr("Print %1").replace("%1", character.name))
    if dialog.exec() != QPrintDialog.DialogCode.Accepted:
        return False
    sheet_document(character, damage_system=damage_system, check=check).print_(printer)
    return True
