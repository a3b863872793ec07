"""``wilddie gui [CAMPAIGN]``: start the desktop app, optionally on a campaign folder."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("gui", help="start the desktop app")
    parser.add_argument(
        "campaign",
        nargs="?",
        metavar="CAMPAIGN | FILE",
        help="a campaign folder to open, or a character or encounter file (opened in its "
        "campaign); without it, the last campaign (the first time, the sample campaign)",
    )
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from app.gui import run_with_display

    return run_with_display([args.campaign] if args.campaign else [])
