"""The condition-track widget (R5): tracks, attitude and willpower, statuses, named conditions.

- Damage / composure / body tracks are drawn as steps from Normal to Out of Action; an
  element with a shorter encounter length (R5: brief 2, moderate 3, lengthy 4, full 5
  ranks) shows fewer steps before Out of Action. Clicking a step above the current level
  adds one instance with the missing ranks (R5 ruling: a hit of rank r adds r ranks);
  clicking at or below it recovers the latest instance (its ranks leave the track).
  Keyboard: Right or + adds 1 rank, Left or - recovers the latest instance.
- Attitude and willpower are seven-step scales (progressive: a new level replaces the
  old) with the resistance modifier they give discipline and insight (-15 ... +15).
- Status conditions are five-step tracks showing the next test's difficulty (9, 12, 15,
  18, then none); "Failed test" moves one level down, never more (R5).
- Named conditions (R4 benchmarks) are listed with their ranks and duration.

Every change is an undoable command on the character's stack. ``compact=True`` draws
only the bars, smaller, for one row per combatant in the encounter tracker.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PySide6.QtCore import QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QStyleOptionFocusRect,
    QToolButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from sheets.conditions import (
    ATTITUDE_MODIFIERS,
    ATTITUDES,
    LAST_STATUS_LEVEL,
    OUT_OF_ACTION,
    OUT_OF_ACTION_AT,
    STATUS_LEVELS,
    STATUS_SCALES,
    TRACK_LEVELS,
    TRACK_NAMES,
    WILLPOWER_MODIFIERS,
    WILLPOWERS,
    EncounterLength,
    TrackName,
    display_name,
    status_test_difficulty,
)
from sheets.documents import Character, StatusCondition
from sheets.results import Duration
from ui import commands
from ui.character_document import CharacterDocument
from ui.theme import is_dark, mix

DANGER: Final = QColor(205, 62, 48)
CALM: Final = QColor(60, 150, 90)
MAX_TRACK_INSTANCE_RANKS: Final = OUT_OF_ACTION


def tracks_for(character: Character) -> tuple[TrackName, ...]:
    """Which tracks an element's kind uses (R5): people and creatures take damage and
    composure; vehicles, objects and locations a body track. A track with a hit on it is
    always shown."""
    if character.kind in ("vehicle", "object", "location"):
        wanted: tuple[TrackName, ...] = ("body",)
    elif character.kind == "creature":
        wanted = ("damage", "composure")
    else:
        wanted = ("damage", "composure")
    hit = {i.track for i in character.conditions.instances if i.track is not None}
    return tuple(t for t in TRACK_NAMES if t in wanted or t in hit)


def track_steps(track: TrackName, length: EncounterLength) -> list[tuple[int, str]]:
    """(level, name) of each step drawn for a track: Normal ... Out of Action (R5)."""
    at = OUT_OF_ACTION_AT[length]
    names = TRACK_LEVELS[track]
    return [(level, names[level]) for level in range(at)] + [(OUT_OF_ACTION, names[-1])]


def _text_on(fill: QColor, palette: QPalette) -> QColor:
    """Readable text on ``fill``: the palette's text or its opposite."""
    light = fill.lightnessF() > 0.55
    text = palette.color(QPalette.ColorRole.Text)
    text_is_light = text.lightnessF() > 0.5
    if light != text_is_light:
        return text
    return palette.color(QPalette.ColorRole.Base)


class StepBar(QWidget):
    """A row of labelled steps; one is current. Clickable and keyboard-driven."""

    stepClicked = Signal(int)  # the step index
    stepRequested = Signal(int)  # +1 / -1 from the keyboard

    def __init__(
        self,
        accessible_name: str,
        parent: QWidget | None = None,
        *,
        compact: bool = False,
        mode: str = "track",
    ) -> None:
        super().__init__(parent)
        self.compact = compact
        self.mode = mode  # "track": fill up to current; "scale": centre out; "status": deplete
        self._labels: list[str] = []
        self._sublabels: list[str] = []
        self._tips: list[str] = []
        self._current = 0
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName(accessible_name)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMouseTracking(True)

    def set_steps(
        self,
        labels: Sequence[str],
        current: int,
        tips: Sequence[str] = (),
        sublabels: Sequence[str] = (),
    ) -> None:
        """``labels`` on the steps (elided to fit; ``tips`` say them in full); a second,
        bold line of ``sublabels`` (e.g. the modifier) unless compact."""
        self._labels = list(labels)
        self._sublabels = [] if self.compact else list(sublabels)
        self._tips = list(tips) or list(labels)
        self._current = current
        self.setAccessibleDescription(
            self.tr("%1 of %2: %3")
            .replace("%1", str(current + 1))
            .replace("%2", str(len(labels)))
            .replace("%3", labels[current] if 0 <= current < len(labels) else "")
        )
        self.updateGeometry()
        self.update()

    def current(self) -> int:
        return self._current

    def labels(self) -> list[str]:
        return list(self._labels)

    def _step_font(self) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * (0.85 if self.compact else 0.9))
        return font

    def sizeHint(self) -> QSize:
        metrics = QFontMetrics(self._step_font())
        lines = 2 if self._sublabels else 1
        height = metrics.height() * lines + (6 if self.compact else 12)
        widest = max((metrics.horizontalAdvance(t) for t in self._labels), default=40)
        per_step = (widest // 2 if self.compact else widest) + 12
        return QSize(max(1, len(self._labels)) * per_step, height)

    def minimumSizeHint(self) -> QSize:
        hint = self.sizeHint()
        return QSize(max(1, len(self._labels)) * (18 if self.compact else 36), hint.height())

    def step_rect(self, step: int) -> QRect:
        count = max(1, len(self._labels))
        width = self.width() - 2
        left = 1 + width * step // count
        right = 1 + width * (step + 1) // count
        return QRect(left, 1, right - left - 2, self.height() - 2)

    def step_at(self, point: QPoint) -> int | None:
        for step in range(len(self._labels)):
            if self.step_rect(step).contains(point):
                return step
        return None

    def _fill(self, step: int, palette: QPalette) -> QColor | None:
        base = palette.color(QPalette.ColorRole.Base)
        count = len(self._labels)
        if self.mode == "track":
            if step == 0 or step > self._current:
                return None
            return mix(base, DANGER, 0.35 + 0.65 * step / max(1, count - 1))
        if self.mode == "status":
            if step > self._current:
                return None
            return mix(base, palette.color(QPalette.ColorRole.Highlight), 0.25)
        # scale: the current step only, coloured by which side of neutral it is
        if step != self._current:
            return None
        centre = (count - 1) / 2
        side = DANGER if step > centre else CALM if step < centre else None
        if side is None:
            return palette.color(QPalette.ColorRole.Highlight)
        return mix(base, side, 0.45 + 0.55 * abs(step - centre) / max(1.0, centre))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        border = mix(
            palette.color(QPalette.ColorRole.Text), palette.color(QPalette.ColorRole.Base), 0.6
        )
        step_font = self._step_font()
        metrics = QFontMetrics(step_font)
        for step, label in enumerate(self._labels):
            rect = QRectF(self.step_rect(step))
            fill = self._fill(step, palette)
            painter.setPen(QPen(border, 1))
            painter.setBrush(fill if fill is not None else palette.color(QPalette.ColorRole.Base))
            painter.drawRoundedRect(rect, 3, 3)
            if step == self._current:
                pen = QPen(palette.color(QPalette.ColorRole.Highlight), 2.5)
                if is_dark(palette):
                    pen.setColor(mix(pen.color(), QColor(255, 255, 255), 0.3))
                painter.setPen(pen)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 3, 3)
            text_colour = (
                _text_on(fill, palette)
                if fill is not None
                else palette.color(QPalette.ColorRole.Text)
            )
            painter.setPen(text_colour)
            font = QFont(step_font)
            font.setBold(step == self._current)
            painter.setFont(font)
            shown = metrics.elidedText(label, Qt.TextElideMode.ElideRight, int(rect.width()) - 4)
            if step < len(self._sublabels):
                top, bottom = (
                    rect.adjusted(0, 2, 0, -rect.height() / 2),
                    rect.adjusted(0, rect.height() / 2 - 2, 0, 0),
                )
                painter.drawText(top, Qt.AlignmentFlag.AlignCenter, shown)
                font.setBold(True)
                painter.setFont(font)
                painter.drawText(bottom, Qt.AlignmentFlag.AlignCenter, self._sublabels[step])
            else:
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, shown)
        if self.hasFocus():
            option = QStyleOptionFocusRect()
            option.initFrom(self)
            option.rect = self.step_rect(self._current).adjusted(2, 2, -2, -2)
            self.style().drawPrimitive(
                QStyle.PrimitiveElement.PE_FrameFocusRect, option, painter, self
            )
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            step = self.step_at(event.position().toPoint())
            if step is not None:
                self.stepClicked.emit(step)
                event.accept()
                return
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Right, Qt.Key.Key_Plus, Qt.Key.Key_Up):
            self.stepRequested.emit(+1)
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Minus, Qt.Key.Key_Down):
            self.stepRequested.emit(-1)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def event(self, event: object) -> bool:
        if isinstance(event, QHelpEvent) and event.type() == QHelpEvent.Type.ToolTip:
            step = self.step_at(event.pos())
            if step is not None and step < len(self._tips):
                QToolTip.showText(event.globalPos(), self._tips[step], self)
            else:
                QToolTip.hideText()
            return True
        return super().event(event)  # type: ignore[arg-type]

    def focusInEvent(self, event: QFocusEvent) -> None:
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.update()
        super().focusOutEvent(event)


class ConditionsWidget(QWidget):
    """Every condition of one element (R5), editable with undoable commands."""

    problem = Signal(str)  # a refused edit, in the player's words

    def __init__(
        self, doc: CharacterDocument, parent: QWidget | None = None, *, compact: bool = False
    ) -> None:
        super().__init__(parent)
        self.setObjectName("ConditionsWidget")
        self.doc = doc
        self.compact = compact
        self.track_bars: dict[TrackName, StepBar] = {}
        self.track_labels: dict[TrackName, QLabel] = {}
        self.instance_rows: dict[TrackName, QHBoxLayout] = {}
        self.status_bars: list[StepBar] = []
        self._layout = QVBoxLayout(self)
        margin = 0 if compact else 4
        self._layout.setContentsMargins(margin, margin, margin, margin)
        self._layout.setSpacing(2 if compact else 6)
        self._tracks_box = QWidget()
        self._tracks_grid = QGridLayout(self._tracks_box)
        self._tracks_grid.setContentsMargins(0, 0, 0, 0)
        self._tracks_grid.setHorizontalSpacing(6)
        self._tracks_grid.setVerticalSpacing(2 if compact else 4)
        self._layout.addWidget(self._group(self.tr("Tracks (R5)"), self._tracks_box))

        self.attitude_bar = StepBar(self.tr("Attitude"), compact=compact, mode="scale")
        self.willpower_bar = StepBar(self.tr("Willpower"), compact=compact, mode="scale")
        self.attitude_label = QLabel()
        self.willpower_label = QLabel()
        mood = QWidget()
        mood_grid = QGridLayout(mood)
        mood_grid.setContentsMargins(0, 0, 0, 0)
        mood_grid.setVerticalSpacing(2 if compact else 4)
        if compact:
            mood_grid.addWidget(self.attitude_label, 0, 0)
            mood_grid.addWidget(self.attitude_bar, 0, 1)
            mood_grid.addWidget(self.willpower_label, 1, 0)
            mood_grid.addWidget(self.willpower_bar, 1, 1)
        else:
            mood_grid.addWidget(self.attitude_label, 0, 0, 1, 2)
            mood_grid.addWidget(self.attitude_bar, 1, 0, 1, 2)
            mood_grid.addWidget(self.willpower_label, 2, 0, 1, 2)
            mood_grid.addWidget(self.willpower_bar, 3, 0, 1, 2)
        mood_grid.setColumnStretch(1, 1)
        self._layout.addWidget(self._group(self.tr("Attitude and willpower (R5)"), mood))
        self.attitude_bar.stepClicked.connect(lambda step: self._set_scale("attitude", step))
        self.willpower_bar.stepClicked.connect(lambda step: self._set_scale("willpower", step))
        self.attitude_bar.stepRequested.connect(lambda d: self._nudge_scale("attitude", d))
        self.willpower_bar.stepRequested.connect(lambda d: self._nudge_scale("willpower", d))
        for label, bar in (
            (self.attitude_label, self.attitude_bar),
            (self.willpower_label, self.willpower_bar),
        ):
            label.setBuddy(bar)
            bar.setToolTip(
                self.tr("R5: modifies discipline and insight resistance; click a level to set it")
            )

        self._statuses_box = QWidget()
        self._statuses_layout = QVBoxLayout(self._statuses_box)
        self._statuses_layout.setContentsMargins(0, 0, 0, 0)
        self._statuses_rows_widget: QWidget | None = None
        self._status_rows: list[tuple[StepBar, QLabel, QPushButton | None]] = []
        self._status_ids: list[int] | None = None
        self._layout.addWidget(self._group(self.tr("Statuses (R5)"), self._statuses_box))

        self.named_box = QWidget()
        self._named_layout = QVBoxLayout(self.named_box)
        self._named_layout.setContentsMargins(0, 0, 0, 0)
        if not compact:
            self._build_add_forms()
            self._layout.addWidget(
                self._group(self.tr("Named conditions (R4, R5)"), self.named_box)
            )
        self._layout.addStretch(1)

        doc.changed.connect(self.refresh)
        doc.reset.connect(self.refresh)
        self.refresh()

    def _group(self, title: str, content: QWidget) -> QWidget:
        if self.compact:
            return content
        box = QGroupBox(title)
        layout = QVBoxLayout(box)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(content)
        return box

    def _build_add_forms(self) -> None:
        self.named_list = QVBoxLayout()
        self._named_layout.addLayout(self.named_list)
        form = QHBoxLayout()
        self.named_name = QLineEdit()
        self.named_name.setPlaceholderText(self.tr("Condition, e.g. Blinded"))
        self.named_name.setAccessibleName(self.tr("New condition name"))
        self.named_ranks = QSpinBox()
        self.named_ranks.setRange(1, 6)
        self.named_ranks.setPrefix(self.tr("rank "))
        self.named_ranks.setAccessibleName(self.tr("New condition ranks"))
        self.named_ranks.setToolTip(self.tr("R4: the ranks of the check that created it"))
        self.named_duration = QComboBox()
        self.named_duration.setAccessibleName(self.tr("New condition duration"))
        for duration in Duration:
            if duration is not Duration.ROUNDS:
                self.named_duration.addItem(duration.label, duration.value)
        self.named_ranks.valueChanged.connect(self._default_duration)
        self._default_duration(1)
        self.named_add = QPushButton(self.tr("Add condition"))
        self.named_add.setAccessibleName(self.tr("Add named condition"))
        self.named_add.clicked.connect(self._add_named)
        self.named_name.returnPressed.connect(self._add_named)
        form.addWidget(self.named_name, 1)
        form.addWidget(self.named_ranks)
        form.addWidget(self.named_duration)
        form.addWidget(self.named_add)
        self._named_layout.addLayout(form)

        status_form = QHBoxLayout()
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
        status_form.addWidget(self.status_name, 1)
        status_form.addWidget(self.status_scale)
        status_form.addWidget(self.status_add)
        self._statuses_layout.addLayout(status_form)

    # --- refresh ---------------------------------------------------------------------------------

    @property
    def character(self) -> Character:
        return self.doc.character

    def refresh(self) -> None:
        self._refresh_tracks()
        self._refresh_scales()
        self._refresh_statuses()
        if not self.compact:
            self._refresh_named()

    def _refresh_tracks(self) -> None:
        character = self.character
        wanted = tracks_for(character)
        if tuple(self.track_bars) != wanted:
            _clear(self._tracks_grid)
            self.track_bars.clear()
            self.track_labels.clear()
            self.instance_rows.clear()
            for row, track in enumerate(wanted):
                label = QLabel()
                bar = StepBar(
                    self.tr("%1 track").replace("%1", display_name(track)), compact=self.compact
                )
                label.setBuddy(bar)
                bar.stepClicked.connect(lambda step, t=track: self._track_clicked(t, step))
                bar.stepRequested.connect(lambda delta, t=track: self._track_nudged(t, delta))
                bar.setToolTip(
                    self.tr(
                        "R5: click a higher step to add a hit, a lower one to recover the "
                        "latest; Right/+ adds 1 rank, Left/- recovers"
                    )
                )
                if self.compact:  # one line per track: label, bar
                    self._tracks_grid.addWidget(label, row, 0)
                    self._tracks_grid.addWidget(bar, row, 1)
                else:  # the label (with the level in words) above the full-width bar
                    self._tracks_grid.addWidget(label, row * 3, 0, 1, 2)
                    self._tracks_grid.addWidget(bar, row * 3 + 1, 0, 1, 2)
                    chips = QHBoxLayout()
                    chips.setContentsMargins(0, 0, 0, 0)
                    self._tracks_grid.addLayout(chips, row * 3 + 2, 0, 1, 2)
                    self.instance_rows[track] = chips
                self.track_bars[track] = bar
                self.track_labels[track] = label
            self._tracks_grid.setColumnStretch(1, 1)
        length = character.encounter_length
        for track, bar in self.track_bars.items():
            steps = track_steps(track, length)
            level = character.conditions.track_level(track, length)
            ranks = character.conditions.track_ranks(track)
            current = next(i for i, (lv, _n) in enumerate(steps) if lv == level)
            tips = [
                self.tr("%1: %2 ranks")
                .replace("%1", name)
                .replace("%2", str(lv if lv < OUT_OF_ACTION else OUT_OF_ACTION_AT[length]))
                for lv, name in steps
            ]
            bar.set_steps([name for _lv, name in steps], current, tips)
            self.track_labels[track].setText(
                self.tr("<b>%1</b>: %2 — %3 of %4 ranks to Out of Action")
                .replace("%1", display_name(track))
                .replace("%2", steps[current][1])
                .replace("%3", str(min(ranks, OUT_OF_ACTION_AT[length])))
                .replace("%4", str(OUT_OF_ACTION_AT[length]))
                if not self.compact
                else display_name(track)
            )
            self.track_labels[track].setAccessibleName(
                self.tr("%1 track").replace("%1", display_name(track))
            )
            if track in self.instance_rows:
                self._refresh_chips(track)

    def _refresh_chips(self, track: TrackName) -> None:
        row = self.instance_rows[track]
        _clear(row)
        instances = [i for i in self.character.conditions.instances if i.track == track]
        for instance in instances:
            button = QToolButton()
            button.setText(self.tr("%1 ✕").replace("%1", str(instance.ranks)))
            what = (
                self.tr("Recover a %1-rank %2 hit")
                .replace("%1", str(instance.ranks))
                .replace("%2", track)
            )
            button.setToolTip(what + self.tr(" (R5: its ranks leave the track)"))
            button.setAccessibleName(what)
            button.clicked.connect(lambda _c=False, i=instance.id: self._recover(i))
            row.addWidget(button)
        if not instances:
            none = QLabel(self.tr("no hits"))
            none.setEnabled(False)
            row.addWidget(none)
        row.addStretch(1)

    def _refresh_scales(self) -> None:
        conditions = self.character.conditions
        for field, bar, label, values, modifiers in (
            ("attitude", self.attitude_bar, self.attitude_label, ATTITUDES, ATTITUDE_MODIFIERS),
            (
                "willpower",
                self.willpower_bar,
                self.willpower_label,
                WILLPOWERS,
                WILLPOWER_MODIFIERS,
            ),
        ):
            current: str = getattr(conditions, field)
            table: dict[str, int] = {str(k): v for k, v in modifiers.items()}
            names = [display_name(v) for v in values]
            tips = [
                f"{display_name(v)}: {table[v]:+d} " + self.tr("resistance (R5)") for v in values
            ]
            modifiers_text = [f"{table[v]:+d}" for v in values]
            shown = modifiers_text if self.compact else names
            bar.set_steps(shown, [str(v) for v in values].index(current), tips, modifiers_text)
            modifier = table[current]
            text = (
                self.tr("<b>%1</b>: %2 — discipline and insight resistance %3")
                if not self.compact
                else self.tr("%1 %3")
            )
            title = self.tr("Attitude") if field == "attitude" else self.tr("Willpower")
            label.setText(
                text.replace("%1", title)
                .replace("%2", display_name(current))
                .replace("%3", f"{modifier:+d}")
            )

    def _refresh_statuses(self) -> None:
        statuses = self.character.conditions.statuses
        if [id(s) for s in statuses] != self._status_ids:
            self._rebuild_statuses(statuses)
        for status, (bar, info, fail) in zip(statuses, self._status_rows, strict=True):
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

    def _rebuild_statuses(self, statuses: Sequence[StatusCondition]) -> None:
        old = self._statuses_rows_widget
        rows_widget = QWidget()
        grid = QGridLayout(rows_widget)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(2 if self.compact else 4)
        self._status_rows = []
        self._status_ids = [id(s) for s in statuses]
        self.status_bars = []
        for row, status in enumerate(statuses):
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
            else:
                label.setText(
                    self.tr("<b>%1</b> (%2)")
                    .replace("%1", status.name)
                    .replace("%2", display_name(status.scale))
                )
                line = QHBoxLayout()
                line.addWidget(label)
                line.addStretch(1)
                line.addWidget(info)
                grid.addLayout(line, row * 2, 0, 1, 3)
                grid.addWidget(bar, row * 2 + 1, 0)
            fail: QPushButton | None = None
            if not self.compact:
                fail = QPushButton(self.tr("Failed test"))
                fail.setAccessibleName(self.tr("%1: failed test").replace("%1", status.name))
                fail.setToolTip(
                    self.tr("R5: a failed test moves the status one level down, never more")
                )
                fail.clicked.connect(
                    lambda _c=False, s=status: self._set_status(s, s.level + 1, failed=True)
                )
                remove = QToolButton()
                remove.setText("✕")
                remove.setAccessibleName(self.tr("Remove status %1").replace("%1", status.name))
                remove.setToolTip(remove.accessibleName())
                remove.clicked.connect(lambda _c=False, s=status: self._remove_status(s))
                grid.addWidget(fail, row * 2 + 1, 1)
                grid.addWidget(remove, row * 2 + 1, 2)
            self._status_rows.append((bar, info, fail))
            self.status_bars.append(bar)
        grid.setColumnStretch(1 if self.compact else 0, 1)
        if not statuses:
            none = QLabel(self.tr("no statuses"))
            none.setEnabled(False)
            grid.addWidget(none, 0, 0)
        self._statuses_layout.insertWidget(0, rows_widget)
        self._statuses_rows_widget = rows_widget
        if old is not None:
            old.hide()
            old.deleteLater()

    def _refresh_named(self) -> None:
        _clear(self.named_list)
        named = [i for i in self.character.conditions.instances if i.track is None]
        for instance in named:
            row = QHBoxLayout()
            text = (
                self.tr("%1 — rank %2, %3")
                .replace("%1", instance.name)
                .replace("%2", str(instance.ranks))
            )
            text = text.replace("%3", Duration(instance.duration).label)
            label = QLabel(text)
            label.setWordWrap(True)
            if instance.effect:
                label.setToolTip(instance.effect)
            recover = QToolButton()
            recover.setText(self.tr("Recover"))
            recover.setAccessibleName(self.tr("Recover %1").replace("%1", instance.name))
            recover.setToolTip(self.tr("R5: recovered by a check with the same result points"))
            recover.clicked.connect(lambda _c=False, i=instance.id: self._recover(i))
            row.addWidget(label, 1)
            row.addWidget(recover)
            self.named_list.addLayout(row)
        if not named:
            none = QLabel(self.tr("none"))
            none.setEnabled(False)
            self.named_list.addWidget(none)

    # --- edits -----------------------------------------------------------------------------------

    def _push(self, command: object) -> None:
        if command is not None:
            self.doc.push(command)  # type: ignore[arg-type]

    def _track_clicked(self, track: TrackName, step: int) -> None:
        length = self.character.encounter_length
        steps = track_steps(track, length)
        level = steps[step][0]
        wanted = OUT_OF_ACTION_AT[length] if level == OUT_OF_ACTION else level
        ranks = self.character.conditions.track_ranks(track)
        current_level = self.character.conditions.track_level(track, length)
        if level > current_level:
            self.add_hit(track, max(1, wanted - ranks))
        else:
            self.recover_latest(track)

    def _track_nudged(self, track: TrackName, delta: int) -> None:
        if delta > 0:
            if (
                self.character.conditions.track_level(track, self.character.encounter_length)
                < OUT_OF_ACTION
            ):
                self.add_hit(track, 1)
        else:
            self.recover_latest(track)

    def add_hit(self, track: TrackName, ranks: int) -> None:
        """R5 ruling: a hit of rank r adds one instance of r ranks."""
        try:
            self._push(
                commands.add_track_hit(self.doc, track, min(ranks, MAX_TRACK_INSTANCE_RANKS))
            )
        except ValueError as error:
            self.problem.emit(str(error))

    def recover_latest(self, track: TrackName) -> None:
        instances = [i for i in self.character.conditions.instances if i.track == track]
        if instances:
            self._recover(instances[-1].id)

    def _recover(self, instance_id: str) -> None:
        self._push(commands.recover_condition(self.doc, instance_id))

    def _set_scale(self, field: str, step: int) -> None:
        values = ATTITUDES if field == "attitude" else WILLPOWERS
        if not 0 <= step < len(values):
            return
        conditions = self.character.conditions
        label = self.tr("Attitude") if field == "attitude" else self.tr("Willpower")
        text = self.tr("%1 %2").replace("%1", label).replace("%2", display_name(values[step]))
        try:
            self._push(commands.set_field(self.doc, conditions, field, values[step], text))
        except ValueError as error:
            self.problem.emit(str(error))

    def _nudge_scale(self, field: str, delta: int) -> None:
        values: Sequence[str] = ATTITUDES if field == "attitude" else WILLPOWERS
        current = values.index(getattr(self.character.conditions, field))
        self._set_scale(field, current + delta)

    def _set_status(self, status: StatusCondition, level: int, *, failed: bool = False) -> None:
        if not 0 <= level <= LAST_STATUS_LEVEL:
            return
        levels = STATUS_LEVELS[status.scale]
        text = (
            (self.tr("%1 failed a test: %2") if failed else self.tr("%1 to %2"))
            .replace("%1", status.name)
            .replace("%2", levels[level])
        )
        try:
            self._push(commands.set_field(self.doc, status, "level", level, text))
        except ValueError as error:
            self.problem.emit(str(error))

    def _remove_status(self, status: StatusCondition) -> None:
        conditions = self.character.conditions
        index = next((i for i, s in enumerate(conditions.statuses) if s is status), None)
        if index is not None:
            self._push(
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
        try:
            status = StatusCondition(name=name, scale=self.status_scale.currentData())
            self._push(
                commands.insert_item(
                    self.doc,
                    conditions,
                    "statuses",
                    len(conditions.statuses),
                    status,
                    self.tr("Add status %1").replace("%1", name),
                )
            )
        except ValueError as error:
            self.problem.emit(str(error))
            return
        self.status_name.clear()

    def _default_duration(self, ranks: int) -> None:
        from sheets.results import RANKS

        duration = RANKS[min(ranks, len(RANKS)) - 1].duration  # R4: duration by rank
        index = self.named_duration.findData(duration.value)
        if index >= 0:
            self.named_duration.setCurrentIndex(index)

    def _add_named(self) -> None:
        name = self.named_name.text().strip()
        if not name:
            self.problem.emit(self.tr("Name the condition first, e.g. Blinded"))
            return
        try:
            self._push(
                commands.add_named_condition(
                    self.doc, name, self.named_ranks.value(), self.named_duration.currentData()
                )
            )
        except ValueError as error:
            self.problem.emit(str(error))
            return
        self.named_name.clear()


def _clear(layout: QGridLayout | QHBoxLayout | QVBoxLayout | QFormLayout) -> None:
    """Remove and delete everything in a layout (nested layouts too)."""
    while layout.count():
        item = layout.takeAt(0)
        if item is None:
            break
        widget = item.widget()
        if widget is not None:
            widget.hide()
            widget.deleteLater()
            continue
        child = item.layout()
        if child is not None and child is not getattr(layout, "_keep", None):
            _clear(child)  # type: ignore[arg-type]
