"""The middle of the main window: a tab per open character, or a hint while none is."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QStackedWidget, QTabWidget, QWidget


class SheetArea(QStackedWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("CharacterTabs")
        self.tabs.setDocumentMode(True)
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.setAccessibleName(self.tr("Open characters"))
        self.hint = QLabel(
            self.tr(
                "Open a character from the campaign browser (Enter or double-click),\n"
                "or make a new one with File > New (Ctrl+N)."
            )
        )
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setWordWrap(True)  # a narrow centre wraps it rather than widening the window
        self.hint.setEnabled(False)
        self.addWidget(self.hint)
        self.addWidget(self.tabs)

    def show_current(self) -> None:
        """The tabs while a sheet is open, else the hint."""
        self.setCurrentWidget(self.tabs if self.tabs.count() else self.hint)
