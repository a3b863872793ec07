"""The side docks: the campaign browser (left) and the dice (right), and their widths.

The docks take their preferred widths once the window has painted (the dice panel in
place of its placeholder by then), again when the panel comes later and when the first
sheet opens; a small screen stacks the browser behind the dice. The player's own dock
layout, once restored, is left alone.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QTabWidget, QWidget


class DockLayout:
    """Makes the two side docks and fits them to the window and the screen."""

    def __init__(
        self, window: QMainWindow, browser: QWidget, centre: QWidget, tabs: QTabWidget
    ) -> None:
        self.window = window
        self.centre = centre
        self.tabs = tabs
        self.browser_dock = QDockWidget(window.tr("Campaign"), window)
        self.browser_dock.setObjectName("CampaignDock")
        self.browser_dock.setWidget(browser)
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.browser_dock)
        self.dice_placeholder = QLabel(window.tr("The dice panel is loading…"))
        self.dice_placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.dice_placeholder.setWordWrap(True)
        self.dice_dock = QDockWidget(window.tr("Dice"), window)
        self.dice_dock.setObjectName("DiceDock")
        self.dice_dock.setWidget(self.dice_placeholder)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dice_dock)
        self.sized = False
        self.restored = False  # the player's own dock layout: left alone
        self.fit_editor = False

    def _fit_soon(self) -> None:
        QTimer.singleShot(0, self.window, self.fit)

    def shown(self) -> None:
        """The window painted once: the docks take their widths (not before the first
        paint: the style's separator width costs ~7 ms of enum set-up there, issue 17)."""
        if not self.sized:  # docks take their widths once the window is laid out
            self.sized = True
            self._fit_soon()

    def set_dice_panel(self, panel: QWidget) -> None:
        self.dice_dock.setWidget(panel)
        self.dice_placeholder.deleteLater()
        if self.sized:  # sized around the placeholder: now for the real panel
            self._fit_soon()

    def sheet_opening(self, editor: QWidget) -> None:
        """Before a sheet's tab is added: the first sheet makes room before it shows, or
        the window grows past a small screen's edge before fit_docks can stack the docks."""
        if not self.tabs.count() and not self.restored:
            self.stack_if_crowded(
                max(self.centre.minimumSizeHint().width(), editor.minimumSizeHint().width())
            )

    def sheet_opened(self) -> None:
        if self.sized and not self.fit_editor:
            self.fit_editor = True  # the first sheet, once laid out: its width
            self._fit_soon()

    def restore(self) -> None:
        self.sized = True  # the player's own dock sizes
        self.restored = True

    def fit(self) -> None:
        """Give the side docks their preferred widths as far as the window allows, the
        centre keeping at least its minimum width: the dice panel first (its form side by
        side), then the campaign browser; on a narrow screen both go down to their
        minimums and the dice form folds into one column, and where even that does not fit
        beside a sheet the browser stacks behind the dice. A no-op once the player's own
        dock layout was restored."""
        if self.restored:
            return
        window = self.window
        centre = self.centre.minimumSizeHint().width()  # a sheet stacks when it is narrow
        docks = self.stack_if_crowded(centre)
        if not docks:
            return
        separator = self._separator()
        spare = window.width() - centre - len(docks) * separator
        widths = []
        for index, dock in enumerate(docks):
            later = sum(d.minimumSizeHint().width() for d in docks[index + 1 :])
            room = max(spare - later, dock.minimumSizeHint().width())
            width = min(dock.sizeHint().width(), room)
            widths.append(width)
            spare -= width
        window.resizeDocks(docks, widths, Qt.Orientation.Horizontal)

    def _separator(self) -> int:
        """The width of the splitter handle between a dock and the centre.

        Read off the laid-out window where the dice dock sits beside the centre: asking
        the style builds QStyle's enums (~10 ms), and this runs before the dice panel's
        first paint (issue 17); the style is asked when the gap cannot be seen."""
        window, dock = self.window, self.dice_dock
        beside = (
            window.dockWidgetArea(dock) == Qt.DockWidgetArea.RightDockWidgetArea
            and dock.isVisible()
            and not dock.isFloating()
            and self.centre.isVisible()
        )
        if beside:
            gap = dock.geometry().left() - self.centre.geometry().right() - 1
            if gap >= 0:
                return gap
        from PySide6.QtWidgets import QStyle

        metric = QStyle.PixelMetric.PM_DockWidgetSeparatorExtent
        return window.style().pixelMetric(metric, None, window)

    def stack_if_crowded(self, centre: int) -> list[QDockWidget]:
        """The side docks beside the centre. On a small screen (or at a large scale
        factor) side by side they would push the window past the screen's edge: the
        browser then stacks behind the dice."""
        window = self.window
        docks = [
            dock
            for dock in (self.dice_dock, self.browser_dock)
            if not dock.isHidden() and not dock.isFloating()
        ]
        screen = window.screen()
        room = screen.availableGeometry().width() if screen is not None else window.width()
        separator = self._separator()
        needed = centre + sum(d.minimumSizeHint().width() + separator for d in docks)
        if len(docks) == 2 and needed > room and not window.tabifiedDockWidgets(self.dice_dock):
            window.tabifyDockWidget(self.dice_dock, self.browser_dock)
            self.dice_dock.raise_()
            docks = [self.dice_dock]
        return docks
