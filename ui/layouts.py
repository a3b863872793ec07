"""Layout helpers for panels that live in docks: a scroll area that never clips its widget
sideways and a flow layout that wraps a row of buttons when it gets narrow (a window size
that stays on a small screen: ``ui.screen_fit``, re-exported here).

Both take every size from the widgets' own size hints, so they follow the font, the style
and the screen's scale factor without a pixel count of their own.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import (
    QFrame,
    QLayout,
    QLayoutItem,
    QScrollArea,
    QSizePolicy,
    QWidget,
)

from ui.screen_fit import fit_to_screen

__all__ = ["FitScrollArea", "FlowLayout", "fit_to_screen"]


class FitScrollArea(QScrollArea):
    """A vertical scroll area whose widget always gets at least its minimum width.

    A plain ``QScrollArea`` with its horizontal bar off reports a tiny minimum size and caps
    its size hint at 36 characters, so a dock holding one can be squeezed until its widget
    is cut off at the right edge. This one reports the widget's minimum width plus the
    vertical scroll bar as its own minimum, and the widget's size hint (plus the bar) as its
    size hint, so a dock sized from it shows the widget whole. ``keep_height`` (a function,
    as the widget's needs change) gives the least height to show without scrolling: the
    area's minimum height. ``sideways``: the area may be made narrower than its widget after all (a
    dock beside a main window's centre on a small screen, where the centre comes first);
    a horizontal scroll bar then appears. Either way text is never silently cut off.
    """

    def __init__(
        self,
        widget: QWidget,
        keep_height: Callable[[], int] | None = None,
        *,
        sideways: bool = False,
    ) -> None:
        super().__init__()
        self._keep_height = keep_height
        self._sideways = sideways
        # The hints, kept until the widget's layout changes: a label changing text anywhere
        # in a window makes Qt ask every dock again, and working them out (heightForWidth of
        # a whole dice panel) took 3 ms of a tracker's round change (bench_tracker.py).
        self._hints: tuple[QSize, QSize] | None = None
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setWidget(widget)  # installs our event filter on the widget

    def _bar_width(self) -> int:
        # What the area itself lays its vertical bar out with (the bar's size hint: the
        # style's scroll bar extent). Not the style's pixelMetric from here: ``style()``
        # builds QStyle's enums (~10 ms) while a dice panel is built for the first screen.
        return self.verticalScrollBar().sizeHint().width()

    def minimumSizeHint(self) -> QSize:
        return self._cached_hints()[0]

    def sizeHint(self) -> QSize:
        return self._cached_hints()[1]

    def _cached_hints(self) -> tuple[QSize, QSize]:
        if self._hints is None:
            self._hints = (self._minimum_hint(), self._size_hint())
        return self._hints

    def forget_hints(self) -> None:
        """The widget's layout changed: work the hints out again, and tell the layouts
        around only if they moved. A new value in a spin box re-lays the widget out but
        rarely changes what it needs; passing that on re-laid out the whole window (every
        dock) at each tracker turn."""
        old, self._hints = self._hints, None
        if self._cached_hints() != old:
            self.updateGeometry()

    def _minimum_hint(self) -> QSize:
        base = super().minimumSizeHint()
        widget = self.widget()
        if widget is None:
            return base
        frame = 2 * self.frameWidth()
        width = widget.minimumSizeHint().width() + self._bar_width() + frame
        keep = self._keep_height() if self._keep_height is not None else 0
        height = max(base.height(), keep + frame)
        return QSize(base.width() if self._sideways else width, height)

    def _size_hint(self) -> QSize:
        widget = self.widget()
        if widget is None:
            return super().sizeHint()
        frame = 2 * self.frameWidth()
        hint = widget.sizeHint().expandedTo(widget.minimumSizeHint())
        height = self._height_at(widget, hint.width(), hint.height())
        return QSize(hint.width() + self._bar_width() + frame, height + frame)

    def content_height(self) -> int:
        """How tall the widget is at the width it has now: what scrolling has to show.

        The widget's own width: the viewport's, or more when it scrolls sideways. Not
        ``viewport()``: handing that Qt-made widget to Python makes PySide build the type
        of every QWidget subclass to find its class (~14 ms, ~50 enums, issue 17)."""
        widget = self.widget()
        if widget is None:
            return 0
        return self._height_at(widget, widget.width(), widget.sizeHint().height())

    @staticmethod
    def _height_at(widget: QWidget, width: int, fallback: int) -> int:
        if widget.hasHeightForWidth():  # wrapped text, dice: taller when narrower
            return max(fallback, widget.heightForWidth(width))
        return fallback

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.forget_hints()  # the widget's hints changed: so did ours
        return super().eventFilter(watched, event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.StyleChange, QEvent.Type.FontChange):
            self._hints = None  # the scroll bar's width, the frame
        super().changeEvent(event)

    def setWidget(self, widget: QWidget) -> None:
        self._hints = None
        super().setWidget(widget)


class FlowLayout(QLayout):
    """Items left to right, wrapping onto a new line when the row runs out of width.

    Its minimum width is the widest item, so a row of buttons never forces its panel wider
    than one button; its height follows the width (``heightForWidth``).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._do_layout(QRect(0, 0, width, 0), apply=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._do_layout(rect, apply=True)

    def sizeHint(self) -> QSize:
        """Everything on one line."""
        width = height = 0
        visible = self._visible()
        for item in visible:
            hint = item.sizeHint()
            width += hint.width()
            height = max(height, hint.height())
        width += self._spacing(Qt.Orientation.Horizontal) * max(0, len(visible) - 1)
        margins = self.contentsMargins()
        return QSize(
            width + margins.left() + margins.right(), height + margins.top() + margins.bottom()
        )

    def minimumSize(self) -> QSize:
        """The widest item: every item on its own line, at worst."""
        size = QSize()
        for item in self._visible():
            size = size.expandedTo(item.minimumSize())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _visible(self) -> list[QLayoutItem]:
        return [item for item in self._items if not item.isEmpty()]

    def _spacing(self, orientation: Qt.Orientation) -> int:
        if self.spacing() >= 0:
            return self.spacing()
        parent = self.parentWidget()
        if parent is None:
            return 6
        from PySide6.QtWidgets import QStyle  # only where the layouts around set none

        metric = (
            QStyle.PixelMetric.PM_LayoutHorizontalSpacing
            if orientation == Qt.Orientation.Horizontal
            else QStyle.PixelMetric.PM_LayoutVerticalSpacing
        )
        spacing = parent.style().pixelMetric(metric, None, parent)
        if spacing < 0:
            spacing = parent.style().layoutSpacing(
                QSizePolicy.ControlType.PushButton,
                QSizePolicy.ControlType.PushButton,
                orientation,
            )
        return max(spacing, 0)

    def _do_layout(self, rect: QRect, *, apply: bool) -> int:
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        gap_x = self._spacing(Qt.Orientation.Horizontal)
        gap_y = self._spacing(Qt.Orientation.Vertical)
        x, y, line = area.x(), area.y(), 0
        for item in self._visible():
            hint = item.sizeHint().boundedTo(QSize(area.width(), item.sizeHint().height()))
            hint = hint.expandedTo(item.minimumSize())
            if x > area.x() and x + hint.width() > area.right() + 1:
                x, y, line = area.x(), y + line + gap_y, 0
            if apply:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + gap_x
            line = max(line, hint.height())
        return y + line - rect.y() + margins.bottom()
