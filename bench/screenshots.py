"""Screenshots of the app's windows, for reviews and the README. Re-runnable.

    xvfb-run -s "-screen 0 1600x1000x24" .venv/bin/python bench/screenshots.py [--out DIR] [NAME...]

Writes DIR/NAME.png (default DIR: /tmp/shots) for every shot in ``SHOTS``, or only the
named ones. Under Xvfb the windows are real X11 windows; with QT_QPA_PLATFORM=offscreen it
works without a display too. Later issues add their windows to ``SHOTS``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere, installed or not
    sys.path.insert(0, str(ROOT))


def minimal_window() -> QWidget:
    from app.gui import MainWindow

    window = MainWindow()
    window.resize(960, 640)
    return window


# name -> a function building the (not yet shown) widget to photograph.
SHOTS: dict[str, Callable[[], QWidget]] = {
    "minimal-window": minimal_window,
}


def take(app: QApplication, name: str, out: Path) -> Path:
    widget = SHOTS[name]()
    widget.show()
    # Let the window map, lay out and paint before grabbing it.
    for _ in range(20):
        app.processEvents()
    widget.activateWindow()
    app.processEvents()
    path = out / f"{name}.png"
    if not widget.grab().save(str(path)):
        raise SystemExit(f"could not save {path}")
    widget.close()
    widget.deleteLater()
    app.processEvents()
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Save screenshots of Wild Die's windows.")
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"shots to take: {list(SHOTS)}")
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots"), help="output folder")
    args = parser.parse_args(argv)
    unknown = [name for name in args.names if name not in SHOTS]
    if unknown:
        parser.error(f"unknown shot(s) {unknown}; known: {list(SHOTS)}")
    args.out.mkdir(parents=True, exist_ok=True)

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(["wilddie-shots"])
    app.setApplicationName("Wild Die")
    for name in args.names or SHOTS:
        print(take(app, name, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
