"""The sheet's Advancement tab: the Character Points left, what raising costs, and the log
of every pip bought (oldest first). It shows; the editor's Raise action changes."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QListWidget, QVBoxLayout, QWidget

from sheets.advancement import OPEND6_COSTS, Raise
from ui.workspace.character_document import CharacterDocument


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
                "Select a row of the tree and press Raise (Ctrl+Shift+Up): one pip costs "
                "the number before the D of a skill's total, half that for a "
                "specialization, %1 times it for an attribute."
            ).replace("%1", str(costs.attribute))
        )
        self.help_label.setWordWrap(True)
        self.price_label = QLabel()
        self.price_label.setObjectName("RaisePrice")
        self.price_label.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("AdvancementLog")
        self.list.setAccessibleName(self.tr("Advancement log"))
        column = QVBoxLayout(self)
        column.addWidget(self.points_label)
        column.addWidget(self.help_label)
        column.addWidget(self.price_label)
        column.addWidget(self.list, 1)
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
        self.list.clear()
        for entry in character.advancements:
            when = f"{entry.when}: " if entry.when else ""
            self.list.addItem(
                f"{when}{entry.what} {entry.before} \u2192 {entry.after} "
                f"({character_points(entry.cost)})"
            )
        if not character.advancements:
            item_text = self.tr("Nothing raised yet.")
            self.list.addItem(item_text)
            self.list.item(0).setFlags(Qt.ItemFlag.NoItemFlags)
