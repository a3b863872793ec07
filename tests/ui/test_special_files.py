"""Special files in a campaign folder (issue 13.4): a FIFO named x.json hung the start-up,
a link to /dev/zero read until MemoryError. The quick index and the full load read regular
files only, with validate's size cap, and list anything else as a problem row."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from sheets.regular_files import MAX_FILE_BYTES
from sheets.storage import open_campaign
from tests.ui_helpers import SAMPLE, main_window_on
from ui.campaign.index import scan_campaign

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and /dev/zero are POSIX"),
    pytest.mark.timeout(60),  # a hang guard: before the fix the FIFO blocked forever
]

ODD = {
    "x.json": "not a regular file",  # a FIFO
    "zero.json": "not a regular file",  # a link to /dev/zero
    "z.json": "is a folder",
    "big.json": "larger than 20 MB",
}


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    folder = tmp_path / "campaign"
    shutil.copytree(SAMPLE, folder)
    characters = folder / "characters"
    os.mkfifo(characters / "x.json")
    (characters / "zero.json").symlink_to("/dev/zero")
    (characters / "z.json").mkdir()
    with (characters / "big.json").open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # sparse: 50 MB that cost no disk
    assert MAX_FILE_BYTES < 50 * 1024 * 1024
    return folder


def test_the_quick_index_lists_special_files_as_problem_rows(campaign: Path) -> None:
    index = scan_campaign(campaign)
    rows = {entry.path.name: entry for entry in index.entries}
    for name, reason in ODD.items():
        assert rows[name].problem is not None and reason in rows[name].problem, name
    assert rows["greta-vance.json"].problem is None
    assert rows["greta-vance.json"].name.startswith("Dr. Margarethe")


def test_the_full_load_reports_each_special_file_and_loads_the_rest(campaign: Path) -> None:
    opened = open_campaign(campaign)
    problems = {Path(p.file).name: p.message for p in opened.problems}
    for name, reason in ODD.items():
        assert reason in problems[name], name
    assert "characters/greta-vance.json" in opened.characters


def test_the_app_opens_such_a_campaign(qtbot: QtBot, campaign: Path) -> None:
    window = main_window_on(qtbot, campaign)
    session = window.workspace.session
    assert session is not None and session.is_loaded
    rows = {e.path.name: e for e in session.model.entries()}
    assert all(rows[name].problem for name in ODD)
    assert len(session.documents()) == 13  # the sample's characters, all of them
