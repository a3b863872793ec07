"""How a campaign rolls a check (R3 settings and its game's success counting): one object
the dice panel, the sheet's Chance column and a sheet's roll all read."""

from __future__ import annotations

from sheets.dice import CheckDefaults, DieCode, RollSpec
from sheets.documents import Campaign, HouseRules
from sheets.results import SUCCESS_DIFFICULTIES, default_difficulty


def test_the_defaults_are_the_rules_own() -> None:
    assert CheckDefaults().spec(DieCode.parse("3D+1")) == RollSpec(code="3D+1")


def test_a_campaign_rolls_with_its_house_rules() -> None:
    campaign = Campaign(
        title="Pulp", house_rules=HouseRules(wild_dice=2, critical_failure="drop_highest")
    )
    assert campaign.check_defaults() == CheckDefaults(2, "drop_highest", False)
    spec = campaign.check_defaults().spec(DieCode.parse("4D"))
    assert (spec.wild_dice, spec.critical_failure, spec.count_successes) == (
        2,
        "drop_highest",
        False,
    )


def test_d6_legend_counts_successes_on_checks_not_on_effect_rolls() -> None:
    """R3: the game's mode makes checks count successes; an effect roll (R4: damage,
    against nothing) stays a total (our ruling)."""
    campaign = Campaign(title="Legend", game_template="d6_legend")
    defaults = campaign.check_defaults()
    assert defaults.count_successes
    assert defaults.spec(DieCode.parse("5D")).count_successes
    assert not defaults.spec(DieCode.parse("3D"), effect=True).count_successes


def test_an_edited_copy_of_a_game_decides_too() -> None:
    legend = Campaign(title="x", game_template="d6_legend").template()
    copy = legend.model_copy(update={"dice_mode": "pips"})
    assert not Campaign(title="x", custom_template=copy).check_defaults().count_successes


def test_a_chance_starts_at_moderate_or_four_successes() -> None:
    assert default_difficulty(False) == 15  # R4 Moderate
    assert default_difficulty(True) == 4 and 4 in SUCCESS_DIFFICULTIES  # R3: typically 3-5
