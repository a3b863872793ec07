"""The sample campaign shipped as the app's default: complete, valid, and true to the rules."""

from __future__ import annotations

import pytest

from sheets.dice import DieCode
from sheets.documents import Character
from sheets.skills import check_dice
from sheets.storage import CampaignFolder, check_path, dump_document, open_campaign
from tests.locations import SAMPLE


@pytest.fixture(scope="module")
def campaign() -> CampaignFolder:
    return open_campaign(SAMPLE)


def by_name(campaign: CampaignFolder, name: str) -> Character:
    found = [c.document for c in campaign.characters.values() if c.document.name == name]
    assert len(found) == 1, name
    return found[0]


def test_the_whole_campaign_loads_without_problems(campaign: CampaignFolder) -> None:
    assert campaign.problems == []
    assert campaign.campaign is not None
    assert campaign.campaign.document.title == "The Drowned Valley"
    assert len(campaign.characters) >= 13 and len(campaign.encounters) == 2


def test_every_file_is_saved_in_canonical_form(campaign: CampaignFolder) -> None:
    # Load -> save gives identical bytes, so opening the sample never dirties it.
    loaded = [campaign.campaign, *campaign.characters.values(), *campaign.encounters.values()]
    for item in loaded:
        assert dump_document(item.document) == item.path.read_bytes(), item.path


def test_every_file_passes_validate() -> None:
    checked, problems = check_path(SAMPLE)
    assert problems == []
    assert checked == 1 + len(list((SAMPLE / "characters").glob("*.json"))) + 2
    for file in SAMPLE.rglob("*.json"):
        assert check_path(file) == (1, []), file


def test_four_full_player_characters(campaign: CampaignFolder) -> None:
    pcs = [c.document for c in campaign.characters.values() if c.document.kind == "character"]
    assert len(pcs) >= 4
    for pc in pcs:
        assert pc.importance == "dynamic" and pc.player  # R2
        assert [a.name for a in pc.abilities][:6] == [
            "Strength",
            "Dexterity",
            "Presence",
            "Wits",
            "Intelligence",
            "Perception",
        ]
        assert sum(len(a.skills) for a in pc.abilities) >= 8
        assert sum(len(s.specializations) for a in pc.abilities for s in a.skills) >= 3
        assert pc.weapons and len(pc.hooks) >= 2 and pc.background  # R7 hooks
        assert pc.action_points == 1  # R7: a session starts with 1


def test_npcs_mix_dynamic_and_stock_and_encounter_lengths(campaign: CampaignFolder) -> None:
    npcs = [c.document for c in campaign.characters.values() if c.document.kind == "npc"]
    assert len(npcs) >= 6
    assert {n.importance for n in npcs} == {"dynamic", "stock"}  # R2
    assert len({n.encounter_length for n in npcs}) >= 3  # R5
    assert any(a.extranormal for n in npcs for a in n.abilities)  # R2 extranormal


def test_a_creature_with_a_fear_rating(campaign: CampaignFolder) -> None:
    creatures = [c.document for c in campaign.characters.values() if c.document.kind == "creature"]
    assert any(c.fear_rating > 0 for c in creatures)  # R8


def test_the_r9_tank_and_bulldozer_are_as_the_rules_describe(campaign: CampaignFolder) -> None:
    tank = by_name(campaign, 'Company Tank "Gerda"')
    dozer = by_name(campaign, "Dam-site Bulldozer")
    gun = tank.weapons[0]
    assert (gun.damage, gun.penetration, gun.performance_level) == (DieCode(8), DieCode(2), 3)
    assert tank.toughness == DieCode(8) and tank.performance_level == 3
    assert (tank.armour.front, tank.armour.side, tank.armour.rear) == (
        DieCode(3),
        DieCode(1),
        DieCode(0, 1),
    )
    assert dozer.toughness == DieCode(8) and dozer.performance_level == 0
    assert (dozer.armour.front, dozer.armour.side, dozer.armour.rear) == (
        DieCode(2),
        DieCode(),
        DieCode(),
    )
    ram = dozer.weapons[0]
    assert ram.damage == DieCode(8) and ram.performance_level == 0

    # R9 worked example, from the sheets: penetration removes armour (never toughness), the
    # PL difference comes off the lower side's roll.
    def resistance(target: Character, facing: str, penetration: DieCode) -> DieCode:
        armour: DieCode = getattr(target.armour, facing)
        assert target.toughness is not None
        return target.toughness + max(DieCode(), armour - penetration)

    assert resistance(dozer, "front", gun.penetration) == DieCode(8)  # 8D against 8D
    assert gun.performance_level - dozer.performance_level == 3  # bulldozer's roll -3
    assert resistance(tank, "rear", ram.penetration) == DieCode(8, 1)  # 8D against 8D+1
    assert tank.performance_level - ram.performance_level == 3  # the damage roll -3


def test_two_encounters_ready_to_run(campaign: CampaignFolder) -> None:
    encounters = {e.document.name: e.document for e in campaign.encounters.values()}
    skirmish = encounters["Brawl at the Pump House"]
    debate = encounters["The Council Debate"]
    assert (skirmish.scene_type, skirmish.tactical_type) == ("tactical", "melee")  # R6
    assert (debate.scene_type, debate.tactical_type) == ("tactical", "debate")  # R6
    assert debate.goal and debate.limit and debate.clock is not None  # R6 goal, limit, clock
    for encounter in (skirmish, debate):
        assert encounter.state == "setup"
        assert any(side.player_side for side in encounter.sides)
        for combatant in encounter.combatants:
            if combatant.character_file is not None:
                assert campaign.character(combatant.character_file) is not None
    inline = [c for c in skirmish.combatants if c.character is not None]
    assert len(inline) == 3 and all(c.character.importance == "stock" for c in inline)  # type: ignore[union-attr]
    assert all(campaign.character(c.template) is not None for c in inline)  # type: ignore[arg-type]


def test_sample_characters_make_the_checks_players_expect(campaign: CampaignFolder) -> None:
    greta = by_name(campaign, 'Dr. Margarethe "Greta" Vance')
    assert check_dice(greta, "Research", "Archaeology").describe() == (
        "Intelligence 4D + Research 2D + Archaeology 2D = 8D"
    )
    jack = by_name(campaign, "Jack Calloway")
    assert check_dice(jack, "Piloting", "Biplanes").code == DieCode(7)
