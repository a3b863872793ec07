"""The dialog that awards action points (R7): how many, now or at the scene's end, why."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from ui.dialog_buttons import ok_cancel


class AwardDialog(QDialog):
    """R7: action points for an accepted complication (at scene end) or a GM award."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Award action points to {name}")
        self.points = QSpinBox()
        self.points.setRange(1, 10)
        self.points.setValue(1)
        self.at_scene_end = QCheckBox("At the end of the scene (an accepted complication, R7)")
        self.at_scene_end.setChecked(True)
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("accepted a complication: ...")
        form = QFormLayout(self)
        form.addRow("Action points", self.points)
        form.addRow("", self.at_scene_end)
        form.addRow("Reason", self.reason)
        buttons = ok_cancel(self)
        form.addRow(buttons)
