"""The sheet's Advancement tab: the Character Points left, what raising costs, and the log
of every pip bought (oldest first). It shows; the editor's Raise action changes."""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sheets.advancement import OPEND6_COSTS, Raise
from ui.workspace.character_document import CharacterDocument

COL_WHAT: Final = 0
COL_BEFORE: Final = 1
COL_AFTER: Final = 2
COL_COST: Final = 3
COL_WHEN: Final = 4


def character_points(count: int) -> str:
    """1 Character Point, 3 Character Points."""
    return f"{count} Character Point" + ("" if count == 1 else "s")


class AdvancementLog(QWidget):
    def __init__(self, doc: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.points_label = QLabel()
        self.points_label.setObjectName("AdvancementPoints")
        costs = OPEND6_COSTS
        self.help_label = QLabel(
            self.tr(
                "Raise (Ctrl+Shift+Up) buys one pip of the row selected in the tree: it "
                "costs the number before the D of a skill's total, half that for a "
                "specialization, %1 times it for an attribute."
            ).replace("%1", str(costs.attribute))
        )
        self.help_label.setWordWrap(True)
        self.price_label = QLabel()
        self.price_label.setObjectName("RaisePrice")
        self.price_label.setWordWrap(True)
        # A table, not sentences: the codes and the points line up down the log.
        self.table = QTableWidget(0, 5)
        self.table.setObjectName("AdvancementLog")
        self.table.setAccessibleName(self.tr("Advancement log"))
        self.table.setHorizontalHeaderLabels(
            [self.tr("Raised"), self.tr("From"), self.tr("To"), self.tr("Points"), self.tr("When")]
        )
        cost_header = self.table.horizontalHeaderItem(COL_COST)
        if cost_header is not None:
            cost_header.setToolTip(self.tr("Character Points spent"))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(COL_WHAT, QHeaderView.ResizeMode.Stretch)
        self.empty_label = QLabel(self.tr("Nothing raised yet."))
        column = QVBoxLayout(self)
        column.addWidget(self.points_label)
        column.addWidget(self.help_label)
        column.addWidget(self.price_label)
        column.addWidget(self.empty_label)
        column.addWidget(self.table, 1)
        column.addStretch(0)  # holds the lines at the top while the table is hidden
        doc.changed.connect(self.refresh)
        self.refresh()

    def show_price(self, step: Raise | None, problem: str | None) -> None:
        """The selected row's next pip and its price; why it cannot be bought, if so."""
        if step is None:
            self.price_label.setText(self.tr("Select a row of the tree to see its price."))
        elif problem is not None:
            self.price_label.setText(problem)
        else:
            self.price_label.setText(
                self.tr("Raise %1 from %2 to %3: %4.")
                .replace("%1", step.label)
                .replace("%2", str(step.before))
                .replace("%3", str(step.after))
                .replace("%4", character_points(step.cost))
            )

    def refresh(self) -> None:
        character = self.doc.character
        self.points_label.setText(
            self.tr("Character Points to spend: %1").replace("%1", str(character.character_points))
        )
        log = character.advancements
        self.table.setRowCount(len(log))
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        for row, entry in enumerate(log):
            cells = (entry.what, str(entry.before), str(entry.after), str(entry.cost), entry.when)
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if col in (COL_BEFORE, COL_AFTER, COL_COST):
                    item.setTextAlignment(right)
                self.table.setItem(row, col, item)
        # Sized to what they hold now: an empty table's widths cut '3D+1' to '3D...'.
        for col in (COL_BEFORE, COL_AFTER, COL_COST, COL_WHEN):
            self.table.resizeColumnToContents(col)
        self.empty_label.setVisible(not log)
        self.table.setVisible(bool(log))
        if log:
            self.table.scrollToBottom()
