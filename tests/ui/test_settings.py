"""ui.services.settings_store: what the app remembers between runs, under the one folder name."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from ui.services.names import FOLDER, LEGACY_SETTINGS
from ui.services.paths import config_dir
from ui.services.settings_store import Settings, load_settings, save_settings


def test_settings_live_beside_the_apps_other_files(private_home: Path) -> None:
    save_settings(Settings(last_campaign="/campaigns/valley", color_scheme="dark"))
    written = Path(QSettings(FOLDER, FOLDER).fileName())
    assert written.parent == config_dir()  # ~/.config/WildDie, one folder for everything
    assert load_settings().last_campaign == "/campaigns/valley"
    assert load_settings().color_scheme == "dark"


def test_settings_from_before_the_rename_are_brought_over(private_home: Path) -> None:
    legacy = QSettings(LEGACY_SETTINGS, LEGACY_SETTINGS)
    legacy.setValue("campaign/last", "/campaigns/old")
    legacy.setValue("window/geometry", QByteArray(b"\x01\x02"))
    legacy.sync()
    loaded = load_settings()
    assert loaded.last_campaign == "/campaigns/old"
    assert loaded.geometry == QByteArray(b"\x01\x02")
    save_settings(Settings(last_campaign="/campaigns/new"))
    assert load_settings().last_campaign == "/campaigns/new"  # the new store wins from then on


def test_odd_values_are_defaults(private_home: Path) -> None:
    store = QSettings(FOLDER, FOLDER)
    store.setValue("view/colorScheme", "plaid")
    store.setValue("window/geometry", "not bytes")
    store.sync()
    loaded = load_settings()
    assert loaded.color_scheme == "system" and loaded.geometry is None
