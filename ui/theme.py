"""Light and dark colour schemes: read colours from the palette, never hard-code them.

Widgets that paint (the dice panel's histogram and dice) take every colour from their
``palette()`` through :func:`mix`, so they follow whatever scheme the app runs in.
:func:`apply_color_scheme` forces light or dark (for screenshots, tests and a future
preference): it asks the platform first (``QStyleHints.setColorScheme``, Qt 6.8+) and falls
back to Fusion with a built-in palette where the platform cannot switch (X11 without a
desktop theme, offscreen).
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

ColorScheme = Literal["system", "light", "dark"]
Role = QPalette.ColorRole
Group = QPalette.ColorGroup


def is_dark(palette: QPalette) -> bool:
    """True when the palette draws light text on a dark window."""
    return palette.color(Role.Window).lightness() < palette.color(Role.WindowText).lightness()


def mix(first: QColor, second: QColor, amount: float) -> QColor:
    """``first`` moved ``amount`` (0..1) of the way to ``second``, alpha included."""
    t = min(max(amount, 0.0), 1.0)
    return QColor.fromRgbF(
        first.redF() + (second.redF() - first.redF()) * t,
        first.greenF() + (second.greenF() - first.greenF()) * t,
        first.blueF() + (second.blueF() - first.blueF()) * t,
        first.alphaF() + (second.alphaF() - first.alphaF()) * t,
    )


def dark_palette() -> QPalette:
    """A Fusion dark palette with readable disabled text and a blue highlight."""
    window, base, text = QColor(45, 45, 48), QColor(30, 30, 32), QColor(230, 230, 230)
    disabled = QColor(135, 135, 135)
    highlight = QColor(64, 128, 214)
    palette = QPalette()
    colours = {
        Role.Window: window,
        Role.WindowText: text,
        Role.Base: base,
        Role.AlternateBase: QColor(50, 50, 54),
        Role.ToolTipBase: QColor(60, 60, 64),
        Role.ToolTipText: text,
        Role.PlaceholderText: disabled,
        Role.Text: text,
        Role.Button: QColor(55, 55, 58),
        Role.ButtonText: text,
        Role.BrightText: QColor(255, 110, 110),
        Role.Light: QColor(75, 75, 80),
        Role.Midlight: QColor(62, 62, 66),
        Role.Mid: QColor(40, 40, 42),
        Role.Dark: QColor(25, 25, 26),
        Role.Shadow: QColor(0, 0, 0),
        Role.Highlight: highlight,
        Role.HighlightedText: QColor(255, 255, 255),
        Role.Link: QColor(110, 170, 255),
        Role.LinkVisited: QColor(180, 140, 255),
        Role.Accent: highlight,
    }
    for role, colour in colours.items():
        palette.setColor(role, colour)
    for role in (Role.WindowText, Role.Text, Role.ButtonText, Role.HighlightedText):
        palette.setColor(Group.Disabled, role, disabled)
    palette.setColor(Group.Disabled, Role.Highlight, QColor(80, 80, 84))
    return palette


def light_palette() -> QPalette:
    """Fusion's own light palette."""
    style = QStyleFactory.create("Fusion")
    return style.standardPalette() if style is not None else QPalette()


def apply_color_scheme(app: QApplication, scheme: ColorScheme) -> None:
    """Follow the system (``"system"``) or force light or dark colours app-wide."""
    hints = QGuiApplication.styleHints()
    if scheme == "system":
        hints.unsetColorScheme()
        app.setPalette(QPalette())  # an empty palette resolves to the platform's own
        return
    wanted = Qt.ColorScheme.Dark if scheme == "dark" else Qt.ColorScheme.Light
    hints.setColorScheme(wanted)
    app.processEvents()
    if is_dark(app.palette()) == (scheme == "dark"):
        return  # the platform switched for us
    app.setStyle("Fusion")
    app.setPalette(dark_palette() if scheme == "dark" else light_palette())
