"""The campaign browser: search, a kind filter, a sortable list; Enter opens a row."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSize, Qt, Signal
from PySide6.QtGui import QAction, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from ui.campaign.index import CampaignEntry
from ui.campaign.model import (
    COL_FILE,
    COL_IMPORTANCE,
    COL_KIND,
    COL_NAME,
    COL_PLAYER,
    KIND_GROUPS,
    CampaignFilterModel,
    CampaignModel,
    EntryRole,
    group_label,
)

LINE_EDIT_MARGIN = 2  # QLineEdit's own gap either side of its text


class _ListView(QTreeView):
    """Enter opens the current row (``activated`` is not sent for Enter on every style)."""

    openCurrent = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if (
            event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and self.state() != QAbstractItemView.State.EditingState
        ):
            self.openCurrent.emit()
            event.accept()
            return
        super().keyPressEvent(event)


class SearchField(QLineEdit):
    """A line edit never narrower than its placeholder text (from the font's metrics), so
    the hint stays readable in the narrowest dock."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._empty = True
        self.textChanged.connect(self._text_changed)

    def _text_changed(self, text: str) -> None:
        if self._empty != (not text):
            self._empty = not text
            self.updateGeometry()  # the placeholder came or went: so did its room

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        if self.text():  # the placeholder is not on show (and the clear button is)
            return hint
        metrics = self.fontMetrics()
        # Qt's own minimum makes room for its widest character: room for the placeholder
        # instead, plus the line edit's gap either side of its text.
        text = metrics.horizontalAdvance(self.placeholderText()) + 2 * LINE_EDIT_MARGIN
        return QSize(max(hint.width(), hint.width() - metrics.maxWidth() + text), hint.height())


class CampaignBrowser(QWidget):
    """Lists the open campaign's characters, NPCs, creatures, vehicles and encounters."""

    openRequested = Signal(object)  # CampaignEntry

    def __init__(self, model: CampaignModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("CampaignBrowser")
        self.model = model
        self.proxy = CampaignFilterModel(self)
        self.proxy.setSourceModel(model)

        self.title_label = QLabel(self.tr("No campaign open"))
        self.title_label.setWordWrap(True)
        self.title_label.setTextFormat(Qt.TextFormat.PlainText)  # the campaign's title
        # Bold by a style sheet: asking for the label's font would build PySide's QFont type
        # (its enums: ~7 M instructions of the first paint, issue 17).
        self.title_label.setStyleSheet("font-weight: bold")
        self.title_label.setAccessibleName(self.tr("Campaign"))

        self.search = SearchField()
        self.search.setPlaceholderText(self.tr("Name, player or kind"))
        self.search.setToolTip(self.tr("Search names, players and kinds (Ctrl+F)"))
        self.search.setAccessibleName(self.tr("Search the campaign"))
        self.kind_filter = QComboBox()
        self.kind_filter.setAccessibleName(self.tr("Show kind"))
        self.kind_filter.setToolTip(self.tr("Show only one kind of element"))
        for name, kinds in KIND_GROUPS:
            self.kind_filter.addItem(group_label(name), kinds)
        search_label = QLabel(self.tr("&Search:"))
        search_label.setBuddy(self.search)
        show_label = QLabel(self.tr("Sho&w:"))
        show_label.setBuddy(self.kind_filter)
        # One row each: side by side, the search field would be squeezed to "S…" in a
        # narrow dock (or widen the dock past what a laptop's screen has beside a sheet).
        filters = QFormLayout()
        filters.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        filters.addRow(search_label, self.search)
        filters.addRow(show_label, self.kind_filter)

        self.view = _ListView()
        self.view.setModel(self.proxy)
        self.view.setAccessibleName(self.tr("Campaign elements"))
        self.view.setRootIsDecorated(False)
        self.view.setUniformRowHeights(True)
        self.view.setAlternatingRowColors(True)
        self.view.setSortingEnabled(True)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.sortByColumn(COL_KIND, Qt.SortOrder.AscendingOrder)
        header = self.view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(COL_NAME, QHeaderView.ResizeMode.Stretch)
        # Fixed widths from the font, not ResizeToContents: that one asks every row for
        # its size on every layout (hundreds of data() calls before the first paint).
        metrics = self.fontMetrics()
        for column, sample in (
            (COL_KIND, self.tr("Player character")),
            (COL_PLAYER, self.tr("Player name")),
            (COL_IMPORTANCE, self.tr("Dynamic")),
        ):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, metrics.horizontalAdvance(sample) + 24)
        # Name and kind by default; the header's context menu shows the other columns.
        self.column_actions: dict[int, QAction] = {}
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        for column, title in (
            (COL_PLAYER, self.tr("Show player")),
            (COL_IMPORTANCE, self.tr("Show Dynamic/Stock")),
            (COL_FILE, self.tr("Show file")),
        ):
            action = QAction(title, header)
            action.setCheckable(True)
            action.toggled.connect(lambda on, c=column: self.view.setColumnHidden(c, not on))
            header.addAction(action)
            self.column_actions[column] = action
            self.view.setColumnHidden(column, True)

        self.count_label = QLabel()
        self.count_label.setAccessibleName(self.tr("Shown"))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.title_label)
        layout.addLayout(filters)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.count_label)

        self.search.textChanged.connect(self.proxy.set_search)
        self.search.returnPressed.connect(self._open_first)
        self.kind_filter.currentIndexChanged.connect(
            lambda _i: self.proxy.set_kinds(self.kind_filter.currentData())
        )
        self.view.activated.connect(self._open_index)
        self.view.openCurrent.connect(lambda: self._open_index(self.view.currentIndex()))
        for signal in (
            self.proxy.rowsInserted,
            self.proxy.rowsRemoved,
            self.proxy.modelReset,
            self.proxy.layoutChanged,
        ):
            signal.connect(self._update_count)
        self._update_count()

    def finish_setup(self) -> None:
        """After the first paint: the search box's clear button (an icon-theme lookup that
        costs ~10 ms on X11 before anything is on screen)."""
        self.search.setClearButtonEnabled(True)

    def set_model(self, model: CampaignModel) -> None:
        """Show another campaign's model (the old one belongs to its session)."""
        self.model = model
        self.proxy.setSourceModel(model)
        self.view.sortByColumn(COL_KIND, Qt.SortOrder.AscendingOrder)
        self._update_count()

    def rows_in_sight(self) -> int:
        """How many rows the list shows at its height, at most (a row is never shorter
        than a line of its font): a first screen needs no more (issue 17). The list's own
        height, header included, not its viewport's: the viewport is made by Qt, and its
        first Python wrapper cost ~45 M instructions before the odds were shown."""
        line = max(1, self.view.fontMetrics().height())
        return self.view.height() // line + 1

    def show_listing(self) -> None:
        """The campaign's files are being listed (its rows come right after the first
        paint): say so rather than "0 of 0 shown"."""
        self.count_label.setText(self.tr("Listing the campaign…"))

    def set_title(self, title: str) -> None:
        self.title_label.setText(title)

    def focus_search(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def selected_entry(self) -> CampaignEntry | None:
        index = self.view.currentIndex()
        return index.data(EntryRole) if index.isValid() else None

    def select_entry(self, entry: CampaignEntry) -> None:
        row = self.model.row_of(entry)
        if row is None:
            return
        index = self.proxy.mapFromSource(self.model.index(row, COL_NAME))
        if index.isValid():
            self.view.setCurrentIndex(index)

    def _open_index(self, index: QModelIndex | QPersistentModelIndex) -> None:
        if index.isValid():
            entry = index.sibling(index.row(), COL_NAME).data(EntryRole)
            if entry is not None:
                self.openRequested.emit(entry)

    def _open_first(self) -> None:
        if self.proxy.rowCount() > 0:
            index = self.proxy.index(0, COL_NAME)
            self.view.setCurrentIndex(index)
            self._open_index(index)

    def _update_count(self, *_args: object) -> None:
        shown, total = self.proxy.rowCount(), self.model.rowCount()
        text = self.tr("%1 of %2 shown").replace("%1", str(shown)).replace("%2", str(total))
        self.count_label.setText(text)
