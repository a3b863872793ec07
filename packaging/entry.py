"""PyInstaller's entry script: the frozen ``wilddie`` runs ``app.__main__.main``."""

from __future__ import annotations

import sys

from app.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
