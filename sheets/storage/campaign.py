"""Campaign folders: campaign.json plus characters/ and encounters/, one file each."""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, cast

from sheets.documents import (
    Campaign,
    Character,
    Encounter,
)
from sheets.storage.problems import (
    DocumentError,
    Problem,
)
from sheets.storage.reading import (
    Loaded,
    load_campaign_file,
    load_character,
    load_encounter,
    read_document,
)
from sheets.storage.saving import (
    save_document,
)

CAMPAIGN_FILE: Final = "campaign.json"
CHARACTERS_FOLDER: Final = "characters"
ENCOUNTERS_FOLDER: Final = "encounters"


@dataclass
class CampaignFolder:
    """A campaign folder as opened: every file that loaded, and a problem per file that did not.

    Keys of ``characters`` and ``encounters`` are paths relative to the folder with ``/``
    (``characters/ada-vance.json``), as an encounter's ``character_file`` names them.
    """

    folder: Path
    campaign: Loaded[Campaign] | None
    characters: dict[str, Loaded[Character]] = field(default_factory=dict)
    encounters: dict[str, Loaded[Encounter]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def character(self, relative_path: str) -> Character | None:
        loaded = self.characters.get(relative_path)
        return loaded.document if loaded is not None else None


def _document_files(folder: Path, sub: str) -> list[Path]:
    target = folder / sub
    if not target.is_dir():
        return []
    return sorted(p for p in target.iterdir() if p.suffix == ".json" and not p.name.startswith("."))


def open_campaign(folder: str | os.PathLike[str]) -> CampaignFolder:
    """Open ``campaign.json`` with ``characters/*.json`` and ``encounters/*.json``.

    A file that cannot be read is reported in ``problems`` and skipped: one broken file
    never hides the rest of the campaign. Encounters that name a missing character file
    are reported too. Never writes.
    """
    root = Path(folder)
    problems: list[Problem] = []
    campaign: Loaded[Campaign] | None = None
    try:
        campaign = load_campaign_file(root / CAMPAIGN_FILE)
    except DocumentError as error:
        problems.extend(error.problems)
    result = CampaignFolder(root, campaign, problems=problems)
    for path in _document_files(root, CHARACTERS_FOLDER):
        try:
            result.characters[f"{CHARACTERS_FOLDER}/{path.name}"] = load_character(path)
        except DocumentError as error:
            problems.extend(error.problems)
    for path in _document_files(root, ENCOUNTERS_FOLDER):
        try:
            loaded = load_encounter(path)
        except DocumentError as error:
            problems.extend(error.problems)
            continue
        result.encounters[f"{ENCOUNTERS_FOLDER}/{path.name}"] = loaded
        problems.extend(missing_references(loaded, result.characters.keys()))
    return result


def missing_references(loaded: Loaded[Encounter], known: Any) -> list[Problem]:
    """Combatants whose ``character_file`` is not among ``known`` relative paths."""
    return [
        Problem(
            str(loaded.path),
            f"combatants -> {combatant.id}",
            f"character file '{combatant.character_file}' is not in the campaign folder",
            "missing_reference",
        )
        for combatant in loaded.document.combatants
        if combatant.character_file is not None and combatant.character_file not in known
    ]


_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def file_name_for(name: str, taken: Sequence[str] = ()) -> str:
    """A portable file name for a document called ``name``: ``Ada Vance`` -> ``ada-vance.json``.

    ``taken`` lists names already used in the folder; a number is added to avoid them.
    """
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    stem = _NOT_SLUG.sub("-", ascii_name.lower()).strip("-")[:60] or "untitled"
    used = {t.casefold() for t in taken}
    candidate, number = f"{stem}.json", 2
    while candidate.casefold() in used:
        candidate, number = f"{stem}-{number}.json", number + 1
    return candidate


def create_campaign_folder(folder: str | os.PathLike[str], campaign: Campaign) -> Path:
    """Make a new campaign folder with its ``campaign.json`` and empty sub-folders."""
    root = Path(folder)
    root.mkdir(parents=True, exist_ok=True)
    (root / CHARACTERS_FOLDER).mkdir(exist_ok=True)
    (root / ENCOUNTERS_FOLDER).mkdir(exist_ok=True)
    save_document(campaign, root / CAMPAIGN_FILE)
    return root


def check_path(path: str | os.PathLike[str]) -> tuple[int, list[Problem]]:
    """Check a document file or a campaign folder without changing anything.

    Returns how many files were checked and their problems. An encounter inside a campaign
    folder is also checked for character files the campaign lacks.
    """
    target = Path(path)
    if target.is_dir():
        if not (target / CAMPAIGN_FILE).is_file():
            return 0, [
                Problem(str(path), "", f"is a folder without a {CAMPAIGN_FILE}", "unreadable")
            ]
        opened = open_campaign(target)
        checked = 1 + len(_document_files(target, CHARACTERS_FOLDER))
        checked += len(_document_files(target, ENCOUNTERS_FOLDER))
        return checked, opened.problems
    try:
        loaded = read_document(target)
    except DocumentError as error:
        return 1, list(error.problems)
    if isinstance(loaded.document, Encounter):
        root = target.parent.parent
        if target.parent.name == ENCOUNTERS_FOLDER and (root / CAMPAIGN_FILE).is_file():
            known = {
                f"{CHARACTERS_FOLDER}/{p.name}" for p in _document_files(root, CHARACTERS_FOLDER)
            }
            return 1, missing_references(cast(Loaded[Encounter], loaded), known)
    return 1, []


def campaign_folder_of(path: str | os.PathLike[str]) -> Path | None:
    """The campaign folder a document belongs to: the folder itself, the folder of its
    ``campaign.json``, or the folder above ``characters/`` or ``encounters/``. None for a
    file that lives outside any campaign."""
    target = Path(path).absolute()
    candidates = [target] if target.is_dir() else []
    if target.name == CAMPAIGN_FILE:
        candidates.append(target.parent)
    if target.parent.name in (CHARACTERS_FOLDER, ENCOUNTERS_FOLDER):
        candidates.append(target.parent.parent)
    return next((c for c in candidates if (c / CAMPAIGN_FILE).is_file()), None)
