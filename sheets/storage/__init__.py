"""Reading and writing document files so that a character kept for years is never lost.

- Loading never writes: it reads the bytes once, remembers a ``FileStamp`` (mtime, size,
  SHA-256) and checks size (20 MB), UTF-8, JSON (pydantic's parser, which stops deep
  nesting cleanly), the ``kind``, the format version (migrating older ones in memory) and
  then the model. Every problem becomes a ``Problem``: file, JSON path in names, and what
  is wrong in a player's words.
- Saving is atomic: a temp file in the same folder is written, flushed and fsynced, then
  ``os.replace``d over the document, and the folder is fsynced (POSIX). A crash at any
  point leaves either the old file or the new one, never half of one.
- Saving refuses to overwrite a file whose content changed since it was opened (another
  program, another copy of Wild Die, a sync tool) unless asked to.
- The previous content is kept as a rotating backup in a hidden ``.wilddie-backups``
  folder beside the document: backups travel with the campaign folder when it is copied,
  zipped or synced, and "restore the previous version" needs no mapping from a path on
  this machine to an app-data folder (platformdirs holds settings, autosave, recents).
- Output is byte-stable: model field order, unknown fields kept in the order read, UTF-8,
  indent 2, a trailing newline. Loading a saved file and saving it gives the same bytes.
"""

from __future__ import annotations

from sheets.regular_files import MAX_FILE_BYTES
from sheets.storage.campaign import (
    CAMPAIGN_FILE,
    CHARACTERS_FOLDER,
    ENCOUNTERS_FOLDER,
    CampaignFolder,
    campaign_folder_of,
    check_path,
    create_campaign_folder,
    file_name_for,
    missing_references,
    open_campaign,
)
from sheets.storage.problems import (
    DocumentError,
    Problem,
    ProblemCode,
    SaveConflict,
    SaveError,
    SaveRisk,
    describe_error,
    describe_location,
    problems_from_validation,
)
from sheets.storage.reading import (
    FileStamp,
    Loaded,
    load_campaign_file,
    load_character,
    load_encounter,
    parse_document,
    read_document,
    read_file_bytes,
    read_json,
)
from sheets.storage.saving import (
    BACKUP_FOLDER,
    KEEP_BACKUPS,
    Write,
    backup_path,
    backups_of,
    changed_on_disk,
    checked_bytes,
    document_type_of,
    dump_document,
    file_stamp,
    remove_stale_temp_files,
    save_bytes,
    save_document,
    save_together,
)

__all__ = [
    "BACKUP_FOLDER",
    "CAMPAIGN_FILE",
    "CHARACTERS_FOLDER",
    "ENCOUNTERS_FOLDER",
    "KEEP_BACKUPS",
    "MAX_FILE_BYTES",
    "CampaignFolder",
    "DocumentError",
    "FileStamp",
    "Loaded",
    "Problem",
    "ProblemCode",
    "SaveConflict",
    "SaveError",
    "SaveRisk",
    "Write",
    "backup_path",
    "backups_of",
    "campaign_folder_of",
    "changed_on_disk",
    "check_path",
    "checked_bytes",
    "create_campaign_folder",
    "describe_error",
    "describe_location",
    "document_type_of",
    "dump_document",
    "file_name_for",
    "file_stamp",
    "load_campaign_file",
    "load_character",
    "load_encounter",
    "missing_references",
    "open_campaign",
    "parse_document",
    "problems_from_validation",
    "read_document",
    "read_file_bytes",
    "read_json",
    "remove_stale_temp_files",
    "save_bytes",
    "save_document",
    "save_together",
]
