"""The OK / Cancel row every dialog of the app ends with: one place for its shape, so each
dialog says only what OK is called and what it does."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDialog, QDialogButtonBox


def ok_cancel(
    dialog: QDialog, *, ok_text: str | None = None, on_ok: Callable[[], None] | None = None
) -> QDialogButtonBox:
    """OK (named ``ok_text``, if given) runs ``on_ok`` (default: accept the dialog);
    Cancel rejects it."""
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    if ok_text is not None:
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(ok_text)
    buttons.accepted.connect(on_ok if on_ok is not None else dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons
