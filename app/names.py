"""The names the app files its things under, in one place (no imports: read at startup).

``FOLDER`` names every per-user folder: ``app.paths`` (platformdirs: data, state,
autosave) and ``app.settings`` (QSettings) both use it, so on Linux everything the app
keeps is under ``~/.config/WildDie``, ``~/.local/share/WildDie`` and
``~/.local/state/WildDie``.
"""

from typing import Final

FOLDER: Final = "WildDie"
LEGACY_SETTINGS: Final = "Wild Die"  # QSettings' organisation and name before 0.2
