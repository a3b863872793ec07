"""The dice dock: the dice panel (built after the first paint), its defaults from the
campaign's house rules, rolls asked for by a sheet, and the points they spend."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sheets.dice import DieCode
    from ui.character_document import CharacterDocument
    from ui.main_window import MainWindow


def ensure_dice_panel(window: MainWindow) -> Any:
    """The dice panel (``ui.dice.DicePanel``), created on first use."""
    if window.dice_panel is None:
        from ui.dice import DicePanel

        panel = DicePanel()
        panel.pointsSpent.connect(lambda kind, count: _points_spent(window, kind, count))
        window.dice_panel = panel
        window.docks.set_dice_panel(panel)
        apply_house_rules(window)
    return window.dice_panel


def apply_house_rules(window: MainWindow) -> None:
    """The dice panel's defaults: the campaign's Wild Dice and critical 1 (R3)."""
    rules = window.session.house_rules() if window.session is not None else None
    if rules is not None and window.dice_panel is not None:
        window.dice_panel.set_defaults(rules.wild_dice, rules.critical_failure)


def roll(window: MainWindow, doc: CharacterDocument, label: str, code: DieCode) -> Any:
    """Load a check into the dice panel and roll it (R3 with the campaign's house rules)."""
    from sheets.dice import RollSpec

    panel = ensure_dice_panel(window)
    rules = window.session.house_rules() if window.session is not None else None
    spec = RollSpec(
        code=code,
        wild_dice=rules.wild_dice if rules is not None else 1,
        critical_failure=rules.critical_failure if rules is not None else "complication",
    )
    window.rolling_doc = doc
    c = doc.character
    panel.set_character_points(c.character_points, c.action_points)
    panel.set_spec(spec)
    dock = window.dice_dock
    dock.setWindowTitle(window.tr("Dice — %1").replace("%1", label))
    dock.show()
    dock.raise_()
    result = panel.roll()
    window.statusBar().showMessage(
        window.tr("Rolled %1: %2").replace("%1", label).replace("%2", str(code)), 5000
    )
    return result


def follow_points(window: MainWindow, doc: CharacterDocument) -> None:
    """A character changed: the dice panel shows its points while it rolls for it."""
    if doc is window.rolling_doc and window.dice_panel is not None:
        c = doc.character
        window.dice_panel.set_character_points(c.character_points, c.action_points)


def _points_spent(window: MainWindow, kind: str, count: int) -> None:
    """The dice panel spent (+1) or refunded (-1) a point: change the character too (R7)."""
    doc = window.rolling_doc
    if doc is None:
        return
    from ui.commands import adjust_points

    field = "character_points" if kind == "character_point" else "action_points"
    command = adjust_points(doc, field, -count)
    if command is not None:
        doc.push(command)
