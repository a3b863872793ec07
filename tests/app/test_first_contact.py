"""What a newcomer meets at the command line (issue 19), each through a real process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from app.display import missing_display
from tests.locations import ROOT


def wilddie(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", *args],
        cwd=ROOT,
        env=env if env is not None else {**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland displays")
def test_no_display_says_so_in_one_line_before_qt_starts() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    for args in ((), ("gui",)):
        result = wilddie(*args, env=env)
        assert result.returncode == 2
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and "no display" in lines[0]
        assert "QT_QPA_PLATFORM=offscreen" in lines[0]
        assert "xcb" not in result.stderr


def test_a_display_or_a_chosen_platform_is_enough() -> None:
    assert missing_display({"DISPLAY": ":0"}, "linux") is None
    assert missing_display({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert missing_display({"QT_QPA_PLATFORM": "offscreen"}, "linux") is None
    assert missing_display({}, "win32") is None and missing_display({}, "darwin") is None
    assert missing_display({}, "linux") is not None


def test_a_negative_die_code_needs_no_double_dash() -> None:
    result = wilddie("roll", "-1D", "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Roll -1D")
    assert wilddie("odds", "-2D+1").returncode == 0


def test_a_typo_never_suggests_the_hidden_command() -> None:
    result = wilddie("smok")
    assert result.returncode == 2
    assert "invalid choice" in result.stderr and "'roll'" in result.stderr
    assert "smoke-test" not in result.stderr


def test_gui_help_names_what_it_opens() -> None:
    result = wilddie("gui", "--help")
    assert result.returncode == 0
    assert "CAMPAIGN | FILE" in result.stdout and "character or encounter file" in result.stdout


def test_a_rewritten_code_is_said() -> None:
    result = wilddie("roll", "5D+4", "--seed", "2")
    assert result.stdout.splitlines()[0] == "5D+4 is 6D+1"
    plain = wilddie("roll", "3d6+1", "--seed", "2")
    assert plain.stdout.startswith("Roll 3D+1")  # the same code, written another way


def test_odds_say_success_then_each_rank_in_players_words() -> None:
    lines = wilddie("odds", "4D", "--vs", "12").stdout.splitlines()
    at = lines.index("Against 12:")
    success, failure = lines[at + 1], lines[at + 2]
    assert success.split()[:2] == ["Success", "(meet"] and failure.split()[0] == "Failure"
    chance = {line.split()[0]: float(line.split()[-1].rstrip("%")) for line in (success, failure)}
    assert abs(chance["Success"] + chance["Failure"] - 100) < 0.02
    ranks = [float(line.split()[-1].rstrip("%")) for line in lines[at + 4 : at + 11]]
    assert "a tie (no rank)" in lines[at + 4]
    assert abs(sum(ranks) - chance["Success"]) < 0.05  # every success, by what it buys


def test_a_missing_path_says_so_and_starts_as_usual(tmp_path: Path) -> None:
    """Issue 19: ``wilddie gui /nonexistent`` started with no campaign and 0 Wild Dice."""
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "WILDDIE_STARTUP_PROBE": "1",  # prints when the campaign has loaded, then quits
        "WILDDIE_QUIT_AFTER_MS": "60000",
    }
    result = wilddie("gui", str(tmp_path / "no-such-campaign"), env=env)
    assert result.returncode == 0, result.stderr
    assert "no-such-campaign does not exist" in result.stderr
    assert "wilddie-startup loaded" in result.stdout  # the sample campaign opened instead
    assert "Sample campaign" in result.stdout


def test_with_no_campaign_the_dice_use_the_rules_defaults(qtbot: Any) -> None:
    from sheets.documents import HouseRules
    from ui.main.window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    panel = window.rolls.ensure_panel()
    assert window.workspace.session is None
    assert panel.form.wild_spin.value() == HouseRules().wild_dice == 1


def test_gui_with_a_campaign_starts_without_building_the_command_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`wilddie gui CAMPAIGN` goes straight to the window (issue 17: the command line's
    dice commands imported sheets.dice before the first paint); options still parse."""
    import app.__main__ as entry
    import app.gui

    started: list[list[str]] = []
    monkeypatch.setattr(app.gui, "run_with_display", lambda argv: started.append(argv) or 0)
    monkeypatch.setattr("app.cli.run_cli", lambda _args: pytest.fail("the parser was built"))
    assert entry.main(["gui", "/campaigns/valley"]) == 0
    assert entry.main(["gui"]) == 0
    assert started == [["/campaigns/valley"], []]
