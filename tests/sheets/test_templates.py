"""Game templates (issue 15): the built-in games, the creation budget, derived values."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheets.dice import DieCode
from sheets.documents import Character
from sheets.templates import (
    BUILTIN_TEMPLATES,
    GameTemplate,
    builtin_template,
    count_creation,
    strength_damage,
)
from sheets.templates.creation import code_of, create_character

ADVENTURE = builtin_template("opend6_adventure")


@pytest.mark.parametrize("template", BUILTIN_TEMPLATES, ids=lambda t: t.id)
def test_builtin_template_is_valid_and_adds_up(template: GameTemplate) -> None:
    assert GameTemplate.model_validate(template.model_dump()) == template
    lowest = sum(a.min_pips for a in template.attributes)
    highest = sum(a.max_pips for a in template.attributes)
    # The budget can be spent without breaking a limit.
    assert lowest <= template.budget.attribute_pips <= highest
    skills = [s.casefold() for a in template.attributes for s in a.skills]
    assert len(skills) == len(set(skills))
    assert template.attribute(template.strength_attribute) is not None
    assert count_creation(template, {}, {}).ok


def test_builtin_ids_are_unique() -> None:
    assert len({t.id for t in BUILTIN_TEMPLATES}) == len(BUILTIN_TEMPLATES) == 5


def test_opend6_adventure_budget_is_18d_and_7d() -> None:
    assert ADVENTURE is not None
    assert ADVENTURE.budget.attribute_pips == 54 and ADVENTURE.budget.skill_pips == 21
    extranormal = [a.name for a in ADVENTURE.attributes if a.extranormal]
    assert extranormal == ["Magic"]


def test_d6_legend_records_success_counting() -> None:
    legend = builtin_template("d6_legend")
    assert legend is not None and legend.dice_mode == "success_counting"
    assert "every die showing 3+ is one success" in legend.notes


def test_a_skill_twice_is_refused() -> None:
    data = ADVENTURE.model_dump() if ADVENTURE else {}
    data["attributes"][1]["skills"].append("Dodge")
    with pytest.raises(ValueError, match="two attributes"):
        GameTemplate.model_validate(data)


def test_over_budget_and_over_limit_are_said_in_words() -> None:
    assert ADVENTURE is not None
    count = count_creation(ADVENTURE, {"Reflexes": 18, "Physique": 40}, {"Dodge": 9})
    assert count.attribute_left < 0
    assert any("Reflexes is above its highest, 5D" in p for p in count.problems)
    assert any("Dodge gets more than 2D" in p for p in count.problems)
    assert any("too many in attributes" in p for p in count.problems)


@given(
    attributes=st.lists(st.integers(0, 18), min_size=7, max_size=7),
    skills=st.dictionaries(st.sampled_from(["Dodge", "Sneak", "Search"]), st.integers(0, 9)),
)
def test_dice_left_is_the_budget_minus_what_was_put_in(
    attributes: list[int], skills: dict[str, int]
) -> None:
    assert ADVENTURE is not None
    chosen = {a.name: pips for a, pips in zip(ADVENTURE.attributes, attributes, strict=True)}
    count = count_creation(ADVENTURE, chosen, skills)
    assert count.attribute_left == 54 - sum(attributes)
    assert count.skill_left == 21 - sum(skills.values())
    assert count.ok == (
        count.attribute_left >= 0
        and count.skill_left >= 0
        and all(p <= 6 for p in skills.values())
        and all(
            a.min_pips <= p <= a.max_pips
            for a, p in zip(ADVENTURE.attributes, attributes, strict=True)
        )
    )


@pytest.mark.parametrize(
    ("code", "damage"),
    [(DieCode(1), DieCode(1)), (DieCode(3, 2), DieCode(2)), (DieCode(4), DieCode(2))],
)
def test_strength_damage_halves_the_dice_rounding_up(code: DieCode, damage: DieCode) -> None:
    assert strength_damage(code) == damage


def test_created_character_has_the_choice_and_derived_values() -> None:
    assert ADVENTURE is not None
    character = create_character(
        ADVENTURE, "Kara", {"Physique": 12, "Reflexes": 10}, {"Dodge": 6, "Search": 0}
    )
    assert isinstance(character, Character)
    assert character.game == "OpenD6 Adventure" and character.move == 10
    reflexes = character.ability("Reflexes")
    assert reflexes is not None and reflexes.code == code_of(10) == DieCode(3, 1)
    assert [s.name for s in reflexes.skills] == ["Dodge"]
    # R10 body points: 20 + the fixed value of Physique (4D = 12).
    assert character.body_points_maximum() == 32
    magic = character.ability("Magic")
    assert magic is not None and magic.extranormal and magic.code == DieCode(0)


def test_sheet_without_a_game_keeps_its_bytes() -> None:
    from sheets.documents import new_character

    data = new_character("Old").model_dump(mode="json")
    assert "game" not in data and "move" not in data


def test_campaign_plays_its_copy_before_the_builtin() -> None:
    from sheets.documents import Campaign

    campaign = Campaign(title="Tales", game_template="opend6_space")
    assert campaign.template().name == "OpenD6 Space"
    assert "game_template" in campaign.model_dump(mode="json")
    copy = campaign.template().model_copy(update={"name": "Our Space", "move": 12})
    edited = Campaign.model_validate(
        campaign.model_copy(update={"custom_template": copy}).model_dump(mode="json")
    )
    assert edited.template().name == "Our Space" and edited.template().move == 12
    assert "custom_template" not in Campaign(title="Old").model_dump(mode="json")


@pytest.mark.parametrize(
    "first", ["sheets.templates", "sheets.documents", "sheets.templates.model"]
)
def test_each_module_imports_first_in_a_fresh_interpreter(first: str) -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", f"import {first}"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
