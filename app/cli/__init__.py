"""The command line: one sub-command module per job, each with ``register(subparsers)``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from . import dice_commands, document_commands, gui_command, import_command, smoke_command
from .errors import USAGE_ERROR, CliError

# Each module adds its sub-commands; a sub-command sets ``func(args) -> int``.
_COMMAND_MODULES = (dice_commands, document_commands, gui_command, import_command, smoke_command)


HIDDEN_COMMANDS = ("smoke-test",)  # for installers and CI: never suggested to a user


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (no usage dump, no traceback), and it never
    offers a hidden command among the choices."""

    def error(self, message: str) -> NoReturn:
        for name in HIDDEN_COMMANDS:
            message = message.replace(f", {name!r}", "").replace(f"{name!r}, ", "")
        self.exit(USAGE_ERROR, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="wilddie",
        description="Wild Die: FreeD6 / OpenD6 character sheets, dice and encounters.",
        epilog="With no command, the desktop app starts.",
    )
    subparsers = parser.add_subparsers(
        dest="command", metavar="COMMAND", parser_class=OneLineParser
    )
    for module in _COMMAND_MODULES:
        module.register(subparsers)
    return parser


def run_cli(argv: Sequence[str]) -> int:
    parser = build_parser()
    args = parser.parse_args(list(argv))
    if getattr(args, "func", None) is None:
        parser.print_help()
        return USAGE_ERROR
    try:
        result: int = args.func(args)
    except CliError as error:
        print(f"wilddie {args.command}: error: {error}", file=sys.stderr)
        return USAGE_ERROR
    except BrokenPipeError:  # `wilddie odds 40D | head` closes the pipe early
        return 0
    return result


__all__ = ["USAGE_ERROR", "CliError", "OneLineParser", "build_parser", "run_cli"]
