"""Status conditions (R5): five-step tracks of a resource (quantity, duration, ...) showing
the next test's difficulty (9, 12, 15, 18, then none); "Failed test" moves one level down,
never more. Unless compact, a form below adds a status and each row can be removed."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sheets.conditions import (
    LAST_STATUS_LEVEL,
    STATUS_LEVELS,
    STATUS_SCALES,
    display_name,
    status_test_difficulty,
)
from sheets.documents import StatusCondition
from ui import commands
from ui.sheet.conditions.section import ConditionSection
from ui.sheet.conditions.step_bar import StepBar
from ui.text import escaped, tooltip
from ui.workspace.character_document import CharacterDocument

StatusRow = tuple[StepBar, QLabel, QPushButton | None]
"""A status's bar, its next-test line and its "Failed test" button (none when compact)."""


class StatusConditions(ConditionSection):
    """A row per status, rebuilt when the statuses change; the add form below."""

    def __init__(self, doc: CharacterDocument, *, compact: bool) -> None:
        super().__init__(doc, compact=compact)
        self.status_bars: list[StepBar] = []
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._rows_widget: QWidget | None = None
        self._rows: list[StatusRow] = []
        self._ids: list[int] | None = None
        if not compact:
            self._build_add_form()

    def _build_add_form(self) -> None:
        form = QHBoxLayout()
        self.status_name = QLineEdit()
        self.status_name.setPlaceholderText(self.tr("Status, e.g. Ammunition"))
        self.status_name.setAccessibleName(self.tr("New status name"))
        self.status_scale = QComboBox()
        self.status_scale.setAccessibleName(self.tr("New status scale"))
        for scale in STATUS_SCALES:
            self.status_scale.addItem(display_name(scale), scale)
        self.status_scale.setCurrentIndex(STATUS_SCALES.index("quantity"))
        self.status_add = QPushButton(self.tr("Add status"))
        self.status_add.clicked.connect(self._add_status)
        self.status_name.returnPressed.connect(self._add_status)
        form.addWidget(self.status_name, 1)
        form.addWidget(self.status_scale)
        form.addWidget(self.status_add)
        self._layout.addLayout(form)

    def refresh(self) -> None:
        statuses = self.character.conditions.statuses
        if [id(s) for s in statuses] != self._ids:
            self._rebuild(statuses)
        for status, (bar, info, fail) in zip(statuses, self._rows, strict=True):
            levels = STATUS_LEVELS[status.scale]
            tips = []
            for level, name in enumerate(levels):
                test = status_test_difficulty(level)
                tips.append(
                    self.tr("%1: next test difficulty %2")
                    .replace("%1", name)
                    .replace("%2", str(test))
                    if test is not None
                    else self.tr("%1: run out, no test").replace("%1", name)
                )
            bar.set_steps(list(levels), status.level, tips)
            difficulty = status_test_difficulty(status.level)
            info.setText(
                self.tr("next test %1").replace("%1", str(difficulty))
                if difficulty is not None
                else self.tr("run out")
            )
            if fail is not None:
                fail.setEnabled(status.level < LAST_STATUS_LEVEL)

    def _rebuild(self, statuses: Sequence[StatusCondition]) -> None:
        old = self._rows_widget
        rows_widget = QWidget()
        grid = QGridLayout(rows_widget)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(2 if self.compact else 4)
        self._rows = []
        self._ids = [id(s) for s in statuses]
        self.status_bars = []
        for row, status in enumerate(statuses):
            self._rows.append(self._add_row(grid, row, status))
            self.status_bars.append(self._rows[-1][0])
        grid.setColumnStretch(1 if self.compact else 0, 1)
        if not statuses:
            none = QLabel(self.tr("no statuses"))
            none.setEnabled(False)
            grid.addWidget(none, 0, 0)
        self._layout.insertWidget(0, rows_widget)
        self._rows_widget = rows_widget
        if old is not None:
            old.hide()
            old.deleteLater()

    def _add_row(self, grid: QGridLayout, row: int, status: StatusCondition) -> StatusRow:
        label = QLabel(status.name)
        bar = StepBar(
            self.tr("%1 status").replace("%1", status.name), compact=self.compact, mode="status"
        )
        label.setBuddy(bar)
        bar.stepClicked.connect(lambda step, s=status: self._set_status(s, step))
        bar.stepRequested.connect(lambda delta, s=status: self._set_status(s, s.level + delta))
        bar.setToolTip(self.tr("R5: click a level to set it; Right/Left moves one level"))
        info = QLabel()
        info.setToolTip(
            self.tr("R5: test difficulty 9, 12, 15, 18; a failed test moves one level down")
        )
        if self.compact:
            grid.addWidget(label, row, 0)
            grid.addWidget(bar, row, 1)
            grid.addWidget(info, row, 2)
            return bar, info, None
        label.setText(
            self.tr("<b>%1</b> (%2)")
            .replace("%1", escaped(status.name))
            .replace("%2", display_name(status.scale))
        )
        line = QHBoxLayout()
        line.addWidget(label)
        line.addStretch(1)
        line.addWidget(info)
        grid.addLayout(line, row * 2, 0, 1, 3)
        grid.addWidget(bar, row * 2 + 1, 0)
        fail = QPushButton(self.tr("Failed test"))
        fail.setAccessibleName(self.tr("%1: failed test").replace("%1", status.name))
        fail.setToolTip(self.tr("R5: a failed test moves the status one level down, never more"))
        fail.clicked.connect(
            lambda _c=False, s=status: self._set_status(s, s.level + 1, failed=True)
        )
        remove = QToolButton()
        remove.setText("✕")
        remove.setAccessibleName(self.tr("Remove status %1").replace("%1", status.name))
        remove.setToolTip(tooltip(remove.accessibleName()))
        remove.clicked.connect(lambda _c=False, s=status: self._remove_status(s))
        grid.addWidget(fail, row * 2 + 1, 1)
        grid.addWidget(remove, row * 2 + 1, 2)
        return bar, info, fail

    # --- edits -----------------------------------------------------------------------------

    def _set_status(self, status: StatusCondition, level: int, *, failed: bool = False) -> None:
        if not 0 <= level <= LAST_STATUS_LEVEL:
            return
        levels = STATUS_LEVELS[status.scale]
        text = (
            (self.tr("%1 failed a test: %2") if failed else self.tr("%1 to %2"))
            .replace("%1", status.name)
            .replace("%2", levels[level])
        )
        self.try_push(lambda: commands.set_field(self.doc, status, "level", level, text))

    def _remove_status(self, status: StatusCondition) -> None:
        conditions = self.character.conditions
        index = next((i for i, s in enumerate(conditions.statuses) if s is status), None)
        if index is not None:
            self.push(
                commands.remove_item(
                    self.doc,
                    conditions,
                    "statuses",
                    index,
                    self.tr("Remove status %1").replace("%1", status.name),
                )
            )

    def _add_status(self) -> None:
        name = self.status_name.text().strip()
        if not name:
            self.problem.emit(self.tr("Name the status first, e.g. Ammunition"))
            return
        conditions = self.character.conditions
        if self.try_push(
            lambda: commands.insert_item(
                self.doc,
                conditions,
                "statuses",
                len(conditions.statuses),
                StatusCondition(name=name, scale=self.status_scale.currentData()),
                self.tr("Add status %1").replace("%1", name),
            )
        ):
            self.status_name.clear()
