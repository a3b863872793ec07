"""Light and dark colour schemes: read colours from the palette, never hard-code them.

Widgets that paint (the dice panel's histogram and dice) take every colour from their
``palette()`` through :func:`mix`, so they follow whatever scheme the app runs in.
:func:`apply_color_scheme` forces light or dark (for screenshots, tests and a future
preference): it asks the platform first (``QStyleHints.setColorScheme``, Qt 6.8+) and falls
back to Fusion with a built-in palette where the platform cannot switch (X11 without a
desktop theme, offscreen).
"""

from __future__ import annotations

from typing import Final, Literal

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

ColorScheme = Literal["system", "light", "dark"]
Role = QPalette.ColorRole
Group = QPalette.ColorGroup
# The colours that mean harm and health wherever a condition, wound or pool is drawn.
DANGER: Final = QColor(205, 62, 48)
WARN: Final = QColor(222, 150, 40)
CALM: Final = QColor(60, 150, 90)
INDICATOR_CLASSES: Final = ("QCheckBox", "QRadioButton")
INDICATOR_CONTRAST: Final = 3.0  # WCAG 2.1, 1.4.11: the parts of a control against theirs
INDICATOR_CONTRAST_DISABLED: Final = 1.8  # still there, visibly not in use
_indicator_palettes_set = False  # class palettes, once set, must be kept up to date


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


def relative_luminance(colour: QColor) -> float:
    """WCAG 2.1 relative luminance of an opaque colour (0 black .. 1 white)."""

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in (colour.redF(), colour.greenF(), colour.blueF()))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(first: QColor, second: QColor) -> float:
    """WCAG 2.1 contrast ratio, 1 (none) .. 21 (black on white)."""
    light, dark = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def indicator_palette(palette: QPalette) -> QPalette:
    """``palette`` for check boxes and radio buttons under Fusion: a ``Window`` colour
    from which Fusion's indicator outline (``Window`` darkened 40 %, then lightened 10 %)
    contrasts with both ``Base`` (the box) and ``Window`` (around it) by at least
    ``INDICATOR_CONTRAST`` (WCAG's 3:1 for the parts of a control); disabled indicators by
    less. Dark and light alike: Fusion's own light outline reaches only about 1.9:1.

    A check box paints nothing else in ``Window`` (it fills no background), so only the
    indicator's frame changes."""
    result = QPalette(palette)
    for group in (Group.Active, Group.Inactive, Group.Disabled):
        window, base = palette.color(group, Role.Window), palette.color(group, Role.Base)
        text = palette.color(group, Role.WindowText)
        wanted = INDICATOR_CONTRAST if group != Group.Disabled else INDICATOR_CONTRAST_DISABLED
        outline = window
        for step in range(1, 21):  # from the window's colour towards the text's
            outline = mix(window, text, step / 20)
            if min(contrast_ratio(outline, base), contrast_ratio(outline, window)) >= wanted:
                break
        result.setColor(group, Role.Window, _fusion_window_for_outline(outline))
    return result


def _fusion_window_for_outline(outline: QColor) -> QColor:
    """The ``Window`` colour Fusion turns into ``outline`` (``darker(140).lighter(110)``)."""
    window = QColor(outline)
    window.setHsvF(
        max(outline.hsvHueF(), 0.0),  # -1 for a grey
        outline.hsvSaturationF(),
        min(outline.valueF() * 140 / 110, 1.0),
        outline.alphaF(),
    )
    return window


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
        _fit_indicators(app)
        return
    wanted = Qt.ColorScheme.Dark if scheme == "dark" else Qt.ColorScheme.Light
    hints.setColorScheme(wanted)
    app.processEvents()
    if is_dark(app.palette()) != (scheme == "dark"):  # the platform did not switch for us
        app.setStyle("Fusion")
        app.setPalette(dark_palette() if scheme == "dark" else light_palette())
    _fit_indicators(app)


def _fit_indicators(app: QApplication) -> None:
    """Readable check box and radio button outlines under Fusion (see
    :func:`indicator_palette`), through a palette for those classes alone. Class palettes
    do not follow the application's: once set, they are set again on every change here."""
    global _indicator_palettes_set
    fusion = app.style().name().lower() == "fusion"
    if not fusion and not _indicator_palettes_set:
        return  # nothing to fix, nothing to undo: leave the classes on the app palette
    palette = indicator_palette(app.palette()) if fusion else QPalette(app.palette())
    for name in INDICATOR_CLASSES:
        # PySide takes the class name as a str (its stubs say bytes, which it refuses).
        app.setPalette(palette, className=name)  # type: ignore[arg-type]
    _indicator_palettes_set = True
