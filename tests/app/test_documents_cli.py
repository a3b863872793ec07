"""``wilddie schema`` and ``wilddie validate``: readable lines, right exit codes, no tracebacks."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import document_commands, run_cli
from sheets.documents import DOCUMENT_TYPES
from sheets.documents.schema import json_schema_text, schema_file_name
from tests import locations
from tests.locations import ROOT

SAMPLE = ROOT / "resources" / "sample-campaign"
SCHEMAS = ROOT / "resources" / "schemas"
FIXTURES = locations.FIXTURES / "documents" / "v1"


def wilddie(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = run_cli(list(argv))
    except SystemExit as exit_:  # argparse usage errors
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_cli_knows_the_same_document_types() -> None:
    assert document_commands.DOCUMENT_TYPES == DOCUMENT_TYPES


@pytest.mark.parametrize("document_type", DOCUMENT_TYPES)
def test_schema_prints_the_json_schema(
    capsys: pytest.CaptureFixture[str], document_type: str
) -> None:
    code, out, _ = wilddie(capsys, "schema", document_type)
    assert code == 0
    schema = json.loads(out)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["title"] == document_type.capitalize()
    assert "schema_version" in schema["properties"] and "kind" in schema["properties"]


@pytest.mark.parametrize("document_type", DOCUMENT_TYPES)
def test_shipped_schemas_match_the_models(
    capsys: pytest.CaptureFixture[str], document_type: str
) -> None:
    # If this fails, regenerate: `wilddie schema --write-to resources/schemas`.
    shipped = (SCHEMAS / schema_file_name(document_type)).read_text(encoding="utf-8")
    _, out, _ = wilddie(capsys, "schema", document_type)
    assert shipped == out == json_schema_text(document_type)  # type: ignore[arg-type]


def test_schema_write_to(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert wilddie(capsys, "schema", "--write-to", str(tmp_path))[0] == 0
    assert sorted(p.name for p in tmp_path.glob("*.schema.json")) == [
        "campaign.schema.json",
        "character.schema.json",
        "encounter.schema.json",
    ]
    code, _, err = wilddie(capsys, "schema", "character", "--write-to", str(tmp_path / "nope"))
    assert code == 2 and err.count("\n") == 1 and "is not a folder" in err


def test_schema_of_an_unknown_type_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = wilddie(capsys, "schema", "spaceship")
    assert code == 2 and out == "" and err.count("\n") == 1
    code, out, err = wilddie(capsys, "schema")
    assert code == 2 and out == "" and "name a document type" in err and err.count("\n") == 1


def test_validate_the_sample_campaign(capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(p) for p in SAMPLE.rglob("*.json")]
    code, out, err = wilddie(capsys, "validate", str(SAMPLE), *files)
    assert (code, out) == (0, "")
    assert "all valid" in err


def test_validate_reports_one_line_per_problem(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    good = FIXTURES / "character.json"
    bad = tmp_path / "bad.json"
    raw = json.loads(good.read_bytes())
    raw["abilities"][1]["skills"][1]["code"] = "3X"  # Dexterity -> Dodge
    raw["fame"] = -1
    bad.write_text(json.dumps(raw))
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\x00\xff not json")
    code, out, err = wilddie(
        capsys, "validate", str(good), str(bad), str(garbage), str(tmp_path / "gone.json")
    )
    assert code == 1
    assert out.splitlines() == [
        f"{bad}: abilities -> Dexterity -> skills -> Dodge: "
        "die code '3X' is not a die code like 3D+2",
        f"{bad}: fame: should be at least 0, not -1",
        f"{garbage}: is not UTF-8 text (byte 1): not a Wild Die file",
        f"{tmp_path / 'gone.json'}: no such file",
    ]
    assert "4 files checked: 4 problems in 3 files" in err


def test_validate_a_campaign_folder_finds_missing_characters(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    copy = tmp_path / "camp"
    shutil.copytree(SAMPLE, copy)
    (copy / "characters" / "jack-calloway.json").unlink()
    code, out, _ = wilddie(capsys, "validate", str(copy))
    assert code == 1
    assert out.splitlines() == [
        f"{copy / 'encounters' / 'brawl-at-the-pump-house.json'}: combatants -> jack: "
        "character file 'characters/jack-calloway.json' is not in the campaign folder"
    ]
    # The single encounter file, checked on its own, knows its campaign too.
    code, out, _ = wilddie(
        capsys, "validate", str(copy / "encounters" / "brawl-at-the-pump-house.json")
    )
    assert code == 1 and "jack-calloway.json" in out


def test_validate_a_folder_that_is_not_a_campaign(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = wilddie(capsys, "validate", str(tmp_path))
    assert code == 1 and out.strip().endswith("is a folder without a campaign.json")


def test_validate_without_files_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = wilddie(capsys, "validate")
    assert code == 2 and err.count("\n") == 1


def test_validate_end_to_end(tmp_path: Path) -> None:
    bad = tmp_path / "deep.json"
    bad.write_text('{"kind": "npc", "x": ' + "[" * 10_000 + "]" * 10_000 + "}")
    result = subprocess.run(
        [sys.executable, "-m", "app", "validate", str(bad)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1
    assert (
        result.stdout
        == f"{bad}: is nested too deeply (over about 200 levels of [ and {{): not a Wild Die file\n"
    )
    assert "Traceback" not in result.stderr
