"""Packaging, checked from source (fast): resource lookup, the hidden smoke-test command,
what the bundle leaves out, icons, and the installers' metadata staying consistent.

The frozen bundle itself is built and checked by ``bash packaging/build-linux.sh``.
"""

from __future__ import annotations

import ast
import configparser
import os
import plistlib
import re
import struct
import subprocess
import sys
import typing
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from app import resources
from app.resources import app_icon_path, resource_path, resource_root, sample_campaign_path

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
LINUX = PACKAGING / "linux"
APP_ID = "io.github.wilddie.WildDie"
MIME_TYPE = "application/x-wilddie+json"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"

sys.path.insert(0, str(PACKAGING))
import bundle_excludes  # noqa: E402
import icons  # noqa: E402


def _run_cli(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", *args],
        cwd=ROOT,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen", **env},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


# --- app.resources ----------------------------------------------------------------------
def test_resources_from_source() -> None:
    assert resource_root() == ROOT / "resources"
    assert (sample_campaign_path() / "campaign.json").is_file()
    assert app_icon_path().is_file()
    assert resource_path("schemas", "character.schema.json").is_file()


def test_resources_when_frozen(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.is_frozen()
    assert resource_root() == tmp_path / "resources"
    assert sample_campaign_path() == tmp_path / "resources" / "sample-campaign"


def test_resources_override(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(resources.RESOURCES_ENV, str(tmp_path))
    assert resource_path("icons") == tmp_path / "icons"


# --- wilddie smoke-test -----------------------------------------------------------------
def test_smoke_test_opens_the_sample_and_saves(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = _run_cli("smoke-test", "--out", str(out))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("wilddie smoke-test: ok"), result.stdout
    assert "The Drowned Valley" in lines[0]
    saved = list(out.glob("*.json"))
    assert len(saved) == 1
    from sheets.storage import load_character

    assert load_character(saved[0]).document.name
    # Issue 19: the bundle's smoke test prints a PDF too (Qt's PDF writer and fonts).
    (pdf,) = out.glob("*.pdf")
    assert pdf.read_bytes().startswith(b"%PDF") and "printed" in lines[0]
    # The odds engine's big integers: gmpy2 and its libraries load (linux_check.py
    # requires this part of the line from every installer).
    assert "; gmpy2 2." in lines[0]


def test_smoke_test_fails_without_the_big_integer_library(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sheets.odds.big as big
    from app.cli import smoke_command

    monkeypatch.setattr(big, "_gmpy2", None)  # not engaged yet, as in a new process
    monkeypatch.setitem(sys.modules, "gmpy2", None)  # as if the bundle had left it out
    with pytest.raises(smoke_command.SmokeFailure, match="big-integer library"):
        smoke_command.run_smoke(Path("never-written"))


def test_smoke_test_fails_in_one_line(tmp_path: Path) -> None:
    empty = tmp_path / "no-resources"
    empty.mkdir()
    result = _run_cli("smoke-test", "--out", str(tmp_path / "out"), WILDDIE_RESOURCES=str(empty))
    assert result.returncode == 1
    failures = [line for line in result.stderr.splitlines() if "smoke-test" in line]
    assert len(failures) == 1 and "FAILED" in failures[0], result.stderr
    assert "Traceback" not in result.stderr


def test_smoke_test_is_hidden_from_help() -> None:
    from app.cli import build_parser

    assert "smoke-test" not in build_parser().format_help()


# --- what the bundle leaves out ---------------------------------------------------------
def _imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_the_app_imports_nothing_the_bundle_leaves_out() -> None:
    excluded = bundle_excludes.excluded_modules()
    offenders = []
    for package in ("app", "ui", "sheets"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for name in _imported_modules(path):
                if any(name == x or name.startswith(x + ".") for x in excluded):
                    offenders.append(f"{path.relative_to(ROOT)}: {name}")
    assert not offenders, (
        "these modules are left out of the installers (packaging/bundle_excludes.py): "
        + "; ".join(offenders)
    )


@pytest.mark.parametrize(
    ("path", "unwanted"),
    [
        ("PySide6/Qt/plugins/platforms/libqxcb.so", False),
        ("PySide6/Qt/plugins/platforms/libqoffscreen.so", False),
        ("PySide6/plugins/platforms/qwindows.dll", False),
        ("PySide6/Qt/plugins/imageformats/libqsvg.so", False),
        ("PySide6/Qt/plugins/platforms/libqeglfs.so", True),
        ("PySide6/Qt/plugins/imageformats/libqpdf.so", True),
        ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", True),
        ("PySide6/Qt/plugins/sqldrivers/libqsqlite.so", True),
        ("PySide6/Qt/lib/libQt6Gui.so.6", False),
    ],
)
def test_unwanted_plugins(path: str, unwanted: bool) -> None:
    assert bundle_excludes.unwanted_plugin(path) is unwanted


# --- icons ------------------------------------------------------------------------------
def test_icons_for_every_platform(qapp: object, tmp_path: Path) -> None:
    written = icons.build(tmp_path)  # uses the QApplication that pytest-qt made
    assert all(path.is_file() for path in written)
    png = (tmp_path / "hicolor" / "256x256" / "apps" / f"{APP_ID}.png").read_bytes()
    assert png.startswith(icons.PNG_MAGIC)
    assert struct.unpack(">II", png[16:24]) == (256, 256)  # IHDR width, height

    ico = (tmp_path / "wilddie.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind, count) == (0, 1, len(icons.ICO_SIZES))
    for index in range(count):
        side, _, _, _, _, _, size, offset = struct.unpack(
            "<BBBBHHII", ico[6 + 16 * index : 22 + 16 * index]
        )
        assert (side or 256) == icons.ICO_SIZES[index]
        assert ico[offset : offset + size].startswith(icons.PNG_MAGIC)

    icns = (tmp_path / "wilddie.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    position, kinds = 8, []
    while position < len(icns):
        kind_bytes, length = (
            icns[position : position + 4],
            struct.unpack(">I", icns[position + 4 : position + 8])[0],
        )
        assert icns[position + 8 : position + length].startswith(icons.PNG_MAGIC)
        kinds.append(kind_bytes)
        position += length
    assert position == len(icns) and set(kinds) == set(icons.ICNS_TYPES)


# --- Linux desktop integration ----------------------------------------------------------
def _desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(LINUX / f"{APP_ID}.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def test_desktop_entry_matches_the_app() -> None:
    from app.gui import DESKTOP_FILE_NAME

    entry = _desktop_entry()
    assert DESKTOP_FILE_NAME == APP_ID  # Wayland app id = the .desktop file's name
    assert entry["Icon"] == APP_ID
    assert entry["Exec"].split()[:2] == ["wilddie", "gui"]  # a file opens through `gui`
    assert entry["MimeType"].rstrip(";").split(";") == [MIME_TYPE]


def test_metainfo_matches_the_desktop_entry() -> None:
    component = ET.parse(LINUX / f"{APP_ID}.metainfo.xml").getroot()
    assert component.findtext("id") == APP_ID
    assert component.findtext("launchable") == f"{APP_ID}.desktop"
    assert component.findtext("provides/mediatype") == MIME_TYPE
    assert component.findtext("provides/binary") == "wilddie"


def _magic_matches(match: ET.Element, data: bytes) -> bool:
    """shared-mime-info's string match (offset "start:end"), with its nested ANDs."""
    assert match.get("type") == "string"
    value = (match.get("value") or "").encode()
    start, _, end = (match.get("offset") or "0").partition(":")
    found = data.find(value, int(start), int(end or start) + len(value)) >= 0
    children = match.findall(f"{MIME_NS}match")
    return found and (not children or any(_magic_matches(c, data) for c in children))


def _is_wilddie_document(data: bytes) -> bool:
    mime = ET.parse(LINUX / f"{APP_ID}.mime.xml").getroot()
    (mime_type,) = mime.findall(f"{MIME_NS}mime-type")
    assert mime_type.get("type") == MIME_TYPE
    assert not mime_type.findall(f"{MIME_NS}glob"), "a *.json glob would claim every JSON file"
    magic = mime_type.find(f"{MIME_NS}magic")
    assert magic is not None
    return any(_magic_matches(match, data) for match in magic.findall(f"{MIME_NS}match"))


def test_mime_magic_recognises_what_wild_die_saves() -> None:
    from sheets.documents import Document
    from sheets.documents.character import CharacterKind
    from sheets.storage import dump_document, open_campaign

    sample = open_campaign(sample_campaign_path())
    assert sample.campaign is not None
    documents: list[Document] = [sample.campaign.document]
    documents += [loaded.document for loaded in sample.encounters.values()]
    character = next(iter(sample.characters.values())).document
    documents += [character.model_copy(update={"kind": k}) for k in typing.get_args(CharacterKind)]
    for document in documents:
        assert _is_wilddie_document(dump_document(document)), document
    assert not _is_wilddie_document(b'{\n  "name": "package.json",\n  "kind": "npc"\n}\n')


# --- Windows and macOS installers, CI ---------------------------------------------------
def test_inno_setup_script() -> None:
    script = (PACKAGING / "windows" / "wilddie.iss").read_text(encoding="utf-8")
    for needed in (
        "PrivilegesRequiredOverridesAllowed=dialog",
        "{autoprograms}",
        "ChangesAssociations=yes",
        r"Software\Classes\.json\OpenWithProgids",
        '""{app}\\{#AppExe}"" gui ""%1""',
        "UninstallDisplayIcon=",
    ):
        assert needed in script, needed


def test_macos_info_plist() -> None:
    info = plistlib.loads((PACKAGING / "macos" / "Info.plist").read_bytes())
    assert info["CFBundleIdentifier"] == APP_ID
    types = info["CFBundleDocumentTypes"]
    assert {"public.json"} <= {t for entry in types for t in entry["LSItemContentTypes"]}
    assert all(entry["LSHandlerRank"] == "Alternate" for entry in types)


def test_release_workflow_builds_every_platform_on_tags() -> None:
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    for needed in ("ubuntu-22.04", "windows-2022", "macos-14", 'tags: ["v*"]', "smoke-test"):
        assert needed in workflow, needed
    assert re.search(r"python-version:\s*\"3\.11\"", workflow)


def test_the_installers_workflow_runs_on_demand_and_on_pull_requests_through_scripts() -> None:
    """Issue 19: the workflow had never run; its steps lived only in the YAML."""
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    triggers = workflow[workflow.index("\non:") : workflow.index("\njobs:")]
    for trigger in ("pull_request:", "workflow_dispatch:", "push:"):
        assert trigger in triggers, trigger
    for script in (
        "packaging/build-linux.sh",
        "packaging/windows/build.ps1",
        "packaging/macos/build.sh",
    ):
        assert script in workflow, script
        text = (ROOT / script).read_text(encoding="utf-8")
        assert "smoke" in text, f"{script} smoke-tests nothing"
    # The Windows and macOS scripts test the installed copy too, as a user gets it.
    assert "smoke-installed" in (ROOT / "packaging/windows/build.ps1").read_text(encoding="utf-8")
    assert "build_dmg.sh" in (ROOT / "packaging/macos/build.sh").read_text(encoding="utf-8")
    assert "dist/*.tar.gz" in workflow and "AppImage" in workflow


@pytest.mark.parametrize(
    "script",
    [
        "packaging/build-linux.sh",
        "packaging/macos/build_dmg.sh",
        "packaging/macos/build.sh",
        "packaging/linux/AppRun",
        "packaging/linux/install.sh",
    ],
)
def test_shell_scripts_parse(script: str) -> None:
    result = subprocess.run(["bash", "-n", str(ROOT / script)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_ci_runs_the_packaging_check_after_the_tests() -> None:
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    tests = lines.index("bash packaging/dev-env.sh test")
    assert "bash packaging/build-linux.sh" in lines[tests + 1 :]


def test_system_libraries_leave_with_what_only_they_need() -> None:
    links = {
        "libQt6PrintSupport.so.6": ["libQt6Gui.so.6"],
        "libcupsprintersupport.so": ["libQt6PrintSupport.so.6", "libcups.so.2"],
        "libcups.so.2": ["libgnutls.so.30", "libz.so.1"],
        "libgnutls.so.30": ["libnettle.so.8"],
        "libnettle.so.8": [],
        "libQt6Gui.so.6": ["libz.so.1"],
        "libz.so.1": [],
    }
    entries = [(f"_internal/{name}", f"/src/{name}", "BINARY") for name in links]
    kept = bundle_excludes.without_system_libraries(
        entries, lambda entry: links[Path(entry[0]).name]
    )
    assert sorted(Path(dest).name for dest, _, _ in kept) == [
        "libQt6Gui.so.6",
        "libQt6PrintSupport.so.6",
        "libcupsprintersupport.so",
        "libz.so.1",  # Qt needs it too
    ]


def test_the_linux_build_installs_the_libraries_its_bundle_check_resolves() -> None:
    """Issue 13.1: on a machine where only the tests ran, the bundle check could not resolve
    libqxcb.so's libxcb-icccm.so.4 and libxcb-keysyms.so.1: build-linux.sh installed only the
    offscreen set. Its own apt step must install the X11 set too."""
    script = (ROOT / "packaging" / "build-linux.sh").read_text(encoding="utf-8")
    prepare_line = next(
        line.strip() for line in script.splitlines() if line.strip().startswith("prepare ")
    )
    packaging = re.search(r"^APT_PACKAGING=\(.*?\)$", script, re.DOTALL | re.MULTILINE)
    assert packaging, "build-linux.sh has no APT_PACKAGING list"
    probe = (
        "source packaging/dev-env.sh\n"
        f"{packaging.group(0)}\n"
        'prepare() { printf "%s\\n" "$@"; }\n'
        f"{prepare_line}\n"
    )
    result = subprocess.run(
        ["bash", "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    installed = set(result.stdout.split())
    for package in ("libxcb-icccm4", "libxcb-keysyms1", "libxcb-cursor0", "libgl1", "binutils"):
        assert package in installed, f"build-linux.sh does not install {package}"


# --- the bundle's size (issue 17) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("item", "left_out"),
    [
        ("coll/ucadata.icu", False),  # collation: file dialogs sort with it
        ("coll/de.res", False),
        ("zoneinfo64.res", False),  # time-zone rules
        ("cnvalias.icu", False),
        ("likelySubtags.res", False),
        ("supplementalData.res", False),
        ("root.res", False),  # the main tree's root, shared strings and index
        ("pool.res", False),
        ("res_index.res", False),
        ("en.res", True),  # locale bundles: ICU's formatters' data, which Qt never uses
        ("de_CH.res", True),
        ("yue_Hant_HK.res", True),
        ("brkitr/cjdict.dict", True),
        ("zone/fr.res", True),  # time-zone display names
        ("curr/en.res", True),
        ("ibm-1390_P110-2003.cnv", True),
        ("unames.icu", True),
    ],
)
def test_the_trimmed_icu_data_keeps_collation_and_time_zones(item: str, left_out: bool) -> None:
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        import trim_icu
    finally:
        sys.path.remove(str(ROOT / "packaging"))
    assert trim_icu.dropped(item) is left_out


def test_qt_translations_and_openssl_stay_out_of_the_bundle() -> None:
    assert bundle_excludes.unwanted_data("PySide6/Qt/translations/qtbase_de.qm")
    assert not bundle_excludes.unwanted_data("resources/translations/wilddie_de.qm")
    assert not bundle_excludes.unwanted_data("PySide6/Qt/plugins/platforms/libqxcb.so")
    for module in ("_ssl", "_hashlib", "sqlite3"):
        assert module in bundle_excludes.excluded_modules()


def test_the_bundle_keeps_what_the_odds_engine_loads() -> None:
    """sheets/odds/big.py imports gmpy2 and writes its limbs through ctypes."""
    excluded = bundle_excludes.excluded_modules()
    for module in ("gmpy2", "ctypes", "_ctypes"):
        assert not any(module == x or module.startswith(x + ".") for x in excluded), module
    spec = (PACKAGING / "wilddie.spec").read_text(encoding="utf-8")
    assert 'hiddenimports += ["gmpy2", "ctypes"]' in spec
    assert 'copy_metadata("gmpy2")' in spec  # its extension reads its version on import


def test_the_linux_build_trims_icu_and_holds_the_bundle_to_100_mb() -> None:
    script = (ROOT / "packaging" / "build-linux.sh").read_text(encoding="utf-8")
    assert "packaging/trim_icu.py" in script
    assert 'check icu "$DIST/wilddie"' in script  # Qt collates as with the full ICU data
    assert "--max-mb 100" in script
    assert "icu-devtools" in script and " gcc" in script
