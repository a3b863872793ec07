"""The condition-track widget (R5) as the GM clicks it: hits and recoveries on the tracks
(honouring encounter length), attitude and willpower, statuses with their next test,
named conditions; keyboard too; each change one undo step; the compact mode."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton, QToolButton
from pytestqt.qtbot import QtBot

from sheets.documents import new_character
from tests.ui_helpers import sample_document
from ui.sheet.conditions import ConditionsWidget, StepBar, track_steps, tracks_for
from ui.workspace.character_document import CharacterDocument

LEFT = Qt.MouseButton.LeftButton
Key = Qt.Key


@pytest.fixture
def doc(qapp: Any) -> CharacterDocument:
    return sample_document()


def make(qtbot: QtBot, doc: CharacterDocument, *, compact: bool = False) -> ConditionsWidget:
    widget = ConditionsWidget(doc, compact=compact)
    qtbot.addWidget(widget)
    widget.resize(700, 700)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def visible(widget: ConditionsWidget, kind: type[Any]) -> list[Any]:
    """Buttons on show (rebuilt rows leave hidden ones behind until deleted)."""
    QApplication.processEvents()  # new widgets in a shown layout show from the event loop
    return [w for w in widget.findChildren(kind) if w.isVisible()]


def click_step(qtbot: QtBot, bar: StepBar, step: int) -> None:
    qtbot.mouseClick(bar, LEFT, pos=bar.step_rect(step).center())


def test_clicking_a_track_step_adds_a_hit_of_the_missing_ranks(
    qtbot: QtBot, doc: CharacterDocument
) -> None:
    widget = make(qtbot, doc)
    conditions = doc.character.conditions
    damage = widget.track_bars["damage"]
    assert damage.labels() == list(
        ("Normal", "Stunned", "Hurt", "Wounded", "Incapacitated", "Out of Action")
    )
    click_step(qtbot, damage, 2)  # Hurt: one instance of 2 ranks (R5 ruling)
    assert [(i.track, i.ranks) for i in conditions.instances] == [("damage", 2)]
    assert damage.current() == 2
    assert "Hurt" in widget.track_labels["damage"].text()
    click_step(qtbot, damage, 3)  # Wounded: one more rank
    assert [i.ranks for i in conditions.instances] == [2, 1]
    click_step(qtbot, damage, 0)  # a lower step recovers the latest instance
    assert [i.ranks for i in conditions.instances] == [2]
    assert doc.undo_stack.count() == 3
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert [i.ranks for i in conditions.instances] == [2]
    doc.undo_stack.undo()
    assert conditions.instances == [] and damage.current() == 0


def test_out_of_action_honours_the_encounter_length(qtbot: QtBot, qapp: Any) -> None:
    guard = CharacterDocument(new_character("Guard", "npc"))  # Stock: moderate, OOA at 3
    widget = make(qtbot, guard)
    damage = widget.track_bars["damage"]
    assert damage.labels() == ["Normal", "Stunned", "Hurt", "Out of Action"]
    click_step(qtbot, damage, 3)
    assert guard.character.conditions.track_ranks("damage") == 3
    assert guard.character.conditions.track_level("damage", "moderate") == 5
    assert damage.current() == 3
    assert track_steps("body", "brief") == [(0, "Normal"), (1, "Defaced"), (5, "Out of Action")]


def test_recover_button_per_hit(qtbot: QtBot, doc: CharacterDocument) -> None:
    widget = make(qtbot, doc)
    click_step(qtbot, widget.track_bars["composure"], 1)
    click_step(qtbot, widget.track_bars["composure"], 3)
    buttons = [
        b for b in visible(widget, QToolButton) if b.accessibleName().startswith("Recover a")
    ]
    assert sorted(b.text() for b in buttons) == ["1 ✕", "2 ✕"]
    first = next(b for b in buttons if b.text() == "1 ✕")
    qtbot.mouseClick(first, LEFT)
    assert [i.ranks for i in doc.character.conditions.instances] == [2]


def test_keyboard_on_a_track(qtbot: QtBot, doc: CharacterDocument) -> None:
    widget = make(qtbot, doc)
    damage = widget.track_bars["damage"]
    damage.setFocus()
    qtbot.keyClick(damage, Key.Key_Right)
    qtbot.keyClick(damage, Key.Key_Plus)
    assert [i.ranks for i in doc.character.conditions.instances] == [1, 1]
    qtbot.keyClick(damage, Key.Key_Left)
    assert [i.ranks for i in doc.character.conditions.instances] == [1]
    assert damage.focusPolicy() == Qt.FocusPolicy.StrongFocus
    assert damage.accessibleName() == "Damage track"
    assert "Stunned" in damage.accessibleDescription()


def test_attitude_and_willpower_scales(qtbot: QtBot, doc: CharacterDocument) -> None:
    widget = make(qtbot, doc)
    click_step(qtbot, widget.attitude_bar, 5)
    assert doc.character.conditions.attitude == "unfriendly"
    assert "+10" in widget.attitude_label.text()  # R5 resistance modifier
    widget.willpower_bar.setFocus()
    qtbot.keyClick(widget.willpower_bar, Key.Key_Left)
    assert doc.character.conditions.willpower == "pressured"
    assert "-5" in widget.willpower_label.text()
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.character.conditions.attitude == "neutral"
    assert doc.character.conditions.willpower == "neutral"


def test_status_failed_test_moves_one_level_and_shows_the_next_difficulty(
    qtbot: QtBot, doc: CharacterDocument
) -> None:
    widget = make(qtbot, doc)
    status = doc.character.conditions.statuses[0]  # Field notebook, Heavy (level 1)
    assert status.level == 1
    failed = next(
        b for b in visible(widget, QPushButton) if b.accessibleName().endswith("failed test")
    )
    qtbot.mouseClick(failed, LEFT)
    assert status.level == 2  # R5: one level down, never more
    assert widget.status_bars[0].current() == 2
    labels = [lbl.text() for lbl in widget.findChildren(type(widget.attitude_label))]
    assert "next test 15" in labels
    click_step(qtbot, widget.status_bars[0], 4)
    assert status.level == 4 and not failed.isEnabled()
    assert "run out" in [lbl.text() for lbl in widget.findChildren(type(widget.attitude_label))]
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert status.level == 1


def test_add_and_remove_statuses_and_named_conditions(qtbot: QtBot, doc: CharacterDocument) -> None:
    widget = make(qtbot, doc)
    qtbot.keyClicks(widget.status_name, "Torch")
    widget.status_scale.setCurrentIndex(widget.status_scale.findData("duration"))
    qtbot.keyClick(widget.status_name, Key.Key_Return)
    statuses = doc.character.conditions.statuses
    assert [(s.name, s.scale) for s in statuses] == [
        ("Field notebook", "quantity"),
        ("Torch", "duration"),
    ]
    assert len(widget.status_bars) == 2

    widget.named_ranks.setValue(4)
    assert widget.named_duration.currentData() == "end_of_scene"  # R4 duration by rank
    qtbot.keyClicks(widget.named_name, "Blinded")
    qtbot.mouseClick(widget.named_add, LEFT)
    named = doc.character.conditions.instances[-1]
    assert (named.name, named.ranks, named.duration) == ("Blinded", 4, "end_of_scene")
    recover = next(
        b for b in visible(widget, QToolButton) if b.accessibleName() == "Recover Blinded"
    )
    qtbot.mouseClick(recover, LEFT)
    assert doc.character.conditions.instances == []
    remove = next(
        b for b in visible(widget, QToolButton) if b.accessibleName() == "Remove status Torch"
    )
    qtbot.mouseClick(remove, LEFT)
    assert [s.name for s in doc.character.conditions.statuses] == ["Field notebook"]
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert [s.name for s in doc.character.conditions.statuses] == ["Field notebook"]
    assert doc.character.conditions.instances == []


def test_empty_names_are_refused_with_a_reason(qtbot: QtBot, doc: CharacterDocument) -> None:
    widget = make(qtbot, doc)
    with qtbot.waitSignal(widget.problem) as problem:
        qtbot.mouseClick(widget.named_add, LEFT)
    assert "Name the condition" in problem.args[0]
    with qtbot.waitSignal(widget.problem) as problem:
        qtbot.keyClicks(widget.status_name, "field NOTEBOOK")
        qtbot.mouseClick(widget.status_add, LEFT)
    assert "two statuses" in problem.args[0]


def test_vehicles_use_a_body_track(qapp: Any) -> None:
    tank = sample_document("halvorsen-tank.json")
    assert tracks_for(tank.character) == ("body",)
    assert tracks_for(sample_document().character) == ("damage", "composure")


def test_compact_mode_for_the_encounter_tracker(qtbot: QtBot, doc: CharacterDocument) -> None:
    widget = make(qtbot, doc, compact=True)
    assert not widget.findChildren(QPushButton)  # bars only
    assert widget.attitude_bar.labels()[0] == "-15"
    assert widget.sizeHint().height() < make(qtbot, doc).sizeHint().height()
    click_step(qtbot, widget.track_bars["damage"], 1)
    assert doc.character.conditions.track_ranks("damage") == 1
    doc.undo_stack.undo()
    assert widget.track_bars["damage"].current() == 0


def test_tab_walks_the_conditions_in_reading_order(qtbot: QtBot) -> None:
    """Issue 15: Tab on the Conditions tab skipped attitude and willpower (made after the
    forms below them) and came back to them last."""
    from tests.ui_helpers import shown_editor

    editor = shown_editor(qtbot, sample_document())
    conditions = editor.conditions
    qtbot.wait(50)  # the order is set once the layout has placed the widgets
    first = conditions.tracks.track_bars["damage"]
    first.setFocus()
    qtbot.waitUntil(first.hasFocus)
    names = []
    for _ in range(8):
        widget = QApplication.focusWidget()
        assert widget is not None
        names.append(widget.accessibleName())
        qtbot.keyClick(widget, Qt.Key.Key_Tab)
    assert names[:5] == [
        "Damage track",
        "Composure track",
        "Attitude",
        "Willpower",
        "Field notebook status",
    ]
