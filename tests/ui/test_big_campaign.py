"""A big campaign opens without the first screen waiting for it (issue 17): the browser
shows its first rows at once, lists and reads the rest on idle turns, validates on a
worker thread, and a sheet opened meanwhile opens correctly; a broken file is still
reported in plain words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint
from pytestqt.qtbot import QtBot

from tests.ui_helpers import copy_sample
from ui.main.campaign_controller import BACKGROUND_ROWS, FIRST_SCREEN_ROWS
from ui.services.prompter import ScriptedPrompter

COUNT = 320  # past BACKGROUND_ROWS: validated on the worker thread


def _grown(tmp_path: Path) -> Path:
    campaign = copy_sample(tmp_path)
    characters = campaign / "characters"
    template = json.loads((characters / "company-guard.json").read_text(encoding="utf-8"))
    for number in range(COUNT):
        raw = dict(template, name=f"Guard {number:03d}")
        (characters / f"guard-{number:03d}.json").write_text(json.dumps(raw), encoding="utf-8")
    (characters / "zz-broken.json").write_text('{"schema_version": "1.0", "name": 3}')
    return campaign


def _window(qtbot: QtBot) -> Any:
    from ui.main.window import MainWindow

    window = MainWindow(autosave_ms=60_000, prompter=ScriptedPrompter())
    qtbot.addWidget(window, before_close_func=lambda w: w.files.discard_all_changes())
    return window


def test_the_first_rows_come_first_and_every_row_and_document_follows(
    qtbot: QtBot, tmp_path: Path
) -> None:
    assert COUNT > BACKGROUND_ROWS
    campaign = _grown(tmp_path)
    window = _window(qtbot)
    assert window.campaigns.open(campaign, defer_loading=True)
    session = window.workspace.session
    assert session is not None
    assert session.model.rowCount() == 0  # the first paint waits for no file at all
    assert window.browser.count_label.text() == "Listing the campaign…"
    assert not session.is_loaded
    first_screen: list[int] = []
    window.first_paint.afterFirstPaint.connect(
        lambda: first_screen.append(session.model.rowCount())
    )
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.first_paint.done, timeout=5000)
    # Right after the first paint: the rows the browser shows, no more (nor more than
    # FIRST_SCREEN_ROWS), and enough to fill it.
    assert first_screen == [min(FIRST_SCREEN_ROWS, window.browser.rows_in_sight())]
    view = window.browser.view
    assert view.indexAt(QPoint(1, view.viewport().height() - 1)).isValid()
    shown = [e for e in session.model.entries()[: first_screen[0]] if e.name.startswith("Guard")]
    assert shown  # read: names, not file names
    total = 13 + COUNT + 1 + 2  # the sample's characters, the guards, the broken one, encounters
    qtbot.waitUntil(lambda: session.is_loaded, timeout=60_000)
    assert session.model.rowCount() == total
    assert len(session.documents()) == 13 + COUNT
    names = [e.name for e in session.model.entries()]
    assert "Guard 000" in names and "Guard 319" in names  # read, not file names
    broken = next(e for e in session.model.entries() if e.relative.endswith("zz-broken.json"))
    assert broken.document is None and broken.problem
    assert "is it a Wild Die file" in broken.problem  # plain words


def test_a_sheet_opened_while_the_campaign_loads_opens(qtbot: QtBot, tmp_path: Path) -> None:
    campaign = _grown(tmp_path)
    window = _window(qtbot)
    assert window.campaigns.open(campaign, defer_loading=True)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.first_paint.done, timeout=5000)
    session = window.workspace.session
    assert session is not None
    editor = window.opener.open_character(campaign / "characters" / "guard-300.json")
    assert editor is not None  # waited for the worker, then opened
    assert session.is_loaded
    doc = session.document_at(campaign / "characters" / "guard-300.json")
    assert doc is not None and doc.character.name == "Guard 300"


def test_rows_listed_and_read_in_batches_keep_the_model_consistent(
    qtbot: QtBot, tmp_path: Path, qtmodeltester: Any
) -> None:
    from ui.campaign.index import scan_campaign
    from ui.campaign.model import COL_KIND
    from ui.workspace.campaign_session import CampaignSession

    campaign = copy_sample(tmp_path)
    session = CampaignSession(scan_campaign(campaign, read_first=3, first_screen=5))
    qtmodeltester.check(session.model)  # watches every insertion, change and re-sort
    session.model.sort(COL_KIND)  # as the browser asks
    assert session.model.rowCount() == 5
    assert session.row_count() == 15
    while session.list_more(4):
        pass
    assert session.model.rowCount() == 15
    while session.read_pending(3):
        pass
    kinds = [e.kind for e in session.model.entries()]
    assert kinds[:4] == ["character"] * 4  # sorted again once read: characters first
    session.load()
    assert len(session.documents()) == 13


def test_a_loaded_campaigns_documents_stay_out_of_full_collections(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Issue 17: 10,000 sheets are millions of objects; every full cycle collection walked
    them (pauses of ~0.6 s). Once loaded they are frozen, and closing the campaign lets
    the collector see them again."""
    import gc

    window = _window(qtbot)
    gc.unfreeze()
    assert window.campaigns.open(copy_sample(tmp_path))
    session = window.workspace.session
    assert session is not None and session.is_loaded
    sheet = session.documents()[0].character
    assert gc.get_freeze_count() > 0 and not any(sheet is o for o in gc.get_objects(generation=2))
    window.workspace.close_session()
    assert gc.get_freeze_count() == 0


def test_the_files_past_the_first_screen_are_listed_by_name_and_get_their_rows_later(
    tmp_path: Path,
) -> None:
    """Issue 17: the first paint must not grow with the campaign; the files past the first
    screen are relative names until their rows are made (10,000 ``Path`` objects were
    ~45 ms before the first paint), and their rows point at the same files."""
    from ui.campaign.index import scan_campaign
    from ui.workspace.campaign_session import CampaignSession

    campaign = _grown(tmp_path)
    index = scan_campaign(campaign, read_first=5, first_screen=5)
    assert len(index.entries) == 5
    every = [
        f"{folder}/{name}"
        for folder in ("characters", "encounters")
        for name in sorted(p.name for p in (campaign / folder).glob("*.json"))
    ]
    assert index.later == every[5:]  # sorted, the characters first
    assert [e.relative for e in index.entries] == every[:5]
    session = CampaignSession(index)
    session.list_more(None)
    rows = {e.relative: e.path for e in session.model.entries()}
    assert rows["characters/guard-000.json"] == campaign / "characters" / "guard-000.json"
    assert len(rows) == 5 + len(index.later)


def test_a_campaign_opened_at_start_up_lists_every_file_after_the_first_paint(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Issue 17: at start-up the first paint waits for the campaign's title only; right
    after it the browser shows the very rows a campaign opened later shows."""
    from ui.campaign.index import scan_campaign

    campaign = copy_sample(tmp_path)
    window = _window(qtbot)
    assert window.campaigns.open(campaign, defer_loading=True)
    session = window.workspace.session
    assert session is not None
    assert session.model.rowCount() == 0
    assert window.browser.title_label.text() == scan_campaign(campaign).title
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.first_paint.done, timeout=5000)
    listed = sorted((e.relative, e.kind, e.name, e.player) for e in session.model.entries())
    expected = scan_campaign(campaign).entries
    assert listed == sorted((e.relative, e.kind, e.name, e.player) for e in expected)
    assert window.browser.count_label.text() == f"{len(expected)} of {len(expected)} shown"


def test_a_document_wanted_before_the_first_paint_lists_and_loads_the_campaign(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """A file named on the command line opens before the first paint: the campaign's
    rows and documents are there for it, listed once (not again after the paint)."""
    campaign = copy_sample(tmp_path)
    window = _window(qtbot)
    assert window.campaigns.open(campaign, defer_loading=True)
    session = window.workspace.session
    assert session is not None
    doc = session.document_at(campaign / "characters" / "greta-vance.json")
    assert doc is not None and session.model.rowCount() == 15
    assert len(session.documents()) == 13
    window.show()
    qtbot.waitUntil(lambda: window.first_paint.done, timeout=5000)
    assert session.model.rowCount() == 15


def test_the_first_screen_lists_no_more_names_and_the_rest_follow_once_each(
    tmp_path: Path,
) -> None:
    """Issue 17: the first screen's rows are the first files the folder lists, read; the
    other names are listed only when asked for, and every file gets exactly one row."""
    from ui.campaign.index import campaign_files, scan_campaign
    from ui.workspace.campaign_session import CampaignSession

    campaign = _grown(tmp_path)
    session = CampaignSession(scan_campaign(campaign, list_files=False))
    session.list_folder(10, 20)
    first = session.model.entries()
    assert len(first) == 20 and all(e.document is None for e in first)
    assert sum(1 for e in first if e.details.get("pending")) == 10  # the rest by name
    every = campaign_files(campaign)
    assert session.row_count() == len(every)
    while session.list_more(100):
        pass
    assert sorted(e.relative for e in session.model.entries()) == sorted(every)
    session.load()
    assert len(session.documents()) == 13 + COUNT


def test_a_row_read_with_json_shows_what_the_file_says(tmp_path: Path) -> None:
    """The rows are read with ``json`` (after the first paint), the title with Qt's reader:
    the same names, kinds and players as the documents; a file that is no JSON object is
    listed by its file name."""
    from ui.campaign.index import entry_for_file, scan_campaign

    campaign = copy_sample(tmp_path)
    (campaign / "characters" / "list.json").write_text("[1, 2]", encoding="utf-8")
    (campaign / "characters" / "bom.json").write_bytes(
        b"\xef\xbb\xbf" + json.dumps({"name": "Bom", "kind": "npc"}).encode()
    )
    index = scan_campaign(campaign)
    assert index.title == "The Drowned Valley"
    rows = {e.relative: e for e in index.entries}
    greta = rows["characters/greta-vance.json"]
    assert (greta.kind, greta.player) == ("character", "Sam")
    assert greta.name.startswith("Dr. Margarethe")
    assert rows["characters/list.json"].name == "list"
    assert entry_for_file(campaign, campaign / "characters" / "bom.json").name == "Bom"


def test_a_row_reads_a_sheets_first_keys_as_json_reads_the_whole_file(tmp_path: Path) -> None:
    """A character's row reads its file up to the row's keys only (issue 17): what it
    reads equals the whole file's values; an encounter, a key missing up front, a
    non-object, a BOM, text that is no JSON or no UTF-8 are parsed whole, as before."""
    from ui.campaign.index import ROW_KEYS, _parse_row_head, _parse_with_json

    def same(data: bytes) -> None:
        head, whole = _parse_row_head(data), _parse_with_json(data)
        if (
            isinstance(whole, dict)
            and whole.get("kind") != "encounter"
            and whole.keys() >= ROW_KEYS
        ):
            assert {k: head[k] for k in ROW_KEYS} == {k: whole[k] for k in ROW_KEYS}
        else:
            assert head == whole

    for path in sorted(copy_sample(tmp_path).rglob("*.json")):
        same(path.read_bytes())
    row = {"kind": "npc", "name": 'A "quoted" \u00e9 name', "player": "", "importance": "stock"}
    same(json.dumps({**row, "rest": [1, {"x": None}]}, indent=2).encode())
    same(json.dumps({"schema_version": "1.0", **row}).encode())  # other keys first
    same(json.dumps({"name": "No kind", "player": "P", "importance": ""}).encode())
    same(json.dumps({"kind": "encounter", "name": "E", "combatants": [1, 2]}).encode())
    same(b"\xef\xbb\xbf" + json.dumps(row).encode())
    for broken in (b"", b"[1, 2]", b"{}", b"{'name': 1}", b'{"kind" "npc"}', b"\xff\xfe{", b"nope"):
        same(broken)
    with_rest_broken = json.dumps(row).encode()[:-1] + b', "rest": [}'
    assert _parse_row_head(with_rest_broken) == row  # the full load reports the rest


def test_kind_labels_and_header_read_as_before() -> None:
    """The labels are translated one at a time now (a painted row asks for one)."""
    from PySide6.QtCore import Qt

    from ui.campaign.model import CampaignModel, kind_label

    labels = [kind_label(k) for k in ("character", "npc", "creature", "vehicle", "object")]
    assert labels == ["Player character", "NPC", "Creature", "Vehicle", "Object"]
    assert (kind_label("location"), kind_label("encounter")) == ("Location", "Encounter")
    assert kind_label("dragon") == "dragon"  # a kind this version does not know
    model = CampaignModel()
    horizontal, vertical = Qt.Orientation.Horizontal, Qt.Orientation.Vertical
    assert [model.headerData(c, horizontal) for c in range(5)] == [
        "Name",
        "Kind",
        "Player",
        "Importance",
        "File",
    ]
    assert model.headerData(0, vertical) is None
    assert model.headerData(0, horizontal, Qt.ItemDataRole.ToolTipRole) is None
