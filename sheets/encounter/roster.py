"""Who joins an encounter, and under which id and name (R2, R6).

A Dynamic character joins by reference: it keeps its own file, and what happens to it
in the scene is written there. A Stock template joins as numbered inline copies, each
with its own conditions ("Cultist 1" ... "Cultist 16"), so sixteen of them read apart.
"""

from __future__ import annotations

import re

from sheets.documents import Character, Combatant

_NOT_ID = re.compile(r"[^A-Za-z0-9_-]+")
_NUMBERED = re.compile(r"\s+\d+$")
ID_LENGTH = 48
"""Room for a number after the base id within the 64 characters a combatant id has."""


def slug(text: str) -> str:
    """A combatant id from a name: ``Greta Stone`` -> ``greta-stone``."""
    value = _NOT_ID.sub("-", text.casefold()).strip("-")
    return (value or "combatant")[:ID_LENGTH]


def base_name(name: str) -> str:
    """A copy's name without its number: ``Company Guard 2`` -> ``Company Guard``."""
    return _NUMBERED.sub("", name) or name


def new_combatants(
    path: str,
    character: Character,
    side: str,
    taken: set[str],
    copies: int = 1,
    names: set[str] | None = None,
) -> list[Combatant]:
    """Combatants for one campaign file on ``side``; ``taken`` (the ids in use) grows,
    and so does ``names`` (the names in use, case folded) when given.

    A Dynamic character joins once, by reference (R2); a Stock template joins as
    ``copies`` inline copies, numbered past any number whose id or name is taken (issue
    16: sixteen cultists, or a copy of Company Guard 2, never share a name)."""
    made = []
    stock = character.importance == "stock"
    count = max(1, copies) if stock else 1
    base = slug(character.name)
    used = names if names is not None else set()
    number = 0
    for _ in range(count):
        number += 1
        while f"{base}-{number}" in taken or f"{character.name} {number}".casefold() in used:
            number += 1
        used.add(f"{character.name} {number}".casefold())
        cid = f"{base}-{number}" if stock or base in taken else base
        taken.add(cid)
        if stock:
            made.append(
                Combatant(
                    id=cid,
                    name=f"{character.name} {number}",
                    side=side,
                    character=character.model_copy(deep=True),
                    template=path or None,  # a quick NPC has no file
                )
            )
        else:
            made.append(Combatant(id=cid, name=character.name, side=side, character_file=path))
    return made
