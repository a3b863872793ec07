"""The one place the app asks the player something or tells them something.

Every question, message and file dialog goes through a ``Prompter`` (issue 14): widgets
and controllers say *what* they ask (a ``Question`` with its ``Choice``s), the prompter
decides *how* (a QMessageBox with plain text: a name from a document is never read as
rich text, issue 13.3). Tests give the window a ``ScriptedPrompter`` with the answers
they expect instead of patching QMessageBox; an unexpected question fails the test.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from PySide6.QtWidgets import QPushButton

# The dialog classes are touched only when a question is asked: PySide6 builds a Qt type
# on first use, and the window's first paint does not wait for QMessageBox and friends
# (nor for ``dataclasses``: ``Question`` is a plain class).

Kind = Literal["question", "information", "warning", "critical"]


class Choice(Enum):
    """An answer the player can give (``_label`` words the ones Qt has no button for)."""

    YES = "yes"
    NO = "no"
    OK = "ok"
    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"
    RELOAD = "reload"  # a file changed elsewhere: take theirs
    OVERWRITE = "overwrite"  # ... keep mine
    SAVE_COPY = "save_copy"  # ... save mine as a copy


SAVE_DISCARD_CANCEL = (Choice.SAVE, Choice.DISCARD, Choice.CANCEL)


def _label(choice: Choice) -> str:
    """The words on a button the standard set has none for (with its mnemonic)."""
    return {
        Choice.RELOAD: QCoreApplication.translate("Prompter", "&Reload Theirs"),
        Choice.OVERWRITE: QCoreApplication.translate("Prompter", "&Keep Mine"),
        Choice.SAVE_COPY: QCoreApplication.translate("Prompter", "Save Mine as a &Copy…"),
    }[choice]


class Question:
    """What to ask: the words, the choices offered and the one Enter picks."""

    __slots__ = ("choices", "default", "details", "kind", "text", "title")

    def __init__(
        self,
        title: str,
        text: str,
        choices: tuple[Choice, ...] = (Choice.YES, Choice.NO),
        default: Choice | None = None,
        kind: Kind = "question",
        details: str = "",
    ) -> None:
        self.title = title
        self.text = text
        self.choices = choices
        self.default = default
        self.kind = kind
        self.details = details

    def __repr__(self) -> str:
        return f"Question({self.title!r}, {self.text!r}, {self.choices!r})"


class Prompter(QObject):
    """Asks with real dialogs, parented to ``window`` (set by whoever owns the window)."""

    def __init__(self, window: QWidget | None = None) -> None:
        super().__init__(window)
        self.window = window

    # --- questions and messages ------------------------------------------------------------

    def ask(self, question: Question) -> Choice:
        """The player's choice; closing the box (Escape) is Cancel, or No, or the last."""
        from PySide6.QtWidgets import QMessageBox

        standard = {
            Choice.YES: QMessageBox.StandardButton.Yes,
            Choice.NO: QMessageBox.StandardButton.No,
            Choice.OK: QMessageBox.StandardButton.Ok,
            Choice.SAVE: QMessageBox.StandardButton.Save,
            Choice.DISCARD: QMessageBox.StandardButton.Discard,
            Choice.CANCEL: QMessageBox.StandardButton.Cancel,
        }
        icons = {
            "question": QMessageBox.Icon.Question,
            "information": QMessageBox.Icon.Information,
            "warning": QMessageBox.Icon.Warning,
            "critical": QMessageBox.Icon.Critical,
        }
        box = QMessageBox(self.window)
        box.setIcon(icons[question.kind])
        box.setWindowTitle(question.title)
        box.setTextFormat(Qt.TextFormat.PlainText)  # document text stays text (13.3)
        box.setText(question.text)
        if question.details:
            box.setDetailedText(question.details)
        buttons: dict[QPushButton, Choice] = {}
        for choice in question.choices:
            if choice in standard:
                buttons[box.addButton(standard[choice])] = choice
            else:
                role = (
                    QMessageBox.ButtonRole.DestructiveRole
                    if choice is Choice.OVERWRITE
                    else QMessageBox.ButtonRole.AcceptRole
                )
                buttons[box.addButton(_label(choice), role)] = choice
        by_choice = {choice: button for button, choice in buttons.items()}
        if question.default is not None:
            box.setDefaultButton(by_choice[question.default])
        escape = next(
            (c for c in (Choice.CANCEL, Choice.NO, Choice.OK) if c in by_choice),
            question.choices[-1],
        )
        box.setEscapeButton(by_choice[escape])
        box.exec()
        clicked = box.clickedButton()
        return next((c for b, c in buttons.items() if b is clicked), escape)

    def tell(self, title: str, text: str, kind: Kind = "information", details: str = "") -> None:
        """A message with one OK button."""
        self.ask(Question(title, text, (Choice.OK,), Choice.OK, kind, details))

    def about(self, title: str, html: str) -> None:
        """The About box: ``html`` is the app's own words (never a document's text)."""
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.about(self.window, title, html)

    def text(self, title: str, label: str, start: str = "") -> str | None:
        """A line of text typed by the player (stripped); None when cancelled or empty."""
        from PySide6.QtWidgets import QInputDialog

        typed, ok = QInputDialog.getText(self.window, title, label, text=start)
        return typed.strip() or None if ok else None

    # --- files -------------------------------------------------------------------------------

    def open_file(self, title: str, start: Path, file_filter: str) -> Path | None:
        from PySide6.QtWidgets import QFileDialog

        chosen, _filter = QFileDialog.getOpenFileName(self.window, title, str(start), file_filter)
        return Path(chosen) if chosen else None

    def save_file(self, title: str, start: Path, file_filter: str) -> Path | None:
        from PySide6.QtWidgets import QFileDialog

        chosen, _filter = QFileDialog.getSaveFileName(self.window, title, str(start), file_filter)
        return Path(chosen) if chosen else None

    def open_folder(self, title: str, start: Path | None = None) -> Path | None:
        from PySide6.QtWidgets import QFileDialog

        chosen = QFileDialog.getExistingDirectory(self.window, title, str(start or Path.home()))
        return Path(chosen) if chosen else None


class Asked:
    """A question the scripted prompter was asked, and what it answered."""

    __slots__ = ("answer", "question")

    def __init__(self, question: Question, answer: Choice | Path | None) -> None:
        self.question = question
        self.answer = answer


class ScriptedPrompter(Prompter):
    """Answers from a script, in order, and records every question (tests).

    ``answers``: a ``Choice`` for each ``ask``, a ``Path`` or None for each file dialog.
    Messages (``tell``) are recorded and need no answer. A question with no answer left,
    or an answer the question does not offer, fails the test.
    """

    def __init__(self, *answers: Choice | Path | None) -> None:
        super().__init__(None)
        self.answers: list[Choice | Path | None] = list(answers)
        self.typed: list[str] = []  # answers to ``text``, in order
        self.asked: list[Asked] = []

    def script(self, *answers: Choice | Path | None) -> ScriptedPrompter:
        """The answers to the next questions, in order (and a fresh record of them)."""
        self.answers = list(answers)
        self.asked = []
        return self

    def _next(self, question: Question) -> Choice | Path | None:
        if not self.answers:
            raise AssertionError(f"unexpected question: {question.title!r}: {question.text!r}")
        answer = self.answers.pop(0)
        self.asked.append(Asked(question, answer))
        return answer

    def ask(self, question: Question) -> Choice:
        answer = self._next(question)
        if not isinstance(answer, Choice) or answer not in question.choices:
            raise AssertionError(f"scripted {answer!r} is not one of {question.choices}")
        return answer

    def tell(self, title: str, text: str, kind: Kind = "information", details: str = "") -> None:
        question = Question(title, text, (Choice.OK,), Choice.OK, kind, details)
        self.asked.append(Asked(question, Choice.OK))

    def about(self, title: str, html: str) -> None:
        self.asked.append(Asked(Question(title, html, (Choice.OK,)), Choice.OK))

    def text(self, title: str, label: str, start: str = "") -> str | None:
        answer = self.typed.pop(0) if self.typed else None
        self.asked.append(Asked(Question(title, label, ()), None))
        return answer

    def _path(self, title: str, start: Path | None) -> Path | None:
        """A file dialog: its question's text is where it started (tests check that)."""
        answer = self._next(Question(title, str(start or ""), ()))
        if answer is not None and not isinstance(answer, Path):
            raise AssertionError(f"scripted {answer!r} for a file dialog")
        return answer

    def open_file(self, title: str, start: Path, file_filter: str) -> Path | None:
        return self._path(title, start)

    def save_file(self, title: str, start: Path, file_filter: str) -> Path | None:
        return self._path(title, start)

    def open_folder(self, title: str, start: Path | None = None) -> Path | None:
        return self._path(title, start)

    @property
    def texts(self) -> list[str]:
        return [item.question.text for item in self.asked]

    @property
    def titles(self) -> list[str]:
        return [item.question.title for item in self.asked]
