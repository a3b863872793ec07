"""The GM's end-of-session awards for the whole party in one dialog (OpenD6): Character
Points earned, Fate Points given back for their heroic use. It asks; the campaign session
applies it as one undo step."""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ui.dialog_buttons import ok_cancel
from ui.workspace.character_document import CharacterDocument

MAX_AWARD: Final = 50
DEFAULT_CHARACTER_POINTS: Final = 5  # a usual OpenD6 session's award


class PartyAwardDialog(QDialog):
    def __init__(self, party: list[CharacterDocument], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Award points to the party"))
        self.party = party
        grid = QGridLayout()
        for column, text in enumerate(
            (self.tr("Character"), self.tr("Character Points"), self.tr("Fate Points back"))
        ):
            grid.addWidget(QLabel(f"<b>{text}</b>"), 0, column)
        self.character_points: list[QSpinBox] = []
        self.fate_points: list[QSpinBox] = []
        # Everyone: one number for the whole party, each row still its own after that.
        self.everyone_cp, self.everyone_fp = QSpinBox(), QSpinBox()
        self.everyone_cp.setAccessibleName(self.tr("Character Points for everyone"))
        self.everyone_fp.setAccessibleName(self.tr("Fate Points back for everyone"))
        for spin in (self.everyone_cp, self.everyone_fp):
            spin.setRange(0, MAX_AWARD)
        self.everyone_cp.setValue(DEFAULT_CHARACTER_POINTS)
        self.everyone_cp.valueChanged.connect(lambda v: self._set_all(self.character_points, v))
        self.everyone_fp.valueChanged.connect(lambda v: self._set_all(self.fate_points, v))
        if len(party) > 1:
            grid.addWidget(QLabel(self.tr("<i>Everyone</i>")), 1, 0)
            grid.addWidget(self.everyone_cp, 1, 1)
            grid.addWidget(self.everyone_fp, 1, 2)
        first = 2 if len(party) > 1 else 1
        for row, doc in enumerate(party, start=first):
            c = doc.character
            name = QLabel(f"{c.name} (CP {c.character_points}, FP {c.fate_points})")
            name.setTextFormat(Qt.TextFormat.PlainText)  # a name is text, never markup
            cp, fp = QSpinBox(), QSpinBox()
            for spin in (cp, fp):
                spin.setRange(0, MAX_AWARD)
            cp.setValue(DEFAULT_CHARACTER_POINTS)
            cp.setAccessibleName(self.tr("Character Points for %1").replace("%1", c.name))
            fp.setAccessibleName(self.tr("Fate Points back for %1").replace("%1", c.name))
            fp.setToolTip(self.tr("A Fate Point spent heroically comes back at the session's end"))
            grid.addWidget(name, row, 0)
            grid.addWidget(cp, row, 1)
            grid.addWidget(fp, row, 2)
            self.character_points.append(cp)
            self.fate_points.append(fp)
        if not party:
            grid.addWidget(QLabel(self.tr("The campaign has no player characters.")), 1, 0, 1, 3)
        buttons = ok_cancel(self, ok_text=self.tr("Award"))
        page = QVBoxLayout(self)
        page.addLayout(grid)
        page.addWidget(buttons)

    @staticmethod
    def _set_all(spins: list[QSpinBox], value: int) -> None:
        for spin in spins:
            spin.setValue(value)

    def awards(self) -> list[tuple[CharacterDocument, int, int]]:
        return [
            (doc, cp.value(), fp.value())
            for doc, cp, fp in zip(self.party, self.character_points, self.fate_points, strict=True)
        ]
