"""The sheet's header: name, player, kind, Dynamic/Stock, encounter length, portrait,
action / Character / Fate points and Fame with +/- buttons (R7, R8), and the story texts
(background, hooks, notes). Every edit is an undoable command; a refused one (R2: a player
character is always Dynamic) puts the field back and reports why through ``problem``.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from pathlib import Path
from typing import Final, Literal

from pydantic import ValidationError
from PySide6.QtCore import QByteArray, QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QFocusEvent, QImage, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QStyleOptionFrame,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sheets.conditions import ENCOUNTER_LENGTHS, OUT_OF_ACTION_AT
from sheets.documents import CHARACTER_KINDS, Character, Portrait
from sheets.documents.character import MAX_PORTRAIT_BYTES
from sheets.fame import fame_standing
from ui import commands
from ui.sheet.campaign_rules import owning_campaign
from ui.text import tooltip
from ui.workspace.character_document import CharacterDocument, validation_reason

PORTRAIT_SIZE: Final = 112
LINE_EDIT_MARGIN: Final = 2  # QLineEdit's own gap either side of its text


def kind_names() -> dict[str, str]:
    from ui.campaign.model import kind_label

    return {kind: kind_label(kind) for kind in CHARACTER_KINDS}


def text_room(edit: QLineEdit) -> int:
    """How wide a text ``edit`` shows without scrolling it: its contents less the margins
    the line edit keeps either side of its text (and any icons inside it)."""
    option = QStyleOptionFrame()
    edit.initStyleOption(option)
    contents = edit.style().subElementRect(QStyle.SubElement.SE_LineEditContents, option, edit)
    margins = edit.textMargins()
    icons = sum(
        child.width()
        for child in edit.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
        if child.isVisible()
    )
    return contents.width() - margins.left() - margins.right() - icons - 2 * LINE_EDIT_MARGIN


def text_fits(edit: QLineEdit) -> bool:
    """True when ``edit`` shows all of its text (nothing scrolled out at either side)."""
    return edit.fontMetrics().horizontalAdvance(edit.text()) <= text_room(edit)


class CommitPlainTextEdit(QPlainTextEdit):
    """A plain text edit that reports its text when it loses focus (one undo step)."""

    committed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTabChangesFocus(True)  # Tab moves on: every control reachable by keyboard
        self._shown = ""

    def show_text(self, text: str) -> None:
        if text != self.toPlainText():
            self.setPlainText(text)
        self._shown = text

    def commit(self) -> None:
        text = self.toPlainText()
        if text != self._shown:
            self._shown = text
            self.committed.emit(text)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.commit()
        super().focusOutEvent(event)


class PointsControl(QWidget):
    """``Action points  [−] 2 [+]``: a counter with buttons (R7, R8)."""

    def __init__(
        self,
        label: str,
        tooltip: str,
        parent: QWidget | None = None,
        describe: Callable[[int], str] | None = None,
    ) -> None:
        super().__init__(parent)
        self.describe = describe
        self.title = QLabel(label)
        self.value_label = QLabel("0")
        self.value_label.setMinimumWidth(self.fontMetrics().horizontalAdvance("0000"))
        self.value_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = self.value_label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.value_label.setFont(font)
        self.value_label.setAccessibleName(label)
        self.minus = QToolButton()
        self.minus.setText("−")
        self.minus.setAccessibleName(self.tr("%1: one less").replace("%1", label))
        self.plus = QToolButton()
        self.plus.setText("+")
        self.plus.setAccessibleName(self.tr("%1: one more").replace("%1", label))
        for button in (self.minus, self.plus):
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            button.setAutoRepeat(True)
            button.setMinimumSize(QSize(26, 26).expandedTo(button.sizeHint()))  # never cut
        self.setToolTip(tooltip)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.title, 1)
        layout.addWidget(self.minus)
        layout.addWidget(self.value_label)
        layout.addWidget(self.plus)

    def set_value(self, value: int) -> None:
        self.value_label.setText(str(value))
        if self.describe is not None:  # Fame: what the score means at the table (R8)
            self.value_label.setToolTip(self.describe(value))
        self.minus.setEnabled(value > 0)
        self.value_label.setAccessibleDescription(str(value))


class HeaderWidget(QWidget):
    """Name, player, kind, importance, encounter length, fear, portrait, points."""

    problem = Signal(str)
    portraitRequested = Signal()  # the portrait was clicked: whoever owns the prompter asks

    def __init__(self, doc: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("SheetHeader")
        self.doc = doc

        self.portrait = QToolButton()
        self.portrait.setFixedSize(QSize(PORTRAIT_SIZE, PORTRAIT_SIZE))
        self.portrait.setIconSize(QSize(PORTRAIT_SIZE - 8, PORTRAIT_SIZE - 8))
        self.portrait.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
        self.portrait.setAccessibleName(self.tr("Portrait"))
        self.portrait.setToolTip(self.tr("Choose a PNG or JPEG portrait (kept inside the file)"))
        self.portrait.clicked.connect(self.portraitRequested)
        self.remove_portrait = QPushButton(self.tr("Remove portrait"))
        self.remove_portrait.clicked.connect(self.clear_portrait)

        self.name_edit = QLineEdit()
        self.name_edit.setAccessibleName(self.tr("Name"))
        font = self.name_edit.font()
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setBold(True)
        self.name_edit.setFont(font)
        self.player_edit = QLineEdit()
        self.player_edit.setAccessibleName(self.tr("Player"))
        self.player_edit.setPlaceholderText(self.tr("empty: the Game Master plays it"))
        self.kind_combo = QComboBox()
        self.kind_combo.setAccessibleName(self.tr("Kind"))
        for kind, label in kind_names().items():
            self.kind_combo.addItem(label, kind)
        self.importance_combo = QComboBox()
        self.importance_combo.setAccessibleName(self.tr("Dynamic or Stock"))
        self.importance_combo.addItem(self.tr("Dynamic"), "dynamic")
        self.importance_combo.addItem(self.tr("Stock"), "stock")
        self.importance_combo.setToolTip(
            self.tr("R2: Dynamic (player characters, central opponents) or Stock")
        )
        self.length_combo = QComboBox()
        self.length_combo.setAccessibleName(self.tr("Encounter length"))
        for length in ENCOUNTER_LENGTHS:
            self.length_combo.addItem(
                self.tr("%1 (Out of Action at %2 ranks)")
                .replace("%1", length.capitalize())
                .replace("%2", str(OUT_OF_ACTION_AT[length])),
                length,
            )
        self.length_combo.setToolTip(
            self.tr("R5: how many ranks on a track put this element Out of Action")
        )
        self.fear_spin = QSpinBox()
        self.fear_spin.setRange(0, 1000)
        self.fear_spin.setAccessibleName(self.tr("Fear rating"))
        self.fear_spin.setToolTip(
            self.tr("R8: Fear rating x number of creatures is the fear check's difficulty")
        )
        self.fear_label = QLabel(self.tr("&Fear rating:"))
        self.fear_label.setBuddy(self.fear_spin)
        self.game_label = QLabel()
        self.game_label.setObjectName("SheetGame")
        self.game_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.game_label.setToolTip(
            self.tr(
                "The game this character was made with; Campaign > Game says what the "
                "campaign plays (its attributes, skills and damage system)"
            )
        )

        # One grid: the labels, then the fields, then the points. The name runs across the
        # points' column too, so a long name ("Dr. Margarethe \"Greta\" Vance") shows whole
        # even with the sheet at its narrowest.
        grid = QGridLayout()
        grid.setVerticalSpacing(4)
        grid.addWidget(self._label(self.tr("&Name:"), self.name_edit), 0, 0)
        grid.addWidget(self.name_edit, 0, 1, 1, 3)
        grid.addWidget(self._label(self.tr("&Player:"), self.player_edit), 1, 0)
        grid.addWidget(self.player_edit, 1, 1)
        kind_row = QHBoxLayout()
        kind_row.addWidget(self.kind_combo, 1)
        kind_row.addWidget(self.importance_combo, 1)
        grid.addWidget(self._label(self.tr("&Kind:"), self.kind_combo), 2, 0)
        grid.addLayout(kind_row, 2, 1)
        grid.addWidget(self._label(self.tr("&Encounter length:"), self.length_combo), 3, 0)
        grid.addWidget(self.length_combo, 3, 1)
        grid.addWidget(QLabel(self.tr("Game:")), 4, 0)
        grid.addWidget(self.game_label, 4, 1)
        grid.addWidget(self.fear_label, 5, 0)
        grid.addWidget(self.fear_spin, 5, 1, Qt.AlignmentFlag.AlignLeft)
        grid.setColumnStretch(1, 3)  # room to spare: to the fields and the points, 3:2
        grid.setColumnStretch(3, 2)
        grid.setColumnMinimumWidth(2, 12)

        self.points = {
            "action_points": PointsControl(
                self.tr("Action points"),
                self.tr(
                    "R7 (FreeD6): reroll, +2D after the roll, a narrative edit, alter the rules"
                ),
            ),
            "character_points": PointsControl(
                self.tr("Character Points"), self.tr("R7 (OpenD6): +1 die each, after the roll")
            ),
            "fate_points": PointsControl(
                self.tr("Fate Points"), self.tr("R7 (OpenD6): double the dice before the roll (R3)")
            ),
            "fame": PointsControl(
                self.tr("Fame"),
                self.tr("R8: the group's Fame reduces the Fear of what it meets"),
                describe=lambda fame: f"Fame {fame}: {fame_standing(fame)}",
            ),
        }
        points = QVBoxLayout()
        points.setSpacing(2)
        for field, control in self.points.items():
            points.addWidget(control)
            control.minus.clicked.connect(lambda _c=False, f=field: self.adjust(f, -1))
            control.plus.clicked.connect(lambda _c=False, f=field: self.adjust(f, +1))
        # Beside the rows under the name; a last, stretching row takes what the points need
        # beyond those rows, so the rows keep their natural spacing.
        grid.addLayout(points, 1, 3, 6, 1, Qt.AlignmentFlag.AlignTop)
        grid.setRowStretch(6, 1)

        portrait_column = QVBoxLayout()
        portrait_column.addWidget(self.portrait)
        portrait_column.addWidget(self.remove_portrait)
        portrait_column.addStretch(1)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(portrait_column)
        layout.addLayout(grid, 1)

        self.name_edit.editingFinished.connect(lambda: self._commit_text("name", self.name_edit))
        self.name_edit.textChanged.connect(lambda _t: self._update_name_tip())
        self.name_edit.installEventFilter(self)
        self.player_edit.editingFinished.connect(
            lambda: self._commit_text("player", self.player_edit)
        )
        self.kind_combo.activated.connect(lambda _i: self._commit_combo("kind", self.kind_combo))
        self.importance_combo.activated.connect(
            lambda _i: self._commit_combo("importance", self.importance_combo)
        )
        self.length_combo.activated.connect(
            lambda _i: self._commit_combo("encounter_length", self.length_combo)
        )
        self.fear_spin.editingFinished.connect(self._commit_fear)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        doc.changed.connect(self.refresh)
        doc.reset.connect(self.refresh)
        self.refresh()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.name_edit and event.type() == QEvent.Type.Resize:
            self._update_name_tip()
        return super().eventFilter(watched, event)

    def _update_name_tip(self) -> None:
        """A name too long for its field shows whole in the field's tooltip."""
        edit = self.name_edit
        edit.setToolTip("" if text_fits(edit) else tooltip(edit.text()))

    @staticmethod
    def _label(text: str, buddy: QWidget) -> QLabel:
        label = QLabel(text)
        label.setBuddy(buddy)
        return label

    @property
    def character(self) -> Character:
        return self.doc.character

    def refresh(self) -> None:
        c = self.character
        for edit, value in ((self.name_edit, c.name), (self.player_edit, c.player)):
            if edit.text() != value and not (edit.hasFocus() and edit.isModified()):
                edit.setText(value)  # never under the cursor of someone typing
                edit.setCursorPosition(0)
        for combo, value in (
            (self.kind_combo, c.kind),
            (self.importance_combo, c.importance),
            (self.length_combo, c.encounter_length),
        ):
            combo.setCurrentIndex(combo.findData(value))
        self.importance_combo.setEnabled(c.kind != "character")  # R2: always Dynamic
        if not self.fear_spin.hasFocus():
            self.fear_spin.setValue(c.fear_rating)
        shows_fear = c.kind in ("creature", "location", "npc") or c.fear_rating > 0
        self.fear_spin.setVisible(shows_fear)
        self.fear_label.setVisible(shows_fear)
        for field, control in self.points.items():
            control.set_value(getattr(c, field))
        self.game_label.setText(self._game_text())
        self._show_portrait()

    def _game_text(self) -> str:
        """The game the sheet was made with, and the campaign's where it plays another."""
        campaign = owning_campaign(self.doc)
        played = campaign.template().name if campaign is not None else ""
        made = self.character.game or played or "FreeD6"
        if played and played != made:
            return self.tr("%1 (the campaign plays %2)").replace("%1", made).replace("%2", played)
        return made

    def _show_portrait(self) -> None:
        portrait = self.character.portrait
        if portrait is None:
            self.portrait.setIcon(QPixmap())
            self.portrait.setText(self.tr("Add\nportrait"))
            self.remove_portrait.setEnabled(False)
            return
        image = QImage()
        image.loadFromData(QByteArray(base64.b64decode(portrait.data)))
        pixmap = QPixmap.fromImage(image).scaled(
            self.portrait.iconSize(),
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
        self.portrait.setIcon(pixmap)
        self.portrait.setText("")
        self.remove_portrait.setEnabled(True)

    # --- edits -----------------------------------------------------------------------------------

    def _push(self, field: str, value: object, text: str | None = None) -> bool:
        refused = commands.push_field(self.doc, field, value, text)
        if refused is not None:  # said, and the field shows the sheet's value again
            self.problem.emit(refused)
            self.refresh()
        return refused is None

    def _commit_text(self, field: str, edit: QLineEdit) -> None:
        edit.setModified(False)  # from here on the sheet decides what the field shows
        if edit.text() != getattr(self.character, field):
            self._push(field, edit.text())

    def _commit_combo(self, field: str, combo: QComboBox) -> None:
        self._push(field, combo.currentData())

    def _commit_fear(self) -> None:
        if self.fear_spin.value() != self.character.fear_rating:
            self._push("fear_rating", self.fear_spin.value())

    def adjust(self, field: str, delta: int) -> None:
        """+/- on a counter: one undo step per run of clicks on the same counter."""
        command = commands.adjust_points(self.doc, field, delta)
        if command is not None:
            self.doc.push(command)

    def set_portrait_file(self, path: Path) -> bool:
        try:
            data = path.read_bytes()
        except OSError as error:
            self.problem.emit(
                self.tr("Cannot read %1: %2")
                .replace("%1", path.name)
                .replace("%2", str(error.strerror))
            )
            return False
        if len(data) > MAX_PORTRAIT_BYTES:
            self.problem.emit(self.tr("The portrait is larger than 4 MB: choose a smaller image"))
            return False
        media: Literal["image/png", "image/jpeg"] = (
            "image/png" if data.startswith(b"\x89PNG") else "image/jpeg"
        )
        try:
            portrait = Portrait(media_type=media, data=base64.b64encode(data).decode("ascii"))
        except ValidationError as error:
            self.problem.emit(validation_reason(error))
            return False
        return self._push("portrait", portrait, self.tr("Change portrait"))

    def clear_portrait(self) -> None:
        self._push("portrait", None, self.tr("Remove portrait"))


class StoryWidget(QWidget):
    """Background, hooks (one per line; R7: accepting one earns an action point), notes."""

    problem = Signal(str)

    def __init__(self, doc: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.background = CommitPlainTextEdit()
        self.background.setAccessibleName(self.tr("Background"))
        self.background.setToolTip(self.tr("R2: the background decides which abilities fit"))
        self.hooks = CommitPlainTextEdit()
        self.hooks.setAccessibleName(self.tr("Hooks, one per line"))
        self.hooks.setToolTip(
            self.tr(
                "One hook per line. R7: accepting a complication from a hook earns an action point"
            )
        )
        self.notes = CommitPlainTextEdit()
        self.notes.setAccessibleName(self.tr("Notes"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        for title, edit in (
            (self.tr("&Background"), self.background),
            (self.tr("&Hooks (one per line)"), self.hooks),
            (self.tr("N&otes"), self.notes),
        ):
            label = QLabel(title)
            label.setBuddy(edit)
            layout.addWidget(label)
            layout.addWidget(edit, 1)
        self.background.committed.connect(lambda text: self._push("background", text))
        self.notes.committed.connect(lambda text: self._push("notes", text))
        self.hooks.committed.connect(
            lambda text: self._push(
                "hooks", [line.strip() for line in text.splitlines() if line.strip()]
            )
        )
        doc.changed.connect(self.refresh)
        doc.reset.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        c = self.doc.character
        self.background.show_text(c.background)
        self.hooks.show_text("\n".join(c.hooks))
        self.notes.show_text(c.notes)

    def commit(self) -> None:
        for edit in (self.background, self.hooks, self.notes):
            edit.commit()

    def _push(self, field: str, value: object) -> None:
        refused = commands.push_field(self.doc, field, value)
        if refused is not None:  # said, and the field shows the sheet's value again
            self.problem.emit(refused)
            self.refresh()
