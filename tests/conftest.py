"""Test harness: offscreen Qt, a private home per test, no real dialogs, Hypothesis profiles.

- Qt always uses the offscreen platform (no display needed, no windows pop up).
- Every test gets its own HOME and XDG directories under ``tmp_path``, so platformdirs,
  QStandardPaths and QSettings never read or write the real home.
- A modal dialog that a test did not patch fails the test instead of hanging the run:
  patch the ones you expect, e.g.
  ``monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.StandardButton.Yes)``.
- Hypothesis: profile ``ci`` when ``CI`` is set (derandomized, prints reproduction blobs),
  ``dev`` otherwise; ``HYPOTHESIS_PROFILE`` picks another.
- The per-test timeout is ``timeout`` in pyproject.toml (pytest-timeout).
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest
from hypothesis import HealthCheck, settings

# Before any QApplication exists (pytest-qt imports Qt at start-up but creates the
# application only in its `qapp` fixture). Forced, not defaulted: a desktop session's
# QT_QPA_PLATFORM=wayland would otherwise pop windows up during the run.
os.environ["QT_QPA_PLATFORM"] = "offscreen"

settings.register_profile("dev", deadline=None)
settings.register_profile(
    "ci",
    deadline=None,
    derandomize=True,
    print_blob=True,
    # Two xdist workers share two cores: a slow data generation is not a bug.
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)

_HAVE_QT = importlib.util.find_spec("PySide6") is not None


class UnexpectedDialog(AssertionError):
    """A test opened a modal dialog it had not patched (it would block forever)."""


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Point HOME and the XDG base directories at fresh folders under tmp_path."""
    base = tmp_path / "user"
    home = base / "home"
    dirs = {
        "HOME": home,
        "XDG_DATA_HOME": home / ".local" / "share",
        "XDG_CONFIG_HOME": home / ".config",
        "XDG_CACHE_HOME": home / ".cache",
        "XDG_STATE_HOME": home / ".local" / "state",
        "XDG_RUNTIME_DIR": base / "runtime",
    }
    for name, path in dirs.items():
        path.mkdir(parents=True, exist_ok=True)
        monkeypatch.setenv(name, str(path))
    dirs["XDG_RUNTIME_DIR"].chmod(0o700)  # Qt ignores a runtime dir others can read
    if _HAVE_QT:
        _isolate_qsettings(home / ".config", base / "system-config")
    yield home


def _isolate_qsettings(config: Path, system: Path) -> None:
    # QSettings reads XDG_CONFIG_HOME once per process: set its paths for every test
    # (the system scope too, so /etc/xdg never leaks into a test).
    from PySide6.QtCore import QSettings

    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, str(config))
        QSettings.setPath(fmt, QSettings.Scope.SystemScope, str(system))


def _refuse(name: str) -> Callable[..., NoReturn]:
    def refuse(*args: Any, **kwargs: Any) -> NoReturn:
        raise UnexpectedDialog(
            f"un-mocked modal dialog {name}() would block the test run; "
            f"patch it with monkeypatch (args: {args!r})"
        )

    return refuse


@pytest.fixture(autouse=True)
def no_real_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make any un-patched modal call fail: QDialog.exec, QMessageBox, QFileDialog.get*, ..."""
    if not _HAVE_QT:
        return
    # pytest-qt has imported QtWidgets already, so this costs nothing.
    from PySide6.QtWidgets import QDialog, QFileDialog, QInputDialog, QMessageBox

    monkeypatch.setattr(QDialog, "exec", _refuse("QDialog.exec"))
    for name in ("exec", "question", "warning", "critical", "information", "about", "aboutQt"):
        monkeypatch.setattr(QMessageBox, name, _refuse(f"QMessageBox.{name}"))
    for cls in (QFileDialog, QInputDialog):
        for name in dir(cls):
            if name.startswith("get") or name == "exec":
                monkeypatch.setattr(cls, name, _refuse(f"{cls.__name__}.{name}"))
