"""Tool buttons that show an action, with the connections Qt leaves behind trimmed.

Found profiling the tracker (issue 17): in PySide6 6.11.3 every change of an action (its
tooltip, its enabled state, its text) makes each ``QToolButton`` that shows it connect
to the action's ``changed`` signal once more, and nothing ever disconnects them. The
Undo and Redo tooltips change with every command, so after n commands each command
called n forgotten slots, twice or more: a GM's table slowed down through the evening
(after 1,200 turns a round change's command took 1.1 ms more, and growing).
``tests/ui/test_ui_action_buttons.py`` shows it on a bare toolbar.

The trim: once a button's action has gathered ``SPARE`` connections more than it had
when shown, every connection from the action to the button goes and the button shows
the action afresh, which connects it once, as Qt itself does. Trimming every time
would cost a ``setDefaultAction`` per change; this costs one per ``SPARE`` changes.
Where Qt does not leak, the count never grows and nothing is trimmed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Final

from PySide6.QtCore import SIGNAL, QObject, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QToolBar, QToolButton, QWidget

SPARE: Final = 16
"""Leaked connections a button's action may gather before they are trimmed."""

_CHANGED: Final = SIGNAL("changed()")


class _Trimmer(QObject):
    """Lives on the button's owner (a child of it, so it goes with it and its own
    connection with it) and trims the connections its action leaks to the button,
    found only then (``button_of``): asking a toolbar for its button at start-up made
    PySide look up every widget type, ~14 ms before the first paint."""

    def __init__(
        self, owner: QObject, action: QAction, button_of: Callable[[], QWidget | None]
    ) -> None:
        super().__init__(owner)
        self.action = action
        self.button_of = button_of
        self.shown = action.receivers(_CHANGED) + 1  # the count with this trimmer's own
        action.changed.connect(self.trim)

    @Slot()
    def trim(self) -> None:
        if self.action.receivers(_CHANGED) <= self.shown + SPARE:
            return
        button = self.button_of()
        if not isinstance(button, QToolButton):
            return
        # A method of None is every slot of the button, Qt's lambdas included ("" is
        # none of them); the stubs only know strings.
        QObject.disconnect(self.action, _CHANGED, button, None)  # type: ignore[call-overload]
        button.setDefaultAction(self.action)  # connects it once again, as shown


def show_action(button: QToolButton, action: QAction) -> None:
    """``button.setDefaultAction(action)``, kept from gathering leaked connections."""
    button.setDefaultAction(action)
    _Trimmer(button, action, lambda: button)


def trim_toolbar(toolbar: QToolBar) -> None:
    """Keep the tool buttons ``toolbar`` made for its actions from gathering leaked
    connections. Call it once the actions are added."""
    for action in toolbar.actions():
        _Trimmer(toolbar, action, partial(toolbar.widgetForAction, action))


__all__ = ["SPARE", "show_action", "trim_toolbar"]
