"""The names the app files its things under, in one place (no imports: read at startup).

``FOLDER`` names every per-user folder: ``ui.services.paths`` (platformdirs: data, state,
autosave) and ``ui.services.settings_store`` (QSettings) both use it, so on Linux everything the app
keeps is under ``~/.config/WildDie``, ``~/.local/share/WildDie`` and
``~/.local/state/WildDie``.
"""

from typing import Final

FOLDER: Final = "WildDie"
LEGACY_SETTINGS: Final = "Wild Die"  # QSettings' organisation and name before 0.2


def app_version(missing: str = "development") -> str:
    """The installed package's version (``missing`` when run from a plain checkout)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("wilddie")
    except PackageNotFoundError:
        return missing
