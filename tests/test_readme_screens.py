"""Issue 19: the README opens with a screenshot of the main window and of the tracker, has
the install paths of every OS (the tarball included) and a first evening for a player and
for a Game Master."""

from __future__ import annotations

import re

from tests.locations import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_shows_the_main_window_and_the_tracker_at_the_top() -> None:
    top = README[: README.index("## Set up, run, test")]
    images = re.findall(r"!\[[^\]]+\]\(([^)]+)\)", top)
    assert images == ["docs/screenshots/main-window.png", "docs/screenshots/tracker.png"]
    for image in images:
        assert (ROOT / image).read_bytes().startswith(b"\x89PNG")


def test_the_readme_has_every_install_path_and_a_first_evening() -> None:
    install = README[README.index("## Install") :]
    for needed in (".deb", "AppImage", "install.sh", "setup.exe", ".dmg", "--uninstall"):
        assert needed in install, needed
    evening = README[README.index("## Your first evening") : README.index("## Dice and odds")]
    assert "**As a player.**" in evening and "**As a Game Master.**" in evening
