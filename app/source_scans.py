"""PySide reads no source file of the modules whose answer is known (issue 17).

Importing this module (app.gui does, before any of ui's modules) changes one thing:
PySide's ``__feature__`` support (``from __feature__ import snake_case``) files every module
imported after PySide under "uses PySide" or "ignore", and finds out by reading the
module's whole source file for the text "PySide6" (``inspect.getsource``: ~0.4 M
instructions a module, and the window imports ~40 of ours before its first paint, the
dice panel ~30 more, the campaign's loading pydantic's hundred). For our own packages, the
standard library and our dependencies the answer is known without reading them. No module
of Wild Die selects a feature, so either answer selects the same (default) one: nothing
but the reading changes.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType
from typing import Final

OURS_WITH_QT: Final = frozenset({"ui", "app"})
"""Our packages that use PySide: filed as "uses PySide" (what most of their modules'
sources answer; the rest would be "ignore", which selects the same default features)."""
WITHOUT_QT: Final = frozenset(
    {
        "sheets",  # pure Python, no Qt (tests/test_architecture.py)
        "pydantic",
        "pydantic_core",
        "annotated_types",
        "typing_extensions",
        "typing_inspection",
        "platformdirs",
    }
)
"""Packages that never name PySide6: filed as "ignore", as reading them would."""


def known_answer(
    read_source: Callable[[ModuleType], bool],
) -> Callable[[ModuleType], bool]:
    """PySide's "does this module use PySide?" answered from the module's package where
    it is known, by ``read_source`` (PySide's own check) elsewhere."""

    def uses_pyside(module: ModuleType) -> bool:
        top = getattr(module, "__name__", "").partition(".")[0]
        if top in OURS_WITH_QT:
            return True
        if top in WITHOUT_QT or top in sys.stdlib_module_names:
            return False
        return read_source(module)

    uses_pyside.reads_no_known_source = True  # type: ignore[attr-defined]
    return uses_pyside


def install() -> bool:
    """Put ``known_answer`` in front of PySide's check; False (and nothing changed) where
    this PySide has no such check."""
    try:
        from PySide6.support import feature  # type: ignore[attr-defined]
    except ImportError:
        return False
    check = getattr(feature, "_mod_uses_pyside", None)
    if check is None or getattr(check, "reads_no_known_source", False):
        return check is not None
    feature._mod_uses_pyside = known_answer(check)
    return True


install()
