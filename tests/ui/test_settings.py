"""ui.services.settings_store: what the app remembers between runs, under the one folder name."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QSettings

from ui.services.names import FOLDER, LEGACY_SETTINGS
from ui.services.paths import config_dir
from ui.services.settings_store import Settings, SettingsStore


def test_settings_live_beside_the_apps_other_files(private_home: Path) -> None:
    SettingsStore().save(Settings(last_campaign="/campaigns/valley", color_scheme="dark"))
    written = Path(QSettings(FOLDER, FOLDER).fileName())
    assert written.parent == config_dir()  # ~/.config/WildDie, one folder for everything
    assert SettingsStore().load().last_campaign == "/campaigns/valley"
    assert SettingsStore().load().color_scheme == "dark"


def test_settings_from_before_the_rename_are_brought_over(private_home: Path) -> None:
    legacy = QSettings(LEGACY_SETTINGS, LEGACY_SETTINGS)
    legacy.setValue("campaign/last", "/campaigns/old")
    legacy.setValue("window/geometry", QByteArray(b"\x01\x02"))
    legacy.sync()
    loaded = SettingsStore().load()
    assert loaded.last_campaign == "/campaigns/old"
    assert loaded.geometry == QByteArray(b"\x01\x02")
    SettingsStore().save(Settings(last_campaign="/campaigns/new"))
    assert (
        SettingsStore().load().last_campaign == "/campaigns/new"
    )  # the new store wins from then on


def test_odd_values_are_defaults(private_home: Path) -> None:
    store = QSettings(FOLDER, FOLDER)
    store.setValue("view/colorScheme", "plaid")
    store.setValue("window/geometry", "not bytes")
    store.sync()
    loaded = SettingsStore().load()
    assert loaded.color_scheme == "system" and loaded.geometry is None


def test_remember_changes_one_setting_and_keeps_the_rest() -> None:
    store = SettingsStore()
    store.save(Settings(last_campaign="/campaigns/valley", color_scheme="dark"))
    store.remember(color_scheme="light")
    loaded = store.load()
    assert loaded.color_scheme == "light" and loaded.last_campaign == "/campaigns/valley"
    with pytest.raises(AttributeError):
        store.remember(colour="red")
