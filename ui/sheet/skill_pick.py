"""The weapon's Skill cell: a list of this sheet's abilities, skills and specializations
with their totals (issue 15), not free text. A name typed before (matching nothing on the
sheet) is shown at the top and kept until another is picked."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QComboBox, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from sheets.attack import on_sheet, skill_choices
from sheets.documents import Character

Index = QModelIndex | QPersistentModelIndex
INDENT = {"ability": "", "skill": "\u2003", "specialization": "\u2003\u2003"}


def fill_skill_combo(combo: QComboBox, character: Character, current: str) -> None:
    """The choices, each with the name ``Weapon.skill`` stores as its data; ``current``
    selected (an old name not on the sheet is listed first, as it is)."""
    combo.clear()
    combo.addItem(combo.tr("(none: the bare ability)"), "")
    if current.strip() and not on_sheet(character, current):
        combo.addItem(combo.tr("%1 (not on this sheet)").replace("%1", current), current)
    for choice in skill_choices(character):
        code = str(choice.code) if choice.code is not None else combo.tr("needs training")
        combo.addItem(f"{INDENT[choice.level]}{choice.name}  {code}", choice.name)
    wanted = current.strip().casefold()
    for row in range(combo.count()):
        if str(combo.itemData(row)).casefold() == wanted:
            combo.setCurrentIndex(row)
            return


class SkillPickDelegate(QStyledItemDelegate):
    """Edits a weapon's Skill cell with a list of the sheet's rows; one pick commits it."""

    def __init__(self, character: Callable[[], Character], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._character = character

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        combo = QComboBox(parent)
        combo.setAccessibleName(self.tr("Skill the weapon is used with"))
        combo.activated.connect(lambda _row, c=combo: self._picked(c))
        return combo

    def _picked(self, combo: QComboBox) -> None:
        self.commitData.emit(combo)
        self.closeEditor.emit(combo, QStyledItemDelegate.EndEditHint.NoHint)

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        if isinstance(editor, QComboBox):
            current = str(index.data(Qt.ItemDataRole.EditRole) or "")
            fill_skill_combo(editor, self._character(), current)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, str(editor.currentData() or ""), Qt.ItemDataRole.EditRole)
