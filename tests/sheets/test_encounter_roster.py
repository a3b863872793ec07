"""Who joins an encounter: ids and names (sheets/encounter/roster.py)."""

from __future__ import annotations

from sheets.documents import new_character
from sheets.encounter.roster import new_combatants, slug


def test_slug_makes_an_id_from_any_name() -> None:
    assert slug("Greta Stone") == "greta-stone"
    assert slug("  ") == "combatant"
    assert len(slug("x" * 200)) == 48


def test_a_dynamic_character_joins_once_by_reference() -> None:
    greta = new_character("Greta")
    taken: set[str] = set()
    (made,) = new_combatants("characters/greta.json", greta, "Heroes", taken, copies=5)
    assert made.character_file == "characters/greta.json" and made.character is None
    assert made.id == "greta" and taken == {"greta"}
    # A second Greta (another file, same name) gets a number, never the same id.
    (again,) = new_combatants("characters/greta-2.json", greta, "Heroes", taken)
    assert again.id == "greta-1"


def test_stock_copies_are_numbered_past_the_numbers_taken() -> None:
    cultist = new_character("Cultist", kind="npc")
    cultist.importance = "stock"
    taken = {"cultist-1", "cultist-3"}
    made = new_combatants("npcs/cultist.json", cultist, "Cult", taken, copies=3)
    assert [c.id for c in made] == ["cultist-2", "cultist-4", "cultist-5"]
    assert [c.name for c in made] == ["Cultist 2", "Cultist 4", "Cultist 5"]
    # Each copy is its own sheet: a wound on one is not on the others.
    assert made[0].character is not None and made[0].character is not made[1].character
    assert all(c.template == "npcs/cultist.json" for c in made)
