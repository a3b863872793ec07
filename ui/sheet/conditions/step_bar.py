"""The step bar every condition is drawn with (R5): a row of labelled steps, one current.

``mode`` says how the steps fill: a track fills from Normal up to its level (redder as it
nears Out of Action), a scale marks only its current step (green on the calm side, red on
the other), a status fills the levels it has used up. Clicks and keys become signals; the
bar knows nothing of the character.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import (
    QSizePolicy,
    QStyle,
    QStyleOptionFocusRect,
    QToolTip,
    QWidget,
)

from ui.theme import CALM, DANGER, is_dark, mix


def _text_on(fill: QColor, palette: QPalette) -> QColor:
    """Readable text on ``fill``: the palette's text or its opposite."""
    light = fill.lightnessF() > 0.55
    text = palette.color(QPalette.ColorRole.Text)
    text_is_light = text.lightnessF() > 0.5
    if light != text_is_light:
        return text
    return palette.color(QPalette.ColorRole.Base)


class StepBar(QWidget):
    """A row of labelled steps; one is current. Clickable and keyboard-driven."""

    stepClicked = Signal(int)  # the step index
    stepRequested = Signal(int)  # +1 / -1 from the keyboard

    def __init__(
        self,
        accessible_name: str,
        parent: QWidget | None = None,
        *,
        compact: bool = False,
        mode: str = "track",
    ) -> None:
        super().__init__(parent)
        self.compact = compact
        self.mode = mode  # "track": fill up to current; "scale": centre out; "status": deplete
        self._labels: list[str] = []
        self._sublabels: list[str] = []
        self._tips: list[str] = []
        self._current = 0
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName(accessible_name)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMouseTracking(True)

    def set_steps(
        self,
        labels: Sequence[str],
        current: int,
        tips: Sequence[str] = (),
        sublabels: Sequence[str] = (),
    ) -> None:
        """``labels`` on the steps (elided to fit; ``tips`` say them in full); a second,
        bold line of ``sublabels`` (e.g. the modifier) unless compact."""
        self._labels = list(labels)
        self._sublabels = [] if self.compact else list(sublabels)
        self._tips = list(tips) or list(labels)
        self._current = current
        self.setAccessibleDescription(
            self.tr("%1 of %2: %3")
            .replace("%1", str(current + 1))
            .replace("%2", str(len(labels)))
            .replace("%3", labels[current] if 0 <= current < len(labels) else "")
        )
        self.updateGeometry()
        self.update()

    def current(self) -> int:
        return self._current

    def labels(self) -> list[str]:
        return list(self._labels)

    def _step_font(self) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * (0.85 if self.compact else 0.9))
        return font

    def sizeHint(self) -> QSize:
        metrics = QFontMetrics(self._step_font())
        lines = 2 if self._sublabels else 1
        height = metrics.height() * lines + (6 if self.compact else 12)
        widest = max((metrics.horizontalAdvance(t) for t in self._labels), default=40)
        per_step = (widest // 2 if self.compact else widest) + 12
        return QSize(max(1, len(self._labels)) * per_step, height)

    def minimumSizeHint(self) -> QSize:
        hint = self.sizeHint()
        return QSize(max(1, len(self._labels)) * (18 if self.compact else 36), hint.height())

    def step_rect(self, step: int) -> QRect:
        count = max(1, len(self._labels))
        width = self.width() - 2
        left = 1 + width * step // count
        right = 1 + width * (step + 1) // count
        return QRect(left, 1, right - left - 2, self.height() - 2)

    def step_at(self, point: QPoint) -> int | None:
        for step in range(len(self._labels)):
            if self.step_rect(step).contains(point):
                return step
        return None

    def _fill(self, step: int, palette: QPalette) -> QColor | None:
        base = palette.color(QPalette.ColorRole.Base)
        count = len(self._labels)
        if self.mode == "track":
            if step == 0 or step > self._current:
                return None
            return mix(base, DANGER, 0.35 + 0.65 * step / max(1, count - 1))
        if self.mode == "status":
            if step > self._current:
                return None
            return mix(base, palette.color(QPalette.ColorRole.Highlight), 0.25)
        # scale: the current step only, coloured by which side of neutral it is
        if step != self._current:
            return None
        centre = (count - 1) / 2
        side = DANGER if step > centre else CALM if step < centre else None
        if side is None:
            return palette.color(QPalette.ColorRole.Highlight)
        return mix(base, side, 0.45 + 0.55 * abs(step - centre) / max(1.0, centre))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        border = mix(
            palette.color(QPalette.ColorRole.Text), palette.color(QPalette.ColorRole.Base), 0.6
        )
        step_font = self._step_font()
        metrics = QFontMetrics(step_font)
        for step, label in enumerate(self._labels):
            rect = QRectF(self.step_rect(step))
            fill = self._fill(step, palette)
            painter.setPen(QPen(border, 1))
            painter.setBrush(fill if fill is not None else palette.color(QPalette.ColorRole.Base))
            painter.drawRoundedRect(rect, 3, 3)
            if step == self._current:
                pen = QPen(palette.color(QPalette.ColorRole.Highlight), 2.5)
                if is_dark(palette):
                    pen.setColor(mix(pen.color(), QColor(255, 255, 255), 0.3))
                painter.setPen(pen)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 3, 3)
            text_colour = (
                _text_on(fill, palette)
                if fill is not None
                else palette.color(QPalette.ColorRole.Text)
            )
            painter.setPen(text_colour)
            font = QFont(step_font)
            font.setBold(step == self._current)
            painter.setFont(font)
            shown = metrics.elidedText(label, Qt.TextElideMode.ElideRight, int(rect.width()) - 4)
            if step < len(self._sublabels):
                top, bottom = (
                    rect.adjusted(0, 2, 0, -rect.height() / 2),
                    rect.adjusted(0, rect.height() / 2 - 2, 0, 0),
                )
                painter.drawText(top, Qt.AlignmentFlag.AlignCenter, shown)
                font.setBold(True)
                painter.setFont(font)
                painter.drawText(bottom, Qt.AlignmentFlag.AlignCenter, self._sublabels[step])
            else:
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, shown)
        if self.hasFocus():
            option = QStyleOptionFocusRect()
            option.initFrom(self)
            option.rect = self.step_rect(self._current).adjusted(2, 2, -2, -2)
            self.style().drawPrimitive(
                QStyle.PrimitiveElement.PE_FrameFocusRect, option, painter, self
            )
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            step = self.step_at(event.position().toPoint())
            if step is not None:
                self.stepClicked.emit(step)
                event.accept()
                return
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Right, Qt.Key.Key_Plus, Qt.Key.Key_Up):
            self.stepRequested.emit(+1)
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Minus, Qt.Key.Key_Down):
            self.stepRequested.emit(-1)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def event(self, event: object) -> bool:
        if isinstance(event, QHelpEvent) and event.type() == QHelpEvent.Type.ToolTip:
            step = self.step_at(event.pos())
            if step is not None and step < len(self._tips):
                QToolTip.showText(event.globalPos(), self._tips[step], self)
            else:
                QToolTip.hideText()
            return True
        return super().event(event)  # type: ignore[arg-type]

    def focusInEvent(self, event: QFocusEvent) -> None:
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.update()
        super().focusOutEvent(event)
