"""Run the tracker on its own: ``python -m ui.tracker [CAMPAIGN] [ENCOUNTER]``.

Without arguments it opens a copy of the sample campaign's brawl (the original files
are never written)."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication

from ui.tracker import open_tracker

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "sample-campaign"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    app = QApplication.instance() or QApplication(["wilddie-tracker"])
    if args:
        folder = Path(args[0])
        encounter = args[1] if len(args) > 1 else "encounters/brawl-at-the-pump-house.json"
    else:
        folder = Path(tempfile.mkdtemp(prefix="wilddie-tracker-")) / "campaign"
        shutil.copytree(SAMPLE, folder)
        encounter = "encounters/brawl-at-the-pump-house.json"
    window = open_tracker(folder, encounter)
    window.show()
    return int(app.exec())


if __name__ == "__main__":
    sys.exit(main())
