"""The README's commands and CI stay in step: .ci/run runs the README's test command."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
CI_RUN = ROOT / ".ci" / "run"


def _command_after(marker: str) -> str:
    """The first command line of the code block that follows ``<!-- marker: ... -->``."""
    text = README.read_text(encoding="utf-8")
    found = re.search(
        rf"<!--\s*{re.escape(marker)}\b.*?-->\s*```[^\n]*\n(?P<body>.*?)```", text, re.DOTALL
    )
    assert found, f"README.md has no code block after a <!-- {marker}: ... --> comment"
    lines = [line.strip() for line in found["body"].splitlines()]
    commands = [line for line in lines if line and not line.startswith("#")]
    assert len(commands) == 1, f"the {marker} block should hold one command: {commands}"
    return commands[0]


def _ci_lines() -> list[str]:
    return [line.strip() for line in CI_RUN.read_text(encoding="utf-8").splitlines()]


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    command = _command_after("test-command")
    assert command in _ci_lines(), (
        f".ci/run must run the README's test command verbatim, on a line of its own: {command}"
    )


def test_ci_script_is_strict_bash() -> None:
    lines = _ci_lines()
    assert lines[0].startswith("#!") and "bash" in lines[0]
    assert "set -euo pipefail" in lines


@pytest.mark.parametrize("marker", ["run-command", "test-command"])
def test_readme_commands_use_scripts_that_exist(marker: str) -> None:
    command = _command_after(marker)
    scripts = [word for word in command.split() if word.endswith(".sh")]
    assert scripts, f"expected a script in the README's {marker}: {command}"
    for script in scripts:
        assert (ROOT / script).is_file(), f"README's {marker} names a missing file: {script}"
