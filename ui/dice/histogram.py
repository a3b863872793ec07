"""A histogram of exact odds: one bar per total, the difficulty marked (R4).

Every colour comes from the palette (Base, Text, Highlight, Mid), so it reads in light and
dark schemes; sizes come from the font, so it scales on high-DPI screens. Bars at or above
the difficulty are drawn in the highlight colour: they are the rolls that succeed.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QHelpEvent, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from sheets.odds import chance_at_least
from ui.theme import mix

Role = QPalette.ColorRole
MAX_BAR_WIDTH = 40.0  # one or two totals should not fill the width with a slab
TAIL_SHOWN = 0.0005  # each tail of at most 0.05% is cut off the plot (Wild Die chains run long)
_STEPS = (1, 2, 5)


def percent(p: float) -> str:
    """`62.4%`, `<0.1%` for the slivers the exact odds still report."""
    if 0 < p < 0.0005:
        return "<0.1%"
    return f"{p * 100:.1f}%"


class Histogram(QWidget):
    """Paints ``dict[total, probability]``; a message replaces or overlays the bars."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._odds: dict[int, float] = {}
        self._shown: dict[int, float] = {}  # the plotted range: the odds without long tails
        self._difficulty: int | None = None
        self._successes = False
        self._effect_roll = False  # R4: a damage roll is read against a resistance, no ranks
        self._message: str | None = None
        self._stale = False
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setMouseTracking(True)
        self.setAccessibleName(self.tr("Odds histogram"))
        self._describe()

    # --- what it shows ---------------------------------------------------------------------

    def set_odds(
        self,
        odds: dict[int, float] | None,
        difficulty: int | None = None,
        *,
        count_successes: bool = False,
    ) -> None:
        self._odds = dict(sorted((odds or {}).items()))
        self._shown = _without_tails(self._odds)
        self._difficulty = difficulty
        self._successes = count_successes
        self._stale = False
        self._message = None
        self._describe()
        self.update()

    def set_effect_roll(self, on: bool) -> None:
        """An effect roll (damage, R4) is captioned as one, not as a standing check."""
        self._effect_roll = on
        self.update()

    def set_difficulty(self, difficulty: int | None) -> None:
        self._difficulty = difficulty
        self._describe()
        self.update()

    def set_message(self, message: str | None, *, stale: bool = False) -> None:
        """Text over the plot ("computing...", a refusal); ``stale`` dims the old bars."""
        self._message = message
        self._stale = stale
        self._describe()
        self.update()

    def odds(self) -> dict[int, float]:
        return dict(self._odds)

    def message(self) -> str | None:
        return self._message

    def chance(self) -> float | None:
        """P(total >= difficulty), or None for a standing check or no odds."""
        if self._difficulty is None or not self._odds:
            return None
        return chance_at_least(self._odds, self._difficulty)

    def sizeHint(self) -> QSize:
        line = self.fontMetrics().height()
        return QSize(line * 24, line * 9)

    def minimumSizeHint(self) -> QSize:
        line = self.fontMetrics().height()
        return QSize(line * 10, line * 6)

    # --- geometry --------------------------------------------------------------------------

    def _plot_rect(self) -> QRectF:
        line = self.fontMetrics().height()
        pad = line * 0.5
        return QRectF(
            pad, pad + line * 1.3, self.width() - 2 * pad, self.height() - 2 * pad - line * 2.5
        )

    def _bar_geometry(self) -> tuple[int, float, float]:
        """(lowest total, x of the lowest bar's left edge, width per total)."""
        plot = self._plot_rect()
        low = min(self._shown)
        count = max(self._shown) - low + 1
        step = min(plot.width() / count, MAX_BAR_WIDTH)
        left = plot.left() + (plot.width() - step * count) / 2
        return low, left, step

    def _total_at(self, x: float) -> int | None:
        if not self._odds:
            return None
        low, left, step = self._bar_geometry()
        total = low + int((x - left) // step)
        return total if total in self._shown else None

    # --- painting --------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        palette = self.palette()
        base, text = palette.color(Role.Base), palette.color(Role.Text)
        painter.fillRect(self.rect(), base)
        painter.setPen(QPen(palette.color(Role.Mid), 1))
        painter.drawRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5))
        plot = self._plot_rect()
        if self._odds and plot.width() > 4 and plot.height() > 4:
            self._paint_bars(painter, plot, base, text, palette.color(Role.Highlight))
        self._paint_headline(painter, text)
        if self._message:
            self._paint_message(painter, plot, palette)
        painter.end()

    def _paint_bars(
        self, painter: QPainter, plot: QRectF, base: QColor, text: QColor, highlight: QColor
    ) -> None:
        low, left, step = self._bar_geometry()
        peak = max(self._shown.values())
        gap = 1.0 if step >= 4 else 0.0
        fail, win = mix(base, text, 0.55), highlight
        if self._stale:
            fail, win = mix(base, fail, 0.35), mix(base, win, 0.35)
        for total, p in self._shown.items():
            height = plot.height() * p / peak
            x = left + (total - low) * step
            rect = QRectF(x, plot.bottom() - height, max(step - gap, 1.0), height)
            reached = self._difficulty is not None and total >= self._difficulty
            painter.fillRect(rect, win if reached else fail)
        # Baseline and x-axis labels (a "nice" step so labels never overlap).
        painter.setPen(QPen(mix(base, text, 0.6), 1))
        painter.drawLine(QPointF(plot.left(), plot.bottom()), QPointF(plot.right(), plot.bottom()))
        metrics = self.fontMetrics()
        high = max(self._shown)
        widest = max(metrics.horizontalAdvance(str(t)) for t in (low, high)) + metrics.height()
        every = _nice_step(widest / step)
        painter.setPen(text)
        first = -(-low // every) * every
        for total in range(first, high + 1, every):
            x = left + (total - low + 0.5) * step
            label = QRectF(x - widest / 2, plot.bottom() + 2, widest, metrics.height())
            painter.drawText(label, Qt.AlignmentFlag.AlignCenter, str(total))
        if self._difficulty is not None:
            self._paint_difficulty(painter, plot, low, left, step, text)

    def _paint_difficulty(
        self, painter: QPainter, plot: QRectF, low: int, left: float, step: float, text: QColor
    ) -> None:
        """A dashed line at the left edge of the difficulty's bar (clamped to the plot)."""
        assert self._difficulty is not None
        x = left + (self._difficulty - low) * step - 0.5
        x = min(max(x, plot.left()), plot.right())
        pen = QPen(text, 2, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))

    def _paint_headline(self, painter: QPainter, text: QColor) -> None:
        """The chance of success on the left; the tallest bar's share on the right, so the
        bar heights have a scale."""
        metrics = self.fontMetrics()
        pad = metrics.height() * 0.5
        rect = QRectF(pad, pad, self.width() - 2 * pad, metrics.height())
        peak = ""
        if self._shown:
            peak = self.tr("peak %1").replace("%1", percent(max(self._shown.values())))
            painter.setPen(mix(self.palette().color(Role.Base), text, 0.7))
            painter.drawText(
                rect, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, peak
            )
        room = rect.width() - metrics.horizontalAdvance(peak) - metrics.height()
        painter.setPen(text)
        elided = metrics.elidedText(self._headline(), Qt.TextElideMode.ElideRight, int(room))
        painter.drawText(rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, elided)

    def _headline(self) -> str:
        if not self._odds:
            return self.tr("No odds")
        chance = self.chance()
        if chance is None:
            if self._effect_roll:
                return self._range_words() + self.tr(": damage roll")
            return self._range_words() + self.tr(": standing check")
        head = self.tr("%1 to reach %2")
        if self._successes:
            head = self.tr("%1 to reach %2 successes")
        return head.replace("%1", percent(chance)).replace("%2", str(self._difficulty))

    def _range_words(self) -> str:
        """The totals the axis shows, and all there are when the tails were cut: the
        caption and the axis agree (``Totals 4–34 of 3–131``; short: the dock is narrow)."""
        low, high = min(self._odds), max(self._odds)
        shown_low, shown_high = min(self._shown), max(self._shown)
        if (shown_low, shown_high) == (low, high):
            return self.tr("Totals %1 to %2").replace("%1", str(low)).replace("%2", str(high))
        return (
            self.tr("Totals %1–%2 of %3–%4")
            .replace("%1", str(shown_low))
            .replace("%2", str(shown_high))
            .replace("%3", str(low))
            .replace("%4", str(high))
        )

    def _paint_message(self, painter: QPainter, plot: QRectF, palette: QPalette) -> None:
        assert self._message is not None
        metrics = self.fontMetrics()
        flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        area = plot.adjusted(metrics.height(), 0, -metrics.height(), 0)
        bounds = metrics.boundingRect(area.toRect(), int(flags), self._message)
        box = QRectF(bounds).adjusted(-8, -4, 8, 4)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(palette.color(Role.Mid), 1))
        painter.setBrush(palette.color(Role.Window))
        painter.drawRoundedRect(box, 4, 4)
        painter.setPen(palette.color(Role.WindowText))
        painter.drawText(area, int(flags), self._message)

    # --- tooltips and accessibility --------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            total = self._total_at(event.pos().x())
            if total is None:
                QToolTip.hideText()
                event.ignore()
            else:
                tip = self.tr("Total %1: %2 exactly, %3 at least")
                tip = tip.replace("%1", str(total)).replace("%2", percent(self._shown[total]))
                QToolTip.showText(
                    event.globalPos(),
                    tip.replace("%3", percent(chance_at_least(self._odds, total))),
                    self,
                )
            return True
        return super().event(event)

    def _describe(self) -> None:
        if self._message:
            self.setAccessibleDescription(self._message)
            return
        if not self._odds:
            self.setAccessibleDescription(self.tr("No odds to show."))
            return
        likely = max(self._odds, key=lambda t: self._odds[t])
        text = self._range_words() + self.tr("; most likely %3 (%4).")
        text = text.replace("%3", str(likely)).replace("%4", percent(self._odds[likely]))
        if self._shown and (min(self._shown), max(self._shown)) != (
            min(self._odds),
            max(self._odds),
        ):
            cut = self.tr(" The totals off the axis add up to under %1 on each side.")
            text += cut.replace("%1", percent(TAIL_SHOWN))
        chance = self.chance()
        if chance is not None:
            more = self.tr(" Chance of at least %1: %2.")
            text += more.replace("%1", str(self._difficulty)).replace("%2", percent(chance))
        self.setAccessibleDescription(text)


def _without_tails(odds: dict[int, float]) -> dict[int, float]:
    """The totals between the two tails of at most ``TAIL_SHOWN`` each, gaps filled with 0."""
    if not odds:
        return {}
    totals = sorted(odds)
    low, high, mass = 0, len(totals) - 1, 0.0
    while low < high and mass + odds[totals[low]] <= TAIL_SHOWN:
        mass += odds[totals[low]]
        low += 1
    mass = 0.0
    while high > low and mass + odds[totals[high]] <= TAIL_SHOWN:
        mass += odds[totals[high]]
        high -= 1
    return {t: odds.get(t, 0.0) for t in range(totals[low], totals[high] + 1)}


def _nice_step(minimum: float) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50, ... at least ``minimum``."""
    scale = 1
    while True:
        for step in _STEPS:
            if step * scale >= minimum:
                return step * scale
        scale *= 10
