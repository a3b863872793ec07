"""The app's own settings: last campaign, window geometry, colour scheme.

Kept with ``QSettings`` (the platform's place for them: ``~/.config/WildDie/WildDie.conf``
on Linux, beside the rest of the app's files; the registry on Windows, a plist on macOS):
QtCore is loaded anyway, so reading them before the first paint costs no import (``json``
plus ``platformdirs`` would cost ~20 ms of a ~150 ms cold start). Recent files and
autosaves stay in ``ui.services.paths``. A missing or odd value is the default: settings are a
convenience, never worth an error.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QByteArray, QSettings

from ui.services.names import FOLDER, LEGACY_SETTINGS

SCHEMES: Final = ("system", "light", "dark")


class Settings:
    """What the app remembers between runs."""

    __slots__ = ("color_scheme", "geometry", "last_campaign", "window_state")

    def __init__(
        self,
        last_campaign: str | None = None,
        geometry: QByteArray | None = None,
        window_state: QByteArray | None = None,
        color_scheme: str = "system",
    ) -> None:
        self.last_campaign = last_campaign
        self.geometry = geometry  # QMainWindow.saveGeometry()
        self.window_state = window_state  # QMainWindow.saveState()
        self.color_scheme = color_scheme  # "system" | "light" | "dark"


class SettingsStore:
    """The one owner of the app's settings: reads them, writes them, remembers a change.

    Each call opens the platform's store afresh (QSettings is cheap and thread-safe to
    open), so two windows never hold stale copies of each other's settings."""

    def _store(self) -> QSettings:
        store = QSettings(FOLDER, FOLDER)
        if not store.allKeys():  # first run under the one folder name: bring the old ones
            legacy = QSettings(LEGACY_SETTINGS, LEGACY_SETTINGS)
            for key in legacy.allKeys():
                store.setValue(key, legacy.value(key))
        return store

    def load(self) -> Settings:
        store = self._store()
        scheme = _text(store, "view/colorScheme") or "system"
        return Settings(
            last_campaign=_text(store, "campaign/last"),
            geometry=_bytes(store, "window/geometry"),
            window_state=_bytes(store, "window/state"),
            color_scheme=scheme if scheme in SCHEMES else "system",
        )

    def save(self, settings: Settings) -> None:
        store = self._store()
        for key, value in (
            ("campaign/last", settings.last_campaign),
            ("window/geometry", settings.geometry),
            ("window/state", settings.window_state),
            ("view/colorScheme", settings.color_scheme),
        ):
            if value is None:
                store.remove(key)
            else:
                store.setValue(key, value)
        store.sync()

    def remember(self, **changes: str | QByteArray | None) -> Settings:
        """Change some settings and keep the rest: ``remember(color_scheme="dark")``."""
        settings = self.load()
        for name, value in changes.items():
            if name not in Settings.__slots__:
                raise AttributeError(f"no setting '{name}'")
            setattr(settings, name, value)
        self.save(settings)
        return settings


def _text(store: QSettings, key: str) -> str | None:
    value = store.value(key)
    return value if isinstance(value, str) and value else None


def _bytes(store: QSettings, key: str) -> QByteArray | None:
    value = store.value(key)
    return value if isinstance(value, QByteArray) and not value.isEmpty() else None
