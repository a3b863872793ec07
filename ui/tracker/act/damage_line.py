"""The damage line of the act dock: the wound level or the body points a damage roll left
(R10), in words, under the result line. The FreeD6 conditions system needs none: there the
result line already names the condition the hit became (R5)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from sheets.damage import wound_name


def damage_words(data: dict[str, object]) -> str:
    """``Wounds (R10): Stunned on the chart (difference 2) -> now Wounded`` from a Damage
    command's logged data; empty for the conditions system."""
    wound = data.get("wound")
    if isinstance(wound, dict):
        chart = int(wound.get("chart", 0))
        after = int(wound.get("after", 0))
        text = (
            f"Wounds (R10): {wound_name(chart) if chart else 'no effect'} on the chart "
            f"(difference {int(wound.get('difference', 0))}) \u2192 now {wound_name(after)}"
        )
        return text + (" \u2014 out of action" if wound.get("out") else "")
    points = data.get("body_points")
    if isinstance(points, dict):
        text = (
            f"Body points (R10): \u2212{int(points.get('lost', 0))} \u2192 "
            f"{int(points.get('after', 0))}/{int(points.get('maximum', 0))} left"
        )
        return text + (" \u2014 out of action" if points.get("out") else "")
    return ""


class DamageLine(QLabel):
    """Hidden until a damage roll under the wounds or body points system lands (R10)."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("DamageResult")
        self.setTextFormat(Qt.TextFormat.PlainText)  # names the target
        self.setWordWrap(True)
        self.hide()

    def show_damage(self, data: dict[str, object]) -> None:
        """The words for a command's logged ``data``; hidden when there are none."""
        words = damage_words(data)
        self.setVisible(bool(words))
        self.setText(words)
        system = data.get("damage_system")
        self.setToolTip(
            "R10: damage minus resistance read on the wound chart (ruling: the standard "
            "OpenD6 chart; a lesser or equal wound makes the level one worse)"
            if system == "wounds"
            else "R10: the damage less armour comes off the body points; 0 is out of action"
        )

    def forget(self) -> None:
        self.clear()
        self.hide()
