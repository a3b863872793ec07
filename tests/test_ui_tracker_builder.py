"""Building an encounter from the campaign (issue 6): drop characters in, Stock copies,
sides, a hidden combatant; the saved file opens in the tracker."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent
from pytestqt.qtbot import QtBot

from sheets.storage import load_encounter, open_campaign
from ui.tracker import open_tracker
from ui.tracker.builder import MIME, EncounterBuilder

SAMPLE = Path(__file__).resolve().parent.parent / "resources" / "sample-campaign"


def test_build_save_and_run(qtbot: QtBot, tmp_path: Path) -> None:
    folder = tmp_path / "campaign"
    shutil.copytree(SAMPLE, folder)
    builder = EncounterBuilder(open_campaign(folder))
    qtbot.addWidget(builder)
    builder.name_edit.setText("Ambush at the sluice")
    builder.side_combo.setCurrentText("Heroes")
    data = QMimeData()
    data.setData(MIME, b"characters/jack-calloway.json\ncharacters/greta-vance.json")
    drop = QDropEvent(
        QPointF(5, 5),
        Qt.DropAction.CopyAction,
        data,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    builder.target.dropEvent(drop)
    builder.side_combo.setCurrentText("Cultists")
    builder.copies.setValue(3)
    builder.hidden_box.setChecked(True)
    made = builder.add("characters/drowned-saint-cultist.json")
    assert [c.name for c in made][-1].endswith("3") and len(made) == 3
    assert all(c.character is not None and c.hidden for c in made)
    assert builder.target.count() == 5
    encounter = builder.encounter()
    assert {s.name for s in encounter.sides} == {"Heroes", "Cultists"}
    path = builder.save()
    assert load_encounter(path).document.combatants[2].hidden
    window = open_tracker(folder, path, freeze=False)
    qtbot.addWidget(window, before_close_func=lambda w: w.mark_clean())  # type: ignore[attr-defined]
    window.roll_initiative(seed=1)
    window.next_turn()
    assert window.engine.round == 1 and window.model.rowCount() == 5
