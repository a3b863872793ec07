"""The dialog that brings combatants into a running encounter (issue 16): a character of
the campaign (a Stock sheet as numbered copies), or a quick new one with one die code for
every ability. It only asks; ``CombatantActions`` builds and runs the command."""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from sheets.dice import DieCode
from sheets.documents import Character
from ui.campaign.model import KIND_ORDER, kind_label
from ui.dialog_buttons import ok_cancel

MAX_COPIES: Final = 40
QUICK_DEFAULT_CODE: Final = "2D"


class JoinDialog(QDialog):
    """Who joins, on which side, how many copies."""

    def __init__(
        self,
        characters: dict[str, Character],
        sides: list[str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add combatants")
        self.campaign_list = QListWidget()
        self.campaign_list.setObjectName("JoinCampaignList")
        ranked = sorted(
            characters.items(),
            key=lambda item: (
                KIND_ORDER.index(item[1].kind) if item[1].kind in KIND_ORDER else 99,
                item[1].name.casefold(),
            ),
        )
        for path, character in ranked:
            stock = ", Stock" if character.importance == "stock" else ""
            item = QListWidgetItem(f"{character.name} \u2014 {kind_label(character.kind)}{stock}")
            if stock:
                item.setToolTip("Joins as numbered copies, each with its own conditions")
            item.setData(Qt.ItemDataRole.UserRole, path)
            self.campaign_list.addItem(item)
        if self.campaign_list.count():
            self.campaign_list.setCurrentRow(0)
        self.campaign_list.itemDoubleClicked.connect(lambda _item: self.accept())
        self.quick_name = QLineEdit()
        self.quick_name.setObjectName("JoinQuickName")
        self.quick_name.setPlaceholderText("e.g. Dock worker")
        self.quick_code = QLineEdit(QUICK_DEFAULT_CODE)
        self.quick_code.setToolTip("Every ability of the quick sheet gets this die code")
        quick = QWidget()
        quick_form = QFormLayout(quick)
        quick_form.addRow("&Name", self.quick_name)
        quick_form.addRow("&Die code for every ability", self.quick_code)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.campaign_list, "From the &campaign")
        self.tabs.addTab(quick, "&Quick new NPC")
        self.side_combo = QComboBox()
        self.side_combo.setEditable(True)
        self.side_combo.addItems(sides)
        self.side_combo.setToolTip("An existing side, or type a new one")
        self.copies = QSpinBox()
        self.copies.setRange(1, MAX_COPIES)
        self.copies.setToolTip(
            "How many: each copy of a Stock sheet is numbered and keeps its own conditions"
        )
        form = QFormLayout()
        form.addRow("&Side", self.side_combo)
        form.addRow("&How many", self.copies)
        buttons = ok_cancel(self, ok_text="Add")
        column = QVBoxLayout(self)
        column.addWidget(self.tabs, 1)
        column.addLayout(form)
        column.addWidget(buttons)
        # Keyboard: the list, the side, how many, then Add; the pages switch with their
        # mnemonics (Alt+C, Alt+Q), so Tab never stops on the tab bar.
        self.tabs.tabBar().setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setTabOrder(self.campaign_list, self.side_combo)
        self.setTabOrder(self.quick_name, self.quick_code)
        self.setTabOrder(self.quick_code, self.side_combo)
        self.setTabOrder(self.side_combo, self.copies)
        widest = max(
            (
                self.campaign_list.fontMetrics().horizontalAdvance(
                    self.campaign_list.item(r).text()
                )
                for r in range(self.campaign_list.count())
            ),
            default=0,
        )
        self.campaign_list.setMinimumWidth(min(widest + 48, 640))  # names read whole

    def chosen_path(self) -> str | None:
        """The campaign file picked (None on the quick tab or with nothing picked)."""
        if self.tabs.currentIndex() != 0:
            return None
        item = self.campaign_list.currentItem()
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def quick_sheet(self) -> tuple[str, DieCode] | str:
        """The quick NPC's name and die code, or what is wrong with them (plain words)."""
        name = self.quick_name.text().strip()
        if not name:
            return "Give the new NPC a name"
        try:
            code = DieCode.parse(self.quick_code.text())
        except ValueError as error:
            return f"The die code is not right: {error}"
        return name, code

    def side(self) -> str:
        return self.side_combo.currentText().strip()
