"""The tracker's docks: the act panel (the whole right side; its act bar always in view,
the rest in tabs, nothing scrolled inside anything else) and the encounter log (under
the table), and their sizes once the window is first shown."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

from ui.tracker.act_panel import ActPanel
from ui.tracker.log_view import LogView

if TYPE_CHECKING:
    from ui.tracker.commands import EncounterController
    from ui.tracker.log_view import LogModel


def _dock(window: QMainWindow, title: str, name: str, widget: QWidget) -> QDockWidget:
    dock = QDockWidget(title, window)
    dock.setObjectName(name)
    dock.setWidget(widget)
    dock.setFeatures(
        QDockWidget.DockWidgetFeature.DockWidgetMovable
        | QDockWidget.DockWidgetFeature.DockWidgetFloatable
    )
    return dock


class TrackerDocks:
    """Makes the act and log docks; sizes them the first time the window shows."""

    def __init__(
        self, window: QMainWindow, controller: EncounterController, log_model: LogModel
    ) -> None:
        self.window = window
        self.act_panel = ActPanel(controller, window)
        self.act_dock = _dock(window, "Act", "ActDock", self.act_panel)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.act_dock)
        self.log_view = LogView(log_model)
        self.log_dock = _dock(window, "Encounter log", "LogDock", self.log_view)
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.log_dock)
        # The act panel takes the whole right side; the log sits under the table.
        window.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.sized = False  # on the first show, once the window has its size

    def shown(self) -> None:
        if not self.sized:
            self.sized = True
            self.fit()

    def fit(self) -> None:
        """The act dock at its preferred width (the dice form side by side) and the log at
        about a dozen lines, as far as the window allows."""
        window = self.window
        window.resizeDocks(
            [self.act_dock], [self.act_dock.sizeHint().width()], Qt.Orientation.Horizontal
        )
        lines = self.log_view.fontMetrics().lineSpacing() * 12
        window.resizeDocks([self.log_dock], [lines], Qt.Orientation.Vertical)
