"""Entry point: ``wilddie`` and ``python -m app``. No arguments starts the GUI."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    # `wilddie gui [CAMPAIGN]` (a file manager's "open with", bench_startup.py) starts the
    # window without building the whole command line first: its dice commands alone import
    # sheets.dice before the first paint (issue 17). Options (`gui --help`) go to the parser.
    plain_gui = args[:1] == ["gui"] and len(args) <= 2 and not args[-1].startswith("-")
    if not args or plain_gui:
        # Import Qt only when the window is wanted: the command line stays fast.
        from app.gui import run_with_display

        return run_with_display(args[1:])
    from app.cli import run_cli

    return run_cli(args)


if __name__ == "__main__":
    sys.exit(main())
