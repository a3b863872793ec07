"""``wilddie smoke-test --out DIR``: a hidden end-to-end check for installers and CI.

It starts Qt (offscreen when ``QT_QPA_PLATFORM=offscreen``), shows the main window, opens
the sample campaign shipped inside the app (``app.resources``), saves one character into
DIR, reads it back and exits 0 with a one-line summary; any failure is one line on stderr
and exit 1. It checks what a broken bundle gets wrong: missing Qt plugins (platform, SVG
icon), missing resources, missing modules (pydantic), and files the app would write next
to itself. It is not listed in ``wilddie --help``.
"""

from __future__ import annotations

import argparse
import inspect
import os
import sys
import time
from pathlib import Path
from typing import Any

SMOKE_FAILED = 1
WATCHDOG_ENV = "WILDDIE_SMOKE_TIMEOUT_S"  # a modal dialog would hang a headless run
DEFAULT_TIMEOUT_S = 60


class SmokeFailure(Exception):
    """One line saying what did not work."""


def register(subparsers: Any) -> None:
    # No ``help=``: argparse then leaves the command out of ``wilddie --help``.
    parser = subparsers.add_parser(
        "smoke-test", description="Check that this build starts, opens and saves documents."
    )
    parser.add_argument("--out", required=True, metavar="DIR", help="folder to save into")
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    try:
        summary = run_smoke(Path(args.out))
    except SmokeFailure as failure:
        print(f"wilddie smoke-test: FAILED: {failure}", file=sys.stderr)
        return SMOKE_FAILED
    elapsed = time.perf_counter() - started
    print(f"wilddie smoke-test: ok in {elapsed:.2f} s: {summary}")
    return 0


def _timeout_s() -> int:
    try:
        return max(1, int(os.environ.get(WATCHDOG_ENV, DEFAULT_TIMEOUT_S)))
    except ValueError:
        return DEFAULT_TIMEOUT_S


def _version() -> str:
    from ui.services.names import app_version

    return app_version("(no package metadata)")


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        return False
    return True


def _check_writable_folders() -> None:
    """The app's own folders (platformdirs) must not be inside the program's folder."""
    from ui.services import paths

    program = Path(sys.executable).resolve().parent
    if not getattr(sys, "frozen", False):
        return  # from source the "program" is the Python interpreter's folder
    for folder in (paths.config_dir(), paths.data_dir(), paths.state_dir(), paths.cache_dir()):
        if _inside(folder, program):
            raise SmokeFailure(f"the app would write inside its install folder: {folder}")


def _start_gui() -> tuple[Any, Any, Any]:
    """The QApplication, a shown main window and the watchdog timer."""
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from app import gui
    from app.resources import app_icon_path

    existing = QApplication.instance()
    qt_app = existing if isinstance(existing, QApplication) else QApplication(["wilddie"])
    qt_app.setApplicationName(gui.APP_NAME)
    qt_app.setOrganizationName(gui.ORGANIZATION)
    qt_app.setDesktopFileName(gui.DESKTOP_FILE_NAME)

    def give_up() -> None:  # runs even inside a modal dialog's event loop
        print(f"wilddie smoke-test: FAILED: no answer after {_timeout_s()} s", file=sys.stderr)
        sys.stderr.flush()
        os._exit(SMOKE_FAILED)

    watchdog = QTimer(qt_app)
    watchdog.setSingleShot(True)
    watchdog.timeout.connect(give_up)
    watchdog.start(_timeout_s() * 1000)

    icon_file = app_icon_path()
    icon = QIcon(str(icon_file))
    if not icon_file.is_file() or icon.pixmap(64, 64).isNull():
        raise SmokeFailure(f"the app icon does not load (QtSvg plugins?): {icon_file}")
    qt_app.setWindowIcon(icon)

    window = gui.MainWindow()
    window.show()
    qt_app.processEvents()
    if not window.isVisible():
        raise SmokeFailure("the main window did not show")
    return qt_app, window, watchdog


def _open_in_window(window: Any, folder: Path) -> bool:
    """Open the campaign in the main window when it offers ``open_campaign(path)``."""
    opener = getattr(window, "open_campaign", None)
    if not callable(opener):
        return False
    try:
        inspect.signature(opener).bind(folder)
    except (TypeError, ValueError):
        return False  # some other signature: not ours to guess
    if opener(folder) is False:
        raise SmokeFailure(f"the main window did not open the sample campaign {folder}")
    return True


def _close(qt_app: Any, window: Any) -> None:
    discard = getattr(window, "discard_all_changes", None)
    if callable(discard):
        discard()  # nothing was edited; never ask "save?" in a headless run
    window.close()
    qt_app.processEvents()


def run_smoke(out: Path) -> str:
    """Do the whole check; returns the summary, raises ``SmokeFailure``."""
    _check_writable_folders()
    big = _check_big_integers()
    qt_app, window, watchdog = _start_gui()
    try:
        return f"{_open_and_save(qt_app, window, out)}; {big}"
    finally:
        watchdog.stop()


def _check_big_integers() -> str:
    """The odds engine's big integers (sheets/odds/big.py): gmpy2 (its extension and GMP,
    MPFR, MPC beside it) engages, bytes go in and out of its limbs through ctypes
    (``_ctypes`` and libffi), and a large roll's odds come out whole: what a bundle missing
    a library, a module or gmpy2's metadata gets wrong."""
    from sheets.dice import RollSpec
    from sheets.odds import distribution
    from sheets.odds.big import engage, from_bytes, to_bytes

    if not engage():
        raise SmokeFailure("the big-integer library (gmpy2) does not load")
    raw = bytes(range(256)) * 16  # long enough for the ctypes route
    number = from_bytes(raw)
    if number != int.from_bytes(raw, "little") or to_bytes(number, len(raw)) != raw:
        raise SmokeFailure("gmpy2 limbs written through ctypes read back wrongly")
    odds = distribution(RollSpec(code="16D", wild_dice=2, luck=True, advantage=1, penalty=1))
    if abs(sum(odds.values()) - 1) > 1e-12:
        raise SmokeFailure(f"a large roll's odds add up to {sum(odds.values())}")
    import gmpy2

    return f"gmpy2 {gmpy2.version()} ({gmpy2.mp_version()})"


def _open_and_save(qt_app: Any, window: Any, out: Path) -> str:
    from app.resources import sample_campaign_path
    from sheets.storage import (
        DocumentError,
        dump_document,
        load_character,
        open_campaign,
        save_document,
    )

    platform = qt_app.platformName()
    sample = sample_campaign_path()
    if not (sample / "campaign.json").is_file():
        raise SmokeFailure(f"the sample campaign is missing: {sample}")
    campaign = open_campaign(sample)
    if campaign.campaign is None or campaign.problems:
        first = campaign.problems[0] if campaign.problems else "no campaign.json"
        raise SmokeFailure(f"the sample campaign does not open cleanly: {first}")
    if not campaign.characters:
        raise SmokeFailure("the sample campaign has no characters")
    shown_in_window = _open_in_window(window, sample)
    qt_app.processEvents()

    relative, loaded = next(iter(campaign.characters.items()))
    target = out / Path(relative).name
    try:
        out.mkdir(parents=True, exist_ok=True)
        save_document(loaded.document, target, overwrite=True)
        again = load_character(target)
    except (OSError, DocumentError) as error:
        raise SmokeFailure(f"saving a character into {out} failed: {error}") from error
    if dump_document(again.document) != dump_document(loaded.document):
        raise SmokeFailure(f"{target} does not read back as it was saved")
    pdf = _print_pdf(loaded.document, out / (Path(relative).stem + ".pdf"))

    _close(qt_app, window)
    title = campaign.campaign.document.title
    frozen = "frozen" if getattr(sys, "frozen", False) else "source"
    return (
        f"Wild Die {_version()} ({frozen}), Qt platform {platform}, sample campaign {title!r} "
        f"({len(campaign.characters)} characters, {len(campaign.encounters)} encounters"
        f"{', opened in the main window' if shown_in_window else ''}); "
        f"saved and read back {target}; printed {pdf}"
    )


def _print_pdf(character: Any, target: Path) -> Path:
    """Print the sheet to a PDF the way File > Export as PDF does (Qt's PDF writer and
    fonts: what a bundle most often lacks)."""
    from ui.sheet.print import export_pdf

    try:
        pages = export_pdf(character, target)
        data = target.read_bytes()
    except OSError as error:
        raise SmokeFailure(f"printing a PDF into {target} failed: {error}") from error
    if pages < 1 or not data.startswith(b"%PDF") or len(data) < 5_000:
        raise SmokeFailure(f"{target} is not a printed sheet ({pages} pages, {len(data)} bytes)")
    return target
