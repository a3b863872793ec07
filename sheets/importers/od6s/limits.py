"""How much an export may hold: an od6s actor has a few dozen items; more is not a sheet.

A hostile file must neither make the import slow nor its report endless; past a limit the
import stops with a problem (``too_large``) instead of cutting the actor short silently.
"""

from __future__ import annotations

from typing import Final

from sheets.dice import PIPS_PER_DIE

MAX_ITEMS: Final = 2000
MAX_ATTRIBUTES: Final = 64
MAX_DICE: Final = 100
MAX_PIPS: Final = MAX_DICE * PIPS_PER_DIE  # 100D: no real sheet holds more
MAX_PROBLEMS: Final = 20  # a hostile file could make thousands; the first ones say enough
ITEM_TEXT_LENGTH: Final = 2000  # one item's description in the notes
MAX_FLAG_NOTES: Final = 20
