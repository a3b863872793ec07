"""The scene ends in the tracker: what outlasts it ("until recovered", R4-R6) is saved on
the character file, the sheet's condition widget shows it, and undo takes it off the file
again at the next save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from sheets.encounter import CreateCondition
from sheets.results import Duration
from sheets.storage import load_character, load_encounter
from tests.ui_helpers import tracker_on
from ui.sheet.conditions import ConditionsWidget
from ui.tracker import TrackerWindow
from ui.workspace.character_document import CharacterDocument

BRAWL = "encounters/brawl-at-the-pump-house.json"
JACK = "characters/jack-calloway.json"
GUARD = "characters/company-guard.json"


def tracker(qtbot: QtBot, campaign: Path) -> TrackerWindow:
    window: TrackerWindow = tracker_on(qtbot, campaign)
    return window


def jack_on_disk(campaign: Path) -> list[dict[str, object]]:
    data = json.loads((campaign / JACK).read_text(encoding="utf-8"))
    instances = data["conditions"].get("instances", [])
    assert isinstance(instances, list)
    return instances


def test_the_scene_end_saves_lasting_conditions_on_the_character_file(
    qtbot: QtBot, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    template = (campaign / GUARD).read_bytes()
    window = tracker(qtbot, campaign)
    window.roll_initiative(seed=42)
    window.next_turn()
    until = Duration.UNTIL_RECOVERED
    assert window.run(CreateCondition("jack", track="damage", ranks=3, duration=until))
    assert window.run(CreateCondition("jack", name="Shaken", duration=Duration.END_OF_SCENE))
    assert window.run(CreateCondition("guard-1", name="Broken nose", ranks=5, duration=until))
    prompter = window.prompter.script()
    window.end_scene()
    assert prompter.texts and "Jack keeps Wounded (damage +3, until recovered)" in prompter.texts[0]
    assert "Company Guard 1 keeps Broken nose (until recovered)" in prompter.texts[0]
    assert JACK in window.controller.touched
    assert window.save()

    # The character file holds the wound; the encounter no longer does.
    saved = load_character(campaign / JACK).document
    assert [(i.track, i.ranks, i.duration) for i in saved.conditions.instances] == [
        ("damage", 3, until)
    ]
    encounter = load_encounter(campaign / BRAWL).document
    jack = encounter.combatant("jack")
    assert jack is not None and jack.conditions == []
    # Ruling (ours): the inline guard keeps its own in the encounter; the template is untouched.
    guard = encounter.combatant("guard-1")
    assert guard is not None and guard.character is not None
    assert [i.name for i in guard.character.conditions.instances] == ["Broken nose"]
    assert (campaign / GUARD).read_bytes() == template

    # The sheet's condition widget, opened on the saved file, shows Jack Wounded.
    loaded = load_character(campaign / JACK)
    widget = ConditionsWidget(CharacterDocument(loaded.document, loaded.path, loaded.stamp))
    qtbot.addWidget(widget)
    assert widget.track_bars["damage"].current() == 3
    assert "Wounded" in widget.track_labels["damage"].text()

    # Undo the scene end and save: the wound leaves the file (and is back on the combatant);
    # redo and save: it is on the file again.
    window.undo_stack.undo()
    assert window.save()
    assert jack_on_disk(campaign) == []
    back = load_encounter(campaign / BRAWL).document.combatant("jack")
    assert back is not None and [(i.track, i.ranks) for i in back.conditions] == [
        ("damage", 3),
        (None, 1),
    ]
    window.undo_stack.redo()
    assert window.save()
    assert [(i["track"], i["ranks"]) for i in jack_on_disk(campaign)] == [("damage", 3)]
