"""The main window as a GM uses it: the campaign browser (search, kinds, sort), characters
in tabs, the modified marker, save / save as / revert / close with their prompts, undo and
redo from the Edit menu and shortcuts, new characters, import and drop, R7 start session,
rolling a row in the dice panel, recent campaigns."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QMimeData, QPoint, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from sheets.dice import DieCode
from sheets.storage import load_campaign_file, load_character
from tests.locations import FIXTURES
from tests.ui_helpers import SAMPLE, copy_sample, script
from ui import commands
from ui.campaign.model import (
    COL_KIND,
    COL_NAME,
    CampaignFilterModel,
    CampaignModel,
    EntryRole,
)
from ui.main.window import MainWindow
from ui.services.prompter import Choice, ScriptedPrompter
from ui.sheet.gear_model import COL_DAMAGE
from ui.sheet.tree_model import NodeRole
from ui.tracker.window import TrackerWindow

Key = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def window(qtbot: QtBot, campaign: Path) -> MainWindow:
    widget = MainWindow(autosave_ms=60_000, prompter=ScriptedPrompter())
    qtbot.addWidget(widget, before_close_func=lambda w: w.files.discard_all_changes())
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    qtbot.waitUntil(widget.isActiveWindow)
    assert widget.campaigns.open(campaign)
    return widget


def drop_file_on(window: MainWindow, path: Path) -> None:
    """Drag a file over the window and drop it, as a file manager does."""
    from PySide6.QtGui import QDragEnterEvent

    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    enter = QDragEnterEvent(
        QPoint(10, 10),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(window, enter)
    assert enter.isAccepted()
    drop = QDropEvent(
        QPoint(10, 10).toPointF(),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(window, drop)


def open_named(qtbot: QtBot, window: MainWindow, text: str) -> Any:
    """Find a row in the browser by typing in the search box, then press Enter."""
    browser = window.browser
    browser.search.setFocus()
    browser.search.selectAll()
    qtbot.keyClicks(browser.search, text)
    qtbot.keyClick(browser.search, Key.Key_Return)
    editor = window.sheets.current_editor()
    assert editor is not None
    return editor


def test_browser_lists_the_campaign_and_models_pass_qtmodeltester(
    qtmodeltester: Any, window: MainWindow
) -> None:
    session = window.workspace.session
    assert session is not None
    model = session.model
    assert model.rowCount() == 15  # 13 characters, 2 encounters
    qtmodeltester.check(model)
    qtmodeltester.check(window.browser.proxy)
    assert window.browser.title_label.text() == "The Drowned Valley"
    window.browser.title_label.ensurePolished()
    assert window.browser.title_label.font().bold()  # by its style sheet
    assert not window.browser.search.font().bold()
    assert window.windowTitle() == "The Drowned Valley[*] — Wild Die"


def test_quick_index_then_full_load(qtbot: QtBot, campaign: Path, qtmodeltester: Any) -> None:
    from ui.campaign.index import scan_campaign
    from ui.workspace.campaign_session import CampaignSession

    index = scan_campaign(campaign)
    kinds = sorted({e.kind for e in index.entries})
    assert kinds == ["character", "creature", "encounter", "npc", "vehicle"]
    (campaign / "characters" / "broken.json").write_text(
        '{"schema_version": "1.0", "kind": "npc", "name": 3}'
    )
    session = CampaignSession(scan_campaign(campaign))
    assert not session.is_loaded and session.model.rowCount() == 16
    qtmodeltester.check(session.model)
    session.load()
    broken = next(e for e in session.model.entries() if e.relative == "characters/broken.json")
    assert broken.document is None and "should be text" in (broken.problem or "")
    assert len(session.documents()) == 13


def test_opening_a_campaign_removes_the_temp_files_killed_saves_left(
    qtbot: QtBot, campaign: Path
) -> None:
    """Issue 13.5: 147 ``.NAME.json.XXXXXXXX.tmp`` files had piled up after a kill run."""
    from ui.campaign.index import scan_campaign
    from ui.workspace.campaign_session import CampaignSession

    stale = [
        campaign / "characters" / ".greta-vance.json.0a1b2c3d.tmp",
        campaign / "encounters" / ".brawl-at-the-pump-house.json.ffee0011.tmp",
        campaign / ".campaign.json.12345678.tmp",
    ]
    kept = campaign / "characters" / "my-notes.tmp"
    for file in [*stale, kept]:
        file.write_text("half a save")
    CampaignSession(scan_campaign(campaign)).load()
    assert [f for f in stale if f.exists()] == []
    assert kept.exists()


def test_search_kind_filter_and_sort(qtbot: QtBot, window: MainWindow) -> None:
    browser = window.browser
    browser.search.setFocus()
    qtbot.keyClicks(browser.search, "player")
    assert browser.proxy.rowCount() == 4
    assert browser.count_label.text() == "4 of 15 shown"
    browser.search.clear()
    browser.kind_filter.setCurrentIndex(browser.kind_filter.findText("Vehicles"))
    names = {browser.proxy.index(r, COL_NAME).data() for r in range(browser.proxy.rowCount())}
    assert names == {"Dam-site Bulldozer", 'Company Tank "Gerda"'}
    browser.kind_filter.setCurrentIndex(0)
    browser.view.sortByColumn(COL_NAME, Qt.SortOrder.AscendingOrder)
    first = [browser.proxy.index(r, COL_NAME).data() for r in range(3)]
    assert first == sorted(first, key=str.casefold)
    browser.view.sortByColumn(COL_KIND, Qt.SortOrder.AscendingOrder)
    assert browser.proxy.index(0, COL_KIND).data() == "Player character"
    assert browser.proxy.index(browser.proxy.rowCount() - 1, COL_KIND).data() == "Encounter"


def test_filter_model_alone(qtmodeltester: Any, qapp: Any) -> None:
    from ui.campaign.index import scan_campaign

    model = CampaignModel()
    model.set_entries(scan_campaign(SAMPLE).entries)
    proxy = CampaignFilterModel()
    proxy.setSourceModel(model)
    proxy.set_search("brask")
    qtmodeltester.check(proxy)
    assert proxy.rowCount() == 1
    assert proxy.index(0, COL_NAME).data(EntryRole).name == "Captain Anton Brask"


def test_ctrl_f_searches_and_enter_opens_a_tab(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.keyClick(window, Key.Key_F, CTRL)
    assert window.browser.search.hasFocus()
    editor = open_named(qtbot, window, "greta")
    assert editor.doc.character.name.startswith("Dr. Margarethe")
    assert window.tabs.count() == 1
    open_named(qtbot, window, "jack")
    assert window.tabs.count() == 2
    open_named(qtbot, window, "greta")  # already open: the same tab
    assert window.tabs.count() == 2 and window.tabs.currentIndex() == 0


def test_edit_marks_title_tab_and_browser_then_save(
    qtbot: QtBot, window: MainWindow, campaign: Path
) -> None:
    editor = open_named(qtbot, window, "greta")
    qtbot.mouseClick(editor.header.points["fame"].plus, Qt.MouseButton.LeftButton)
    assert window.isWindowModified()
    assert window.windowTitle().startswith('Dr. Margarethe "Greta" Vance[*]')
    assert window.tabs.tabText(0).endswith(" *")
    session = window.workspace.session
    assert session is not None
    entry = session.entry_for(editor.doc)
    row = session.model.row_of(entry)  # type: ignore[arg-type]
    assert session.model.index(row, COL_NAME).data().endswith(" *")  # type: ignore[arg-type]
    window.tabs.currentWidget().setFocus()
    qtbot.keyClick(window, Key.Key_S, CTRL)
    assert not window.isWindowModified() and not window.tabs.tabText(0).endswith("*")
    saved = load_character(campaign / "characters" / "greta-vance.json").document
    assert saved.fame == 4
    assert (campaign / "characters" / ".wilddie-backups" / "greta-vance.1.json").is_file()


def test_undo_and_redo_with_shortcuts_and_menu(qtbot: QtBot, window: MainWindow) -> None:
    editor = open_named(qtbot, window, "greta")
    doc = editor.doc
    qtbot.mouseClick(editor.header.points["fate_points"].plus, Qt.MouseButton.LeftButton)
    assert doc.character.fate_points == 2
    assert window.menus.undo_action.text() == "&Undo Fate Points +1"
    editor.tree.setFocus()
    qtbot.keyClick(window, Key.Key_Z, CTRL)
    assert doc.character.fate_points == 1 and not window.isWindowModified()
    qtbot.keyClick(window, Key.Key_Z, CTRL | SHIFT)
    assert doc.character.fate_points == 2
    window.menus.undo_action.trigger()
    assert doc.character.fate_points == 1
    window.menus.redo_action.trigger()
    assert doc.character.fate_points == 2


def test_each_tab_has_its_own_undo_stack(qtbot: QtBot, window: MainWindow) -> None:
    greta = open_named(qtbot, window, "greta").doc
    qtbot.mouseClick(
        window.sheets.current_editor().header.points["fame"].plus,  # type: ignore[union-attr]
        Qt.MouseButton.LeftButton,
    )
    jack = open_named(qtbot, window, "jack").doc
    assert window.undo.group.activeStack() is jack.undo_stack
    assert not window.menus.undo_action.isEnabled()
    window.tabs.setCurrentIndex(0)
    assert window.undo.group.activeStack() is greta.undo_stack
    assert window.menus.undo_action.isEnabled()


def test_closing_with_unsaved_changes_asks(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, campaign: Path
) -> None:
    editor = open_named(qtbot, window, "jack")
    qtbot.mouseClick(editor.header.points["fame"].plus, Qt.MouseButton.LeftButton)
    prompter = script(window, Choice.CANCEL, Choice.DISCARD)
    assert not window.close()
    assert window.isVisible() and "Jack Calloway" in prompter.texts[0]
    assert window.close()
    assert load_character(campaign / "characters" / "jack-calloway.json").document.fame == 2


def test_closing_with_save_saves(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, campaign: Path
) -> None:
    editor = open_named(qtbot, window, "jack")
    qtbot.mouseClick(editor.header.points["fame"].plus, Qt.MouseButton.LeftButton)
    script(window, Choice.SAVE)
    assert window.close()
    assert load_character(campaign / "characters" / "jack-calloway.json").document.fame == 3


def test_close_tab_prompt_and_ctrl_w(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    editor = open_named(qtbot, window, "odile")
    doc = editor.doc
    qtbot.mouseClick(editor.header.points["fame"].plus, Qt.MouseButton.LeftButton)
    script(window, Choice.CANCEL, Choice.DISCARD)
    editor.tree.setFocus()
    qtbot.keyClick(window, Key.Key_W, CTRL)
    assert window.tabs.count() == 1
    qtbot.keyClick(window, Key.Key_W, CTRL)
    assert window.tabs.count() == 0
    assert not doc.modified and doc.character.fame == 4  # reloaded from the file
    assert window.centre.currentWidget() is window.hint


def test_revert(qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    editor = open_named(qtbot, window, "greta")
    doc = editor.doc
    qtbot.mouseClick(editor.header.points["fame"].plus, Qt.MouseButton.LeftButton)
    script(window, Choice.DISCARD)
    assert window.menus.revert_action.isEnabled()
    window.menus.revert_action.trigger()
    assert doc.character.fame == 3 and not doc.modified and doc.undo_stack.count() == 0
    assert editor.header.points["fame"].value_label.text() == "3"


def test_save_as(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    editor = open_named(qtbot, window, "greta")
    target = tmp_path / "elsewhere" / "greta-copy"
    target.parent.mkdir()
    script(window, target)
    qtbot.keyClick(window, Key.Key_S, CTRL | SHIFT)
    assert editor.doc.path == target.with_suffix(".json")
    assert load_character(target.with_suffix(".json")).document.name == editor.doc.character.name


def _changed_elsewhere(campaign: Path) -> Path:
    file = campaign / "characters" / "greta-vance.json"
    raw = json.loads(file.read_text())
    raw["notes"] = "changed by another program"
    file.write_text(json.dumps(raw))
    return file


def test_save_refuses_to_overwrite_a_file_changed_elsewhere(
    qtbot: QtBot, window: MainWindow, campaign: Path
) -> None:
    editor = open_named(qtbot, window, "greta")
    qtbot.mouseClick(editor.header.points["fame"].plus, Qt.MouseButton.LeftButton)
    file = _changed_elsewhere(campaign)
    prompter = script(window, Choice.CANCEL)
    assert not window.files.save_current()
    assert "changed by another program" in prompter.texts[0]
    assert [c for c in prompter.asked[0].question.choices] == [
        Choice.RELOAD,
        Choice.OVERWRITE,
        Choice.SAVE_COPY,
        Choice.CANCEL,
    ]
    assert editor.doc.modified
    script(window, Choice.OVERWRITE)  # keep mine
    assert window.files.save_current()
    assert load_character(file).document.fame == 4
    assert not editor.doc.modified


def test_a_conflict_can_take_their_version(
    qtbot: QtBot, window: MainWindow, campaign: Path
) -> None:
    editor = open_named(qtbot, window, "greta")
    qtbot.mouseClick(editor.header.points["fame"].plus, Qt.MouseButton.LeftButton)
    file = _changed_elsewhere(campaign)
    before = file.read_bytes()
    script(window, Choice.RELOAD)
    assert window.files.save_current()  # nothing unsaved is left
    assert file.read_bytes() == before  # theirs untouched
    assert editor.doc.character.notes == "changed by another program"
    assert editor.doc.character.fame == 3
    assert not editor.doc.modified
    assert not editor.doc.undo_stack.canUndo()


def test_a_conflict_can_save_mine_as_a_copy(
    qtbot: QtBot, window: MainWindow, campaign: Path
) -> None:
    editor = open_named(qtbot, window, "greta")
    qtbot.mouseClick(editor.header.points["fame"].plus, Qt.MouseButton.LeftButton)
    file = _changed_elsewhere(campaign)
    before = file.read_bytes()
    copy = campaign / "characters" / "greta-mine.json"
    script(window, Choice.SAVE_COPY, copy)
    assert window.files.save_current()
    assert file.read_bytes() == before
    assert load_character(copy).document.fame == 4
    assert editor.doc.path == copy and not editor.doc.modified


@pytest.mark.parametrize("change", ["read-only", "deleted", "link"])
def test_files_changed_under_the_app_are_saved_only_after_asking(
    qtbot: QtBot, window: MainWindow, campaign: Path, tmp_path: Path, change: str
) -> None:
    """Issue 13.7: a 0444 file was overwritten, a deleted one recreated and a link
    followed, all without a word."""
    editor = open_named(qtbot, window, "greta")
    file = campaign / "characters" / "greta-vance.json"
    if change == "read-only":
        file.chmod(0o444)
    elif change == "deleted":
        file.unlink()
    else:
        outside = tmp_path / "outside.json"
        outside.write_bytes(file.read_bytes())
        file.unlink()
        file.symlink_to(outside)
        window.files.close_tab(window.tabs.currentIndex())
        editor = open_named(qtbot, window, "greta")
    qtbot.mouseClick(editor.header.points["fame"].plus, Qt.MouseButton.LeftButton)
    snapshot = file.read_bytes() if file.exists() else None
    prompter = script(window, Choice.CANCEL)
    assert not window.files.save_current()
    assert len(prompter.asked) == 1 and editor.doc.modified
    assert (file.read_bytes() if file.exists() else None) == snapshot
    prompter = script(window, Choice.SAVE)
    assert window.files.save_current()
    assert load_character(file).document.fame == 4
    if change == "link":
        assert file.is_symlink() and load_character(tmp_path / "outside.json").document.fame == 4
    # The yes holds for this file: the next save does not ask again.
    qtbot.mouseClick(editor.header.points["fame"].plus, Qt.MouseButton.LeftButton)
    script(window)
    assert window.files.save_current()


def test_new_character_then_save_into_the_campaign(
    qtbot: QtBot, window: MainWindow, campaign: Path
) -> None:
    qtbot.keyClick(window, Key.Key_N, CTRL)
    editor = window.sheets.current_editor()
    assert editor is not None and editor.header.name_edit.hasFocus()
    assert editor.doc.modified and editor.doc.path is None
    qtbot.keyClicks(editor.header.name_edit, "Kara Voss")
    qtbot.keyClick(editor.header.name_edit, Key.Key_Return)
    assert editor.doc.character.name == "Kara Voss"
    assert editor.doc.character.action_points == 1
    # Issue 15: the first save asks where, starting in the open campaign's characters.
    asked = script(window, campaign / "characters" / "kara-voss.json")
    qtbot.keyClick(window, Key.Key_S, CTRL)
    assert asked.titles == ["Save Kara Voss"]
    assert asked.texts == [str(campaign / "characters" / "kara-voss.json")]
    assert editor.doc.path == campaign / "characters" / "kara-voss.json"
    assert not editor.doc.modified
    session = window.workspace.session
    assert session is not None
    entry = session.entry_for(editor.doc)
    assert entry is not None and entry.relative == "characters/kara-voss.json"


def test_a_new_character_cancelled_at_its_first_save_stays_unsaved(
    qtbot: QtBot, window: MainWindow, campaign: Path
) -> None:
    qtbot.keyClick(window, Key.Key_N, CTRL)
    editor = window.sheets.current_editor()
    assert editor is not None
    script(window, None)  # the save dialog cancelled
    assert not window.files.save_current()
    assert editor.doc.path is None and editor.doc.modified
    assert not (campaign / "characters" / "new-player-character.json").exists()


def test_folder_dialogs_start_beside_the_open_campaign(window: MainWindow, campaign: Path) -> None:
    """Issue 15: the folder dialogs opened in the app's own folder."""
    asked = script(window, None)
    assert not window.campaigns.choose()
    assert asked.texts == [str(campaign.parent)]


def test_new_npc_from_the_menu(window: MainWindow) -> None:
    window.menus.new_kind_actions["creature"].trigger()
    editor = window.sheets.current_editor()
    assert editor is not None
    character = editor.doc.character
    assert character.kind == "creature" and character.importance == "stock"
    assert character.name == "New creature"


def test_import_a_character_from_another_campaign(
    qtbot: QtBot,
    window: MainWindow,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    campaign: Path,
) -> None:
    other = copy_sample(tmp_path, "other")
    source = other / "characters" / "greta-vance.json"
    script(window, source)
    qtbot.keyClick(window, Key.Key_I, CTRL)
    doc = window.sheets.current_document()
    assert (
        doc is not None and doc.path == campaign / "characters" / "dr-margarethe-greta-vance.json"
    )
    assert not doc.modified
    session = window.workspace.session
    assert session is not None and session.model.rowCount() == 16
    # importing a file of this campaign finds it instead of copying it
    script(window, doc.path)
    window.menus.import_action.trigger()
    assert session.model.rowCount() == 16


def test_import_of_a_broken_file_says_why(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"schema_version": "1.0", "kind": "npc"}')
    shown = script(window)
    assert window.opener.import_character_file(bad) is None
    assert "name" in shown.texts[0] and "missing" in shown.texts[0]


def test_drop_a_json_file_onto_the_window(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    other = copy_sample(tmp_path, "other")
    drop_file_on(window, other / "characters" / "mayor-dobrescu.json")
    doc = window.sheets.current_document()
    assert doc is not None and doc.character.name == "Mayor Ilie Dobrescu"
    assert doc.path is not None and doc.path.parent == window.workspace.session.characters_folder  # type: ignore[union-attr]


def test_start_session_is_one_undo_step(
    qtbot: QtBot, window: MainWindow, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = window.workspace.session
    assert session is not None
    players = [d for d in session.documents() if d.character.kind == "character"]
    for doc in players:
        doc.character.action_points = 0
    qtbot.keyClick(window, Key.Key_F5)
    assert all(d.character.action_points == 1 for d in players)  # R7 ruling
    assert all(d.modified for d in players) and session.modified
    assert session.campaign is not None and session.campaign.session == 2
    assert window.status.session_label.text() == "Session 2"
    assert window.menus.undo_action.text() == "&Undo Start session 2"
    qtbot.keyClick(window, Key.Key_Z, CTRL)
    assert all(d.character.action_points == 0 for d in players)
    assert not any(d.modified for d in players) and not session.modified
    qtbot.keyClick(window, Key.Key_F5)
    window.menus.save_all_action.trigger()
    assert load_campaign_file(campaign / "campaign.json").document.session == 2
    assert (
        load_character(campaign / "characters" / "jack-calloway.json").document.action_points == 1
    )


def test_start_session_carry_over_house_rule(qtbot: QtBot, window: MainWindow) -> None:
    session = window.workspace.session
    assert session is not None and session.campaign is not None
    session.campaign.house_rules.action_points_carry_over = True
    greta = next(d for d in session.documents() if "Greta" in d.character.name)
    before = greta.character.action_points
    window.menus.start_session_action.trigger()
    assert greta.character.action_points == before + 1  # R7 setting


def test_enter_on_a_row_rolls_it_in_the_dice_panel(qtbot: QtBot, window: MainWindow) -> None:
    editor = open_named(qtbot, window, "greta")
    model = editor.tree_model
    dexterity = model.index(1, 0)
    dodge = model.index(1, 0, dexterity)
    assert dodge.data() == "Dodge"
    editor.tree.setFocus()
    editor.tree.setCurrentIndex(dodge)
    qtbot.keyClick(editor.tree, Key.Key_Return)
    panel = window.rolls.panel
    assert panel is not None
    result = panel.current_result()
    assert result is not None and result.spec.code == DieCode(3, 2)  # 2D+2 + 1D (R2)
    assert panel.history.rowCount() == 1
    assert "Dodge" in window.docks.dice_dock.windowTitle()
    assert panel.points_label.text() == "CP 3 · AP 1 · FP 1"


def test_spending_a_point_in_the_dice_panel_changes_the_sheet(
    qtbot: QtBot, window: MainWindow
) -> None:
    editor = open_named(qtbot, window, "greta")
    doc = editor.doc
    editor.tree.setCurrentIndex(editor.tree_model.index(0, 0))
    assert editor.roll_current()
    panel = window.rolls.panel
    panel.spend("character_point")
    assert doc.character.character_points == 2  # R7: spent on the sheet too, undoable
    doc.undo_stack.undo()
    assert doc.character.character_points == 3


def test_a_row_rolls_against_the_difficulty_its_chance_was_shown_for(
    qtbot: QtBot, window: MainWindow
) -> None:
    """A walkthrough found the sheet saying 'Chance vs 15' and the panel rolling a
    standing check: a row rolls against the sheet's chosen difficulty (R4)."""
    editor = open_named(qtbot, window, "greta")
    combo = editor.difficulty_combo
    combo.setCurrentIndex(combo.findData(20))
    editor.tree.setCurrentIndex(editor.tree_model.index(0, 0))
    assert editor.roll_current()
    panel = window.rolls.panel
    assert panel.form.difficulty() == 20
    assert "vs 20" in panel.outcome_label.text()


def test_the_dice_panel_follows_the_rolled_row_on_the_sheet(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Issue 15: change a skill after rolling it, and the panel kept the old code."""
    editor = open_named(qtbot, window, "greta")
    doc = editor.doc
    dexterity = editor.tree_model.index(1, 0)
    dodge_index = editor.tree_model.index(1, 0, dexterity)
    editor.tree.setCurrentIndex(dodge_index)
    assert editor.roll_current()
    panel = window.rolls.panel
    spec = panel.form.spec()
    assert spec is not None and spec.code == DieCode(3, 2)
    dodge = dodge_index.data(NodeRole)
    doc.push(commands.set_field(doc, dodge, "code", DieCode(2)))  # Dodge 1D -> 2D
    spec = panel.form.spec()
    assert spec is not None and spec.code == DieCode(4, 2)  # Dexterity 2D+2 + Dodge 2D
    doc.undo_stack.undo()
    spec = panel.form.spec()
    assert spec is not None and spec.code == DieCode(3, 2)
    # A code the player typed in the panel is theirs: the sheet does not overwrite it.
    panel.form.code_edit.setText("7D")
    doc.undo_stack.redo()
    spec = panel.form.spec()
    assert spec is not None and spec.code == DieCode(7)


def test_a_difficulty_does_not_carry_over_into_a_damage_roll(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Issue 15: "Against" stayed set for the weapon's damage roll after a check."""
    editor = open_named(qtbot, window, "greta")
    editor.tree.setCurrentIndex(editor.tree_model.index(0, 0))
    assert editor.roll_current()
    panel = window.rolls.panel
    panel.set_difficulty(15)
    assert panel.form.difficulty() == 15
    editor.weapons.view.setCurrentIndex(editor.weapons.model.index(0, COL_DAMAGE))
    editor.weapons.view.activated.emit(editor.weapons.view.currentIndex())
    assert "damage" in window.docks.dice_dock.windowTitle()
    assert panel.form.difficulty() is None


def test_a_damage_roll_reads_as_damage_not_as_a_standing_check(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R4: a weapon's damage is an effect roll: no result points, no ranks; it is
    compared with the target's resistance. A check rolled next reads as a check again."""
    editor = open_named(qtbot, window, "greta")
    assert editor.weapons.roll_damage(0)
    panel = window.rolls.panel
    assert panel.outcome_label.text().startswith("damage: the Game Master compares it")
    assert "rank" not in panel.outcome_label.text()
    assert panel.form.band_label.text() == "damage roll"
    qtbot.waitUntil(lambda: "Mean" in panel.odds_label.text())
    assert "rank" not in panel.odds_label.text()
    assert panel.rank_chances.cells() == ()  # R4: damage has no ranks
    editor.tree.setCurrentIndex(editor.tree_model.index(0, 0))
    assert editor.roll_current()  # a check again, against the sheet's difficulty
    assert panel.outcome_label.text().startswith("vs 15: ")
    assert panel.form.band_label.text() == "Moderate"
    assert editor.weapons.roll_damage(0)
    panel.set_difficulty(12)  # the GM types a number: a check against it again
    assert panel.form.band_label.text() != "damage roll"


def test_a_fate_point_ticked_in_the_panel_is_spent_on_the_sheet(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Issue 15: the Fate Point count stayed after a roll with luck. The sheet's count
    drops, the box clears, and the sheet's undo gives the point back."""
    editor = open_named(qtbot, window, "greta")
    doc = editor.doc
    assert doc.character.fate_points == 1  # Greta's, in the sample campaign
    editor.tree.setCurrentIndex(editor.tree_model.index(0, 0))
    assert editor.roll_current()
    panel = window.rolls.panel
    panel.form.luck_check.setChecked(True)
    result = panel.roll()
    assert result is not None and result.spec.luck
    assert doc.character.fate_points == 0 and doc.modified
    assert not panel.form.luck_check.isChecked() and not panel.form.luck_check.isEnabled()
    doc.undo_stack.undo()
    assert doc.character.fate_points == 1
    assert panel.form.luck_check.isEnabled()  # the panel follows the sheet (R7)


def test_recent_campaigns_menu(qtbot: QtBot, window: MainWindow, campaign: Path) -> None:
    window.campaigns.fill_recent_menu(window.menus.recent_menu)
    actions = [a for a in window.menus.recent_menu.actions() if a.isEnabled()]
    assert [a.toolTip() for a in actions] == [str(campaign.absolute())]


def test_open_a_campaign_and_a_character_file(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    other = copy_sample(tmp_path, "second")
    script(window, other / "campaign.json")
    qtbot.keyClick(window, Key.Key_O, CTRL)
    assert window.workspace.session is not None and window.workspace.session.folder == other
    loose = tmp_path / "loose.json"
    loose.write_bytes((SAMPLE / "characters" / "company-guard.json").read_bytes())
    script(window, loose)
    window.menus.open_action.trigger()
    doc = window.sheets.current_document()
    assert doc is not None and doc.path == loose and doc in window.workspace.standalone
    shown = script(window, tmp_path)
    assert not window.campaigns.choose()
    assert "no campaign.json" in shown.texts[-1]


def test_export_pdf_and_print(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    open_named(qtbot, window, "greta")
    target = tmp_path / "greta"
    script(window, target)
    window.menus.pdf_action.trigger()
    assert (tmp_path / "greta.pdf").read_bytes().startswith(b"%PDF")
    printed: list[tuple[str, str]] = []
    monkeypatch.setattr(
        "ui.sheet.print.print_character",
        lambda character, parent, damage_system, check: printed.append(
            (character.name, damage_system)
        ),
    )
    qtbot.keyClick(window, Key.Key_P, CTRL)
    assert printed and printed[0][0].startswith("Dr. Margarethe")
    assert printed[0][1] == "conditions"  # the sample campaign's R10 setting
    assert window.workspace.session is not None and window.workspace.session.campaign is not None
    window.workspace.session.campaign.house_rules.damage_system = "wounds"
    qtbot.keyClick(window, Key.Key_P, CTRL)
    assert printed[-1][1] == "wounds"  # the sheet prints the campaign's wound chart


def test_encounters_are_listed_for_the_tracker(qtbot: QtBot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.opener.encounterOpenRequested) as requested:
        open_encounter = window.browser
        open_encounter.search.setFocus()
        qtbot.keyClicks(open_encounter.search, "brawl")
        qtbot.keyClick(open_encounter.search, Key.Key_Return)
    assert requested.args[0].kind == "encounter"
    assert window.tabs.count() == 0


def test_every_action_has_a_menu_and_keyboard_shortcuts_are_unique(window: MainWindow) -> None:
    shortcuts = [
        key.toString()
        for a in window.findChildren(type(window.menus.save_action))
        if a.parent() is window
        for key in a.shortcuts()
    ]
    assert len(shortcuts) == len(set(shortcuts)), shortcuts
    for key in (
        "Ctrl+N",
        "Ctrl+O",
        "Ctrl+S",
        "Ctrl+Shift+S",
        "Ctrl+W",
        "Ctrl+Z",
        "Ctrl+P",
        "Ctrl+F",
        "F5",
    ):
        assert key in shortcuts, key


def test_opening_an_encounter_runs_it_in_the_tracker(qtbot: QtBot, window: MainWindow) -> None:
    """Issue 6: an encounter in the campaign browser opens the encounter tracker."""
    from ui.tracker.window import TrackerWindow

    browser = window.browser
    browser.search.setFocus()
    qtbot.keyClicks(browser.search, "Brawl")
    qtbot.keyClick(browser.search, Key.Key_Return)
    trackers = [w for w in QApplication.topLevelWidgets() if isinstance(w, TrackerWindow)]
    assert len(trackers) == 1
    tracker = trackers[0]
    qtbot.addWidget(tracker, before_close_func=lambda t: t.mark_clean())
    assert tracker.isVisible()
    assert "Brawl at the Pump House" in tracker.windowTitle()
    assert len(tracker.engine.encounter.combatants) >= 4
    assert "Brawl at the Pump House" in window.statusBar().currentMessage()


def test_quitting_with_an_unsaved_encounter_asks_before_anything_closes(
    qtbot: QtBot, window: MainWindow, campaign: Path
) -> None:
    """Issue 16: Quit closed the main window first, then asked about the encounter; Cancel
    left the tracker alone with the main window gone."""
    tracker = window.campaigns.open_encounter(
        campaign / "encounters" / "brawl-at-the-pump-house.json"
    )
    assert isinstance(tracker, TrackerWindow)  # deletes itself when closed: not qtbot's
    tracker.roll_initiative(seed=1)
    assert not tracker.undo_stack.isClean()
    tracker.prompter = ScriptedPrompter(Choice.CANCEL)
    assert not window.close()
    assert window.isVisible() and tracker.isVisible()
    tracker.prompter = ScriptedPrompter(Choice.DISCARD)
    assert window.close()
    assert not tracker.isVisible() and not window.isVisible()


OD6S = FIXTURES / "od6s"


def test_import_a_foundry_od6s_export(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, campaign: Path
) -> None:
    """Issue 8 from the app: File > Import converts an od6s export and reports it."""
    source = OD6S / "kira-voss.json"
    script(window, source)
    qtbot.keyClick(window, Key.Key_I, CTRL)
    doc = window.sheets.current_document()
    assert doc is not None and doc.character.name == "Kira Voss"
    assert doc.path == campaign / "characters" / "kira-voss.json"
    assert load_character(doc.path).document.name == "Kira Voss"  # a valid Wild Die file
    assert "Imported Kira Voss" in window.statusBar().currentMessage()
    assert (
        "skills" in window.opener.import_report[0]
        and "kept in notes" in window.opener.import_report[0]
    )


def test_drop_an_od6s_export_onto_the_window(window: MainWindow, campaign: Path) -> None:
    drop_file_on(window, OD6S / "krayt-dragon.json")
    doc = window.sheets.current_document()
    assert doc is not None and doc.character.kind == "creature"
    assert doc.path == campaign / "characters" / "krayt-dragon.json"


def test_an_embedded_pilot_comes_in_with_its_ship(window: MainWindow, campaign: Path) -> None:
    """Issue 18: a starship's embedded pilot is a sheet of its own in the campaign."""
    drop_file_on(window, OD6S / "v10-kestrel-courier.json")
    doc = window.sheets.current_document()
    assert doc is not None and doc.character.pilot == "Rask Tovin"
    pilot = load_character(campaign / "characters" / "rask-tovin.json").document
    assert pilot.name == "Rask Tovin" and pilot.kind == "npc"


def test_a_hostile_export_creates_nothing(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, campaign: Path
) -> None:
    before = sorted((campaign / "characters").iterdir())
    shown = script(window)
    for hostile in sorted((OD6S / "hostile").iterdir()):
        assert window.opener.import_character_file(hostile) is None
    assert len(shown.texts) == len(list((OD6S / "hostile").iterdir()))
    assert sorted((campaign / "characters").iterdir()) == before


def test_open_path_opens_what_the_system_hands_over(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Command line, file manager and macOS open events all go through open_path."""
    from PySide6.QtGui import QFileOpenEvent

    from app.gui import _FileOpenEvents
    from ui.tracker.window import TrackerWindow

    other = copy_sample(tmp_path, "other")
    # a character of another campaign: that campaign opens, the character in a tab
    assert window.opener.open_path(other / "characters" / "jack-calloway.json")
    assert window.workspace.session is not None and window.workspace.session.folder == other
    doc = window.sheets.current_document()
    assert doc is not None and doc.character.name == "Jack Calloway"
    # an encounter file runs in the tracker
    assert window.opener.open_path(other / "encounters" / "council-debate.json")
    trackers = [w for w in QApplication.topLevelWidgets() if isinstance(w, TrackerWindow)]
    for tracker in trackers:
        qtbot.addWidget(tracker, before_close_func=lambda t: t.mark_clean())
    assert any("Council" in t.windowTitle() for t in trackers)
    # a character from outside any campaign opens in a tab of its own
    loose = tmp_path / "loose.json"
    loose.write_bytes((SAMPLE / "characters" / "odile-marchetti.json").read_bytes())
    assert window.opener.open_path(loose)
    doc = window.sheets.current_document()
    assert doc is not None and doc.path == loose
    # a macOS open event reaches the same place
    opener = _FileOpenEvents(window, window)
    event = QFileOpenEvent(str(OD6S / "outrider.json"))
    assert opener.eventFilter(window, event)
    doc = window.sheets.current_document()
    assert doc is not None and doc.path is not None and doc.path.parent == other / "characters"
    # something that is not there says so
    assert not window.opener.open_path(tmp_path / "missing.json")
    assert "does not exist" in window.statusBar().currentMessage()


def test_new_encounter_is_built_saved_listed_and_run(
    qtbot: QtBot, window: MainWindow, campaign: Path
) -> None:
    """Issue 6: Campaign > New Encounter builds one from the campaign's characters."""
    from ui.tracker.builder import BuilderWindow
    from ui.tracker.window import TrackerWindow

    qtbot.keyClick(window, Key.Key_N, CTRL | Qt.KeyboardModifier.ShiftModifier)
    builders = [w for w in QApplication.topLevelWidgets() if isinstance(w, BuilderWindow)]
    assert len(builders) == 1
    builder_window = builders[0]
    builder = builder_window.builder
    builder.add("characters/jack-calloway.json")
    builder.add("characters/company-guard.json", copies=2)
    rows = window.workspace.session.model.rowCount()  # type: ignore[union-attr]
    path = builder_window.save()
    assert path.parent == campaign / "encounters"
    assert window.workspace.session.model.rowCount() == rows + 1  # type: ignore[union-attr]
    tracker = builder_window.run_with(path) if builder_window.run_with else None
    assert isinstance(tracker, TrackerWindow)
    qtbot.addWidget(tracker, before_close_func=lambda t: t.mark_clean())
    names = {c.name for c in tracker.engine.encounter.combatants}
    assert {"Company Guard 1", "Company Guard 2"} <= names


def test_the_history_shows_its_time_total_and_seed_whole(qtbot: QtBot, window: MainWindow) -> None:
    """A walkthrough saw '08…' and '14…' in the dice dock's history: its columns kept the
    empty table's widths. Each column fits its newest row."""
    editor = open_named(qtbot, window, "greta")
    editor.tree.setCurrentIndex(editor.tree_model.index(0, 0))
    assert editor.roll_current()
    view = window.rolls.panel.history_view
    model = view.model()
    metrics = view.fontMetrics()
    for column in (model.TIME, model.TOTAL, model.SEED):
        text = str(model.index(0, column).data())
        assert view.columnWidth(column) >= metrics.horizontalAdvance(text), text
