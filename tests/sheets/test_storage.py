"""Storage: atomic saves, conflicts, backups, safe loading, limits, migrations, folders."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from sheets import migrations, storage
from sheets.documents import Campaign, Character, Encounter, new_character
from sheets.storage import (
    BACKUP_FOLDER,
    DocumentError,
    FileStamp,
    SaveConflict,
    SaveError,
    SaveRisk,
    backups_of,
    changed_on_disk,
    dump_document,
    load_character,
    open_campaign,
    parse_document,
    read_document,
    save_document,
)
from sheets.storage import reading as _reading  # noqa: F401 - patched below
from sheets.storage.locking import LOCK_NAME
from tests import locations

FIXTURES = locations.FIXTURES / "documents"
VERSIONS = sorted(p.name for p in FIXTURES.glob("v*") if p.is_dir())


def snapshot(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


def folder_listing(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


@pytest.fixture
def saved(tmp_path: Path) -> tuple[Path, FileStamp]:
    (tmp_path / "docs").mkdir()
    path = tmp_path / "docs" / "ada.json"
    stamp = save_document(new_character("Ada Vance"), path)
    return path, stamp


def the_problem(error: pytest.ExceptionInfo[DocumentError]) -> storage.Problem:
    assert len(error.value.problems) == 1
    return error.value.problems[0]


# --- byte-stable files -------------------------------------------------------------------


@pytest.mark.parametrize("name", ["new-character.json", "new-vehicle.json"])
def test_golden_files(name: str) -> None:
    # The saved form of a new sheet: changing it is a file format change (see migrations).
    golden = (FIXTURES / "golden" / name).read_bytes()
    kind = "vehicle" if "vehicle" in name else "character"
    built = new_character("Rust Bucket" if kind == "vehicle" else "Ada Vance", kind)
    assert dump_document(built) == golden


def test_output_format() -> None:
    data = dump_document(Character(name='Zoë "Z" Ångström'))
    assert data.endswith(b"}\n") and not data.endswith(b"\n\n")
    assert "Zoë".encode() in data  # UTF-8, not \u escapes
    assert data.startswith(b'{\n  "schema_version": "1.0",\n  "kind": "character",\n')
    assert b"\r" not in data


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("document_type", ["character", "encounter", "campaign"])
def test_every_shipped_version_loads(version: str, document_type: str) -> None:
    # A fixture for every version that ever shipped; the current one round-trips exactly.
    path = FIXTURES / version / f"{document_type}.json"
    loaded = read_document(path)
    assert type(loaded.document).__name__.lower() == document_type
    if version == f"v{migrations.CURRENT_VERSION[0]}":
        assert loaded.migrated_from is None
        assert dump_document(loaded.document) == path.read_bytes()


def test_load_then_save_gives_identical_bytes(tmp_path: Path) -> None:
    for source in (FIXTURES / "v1").glob("*.json"):
        target = tmp_path / source.name
        shutil.copy(source, target)
        loaded = read_document(target)
        save_document(loaded.document, target, opened=loaded.stamp)
        assert target.read_bytes() == source.read_bytes()
        assert backups_of(target) == []  # nothing changed: nothing written, no backup


# --- unknown fields and versions ------------------------------------------------------------


def newer_minor_file() -> bytes:
    raw = json.loads((FIXTURES / "v1" / "character.json").read_bytes())
    raw["schema_version"] = "1.7"
    raw["x_luck_track"] = {"level": 2, "names": ["Lucky", "Cursed"]}
    raw["abilities"][1]["skills"][0]["x_signature_move"] = "the ricochet"
    raw["conditions"]["instances"][0]["x_glow"] = True
    return (json.dumps(raw, indent=2, ensure_ascii=False) + "\n").encode()


def test_newer_minor_version_keeps_unknown_fields_byte_for_byte(tmp_path: Path) -> None:
    path = tmp_path / "future.json"
    path.write_bytes(newer_minor_file())
    loaded = load_character(path)
    assert loaded.document.schema_version == "1.7"  # kept: the unknown fields are still here
    assert loaded.document.model_extra == {
        "x_luck_track": {"level": 2, "names": ["Lucky", "Cursed"]}
    }
    loaded.document.fame += 1
    save_document(loaded.document, path, opened=loaded.stamp)
    again = json.loads(path.read_bytes())
    assert again["x_luck_track"]["names"] == ["Lucky", "Cursed"]
    assert again["abilities"][1]["skills"][0]["x_signature_move"] == "the ricochet"
    assert again["conditions"]["instances"][0]["x_glow"] is True
    assert again["fame"] == loaded.document.fame


def test_newer_major_version_is_refused_clearly(tmp_path: Path) -> None:
    path = tmp_path / "from-the-future.json"
    raw = json.loads((FIXTURES / "v1" / "character.json").read_bytes())
    raw["schema_version"] = "2.0"
    path.write_text(json.dumps(raw))
    before = snapshot(path)
    with pytest.raises(DocumentError) as caught:
        read_document(path)
    problem = the_problem(caught)
    assert problem.code == "version"
    assert "newer Wild Die (file format 2.0)" in str(problem)
    assert "update Wild Die" in str(problem)
    assert snapshot(path) == before


@pytest.mark.parametrize("version", [None, "one", "1", "1.0.0", True, [1]])
def test_unreadable_schema_versions(version: Any) -> None:
    raw: dict[str, Any] = {"kind": "campaign", "title": "T"}
    if version is not None:
        raw["schema_version"] = version
    with pytest.raises(DocumentError) as caught:
        parse_document(json.dumps(raw).encode())
    assert the_problem(caught).code == "version"


def test_a_whole_number_version_is_read(tmp_path: Path) -> None:
    document, migrated = parse_document(b'{"schema_version": 1, "kind": "campaign", "title": "T"}')
    assert document.schema_version == "1.0" and migrated is None


def test_the_migration_chain_upgrades_step_by_step(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Pretend the app is at format 3: 1 -> 2 renames a field, 2 -> 3 adds a unit.
    def one_to_two(data: dict[str, Any]) -> dict[str, Any]:
        if data["kind"] == "campaign":
            data["title"] = data["title"] + " (v2)"
        return data

    def two_to_three(data: dict[str, Any]) -> dict[str, Any]:
        if data["kind"] == "campaign":
            data["notes"] = "upgraded twice"
        return data

    monkeypatch.setattr(migrations, "CURRENT_VERSION", (3, 0))
    monkeypatch.setattr(migrations, "MIGRATIONS", {1: one_to_two, 2: two_to_three})
    path = tmp_path / "campaign.json"
    shutil.copy(FIXTURES / "v1" / "campaign.json", path)
    before = snapshot(path)
    loaded = read_document(path)
    assert loaded.migrated_from == "1.0"
    assert isinstance(loaded.document, Campaign)
    assert loaded.document.title == "The Drowned Valley (v2)"
    assert loaded.document.notes == "upgraded twice"
    assert loaded.document.schema_version == "3.0"
    assert snapshot(path) == before  # loading never writes, not even an upgrade
    save_document(loaded.document, path, opened=loaded.stamp)
    assert backups_of(path)[0].read_bytes() == before[0]  # the old version stays as a backup


def test_a_gap_in_the_chain_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(migrations, "CURRENT_VERSION", (2, 0))
    monkeypatch.setattr(migrations, "MIGRATIONS", {})
    with pytest.raises(DocumentError, match=r"no upgrade from format 1\.x"):
        parse_document((FIXTURES / "v1" / "campaign.json").read_bytes())


def test_an_older_minor_is_upgraded_to_the_current(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(migrations, "CURRENT_VERSION", (1, 2))
    document, migrated = parse_document((FIXTURES / "v1" / "campaign.json").read_bytes())
    assert (document.schema_version, migrated) == ("1.2", "1.0")


# --- every limit and unreadable file -------------------------------------------------------


def expect_problem(tmp_path: Path, data: bytes, code: str, words: str) -> None:
    path = tmp_path / "broken.json"
    path.write_bytes(data)
    before = snapshot(path)
    with pytest.raises(DocumentError) as caught:
        read_document(path)
    problem = the_problem(caught)
    assert problem.code == code
    assert words in str(problem)
    assert str(problem).startswith(str(path))
    assert "\n" not in str(problem) and "Traceback" not in str(problem)
    assert snapshot(path) == before  # an unreadable file is left untouched


def test_bad_json(tmp_path: Path) -> None:
    expect_problem(tmp_path, b'{"kind": "campaign",', "not_json", "line 1 column 20")


def test_not_utf8(tmp_path: Path) -> None:
    expect_problem(tmp_path, b'{"kind": "\xff"}', "not_utf8", "not UTF-8 text (byte 10)")


def test_nested_too_deep(tmp_path: Path) -> None:
    deep = b'{"kind": "campaign", "x": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    expect_problem(tmp_path, deep, "too_deep", "nested too deeply")


def test_too_large(tmp_path: Path) -> None:
    big = b'{"kind": "campaign", "notes": "' + b"x" * storage.MAX_FILE_BYTES + b'"}'
    expect_problem(tmp_path, big, "too_large", "larger than 20 MB")


def test_too_large_is_refused_before_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage.reading, "MAX_FILE_BYTES", 100)
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 101)
    with pytest.raises(DocumentError, match="larger than"):
        read_document(path)


def test_wrong_kind(tmp_path: Path) -> None:
    expect_problem(tmp_path, b"[1, 2]", "wrong_kind", "holds a list")
    expect_problem(tmp_path, b'{"name": "Ada"}', "wrong_kind", 'no "kind"')
    expect_problem(
        tmp_path, b'{"kind": "spaceship"}', "wrong_kind", 'kind: "spaceship" is not a Wild Die kind'
    )
    path = FIXTURES / "v1" / "encounter.json"
    with pytest.raises(DocumentError, match="is an encounter file, not a character"):
        load_character(path)


def test_a_repeated_key_is_reported_not_silently_dropped(tmp_path: Path) -> None:
    data = (FIXTURES / "v1" / "campaign.json").read_bytes()
    twice = data.replace(b'"session": 1,', b'"session": 1,\n  "session": 2,')
    expect_problem(tmp_path, twice, "duplicate_key", 'the key "session" appears twice')


def test_nan_and_infinity_are_not_numbers(tmp_path: Path) -> None:
    expect_problem(tmp_path, b'{"kind": "campaign", "session": NaN}', "not_json", "expected value")


def test_a_utf8_bom_is_accepted() -> None:
    document, _ = parse_document(
        b'\xef\xbb\xbf{"schema_version": "1.0", "kind": "campaign", "title": "T"}'
    )
    assert isinstance(document, Campaign)


def test_missing_folder_and_special_files(tmp_path: Path) -> None:
    with pytest.raises(DocumentError, match="no such file"):
        read_document(tmp_path / "nope.json")
    with pytest.raises(DocumentError, match="is a folder"):
        read_document(tmp_path)
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.json"
        os.mkfifo(fifo)
        with pytest.raises(DocumentError, match="not a regular file"):
            read_document(fifo)  # must not block


def test_permission_denied(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "secret.json"
    path.write_text("{}")

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "open", refuse)  # works as root too
    with pytest.raises(DocumentError, match="cannot be read: permission denied"):
        read_document(path)


def test_validation_problems_are_one_readable_line_each() -> None:
    raw = {
        "schema_version": "1.0",
        "kind": "character",
        "abilities": [
            {"name": "Dexterity", "code": "3D", "skills": [{"name": "Dodge", "code": "3X"}]},
            {"name": "Wits", "code": "2D", "skills": [{"name": "Bluff", "trained_only": "maybe"}]},
        ],
        "fame": -2,
        "encounter_length": "forever",
        "hooks": ["ok", 7],
        "conditions": {
            "instances": [{"id": "h1", "track": "damage", "kind": "cumulative", "ranks": 9}]
        },
    }
    with pytest.raises(DocumentError) as caught:
        parse_document(json.dumps(raw).encode(), source="ada.json")
    lines = [str(p) for p in caught.value.problems]
    assert lines == [
        "ada.json: name: is missing: this field is required",
        "ada.json: hooks -> #2: should be text in quotes, not 7",
        "ada.json: abilities -> Dexterity -> skills -> Dodge: "
        "die code '3X' is not a die code like 3D+2",
        "ada.json: abilities -> Wits -> skills -> Bluff -> trained_only: should be true or false, "
        'not "maybe"',
        "ada.json: fame: should be at least 0, not -2",
        "ada.json: encounter_length: should be one of 'brief', 'moderate', 'lengthy' or 'full', "
        'not "forever"',
        "ada.json: conditions -> instances -> h1 -> ranks: should be at most 6, not 9",
    ]


# --- atomic saving, conflicts, backups ----------------------------------------------------


def test_save_creates_and_loads_back(saved: tuple[Path, FileStamp]) -> None:
    path, stamp = saved
    loaded = load_character(path)
    assert loaded.stamp == stamp
    assert loaded.document == new_character("Ada Vance")
    # No temp file, no backup; the folder's writer lock is the one hidden file a save adds.
    assert sorted(p.name for p in path.parent.iterdir()) == [LOCK_NAME, "ada.json"]


def test_loading_never_modifies_the_file(saved: tuple[Path, FileStamp]) -> None:
    path, _ = saved
    before = snapshot(path), folder_listing(path.parent)
    for _ in range(3):
        load_character(path)
    open_campaign(path.parent)
    assert (snapshot(path), folder_listing(path.parent)) == before


def test_interrupted_save_leaves_the_old_file_intact(
    saved: tuple[Path, FileStamp], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A crash between writing the temp file and replacing: simulated by os.replace failing.
    path, stamp = saved
    before = path.read_bytes()
    changed = new_character("Ada Vance")
    changed.fame = 7
    real_replace = os.replace

    def crash(src: Any, dst: Any) -> None:
        if Path(dst) == path:
            raise OSError(5, "Input/output error")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(SaveError, match="previous file is unchanged"):
        save_document(changed, path, opened=stamp)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert load_character(path).document.fame == 0
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    # The app can simply save again.
    save_document(changed, path, opened=stamp)
    assert load_character(path).document.fame == 7


def test_crash_while_writing_the_temp_file(
    saved: tuple[Path, FileStamp], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, stamp = saved
    before = path.read_bytes()

    def no_space(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_space)
    changed = new_character("Ada Vance")
    changed.fame = 3
    with pytest.raises(SaveError, match="No space left"):
        save_document(changed, path, opened=stamp)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert not [p for p in path.parent.rglob("*.tmp")]


def test_save_refuses_a_file_changed_on_disk(saved: tuple[Path, FileStamp]) -> None:
    path, stamp = saved
    path.write_bytes(path.read_bytes().replace(b'"fame": 0', b'"fame": 9'))  # another program
    assert changed_on_disk(path, stamp)
    changed = new_character("Ada Vance")
    changed.notes = "mine"
    with pytest.raises(SaveConflict, match="changed by another program"):
        save_document(changed, path, opened=stamp)
    assert b'"fame": 9' in path.read_bytes()
    save_document(changed, path, opened=stamp, overwrite=True)  # when the player says so
    assert load_character(path).document.notes == "mine"


def test_touching_a_file_is_not_a_change(saved: tuple[Path, FileStamp]) -> None:
    path, stamp = saved
    os.utime(path, ns=(stamp.mtime_ns + 10**9, stamp.mtime_ns + 10**9))
    assert not changed_on_disk(path, stamp)
    changed = new_character("Ada Vance")
    changed.fame = 1
    save_document(changed, path, opened=stamp)


def test_save_refuses_to_overwrite_an_unopened_file(saved: tuple[Path, FileStamp]) -> None:
    path, _ = saved
    with pytest.raises(SaveConflict, match="already exists"):
        save_document(new_character("Someone else"), path)
    save_document(new_character("Someone else"), path, overwrite=True)


def test_a_deleted_file_is_saved_again_only_when_agreed(saved: tuple[Path, FileStamp]) -> None:
    # Issue 13.7: a file deleted on disk while its sheet is open was recreated silently.
    path, stamp = saved
    path.unlink()
    assert changed_on_disk(path, stamp)
    with pytest.raises(SaveConflict) as refused:
        save_document(new_character("Ada Vance"), path, opened=stamp)
    assert refused.value.risk is SaveRisk.DELETED
    assert not path.exists()
    save_document(new_character("Ada Vance"), path, opened=stamp, accept=[SaveRisk.DELETED])
    assert path.exists()


def test_backups_rotate_and_keep_the_last_five(saved: tuple[Path, FileStamp]) -> None:
    path, stamp = saved
    versions = [path.read_bytes()]
    for fame in range(1, 9):
        changed = new_character("Ada Vance")
        changed.fame = fame
        stamp = save_document(changed, path, opened=stamp)
        versions.append(path.read_bytes())
    backups = backups_of(path)
    assert [b.name for b in backups] == [f"ada.{n}.json" for n in range(1, 6)]
    assert all(b.parent.name == BACKUP_FOLDER for b in backups)
    # Backup 1 is the version before the current one, backup 5 the oldest kept.
    assert [b.read_bytes() for b in backups] == versions[-2:-7:-1]
    assert load_character(backups[0]).document.fame == 7  # a backup opens like a document


def test_no_backups_when_asked(saved: tuple[Path, FileStamp]) -> None:
    path, stamp = saved
    changed = new_character("Ada Vance")
    changed.fame = 1
    save_document(changed, path, opened=stamp, keep_backups=0)
    assert backups_of(path) == []


def test_permissions_survive_a_save(saved: tuple[Path, FileStamp]) -> None:
    path, stamp = saved
    path.chmod(0o640)
    changed = new_character("Ada Vance")
    changed.fame = 1
    save_document(changed, path, opened=stamp)
    assert path.stat().st_mode & 0o777 == 0o640


def test_a_document_that_would_not_load_is_never_written(saved: tuple[Path, FileStamp]) -> None:
    # Changing a list in place skips validation: the save reads its bytes back first.
    path, stamp = saved
    before = snapshot(path)
    character = load_character(path).document
    character.abilities.append(character.abilities[0].model_copy())
    with pytest.raises(DocumentError, match="two abilities are named 'Strength'"):
        save_document(character, path, opened=stamp)
    assert snapshot(path) == before and backups_of(path) == []


# --- campaign folders ----------------------------------------------------------------------


def test_campaign_folder_reports_each_broken_file_and_loads_the_rest(tmp_path: Path) -> None:
    root = tmp_path / "camp"
    storage.create_campaign_folder(root, Campaign(title="Test"))
    save_document(new_character("Ada"), root / "characters" / "ada.json")
    (root / "characters" / "broken.json").write_text("{ nope")
    (root / "characters" / "notes.txt").write_text("ignored")
    encounter = Encounter.model_validate(
        {
            "name": "Fight",
            "sides": [{"name": "Heroes"}],
            "combatants": [
                {
                    "id": "a",
                    "name": "Ada",
                    "side": "Heroes",
                    "character_file": "characters/ada.json",
                },
                {
                    "id": "g",
                    "name": "Ghost",
                    "side": "Heroes",
                    "character_file": "characters/ghost.json",
                },
            ],
        }
    )
    save_document(encounter, root / "encounters" / "fight.json")
    opened = open_campaign(root)
    assert opened.campaign is not None and opened.campaign.document.title == "Test"
    assert list(opened.characters) == ["characters/ada.json"]
    assert list(opened.encounters) == ["encounters/fight.json"]
    assert opened.character("characters/ada.json") == new_character("Ada")
    assert [
        (p.code, p.file.endswith(n))
        for p, n in zip(opened.problems, ["broken.json", "fight.json"], strict=True)
    ] == [
        ("not_json", True),
        ("missing_reference", True),
    ]
    assert "combatants -> g: character file 'characters/ghost.json' is not in the campaign" in str(
        opened.problems[1]
    )


def test_campaign_folder_without_campaign_json(tmp_path: Path) -> None:
    opened = open_campaign(tmp_path)
    assert opened.campaign is None
    assert opened.problems[0].message == "no such file"


def test_backups_are_not_loaded_as_characters(tmp_path: Path) -> None:
    root = storage.create_campaign_folder(tmp_path / "c", Campaign(title="T"))
    path = root / "characters" / "ada.json"
    stamp = save_document(new_character("Ada"), path)
    save_document(new_character("Ada B"), path, opened=stamp)
    assert backups_of(path)
    assert list(open_campaign(root).characters) == ["characters/ada.json"]


def test_file_names_for_documents() -> None:
    assert storage.file_name_for('Dr. Margarethe "Greta" Vance') == "dr-margarethe-greta-vance.json"
    assert storage.file_name_for("Zoë Ångström") == "zoe-angstrom.json"
    assert storage.file_name_for("???") == "untitled.json"
    assert storage.file_name_for("Ada", ["ada.json", "ada-2.json"]) == "ada-3.json"


def test_campaign_folder_of(tmp_path: Path) -> None:
    root = storage.create_campaign_folder(tmp_path / "c", Campaign(title="T"))
    (root / "characters").mkdir(exist_ok=True)
    (root / "encounters").mkdir(exist_ok=True)
    assert storage.campaign_folder_of(root) == root.absolute()
    assert storage.campaign_folder_of(root / "campaign.json") == root.absolute()
    assert storage.campaign_folder_of(root / "characters" / "ada.json") == root.absolute()
    assert storage.campaign_folder_of(root / "encounters" / "fight.json") == root.absolute()
    assert storage.campaign_folder_of(tmp_path / "loose.json") is None
    assert storage.campaign_folder_of(tmp_path / "characters" / "ada.json") is None
