"""Entry point: ``wilddie`` and ``python -m app``. No arguments starts the GUI."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        # Import Qt only when the window is wanted: the command line stays fast.
        from app.gui import run_with_display

        return run_with_display([])
    from app.cli import run_cli

    return run_cli(args)


if __name__ == "__main__":
    sys.exit(main())
