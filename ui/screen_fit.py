"""A top-level window's size that stays on its screen (a laptop at 1366x768, or any screen
at a scale factor), even once the window manager adds its frame.

Its own module, apart from ``ui.layouts``: the main window sizes itself before its first
paint, and ``ui.layouts`` names ``QStyle``, whose enums PySide builds on first touch
(~7 ms of a cold start, issue 17).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QSize, QTimer
from PySide6.QtWidgets import QWidget


def fit_to_screen(window: QWidget, width: int, height: int) -> None:
    """Resize a top-level ``window`` to ``width`` x ``height``, or to the free area of its
    screen where that is smaller (a laptop at 1366x768, or any screen at a scale factor)."""
    screen = window.screen()
    size = QSize(width, height)
    if screen is not None:
        size = size.boundedTo(screen.availableGeometry().size())
    window.resize(size)
    # The title bar and borders come on top once the window manager frames the window:
    # shrink by them then, or the status bar hangs below a laptop's screen.
    window.installEventFilter(_FrameFit(window))


class _FrameFit(QObject):
    """Once its window's frame is known (the window manager reports it some events after
    the first show): that frame within the screen's free area."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        framed = event.type() in (QEvent.Type.Show, QEvent.Type.Move, QEvent.Type.Resize)
        if (
            framed
            and isinstance(watched, QWidget)
            and watched.isVisible()
            and watched.frameGeometry().size() != watched.size()
        ):
            watched.removeEventFilter(self)
            QTimer.singleShot(0, watched, lambda: _frame_within_screen(watched))
            self.deleteLater()
        return False


def _frame_within_screen(window: QWidget) -> None:
    screen = window.screen()
    if screen is None or window.isMaximized() or window.isFullScreen():
        return
    free = screen.availableGeometry()
    frame = window.frameGeometry()
    extra = QSize(max(0, frame.width() - free.width()), max(0, frame.height() - free.height()))
    if extra.width() or extra.height():
        window.resize(window.size() - extra)
    frame = window.frameGeometry()
    left = min(max(frame.left(), free.left()), free.right() + 1 - frame.width())
    top = min(max(frame.top(), free.top()), free.bottom() + 1 - frame.height())
    if (left, top) != (frame.left(), frame.top()):
        window.move(window.pos() + QPoint(left - frame.left(), top - frame.top()))
