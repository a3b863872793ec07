"""Shared pieces of the main-window and sheet tests (not a test module)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, Qt

from sheets.storage import load_character
from ui.services.prompter import Choice, ScriptedPrompter
from ui.theme import dark_palette, light_palette
from ui.tracker.initiative_model import InitiativeModel, InitiativeProxy
from ui.tracker.window_parts.table import InitiativeTable
from ui.workspace.character_document import CharacterDocument

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "resources" / "sample-campaign"

# How long a wait for a worker or a timer may take on a loaded machine (eight test
# workers on two cores): a passing wait returns as soon as its condition holds, so only
# a hang waits this long (pytest-timeout stops a test at 120 s).
PATIENCE_MS = 30_000


def copy_sample(tmp_path: Path, name: str = "campaign") -> Path:
    target = tmp_path / name
    shutil.copytree(SAMPLE, target)
    return target


def main_window_on(qtbot: Any, campaign: Path) -> Any:
    """A shown main window with ``campaign`` open (its changes thrown away at the end)."""
    from ui.main.window import MainWindow

    window = MainWindow(autosave_ms=60_000, prompter=ScriptedPrompter())
    qtbot.addWidget(window, before_close_func=lambda w: w.files.discard_all_changes())
    window.show()
    qtbot.waitExposed(window)
    assert window.campaigns.open(campaign)
    return window


def sample_window_with_sheet(
    qtbot: Any, tmp_path: Path, file: str = "greta-vance.json"
) -> tuple[Any, Any]:
    """A main window on a copy of the sample campaign, with one of its sheets open:
    (the window, the sheet's editor)."""
    window = main_window_on(qtbot, copy_sample(tmp_path))
    session = window.workspace.session
    assert session is not None and session.campaign is not None
    editor = window.opener.open_character(session.folder / "characters" / file)
    assert editor is not None
    return window, editor


def shown_editor(qtbot: Any, doc: CharacterDocument) -> Any:
    """A character editor on ``doc``, shown at 1300x850 and active (keyboard tests)."""
    from ui.sheet.editor import CharacterEditor

    widget = CharacterEditor(doc)
    qtbot.addWidget(widget)
    widget.resize(1300, 850)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    qtbot.waitUntil(widget.isActiveWindow)
    return widget


def sample_document(file: str = "greta-vance.json", folder: Path = SAMPLE) -> CharacterDocument:
    loaded = load_character(folder / "characters" / file)
    return CharacterDocument(loaded.document, loaded.path, loaded.stamp)


def script(window: Any, *answers: Choice | Path | None) -> ScriptedPrompter:
    """The answers ``window``'s scripted prompter gives next, in order (the window was made
    with a ``ScriptedPrompter``, as ``main_window_on`` does)."""
    prompter = window.prompter
    assert isinstance(prompter, ScriptedPrompter), "make the window with a ScriptedPrompter"
    return prompter.script(*answers)


def click_at(qtbot: Any, widget: Any, point: QPoint) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=point)


class SignalLog:
    """Records a document's precise change signals as (event, field, first, last)."""

    def __init__(self, doc: CharacterDocument) -> None:
        self.events: list[tuple[str, str, int, int]] = []
        for signal, name in (
            (doc.itemsAboutToBeInserted, "about-insert"),
            (doc.itemsInserted, "inserted"),
            (doc.itemsAboutToBeRemoved, "about-remove"),
            (doc.itemsRemoved, "removed"),
            (doc.itemAboutToMove, "about-move"),
            (doc.itemMoved, "moved"),
        ):
            signal.connect(lambda _owner, field, a, b, n=name: self.events.append((n, field, a, b)))


def tracker_on(qtbot: Any, campaign: Path, *, active: bool = False) -> Any:
    """The tracker on the sample brawl of ``campaign``, shown, with a scripted prompter
    (its changes thrown away at the end); ``active``: the window has the keyboard."""
    from ui.tracker import open_tracker

    window = open_tracker(
        campaign,
        "encounters/brawl-at-the-pump-house.json",
        freeze=False,
        prompter=ScriptedPrompter(),
    )
    qtbot.addWidget(window, before_close_func=lambda w: w.mark_clean())
    window.show()
    qtbot.waitExposed(window)
    if active:
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
    return window


def haymaker_at_brask(act: Any) -> None:
    """Jack's act form set for the sample brawl's attack: Brawling: Haymaker at Captain
    Brask, who resists with an active Dodge roll."""
    assert act.set_skill("Brawling", "Haymaker")
    act.set_purpose("attack")
    act.set_target("brask")
    act.set_against("active", resist=("Dodge", None, None))


class ModelSignals:
    """Counts a model's change signals (the model keeps no counters for tests)."""

    def __init__(self, model: Any) -> None:
        self.resets = 0
        self.layouts = 0
        self.data_changed = 0
        model.modelReset.connect(self._reset)
        model.layoutChanged.connect(self._layout)
        model.dataChanged.connect(self._data)

    def _reset(self) -> None:
        self.resets += 1

    def _layout(self, *_: Any) -> None:
        self.layouts += 1

    def _data(self, *_: Any) -> None:
        self.data_changed += 1


class Inputs:
    """The GM's clicks and keys, counted as a test makes them (issue 16: inputs per
    attack)."""

    def __init__(self, qtbot: Any) -> None:
        self.qtbot = qtbot
        self.count = 0

    def click(self, widget: Any, at: QPoint | None = None) -> None:
        self.count += 1
        if at is None:
            self.qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)
        else:
            self.qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=at)

    def key(
        self,
        widget: Any,
        key: Qt.Key,
        modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
    ) -> None:
        self.count += 1
        self.qtbot.keyClick(widget, key, modifier)


def row_point(window: Any, combatant: str) -> QPoint:
    """The centre of ``combatant``'s name cell in a tracker's initiative table, in view."""
    from ui.tracker.initiative_model import COL_NAME

    row = window.table.source.ids().index(combatant)
    index = window.proxy.mapFromSource(window.model.index(row, COL_NAME))
    window.table.scrollTo(index)
    return window.table.visualRect(index).center()


def initiative_table(
    qtbot: Any, engine: Any, *, dark: bool = False, width: int = 1100, rows: int = 12
) -> InitiativeTable:
    """The GM's initiative table alone over ``engine``, ``rows`` rows high (the header
    counts as one), in the light or dark palette, shown."""
    model = InitiativeModel(engine)
    proxy = InitiativeProxy()
    proxy.setSourceModel(model)
    table = InitiativeTable(model, proxy)
    qtbot.addWidget(table)
    table.setPalette(dark_palette() if dark else light_palette())
    table.resize(width, rows * table.rowHeight(0))
    table.show()
    qtbot.waitExposed(table)
    return table


class LayoutRequests(QObject):
    """Counts the LayoutRequest events the ``watched`` objects receive: a widget that
    asked for a new geometry (which lays out its window again)."""

    def __init__(self, *watched: QObject) -> None:
        super().__init__()
        self.count = 0
        for target in watched:
            target.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self.count += 1
        return False
