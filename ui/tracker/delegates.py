"""Cheap painting for the initiative table: text cells, actions left as pips (R6) and the
compact condition tracks as steps (R5).

Every delegate reads the whole row in one call (``RowRole``) instead of the ten roles a
styled item delegate asks per cell: with 500 combatants a turn must repaint in a frame.
The sheet's ``ConditionsWidget`` is a live editor per character (a widget and an undo
stack each); the table paints the same steps itself, without a widget per row.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPalette
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from sheets.conditions import OUT_OF_ACTION
from ui.theme import mix
from ui.tracker.initiative_model import (
    COL_INITIATIVE,
    COL_ORDER,
    RowData,
    RowRole,
)

DANGER: Final = QColor(205, 62, 48)
WARN: Final = QColor(222, 150, 40)
TRACK_LETTERS: Final = {"damage": "D", "composure": "C", "body": "B"}
STEP_W: Final = 9
STEP_GAP: Final = 2
_SELECTED: Final = QStyle.StateFlag.State_Selected


class RowDelegate(QStyledItemDelegate):
    """Text cells painted straight from the row: background, bold for the actor, elided."""

    def __init__(self, parent: object = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
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
        if row.state in ("conceded", "out"):
            return self._faded
        return palette.color(QPalette.ColorRole.Text)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        row: RowData | None = index.data(RowRole)
        if row is None:
            super().paint(painter, option, index)
            return
        color = self.background(painter, option, row)
        column = index.column()
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

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        row: RowData | None = index.data(RowRole)
        if row is None:
            return
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
    its level ("Hurt", "Demoralized"). Steps fill warmer as the level rises (R5)."""

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        row: RowData | None = index.data(RowRole)
        if row is None:
            return
        text = self.background(painter, option, row)
        rect: QRect = option.rect
        palette: QPalette = option.palette
        empty = mix(palette.color(QPalette.ColorRole.Base), text, 0.18)
        painter.save()
        painter.setPen(text)
        metrics = painter.fontMetrics()
        x = rect.left() + 4
        height = min(12, rect.height() - 8)
        top = rect.center().y() - height // 2
        valign = Qt.AlignmentFlag.AlignVCenter
        for cell in row.tracks:
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
                width = metrics.horizontalAdvance(cell.word)
                painter.drawText(QRect(x, rect.top(), width + 2, rect.height()), valign, cell.word)
                x += width + 8
            else:
                x += 6
            if x > rect.right():
                break
        painter.restore()

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        return QSize(260, super().sizeHint(option, index).height())
