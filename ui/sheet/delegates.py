"""The die-code editor (R1): refuses bad input with the reason, never drops it silently.

``DieCodeValidator`` accepts what ``DieCode.parse`` reads and a sheet may hold (never
below 0D), keeps half-typed text as Intermediate, and remembers why the text is not a die
code. ``DieCodeDelegate`` edits the code column of the ability tree (and the weapons
table): Enter/Tab on a bad code keeps the editor open and shows the reason in a tooltip
and in ``rejected``; leaving the cell with a bad code closes the editor without changing
the sheet and still reports why.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractItemModel,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPointF,
    QRectF,
    Qt,
    Signal,
)
from PySide6.QtGui import QFocusEvent, QKeyEvent, QPainter, QPalette, QPen, QValidator
from PySide6.QtWidgets import (
    QApplication,
    QLineEdit,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolTip,
    QWidget,
)

from sheets.dice import DieCode
from ui.theme import mix

Index = QModelIndex | QPersistentModelIndex


def _tr(text: str) -> str:
    return QCoreApplication.translate("DieCode", text)


def die_code_problem(text: str, *, allow_empty: bool = False) -> str | None:
    """Why ``text`` cannot go on a sheet as a die code (R1), or None when it can."""
    if not text.strip():
        return None if allow_empty else _tr("write a die code like 3D+2 (0D for none)")
    try:
        code = DieCode.parse(text)
    except ValueError as error:
        return str(error)
    if code.total_pips < 0:
        return _tr("%1 is below 0D: a sheet never holds fewer than 0 dice (R1)").replace(
            "%1", str(code)
        )
    return None


class DieCodeValidator(QValidator):
    """Acceptable: a die code a sheet can hold (R1). Otherwise Intermediate, with a reason."""

    def __init__(self, parent: QObject | None = None, *, allow_empty: bool = False) -> None:
        super().__init__(parent)
        self.allow_empty = allow_empty
        self.reason: str | None = None

    def validate(self, text: str, pos: int) -> object:
        self.reason = die_code_problem(text, allow_empty=self.allow_empty)
        if self.reason is None:
            return QValidator.State.Acceptable, text, pos
        return QValidator.State.Intermediate, text, pos

    def fixup(self, text: str) -> str:
        return text


class DieCodeEdit(QLineEdit):
    """A line edit for one die code: shows the reason a code is refused (tooltip, colour).

    QLineEdit sends neither ``returnPressed`` nor ``editingFinished`` for text its
    validator does not accept; ``refused`` says why instead (Enter, or leaving the field).
    """

    refused = Signal(str)

    def __init__(self, parent: QWidget | None = None, *, allow_empty: bool = False) -> None:
        super().__init__(parent)
        self.code_validator = DieCodeValidator(self, allow_empty=allow_empty)
        self.setValidator(self.code_validator)
        self.setAccessibleDescription(self.tr("Die code, e.g. 3D+2 (R1)"))
        self._base_tooltip = self.tr("R1 die code: e.g. 3D+2, 2d6+1, +2; never below 0D")
        self.setToolTip(self._base_tooltip)
        self.textChanged.connect(self._update_state)

    def reason(self) -> str | None:
        self.code_validator.validate(self.text(), 0)
        return self.code_validator.reason

    def _update_state(self) -> None:
        reason = self.reason()
        palette = self.palette()
        if reason is None:
            self.setPalette(QPalette())
            self.setToolTip(self._base_tooltip)
            return
        palette.setColor(QPalette.ColorRole.Text, palette.color(QPalette.ColorRole.BrightText))
        self.setPalette(palette)
        self.setToolTip(reason)

    def show_reason(self) -> None:
        reason = self.reason()
        if reason is not None:
            QToolTip.showText(self.mapToGlobal(self.rect().bottomLeft()), reason, self)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.reason() is not None:
            self.show_reason()
            self.refused.emit(self.reason() or "")
        super().keyPressEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        reason = self.reason()
        if reason is not None:
            self.refused.emit(reason)
        super().focusOutEvent(event)


class DieCodeDelegate(QStyledItemDelegate):
    """Edits a die-code cell with ``DieCodeEdit``; refuses bad codes with the reason."""

    rejected = Signal(str)  # the reason a typed code was refused

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        editor = DieCodeEdit(parent)
        editor.refused.connect(self.rejected)  # leaving the cell with a bad code
        editor.setFrame(False)
        editor.setAccessibleName(self.tr("Die code"))
        return editor

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        if isinstance(editor, QLineEdit):
            editor.setText(str(index.data(Qt.ItemDataRole.EditRole) or ""))
            editor.selectAll()

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if not isinstance(editor, DieCodeEdit):
            return
        reason = editor.reason()
        if reason is not None:
            self.rejected.emit(reason)  # never silently: the view shows why
            return
        model.setData(index, editor.text(), Qt.ItemDataRole.EditRole)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(watched, DieCodeEdit) and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            commit_keys = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Tab, Qt.Key.Key_Backtab)
            if event.key() in commit_keys and watched.reason() is not None:
                watched.show_reason()
                self.rejected.emit(watched.reason() or "")
                return True  # keep editing: the code is refused, the editor stays open
        return super().eventFilter(watched, event)


class CheckDelegate(QStyledItemDelegate):
    """A check box cell drawn from the palette's text colour, readable in light and dark.

    Fusion draws an item view's check indicator in ``Base`` on ``Base``; with a dark palette
    the box all but disappears. Toggling (mouse, Space) stays QStyledItemDelegate's own.
    """

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        feature = QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
        if not opt.features & feature:
            super().paint(painter, option, index)
            return
        box = style.subElementRect(QStyle.SubElement.SE_ItemViewItemCheckIndicator, opt, widget)
        checked = opt.checkState == Qt.CheckState.Checked
        opt.features &= ~feature
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        palette = opt.palette
        text = palette.color(
            QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        )
        base = palette.color(QPalette.ColorRole.Base)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        side = min(box.width(), box.height()) - 2
        square = QRectF(0, 0, side, side)
        square.moveCenter(QRectF(box).center())
        painter.setPen(QPen(mix(text, base, 0.35), 1.2))
        painter.setBrush(base if not selected else Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(square, 2, 2)
        if checked:
            pen = QPen(text, max(1.6, side / 7))
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            s = square.adjusted(side * 0.2, side * 0.2, -side * 0.2, -side * 0.2)
            painter.drawPolyline(
                [
                    QPointF(s.left(), s.center().y()),
                    QPointF(s.left() + s.width() * 0.4, s.bottom()),
                    QPointF(s.right(), s.top()),
                ]
            )
        painter.restore()
