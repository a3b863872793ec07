"""The sheet's OpenD6 damage (R10): the wound level on the wound chart, or body points.

Which one shows follows the campaign's house rule ``damage_system`` (R10): ``wounds``
shows the chart (``sheets.damage.WOUND_CHART``) with the current level marked, a click or
Enter on a row sets the level; ``body_points`` shows the pool (left / maximum) with a bar;
``conditions`` (FreeD6, the default) shows nothing here -- the R5 tracks below do the work.

The sheet learns the rules from the campaign that owns its document (the
``CampaignSession`` is the document's Qt parent); a sheet outside a campaign plays the
default. Every edit is an undoable command on the document's stack (``ui.commands``).
"""

from __future__ import annotations

from typing import Any, Final, get_args

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont, QPalette, QUndoCommand
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QSizePolicy,
    QSpinBox,
    QStackedWidget,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sheets.damage import (
    BODY_POINTS_BASE,
    DEAD,
    HEALTHY,
    OUT_OF_ACTION_WOUND,
    WOUND_LEVELS,
    DamageSystem,
    body_points_out,
    wound_band,
    wound_is_out,
    wound_name,
)
from sheets.documents.character import MAX_POINTS
from ui import commands
from ui.sheet.campaign_rules import campaign_damage_system
from ui.theme import DANGER, mix
from ui.workspace.character_document import CharacterDocument

COL_LEVEL: Final = 0
COL_CHART: Final = 1
COL_EFFECT: Final = 2
COLUMNS: Final = 3
CurrentRole: Final = int(Qt.ItemDataRole.UserRole) + 1
"""True on the row of the character's wound level."""
LevelRole: Final = int(Qt.ItemDataRole.UserRole) + 2
"""The wound level (0..6) a row stands for."""
Index = QModelIndex | QPersistentModelIndex
SYSTEMS: Final[tuple[DamageSystem, ...]] = get_args(DamageSystem)


def _tr(text: str) -> str:
    return QCoreApplication.translate("DamageWidget", text)


def accumulation_tip() -> str:
    """How wounds add up (R10 ruling), for tooltips."""
    return _tr(
        "R10 (ruling): a new wound worse than the current level replaces it; an equal or "
        "lesser one makes it one level worse; Mortally Wounded again is Dead"
    )


def effect_words(level: int) -> str:
    """What a wound level means at the table (R10)."""
    if level == HEALTHY:
        return _tr("no wound")
    if level == DEAD:
        return _tr("dead")
    if wound_is_out(level):
        return _tr("out of action")
    return _tr("can act")


class WoundChartModel(QAbstractTableModel):
    """The wound chart (R10), one row per level, the character's level marked."""

    def __init__(self, doc: CharacterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        doc.fieldChanged.connect(self._field_changed)
        doc.reset.connect(self._all_changed)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(WOUND_LEVELS)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else COLUMNS

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < COLUMNS:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return (_tr("Wound level"), _tr("Damage − resistance"), _tr("Then"))[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return (
                _tr("R10: the levels from Healthy to Dead"),
                _tr(
                    "R10: the damage roll minus the resistance roll (Strength or toughness plus "
                    "armour, R9) gives the level on this chart (ruling: the standard OpenD6 chart)"
                ),
                _tr("R10: out of action (\u201ctoast\u201d) from Incapacitated on (ruling)"),
            )[section]
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(WOUND_LEVELS):
            return None
        level = index.row()
        current = self.doc.character.wound_level == level
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == COL_LEVEL:
                return ("\u25b6 " if current else "") + wound_name(level)
            if column == COL_CHART:
                band = wound_band(level)
                return _tr("again") if level == DEAD else band
            return effect_words(level)
        if role == Qt.ItemDataRole.ToolTipRole:
            if level == DEAD:
                how = _tr("a mortally wounded character wounded again")
            else:
                how = _tr("damage minus resistance %1 on the chart").replace(
                    "%1", wound_band(level)
                )
            return (
                _tr("%1: %2 (R10). Click or press Enter to set this level. %3")
                .replace("%1", wound_name(level))
                .replace("%2", how)
                .replace("%3", accumulation_tip())
            )
        if role == Qt.ItemDataRole.FontRole and current:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.BackgroundRole and current and level > HEALTHY:
            base = QApplication.palette().color(QPalette.ColorRole.Base)
            return mix(base, DANGER, 0.25 + 0.5 * level / DEAD)
        if role == Qt.ItemDataRole.TextAlignmentRole and column == COL_CHART:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.AccessibleDescriptionRole and current:
            return _tr("current wound level")
        if role == CurrentRole:
            return current
        if role == LevelRole:
            return level
        return None

    def _field_changed(self, target: object, field: str) -> None:
        if target is self.doc.character and field == "wound_level":
            self._all_changed()

    def _all_changed(self) -> None:
        self.dataChanged.emit(self.index(0, 0), self.index(len(WOUND_LEVELS) - 1, COLUMNS - 1))


class DamageWidget(QWidget):
    """Wounds or body points (R10) of one sheet, as the campaign plays them."""

    problem = Signal(str)  # a refused edit, in the player's words

    def __init__(
        self,
        doc: CharacterDocument,
        parent: QWidget | None = None,
        *,
        system: DamageSystem | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("DamageWidget")
        self.doc = doc
        self._system = system
        self.box = QGroupBox()
        self.pages = QStackedWidget()
        self.pages.addWidget(self._build_wounds())
        self.pages.addWidget(self._build_body_points())
        QVBoxLayout(self.box).addWidget(self.pages)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 0)
        layout.addWidget(self.box)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        doc.changed.connect(self.refresh)
        doc.reset.connect(self.refresh)
        self.refresh()

    # --- construction --------------------------------------------------------------------------

    def _build_wounds(self) -> QWidget:
        page = QWidget()
        self.wound_label = QLabel()
        self.wound_label.setObjectName("WoundLevel")
        self.wound_label.setWordWrap(True)
        self.wound_label.setToolTip(accumulation_tip())
        self.wound_model = WoundChartModel(self.doc, self)
        self.wound_view = QTableView()
        self.wound_view.setObjectName("WoundChart")
        self.wound_view.setModel(self.wound_model)
        self.wound_view.setAccessibleName(self.tr("Wound chart (R10)"))
        self.wound_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.wound_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.wound_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        rows = self.wound_view.verticalHeader()
        rows.hide()
        rows.setMinimumSectionSize(1)
        rows.setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.wound_view.setWordWrap(False)
        self.wound_view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.wound_view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.wound_view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_EFFECT, QHeaderView.ResizeMode.Stretch)
        self.wound_view.clicked.connect(self._row_chosen)
        self.wound_view.activated.connect(self._row_chosen)
        self.heal_button = QToolButton()
        self.heal_button.setText(self.tr("Heal one level"))
        self.heal_button.setToolTip(self.tr("R10: the wound level one step better (undoable)"))
        self.heal_button.clicked.connect(lambda: self.set_wound_level(self._wound() - 1))
        self.worse_button = QToolButton()
        self.worse_button.setText(self.tr("One level worse"))
        self.worse_button.setToolTip(self.tr("R10: the wound level one step worse (undoable)"))
        self.worse_button.clicked.connect(lambda: self.set_wound_level(self._wound() + 1))
        for button in (self.heal_button, self.worse_button):
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        buttons = QHBoxLayout()
        buttons.addWidget(self.heal_button)
        buttons.addWidget(self.worse_button)
        buttons.addStretch(1)
        column = QVBoxLayout(page)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.wound_label)
        column.addWidget(self.wound_view)
        column.addLayout(buttons)
        return page

    def _build_body_points(self) -> QWidget:
        page = QWidget()
        self.points_spin = QSpinBox()
        self.points_spin.setObjectName("BodyPoints")
        self.points_spin.setAccessibleName(self.tr("Body points left"))
        self.points_spin.setToolTip(
            self.tr(
                "R10: body points left; a hit takes the damage less armour (ruling); "
                "0 is out of action"
            )
        )
        self.points_spin.editingFinished.connect(self._commit_points)
        self.maximum_spin = QSpinBox()
        self.maximum_spin.setObjectName("BodyPointsMax")
        self.maximum_spin.setRange(1, MAX_POINTS)
        self.maximum_spin.setAccessibleName(self.tr("Body points maximum"))
        self.maximum_spin.setToolTip(
            self.tr(
                "R10: the pool's maximum; unset, it is %1 + the fixed value of "
                "Strength or toughness (ruling: OpenD6 rolls Physique + 20)"
            ).replace("%1", str(BODY_POINTS_BASE))
        )
        self.maximum_spin.editingFinished.connect(self._commit_maximum)
        self.default_button = QToolButton()
        self.default_button.setText(self.tr("Default maximum"))
        self.default_button.setToolTip(
            self.tr("R10: back to %1 + the fixed value of Strength or toughness").replace(
                "%1", str(BODY_POINTS_BASE)
            )
        )
        self.default_button.clicked.connect(self.use_default_maximum)
        self.heal_points_button = QToolButton()
        self.heal_points_button.setText(self.tr("Heal fully"))
        self.heal_points_button.setToolTip(
            self.tr("R10: body points back to the maximum (undoable)")
        )
        self.heal_points_button.clicked.connect(self.heal_fully)
        for button in (self.default_button, self.heal_points_button):
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.points_bar = QProgressBar()
        self.points_bar.setObjectName("BodyPointsBar")
        self.points_bar.setFormat(self.tr("%v / %m body points"))
        self.points_bar.setAccessibleName(self.tr("Body points"))
        self.points_state = QLabel()
        self.points_state.setObjectName("BodyPointsState")
        self.points_state.setWordWrap(True)
        left_label = QLabel(self.tr("Body points &left:"))
        left_label.setBuddy(self.points_spin)
        of_label = QLabel(self.tr("&of"))
        of_label.setBuddy(self.maximum_spin)
        row = QHBoxLayout()
        row.addWidget(left_label)
        row.addWidget(self.points_spin)
        row.addWidget(of_label)
        row.addWidget(self.maximum_spin)
        row.addStretch(1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.heal_points_button)
        buttons.addWidget(self.default_button)
        buttons.addStretch(1)
        column = QVBoxLayout(page)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(row)
        column.addWidget(self.points_bar)
        column.addWidget(self.points_state)
        column.addLayout(buttons)
        return page

    # --- state ---------------------------------------------------------------------------------

    @property
    def system(self) -> DamageSystem:
        """The R10 setting shown: given, else the campaign's."""
        return self._system if self._system is not None else campaign_damage_system(self.doc)

    def set_damage_system(self, system: DamageSystem | None) -> None:
        """Show ``system`` (None: follow the campaign again)."""
        self._system = system
        self.refresh()

    def _wound(self) -> int:
        return self.doc.character.wound_level

    def refresh(self) -> None:
        system = self.system
        self.setVisible(system != "conditions")
        if system == "wounds":
            self.box.setTitle(self.tr("Wounds"))
            self.box.setToolTip(
                self.tr(
                    "R10: the campaign plays OpenD6 wounds: damage minus resistance on the chart"
                )
            )
            self.pages.setCurrentIndex(0)
            self._refresh_wounds()
        elif system == "body_points":
            self.box.setTitle(self.tr("Body points"))
            self.box.setToolTip(
                self.tr(
                    "R10: the campaign plays OpenD6 body points: damage less armour off the pool"
                )
            )
            self.pages.setCurrentIndex(1)
            self._refresh_body_points()

    def _refresh_wounds(self) -> None:
        level = self._wound()
        if level == DEAD:
            text = self.tr("<b>%1</b> — dead")
        elif wound_is_out(level):
            text = self.tr("<b>%1</b> — out of action: no wounds left")
        elif level > HEALTHY:
            left = OUT_OF_ACTION_WOUND - level
            if left == 1:
                text = self.tr("<b>%1</b> — 1 more level to out of action")
            else:
                text = self.tr("<b>%1</b> — %2 more levels to out of action").replace(
                    "%2", str(left)
                )
        else:
            text = self.tr("<b>%1</b> — no wounds")
        self.wound_label.setText(text.replace("%1", wound_name(level)))
        self.wound_label.setToolTip(self.tr("R10: the OpenD6 wound levels"))
        self.wound_label.setAccessibleDescription(wound_name(level))
        self.heal_button.setEnabled(level > HEALTHY)
        self.worse_button.setEnabled(level < DEAD)
        view = self.wound_view
        height = view.horizontalHeader().height() + 2 * view.frameWidth()
        height += sum(view.rowHeight(row) for row in range(self.wound_model.rowCount()))
        view.setFixedHeight(height)

    def _refresh_body_points(self) -> None:
        c = self.doc.character
        maximum = c.body_points_maximum()
        left = c.body_points_left()
        if not self.maximum_spin.hasFocus():
            self.maximum_spin.setValue(maximum)
        self.points_spin.setRange(0, max(maximum, left))
        if not self.points_spin.hasFocus():
            self.points_spin.setValue(left)
        self.points_bar.setRange(0, max(maximum, left, 1))
        self.points_bar.setValue(left)
        self.default_button.setEnabled(c.body_points_max is not None)
        self.heal_points_button.setEnabled(left < maximum or c.body_points is not None)
        if body_points_out(left):
            state = self.tr("<b>Out of action</b>: no body points left")
        elif c.body_points_max is None:
            if c.toughness is not None:
                state = self.tr("Maximum by default: %1 + the fixed value of toughness")
            else:
                state = self.tr("Maximum by default: %1 + the fixed value of Strength")
            state = state.replace("%1", str(BODY_POINTS_BASE))
        else:
            state = (
                self.tr("%1 lost of %2")
                .replace("%1", str(maximum - left))
                .replace("%2", str(maximum))
            )
        self.points_state.setText(state)
        self.points_state.setToolTip(
            self.tr("R10 (ruling): body points; the default maximum is %1 + a fixed value").replace(
                "%1", str(BODY_POINTS_BASE)
            )
        )

    # --- edits ---------------------------------------------------------------------------------

    def _command(self, field: str, value: object, text: str) -> QUndoCommand | None:
        """The checked edit, or None (unchanged, or refused: then ``problem`` says why)."""
        try:
            return commands.set_field(self.doc, self.doc.character, field, value, text)
        except ValueError as error:
            self.problem.emit(str(error))
            self.refresh()
            return None

    def _push_all(self, text: str, edits: list[tuple[str, object, str]]) -> bool:
        """Push the edits as one undo step (a macro when there are several)."""
        built = []
        for field, value, label in edits:
            command = self._command(field, value, label)
            if command is None:
                continue
            built.append(command)
        if not built:
            return False
        if len(built) == 1:
            self.doc.push(built[0])
            return True
        stack = self.doc.undo_stack
        stack.beginMacro(text)
        for command in built:
            self.doc.push(command)
        stack.endMacro()
        return True

    def set_wound_level(self, level: int) -> bool:
        """Set the wound level (R10), one undo step; outside 0..6 changes nothing."""
        if not HEALTHY <= level <= DEAD:
            return False
        text = self.tr("Wound level: %1").replace("%1", wound_name(level))
        return self._push_all(text, [("wound_level", level, text)])

    def _row_chosen(self, index: Index) -> None:
        level = index.data(LevelRole)
        if isinstance(level, int):
            self.set_wound_level(level)

    def set_body_points(self, value: int) -> bool:
        """Set the body points left (R10), one undo step."""
        text = self.tr("Body points: %1").replace("%1", str(value))
        return self._push_all(text, [("body_points", value, text)])

    def set_maximum(self, value: int) -> bool:
        """Set the pool's maximum (R10); body points left above it come down with it, in
        the same undo step."""
        c = self.doc.character
        text = self.tr("Body points maximum: %1").replace("%1", str(value))
        edits: list[tuple[str, object, str]] = []
        if c.body_points_left() > value:
            edits.append(
                ("body_points", value, self.tr("Body points: %1").replace("%1", str(value)))
            )
        edits.append(("body_points_max", value, text))
        return self._push_all(text, edits)

    def use_default_maximum(self) -> bool:
        """Forget the sheet's maximum: the default pool (R10 ruling), one undo step."""
        c = self.doc.character
        default = c.body_points_default()
        text = self.tr("Default body points maximum")
        edits: list[tuple[str, object, str]] = []
        if c.body_points is not None and c.body_points > default:
            edits.append(
                ("body_points", default, self.tr("Body points: %1").replace("%1", str(default)))
            )
        edits.append(("body_points_max", None, text))
        return self._push_all(text, edits)

    def heal_fully(self) -> bool:
        """Body points back to the full pool (R10)."""
        text = self.tr("Body points: full")
        return self._push_all(text, [("body_points", None, text)])

    def _commit_points(self) -> None:
        if self.points_spin.value() != self.doc.character.body_points_left():
            self.set_body_points(self.points_spin.value())

    def _commit_maximum(self) -> None:
        if self.maximum_spin.value() != self.doc.character.body_points_maximum():
            self.set_maximum(self.maximum_spin.value())
