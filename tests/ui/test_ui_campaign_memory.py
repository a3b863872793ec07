"""Issue 15: the roll history and the open sheets were lost on restart. Each campaign
keeps both (on this machine) and they come back when it opens again."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from sheets.dice import RollSpec
from tests.ui_helpers import main_window_on
from ui.services.campaign_memory import load_memory, memory_file


def test_open_sheets_and_rolls_come_back_with_the_campaign(qtbot: QtBot, campaign: Path) -> None:
    first = main_window_on(qtbot, campaign)
    session = first.workspace.session
    greta = session.document_at(campaign / "characters" / "greta-vance.json")
    jack = session.document_at(campaign / "characters" / "jack-calloway.json")
    first.sheets.open(jack)
    editor = first.sheets.open(greta)
    first.sheets.open(jack)  # Jack in front
    editor.tree.setCurrentIndex(editor.tree_model.index(0, 0))
    assert editor.roll_current()
    panel = first.rolls.panel
    panel.spend("character_point")
    panel.set_spec(RollSpec(code="4D+1", boost=1))
    panel.set_difficulty(15)
    second_roll = panel.roll(seed=77)
    assert second_roll is not None
    before = [(panel.history.entry(r).result.total, panel.history.entry(r).against)
              for r in range(panel.history.rowCount())]  # fmt: skip
    first.files.discard_all_changes()
    assert first.close()

    again = main_window_on(qtbot, campaign)
    titles = [again.sheets.tabs.tabText(i) for i in range(again.sheets.tabs.count())]
    assert [t.removesuffix(" *") for t in titles] == [jack.title, greta.title]
    current = again.sheets.current_document()
    assert current is not None and current.path == jack.path
    history = again.rolls.panel.history
    after = [(history.entry(r).result.total, history.entry(r).against)
             for r in range(history.rowCount())]  # fmt: skip
    assert after == before
    assert history.entry(1).result.spends == ("character_point",)  # rebuilt, not re-rolled
    assert history.entry(0).result.seed == 77


def test_a_damaged_memory_is_an_empty_one(qtbot: QtBot, campaign: Path) -> None:
    target = memory_file(campaign)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text('{"open_sheets": ["characters/gone.json", 5], "rolls": [{"seed": "x"}]}')
    memory = load_memory(campaign)
    assert memory.open_sheets == ["characters/gone.json"] and memory.rolls == []
    window = main_window_on(qtbot, campaign)  # a sheet that is gone: nothing to reopen
    assert window.sheets.tabs.count() == 0
    target.write_text("not json")
    assert load_memory(campaign).open_sheets == []
