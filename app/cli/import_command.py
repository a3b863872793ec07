"""``wilddie import FILE... --into CAMPAIGN``: characters from Foundry VTT's od6s system.

Each export becomes ``CAMPAIGN/characters/<name>.json`` under a name not yet taken; an
existing file is never overwritten. The import report goes to stdout; each problem is one
line on stderr, and a file with a problem creates nothing. Exit 0 when every file was
imported, 1 when one failed, 2 for a usage mistake (no campaign folder).
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
    command.add_argument("files", nargs="+", metavar="FILE", help="an od6s actor export (.json)")
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


def _run_import(args: argparse.Namespace) -> int:
    folder = _campaign_folder(args.into)
    from sheets.importers import import_od6s, save_into_campaign, target_path
    from sheets.storage import DocumentError, SaveConflict, SaveError

    imported = failed = 0
    planned: list[str] = []  # names a dry run has handed out already
    for name in args.files:
        path = Path(name)
        try:
            result = import_od6s(_read_export(path), source=str(path))
            if args.dry_run:
                target = target_path(result.character, folder, planned)
                planned.append(target.name)
            else:
                target = save_into_campaign(result.character, folder)
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
        character = result.character
        where = target.relative_to(folder).as_posix()
        verb = "would be imported" if args.dry_run else "imported"
        print(f"{path}: {character.kind} {character.name!r} {verb} as {where}")
        for line in result.report:
            print(f"  {line}")
    files = "file" if imported + failed == 1 else "files"
    done = "would be imported" if args.dry_run else "imported"
    summary = f"{imported + failed} {files}: {imported} {done}"
    if failed:
        summary += f", {failed} failed (nothing written for them)"
    print(summary, file=sys.stderr)
    return SOME_FAILED if failed else 0
