"""Rules for ui/ (issue 14): who may ask, who may save, and what ui may import.

- ``ui`` never imports ``app`` (the shell wires ui, not the other way round).
- ``ui.services.prompter`` is the only code that opens a QMessageBox, QFileDialog or
  QInputDialog: everything else asks through a ``Prompter`` (tests script it).
- ``ui.workspace.save_service`` is the only ui code that calls the storage layer's save
  functions; the app's own private files (autosave, recent list) are written by their
  services in ``ui/services``.
- No module-level function takes the whole window (the god object's pieces).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UI = ROOT / "ui"
APP = ROOT / "app"

DIALOGS = {"QMessageBox", "QFileDialog", "QInputDialog"}
SAVES = {"save_document", "save_bytes", "save_together", "create_campaign_folder"}
MAY_SAVE = {
    "ui/workspace/save_service.py",
    "ui/services/autosave.py",  # the autosave files, in the app's data folder
    "ui/services/paths.py",  # the recent-files list
    "ui/services/campaign_memory.py",  # open sheets and rolls, in the app's state folder
}
WINDOW_TYPES = {"MainWindow", "TrackerWindow"}


def modules(*folders: Path) -> Iterator[tuple[str, ast.Module]]:
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            yield relative, ast.parse(path.read_text(encoding="utf-8"), relative)


def names_used(tree: ast.AST) -> set[str]:
    used = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            used.add(node.id)
        elif isinstance(node, ast.alias):
            used.add(node.name.rpartition(".")[2])
    return used


def test_ui_never_imports_app() -> None:
    offenders = []
    for relative, tree in modules(UI):
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                tops = [alias.name.partition(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                tops = [node.module.partition(".")[0]]
            else:
                continue
            if "app" in tops:
                offenders.append(f"{relative}:{node.lineno}")
    assert offenders == [], f"ui imports app: {offenders}"


def test_only_the_prompter_opens_dialogs() -> None:
    offenders = {
        relative: sorted(names_used(tree) & DIALOGS)
        for relative, tree in modules(UI, APP)
        if relative != "ui/services/prompter.py" and names_used(tree) & DIALOGS
    }
    assert offenders == {}, f"ask through ui.services.prompter instead: {offenders}"


def test_only_the_save_service_saves_documents() -> None:
    offenders = {}
    for relative, tree in modules(UI):
        if relative in MAY_SAVE:
            continue
        calls = {
            node.func.id if isinstance(node.func, ast.Name) else node.func.attr
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute)
        }
        imported = {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("sheets.storage")
            for alias in node.names
        }
        found = sorted(SAVES & calls & imported)
        if found:
            offenders[relative] = found
    assert offenders == {}, f"save through ui.workspace.save_service instead: {offenders}"


def _takes_the_window(function: ast.FunctionDef) -> bool:
    params = function.args.posonlyargs + function.args.args
    if not params:
        return False
    annotation = params[0].annotation
    text = ast.unparse(annotation) if annotation is not None else ""
    return text.strip("'\"") in WINDOW_TYPES


def test_no_module_level_function_takes_the_window() -> None:
    """Issue 14: 99 of ui/'s 113 module-level functions took the window to reach into it;
    the work belongs to objects that own their state."""
    found = sorted(
        f"{relative}:{node.name}"
        for relative, tree in modules(UI)
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and _takes_the_window(node)
    )
    assert found == [], f"functions that take the window: {found}"


def test_the_main_window_only_lays_out() -> None:
    """Issue 14: MainWindow under 200 lines, and no method that only hands the work on."""
    path = UI / "main" / "window.py"
    assert len(path.read_text(encoding="utf-8").splitlines()) < 200
    tree = ast.parse(path.read_text(encoding="utf-8"))
    window = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "MainWindow")
    forwards = []
    for method in window.body:
        if not isinstance(method, ast.FunctionDef):
            continue
        body = [
            n
            for n in method.body
            if not isinstance(n, ast.Expr | ast.Constant)
            or not isinstance(getattr(n, "value", None), ast.Constant)
        ]
        if len(body) == 1 and isinstance(body[0], ast.Return | ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
                forwards.append(method.name)
    assert forwards == [], f"one-line forwards in MainWindow: {forwards}"
