"""Build an encounter from the campaign: drag characters and NPCs in (or double-click),
add several copies of a Stock template (each copy keeps its own conditions), set sides,
hide a combatant from the players, pick the scene type and initiative mode (R6).
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QMimeData, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sheets.documents import Character, Combatant, Encounter, Side
from sheets.storage import CampaignFolder, file_name_for, save_document

MIME = "application/x-wilddie-character-path"
PathRole = int(Qt.ItemDataRole.UserRole) + 1
CombatantRole = int(Qt.ItemDataRole.UserRole) + 2


def slug(text: str) -> str:
    value = re.sub(r"[^A-Za-z0-9_-]+", "-", text.casefold()).strip("-")
    return (value or "combatant")[:48]


def new_combatants(
    path: str, character: Character, side: str, taken: set[str], copies: int = 1
) -> list[Combatant]:
    """Combatants for one campaign file: a Dynamic character joins by reference (R2: it
    keeps its own file); a Stock template joins as ``copies`` inline copies, numbered."""
    made = []
    stock = character.importance == "stock"
    count = max(1, copies) if stock else 1
    base = slug(character.name)
    number = 0
    for _ in range(count):
        number += 1
        while f"{base}-{number}" in taken:
            number += 1
        cid = f"{base}-{number}" if stock or base in taken else base
        taken.add(cid)
        if stock:
            made.append(
                Combatant(
                    id=cid,
                    name=f"{character.name} {number}",
                    side=side,
                    character=character.model_copy(deep=True),
                    template=path,
                )
            )
        else:
            made.append(Combatant(id=cid, name=character.name, side=side, character_file=path))
    return made


class CharacterSource(QListWidget):
    """The campaign's characters, dragged out by their file path."""

    def mimeData(self, items: list[QListWidgetItem]) -> QMimeData:  # type: ignore[override]
        data = QMimeData()
        data.setData(MIME, "\n".join(str(i.data(PathRole)) for i in items).encode())
        return data

    def mimeTypes(self) -> list[str]:
        return [MIME]


class CombatantDrop(QListWidget):
    """The encounter's combatants; accepts characters dropped from the source list."""

    def __init__(self, builder: EncounterBuilder) -> None:
        super().__init__()
        self._builder = builder
        self.setAcceptDrops(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DropOnly)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(MIME):
            event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if event.mimeData().hasFormat(MIME):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        data = event.mimeData()
        if not data.hasFormat(MIME):
            return
        for path in bytes(data.data(MIME).data()).decode().splitlines():
            self._builder.add(path)
        event.acceptProposedAction()


class EncounterBuilder(QWidget):
    """Set up a new encounter of a campaign."""

    def __init__(self, campaign: CampaignFolder, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("EncounterBuilder")
        self.setWindowTitle("Wild Die: new encounter")
        self.campaign = campaign
        self.combatants: list[Combatant] = []
        self.sides: list[Side] = [Side(name="Heroes", player_side=True), Side(name="Opposition")]
        self.source = CharacterSource()
        self.source.setDragEnabled(True)
        self.source.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        for path, loaded in sorted(campaign.characters.items()):
            c = loaded.document
            item = QListWidgetItem(f"{c.name} ({c.kind}, {c.importance})")
            item.setData(PathRole, path)
            item.setToolTip(
                "Stock: added as inline copies (R2)" if c.importance == "stock" else path
            )
            self.source.addItem(item)
        self.target = CombatantDrop(self)
        self.name_edit = QLineEdit("New encounter")
        self.scene_combo = QComboBox()
        for label, value in (
            ("Tactical: melee", ("tactical", "melee")),
            ("Tactical: chase", ("tactical", "chase")),
            ("Tactical: debate", ("tactical", "debate")),
            ("Dramatic scene", ("dramatic", "melee")),
            ("Quick check", ("quick", "melee")),
        ):
            self.scene_combo.addItem(label, value)
        self.side_combo = QComboBox()
        self.side_combo.setEditable(True)
        self._refresh_sides()
        self.copies = QSpinBox()
        self.copies.setRange(1, 500)
        self.copies.setToolTip("How many copies of a Stock template to add")
        self.hidden_box = QCheckBox("Hidden from the players")
        self.add_button = QPushButton("Add \u2192")
        self.remove_button = QPushButton("Remove")
        form = QFormLayout()
        form.addRow("Name", self.name_edit)
        form.addRow("Scene", self.scene_combo)
        form.addRow("Side", self.side_combo)
        form.addRow("Copies", self.copies)
        form.addRow("", self.hidden_box)
        middle = QVBoxLayout()
        middle.addLayout(form)
        middle.addWidget(self.add_button)
        middle.addWidget(self.remove_button)
        middle.addStretch(1)
        layout = QHBoxLayout(self)
        layout.addWidget(self.source, 1)
        layout.addLayout(middle)
        layout.addWidget(self.target, 1)
        self.add_button.clicked.connect(self._add_selected)
        self.remove_button.clicked.connect(self._remove_selected)
        self.source.itemDoubleClicked.connect(lambda item: self.add(str(item.data(PathRole))))

    def _refresh_sides(self) -> None:
        current = self.side_combo.currentText()
        self.side_combo.clear()
        for side in self.sides:
            self.side_combo.addItem(side.name)
        if current:
            self.side_combo.setCurrentText(current)

    def _side(self) -> str:
        name = self.side_combo.currentText().strip() or "Opposition"
        if all(s.name.casefold() != name.casefold() for s in self.sides):
            self.sides.append(Side(name=name))
            self._refresh_sides()
            self.side_combo.setCurrentText(name)
        return name

    def add(self, path: str, copies: int | None = None) -> list[Combatant]:
        loaded = self.campaign.characters.get(path)
        if loaded is None:
            return []
        taken = {c.id for c in self.combatants}
        made = new_combatants(
            path, loaded.document, self._side(), taken, copies or self.copies.value()
        )
        for combatant in made:
            combatant.hidden = self.hidden_box.isChecked()
            self.combatants.append(combatant)
            item = QListWidgetItem(
                f"{combatant.name} \u2014 {combatant.side}"
                + (" (hidden)" if combatant.hidden else "")
            )
            item.setData(CombatantRole, combatant.id)
            self.target.addItem(item)
        return made

    def _add_selected(self) -> None:
        for item in self.source.selectedItems():
            self.add(str(item.data(PathRole)))

    def _remove_selected(self) -> None:
        for item in self.target.selectedItems():
            cid = item.data(CombatantRole)
            self.combatants = [c for c in self.combatants if c.id != cid]
            self.target.takeItem(self.target.row(item))

    def encounter(self) -> Encounter:
        scene, tactical = self.scene_combo.currentData()
        used = {c.side.casefold() for c in self.combatants}
        sides = [s for s in self.sides if s.name.casefold() in used or s.player_side]
        return Encounter(
            name=self.name_edit.text().strip() or "New encounter",
            scene_type=scene,
            tactical_type=tactical,
            sides=sides,
            combatants=[c.model_copy(deep=True) for c in self.combatants],
        )

    def save(self) -> Path:
        """Save into the campaign's ``encounters`` folder; returns the file."""
        encounter = self.encounter()
        folder = self.campaign.folder / "encounters"
        folder.mkdir(exist_ok=True)
        taken = [p.name for p in folder.glob("*.json")]
        path = folder / file_name_for(encounter.name, taken)
        save_document(encounter, path)
        return path
