"""Builders shared by the encounter engine tests (no tests of its own)."""

from __future__ import annotations

from sheets.dice import DieCode
from sheets.documents import (
    Ability,
    Character,
    Combatant,
    Encounter,
    HouseRules,
    Side,
    Skill,
)
from sheets.encounter import Engine
from sheets.storage import CampaignFolder, dump_document, open_campaign
from tests.locations import SAMPLE


def fighter(
    name: str,
    perception: int,
    dexterity: int = 2,
    strength: int = 3,
    length: str = "full",
    kind: str = "npc",
) -> Character:
    """A Stock sheet whose Perception (dice) orders a melee."""
    return Character(
        kind=kind,  # type: ignore[arg-type]
        name=name,
        importance="stock" if kind != "character" else "dynamic",
        encounter_length=length,  # type: ignore[arg-type]
        abilities=[
            Ability(
                name="Strength",
                code=DieCode(strength),
                skills=[Skill(name="Brawling", code=DieCode(1, 1))],
            ),
            Ability(
                name="Dexterity",
                code=DieCode(dexterity),
                skills=[Skill(name="Dodge", code=DieCode(1))],
            ),
            Ability(name="Perception", code=DieCode(perception)),
            Ability(
                name="Presence", code=DieCode(2), skills=[Skill(name="Discipline", code=DieCode(1))]
            ),
        ],
    )


def small_engine(*perceptions: int, lengths: tuple[str, ...] = ()) -> Engine:
    """Combatants a, b, c... on alternating sides, melee order by the given Perception;
    started, initiative rolled, round 1 not begun yet."""
    ids = "abcdefghij"
    combatants = []
    for index, perception in enumerate(perceptions):
        length = lengths[index] if index < len(lengths) else "full"
        combatants.append(
            Combatant(
                id=ids[index],
                name=ids[index].upper(),
                side="One" if index % 2 == 0 else "Two",
                character=fighter(ids[index].upper(), perception, length=length),
            )
        )
    return started_engine(combatants)


def started_engine(combatants: list[Combatant], name: str = "Test", seed: int = 1) -> Engine:
    """``combatants`` on sides One (the players') and Two; started, initiative rolled,
    round 1 not begun yet."""
    encounter = Encounter(
        name=name,
        sides=[Side(name="One", player_side=True), Side(name="Two")],
        combatants=combatants,
    )
    engine = Engine(encounter, {}, HouseRules())
    engine.start()
    engine.roll_initiative(seed=seed)
    return engine


def crowd(count: int) -> Engine:
    """``count`` fighters C0, C1... on two sides; started, initiative rolled."""
    combatants = [
        Combatant(
            id=f"c{index}",
            name=f"C{index}",
            side="One" if index % 2 == 0 else "Two",
            character=fighter(f"C{index}", 2 + index % 3),
        )
        for index in range(count)
    ]
    return started_engine(combatants, "Crowd", seed=3)


def sample() -> CampaignFolder:
    return open_campaign(SAMPLE)


def sample_engine(encounter: str) -> tuple[Engine, CampaignFolder]:
    folder = sample()
    characters = {path: loaded.document for path, loaded in folder.characters.items()}
    document = folder.encounters[f"encounters/{encounter}.json"].document
    assert folder.campaign is not None
    return Engine(document, characters, folder.campaign.document.house_rules), folder


def snapshot(engine: Engine) -> dict[str, bytes]:
    """The saved bytes of the encounter and of every character it references."""
    out = {"encounter": dump_document(engine.encounter)}
    for path, character in engine.view.characters.items():
        out[path] = dump_document(character)
    return out


def names(engine: Engine, owner: str) -> list[str]:
    return [c.name or str(c.track) for c in engine.conditions(owner)]
