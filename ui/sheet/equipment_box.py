"""The Gear tab's equipment: items with how many, weight and cost, the weight carried, and
the character's money (issue 15). Every change is an undo step on the sheet."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
)

from sheets.documents import Item
from sheets.equipment import DEFAULT_CURRENCY, carried_weight, currency, equipment_value
from ui import commands
from ui.sheet.gear_model import ITEM_COL_NAME, ITEM_COL_NOTES, EquipmentModel
from ui.sheet.part_table import action_buttons, part_table
from ui.workspace.character_document import CharacterDocument

MAX_MONEY = 1_000_000_000


class EquipmentBox(QGroupBox):
    problem = Signal(str)

    def __init__(self, doc: CharacterDocument) -> None:
        super().__init__("Equipment and money")
        self.doc = doc
        self.model = EquipmentModel(doc, self)
        self.view = part_table(self.model, "Equipment")
        self.view.setObjectName("EquipmentTable")
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(ITEM_COL_NAME, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(ITEM_COL_NOTES, QHeaderView.ResizeMode.Stretch)
        self.model.editRejected.connect(lambda _i, reason: self.problem.emit(reason))

        self.add_action = QAction("+ Item", self)
        self.add_action.setToolTip("Add an item to the equipment (Insert in the table)")
        self.add_action.triggered.connect(lambda: self.add_item())
        self.remove_action = QAction("Remove item", self)
        self.remove_action.setToolTip("Remove the selected item (Delete in the table)")
        self.remove_action.triggered.connect(lambda: self.remove_item())
        for action, key in ((self.add_action, "Insert"), (self.remove_action, "Delete")):
            action.setShortcut(QKeySequence(key))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.view.addAction(action)
        buttons = action_buttons((self.add_action, self.remove_action))
        self.weight_label = QLabel()
        self.weight_label.setObjectName("CarriedWeight")
        buttons.addWidget(self.weight_label)

        self.money_spin = QSpinBox()
        self.money_spin.setRange(0, MAX_MONEY)
        self.money_spin.setAccessibleName("Money")
        self.currency_edit = QLineEdit()
        self.currency_edit.setPlaceholderText(DEFAULT_CURRENCY)
        self.currency_edit.setAccessibleName("Money counted in")
        self.currency_edit.setMaximumWidth(140)
        money = QHBoxLayout()
        money_label = QLabel("&Money")
        money_label.setBuddy(self.money_spin)
        money.addWidget(money_label)
        money.addWidget(self.money_spin)
        money.addWidget(self.currency_edit)
        money.addStretch(1)
        self.money_spin.editingFinished.connect(self._commit_money)
        self.currency_edit.editingFinished.connect(self._commit_currency)

        column = QVBoxLayout(self)
        column.addLayout(buttons)
        column.addWidget(self.view, 1)
        column.addLayout(money)
        doc.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        character = self.doc.character
        self.weight_label.setText(
            f"Carried: {carried_weight(character):g} kg \u00b7 worth "
            f"{equipment_value(character)} {currency(character)}"
        )
        if not self.money_spin.hasFocus():
            self.money_spin.setValue(character.money)
        if not self.currency_edit.hasFocus():
            self.currency_edit.setText(character.currency)

    def add_item(self, name: str = "New item") -> Item:
        character = self.doc.character
        item = Item(name=commands.unique_name(name, character.equipment))
        command = commands.insert_item(
            self.doc, character, "equipment", len(character.equipment), item, "Add item"
        )
        if command is not None:
            self.doc.push(command)
        self.view.setCurrentIndex(self.model.index(len(character.equipment) - 1, ITEM_COL_NAME))
        return item

    def remove_item(self) -> bool:
        row = self.view.currentIndex().row()
        item = self.model.item(row)
        if item is None:
            return False
        command = commands.remove_item(
            self.doc, self.doc.character, "equipment", row, f"Remove {item.name}"
        )
        if command is not None:
            self.doc.push(command)
        return True

    def _commit_money(self) -> None:
        self._set("money", self.money_spin.value(), "Money")

    def _commit_currency(self) -> None:
        self._set("currency", self.currency_edit.text().strip(), "Money counted in")

    def _set(self, field: str, value: object, text: str) -> None:
        refused = commands.push_field(self.doc, field, value, text)
        if refused is not None:  # said, and the field shows the sheet's value again
            self.problem.emit(refused)
            self.refresh()

    def index_of(self, row: int, column: int) -> QModelIndex:
        return self.model.index(row, column)
