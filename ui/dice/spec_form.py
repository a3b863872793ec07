"""The roll set-up form: one control for every option of a ``RollSpec`` (R1, R3) and the
difficulty or resistance it is rolled against (R4).

The form holds no state of its own beyond its controls: :meth:`SpecForm.spec` reads them.
A die code that does not parse is never dropped: the text stays, the reason shows under it
and in its tooltip, and the form reports itself invalid until the code is fixed.
"""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent, QValidator
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QToolButton,
    QWidget,
)

from sheets.actions import MAX_DECLARED_ACTIONS, multiple_action_dice, with_multiple_actions
from sheets.dice import (
    CRITICAL_FAILURE_RULES,
    DIE_SIDES,
    CheckDefaults,
    DieCode,
    RollSpec,
)
from sheets.odds import MAX_ODDS_DICE
from ui.dice import words
from ui.dice.warning_label import WarningLabel
from ui.text import tooltip

MAX_DICE = MAX_ODDS_DICE  # more dice than exact odds handle is a typo, not a roll
FLIP_COLUMNS = 10  # flip boxes per row: a D20 gets two rows
NARROW_FLIP_COLUMNS = 6  # in one column (a narrow dock): a D6's faces still fit one row


MINUS = "\u2212"  # a typographic minus for the Actions suffix


class SignedSpinBox(QSpinBox):
    """A spin box that shows its sign, as value modifiers are written (`+2`, `-3`, R3 step 7)."""

    def textFromValue(self, value: int) -> str:
        return f"{value:+d}" if value else "0"

    def valueFromText(self, text: str) -> int:
        try:
            return int(text.replace("\u2212", "-").strip() or 0)
        except ValueError:
            return self.value()

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        return self._state(text), text, pos

    def _state(self, text: str) -> QValidator.State:
        clean = text.replace("\u2212", "-").strip()
        if clean in ("", "+", "-"):
            return QValidator.State.Intermediate
        try:
            value = int(clean)
        except ValueError:
            return QValidator.State.Invalid
        if self.minimum() <= value <= self.maximum():
            return QValidator.State.Acceptable
        return QValidator.State.Intermediate


class SpecForm(QWidget):
    """Controls → ``specChanged(RollSpec)``, or ``specInvalid(reason)`` while they are not a
    roll; ``difficultyChanged(int | None)`` when the number rolled against changes."""

    specChanged = Signal(object)  # RollSpec
    specInvalid = Signal(str)  # the reason, in words
    difficultyChanged = Signal(object)  # int | None
    columnsChanged = Signal(int)  # 2: label/field pairs side by side; 1: one column

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._defaults = CheckDefaults()
        self._flip_sides = 0  # the die the flip boxes were last shown for
        self.effect_roll = False
        """R4: the code is an effect roll (damage): no ranks, read against a resistance."""
        self._quiet = False  # set while set_spec moves several controls at once
        self._error: str | None = None
        self._flip_buttons: list[QCheckBox] = []
        self._build()
        self._validate_and_emit()

    # --- construction --------------------------------------------------------------------

    def _build(self) -> None:
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        self._grid = grid
        self._columns = 0  # label/field pairs side by side: 2, or 1 in a narrow dock
        self._pairs: list[tuple[QLabel, QWidget]] = []
        self._shown_faces = 6

        self.code_edit = QLineEdit("3D")
        self.code_edit.setPlaceholderText(self.tr("3D+2"))
        self._code_tip = self.tr(
            "R1: a die code is ND+P, N six-sided dice plus P pips (3D+2, 4d6+1, 2D). "
            "Press Return to roll."
        )
        self.sides_combo = QComboBox()
        for sides in DIE_SIDES:
            self.sides_combo.addItem(f"D{sides}", sides)
        self.sides_combo.setCurrentIndex(DIE_SIDES.index(6))
        self.error_label = WarningLabel(selectable=True)  # echoes what was typed
        self.error_label.text.setAccessibleName(self.tr("Die code problem"))
        self.wild_spin = _spin(0, 20)
        self.critical_combo = QComboBox()
        for rule in CRITICAL_FAILURE_RULES:
            self.critical_combo.addItem(words.critical_rule_name(rule), rule)
        self.advantage_spin = _spin(0, 9)
        self.disadvantage_spin = _spin(0, 9)
        self.boost_spin = _spin(0, 30)
        self.penalty_spin = _spin(0, 30)
        self.modifier_spin = SignedSpinBox()
        self.modifier_spin.setRange(-99, 99)
        self.modifier_spin.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.difficulty_spin = _spin(0, 999)
        self.actions_spin = _spin(1, MAX_DECLARED_ACTIONS)
        self.actions_spin.setAccessibleName(self.tr("Actions declared this round"))
        self.difficulty_spin.setSpecialValueText(self.tr("none"))

        rows: list[tuple[int, int, str, QWidget, str]] = [
            (0, 0, self.tr("Die code"), self.code_edit, self._code_tip),
            (
                0,
                2,
                self.tr("Dice"),
                self.sides_combo,
                self.tr(
                    "R3 other dice: D4, D8, D10, D12 or D20 may replace D6 by effect; "
                    "flips use sides + 1."
                ),
            ),
            (
                2,
                0,
                self.tr("Wild Dice"),
                self.wild_spin,
                self.tr(
                    "R3 step 2: W of the dice become Wild Dice (campaign setting wild_dice, "
                    "default 1); +1WD/-1WD effects change W. A Wild Die showing 6 rolls "
                    "again and adds (R3 step 3)."
                ),
            ),
            (
                2,
                2,
                self.tr("Critical 1"),
                self.critical_combo,
                self.tr(
                    "R3 step 3: the first Wild Die rolling 1 is a critical failure. "
                    "Complication: the 1 stays and the GM is told; Zero: the Wild Die "
                    "leaves the roll; Drop highest: it leaves with the highest other die."
                ),
            ),
            (
                3,
                0,
                self.tr("Advantage"),
                self.advantage_spin,
                self.tr(
                    "R3 step 4: roll the whole set twice and keep the higher dice total "
                    "(ties: the first). Instances cancel Disadvantage one for one."
                ),
            ),
            (
                3,
                2,
                self.tr("Disadvantage"),
                self.disadvantage_spin,
                self.tr(
                    "R3 step 4: roll the whole set twice and keep the lower dice total "
                    "(ties: the first). Instances cancel Advantage one for one."
                ),
            ),
            (
                4,
                0,
                self.tr("Boost"),
                self.boost_spin,
                self.tr(
                    "R3 step 5: roll k extra dice, discard the k lowest (a Wild Die counts "
                    "with its whole chain). Boost and Penalty cancel one for one."
                ),
            ),
            (
                4,
                2,
                self.tr("Penalty"),
                self.penalty_spin,
                self.tr(
                    "R3 step 5: roll k extra dice, discard the k highest (a Wild Die counts "
                    "with its whole chain). Boost and Penalty cancel one for one."
                ),
            ),
            (
                5,
                0,
                self.tr("Modifier"),
                self.modifier_spin,
                self.tr("R3 step 7: value modifiers (+2, -3) added after the roll, with the pips."),
            ),
            (
                5,
                2,
                self.tr("Against"),
                self.difficulty_spin,
                self.tr(
                    "R4: the difficulty or fixed resistance (the fixed value of the opposing "
                    "code, 3 x dice + pips, R1) the total is rolled against; result points = "
                    "total minus it. None: a standing check, result points = total."
                ),
            ),
            (
                6,
                0,
                self.tr("Actions"),
                self.actions_spin,
                self.tr(
                    "OpenD6 multiple actions: declaring more than one action this round "
                    "takes 1D per extra action from every roll. Back to 1 at the next round "
                    "(the tracker does it by itself)."
                ),
            ),
        ]
        # What most rolls need comes first; the rest waits behind "More options" until a
        # roll uses it (a laptop's dice dock showed no odds above the fold with them all).
        self._advanced: set[QWidget] = {
            self.sides_combo,
            self.critical_combo,
            self.advantage_spin,
            self.disadvantage_spin,
            self.boost_spin,
            self.penalty_spin,
            self.modifier_spin,
        }
        ordered = [r for r in rows if r[3] not in self._advanced]
        ordered += [r for r in rows if r[3] in self._advanced]
        for _row, _column, text, field, tip in ordered:  # placed by _arrange
            self._add_row(text, field, tip)

        self.luck_check = QCheckBox(self.tr("Luck point"))
        self.luck_check.setToolTip(
            self.tr("R3 step 1: a Luck/Fate point doubles the ability dice (not the pips).")
        )
        self.successes_check = QCheckBox(self.tr("Count successes"))
        self.successes_check.setToolTip(
            self.tr(
                "R3 success counting (D6 Legend): no pips; every die showing 3+ is one "
                "success, a Wild Die 6 rolls again. The difficulty is a number of successes."
            )
        )
        self.band_label = QLabel()
        self.band_label.setAccessibleName(self.tr("Difficulty band"))
        self._checks_row = QWidget()
        checks = QHBoxLayout(self._checks_row)
        checks.setContentsMargins(0, 0, 0, 0)
        checks.addWidget(self.luck_check)
        checks.addWidget(self.successes_check)
        checks.addStretch(1)
        checks.addWidget(self.band_label)
        self.more_button = QToolButton()
        self.more_button.setCheckable(True)
        self.more_button.setText(self.tr("More options"))
        self.more_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.more_button.setArrowType(Qt.ArrowType.RightArrow)
        self.more_button.setAutoRaise(True)
        self.more_button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.more_button.setToolTip(
            self.tr(
                "Other dice, the critical 1, Advantage, Boost and Penalty dice, a modifier "
                "and flips (R3). They open by themselves when a roll uses one."
            )
        )
        self.more_button.toggled.connect(self._show_more)

        self._flips_label = flips_label = QLabel(self.tr("Flips"))
        flips_tip = self.tr(
            "R3 step 6: every face showing a listed value becomes sides + 1 - face "
            "(F1: a 1 reads as 6). Each face flips once, judged on its rolled value."
        )
        flips_label.setToolTip(flips_tip)
        self.flips_box = QWidget()
        self.flips_box.setToolTip(flips_tip)
        self._flips_grid = QGridLayout(self.flips_box)
        self._flips_grid.setContentsMargins(0, 0, 0, 0)
        self._flips_grid.setHorizontalSpacing(self.fontMetrics().height() // 2)
        self._flips_grid.setAlignment(Qt.AlignmentFlag.AlignLeft)
        self._flips_row = QWidget()
        flips_row = QHBoxLayout(self._flips_row)
        flips_row.setContentsMargins(0, 0, 0, 0)
        flips_row.addWidget(self.flips_box)
        flips_row.addStretch(1)
        self._flips_row_layout = flips_row

        self.reset_button = QPushButton(self.tr("Reset to house rules"))
        self.reset_button.setToolTip(
            self.tr(
                "Clear every option; Wild Dice and the critical failure rule go back to "
                "the campaign's settings (R3 steps 2 and 3)."
            )
        )
        self.reset_button.clicked.connect(self.reset)
        self._build_flips()
        self._explain()
        self._show_flips(6, frozenset())
        self._arrange(2)
        # Reading order, whichever arrangement is on show.
        chain = [field for _, field in self._pairs] + [self.luck_check, self.successes_check]
        chain += [self.more_button, *self._flip_buttons, self.reset_button]
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)

        self.code_edit.textChanged.connect(self._validate_and_emit)
        self.sides_combo.currentIndexChanged.connect(self._sides_changed)
        self.critical_combo.currentIndexChanged.connect(self._validate_and_emit)
        for spin in (
            self.wild_spin,
            self.advantage_spin,
            self.disadvantage_spin,
            self.boost_spin,
            self.penalty_spin,
            self.modifier_spin,
            self.actions_spin,
        ):
            spin.valueChanged.connect(self._validate_and_emit)
        self.actions_spin.valueChanged.connect(self._show_actions)
        self.luck_check.toggled.connect(self._validate_and_emit)
        self.successes_check.toggled.connect(self._successes_toggled)
        self.difficulty_spin.valueChanged.connect(self._difficulty_changed)
        self._update_band()

    def _explain(self) -> None:
        """What's This (Shift+F1, or the Help menu): each option in plain words."""
        texts = words.option_explanations()
        for name in texts:
            widget: QWidget = getattr(self, name)
            widget.setWhatsThis(texts[name])
        for label, field in self._pairs:
            label.setWhatsThis(field.whatsThis())

    def _add_row(self, text: str, field: QWidget, tip: str) -> None:
        label = QLabel(text)
        label.setBuddy(field)
        label.setToolTip(tip)
        field.setToolTip(tip)
        field.setAccessibleName(text)
        field.setAccessibleDescription(tip)
        self._pairs.append((label, field))

    def _build_flips(self) -> None:
        """One box per face of the largest die; faces a smaller die lacks are hidden."""
        for face in range(1, max(DIE_SIDES) + 1):
            button = QCheckBox(f"F{face}", self.flips_box)
            button.setAccessibleName(self.tr("Flip face %1").replace("%1", str(face)))
            button.toggled.connect(self._validate_and_emit)
            self._flip_buttons.append(button)

    # --- two columns, or one in a narrow dock ---------------------------------------------

    def _arrange(self, columns: int, *, force: bool = False) -> None:
        """Lay the label/field pairs out ``columns`` (2 or 1) abreast; in one column the
        flip boxes wrap sooner and the reset button gets a line of its own."""
        if columns == self._columns and not force:
            return
        self._columns = columns
        grid = self._grid
        placed: list[QWidget] = [self.error_label, self._checks_row, self._flips_label]
        placed += [self._flips_row, self.reset_button, self.more_button]
        for label, field in self._pairs:
            placed += [label, field]
        for widget in placed:
            grid.removeWidget(widget)
        self._flips_row_layout.removeWidget(self.reset_button)
        more = self.more_button.isChecked()
        shown = [pair for pair in self._pairs if more or pair[1] not in self._advanced]
        span = 2 * columns
        for index, (label, field) in enumerate(shown):
            line = index // columns
            row = line + 1 if line else 0  # the die code's error goes under its line
            column = 2 * (index % columns)
            grid.addWidget(label, row, column)
            grid.addWidget(field, row, column + 1)
        grid.addWidget(self.error_label, 1, 0, 1, span)
        row = (len(shown) + columns - 1) // columns + 1
        grid.addWidget(self._checks_row, row, 0, 1, span)
        grid.addWidget(self._flips_label, row + 1, 0, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self._flips_row, row + 1, 1, 1, span - 1)
        last = row + 2
        grid.addWidget(self.more_button, last, 0, 1, span, Qt.AlignmentFlag.AlignLeft)
        grid.addWidget(self.reset_button, last, 0, 1, span, Qt.AlignmentFlag.AlignRight)
        # Visibility once placed: a widget without a parent yet would open as a window.
        self._flips_label.setVisible(more)
        self._flips_row.setVisible(more)
        for label, field in self._pairs:
            on_show = (label, field) in shown
            for widget in (label, field):
                if widget.parentWidget() is None:
                    widget.setParent(self)
                widget.setVisible(on_show)
        for column in range(4):
            grid.setColumnStretch(column, 1 if column % 2 and column < span else 0)
        self._grid_flips(FLIP_COLUMNS if columns == 2 else NARROW_FLIP_COLUMNS)
        self.updateGeometry()
        self.columnsChanged.emit(columns)

    def _grid_flips(self, per_row: int) -> None:
        for button in self._flip_buttons:
            self._flips_grid.removeWidget(button)
        for face, button in enumerate(self._flip_buttons, start=1):
            self._flips_grid.addWidget(button, (face - 1) // per_row, (face - 1) % per_row)

    def _two_column_width(self) -> int:
        """The width two columns need with every field at its preferred size."""
        spacing = max(self._grid.horizontalSpacing(), 0)
        widths = [0, 0, 0, 0]
        for index, (label, field) in enumerate(self._pairs):
            column = 2 * (index % 2)
            widths[column] = max(widths[column], label.sizeHint().width())
            widths[column + 1] = max(widths[column + 1], field.sizeHint().width())
        widths[0] = max(widths[0], self._flips_label.sizeHint().width())
        flips = self._flips_width(FLIP_COLUMNS) + spacing + self.reset_button.sizeHint().width()
        return max(
            sum(widths) + 3 * spacing,
            widths[0] + spacing + flips,
            self._checks_row.sizeHint().width(),
        )

    def _one_column_width(self) -> int:
        """The narrowest the form gets: one column, every control at its minimum."""
        spacing = max(self._grid.horizontalSpacing(), 0)
        labels = [label.minimumSizeHint().width() for label, _ in self._pairs]
        labels.append(self._flips_label.minimumSizeHint().width())
        fields = [field.minimumSizeHint().width() for _, field in self._pairs]
        fields.append(self._flips_width(NARROW_FLIP_COLUMNS))
        return max(
            max(labels) + spacing + max(fields),
            self._checks_row.minimumSizeHint().width(),
            self.reset_button.minimumSizeHint().width(),
        )

    def _flips_width(self, per_row: int) -> int:
        shown = [b for b in self._flip_buttons if not b.isHidden()]
        if not shown:
            return 0
        count = min(per_row, len(shown))
        box = max(b.sizeHint().width() for b in shown)
        return count * box + (count - 1) * max(self._flips_grid.horizontalSpacing(), 0)

    def minimumSizeHint(self) -> QSize:
        """As narrow as one column; as tall as the current arrangement."""
        hint = super().minimumSizeHint()
        return QSize(min(hint.width(), self._one_column_width()), hint.height())

    def sizeHint(self) -> QSize:
        """Two columns' width, so a dock sized from it shows the form side by side."""
        hint = super().sizeHint()
        return QSize(max(hint.width(), self._two_column_width()), hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange(2 if event.size().width() >= self._two_column_width() else 1)

    def columns(self) -> int:
        """How many label/field pairs sit side by side now (2, or 1 when narrow)."""
        return self._columns

    def _show_flips(self, sides: int, checked: frozenset[int]) -> None:
        tip = self.tr("R3 step 6: a %1 reads as %2")
        new_sides = sides != self._flip_sides  # a tracker sets the spec at every turn
        self._flip_sides = sides
        for face, button in enumerate(self._flip_buttons, start=1):
            blocked = button.blockSignals(True)
            button.setChecked(face in checked and face <= sides)
            button.blockSignals(blocked)
            if new_sides:
                button.setVisible(face <= sides)
                flipped = str(sides + 1 - face)
                button.setToolTip(tip.replace("%1", str(face)).replace("%2", flipped))
        shown = min(sides, len(self._flip_buttons))
        if self._columns and shown != self._shown_faces:  # the flips' width changed
            self._shown_faces = shown
            self._arrange(2 if self.width() >= self._two_column_width() else 1, force=True)

    def _show_more(self, more: bool) -> None:
        self.more_button.setArrowType(Qt.ArrowType.DownArrow if more else Qt.ArrowType.RightArrow)
        if self._columns:
            self._arrange(self._columns, force=True)

    def _open_if_used(self, spec: RollSpec) -> None:
        """A roll using a hidden option shows them all: nothing set is ever out of sight."""
        used = (
            spec.sides != 6
            or spec.critical_failure != self._defaults.critical_failure
            or spec.advantage
            or spec.disadvantage
            or spec.boost
            or spec.penalty
            or spec.modifier
            or spec.flips
        )
        if used and not self.more_button.isChecked():
            self.more_button.setChecked(True)

    def _flips(self) -> frozenset[int]:
        return frozenset(i + 1 for i, b in enumerate(self._flip_buttons) if b.isChecked())

    # --- public API ------------------------------------------------------------------------

    def spec(self) -> RollSpec | None:
        """The roll the controls describe, or None while they are invalid (see :meth:`error`)."""
        spec, _ = self._read()
        return spec

    def error(self) -> str | None:
        """Why the controls are not a roll, or None."""
        return self._error

    def difficulty(self) -> int | None:
        """The number rolled against (R4), or None for a standing check."""
        value = self.difficulty_spin.value()
        return value if value > 0 else None

    def set_code(self, code: DieCode) -> None:
        """Only the die code changes (the sheet's row changed); every option stays."""
        self.code_edit.setText(str(code))

    def set_difficulty(self, difficulty: int | None) -> None:
        self.difficulty_spin.setValue(0 if difficulty is None else max(0, difficulty))

    def set_defaults(self, defaults: CheckDefaults) -> None:
        """The campaign's way of rolling (R3 settings `wild_dice`, `critical_failure`, and
        its game's success counting): they become the defaults and apply now."""
        self._defaults = defaults
        self._quiet = True
        try:
            self.wild_spin.setValue(defaults.wild_dice)
            self.critical_combo.setCurrentIndex(
                CRITICAL_FAILURE_RULES.index(defaults.critical_failure)
            )
            self.successes_check.setChecked(defaults.count_successes)
        finally:
            self._quiet = False
        self._validate_and_emit()

    def set_spec(self, spec: RollSpec) -> None:
        """Show ``spec`` in the controls (one ``specChanged`` at the end)."""
        self._quiet = True
        try:
            # Only what differs: Qt repaints a spin box or a line edit given its own value
            # again, and the tracker loads each turn's roll here (bench/bench_tracker.py).
            if self.code_edit.text() != str(spec.code):
                self.code_edit.setText(str(spec.code))
            self.sides_combo.setCurrentIndex(DIE_SIDES.index(spec.sides))
            _show_value(self.wild_spin, spec.wild_dice)
            self.critical_combo.setCurrentIndex(CRITICAL_FAILURE_RULES.index(spec.critical_failure))
            self.luck_check.setChecked(spec.luck)
            _show_value(self.advantage_spin, spec.advantage)
            _show_value(self.disadvantage_spin, spec.disadvantage)
            _show_value(self.boost_spin, spec.boost)
            _show_value(self.penalty_spin, spec.penalty)
            _show_value(self.modifier_spin, spec.modifier)
            self.successes_check.setChecked(spec.count_successes)
            self._show_flips(spec.sides, spec.flips)
        finally:
            self._quiet = False
        self._open_if_used(spec)
        self._update_band()
        self._validate_and_emit()

    def reset(self) -> None:
        """Every option cleared; the house rules back (the code and difficulty stay)."""
        self._quiet = True
        try:
            self.sides_combo.setCurrentIndex(DIE_SIDES.index(6))
            self.luck_check.setChecked(False)
            self.successes_check.setChecked(False)
            for spin in (
                self.advantage_spin,
                self.disadvantage_spin,
                self.boost_spin,
                self.penalty_spin,
                self.modifier_spin,
            ):
                spin.setValue(0)
            self._show_flips(6, frozenset())
        finally:
            self._quiet = False
        self.set_defaults(self._defaults)

    def _show_actions(self, actions: int) -> None:
        """The dice the declared actions cost, beside their number (OpenD6)."""
        lost = multiple_action_dice(actions)
        self.actions_spin.setSuffix(f" ({MINUS}{lost}D each roll)" if lost else "")

    def new_round(self) -> None:
        """A new round: one action declared again (OpenD6 multiple actions)."""
        _show_value(self.actions_spin, 1)

    # --- reading and reporting ------------------------------------------------------------

    def _read(self) -> tuple[RollSpec | None, str | None]:
        text = self.code_edit.text()
        if not text.strip():
            return None, self.tr("Type a die code such as 3D+2.")
        try:
            code = DieCode.parse(text)
        except ValueError as error:
            return None, str(error)
        if code.dice > MAX_DICE:
            return None, self.tr("%1 rolls %2 dice; the dice panel stops at %3.").replace(
                "%1", str(code)
            ).replace("%2", str(code.dice)).replace("%3", str(MAX_DICE))
        code = with_multiple_actions(code, self.actions_spin.value())
        try:
            spec = RollSpec(
                code=code,
                wild_dice=self.wild_spin.value(),
                critical_failure=CRITICAL_FAILURE_RULES[self.critical_combo.currentIndex()],
                luck=self.luck_check.isChecked(),
                advantage=self.advantage_spin.value(),
                disadvantage=self.disadvantage_spin.value(),
                boost=self.boost_spin.value(),
                penalty=self.penalty_spin.value(),
                flips=self._flips(),
                sides=int(self.sides_combo.currentData()),
                modifier=self.modifier_spin.value(),
                count_successes=self.successes_check.isChecked(),
            )
        except ValueError as error:
            return None, str(error)
        return spec, None

    def _validate_and_emit(self) -> None:
        if self._quiet:
            return
        spec, error = self._read()
        self._error = error
        self.error_label.set_text(error)
        self.code_edit.setToolTip(tooltip(error) if error else self._code_tip)
        self.code_edit.setAccessibleDescription(error if error else self._code_tip)
        if spec is None:
            self.specInvalid.emit(error or "")
        else:
            self.specChanged.emit(spec)

    def _sides_changed(self) -> None:
        sides = int(self.sides_combo.currentData())
        self._show_flips(sides, self._flips())
        self._validate_and_emit()

    def _successes_toggled(self) -> None:
        self._update_band()
        self._validate_and_emit()

    def set_effect_roll(self, on: bool) -> None:
        """R4: the next rolls are effect rolls (damage, against nothing), until a
        difficulty is set."""
        self.effect_roll = on
        self._update_band()

    def _difficulty_changed(self) -> None:
        if self.difficulty() is not None:
            self.effect_roll = False  # rolled against a number: a check again
        self._update_band()
        self.difficultyChanged.emit(self.difficulty())

    def _update_band(self) -> None:
        difficulty = self.difficulty()
        if difficulty is None:
            self.band_label.setText(
                self.tr("damage roll") if self.effect_roll else self.tr("standing check")
            )
        elif self.successes_check.isChecked():
            self.band_label.setText(self.tr("%1 successes").replace("%1", str(difficulty)))
        else:
            self.band_label.setText(words.difficulty_band(difficulty))


def _show_value(spin: QSpinBox, value: int) -> None:
    """Set ``spin`` to ``value`` unless it shows it already (no repaint, no signal)."""
    if spin.value() != value:
        spin.setValue(value)


def _spin(low: int, high: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setAlignment(Qt.AlignmentFlag.AlignRight)
    spin.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.UpDownArrows)
    return spin
