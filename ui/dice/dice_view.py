"""A roll drawn as dice (R3's roll log): every die, its kind, chain, flips and drops.

* A die is a rounded square with pips (D6) or its number (other dice).
* A Wild Die is filled with the highlight colour; its chain (R3 step 3: a 6 rolls again
  and adds) is drawn as linked dice inside one outline, captioned "Wild".
* A flipped face (R3 step 6) shows "6→1": the rolled face, then what it reads as.
* A die that left the roll (critical failure, R3 step 3; Boost/Penalty discard, step 5)
  is faded and struck through; the critical Wild Die carries a "!" badge.
* With Advantage/Disadvantage (step 4) both sets are drawn, the one not kept faded; Boost,
  Penalty, Character Point and action point dice have a dashed outline and a caption.
* After an action point reroll (R7) the roll that was not kept is drawn faded below.

Colours come from the palette (Base, Text, Highlight, HighlightedText, Mid); sizes from
the font. The widget wraps its dice to its width (height-for-width).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QHelpEvent, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from sheets.dice import DieRoll, RollResult
from ui.dice import words
from ui.theme import mix

Role = QPalette.ColorRole
# Pip positions on a 3x3 grid (column, row) for faces 1-6.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}
MAX_CHAIN_DRAWN = 12  # a longer chain (one in 2 billion) draws its last faces as "…"


# Plain classes, not dataclasses: a dataclass compiles its methods from source when it is
# made (~1.5 M instructions each), and the dice panel is built for the first screen.
class _Cell:
    """One die (a whole Wild Die chain) placed in the widget."""

    __slots__ = ("die", "faces", "faded", "rect")

    def __init__(self, die: DieRoll, rect: QRectF, faded: bool = False) -> None:
        self.die = die
        self.rect = rect  # the faces and the caption
        self.faces: list[tuple[QRectF, str, bool]] = []  # rect, label, pips
        self.faded = faded


class _Header:
    __slots__ = ("bold", "rect", "text")

    def __init__(self, text: str, rect: QRectF, bold: bool) -> None:
        self.text = text
        self.rect = rect
        self.bold = bold


class _Row:
    __slots__ = ("bold", "dice", "faded", "header")

    def __init__(
        self, header: str | None, dice: list[DieRoll], faded: bool = False, bold: bool = False
    ) -> None:
        self.header = header
        self.dice = dice
        self.faded = faded
        self.bold = bold


class DiceView(QWidget):
    """Shows one ``RollResult`` (or nothing) as dice."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._result: RollResult | None = None
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setMouseTracking(True)
        self.setAccessibleName(self.tr("Dice rolled"))
        self._describe()

    def result(self) -> RollResult | None:
        return self._result

    def set_result(self, result: RollResult | None) -> None:
        self._result = result
        self._describe()
        self.updateGeometry()
        self.update()

    # --- geometry ----------------------------------------------------------------------------

    def _die_size(self) -> float:
        return float(round(self.fontMetrics().height() * 2.1))

    def sizeHint(self) -> QSize:
        width = int(self._die_size() * 12)
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        return QSize(int(self._die_size() * 4), int(self._die_size()))

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        _, _, height = self._layout(width)
        return int(height)

    def _rows(self) -> list[_Row]:
        result = self._result
        if result is None:
            return []
        sets = sorted({d.set_index for d in result.dice})
        rows: list[_Row] = []
        for index in sets:
            dice = [d for d in result.dice if d.set_index == index]
            header = None
            kept = index == result.kept_set
            if len(sets) > 1:
                header = self.tr("Set %1: dice total %2").replace("%1", str(index + 1))
                header = header.replace("%2", str(result.set_totals[index]))
                header += self.tr(" (kept)") if kept else self.tr(" (not kept)")
            rows.append(_Row(header, dice, faded=not kept, bold=kept))
        other = result.other_roll
        if other is not None:
            header = self.tr("Rerolled with an action point, not kept: total %1")
            dice = [d for d in other.dice if d.set_index == other.kept_set]
            rows.append(_Row(header.replace("%1", str(other.total)), dice, faded=True))
        return rows

    def _layout(self, width: int) -> tuple[list[_Header], list[_Cell], float]:
        metrics = self.fontMetrics()
        size = self._die_size()
        gap = round(size * 0.3)
        link = round(size * 0.28)  # the space between the faces of one chain
        caption = metrics.height() + 4  # 4: room under a chain's outline
        y = gap / 2
        headers: list[_Header] = []
        cells: list[_Cell] = []
        for row in self._rows():
            if row.header:
                headers.append(
                    _Header(row.header, QRectF(gap / 2, y, width - gap, caption), row.bold)
                )
                y += caption + gap / 3
            x = gap / 2
            for die in row.dice:
                faces = self._face_specs(die)
                widths = [self._face_width(label, pips, size) for label, pips in faces]
                cell_width = sum(widths) + link * (len(widths) - 1)
                cell_width = max(cell_width, metrics.horizontalAdvance(self._caption(die)) + 4)
                if x > gap / 2 and x + cell_width > width - gap / 2:
                    x = gap / 2
                    y += size + caption + gap
                cell = _Cell(die, QRectF(x, y, cell_width, size + caption), faded=row.faded)
                fx = x + (cell_width - sum(widths) - link * (len(widths) - 1)) / 2
                for (label, pips), face_width in zip(faces, widths, strict=True):
                    cell.faces.append((QRectF(fx, y, face_width, size), label, pips))
                    fx += face_width + link
                cells.append(cell)
                x += cell_width + gap
            y += size + caption + gap
        return headers, cells, y

    def _face_specs(self, die: DieRoll) -> list[tuple[str, bool]]:
        """(label, draw as pips) per face; a flipped face reads "6→1" (R3 step 6)."""
        specs = []
        faces = list(zip(die.faces, die.shown, strict=True))
        if len(faces) > MAX_CHAIN_DRAWN:
            faces = faces[: MAX_CHAIN_DRAWN - 1]
        for rolled, shown in faces:
            if rolled != shown:
                specs.append((f"{rolled}→{shown}", False))
            else:
                specs.append((str(shown), die.sides == 6))
        if len(die.faces) > MAX_CHAIN_DRAWN:
            specs.append(("…", False))
        return specs

    def _face_width(self, label: str, pips: bool, size: float) -> float:
        if pips:
            return size
        return max(size, self.fontMetrics().horizontalAdvance(label) + size * 0.5)

    def _caption(self, die: DieRoll) -> str:
        text = words.kind_caption(die.kind)
        if die.dropped:
            text = (text + " " if text else "") + self.tr("dropped")
        return text

    # --- painting ----------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        palette = self.palette()
        headers, cells, _ = self._layout(self.width())
        if not cells and not headers:
            painter.setPen(palette.color(Role.PlaceholderText))
            painter.drawText(
                QRectF(self.rect()), Qt.AlignmentFlag.AlignCenter, self.tr("Roll to see the dice.")
            )
        for header in headers:
            font = QFont(self.font())
            font.setBold(header.bold)
            painter.setFont(font)
            painter.setPen(palette.color(Role.WindowText))
            painter.drawText(
                header.rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, header.text
            )
        painter.setFont(self.font())
        for cell in cells:
            painter.setOpacity(0.4 if cell.faded or cell.die.dropped else 1.0)
            self._paint_cell(painter, cell, palette)
        painter.end()

    def _paint_cell(self, painter: QPainter, cell: _Cell, palette: QPalette) -> None:
        die = cell.die
        text = palette.color(Role.Text)
        window_text = palette.color(Role.WindowText)
        if die.is_wild:
            fill, ink = palette.color(Role.Highlight), palette.color(Role.HighlightedText)
            border = mix(fill, window_text, 0.35)
        else:
            fill, ink = palette.color(Role.Base), text
            border = mix(palette.color(Role.Base), text, 0.65)
        extra = die.kind in ("boost", "penalty", "character_point", "action_point")
        size = cell.faces[0][0].height()
        if die.is_wild and len(cell.faces) > 1:
            # The chain: one outline around linked faces, "+" between them (R3 step 3).
            first, last = cell.faces[0][0], cell.faces[-1][0]
            outline = QRectF(first.left(), first.top(), last.right() - first.left(), size)
            painter.setPen(QPen(border, 1.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(outline.adjusted(-3, -3, 3, 3), size * 0.22, size * 0.22)
            painter.setPen(window_text)
            for (left, _, _), (right, _, _) in zip(cell.faces, cell.faces[1:], strict=False):
                gap = QRectF(left.right(), left.top(), right.left() - left.right(), size)
                painter.drawText(gap, Qt.AlignmentFlag.AlignCenter, "+")
        for rect, label, pips in cell.faces:
            pen = QPen(border, 1.5, Qt.PenStyle.DashLine if extra else Qt.PenStyle.SolidLine)
            painter.setPen(pen)
            painter.setBrush(fill)
            painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), size * 0.16, size * 0.16)
            if pips:
                self._paint_pips(painter, rect, int(label), ink)
            else:
                painter.setPen(ink)
                font = QFont(self.font())
                font.setBold(True)
                painter.setFont(font)
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)
                painter.setFont(self.font())
        top = cell.rect.top() + size + 4
        caption_rect = QRectF(cell.rect.left(), top, cell.rect.width(), cell.rect.bottom() - top)
        painter.setPen(window_text)
        painter.drawText(caption_rect, Qt.AlignmentFlag.AlignCenter, self._caption(die))
        if die.dropped:
            painter.setOpacity(0.8)  # the strike reads clearly over the faded die
            painter.setPen(QPen(window_text, 2))
            first, last = cell.faces[0][0], cell.faces[-1][0]
            painter.drawLine(
                QPointF(first.left() + 2, last.bottom() - 2),
                QPointF(last.right() - 2, first.top() + 2),
            )
        if die.critical:
            self._paint_badge(painter, cell.faces[0][0], palette)

    def _paint_pips(self, painter: QPainter, rect: QRectF, face: int, ink: QColor) -> None:
        radius = rect.width() * 0.09
        inset = rect.width() * 0.25
        step = (rect.width() - 2 * inset) / 2
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(ink)
        for column, row in PIPS.get(face, ()):
            centre = QPointF(rect.left() + inset + column * step, rect.top() + inset + row * step)
            painter.drawEllipse(centre, radius, radius)

    def _paint_badge(self, painter: QPainter, rect: QRectF, palette: QPalette) -> None:
        """ "!" on the Wild Die whose first roll of 1 is the critical failure (R3 step 3)."""
        radius = rect.width() * 0.2
        centre = QPointF(rect.right() - radius * 0.4, rect.top() + radius * 0.4)
        painter.setPen(QPen(palette.color(Role.Base), 1.5))
        painter.setBrush(palette.color(Role.WindowText))
        painter.drawEllipse(centre, radius, radius)
        painter.setPen(palette.color(Role.Base))
        font = QFont(self.font())
        font.setBold(True)
        font.setPixelSize(max(6, int(radius * 1.6)))
        painter.setFont(font)
        box = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, "!")
        painter.setFont(self.font())

    # --- tooltips and accessibility ------------------------------------------------------------

    def describe_die(self, die: DieRoll) -> str:
        """`Wild Die 6+6+2`, `regular die 6→1 (flipped)`, `Boost die 2, discarded for Boost`."""
        faces = "+".join(
            f"{rolled}→{shown}" if rolled != shown else str(rolled)
            for rolled, shown in zip(die.faces, die.shown, strict=True)
        )
        text = f"{words.kind_name(die.kind)} {faces}"
        if any(die.flipped):
            text += self.tr(" (flipped, R3 step 6)")
        if die.critical:
            text += self.tr(", critical failure (R3 step 3)")
        if die.dropped:
            text += ", " + words.drop_reason(die.dropped)
        return text

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            _, cells, _ = self._layout(self.width())
            point = QPointF(event.pos())
            hit = next((c for c in cells if c.rect.contains(point)), None)
            if hit is None:
                QToolTip.hideText()
                event.ignore()
            else:
                QToolTip.showText(event.globalPos(), self.describe_die(hit.die), self)
            return True
        return super().event(event)

    def _describe(self) -> None:
        if self._result is None:
            self.setAccessibleDescription(self.tr("No roll yet."))
            return
        parts = []
        for row in self._rows():
            dice = "; ".join(self.describe_die(d) for d in row.dice)
            parts.append(f"{row.header}: {dice}." if row.header else f"{dice}.")
        self.setAccessibleDescription(" ".join(parts))
