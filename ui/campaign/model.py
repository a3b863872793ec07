"""The campaign browser's model: one row per character or encounter file (Vorta style:
``COL_*`` constants, custom roles, sorting and searching in a QSortFilterProxyModel).

Rows are ``CampaignEntry`` objects. Before the full load an entry shows what the quick
index read; once its ``CharacterDocument`` is attached the row shows the live document
(a rename on the sheet renames the row, unsaved changes mark it).
"""

from __future__ import annotations

from typing import Any, Final

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtWidgets import QApplication

from ui.campaign.index import CampaignEntry
from ui.text import tooltip

COL_NAME: Final = 0
COL_KIND: Final = 1
COL_PLAYER: Final = 2
COL_IMPORTANCE: Final = 3
COL_FILE: Final = 4
COLUMNS: Final = 5

EntryRole: Final = Qt.ItemDataRole.UserRole + 1  # the CampaignEntry
KindRole: Final = Qt.ItemDataRole.UserRole + 2  # "character", "npc", ..., "encounter"
SortRole: Final = Qt.ItemDataRole.UserRole + 3  # the key the proxy sorts by
ModifiedRole: Final = Qt.ItemDataRole.UserRole + 4  # unsaved changes (bool)

Index = QModelIndex | QPersistentModelIndex

# The roles as plain ints: a view asks ``data`` some seven roles per cell and paint, and
# naming a role through its enum class is a Python-level lookup each time (issue 17).
_DISPLAY: Final = int(Qt.ItemDataRole.DisplayRole)
_DECORATION: Final = int(Qt.ItemDataRole.DecorationRole)
_TOOLTIP: Final = int(Qt.ItemDataRole.ToolTipRole)
_FONT: Final = int(Qt.ItemDataRole.FontRole)
_ACCESSIBLE: Final = int(Qt.ItemDataRole.AccessibleTextRole)
_ANSWERED: Final = frozenset(
    (
        _DISPLAY,
        _DECORATION,
        _TOOLTIP,
        _FONT,
        _ACCESSIBLE,
        EntryRole,
        KindRole,
        SortRole,
        ModifiedRole,
    )
)
"""The roles ``data`` answers; any other (alignment, colours, check state) is None."""
_HORIZONTAL: Final = Qt.Orientation.Horizontal
_FLAGS: Final = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_NO_FLAGS: Final = Qt.ItemFlag.NoItemFlags

# Kinds as groups in the filter (value: the kinds it shows; None: everything).
KIND_GROUPS: Final[tuple[tuple[str, tuple[str, ...] | None], ...]] = (
    ("All", None),
    ("Player characters", ("character",)),
    ("NPCs", ("npc",)),
    ("Creatures", ("creature",)),
    ("Vehicles", ("vehicle",)),
    ("Objects and places", ("object", "location")),
    ("Encounters", ("encounter",)),
)
KIND_ORDER: Final = ("character", "npc", "creature", "vehicle", "object", "location", "encounter")


def tr(text: str) -> str:
    return QCoreApplication.translate("CampaignModel", text)


_KIND_LABELS: Final[dict[str, str]] = {
    "character": "Player character",
    "npc": "NPC",
    "creature": "Creature",
    "vehicle": "Vehicle",
    "object": "Object",
    "location": "Location",
    "encounter": "Encounter",
}
"""The kinds' labels, translated one at a time as ``group_label`` does (the browser asks
for one per painted row: translating all seven each time was most of its cost, issue 17)."""


def kind_label(kind: str) -> str:
    source = _KIND_LABELS.get(kind)
    return tr(source) if source is not None else kind


def group_label(name: str) -> str:
    return QCoreApplication.translate("CampaignModel", name)


class CampaignModel(QAbstractTableModel):
    """Every file of the open campaign, characters first, then encounters."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._entries: list[CampaignEntry] = []
        self._rows: dict[int, int] = {}  # id(entry) -> row: 10,000 rows change one by one
        self._sorted: tuple[int, Qt.SortOrder] | None = None

    # --- entries -------------------------------------------------------------------------------

    def entries(self) -> list[CampaignEntry]:
        return list(self._entries)

    def _index_rows(self) -> None:
        self._rows = {id(entry): row for row, entry in enumerate(self._entries)}

    def set_entries(self, entries: list[CampaignEntry]) -> None:
        self.beginResetModel()
        self._entries = list(entries)
        if self._sorted is not None:
            self._entries.sort(key=self._key(self._sorted[0]))
            if self._sorted[1] == Qt.SortOrder.DescendingOrder:
                self._entries.reverse()
        self._index_rows()
        self.endResetModel()
        for entry in self._entries:
            self._watch(entry)

    def add_entries(self, entries: list[CampaignEntry]) -> None:
        """Rows at the end, in one insertion (a big campaign listed in batches); they
        take their sorted places with the next ``resort``."""
        if not entries:
            return
        first = len(self._entries)
        self.beginInsertRows(QModelIndex(), first, first + len(entries) - 1)
        self._entries.extend(entries)
        for row, entry in enumerate(entries, first):
            self._rows[id(entry)] = row
        self.endInsertRows()
        for entry in entries:
            self._watch(entry)

    def add_entry(self, entry: CampaignEntry) -> int:
        row = len(self._entries)
        self.beginInsertRows(QModelIndex(), row, row)
        self._entries.append(entry)
        self._rows[id(entry)] = row
        self.endInsertRows()
        self._watch(entry)
        self.resort()
        return self._rows[id(entry)]

    def remove_entry(self, entry: CampaignEntry) -> None:
        row = self.row_of(entry)
        if row is None:
            return
        self.beginRemoveRows(QModelIndex(), row, row)
        del self._entries[row]
        self._index_rows()
        self.endRemoveRows()

    def row_of(self, entry: CampaignEntry) -> int | None:
        return self._rows.get(id(entry))

    def entry(self, row: int) -> CampaignEntry:
        return self._entries[row]

    def entry_changed(self, entry: CampaignEntry) -> None:
        row = self.row_of(entry)
        if row is not None:
            self.dataChanged.emit(self.index(row, 0), self.index(row, COLUMNS - 1))

    # --- sorting: here, with Python's sort, not by the proxy (a call per comparison) -----------

    def _key(self, column: int) -> Any:
        def key(entry: CampaignEntry) -> Any:
            name, kind, player, importance, _modified = self._values(entry)
            if column == COL_KIND:
                order = KIND_ORDER.index(kind) if kind in KIND_ORDER else len(KIND_ORDER)
                return (order, name.casefold())
            value = {
                COL_NAME: name,
                COL_PLAYER: player,
                COL_IMPORTANCE: importance,
                COL_FILE: entry.relative,
            }.get(column, name)
            return (value.casefold(), name.casefold())

        return key

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Rows in ``column``'s order (issue 17: sorting 10,000 rows in the proxy asked the
        model for its data at every comparison, over a second)."""
        self._sorted = (column, order)
        self.resort()

    def resort(self) -> None:
        """The rows in the last sort order again (after names or kinds changed)."""
        if self._sorted is None or not self._entries:
            return
        column, order = self._sorted
        ordered = sorted(self._entries, key=self._key(column))
        if order == Qt.SortOrder.DescendingOrder:
            ordered.reverse()
        if ordered == self._entries:
            return
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        entries = [self._entries[index.row()] for index in old]
        self._entries = ordered
        self._index_rows()
        self.changePersistentIndexList(
            old,
            [
                self.index(self._rows[id(e)], index.column())
                for e, index in zip(entries, old, strict=True)
            ],
        )
        self.layoutChanged.emit()

    def attach_document(self, entry: CampaignEntry, document: Any) -> None:
        """The entry's file is loaded: show the live document from now on."""
        entry.document = document
        self._watch(entry)
        self.entry_changed(entry)

    def _watch(self, entry: CampaignEntry) -> None:
        doc = entry.document
        if doc is None or getattr(doc, "_watched_by_browser", False):
            return
        doc._watched_by_browser = True
        doc.changed.connect(lambda e=entry: self.entry_changed(e))
        doc.modifiedChanged.connect(lambda _m, e=entry: self.entry_changed(e))
        doc.pathChanged.connect(lambda e=entry: self._path_changed(e))

    def _path_changed(self, entry: CampaignEntry) -> None:
        path = entry.document.path
        if path is not None:
            entry.path = path
            folder = path.parent.parent
            try:
                entry.relative = path.relative_to(folder).as_posix()
            except ValueError:
                entry.relative = path.name
        self.entry_changed(entry)

    # --- QAbstractItemModel ----------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._entries)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else COLUMNS

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != _DISPLAY or orientation != _HORIZONTAL:
            return None
        return (tr("Name"), tr("Kind"), tr("Player"), tr("Importance"), tr("File"))[section]

    def flags(self, index: Index) -> Qt.ItemFlag:
        return _FLAGS if index.isValid() else _NO_FLAGS

    @staticmethod
    def _values(entry: CampaignEntry) -> tuple[str, str, str, str, bool]:
        doc = entry.document
        if doc is not None:
            character = doc.character
            return (
                character.name,
                character.kind,
                character.player,
                character.importance,
                bool(doc.modified),
            )
        return entry.name, entry.kind, entry.player, entry.importance, False

    def data(self, index: Index, role: int = _DISPLAY) -> Any:
        if role not in _ANSWERED:
            return None
        row = index.row()
        if not 0 <= row < len(self._entries) or not index.isValid():
            return None
        entry = self._entries[row]
        name, kind, player, importance, modified = self._values(entry)
        column = index.column()
        if role == _DISPLAY:
            if column == COL_NAME:
                return f"{name} *" if modified else name
            if column == COL_KIND:
                return kind_label(kind)
            if column == COL_PLAYER:
                return player
            if column == COL_IMPORTANCE:
                return {"dynamic": tr("Dynamic"), "stock": tr("Stock")}.get(importance, "")
            if column == COL_FILE:
                return entry.relative
        if role == SortRole:
            if column == COL_KIND:
                order = KIND_ORDER.index(kind) if kind in KIND_ORDER else len(KIND_ORDER)
                return f"{order:02d} {name.casefold()}"
            value = self.data(index, _DISPLAY)
            return str(value or "").casefold()
        if role == _TOOLTIP:
            if entry.problem:
                return tooltip(entry.problem)
            if column == COL_NAME:  # the full name (the column may elide it) and who plays
                tip = name + (f" ({player})" if player else "")
                if modified:
                    tip += "\n" + tr("%1 has unsaved changes").replace("%1", name)
                return tooltip(tip)
            if kind == "encounter" and entry.details:
                return (
                    tr("%1 scene, %2 combatants")
                    .replace("%1", str(entry.details.get("scene_type", "")))
                    .replace("%2", str(entry.details.get("combatants", 0)))
                )
            return None
        if role == _DECORATION and column == COL_NAME and entry.problem:
            from PySide6.QtWidgets import QStyle  # only a broken file needs it

            return QApplication.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        if role == _FONT and column == COL_NAME and modified:
            from PySide6.QtGui import QFont  # a modified row only: not on the first screen

            font = QFont()
            font.setItalic(True)
            return font
        if role == _ACCESSIBLE and column == COL_NAME:
            text = f"{name}, {kind_label(kind)}"
            if modified:
                text += ", " + tr("unsaved changes")
            if entry.problem:
                text += ", " + tr("cannot be opened")
            return text
        if role == EntryRole:
            return entry
        if role == KindRole:
            return kind
        if role == ModifiedRole:
            return modified
        return None


class CampaignFilterModel(QSortFilterProxyModel):
    """Search (name, player, kind, file) and a kind group; sorts by ``SortRole``."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._kinds: tuple[str, ...] | None = None
        self._text = ""
        self.setSortRole(SortRole)
        self.setSortCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setDynamicSortFilter(True)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """The source model sorts itself; the proxy keeps its order and only filters."""
        source = self.sourceModel()
        if isinstance(source, CampaignModel) and column >= 0:
            source.sort(column, order)
            return
        super().sort(column, order)

    def set_kinds(self, kinds: tuple[str, ...] | None) -> None:
        self._change_filter(lambda: setattr(self, "_kinds", kinds))

    def set_search(self, text: str) -> None:
        self._change_filter(lambda: setattr(self, "_text", text.strip().casefold()))

    def _change_filter(self, change: Any) -> None:
        begin = getattr(self, "beginFilterChange", None)
        if begin is None:  # Qt before 6.9
            change()
            self.invalidateRowsFilter()
            return
        begin()
        change()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        model = self.sourceModel()
        if model is None:
            return False
        index = model.index(source_row, COL_NAME, source_parent)
        if self._kinds is not None and model.data(index, KindRole) not in self._kinds:
            return False
        if not self._text:
            return True
        haystack = " ".join(
            str(model.data(model.index(source_row, column, source_parent)) or "")
            for column in range(COLUMNS)
        ).casefold()
        return all(word in haystack for word in self._text.split())
