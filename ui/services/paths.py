"""Where Wild Die keeps its own files: settings, autosave, recent files (platformdirs).

Nothing is ever written next to the program (it may be installed read-only). Documents
live where the player puts them; their rotating backups sit beside them in a hidden
``.wilddie-backups`` folder (see ``sheets.storage``) so they travel with the campaign
folder when it is copied, zipped or synced. Autosaves are different: they are the app's
safety net for unsaved edits, private to this machine, so they live in the user data
folder here.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Final

import platformdirs

from ui.services.names import FOLDER

APP_NAME: Final = FOLDER
MAX_RECENT_FILES: Final = 10


def config_dir() -> Path:
    """Per-user settings folder (``~/.config/WildDie`` on Linux)."""
    return platformdirs.user_config_path(APP_NAME, appauthor=False)


def data_dir() -> Path:
    """Per-user data folder (``~/.local/share/WildDie`` on Linux)."""
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def state_dir() -> Path:
    """Per-user state folder (``~/.local/state/WildDie`` on Linux): recents, window state."""
    return platformdirs.user_state_path(APP_NAME, appauthor=False)


def cache_dir() -> Path:
    """Per-user cache folder: anything that can be rebuilt."""
    return platformdirs.user_cache_path(APP_NAME, appauthor=False)


def autosave_dir() -> Path:
    return data_dir() / "autosave"


def autosave_path_for(document: str | os.PathLike[str]) -> Path:
    """The autosave file of a document: its name plus a hash of its full path.

    Two documents with the same name in different folders get different autosaves.
    """
    absolute = Path(document).expanduser().absolute()
    digest = hashlib.sha256(str(absolute).encode("utf-8", "surrogatepass")).hexdigest()[:12]
    return autosave_dir() / f"{absolute.stem}-{digest}{absolute.suffix or '.json'}"


def recent_files_path() -> Path:
    return state_dir() / "recent-files.json"


def recent_files() -> list[Path]:
    """The recently opened documents and campaign folders, newest first.

    A missing or damaged list is an empty list: it is a convenience, never worth an error.
    """
    try:
        raw = json.loads(recent_files_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    entries = raw.get("recent") if isinstance(raw, dict) else None
    if not isinstance(entries, list):
        return []
    return [Path(entry) for entry in entries if isinstance(entry, str)][:MAX_RECENT_FILES]


def add_recent_file(path: str | os.PathLike[str]) -> list[Path]:
    """Put ``path`` first in the recent files list (saved atomically); returns the list."""
    from sheets.storage import save_bytes

    entry = Path(path).expanduser().absolute()
    entries = [entry, *(p for p in recent_files() if p != entry)][:MAX_RECENT_FILES]
    target = recent_files_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"recent": [str(p) for p in entries]}, indent=2, ensure_ascii=False)
    save_bytes(target, (text + "\n").encode("utf-8"), overwrite=True, keep_backups=0)
    return entries
