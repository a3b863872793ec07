"""Text from a document is shown as text, never as rich text (issue 13.3).

A name like ``<img src=/dev/zero>`` made Qt read that file (an abort, or a hang with a
FIFO; any local path could be probed). This opens a campaign where every name field holds
markup pointing at a FIFO, shows every window that shows document text, and checks that
no label, tooltip or model tooltip would render it and that nobody opened the FIFO.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex
from PySide6.QtGui import (
    QAction,
    Qt,  # mightBeRichText lives in QtGui's Qt
)
from PySide6.QtWidgets import QAbstractItemView, QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from tests.ui_helpers import SAMPLE, main_window_on
from ui.services.prompter import ScriptedPrompter
from ui.sheet.print import sheet_html
from ui.sheet.roll_request import RollRequest
from ui.tracker import open_tracker

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="a FIFO is POSIX"),
    pytest.mark.timeout(90),  # a reader blocked on the FIFO would hang: fail instead
]

BRAWL = "encounters/brawl-at-the-pump-house.json"


WATCHER = r"""
import errno, os, sys, time
fifo, report = sys.argv[1], sys.argv[2]
opened = 0
while True:
    try:
        handle = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as error:
        if error.errno != errno.ENXIO:  # ENXIO: no reader, as it should be
            raise
        time.sleep(0.005)
        continue
    opened += 1
    os.close(handle)
    with open(report, "w") as out:
        out.write(str(opened))
"""


class FifoWatch:
    """Notices a reader opening the FIFO, from another process (a reader blocked in Qt
    holds the interpreter): a non-blocking open for writing succeeds only while someone
    has the FIFO open for reading; it closes at once, so that reader gets EOF, not a hang."""

    def __init__(self, path: Path) -> None:
        self.report = path.with_suffix(".opened")
        self.process = subprocess.Popen(
            [sys.executable, "-c", WATCHER, str(path), str(self.report)]
        )

    @property
    def opened(self) -> int:
        return int(self.report.read_text()) if self.report.exists() else 0

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()


def markup(fifo: Path, what: str) -> str:
    return f'{what}<img src="{fifo}"><b>bold</b>'


def hostile_campaign(tmp_path: Path, fifo: Path) -> Path:
    folder = tmp_path / "campaign"
    shutil.copytree(SAMPLE, folder)

    def edit(path: Path, change: Any) -> None:
        raw = json.loads(path.read_text(encoding="utf-8"))
        change(raw)
        path.write_text(json.dumps(raw, indent=2), encoding="utf-8")

    def campaign(raw: dict[str, Any]) -> None:
        raw["title"] = markup(fifo, "Campaign")

    def character(raw: dict[str, Any]) -> None:
        raw["name"] = markup(fifo, raw["name"][:20])
        raw["player"] = markup(fifo, "Player")
        raw["hooks"] = [markup(fifo, "Hook")]
        raw["notes"] = markup(fifo, "Notes")
        raw["background"] = markup(fifo, "Background")
        for ability in raw.get("abilities", []):
            for skill in ability.get("skills", []):
                skill["name"] = markup(fifo, skill["name"])
                for spec in skill.get("specializations", []):
                    spec["name"] = markup(fifo, spec["name"])
        for weapon in raw.get("weapons", []):
            weapon["name"] = markup(fifo, weapon["name"])
            weapon["notes"] = markup(fifo, "Weapon notes")
        for status in raw.get("conditions", {}).get("statuses", []):
            status["name"] = markup(fifo, status["name"])

    def encounter(raw: dict[str, Any]) -> None:
        raw["name"] = markup(fifo, "Brawl")
        raw["description"] = markup(fifo, "Description")
        for combatant in raw["combatants"]:
            combatant["name"] = markup(fifo, combatant["name"])
            combatant["notes"] = markup(fifo, "Notes")

    edit(folder / "campaign.json", campaign)
    for path in sorted((folder / "characters").glob("*.json")):
        edit(path, character)
    edit(folder / BRAWL, encounter)
    return folder


def widgets(root: QWidget) -> Iterator[QWidget]:
    yield root
    yield from root.findChildren(QWidget)


def _count(method: Any, parent: QModelIndex) -> int:
    """rowCount/columnCount: list and table models make the one-argument form private."""
    for args in ((parent,), ()):
        try:
            return int(method(*args))
        except TypeError:
            continue
    return 0 if parent.isValid() else 1  # a list model: one column, no children


def model_tooltips(model: QAbstractItemModel, parent: QModelIndex | None = None) -> Iterator[str]:
    parent = parent or QModelIndex()
    columns = _count(model.columnCount, parent)
    for row in range(_count(model.rowCount, parent)):
        for column in range(columns):
            index = model.index(row, column, parent)
            tip = index.data(Qt.ItemDataRole.ToolTipRole)
            if isinstance(tip, str):
                yield tip
        first = model.index(row, 0, parent)
        if columns and _count(model.rowCount, first) > 0:
            yield from model_tooltips(model, first)


def rendered_markup(root: QWidget) -> list[str]:
    """Every place under ``root`` where the document's markup would be read as HTML."""
    found = []

    def rich(text: str) -> bool:
        return "<img" in text and Qt.mightBeRichText(text)

    for widget in widgets(root):
        name = f"{type(widget).__name__} {widget.objectName() or widget.accessibleName()}"
        if isinstance(widget, QLabel):
            plain = widget.textFormat() == Qt.TextFormat.PlainText
            if not plain and "<img" in widget.text():
                found.append(f"label {name}: {widget.text()[:80]}")
        if rich(widget.toolTip()):
            found.append(f"tooltip of {name}: {widget.toolTip()[:80]}")
        if isinstance(widget, QAbstractItemView) and widget.model() is not None:
            found += [
                f"model tooltip in {name}: {t[:80]}"
                for t in model_tooltips(widget.model())
                if rich(t)
            ]
    for action in root.findChildren(QAction):
        if rich(action.toolTip()):
            found.append(f"action tooltip: {action.toolTip()[:80]}")
    return found


@pytest.fixture
def fifo() -> Iterator[tuple[Path, FifoWatch]]:
    """The probe FIFO and its watcher, which outlives the windows (asked for before
    ``qtbot``, it is torn down after it): a window repainting at teardown must not block.
    A short path: the markup must fit the names' length limit."""
    folder = Path(tempfile.mkdtemp(prefix="wd"))
    path = folder / "p"
    os.mkfifo(path)
    watch = FifoWatch(path)
    yield path, watch
    watch.stop()
    shutil.rmtree(folder)


def test_every_name_with_markup_shows_as_text_and_no_file_is_opened(
    fifo: tuple[Path, FifoWatch], qtbot: QtBot, tmp_path: Path
) -> None:
    probe, watch = fifo
    folder = hostile_campaign(tmp_path, probe)
    window = main_window_on(qtbot, folder)
    session = window.workspace.session
    assert session is not None and len(session.documents()) == 13
    for doc in session.documents():  # every sheet in a tab
        editor = window.opener.open_document(doc)
        qtbot.waitExposed(editor)
    editor.tree.expandAll()
    panel = window.rolls.ensure_panel()
    character = editor.doc.character
    code = character.abilities[0].code
    window.rolls.roll(editor.doc, RollRequest(character.name, code, lambda: code))
    tracker = open_tracker(folder, BRAWL, window, freeze=False, prompter=ScriptedPrompter())
    qtbot.addWidget(tracker, before_close_func=lambda w: w.mark_clean())  # type: ignore[attr-defined]
    tracker.show()
    qtbot.waitExposed(tracker)
    tracker.roll_initiative(seed=3)
    tracker.next_turn()
    tracker.toggle_player_view(True, full_screen=False)
    QApplication.processEvents()
    html = sheet_html(character)
    found = rendered_markup(window) + rendered_markup(tracker) + rendered_markup(panel)
    if tracker.player_view is not None:
        found += rendered_markup(tracker.player_view)
    assert "<img" not in html, "the printed sheet holds the markup unescaped"
    assert found == []
    assert watch.opened == 0, "something opened the file a name pointed at"
