"""``CharacterEditor``: the whole sheet of one ``CharacterDocument``.

Header (name, player, kind, Dynamic/Stock, portrait, points), the ability tree
(abilities -> skills -> specializations, R2 totals), conditions (R5), gear (weapons,
armour by facing, toughness, PL, scale: R9) and the story texts. Views only lay out: every
edit is an undoable command on ``doc.undo_stack``; nothing here holds game state.

Signals for the main window: ``rollRequested(RollRequest)`` when a row is rolled
(double-click or Enter), ``problem(str)`` for a refused edit (also shown in the sheet's own
message line).
"""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel
from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QKeySequence, QMouseEvent, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QScrollArea,
    QSplitter,
    QStyle,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sheets.advancement import Raise, raise_of, refusal
from sheets.dice import DieCode
from sheets.documents import Ability, Skill, Specialization
from sheets.skills import CheckDice
from ui import commands
from ui.action_buttons import show_action
from ui.commands import AdvanceCommand
from ui.sheet.advancement_log import AdvancementLog
from ui.sheet.campaign_rules import campaign_check_defaults, owning_campaign
from ui.sheet.chance_picker import ChancePicker
from ui.sheet.conditions import ConditionsWidget
from ui.sheet.damage_widget import DamageWidget
from ui.sheet.delegates import CheckDelegate, DieCodeDelegate
from ui.sheet.equipment_box import EquipmentBox
from ui.sheet.gear_model import ProtectionWidget
from ui.sheet.header import HeaderWidget, StoryWidget
from ui.sheet.roll_request import RollRequest
from ui.sheet.sheet_tree import SheetTree
from ui.sheet.tree_model import (
    COL_CHANCE,
    COL_CODE,
    COL_FIXED,
    COL_NAME,
    COL_TOTAL,
    COL_TRAINED,
    AbilityTreeModel,
    CheckRole,
    NodeRole,
    ReasonRole,
)
from ui.sheet.weapons_box import WeaponsBox
from ui.text import split_rule
from ui.workspace.character_document import CharacterDocument

Index = QModelIndex | QPersistentModelIndex
WIDE_LAYOUT_PX = 960  # narrower than this, the sheet stacks the tree above the tabs


class CharacterEditor(QWidget):
    """The character sheet editor for one document."""

    rollRequested = Signal(object)  # RollRequest: a row or a weapon's damage to roll
    problem = Signal(str)

    def __init__(self, doc: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("CharacterEditor")
        self.doc = doc
        self.setAccessibleName(self.tr("Character sheet: %1").replace("%1", doc.title))

        self.header = HeaderWidget(doc)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setAccessibleName(self.tr("Sheet message"))
        self.message.setFrameShape(QFrame.Shape.StyledPanel)
        self.message.hide()
        self._message_timer = QTimer(self)
        self._message_timer.setSingleShot(True)
        self._message_timer.setInterval(8000)
        self._message_timer.timeout.connect(self.message.hide)

        # --- abilities tree ---
        self.tree_model = AbilityTreeModel(doc, self)
        self.tree_model.set_check_defaults(campaign_check_defaults(doc))
        self.tree = SheetTree()
        self.tree.setModel(self.tree_model)
        self.tree.setAccessibleName(self.tr("Abilities, skills and specializations"))
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setExpandsOnDoubleClick(False)
        self.tree.setAllColumnsShowFocus(True)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setEditTriggers(
            QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.SelectedClicked
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.code_delegate = DieCodeDelegate(self.tree)
        self.tree.setItemDelegateForColumn(COL_CODE, self.code_delegate)
        self.check_delegate = CheckDelegate(self.tree)
        self.tree.setItemDelegateForColumn(COL_TRAINED, self.check_delegate)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(COL_NAME, QHeaderView.ResizeMode.Stretch)
        for column in (COL_CODE, COL_TOTAL, COL_FIXED, COL_TRAINED, COL_CHANCE):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.expandAll()
        self.tree.activated.connect(self._row_activated)
        # A double click on a die code edits it (issue 15: it rolled); elsewhere on the
        # row, a double click (like Enter) rolls the row.
        self.tree.viewport().installEventFilter(self)
        self.tree_model.editRejected.connect(lambda _i, reason: self.show_problem(reason))
        self.code_delegate.rejected.connect(self.show_problem)
        self.tree_model.rowsInserted.connect(self._rows_inserted)
        self.tree_model.modelReset.connect(self.tree.expandAll)

        self.tree_actions: dict[str, QAction] = {}
        tree_buttons = QHBoxLayout()
        for key, text, shortcut, tip, slot in (
            (
                "ability",
                self.tr("+ Ability"),
                "Ctrl+Shift+A",
                self.tr("Add an ability (R2)"),
                self.add_ability,
            ),
            (
                "skill",
                self.tr("+ Skill"),
                "Insert",
                self.tr("Add a skill under the selected ability"),
                self.add_skill,
            ),
            (
                "specialization",
                self.tr("+ Specialization"),
                "Shift+Insert",
                self.tr("Add a specialization under the selected skill"),
                self.add_specialization,
            ),
            (
                "remove",
                self.tr("Remove"),
                "Delete",
                self.tr("Remove the selected row (undoable)"),
                self.remove_selected,
            ),
            (
                "up",
                self.tr("Up"),
                "Alt+Up",
                self.tr("Move the selected row up"),
                lambda: self.move_selected(-1),
            ),
            (
                "down",
                self.tr("Down"),
                "Alt+Down",
                self.tr("Move the selected row down"),
                lambda: self.move_selected(+1),
            ),
            (
                "roll",
                self.tr("Roll"),
                "Ctrl+Return",
                self.tr("Roll the selected row in the dice panel"),
                self.roll_current,
            ),
            (
                "raise",
                self.tr("Raise"),
                "Ctrl+Shift+Up",
                self.tr("Spend Character Points to raise the selected row by one pip"),
                lambda: self.raise_selected(),
            ),
        ):
            action = QAction(text, self)
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.setToolTip(
                f"{tip} ({QKeySequence(shortcut).toString(QKeySequence.SequenceFormat.NativeText)})"
            )
            action.triggered.connect(slot)
            self.tree.addAction(action)
            button = QToolButton()
            show_action(button, action)
            button.setAccessibleName(tip)
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            tree_buttons.addWidget(button)
            self.tree_actions[key] = action
        tree_buttons.addStretch(1)
        # Beside every row, the exact chance against the difficulty picked here (R4).
        self.difficulty_combo = ChancePicker(self.tree_model)
        tree_buttons.addWidget(self.difficulty_combo)  # no label: the column says "Chance vs"
        abilities = QGroupBox(self.tr("Abilities and skills"))
        abilities.setToolTip(self.tr("R1 die codes, R2 abilities, skills and specializations"))
        abilities_layout = QVBoxLayout(abilities)
        abilities_layout.addLayout(tree_buttons)
        abilities_layout.addWidget(self.tree, 1)

        # --- conditions, gear, story ---
        self.conditions = ConditionsWidget(doc)
        self.conditions.problem.connect(self.show_problem)
        conditions_scroll = QScrollArea()
        conditions_scroll.setWidgetResizable(True)
        conditions_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.damage = DamageWidget(doc)  # R10: wounds or body points, as the campaign plays
        self.damage.problem.connect(self.show_problem)
        conditions_page = QWidget()
        conditions_column = QVBoxLayout(conditions_page)
        conditions_column.setContentsMargins(0, 0, 0, 0)
        conditions_column.addWidget(self.damage)
        conditions_column.addWidget(self.conditions, 1)
        conditions_scroll.setWidget(conditions_page)

        self.weapons = WeaponsBox(doc)
        self.weapons.rollRequested.connect(self.rollRequested)
        self.weapons.problem.connect(self.show_problem)
        self.protection = ProtectionWidget(doc)
        self.protection.problem_handler = self.show_problem
        for edit in (*self.protection.facings.values(), self.protection.toughness):
            edit.refused.connect(self.show_problem)
        gear = QWidget()
        gear_layout = QVBoxLayout(gear)
        gear_layout.setContentsMargins(0, 0, 0, 0)
        protection_box = QGroupBox(self.tr("Armour, toughness, performance level, scale"))
        protection_box.setToolTip(self.tr("R9: what resists damage, and the parity of scale"))
        QVBoxLayout(protection_box).addWidget(self.protection)
        gear_layout.addWidget(self.weapons, 1)
        gear_layout.addWidget(protection_box)
        self.equipment = EquipmentBox(doc)
        self.equipment.problem.connect(self.show_problem)
        gear_layout.addWidget(self.equipment, 1)

        self.story = StoryWidget(doc)
        self.story.problem.connect(self.show_problem)

        # Every page scrolls: a short sheet (a laptop's screen) scrolls a page rather than
        # asking the main window to grow past the screen's bottom edge.
        self.side_tabs = QTabWidget()
        self.side_tabs.setDocumentMode(True)
        self.side_tabs.addTab(conditions_scroll, self.tr("&Conditions"))
        self.side_tabs.addTab(_scrolled(gear), self.tr("&Gear"))
        self.side_tabs.addTab(_scrolled(self.story), self.tr("S&tory"))
        self.advancement = AdvancementLog(doc)
        self.side_tabs.addTab(self.advancement, self.tr("Ad&vancement"))
        self.side_tabs.setAccessibleName(self.tr("Conditions, gear and story"))

        # Stacked (the compact layout) until the sheet is known to be wide enough for side
        # by side: the sheet's first minimum size is the compact one, so opening it never
        # pushes the main window past the edge of a small screen.
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(abilities)
        self.splitter.addWidget(self.side_tabs)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)

        self.header.problem.connect(self.show_problem)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self._margins = layout.contentsMargins()
        layout.addWidget(self.header)
        layout.addWidget(self.splitter, 1)
        # The message floats over the sheet's foot instead of pushing every row down when
        # it appears (issue 15: rows jumped by 22 px under the player's pointer).
        self.message.setParent(self)
        self.message.setAutoFillBackground(True)

        doc.changed.connect(self._update_for_kind)
        doc.changed.connect(self._update_actions)
        self.tree.selectionModel().currentChanged.connect(lambda *_a: self._update_actions())
        self.tree.selectionModel().currentChanged.connect(lambda *_a: self._show_price())
        doc.changed.connect(self._show_price)
        self._raise_tip = self.tree_actions["raise"].toolTip()
        # Right-click (or the menu key, Shift+F10) offers the row's actions: Roll, Raise...
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        menu_key = QShortcut(QKeySequence("Shift+F10"), self.tree)  # Qt maps only the menu key
        menu_key.setContext(Qt.ShortcutContext.WidgetShortcut)
        menu_key.activated.connect(self._tree_menu)
        self._show_price()
        self._update_for_kind()
        self._update_actions()

    def wide_layout_width(self) -> int:
        """The least width at which the sheet goes side by side: ``WIDE_LAYOUT_PX``, or
        what the two panes need beside each other where that is more (a large font)."""
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)
        pages = [self.side_tabs.widget(i) for i in range(self.side_tabs.count())]
        contents = [p.widget() if isinstance(p, QScrollArea) else p for p in pages]
        tabs = max(c.minimumSizeHint().width() + bar for c in contents if c is not None)
        tree = self.splitter.widget(0)
        beside = (tree.minimumSizeHint().width() if tree is not None else 0) + tabs
        margins = self._margins.left() + self._margins.right()
        return max(WIDE_LAYOUT_PX, beside + self.splitter.handleWidth() + margins)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Side by side when there is room, else the tree above conditions and gear."""
        wide = event.size().width() >= self.wide_layout_width()
        wanted = Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical
        if self.splitter.orientation() != wanted:
            self.splitter.setOrientation(wanted)
        super().resizeEvent(event)
        self._place_message()

    def _place_message(self) -> None:
        margin = 8
        width = max(100, self.width() - 2 * margin)
        height = max(self.message.heightForWidth(width), self.message.sizeHint().height())
        self.message.setGeometry(margin, self.height() - height - margin, width, height)
        self.message.raise_()

    # --- messages ----------------------------------------------------------------------------

    def follow_house_rules(self) -> None:
        """The campaign's house rules changed: the R10 damage system decides which block
        and which R5 tracks the sheet shows."""
        self.damage.refresh()
        self.conditions.refresh()
        self.header.refresh()  # the game it plays (issue 15)
        self.tree_model.set_check_defaults(campaign_check_defaults(self.doc))

    def show_problem(self, reason: str) -> None:
        """A refused edit: shown on the sheet (and passed on to the status bar)."""
        if not reason:
            return
        plain, rules = split_rule(reason)  # the rule number goes to the tooltip
        self.message.setText(self.tr("Not changed: %1").replace("%1", plain))
        self.message.setToolTip(self.tr("Rules: %1").replace("%1", rules) if rules else "")
        self._place_message()
        self.message.show()
        self._message_timer.start()
        self.problem.emit(reason)

    def commit_pending(self) -> None:
        """Turn text still being typed into commands (before save, print, close)."""
        focus = self.focusWidget()
        self.story.commit()
        if focus is self.header.name_edit:
            self.header._commit_text("name", self.header.name_edit)
        elif focus is self.header.player_edit:
            self.header._commit_text("player", self.header.player_edit)

    def _update_for_kind(self) -> None:
        kind = self.doc.character.kind
        self.setAccessibleName(self.tr("Character sheet: %1").replace("%1", self.doc.title))
        people = kind in ("character", "npc")
        self.header.player_edit.setEnabled(kind == "character" or bool(self.doc.character.player))
        self.side_tabs.setTabText(
            1, self.tr("&Gear") if people or kind == "creature" else self.tr("&Weapons and armour")
        )
        toughness_used = (
            kind in ("vehicle", "object", "location") or self.doc.character.toughness is not None
        )
        form = self.protection.layout()
        from PySide6.QtWidgets import QFormLayout

        if isinstance(form, QFormLayout):
            form.setRowVisible(self.protection.toughness, toughness_used)

    # --- tree commands -----------------------------------------------------------------------

    def _current_node(self) -> Ability | Skill | Specialization | None:
        index = self.tree.currentIndex()
        node = index.data(NodeRole) if index.isValid() else None
        return node if isinstance(node, Ability | Skill | Specialization) else None

    def _owner_of(
        self, node: Ability | Skill | Specialization
    ) -> tuple[BaseModel, str, int] | None:
        found = self.tree_model._locate(node)
        if found is None:
            return None
        parent, row = found
        if parent is None:
            return self.doc.character, "abilities", row
        return parent, "skills" if isinstance(parent, Ability) else "specializations", row

    def _push(self, command: object) -> bool:
        if command is None:
            return False
        self.doc.push(command)  # type: ignore[arg-type]
        return True

    def _select(self, node: object, edit: bool = False) -> None:
        index = self.tree_model.index_of(node)
        if not index.isValid():
            return
        self.tree.expand(index.parent()) if index.parent().isValid() else None
        self.tree.setCurrentIndex(index)
        self.tree.scrollTo(index)
        if edit:
            self.tree.edit(index)

    def add_ability(self) -> Ability | None:
        character = self.doc.character
        ability = Ability(
            name=commands.unique_name(self.tr("New ability"), character.abilities), code=DieCode(2)
        )
        try:
            self._push(
                commands.insert_item(
                    self.doc,
                    character,
                    "abilities",
                    len(character.abilities),
                    ability,
                    self.tr("Add ability"),
                )
            )
        except ValueError as error:
            self.show_problem(str(error))
            return None
        self._select(ability, edit=True)
        return ability

    def add_skill(self) -> Skill | None:
        node = self._current_node()
        while node is not None and not isinstance(node, Ability):
            owner = self._owner_of(node)
            node = owner[0] if owner is not None else None  # type: ignore[assignment]
        if node is None:
            if not self.doc.character.abilities:
                self.show_problem(
                    self.tr("Add an ability first: a skill belongs to an ability (R2)")
                )
                return None
            node = self.doc.character.abilities[0]
        skill = Skill(name=commands.unique_name(self.tr("New skill"), node.skills), code=DieCode(1))
        self._push(
            commands.insert_item(
                self.doc,
                node,
                "skills",
                len(node.skills),
                skill,
                self.tr("Add skill to %1").replace("%1", node.name),
            )
        )
        self._select(skill, edit=True)
        return skill

    def add_specialization(self) -> Specialization | None:
        node = self._current_node()
        if isinstance(node, Specialization):
            owner = self._owner_of(node)
            node = owner[0] if owner is not None else None  # type: ignore[assignment]
        if not isinstance(node, Skill):
            self.show_problem(
                self.tr("Select a skill first: a specialization belongs to a skill (R2)")
            )
            return None
        spec = Specialization(
            name=commands.unique_name(self.tr("New specialization"), node.specializations),
            code=DieCode(1),
        )
        self._push(
            commands.insert_item(
                self.doc,
                node,
                "specializations",
                len(node.specializations),
                spec,
                self.tr("Add specialization to %1").replace("%1", node.name),
            )
        )
        self._select(spec, edit=True)
        return spec

    def remove_selected(self) -> bool:
        node = self._current_node()
        owner = self._owner_of(node) if node is not None else None
        if node is None or owner is None:
            return False
        parent, field, row = owner
        self._push(
            commands.remove_item(
                self.doc, parent, field, row, self.tr("Remove %1").replace("%1", node.name)
            )
        )
        siblings = getattr(parent, field)
        if siblings:
            self._select(siblings[min(row, len(siblings) - 1)])
        elif parent is not self.doc.character:
            self._select(parent)
        return True

    def move_selected(self, delta: int) -> bool:
        node = self._current_node()
        owner = self._owner_of(node) if node is not None else None
        if node is None or owner is None:
            return False
        parent, field, row = owner
        command = commands.move_item(
            self.doc,
            parent,
            field,
            row,
            row + delta,
            self.tr("Move %1").replace("%1", node.name),
        )
        moved = self._push(command)
        self._select(node)
        return moved

    def _rows_inserted(self, parent: QModelIndex, _first: int, _last: int) -> None:
        if parent.isValid():
            self.tree.expand(parent)
            self.tree.expandRecursively(parent)

    def _update_actions(self) -> None:
        node = self._current_node()
        self.tree_actions["specialization"].setEnabled(isinstance(node, Skill | Specialization))
        for key in ("remove", "up", "down", "roll", "raise"):
            self.tree_actions[key].setEnabled(node is not None)

    # --- rolling -----------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.MouseButtonDblClick
            and watched is self.tree.viewport()
            and isinstance(event, QMouseEvent)
            and event.button() == Qt.MouseButton.LeftButton
        ):
            index = self.tree.indexAt(event.position().toPoint())
            editable = bool(index.flags() & Qt.ItemFlag.ItemIsEditable)
            if index.isValid() and index.column() == COL_CODE and editable:
                self.tree.setCurrentIndex(index)
                self.tree.edit(index)
                return True  # no activated signal: nothing is rolled
        return super().eventFilter(watched, event)

    def _row_activated(self, index: Index) -> None:
        self.roll_index(index)

    def roll_current(self) -> bool:
        return self.roll_index(self.tree.currentIndex())

    def raise_selected(self, when: str = "") -> bool:
        """Spend Character Points on one pip of the selected row (OpenD6 advancement), or
        say in plain words why not; one undo step. The price shows before, on the
        Advancement tab and in Raise's tooltip."""
        node = self._current_node()
        step = self._raise_for(node)
        if node is None or step is None:
            self.show_problem(self.tr("Select the ability, skill or specialization to raise"))
            return False
        problem = refusal(self.doc.character, step)
        if problem is not None:
            self.show_problem(problem)
            return False
        self.doc.push(AdvanceCommand(self.doc, node, step, when or self._when()))
        return True

    def _raise_for(self, node: Ability | Skill | Specialization | None) -> Raise | None:
        """What one pip more on ``node`` would be and cost (OpenD6 advancement)."""
        if node is None:
            return None
        chain: list[Ability | Skill | Specialization] = [node]
        found = self.tree_model._locate(node)
        while found is not None and isinstance(found[0], Ability | Skill):
            chain.insert(0, found[0])
            found = self.tree_model._locate(found[0])
        ability = chain[0]
        if not isinstance(ability, Ability):
            return None
        skill = chain[1] if len(chain) > 1 and isinstance(chain[1], Skill) else None
        spec = chain[2] if len(chain) > 2 and isinstance(chain[2], Specialization) else None
        return raise_of(self.doc.character, ability, skill, spec)

    def _when(self) -> str:
        """When a raise is logged: the campaign's session, if one was started, and the day."""
        today = date.today().isoformat()
        campaign = owning_campaign(self.doc)
        if campaign is not None and campaign.session > 0:
            return (
                self.tr("Session %1, %2").replace("%1", str(campaign.session)).replace("%2", today)
            )
        return today

    def _tree_menu(self) -> QAction | None:
        """The row's actions as a menu at the current row (Shift+F10)."""
        rect = self.tree.visualRect(self.tree.currentIndex())
        where = self.tree.viewport().mapToGlobal(rect.bottomLeft() if rect.isValid() else QPoint())
        return QMenu.exec(self.tree.actions(), where, None, self.tree)

    def _show_price(self) -> None:
        """The selected row's raise and its price, before anything is spent."""
        step = self._raise_for(self._current_node())
        action = self.tree_actions["raise"]
        if step is None:
            self.advancement.show_price(None, None)
            action.setToolTip(self._raise_tip)
            return
        problem = refusal(self.doc.character, step)
        self.advancement.show_price(step, problem)
        price = self.tr("%1 to %2 for %3 Character Points").replace("%1", step.label)
        price = price.replace("%2", str(step.after)).replace("%3", str(step.cost))
        action.setToolTip(f"{self._raise_tip}: {price}")

    def roll_index(self, index: Index) -> bool:
        """Roll a tree row in the dice panel (R2 total), or say why it cannot be rolled."""
        if not index.isValid():
            return False
        first = index.sibling(index.row(), COL_NAME)
        check = first.data(CheckRole)
        node = index.data(NodeRole)
        if check is None:
            self.show_problem(str(first.data(ReasonRole) or ""))
            return False
        label = f"{self.doc.title}: {self.tree_model.label(node)}"
        model = self.tree_model

        def current() -> DieCode | None:
            found = model.check(node)
            return found.code if isinstance(found, CheckDice) else None

        against = self.tree_model.difficulty  # the Chance column's: the same roll
        self.rollRequested.emit(RollRequest(label, check.code, current, against=against))
        return True


def _scrolled(page: QWidget) -> QScrollArea:
    """``page`` in a frameless scroll area: shown whole when there is room, else scrolled."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(page)
    return area
