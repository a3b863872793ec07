"""Cheap painting for the initiative table: text cells, actions left as pips (R6) and the
compact condition tracks as steps (R5), led by the wound level or the body points when the
campaign plays an OpenD6 damage system (R10).

Every delegate reads the whole row in one call (``RowRole``) instead of the ten roles a
styled item delegate asks per cell: with 500 combatants a turn must repaint in a frame.
The sheet's ``ConditionsWidget`` is a live editor per character (a widget and an undo
stack each); the table paints the same steps itself, without a widget per row.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPalette
from PySide6.QtWidgets import QStyle, QStyleOptionViewItem

from sheets.conditions import OUT_OF_ACTION
from sheets.damage import HEALTHY, WOUND_LEVELS
from ui.theme import DANGER, WARN, mix
from ui.tracker.cell_pixmaps import KeptCellsDelegate
from ui.tracker.initiative_model import RowRole
from ui.tracker.rows import COL_INITIATIVE, COL_ORDER, DamageCell, RowData, faded

GOOD: Final = QColor(72, 160, 92)
WOUND_COLORS: Final = (
    QColor(),  # Healthy: no chip
    QColor(236, 190, 64),  # Stunned
    QColor(226, 128, 44),  # Wounded
    QColor(205, 62, 48),  # Severely Wounded
    QColor(158, 36, 34),  # Incapacitated
    QColor(112, 22, 28),  # Mortally Wounded
    QColor(52, 18, 22),  # Dead
)
"""R10: a wound level's chip, darker as the wound is worse (index: the level)."""
BAR_W: Final = 46
POINTS_SAMPLE: Final = "00/00 BP"
"""The width the body points label reserves, so the bars of a column line up."""
TRACK_LETTERS: Final = {"damage": "D", "composure": "C", "body": "B"}
STEP_W: Final = 9
STEP_GAP: Final = 2
_SELECTED: Final = QStyle.StateFlag.State_Selected


def wound_color(level: int) -> QColor:
    """The chip colour of a wound level (R10); invalid for Healthy (no chip)."""
    return QColor(WOUND_COLORS[max(0, min(level, len(WOUND_COLORS) - 1))])


def chip_text_color(fill: QColor) -> QColor:
    """Black on a light chip, white on a dark one, whatever the colour scheme."""
    light = 0.299 * fill.redF() + 0.587 * fill.greenF() + 0.114 * fill.blueF()
    return QColor(0, 0, 0) if light > 0.55 else QColor(255, 255, 255)


def points_color(cell: DamageCell) -> QColor:
    """R10 body points bar: green above half the pool, amber above a quarter, then red."""
    share = cell.left / cell.maximum if cell.maximum > 0 else 0.0
    if share > 0.5:
        return QColor(GOOD)
    if share > 0.25:
        return QColor(WARN)
    return QColor(DANGER)


def paint_damage(
    painter: QPainter,
    rect: QRect,
    x: int,
    cell: DamageCell,
    text: QColor,
    base: QColor,
) -> int:
    """Paint the R10 cell from ``x`` inside ``rect``: the wound level as a coloured chip,
    or "14/23 BP" and a small bar. Returns the x after it. The painter's font decides the
    size, so the player view's big font paints a big chip. Every row reserves the same
    width (the widest wound level, a two-digit pool), so what follows lines up."""
    metrics = painter.fontMetrics()
    valign = Qt.AlignmentFlag.AlignVCenter
    height = min(metrics.height() + 2, rect.height() - 4)
    top = rect.center().y() - height // 2 + 1
    width = metrics.horizontalAdvance(cell.word)
    if cell.system == "wounds":
        pad = max(4, metrics.averageCharWidth() // 2 + 2)
        widest = max(metrics.horizontalAdvance(name) for name in WOUND_LEVELS)
        after = x + max(widest, width) + 2 * pad + 9
        if cell.level == HEALTHY:
            painter.setPen(mix(base, text, 0.7))
            painter.drawText(QRect(x, rect.top(), width + 2, rect.height()), valign, cell.word)
            return after
        fill = wound_color(cell.level)
        chip = QRect(x, top, width + 2 * pad, height)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(mix(fill, text, 0.35))  # an edge that shows on a dark base too
        painter.setBrush(fill)
        radius = height / 3
        painter.drawRoundedRect(chip.adjusted(0, 0, -1, -1), radius, radius)
        painter.setPen(chip_text_color(fill))
        painter.drawText(chip, Qt.AlignmentFlag.AlignCenter, cell.word)
        painter.restore()
        return after
    painter.setPen(text)
    painter.drawText(QRect(x, rect.top(), width + 2, rect.height()), valign, cell.word)
    x += max(width, metrics.horizontalAdvance(POINTS_SAMPLE)) + 6
    bar_w = max(BAR_W, metrics.averageCharWidth() * 6)
    bar_h = max(6, height // 2)
    bar = QRect(x, rect.center().y() - bar_h // 2 + 1, bar_w, bar_h)
    painter.fillRect(bar, mix(base, text, 0.18))
    if cell.maximum > 0 and cell.left > 0:
        filled = max(1, round(bar_w * min(cell.left, cell.maximum) / cell.maximum))
        painter.fillRect(QRect(bar.left(), bar.top(), filled, bar_h), points_color(cell))
    return bar.right() + 10


class RowDelegate(KeptCellsDelegate):
    """Text cells painted straight from the row: background, bold for the actor, elided.
    Each cell is painted once and copied after (``KeptCellsDelegate``)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._palette_key = -1
        self._acting = QColor()
        self._faded = QColor()

    def _colors(self, palette: QPalette) -> None:
        key = palette.cacheKey()
        if key != self._palette_key:
            self._palette_key = key
            self._acting = mix(
                palette.color(QPalette.ColorRole.Base),
                palette.color(QPalette.ColorRole.Highlight),
                0.28,
            )
            self._faded = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)

    def background(self, painter: QPainter, option: QStyleOptionViewItem, row: RowData) -> QColor:
        """Fill the cell; returns the text colour to use on it."""
        palette: QPalette = option.palette
        self._colors(palette)
        rect: QRect = option.rect
        if option.state & _SELECTED:
            painter.fillRect(rect, palette.color(QPalette.ColorRole.Highlight))
            return palette.color(QPalette.ColorRole.HighlightedText)
        if row.acting:
            painter.fillRect(rect, self._acting)
        if faded(row):
            return self._faded
        return palette.color(QPalette.ColorRole.Text)

    def shows(self, row: RowData, column: int) -> Hashable:
        """What this delegate's cell shows: equal keys paint equal pixels."""
        return row.display[column], column in (COL_ORDER, COL_INITIATIVE)

    def cell_key(self, index: QModelIndex | QPersistentModelIndex) -> Hashable | None:
        row: RowData | None = index.data(RowRole)
        if row is None:
            return None
        return self.row_key(row, index.column())

    def row_key(self, row: RowData, column: int) -> Hashable:
        """``cell_key`` from the row itself (``ui.tracker.table_paint`` has it in hand)."""
        return self.shows(row, column), row.acting, faded(row)

    def paint_cell(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        self.paint_row(painter, option, index.data(RowRole), index.column())

    def paint_row(
        self, painter: QPainter, option: QStyleOptionViewItem, row: RowData, column: int
    ) -> None:
        """Paint the cell of ``row`` at ``column`` into ``option.rect``."""
        color = self.background(painter, option, row)
        text = row.display[column]
        if not text:
            return
        rect: QRect = option.rect.adjusted(5, 0, -5, 0)
        font: QFont = option.font
        painter.save()
        if row.acting:
            font = QFont(font)
            font.setBold(True)
        painter.setFont(font)
        painter.setPen(color)
        metrics = painter.fontMetrics()
        if metrics.horizontalAdvance(text) > rect.width():
            text = metrics.elidedText(text, Qt.TextElideMode.ElideRight, rect.width())
        align = (
            Qt.AlignmentFlag.AlignCenter
            if column in (COL_ORDER, COL_INITIATIVE)
            else Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        )
        painter.drawText(rect, align, text)
        painter.restore()


class ActionsDelegate(RowDelegate):
    """Full actions as large pips, bonus actions as small ones; spent ones hollow (R6)."""

    def shows(self, row: RowData, column: int) -> Hashable:
        return row.actions

    def paint_row(
        self, painter: QPainter, option: QStyleOptionViewItem, row: RowData, column: int
    ) -> None:
        color = self.background(painter, option, row)
        full_left, full, bonus_left, bonus = row.actions
        rect: QRect = option.rect
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(color)
        x = rect.left() + 6
        cy = rect.center().y()
        for size, left, total in ((10, full_left, full), (7, bonus_left, bonus)):
            for i in range(min(total, 6)):
                painter.setBrush(color if i < left else Qt.BrushStyle.NoBrush)
                painter.drawEllipse(x, cy - size // 2, size, size)
                x += size + 4
            x += 6
        painter.restore()

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        return QSize(76, super().sizeHint(option, index).height())


class ConditionsDelegate(RowDelegate):
    """Each track as a letter and a row of steps up to Out of Action, then the word of
    its level ("Hurt", "Demoralized"). Steps fill warmer as the level rises (R5).
    Under an OpenD6 damage system (R10) the wound level chip or the body points bar
    comes first."""

    def shows(self, row: RowData, column: int) -> Hashable:
        return row.tracks, row.damage

    def paint_row(
        self, painter: QPainter, option: QStyleOptionViewItem, row: RowData, column: int
    ) -> None:
        text = self.background(painter, option, row)
        rect: QRect = option.rect
        palette: QPalette = option.palette
        empty = mix(palette.color(QPalette.ColorRole.Base), text, 0.18)
        painter.save()
        painter.setPen(text)
        metrics = painter.fontMetrics()
        x = rect.left() + 4
        if row.damage is not None:  # R10: the wound level or body points lead
            selected = bool(option.state & _SELECTED)
            base = palette.color(
                QPalette.ColorRole.Highlight if selected else QPalette.ColorRole.Base
            )
            x = paint_damage(painter, rect, x, row.damage, text, base)
            painter.setPen(text)
        height = min(12, rect.height() - 8)
        top = rect.center().y() - height // 2
        valign = Qt.AlignmentFlag.AlignVCenter
        right = rect.right() - 2
        for cell in row.tracks:
            needed = 13 + cell.steps * (STEP_W + STEP_GAP)
            if x + needed > right:  # no half-drawn track: an ellipsis (the tooltip has all)
                painter.drawText(QRect(x, rect.top(), right - x + 2, rect.height()), valign, "…")
                break
            letter = TRACK_LETTERS.get(cell.track, "?")
            painter.drawText(QRect(x, rect.top(), 12, rect.height()), valign, letter)
            x += 13
            level_step = cell.level if cell.level < OUT_OF_ACTION else cell.steps
            for step in range(1, cell.steps + 1):
                fill = mix(WARN, DANGER, step / cell.steps) if step <= level_step else empty
                painter.fillRect(QRect(x, top, STEP_W, height), fill)
                x += STEP_W + STEP_GAP
            x += 3
            if cell.level > 0:
                word = cell.word
                width = metrics.horizontalAdvance(word)
                if x + width > right:
                    word = metrics.elidedText(word, Qt.TextElideMode.ElideRight, right - x)
                    width = metrics.horizontalAdvance(word)
                painter.drawText(QRect(x, rect.top(), width + 2, rect.height()), valign, word)
                x += width + 8
            else:
                x += 6
            if x > right:
                break
        painter.restore()

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        return QSize(260, super().sizeHint(option, index).height())
