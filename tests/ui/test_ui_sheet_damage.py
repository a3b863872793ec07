"""R10 on the sheet and in the tracker: the damage widget follows the campaign's damage
system (the wound chart or the body points pool, nothing for FreeD6 conditions), every edit
is one undo step; the act panel and the log show what a damage roll did to wounds or body
points."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, Qt
from pytestqt.qtbot import QtBot

from sheets.damage import (
    DEAD,
    HEALTHY,
    INCAPACITATED,
    SEVERELY_WOUNDED,
    STUNNED,
    WOUND_LEVELS,
    WOUNDED,
)
from sheets.documents import new_character
from tests.ui_helpers import SAMPLE, sample_document
from ui.campaign.index import scan_campaign
from ui.sheet.campaign_rules import campaign_damage_system
from ui.sheet.damage_widget import (
    COL_CHART,
    COL_EFFECT,
    COL_LEVEL,
    CurrentRole,
    DamageWidget,
    WoundChartModel,
)
from ui.sheet.editor import CharacterEditor
from ui.tracker.window import TrackerWindow
from ui.workspace.campaign_session import CampaignSession
from ui.workspace.character_document import CharacterDocument

BRAWL = "encounters/brawl-at-the-pump-house.json"


def campaign_with(tmp_path: Path, system: str) -> Path:
    folder = tmp_path / "campaign"
    shutil.copytree(SAMPLE, folder)
    path = folder / "campaign.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["house_rules"]["damage_system"] = system
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return folder


def session_doc(tmp_path: Path, system: str, file: str = "captain-brask.json") -> CharacterDocument:
    folder = campaign_with(tmp_path, system)
    session = CampaignSession(scan_campaign(folder))
    session.load()
    doc = session.document_at(folder / "characters" / file)
    assert doc is not None
    return doc


def make(qtbot: QtBot, doc: CharacterDocument, system: Any = None) -> DamageWidget:
    widget = DamageWidget(doc, system=system)
    qtbot.addWidget(widget)
    widget.resize(520, 420)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


# --- which system the sheet shows ----------------------------------------------------------


@pytest.mark.parametrize("system", ["conditions", "wounds", "body_points"])
def test_the_sheet_follows_the_campaigns_damage_system(
    qtbot: QtBot, tmp_path: Path, system: str
) -> None:
    doc = session_doc(tmp_path, system)
    assert campaign_damage_system(doc) == system
    editor = CharacterEditor(doc)
    qtbot.addWidget(editor, before_close_func=lambda _w: doc.discard_changes_marker())
    editor.resize(1200, 800)
    editor.show()
    qtbot.waitExposed(editor)
    assert editor.damage.isVisible() == (system != "conditions")
    if system == "wounds":
        assert editor.damage.box.title() == "Wounds"
        assert editor.damage.wound_view.isVisible()
    elif system == "body_points":
        assert editor.damage.box.title() == "Body points"
        assert editor.damage.points_bar.isVisible()
    assert "R10" in editor.damage.box.toolTip() or system == "conditions"


def test_a_sheet_outside_a_campaign_plays_conditions(qtbot: QtBot, qapp: Any) -> None:
    doc = sample_document()
    assert campaign_damage_system(doc) == "conditions"
    widget = DamageWidget(doc)  # not shown: it hides itself for conditions
    qtbot.addWidget(widget)
    assert widget.isHidden()
    widget.set_damage_system("wounds")
    assert not widget.isHidden() and widget.system == "wounds"
    widget.set_damage_system(None)
    assert widget.isHidden()


# --- wounds ----------------------------------------------------------------------------------


def test_the_wound_chart_model_passes_the_model_tester(qapp: Any, qtmodeltester: Any) -> None:
    doc = CharacterDocument(new_character("Kara"))
    model = WoundChartModel(doc)
    qtmodeltester.check(model)
    assert model.rowCount() == len(WOUND_LEVELS) and model.columnCount() == 3
    assert [model.index(r, COL_CHART).data() for r in range(model.rowCount())] == [
        "0 or less",
        "1-3",
        "4-8",
        "9-12",
        "13-15",
        "16+",
        "again",
    ]
    assert model.index(INCAPACITATED, COL_EFFECT).data() == "out of action"
    assert model.index(HEALTHY, COL_LEVEL).data(CurrentRole)
    assert "R10" in model.index(WOUNDED, COL_LEVEL).data(Qt.ItemDataRole.ToolTipRole)
    assert "R10" in model.headerData(
        COL_CHART, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )
    assert not model.flags(QModelIndex()) and model.rowCount(model.index(0, 0)) == 0
    changed: list[int] = []
    model.dataChanged.connect(lambda first, _last, *_r: changed.append(first.row()))
    doc.set_field(doc.character, "wound_level", WOUNDED)
    assert changed == [0]
    assert model.index(WOUNDED, COL_LEVEL).data().endswith("Wounded")
    assert model.index(WOUNDED, COL_LEVEL).data(CurrentRole)
    qtmodeltester.check(model)


def test_clicking_the_chart_sets_the_wound_level_one_undo_step_each(
    qtbot: QtBot, qapp: Any
) -> None:
    doc = CharacterDocument(new_character("Kara"))
    widget = make(qtbot, doc, "wounds")
    view = widget.wound_view
    rect = view.visualRect(widget.wound_model.index(WOUNDED, COL_LEVEL))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert doc.character.wound_level == WOUNDED
    assert "Wounded" in widget.wound_label.text() and "2 more levels" in widget.wound_label.text()
    # Keyboard: move to Incapacitated and press Enter.
    view.setFocus()
    view.setCurrentIndex(widget.wound_model.index(INCAPACITATED, COL_LEVEL))
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert doc.character.wound_level == INCAPACITATED
    assert "out of action" in widget.wound_label.text()
    qtbot.mouseClick(widget.heal_button, Qt.MouseButton.LeftButton)
    assert doc.character.wound_level == SEVERELY_WOUNDED
    assert doc.undo_stack.count() == 3
    doc.undo_stack.undo()
    assert doc.character.wound_level == INCAPACITATED
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.character.wound_level == HEALTHY and not widget.heal_button.isEnabled()
    doc.undo_stack.redo()
    assert doc.character.wound_level == WOUNDED
    for _ in range(6):
        qtbot.mouseClick(widget.worse_button, Qt.MouseButton.LeftButton)
    assert doc.character.wound_level == DEAD and not widget.worse_button.isEnabled()
    assert not widget.set_wound_level(DEAD + 1)
    assert widget.set_wound_level(STUNNED)


# --- body points -----------------------------------------------------------------------------


def test_body_points_are_edited_with_undo(qtbot: QtBot, qapp: Any) -> None:
    doc = CharacterDocument(new_character("Kara"))  # Strength 2D: default pool 26
    widget = make(qtbot, doc, "body_points")
    c = doc.character
    assert widget.points_spin.value() == 26 and widget.maximum_spin.value() == 26
    assert widget.points_bar.value() == 26 and "by default" in widget.points_state.text()
    assert not widget.default_button.isEnabled()
    # Typing a value and leaving the field is one command.
    widget.points_spin.setFocus()
    widget.points_spin.selectAll()
    qtbot.keyClicks(widget.points_spin, "11")
    qtbot.keyClick(widget.points_spin, Qt.Key.Key_Return)
    assert c.body_points == 11 and widget.points_bar.value() == 11
    assert "15 lost" not in widget.points_state.text()  # still the default maximum
    # A maximum below the points left brings them down in the same undo step.
    assert widget.set_maximum(8)
    assert (c.body_points_max, c.body_points) == (8, 8)
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    assert (c.body_points_max, c.body_points) == (None, 11)
    doc.undo_stack.redo()
    assert widget.maximum_spin.value() == 8 and widget.default_button.isEnabled()
    assert widget.set_body_points(0)
    assert "Out of action" in widget.points_state.text()
    qtbot.mouseClick(widget.heal_points_button, Qt.MouseButton.LeftButton)
    assert c.body_points is None and c.body_points_left() == 8
    qtbot.mouseClick(widget.default_button, Qt.MouseButton.LeftButton)
    assert c.body_points_max is None and c.body_points_left() == 26
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert (c.body_points_max, c.body_points) == (None, None)


def test_a_refused_value_is_reported_not_stored(qtbot: QtBot, qapp: Any) -> None:
    doc = CharacterDocument(new_character("Kara"))
    widget = make(qtbot, doc, "body_points")
    problems: list[str] = []
    widget.problem.connect(problems.append)
    assert not widget.set_body_points(-3)
    assert problems and doc.character.body_points is None and doc.undo_stack.count() == 0


# --- the tracker: act panel and log -----------------------------------------------------------


def run_damage(qtbot: QtBot, tmp_path: Path, system: str, monkeypatch: Any) -> Any:
    from ui.tracker import open_tracker

    folder = campaign_with(tmp_path, system)
    window = open_tracker(folder, BRAWL, freeze=False)
    qtbot.addWidget(window, before_close_func=lambda w: w.mark_clean())  # type: ignore[attr-defined]
    window.resize(1400, 1000)
    window.show()
    qtbot.waitExposed(window)
    engine = window.engine
    window.roll_initiative(seed=42)
    while engine.current() != "jack":
        engine.next_turn()
    window.act_panel.engine_changed()
    qtbot.waitUntil(lambda: window.act_panel.actor() == "jack")
    act = window.act_panel
    assert act.set_skill("Brawling", "Haymaker")
    act.set_purpose("attack")
    act.set_target("brask")
    act.set_against("difficulty", difficulty=5)
    act.set_action("full")
    act.dice_panel.roll(seed=3)
    qtbot.mouseClick(act.record_button, Qt.MouseButton.LeftButton)
    assert act.check_id is not None
    assert act.pick_effect("effect_roll")
    act.weapon_combo.setCurrentIndex(act.weapon_combo.findData("Fists"))
    monkeypatch.setattr("sheets.encounter.commands.base.new_seed", lambda: 9)
    qtbot.mouseClick(act.spend_button, Qt.MouseButton.LeftButton)
    return window


def last_outcome(window: TrackerWindow) -> dict[str, Any]:
    record = window.controller.last_record()
    assert record is not None
    return record.outcome.data


def test_the_act_panel_and_the_log_show_the_wound(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = run_damage(qtbot, tmp_path, "wounds", monkeypatch)
    act = window.act_panel
    brask = window.engine.view.sheet_of("brask")
    level = brask.wound_level
    data = last_outcome(window)
    assert data["damage_system"] == "wounds" and data["wound"]["after"] == level
    assert act.damage_label.isVisible()
    assert act.damage_label.text().startswith("Wounds (R10): ")
    assert f"now {WOUND_LEVELS[level]}" in act.damage_label.text()
    assert "R10" in act.damage_label.toolTip()
    qtbot.waitUntil(lambda: "wound chart" in window.log_view.texts()[-1])
    assert window.engine.track_level("brask", "damage") == 0  # no R5 condition
    # Undo from the tracker's stack puts the sheet back.
    window.undo_stack.undo()
    assert brask.wound_level == HEALTHY
    window.undo_stack.redo()
    assert brask.wound_level == level


def test_the_act_panel_shows_body_points(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = run_damage(qtbot, tmp_path, "body_points", monkeypatch)
    act = window.act_panel
    brask = window.engine.view.sheet_of("brask")
    data = last_outcome(window)["body_points"]
    assert brask.body_points == data["after"]
    assert act.damage_label.text().startswith("Body points (R10): ")
    assert f"{data['after']}/{data['maximum']} left" in act.damage_label.text()
    qtbot.waitUntil(lambda: "body point" in window.log_view.texts()[-1])
    act.new_check()
    assert not act.damage_label.isVisible()
