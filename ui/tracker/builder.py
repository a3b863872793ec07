"""Build an encounter from the campaign: drag characters and NPCs in (or double-click,
or Enter), add several copies of a Stock template (each copy keeps its own conditions),
set sides, hide a combatant from the players, pick the scene type and initiative mode (R6).

    from ui.tracker import open_builder
    window = open_builder(campaign_folder, parent)   # a BuilderWindow, not shown yet
    window.saved.connect(...)                         # Path of encounters/<name>.json
    window.show()

Saving never overwrites: a taken name gets a number (``file_name_for``). "Run now" opens
the saved encounter in the tracker (``trackerOpened``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPushButton,
    QSpinBox,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from sheets.documents import Combatant, Encounter, Side
from sheets.encounter.roster import new_combatants
from sheets.storage import (
    ENCOUNTERS_FOLDER,
    CampaignFolder,
    DocumentError,
    SaveConflict,
    SaveError,
    file_name_for,
    open_campaign,
)
from ui.action_buttons import trim_toolbar
from ui.campaign.model import KIND_ORDER, kind_label
from ui.services.prompter import SAVE_DISCARD_CANCEL, Choice, Prompter, Question
from ui.text import status_tip
from ui.workspace.save_service import SaveService

MIME = "application/x-wilddie-character-path"
PathRole = int(Qt.ItemDataRole.UserRole) + 1
CombatantRole = int(Qt.ItemDataRole.UserRole) + 2


class CharacterSource(QListWidget):
    """The campaign's characters, dragged out by their file path; Enter adds them."""

    addRequested = Signal()

    def mimeData(self, items: list[QListWidgetItem]) -> QMimeData:  # type: ignore[override]
        data = QMimeData()
        data.setData(MIME, "\n".join(str(i.data(PathRole)) for i in items).encode())
        return data

    def mimeTypes(self) -> list[str]:
        return [MIME]

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.addRequested.emit()
            return
        super().keyPressEvent(event)


class CombatantDrop(QListWidget):
    """The encounter's combatants; accepts characters dropped from the source list;
    Delete removes the selected ones."""

    def __init__(self, builder: EncounterBuilder) -> None:
        super().__init__()
        self._builder = builder
        self.setAcceptDrops(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DropOnly)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)

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

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self._builder.remove_selected()
            return
        super().keyPressEvent(event)


class EncounterBuilder(QWidget):
    """Set up a new encounter of a campaign."""

    changed = Signal()

    def __init__(self, campaign: CampaignFolder, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("EncounterBuilder")
        self.setWindowTitle(self.tr("Wild Die: new encounter"))
        self.campaign = campaign
        self.combatants: list[Combatant] = []
        self.sides: list[Side] = [
            Side(name=self.tr("Heroes"), player_side=True),
            Side(name=self.tr("Opposition")),
        ]
        self.source = CharacterSource()
        self.source.setObjectName("BuilderSource")
        self.source.setAccessibleName(self.tr("Campaign characters"))
        self.source.setToolTip(
            self.tr(
                "Drag into the encounter, double-click or press Enter to add. Stock "
                "templates join as numbered copies (R2)"
            )
        )
        self.source.setDragEnabled(True)
        self.source.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        rank = {kind: index for index, kind in enumerate(KIND_ORDER)}
        for path, loaded in sorted(
            campaign.characters.items(),
            key=lambda kv: (rank.get(kv[1].document.kind, 99), kv[1].document.name.casefold()),
        ):
            c = loaded.document
            label = f"{c.name} ({kind_label(c.kind)}" + (
                self.tr(", Stock template)") if c.importance == "stock" else ")"
            )
            item = QListWidgetItem(label)
            item.setData(PathRole, path)
            item.setToolTip(
                self.tr("Stock: added as numbered inline copies (R2)")
                if c.importance == "stock"
                else path
            )
            self.source.addItem(item)
        if self.source.count():
            self.source.setCurrentRow(0)
        self.target = CombatantDrop(self)
        self.target.setObjectName("BuilderCombatants")
        self.target.setAccessibleName(self.tr("Combatants in the encounter"))
        self.target.setToolTip(self.tr("Delete removes the selected combatants"))
        self.name_edit = QLineEdit(self.tr("New encounter"))
        self.name_edit.setAccessibleName(self.tr("Encounter name"))
        self.scene_combo = QComboBox()
        self.scene_combo.setAccessibleName(self.tr("Scene type and initiative mode"))
        self.scene_combo.setToolTip(
            self.tr(
                "R6: a tactical melee orders by a fixed ability value, a chase by position "
                "(set by hand), a debate by an ability roll; a dramatic scene has no "
                "initiative (the GM orders)"
            )
        )
        for label, value in (
            (self.tr("Tactical: melee"), ("tactical", "melee")),
            (self.tr("Tactical: chase"), ("tactical", "chase")),
            (self.tr("Tactical: debate"), ("tactical", "debate")),
            (self.tr("Dramatic scene"), ("dramatic", "melee")),
            (self.tr("Quick check"), ("quick", "melee")),
        ):
            self.scene_combo.addItem(label, value)
        self.side_combo = QComboBox()
        self.side_combo.setEditable(True)
        self.side_combo.setAccessibleName(self.tr("Side"))
        self.side_combo.setToolTip(
            self.tr("The side of whom you add next, or Set side for the selected (type a new one)")
        )
        self._refresh_sides()
        self.copies = QSpinBox()
        self.copies.setRange(1, 500)
        self.copies.setAccessibleName(self.tr("Copies of a Stock template"))
        self.copies.setToolTip(self.tr("How many copies of a Stock template to add"))
        self.hidden_box = QCheckBox(self.tr("&Hidden from the players"))
        self.hidden_box.setToolTip(self.tr("Whom you add next is left out of the player view"))
        self.add_button = QPushButton(self.tr("&Add \u2192"))
        self.add_button.setToolTip(self.tr("Add the selected characters (Enter in the list)"))
        self.remove_button = QPushButton(self.tr("&Remove"))
        self.remove_button.setToolTip(self.tr("Remove the selected combatants (Delete)"))
        self.set_side_button = QPushButton(self.tr("Set s&ide"))
        self.set_side_button.setToolTip(self.tr("Put the selected combatants on the side above"))
        self.toggle_hidden_button = QPushButton(self.tr("Hide / sho&w"))
        self.toggle_hidden_button.setToolTip(
            self.tr("Hide the selected combatants from the players, or show them again")
        )
        self.count_label = QLabel()
        self.count_label.setObjectName("BuilderCount")
        form = QFormLayout()
        form.addRow(self.tr("&Name"), self.name_edit)
        form.addRow(self.tr("S&cene"), self.scene_combo)
        form.addRow(self.tr("&Side"), self.side_combo)
        form.addRow(self.tr("C&opies"), self.copies)
        form.addRow("", self.hidden_box)
        middle = QVBoxLayout()
        middle.addLayout(form)
        middle.addWidget(self.add_button)
        middle.addSpacing(12)
        middle.addWidget(self.set_side_button)
        middle.addWidget(self.toggle_hidden_button)
        middle.addWidget(self.remove_button)
        middle.addStretch(1)
        left = QVBoxLayout()
        source_label = QLabel(self.tr("Ca&mpaign characters"))
        source_label.setBuddy(self.source)
        left.addWidget(source_label)
        left.addWidget(self.source, 1)
        right = QVBoxLayout()
        target_label = QLabel(self.tr("In &the encounter"))
        target_label.setBuddy(self.target)
        right.addWidget(target_label)
        right.addWidget(self.target, 1)
        right.addWidget(self.count_label)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 1)
        layout.addLayout(middle)
        layout.addLayout(right, 1)
        self.add_button.clicked.connect(self._add_selected)
        self.remove_button.clicked.connect(self.remove_selected)
        self.set_side_button.clicked.connect(lambda: self.set_side_of_selected())
        self.toggle_hidden_button.clicked.connect(self.toggle_hidden_of_selected)
        self.source.addRequested.connect(self._add_selected)
        self.source.itemDoubleClicked.connect(lambda item: self.add(str(item.data(PathRole))))
        self.name_edit.textEdited.connect(lambda _text: self.changed.emit())
        self.scene_combo.activated.connect(lambda _index: self.changed.emit())
        self.setTabOrder(self.source, self.name_edit)
        self._update_count()

    # --- sides ---------------------------------------------------------------------------

    def _refresh_sides(self) -> None:
        current = self.side_combo.currentText()
        self.side_combo.clear()
        for side in self.sides:
            self.side_combo.addItem(side.name)
        if current:
            self.side_combo.setCurrentText(current)

    def _side(self) -> str:
        name = self.side_combo.currentText().strip() or self.tr("Opposition")
        for side in self.sides:
            if side.name.casefold() == name.casefold():
                return side.name
        self.sides.append(Side(name=name))
        self._refresh_sides()
        self.side_combo.setCurrentText(name)
        return name

    # --- combatants ------------------------------------------------------------------------

    def _label(self, combatant: Combatant) -> str:
        return (
            f"{combatant.name} \u2014 {combatant.side}"
            + (self.tr(" (hidden)") if combatant.hidden else "")
            + (self.tr(" [copy]") if combatant.template else "")
        )

    def _update_count(self) -> None:
        self.count_label.setText(self.tr("%n combatant(s)", "", len(self.combatants)))

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
            item = QListWidgetItem(self._label(combatant))
            item.setData(CombatantRole, combatant.id)
            self.target.addItem(item)
        self._update_count()
        self.changed.emit()
        return made

    def _add_selected(self) -> None:
        for item in self.source.selectedItems():
            self.add(str(item.data(PathRole)))

    def _selected(self) -> list[tuple[QListWidgetItem, Combatant]]:
        by_id = {c.id: c for c in self.combatants}
        return [
            (item, by_id[item.data(CombatantRole)])
            for item in self.target.selectedItems()
            if item.data(CombatantRole) in by_id
        ]

    def remove_selected(self) -> None:
        for item, combatant in self._selected():
            self.combatants = [c for c in self.combatants if c.id != combatant.id]
            self.target.takeItem(self.target.row(item))
        self._update_count()
        self.changed.emit()

    def _remove_selected(self) -> None:  # the old name
        self.remove_selected()

    def set_side_of_selected(self, side: str | None = None) -> None:
        if side is not None:
            self.side_combo.setCurrentText(side)
        name = self._side()
        for item, combatant in self._selected():
            combatant.side = name
            item.setText(self._label(combatant))
        self.changed.emit()

    def toggle_hidden_of_selected(self) -> None:
        chosen = self._selected()
        hide = not all(c.hidden for _, c in chosen)
        for item, combatant in chosen:
            combatant.hidden = hide
            item.setText(self._label(combatant))
        self.changed.emit()

    # --- the document ----------------------------------------------------------------------

    def encounter(self) -> Encounter:
        scene, tactical = self.scene_combo.currentData()
        used = {c.side.casefold() for c in self.combatants}
        sides = [s for s in self.sides if s.name.casefold() in used or s.player_side]
        return Encounter(
            name=self.name_edit.text().strip() or self.tr("New encounter"),
            scene_type=scene,
            tactical_type=tactical,
            sides=sides,
            combatants=[c.model_copy(deep=True) for c in self.combatants],
        )

    def new_file(self) -> Path:
        """Where the encounter goes: a new name in the campaign's ``encounters`` folder."""
        folder = self.campaign.folder / ENCOUNTERS_FOLDER
        taken = [p.name for p in folder.iterdir()] if folder.is_dir() else []
        return folder / file_name_for(self.encounter().name, taken)


class BuilderWindow(QMainWindow):
    """The encounter builder as a (non-modal) window: Save (Ctrl+S) writes
    ``encounters/<name>.json`` and emits ``saved``; Run now (Ctrl+R) opens the tracker."""

    saved = Signal(Path)
    trackerOpened = Signal(object)  # TrackerWindow

    def __init__(
        self,
        campaign: CampaignFolder,
        parent: QWidget | None = None,
        prompter: Prompter | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("BuilderWindow")
        self.prompter: Prompter = prompter or Prompter(self)
        self.save_service = SaveService(self.prompter, self)
        self.campaign = campaign
        self.builder = EncounterBuilder(campaign, self)
        self.setCentralWidget(self.builder)
        self.saved_path: Path | None = None
        self.tracker: QWidget | None = None
        self.freeze = True
        """Passed to ``open_tracker`` (tests turn it off)."""
        self.run_with: Callable[[Path], QWidget | None] | None = None
        """How Run now opens a saved encounter (the main window's ``open_encounter``);
        None: ``open_tracker`` here, parented like this window."""
        self._dirty = False
        self.save_action = self._action(
            self.tr("&Save"),
            self.tr("Save the encounter into the campaign's encounters folder (Ctrl+S)"),
            QKeySequence.StandardKey.Save,
        )
        self.run_action = self._action(
            self.tr("&Run now"),
            self.tr("Save if needed and open the encounter in the tracker (Ctrl+R)"),
            "Ctrl+R",
        )
        self.close_action = self._action(
            self.tr("&Close"), self.tr("Close the builder (Ctrl+W)"), QKeySequence.StandardKey.Close
        )
        bar = QToolBar(self.tr("Encounter"))
        bar.setObjectName("BuilderToolbar")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        bar.setMovable(False)
        bar.addAction(self.save_action)
        bar.addAction(self.run_action)
        self.addToolBar(bar)
        trim_toolbar(bar)
        menu = self.menuBar().addMenu(self.tr("&Encounter"))
        menu.addAction(self.save_action)
        menu.addAction(self.run_action)
        menu.addSeparator()
        menu.addAction(self.close_action)
        self.save_action.triggered.connect(self.save)
        self.run_action.triggered.connect(self.run_now)
        self.close_action.triggered.connect(self.close)
        self.builder.changed.connect(self._changed)
        self.builder.name_edit.textChanged.connect(lambda _text: self._update_title())
        self._update_title()
        self._update_actions()
        self.statusBar().showMessage(
            self.tr("Add characters (drag, double-click or Enter), then Save (Ctrl+S)")
        )
        self.resize(1000, 620)
        self.builder.source.setFocus()

    def _action(self, text: str, tip: str, key: QKeySequence.StandardKey | str) -> QAction:
        action = QAction(text, self)
        action.setToolTip(tip)
        action.setStatusTip(status_tip(tip))
        action.setShortcut(QKeySequence(key))
        self.addAction(action)
        return action

    def _changed(self) -> None:
        self._dirty = True
        self._update_actions()
        self._update_title()

    def _update_title(self) -> None:
        name = self.builder.name_edit.text().strip() or self.tr("New encounter")
        self.setWindowTitle(self.tr("Wild Die: build %1[*]").replace("%1", name))
        self.setWindowModified(self._dirty)

    def _update_actions(self) -> None:
        has_people = bool(self.builder.combatants)
        self.save_action.setEnabled(has_people)
        self.run_action.setEnabled(has_people or self.saved_path is not None)

    def save(self) -> Path | None:
        """Write a new file (never over another); None when there is nothing to save."""
        if not self.builder.combatants:
            self.statusBar().showMessage(self.tr("Add at least one combatant first"), 8000)
            return None
        if not self._dirty and self.saved_path is not None:
            return self.saved_path
        try:
            path = self.builder.new_file()
            self.save_service.write_new(self.builder.encounter(), path)
        except (OSError, SaveError, SaveConflict, DocumentError) as error:
            self.statusBar().showMessage(self.tr("Not saved: %1").replace("%1", str(error)))
            return None
        self.saved_path = path
        self._dirty = False
        self._update_title()
        self._update_actions()
        relative = path.relative_to(self.campaign.folder).as_posix()
        self.statusBar().showMessage(
            self.tr("Saved %1 \u2014 Run now (Ctrl+R) opens it in the tracker").replace(
                "%1", relative
            )
        )
        self.saved.emit(path)
        return path

    def run_now(self) -> QWidget | None:
        """Save if needed, then open the encounter in the tracker (shown)."""
        path = self.save() if self._dirty or self.saved_path is None else self.saved_path
        if path is None:
            return None
        if self.run_with is not None:
            window = self.run_with(path)
            if window is None:
                return None
        else:
            from ui.tracker.opening import open_tracker

            window = open_tracker(
                self.campaign.folder, path, self.parentWidget(), freeze=self.freeze
            )
            window.show()
        self.tracker = window
        self.trackerOpened.emit(window)
        self.close()
        return window

    def mark_clean(self) -> None:
        self._dirty = False
        self.setWindowModified(False)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._dirty and self.builder.combatants:
            answer = self.prompter.ask(
                Question(
                    self.tr("Unsaved encounter"),
                    self.tr("Save the encounter before closing?"),
                    SAVE_DISCARD_CANCEL,
                    Choice.SAVE,
                )
            )
            if answer is Choice.CANCEL:
                event.ignore()
                return
            if answer is Choice.SAVE and self.save() is None:
                event.ignore()
                return
        super().closeEvent(event)


def open_builder(
    campaign_folder: CampaignFolder | Path | str,
    parent: QWidget | None = None,
    prompter: Prompter | None = None,
) -> BuilderWindow:
    """An encounter builder window (not shown yet) on a campaign folder; with a parent,
    a window of its own that deletes itself when closed."""
    campaign = (
        campaign_folder
        if isinstance(campaign_folder, CampaignFolder)
        else open_campaign(campaign_folder)
    )
    window = BuilderWindow(campaign, parent, prompter)
    if parent is not None:
        window.setWindowFlag(Qt.WindowType.Window, True)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    return window
