"""``wilddie schema TYPE`` and ``wilddie validate FILE...``: the document files.

Validation problems are one line each on stdout (file, JSON path in names, what is wrong)
and exit 1; a usage mistake is exit 2. Neither ever shows a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Literal

# The same as sheets.documents.DOCUMENT_TYPES (a test checks): not imported, so that
# `wilddie --help` does not load pydantic.
DOCUMENT_TYPES: tuple[Literal["character", "encounter", "campaign"], ...] = (
    "character",
    "encounter",
    "campaign",
)

PROBLEMS_FOUND = 1


def register(subparsers: Any) -> None:
    schema = subparsers.add_parser(
        "schema",
        help="print the JSON Schema of a document type",
        description="Print the JSON Schema (draft 2020-12) of a Wild Die document type.",
    )
    schema.add_argument(
        "document_type",
        nargs="?",
        choices=DOCUMENT_TYPES,
        metavar="TYPE",
        help="character, encounter or campaign",
    )
    schema.add_argument(
        "--write-to",
        metavar="FOLDER",
        help="write all three schemas as TYPE.schema.json into FOLDER instead of printing",
        type=Path,
    )
    schema.set_defaults(func=_run_schema)

    validate = subparsers.add_parser(
        "validate",
        help="check document files and campaign folders",
        description="Check Wild Die files (or campaign folders) without changing them. "
        "Exit 0 when all are valid, 1 with one line per problem otherwise.",
    )
    validate.add_argument(
        "paths", nargs="+", metavar="FILE", help="a document or a campaign folder"
    )
    validate.set_defaults(func=_run_validate)


def _run_schema(args: argparse.Namespace) -> int:
    # Imported here: pydantic is not needed by the other commands' start-up.
    from sheets.documents.schema import json_schema_text, schema_file_name

    if args.write_to is not None:
        from app.cli.errors import CliError

        folder: Path = args.write_to
        if not folder.is_dir():
            raise CliError(f"{folder} is not a folder")
        for document_type in DOCUMENT_TYPES:
            target = folder / schema_file_name(document_type)
            target.write_text(json_schema_text(document_type), encoding="utf-8", newline="\n")
        return 0
    if args.document_type is None:
        from app.cli.errors import CliError

        raise CliError("name a document type: " + ", ".join(DOCUMENT_TYPES))
    sys.stdout.write(json_schema_text(args.document_type))
    return 0


def _run_validate(args: argparse.Namespace) -> int:
    from sheets.storage import check_path

    files = 0
    problems = 0
    troubled = 0
    for path in args.paths:
        checked, found = check_path(path)
        files += checked
        problems += len(found)
        troubled += len({p.file for p in found})
        for problem in found:
            print(problem)
    noun = "file" if files == 1 else "files"
    if problems:
        found_words = f"{problems} problem" + ("s" if problems != 1 else "")
        in_words = f"{troubled} file" + ("s" if troubled != 1 else "")
        print(f"{files} {noun} checked: {found_words} in {in_words}", file=sys.stderr)
        return PROBLEMS_FOUND
    print(f"{files} {noun} checked: all valid", file=sys.stderr)
    return 0
