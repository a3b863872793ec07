"""A warning icon and a word-wrapped line of text, hidden while there is no text: the dice
panel's critical failure and the roll form's refused die code.

The icon is looked up the first time there is something to show: the style's standard
icons (``QStyle``, whose enums PySide builds on first touch, ~10 ms, and an icon-theme
lookup on X11) are not needed to build the dice panel for the first screen (issue 17).
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QWidget


class WarningLabel(QWidget):
    def __init__(self, *, plain: bool = True, selectable: bool = False) -> None:
        super().__init__()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.icon = QLabel()
        self.text = QLabel()
        if plain:  # the text may echo what a player typed: never read as HTML
            self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setWordWrap(True)
        if selectable:
            self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        layout.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.text, 1)
        self._icon_shown = False
        self.hide()

    def set_text(self, text: str | None) -> None:
        """Show ``text`` with the warning icon; None or empty: hidden."""
        if text and not self._icon_shown:
            self._show_icon()
        self.text.setText(text or "")
        self.setVisible(bool(text))

    def _show_icon(self) -> None:
        from PySide6.QtWidgets import QStyle

        style = self.style()
        size = style.pixelMetric(QStyle.PixelMetric.PM_SmallIconSize)
        icon = style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        self.icon.setPixmap(icon.pixmap(QSize(size, size), self.devicePixelRatioF()))
        self._icon_shown = True
