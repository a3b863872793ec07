"""``wilddie import FILE|FOLDER... --into CAMPAIGN``: characters from Foundry VTT's od6s.

Each export becomes ``CAMPAIGN/characters/<name>.json`` under a name not yet taken; an
existing file is never overwritten. A folder stands for the ``.json`` files directly in
it, in name order. A vehicle's embedded pilot is saved as a character of its own. The
import report goes to stdout; each refusal is one line on stderr, and a refused file
creates nothing. One summary line ends the run (stderr): files, imported, refused, values
skipped and od6s fields kept in notes. Exit 0 when every file was imported, 1 when one
failed, 2 for a usage mistake (no campaign folder).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

SOME_FAILED = 1


def register(subparsers: Any) -> None:
    command = subparsers.add_parser(
        "import",
        help="import characters exported from Foundry VTT (od6s)",
        description="Import actors exported from Foundry VTT's OpenD6 Space system (od6s: "
        "right-click an actor, Export Data) into a campaign folder, one character file each. "
        "Exit 0 when all were imported, 1 when one failed (nothing is written for it).",
    )
    command.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="an od6s actor export (.json), or a folder of them",
    )
    command.add_argument(
        "--into", required=True, metavar="CAMPAIGN", help="the campaign folder to import into"
    )
    command.add_argument(
        "--dry-run", action="store_true", help="print what would be imported; write nothing"
    )
    command.set_defaults(func=_run_import)


def _campaign_folder(text: str) -> Path:
    from app.cli.errors import CliError
    from sheets.storage import CAMPAIGN_FILE, open_campaign

    folder = Path(text)
    if not folder.is_dir():
        raise CliError(f"{folder} is not a folder: --into names a campaign folder")
    if not (folder / CAMPAIGN_FILE).is_file():
        raise CliError(f"{folder} is not a campaign folder: it has no {CAMPAIGN_FILE}")
    opened = open_campaign(folder)
    if opened.campaign is None:
        first = opened.problems[0] if opened.problems else f"{folder / CAMPAIGN_FILE}: unreadable"
        raise CliError(f"the campaign cannot be opened: {first}")
    return folder


def _read_export(path: Path) -> bytes:
    """The file's bytes: a regular file, at most storage's size limit. ``DocumentError``."""
    from sheets.storage import read_file_bytes

    return read_file_bytes(path, what="an od6s actor export")[0]


def _exports(names: list[str]) -> list[Path]:
    """The files named, a folder standing for the ``.json`` files directly in it."""
    paths: list[Path] = []
    for name in names:
        path = Path(name)
        if path.is_dir():
            found = sorted(p for p in path.iterdir() if p.suffix.lower() == ".json")
            paths += found or [path]  # an empty folder is reported as one failure
        else:
            paths.append(path)
    return paths


def _run_import(args: argparse.Namespace) -> int:
    folder = _campaign_folder(args.into)
    from sheets.importers import import_od6s, save_into_campaign, target_path
    from sheets.storage import DocumentError, Problem, SaveConflict, SaveError

    imported = failed = skipped = leftover = crew = 0
    planned: list[str] = []  # names a dry run has handed out already
    for path in _exports(args.files):
        try:
            if path.is_dir():
                raise DocumentError(
                    [Problem(str(path), "", "is a folder with no .json files in it", "wrong_kind")]
                )
            result = import_od6s(_read_export(path), source=str(path))
            pilots: list[str] = []
            for member in (*result.crew, result.character):
                if args.dry_run:
                    target = target_path(member, folder, planned)
                    planned.append(target.name)
                else:
                    target = save_into_campaign(member, folder)
                pilots.append(target.relative_to(folder).as_posix())
            *pilots, _ = pilots
        except DocumentError as error:
            failed += 1
            for problem in error.problems:
                print(problem, file=sys.stderr)
            continue
        except (SaveConflict, SaveError, OSError) as error:
            failed += 1
            print(f"{path}: not imported: {error}", file=sys.stderr)
            continue
        imported += 1
        skipped += result.skipped
        leftover += len(result.leftover)
        crew += len(result.crew)
        character = result.character
        where = target.relative_to(folder).as_posix()
        verb = "would be imported" if args.dry_run else "imported"
        print(f"{path}: {character.kind} {character.name!r} {verb} as {where}")
        for member, saved in zip(result.crew, pilots, strict=True):
            print(f"  its pilot {member.name!r} {verb} as {saved}")
        for line in result.report:
            print(f"  {line}")
    files = "file" if imported + failed == 1 else "files"
    done = "would be imported" if args.dry_run else "imported"
    summary = f"{imported + failed} {files}: {imported} {done}"
    if failed:
        summary += f", {failed} failed (nothing written for them)"
    if crew:
        crew_words = "1 embedded pilot" if crew == 1 else f"{crew} embedded pilots"
        summary += f"; {crew_words} imported as {'a character' if crew == 1 else 'characters'}"
    if skipped:
        summary += f"; {skipped} unreadable {'value' if skipped == 1 else 'values'} skipped"
    if leftover:
        summary += f"; {leftover} od6s {'field' if leftover == 1 else 'fields'} kept in notes"
    print(summary, file=sys.stderr)
    return SOME_FAILED if failed else 0
