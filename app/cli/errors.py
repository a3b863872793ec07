"""What a sub-command raises for a mistake in what the user typed."""

from __future__ import annotations

USAGE_ERROR = 2  # bad input: one line on stderr, no traceback


class CliError(Exception):
    """A mistake in what the user typed: reported as one line, exit 2."""
