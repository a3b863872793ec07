"""Issue 17: PySide reads no source file of a module whose answer is known (app.source_scans),
and files every module as its own reading would, as far as feature selection goes."""

from __future__ import annotations

import json
from types import ModuleType

from app.source_scans import known_answer
from tests.app_helpers import run_script


def _reads(seen: list[str]) -> object:
    def read_source(module: ModuleType) -> bool:
        seen.append(module.__name__)
        return True

    return read_source


def test_our_packages_the_standard_library_and_our_dependencies_are_answered_unread() -> None:
    seen: list[str] = []
    uses_pyside = known_answer(_reads(seen))  # type: ignore[arg-type]
    assert uses_pyside(ModuleType("ui.main.window")) is True
    assert uses_pyside(ModuleType("app.gui")) is True
    assert uses_pyside(ModuleType("sheets.dice.codes")) is False
    assert uses_pyside(ModuleType("json.decoder")) is False
    assert uses_pyside(ModuleType("pydantic.main")) is False
    assert seen == []
    assert uses_pyside(ModuleType("someone_elses_plugin")) is True  # read, as PySide does
    assert seen == ["someone_elses_plugin"]


_IN_THE_APP = """
import json, sys
import app.gui
import ui.campaign.model, sheets.dice
from PySide6.support import feature
from __feature__ import snake_case  # features still switch for a module that asks
from PySide6.QtCore import QObject
snake = hasattr(QObject(), "object_name")
print(json.dumps({
    "installed": getattr(feature._mod_uses_pyside, "reads_no_known_source", False),
    "ui": feature.pyside_feature_dict.get("ui.campaign.model"),
    "sheets": feature.pyside_feature_dict.get("sheets.dice"),
    "snake_case": snake,
}))
"""


def test_the_app_installs_it_and_features_still_work() -> None:
    proc = run_script(_IN_THE_APP)
    seen = json.loads(proc.stdout.strip().splitlines()[-1])
    # "uses PySide" (0) and "ignore" (-1): what reading their sources gives
    assert seen == {"installed": True, "ui": 0, "sheets": -1, "snake_case": True}
