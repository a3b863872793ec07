"""ui.services.paths: the app's own files live in the user folders, never by the program."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ui.services import paths


@pytest.fixture
def xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    # Set here too (not only in conftest): this test is about exactly these variables.
    base = tmp_path / "xdg"
    for name in ("DATA", "CONFIG", "CACHE", "STATE"):
        monkeypatch.setenv(f"XDG_{name}_HOME", str(base / name.lower()))
    return base


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG folders are Linux")
def test_folders_follow_the_platform(xdg: Path) -> None:
    assert paths.config_dir() == xdg / "config" / "WildDie"
    assert paths.autosave_dir() == xdg / "data" / "WildDie" / "autosave"
    assert paths.recent_files_path() == xdg / "state" / "WildDie" / "recent-files.json"
    assert paths.cache_dir() == xdg / "cache" / "WildDie"
    program = Path(paths.__file__).resolve().parent.parent
    for folder in (paths.config_dir(), paths.data_dir(), paths.state_dir(), paths.cache_dir()):
        assert program not in folder.parents


def test_autosave_names_differ_by_folder(xdg: Path, tmp_path: Path) -> None:
    one = paths.autosave_path_for(tmp_path / "a" / "ada.json")
    two = paths.autosave_path_for(tmp_path / "b" / "ada.json")
    assert one != two and one.parent == two.parent == paths.autosave_dir()
    assert one.name.startswith("ada-") and one.suffix == ".json"
    assert paths.autosave_path_for(tmp_path / "a" / "ada.json") == one


def test_recent_files_newest_first_without_duplicates(xdg: Path, tmp_path: Path) -> None:
    assert paths.recent_files() == []
    for name in ("a", "b", "a", "c"):
        paths.add_recent_file(tmp_path / f"{name}.json")
    assert [p.name for p in paths.recent_files()] == ["c.json", "a.json", "b.json"]
    for number in range(20):
        paths.add_recent_file(tmp_path / f"{number}.json")
    assert len(paths.recent_files()) == paths.MAX_RECENT_FILES


def test_a_damaged_recent_files_list_is_empty(xdg: Path) -> None:
    target = paths.recent_files_path()
    target.parent.mkdir(parents=True)
    for junk in ("{", "[1]", '{"recent": 3}', "\xff"):
        target.write_text(junk, encoding="latin-1")
        assert paths.recent_files() == []
    target.write_text('{"recent": ["/x.json", 4]}')
    assert paths.recent_files() == [Path("/x.json")]
