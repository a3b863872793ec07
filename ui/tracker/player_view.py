"""The player view: a second window for a shared screen or projector.

It shows only what ``ui.tracker.public_projection`` projects of the engine's state (the
order, whose turn, the round, condition words; no hidden combatant, die code or GM note),
keeps it current row by row, and never touches the engine or its documents itself.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Final

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    Qt,
)
from PySide6.QtGui import (
    QCloseEvent,
    QFont,
    QFontMetrics,
    QKeyEvent,
    QPainter,
    QPalette,
    QScreen,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHeaderView,
    QLabel,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from sheets.encounter import Engine
from ui.text import tooltip
from ui.theme import mix
from ui.tracker.after_repaints import AfterRepaints
from ui.tracker.cell_pixmaps import CELL_LIMIT, KeptCellsDelegate
from ui.tracker.delegates import paint_damage
from ui.tracker.follow_turn import show_row
from ui.tracker.initiative_model import NO_DATA_ROLES
from ui.tracker.public_projection import (
    OUT_STATUSES,
    PublicCombatant,
    PublicState,
    public_order,
    public_row,
    public_state,
    turn_rows,
)
from ui.tracker.rows import DamageCell
from ui.tracker.table_paint import KeptRowsTable

PUBLIC_HEADERS = ("#", "Name", "Side", "Condition", "State")  # "State" as in the GM's table
COL_PUBLIC_CONDITION = 3
COL_PUBLIC_STATUS = 4
STATUS_WORDS: Final = ("Acting", "Done", *sorted(OUT_STATUSES))
"""Every word the status column shows (``public_row``)."""


class PublicModel(QAbstractTableModel):
    """The public combatants as a table; only changed rows get ``dataChanged``."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: tuple[PublicCombatant, ...] = ()
        self.bold_font = QFont()
        self.bold_font.setBold(True)

    def set_rows(self, rows: tuple[PublicCombatant, ...]) -> None:
        old = self._rows
        if [r.name for r in old] != [r.name for r in rows]:
            self.beginResetModel()
            self._rows = rows
            self.endResetModel()
            return
        self._rows = rows
        # One signal per run of changed rows: a new round changes every row ("Done" goes),
        # and 500 signals each re-measured the columns that fit their contents (~60 ms).
        last = len(PUBLIC_HEADERS) - 1
        start: int | None = None
        for row, (a, b) in enumerate(zip(old, rows, strict=True)):
            if a != b:
                if start is None:
                    start = row
            elif start is not None:
                self.dataChanged.emit(self.index(start, 0), self.index(row - 1, last))
                start = None
        if start is not None:
            self.dataChanged.emit(self.index(start, 0), self.index(len(rows) - 1, last))

    def rows(self) -> tuple[PublicCombatant, ...]:
        return self._rows

    def set_row(self, row: int, data: PublicCombatant) -> None:
        """One row changed: only it is repainted."""
        if self._rows[row] == data:
            return
        rows = list(self._rows)
        rows[row] = data
        self._rows = tuple(rows)
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(PUBLIC_HEADERS) - 1))

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(PUBLIC_HEADERS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and 0 <= section < len(PUBLIC_HEADERS)
        ):
            return PUBLIC_HEADERS[section]
        return None

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        # A full-screen repaint asks ~17 roles of each of ~80 cells.
        if role in NO_DATA_ROLES or not index.isValid() or index.row() >= len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return shown(row, column)
        if role == PublicRowRole:
            return row
        if (
            role == Qt.ItemDataRole.ToolTipRole
            and column == COL_PUBLIC_CONDITION
            and row.damage is not None
        ):
            return tooltip(row.damage.tip)
        if role == PublicDamageRole:
            return row.damage
        if role == Qt.ItemDataRole.FontRole and row.acting:
            return self.bold_font
        if role == Qt.ItemDataRole.BackgroundRole and row.acting:
            palette = QApplication.palette()
            return mix(
                palette.color(QPalette.ColorRole.Base),
                palette.color(QPalette.ColorRole.Highlight),
                0.35,
            )
        if role == Qt.ItemDataRole.ForegroundRole and row.status in OUT_STATUSES:
            return QApplication.palette().color(
                QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text
            )
        return None


def shown(row: PublicCombatant, column: int) -> str | None:
    """The text of one public cell."""
    if column == 0:
        return "" if row.position is None else str(row.position)
    if column == 1:
        return row.name
    if column == 2:
        return row.side
    if column == COL_PUBLIC_CONDITION:
        return row.condition_text
    if column == COL_PUBLIC_STATUS:
        return row.status
    return None


PublicDamageRole = int(Qt.ItemDataRole.UserRole) + 1
"""DamageCell | None: a player-side combatant's wound level or body points (R10)."""
PublicRowRole = int(Qt.ItemDataRole.UserRole) + 2
"""PublicCombatant: the whole row, for the delegates' cell keys."""


class PublicCellDelegate(KeptCellsDelegate):
    """A public cell as Qt's styled delegate paints it, painted once and copied after
    (``KeptCellsDelegate``): the projector's table repaints whole, in a large font. Its
    sizes are kept too: the columns fit their contents, measured at every change."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._sizes: dict[Hashable, QSize] = {}

    @staticmethod
    def shows(row: PublicCombatant, column: int) -> Hashable:
        """What a cell shows and how: equal keys paint equal pixels."""
        faded = row.status in OUT_STATUSES
        return column, shown(row, column), row.acting, faded

    def cell_key(self, index: QModelIndex | QPersistentModelIndex) -> Hashable | None:
        return self.row_key(index.data(PublicRowRole), index.column())

    def row_key(self, row: Any, column: int) -> Hashable | None:
        return self.shows(row, column) if isinstance(row, PublicCombatant) else None

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        row = index.data(PublicRowRole)
        if not isinstance(row, PublicCombatant):
            return super().sizeHint(option, index)
        font: QFont = option.font
        key = (self.shows(row, index.column()), font.pointSizeF(), font.family())
        size = self._sizes.get(key)
        if size is None:
            if len(self._sizes) >= CELL_LIMIT:
                self._sizes.clear()
            size = self._sizes[key] = super().sizeHint(option, index)
        return QSize(size)


class PublicConditionDelegate(PublicCellDelegate):
    """The Condition column: the R10 wound chip or body points bar (as on the GM's
    table, ``ui.tracker.delegates.paint_damage``), then the R5 words; plain text when
    there is no R10 cell."""

    @staticmethod
    def shows(row: PublicCombatant, column: int) -> Hashable:
        return PublicCellDelegate.shows(row, column), row.damage

    def paint_cell(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        cell = index.data(PublicDamageRole)
        if not isinstance(cell, DamageCell):
            QStyledItemDelegate.paint(self, painter, option, index)  # the plain words
            return
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        text = str(opt.text)
        words = text[len(cell.word) :].removeprefix(", ")
        opt.text = ""
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        palette: QPalette = opt.palette
        faded = index.data(Qt.ItemDataRole.ForegroundRole)
        color = faded if faded is not None else palette.color(QPalette.ColorRole.Text)
        rect = opt.rect
        painter.save()
        painter.setFont(opt.font)
        x = paint_damage(
            painter, rect, rect.left() + 6, cell, color, palette.color(QPalette.ColorRole.Base)
        )
        if words:
            painter.setPen(color)
            area = rect.adjusted(x - rect.left(), 0, -4, 0)
            metrics = painter.fontMetrics()
            shown = metrics.elidedText(words, Qt.TextElideMode.ElideRight, area.width())
            left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
            painter.drawText(area, left, shown)
        painter.restore()


class PublicTable(KeptRowsTable):
    """The players' table, painted in one pass from kept cells (``ui.tracker.table_paint``)
    as the GM's is: a new round repaints its whole page on the projector."""

    def __init__(self, model: PublicModel) -> None:
        super().__init__()
        self.setModel(model)
        self.public = model

    def row_at(self, row: int) -> PublicCombatant:
        return self.public.rows()[row]


class PlayerView(QWidget):
    """The projector window: round, whose turn, the public initiative table. Live."""

    def __init__(self, engine: Engine, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("PlayerView")
        self._engine = engine
        self.setWindowTitle("Wild Die: player view")
        self.heading = QLabel()
        self.heading.setObjectName("PlayerViewHeading")
        self.turn_label = QLabel()
        self.turn_label.setObjectName("PlayerViewTurn")
        for label in (self.heading, self.turn_label):  # names from the encounter: text
            label.setTextFormat(Qt.TextFormat.PlainText)
        big = QFont(self.font())
        big.setPointSizeF(big.pointSizeF() * 2.2)
        big.setBold(True)
        self.heading.setFont(big)
        medium = QFont(self.font())
        medium.setPointSizeF(medium.pointSizeF() * 1.7)
        self.turn_label.setFont(medium)
        self.model = PublicModel(self)
        self.table = PublicTable(self.model)
        table_font = QFont(self.font())
        table_font.setPointSizeF(table_font.pointSizeF() * 1.5)
        self.table.setFont(table_font)
        self.model.bold_font = QFont(table_font)
        self.model.bold_font.setBold(True)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(
            int(self.table.fontMetrics().height() * 1.6)
        )
        self.table.setShowGrid(False)
        self.table.setAlternatingRowColors(True)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        header = self.table.horizontalHeader()
        # The columns fit every row's words, measured here when the people change
        # (``_fit_columns``): Qt's ResizeToContents measured the rows on screen again at
        # every dataChanged, and the rows on screen change at every turn the table follows
        # (~4.5 ms a turn at 500 combatants, bench/bench_tracker.py).
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(COL_PUBLIC_CONDITION, QHeaderView.ResizeMode.Stretch)
        self.cell_delegate = PublicCellDelegate(self.table)
        self.table.setItemDelegate(self.cell_delegate)
        self.condition_delegate = PublicConditionDelegate(self.table)
        self.table.setItemDelegateForColumn(COL_PUBLIC_CONDITION, self.condition_delegate)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 18, 24, 18)
        layout.addWidget(self.heading)
        layout.addWidget(self.turn_label)
        layout.addWidget(self.table, 1)
        self._update = AfterRepaints(self._flush_job, self)
        self._every_row = False  # a change every row shows (a new round) is pending
        self._changed: set[str] = set()  # the combatants changed since the last update
        self._ids: list[str] = []
        self._row_of: dict[str, int] = {}
        self._actor: str | None = None  # whose row was last scrolled into sight
        self.state: PublicState | None = None
        self.update_now()

    def schedule_update(
        self, rows: frozenset[str] | None = None, marked: frozenset[str] = frozenset()
    ) -> None:
        """Coalesce updates: the projection runs once the tracker's event is done, for the
        combatants whose rows changed (``rows``; None: every row, a new order or round,
        when ``marked`` names the combatants that changed themselves:
        ``CommandRecord.marked``)."""
        if rows is None:
            self._every_row = True
        self._changed |= marked if rows is None else rows
        self._update.schedule()  # after the tracker's own frame

    def flush(self) -> None:
        """The scheduled update now (if one is scheduled): only the rows changed since."""
        self._update.run_now()

    def _flush_job(self) -> None:
        changed, every_row = frozenset(self._changed), self._every_row
        self._changed, self._every_row = set(), False
        if every_row:
            rows = turn_rows(self._engine, self.model.rows(), self._ids, changed)
            if rows is None:
                self._project_all()
            else:
                self.model.set_rows(rows)
        elif not self._update_rows(changed):
            self._project_all()
        self._show_heading()
        self._follow_turn()

    def update_now(self) -> None:
        """Project every row again (a change made outside the engine's commands)."""
        self._changed, self._every_row = set(), False
        self._project_all()
        self._show_heading()

    def _project_all(self) -> None:
        state = public_state(self._engine)
        self._ids = public_order(self._engine)
        self._row_of = {cid: row for row, cid in enumerate(self._ids)}
        self.model.set_rows(state.combatants)
        self._fit_columns(state.combatants, shrink=True)

    def _fit_columns(self, rows: tuple[PublicCombatant, ...], *, shrink: bool = False) -> None:
        """Every column but the conditions as wide as its widest word (in bold: the actor's
        row is), its header's included; ``shrink``: also narrower (a new projection)."""
        bold = QFont(self.table.font())
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        pad = 2 * metrics.averageCharWidth()
        header = self.table.horizontalHeader()
        for column in (0, 1, 2, COL_PUBLIC_STATUS):
            words = {PUBLIC_HEADERS[column]}
            words.update(shown(row, column) or "" for row in rows)
            if column == COL_PUBLIC_STATUS:
                words.update(STATUS_WORDS)
            width = max(metrics.horizontalAdvance(word) for word in words) + pad
            if shrink or width > header.sectionSize(column):
                header.resizeSection(column, width)

    def _follow_turn(self) -> None:
        """A new actor's row scrolled into sight (``ui.tracker.follow_turn``)."""
        actor = self._engine.current()
        if actor != self._actor:
            self._actor = actor
            row = self._row_of.get(actor) if actor is not None else None
            if row is not None:
                show_row(self.table, row, page=False)  # creeps: see follow_turn

    def _show_heading(self) -> None:
        engine = self._engine
        enc = engine.encounter
        actor = engine.current()
        current = engine.view.by_id[actor] if actor is not None else None
        current_name = current.name if current is not None and not current.hidden else None
        self.state = PublicState(
            enc.name, enc.round, current_name, self.model.rows(), enc.state == "ended"
        )
        state = self.state
        self.heading.setText(
            f"{state.title} \u2014 "
            + ("scene over" if state.scene_ended else f"round {state.round}")
            if state.round
            else state.title
        )
        if state.scene_ended:
            self.turn_label.setText("The scene has ended")
        elif state.current:
            self.turn_label.setText(f"{state.current}'s turn")
        else:
            self.turn_label.setText("Waiting for the next turn" if state.round else "Get ready")

    def _update_rows(self, changed: frozenset[str]) -> bool:
        """Re-project only ``changed``; False when the rows the players see changed (one
        hidden or revealed, joined or gone): then the whole table is projected again."""
        view = self._engine.view
        if public_order(self._engine) != self._ids:  # a new order, or one gone or back
            return False
        for cid in changed:
            combatant = view.by_id.get(cid)
            shown = combatant is not None and not combatant.hidden
            if shown != (cid in self._row_of):
                return False
        actor = self._engine.current()
        projected = []
        for cid in changed:
            row = self._row_of.get(cid)
            if row is not None:
                position = self.model.rows()[row].position
                data = public_row(self._engine, cid, position, actor)
                self.model.set_row(row, data)
                projected.append(data)
        if projected:
            self._fit_columns(tuple(projected))  # a new name may be longer
        return True

    def show_on(self, screen: QScreen | None = None, full_screen: bool = False) -> None:
        """Show on ``screen`` (default: the last one, usually the projector), as a window;
        full screen only when asked (``full_screen``, or F11 in the view: issue 16)."""
        screens = QApplication.screens()
        target = screen or (screens[-1] if screens else None)
        if target is not None:
            self.setScreen(target)
            self.setGeometry(target.availableGeometry())
        if full_screen:
            self.showFullScreen()
        else:
            self.show()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.isFullScreen():
            self.showNormal()
            return
        if event.key() == Qt.Key.Key_F11:
            if self.isFullScreen():
                self.showNormal()
            else:
                self.showFullScreen()
            return
        super().keyPressEvent(event)

    def visible_texts(self) -> list[str]:
        """Every text the window shows: labels, title, headers and all model data."""
        texts = [self.windowTitle()]
        for label in self.findChildren(QLabel):
            texts.append(label.text())
            texts.append(label.toolTip())
        model = self.model
        for column in range(model.columnCount()):
            texts.append(str(model.headerData(column, Qt.Orientation.Horizontal)))
        for row in range(model.rowCount()):
            for column in range(model.columnCount()):
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    value = model.index(row, column).data(role)
                    if value is not None:
                        texts.append(str(value))
        return texts

    def closeEvent(self, event: QCloseEvent) -> None:
        super().closeEvent(event)
