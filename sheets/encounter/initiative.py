"""Initiative for the three kinds of tactical scene (R6), as pure functions.

- melee: the fixed value of the campaign's initiative ability (setting, default
  Perception); ties: the higher Dexterity fixed value, then a roll-off (seeded).
- debate: an ability check roll per combatant.
- chase: relative position, a manual order moved up and down.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from sheets.dice import DieCode, RollSpec, roll_seeded
from sheets.documents import Character, HouseRules


def sub_seed(seed: int, index: int | str) -> int:
    """A seed for one of several rolls made by one command, derived from its one seed."""
    return random.Random(f"{seed}:{index}").getrandbits(63)


def ability_code(character: Character, ability: str) -> DieCode:
    """The ability's code; 0D when the element has no such ability.

    Ruling (ours): an element without the initiative ability (a vehicle has no Perception)
    counts 0 and goes after those that have it; ties go on to Dexterity and the roll-off.
    """
    found = character.ability(ability)
    return found.code if found is not None else DieCode()


@dataclass(frozen=True, slots=True)
class InitiativeEntry:
    combatant: str
    value: int
    """What orders it: the fixed value (melee) or the roll's total (debate)."""
    tie_break: tuple[int, ...]
    detail: str


def melee_order(
    combatants: Sequence[tuple[str, Character]], rules: HouseRules, seed: int
) -> list[InitiativeEntry]:
    """R6 melee: fixed value of the initiative ability, then Dexterity, then a roll-off."""
    ability = rules.initiative_ability
    entries = []
    for combatant_id, character in combatants:
        value = ability_code(character, ability).fixed_value
        dexterity = ability_code(character, "Dexterity").fixed_value
        entries.append((combatant_id, value, dexterity))
    counts: dict[tuple[int, int], int] = {}
    for _, value, dexterity in entries:
        counts[(value, dexterity)] = counts.get((value, dexterity), 0) + 1
    result = []
    for combatant_id, value, dexterity in entries:
        roll_off = 0
        detail = f"{ability} {value}"
        if counts[(value, dexterity)] > 1:
            # A tie after Dexterity: a roll-off of one die each, seeded (R6).
            roll_off = random.Random(sub_seed(seed, combatant_id)).randint(1, 6)
            detail += f", Dexterity {dexterity}, roll-off {roll_off}"
        elif sum(1 for _, v, _ in entries if v == value) > 1:
            detail += f", Dexterity {dexterity}"
        result.append(InitiativeEntry(combatant_id, value, (dexterity, roll_off), detail))
    return sort_entries(result)


def sort_entries(entries: list[InitiativeEntry]) -> list[InitiativeEntry]:
    # Ruling (ours): a roll-off that ties again keeps the encounter's listing order.
    return sorted(entries, key=lambda e: (-e.value, *(-t for t in e.tie_break)))


def debate_order(
    combatants: Sequence[tuple[str, Character]],
    rules: HouseRules,
    seed: int,
    ability: str,
) -> list[InitiativeEntry]:
    """R6 debate: an ability check roll each (wild dice and critical failure by setting).

    Ruling (ours): ties go to the higher fixed value of the ability, then a roll-off."""
    result = []
    for combatant_id, character in combatants:
        code = ability_code(character, ability)
        spec = RollSpec(
            code=code, wild_dice=rules.wild_dice, critical_failure=rules.critical_failure
        )
        rolled = roll_seeded(spec, sub_seed(seed, combatant_id))
        roll_off = random.Random(sub_seed(seed, f"tie:{combatant_id}")).randint(1, 6)
        result.append(
            InitiativeEntry(
                combatant_id,
                rolled.total,
                (code.fixed_value, roll_off),
                f"{ability} {code} rolled {rolled.total}",
            )
        )
    return sort_entries(result)


def move(order: Sequence[str], combatant: str, steps: int) -> list[str]:
    """R6 chase: move one combatant up (negative) or down (positive) the order."""
    new = list(order)
    index = new.index(combatant)
    target = min(max(index + steps, 0), len(new) - 1)
    new.insert(target, new.pop(index))
    return new
