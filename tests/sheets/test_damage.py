"""R10 OpenD6 damage alternatives as pure rules: the wound chart's bands, how wounds
accumulate, body points, and the sheet fields that keep them (omitted while default)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheets.damage import (
    DEAD,
    HEALTHY,
    INCAPACITATED,
    MORTALLY_WOUNDED,
    SEVERELY_WOUNDED,
    STUNNED,
    WOUND_CHART,
    WOUND_LEVELS,
    WOUNDED,
    add_wound,
    body_points_after,
    body_points_lost,
    body_points_out,
    default_body_points,
    resolve_body_points,
    resolve_wound,
    wound_band,
    wound_from_difference,
    wound_is_out,
    wound_name,
)
from sheets.dice import DieCode
from sheets.documents import Ability, Character, new_character
from sheets.storage import dump_document, parse_document

levels = st.integers(HEALTHY, DEAD)


@pytest.mark.parametrize(
    ("difference", "level"),
    [
        (-5, HEALTHY),
        (0, HEALTHY),  # R10 ruling: 0 or less, no effect
        (1, STUNNED),
        (3, STUNNED),
        (4, WOUNDED),
        (8, WOUNDED),
        (9, SEVERELY_WOUNDED),
        (12, SEVERELY_WOUNDED),
        (13, INCAPACITATED),
        (15, INCAPACITATED),
        (16, MORTALLY_WOUNDED),
        (40, MORTALLY_WOUNDED),
    ],
)
def test_the_wound_chart_bands(difference: int, level: int) -> None:
    assert wound_from_difference(difference) == level


def test_the_chart_is_one_table_in_order() -> None:
    lowest = [row[0] for row in WOUND_CHART]
    assert lowest == sorted(lowest, reverse=True)
    assert [wound_band(level) for level in range(HEALTHY, DEAD)] == [
        "0 or less",
        "1-3",
        "4-8",
        "9-12",
        "13-15",
        "16+",
    ]
    assert wound_band(DEAD) == "no band"  # only a second mortal wound kills
    assert WOUND_LEVELS[DEAD] == "Dead" and wound_name(99) == "Dead" and wound_name(-1) == "Healthy"


@pytest.mark.parametrize(
    ("current", "new", "after"),
    [
        (HEALTHY, HEALTHY, HEALTHY),  # no wound: nothing changes
        (WOUNDED, HEALTHY, WOUNDED),
        (HEALTHY, STUNNED, STUNNED),
        (STUNNED, WOUNDED, WOUNDED),  # worse replaces
        (STUNNED, INCAPACITATED, INCAPACITATED),
        (WOUNDED, WOUNDED, SEVERELY_WOUNDED),  # equal: one level worse
        (SEVERELY_WOUNDED, STUNNED, INCAPACITATED),  # lesser: one level worse
        (STUNNED, STUNNED, WOUNDED),
        (MORTALLY_WOUNDED, MORTALLY_WOUNDED, DEAD),  # mortally wounded again: dead
        (MORTALLY_WOUNDED, STUNNED, DEAD),
        (DEAD, MORTALLY_WOUNDED, DEAD),
    ],
)
def test_wounds_accumulate_the_opend6_way(current: int, new: int, after: int) -> None:
    assert add_wound(current, new) == after


@given(levels, st.integers(-10, 40))
def test_a_wound_never_heals_and_at_most_jumps_to_the_chart(current: int, diff: int) -> None:
    result = resolve_wound(current, diff)
    assert current <= result.after <= DEAD
    assert result.after == current or result.after >= result.wound
    if result.wound == HEALTHY:
        assert result.after == current
    elif result.wound <= current < DEAD:
        assert result.after == current + 1


@given(st.lists(st.integers(-5, 30), max_size=12))
def test_enough_hits_always_end_the_fight(differences: list[int]) -> None:
    level = HEALTHY
    for difference in differences:
        level = resolve_wound(level, difference).after
    hits = sum(1 for d in differences if d > 0)
    assert level >= min(hits, DEAD)  # every hit moves the level at least one step
    assert wound_is_out(level) == (level >= INCAPACITATED)


def test_wound_words_name_the_chart_the_level_and_out_of_action() -> None:
    assert resolve_wound(HEALTHY, 0).words("Kara") == "wound chart 0: no effect; Kara stays Healthy"
    assert resolve_wound(HEALTHY, 6).words("Kara") == (
        "wound chart 6: Wounded; Kara is now Wounded"
    )
    again = resolve_wound(WOUNDED, 2)
    assert again.words("Kara") == (
        "wound chart 2: Stunned; Kara is now Severely Wounded (was Wounded: one level worse)"
    )
    out = resolve_wound(HEALTHY, 14)
    assert out.out and out.words("Kara").endswith("-- out of action (R10)")


# --- body points --------------------------------------------------------------------------


def test_body_points_lose_the_damage_less_armour_never_below_zero() -> None:
    assert body_points_lost(12, 4) == 8
    assert body_points_lost(3, 9) == 0  # armour stops it all
    assert body_points_after(10, 8) == 2
    assert body_points_after(5, 8) == 0  # ruling: the pool never goes below 0
    assert body_points_out(0) and not body_points_out(1)
    assert default_body_points(9) == 29  # ruling: 20 + fixed value of Strength 3D
    hit = resolve_body_points(15, 3, 30, 30)
    assert (hit.lost, hit.before, hit.after, hit.out) == (12, 30, 18, False)
    assert hit.words("Kara") == "Kara loses 12 body points: 18/30 left"
    last = resolve_body_points(20, 0, 5, 30)
    assert (
        last.out
        and last.words("Kara") == "Kara loses 20 body points: 0/30 left -- out of action (R10)"
    )
    assert resolve_body_points(2, 5, 7, 30).words("Kara") == "no body points lost; Kara has 7/30"


@given(st.integers(0, 200), st.integers(-10, 100), st.integers(0, 500), st.integers(1, 500))
def test_body_points_never_grow_and_never_go_negative(
    damage: int, armour: int, current: int, maximum: int
) -> None:
    hit = resolve_body_points(damage, armour, current, maximum)
    assert 0 <= hit.after <= current
    assert hit.before - hit.after == min(current, hit.lost)
    assert hit.out == (hit.after == 0)


# --- the sheet fields ---------------------------------------------------------------------


def test_the_sheet_keeps_wounds_and_body_points_and_omits_them_while_default() -> None:
    sheet = new_character("Kara")
    plain = dump_document(sheet)
    assert b"wound_level" not in plain and b"body_points" not in plain
    assert sheet.body_points_maximum() == 26  # 20 + Strength 2D (fixed 6)
    assert sheet.body_points_left() == 26
    sheet.wound_level = WOUNDED
    sheet.body_points_max = 30
    sheet.body_points = 12
    data = dump_document(sheet)
    assert b'"wound_level": 2' in data and b'"body_points_max": 30' in data
    again, _ = parse_document(data)
    assert isinstance(again, Character)
    assert (again.wound_level, again.body_points_max, again.body_points) == (2, 30, 12)
    assert again.body_points_left() == 12
    # Back to the defaults: the very bytes of the untouched sheet.
    sheet.wound_level, sheet.body_points_max, sheet.body_points = 0, None, None
    assert dump_document(sheet) == plain


def test_the_default_pool_follows_toughness_then_strength() -> None:
    tank = new_character("Tank", "vehicle")
    assert tank.toughness == DieCode(2)
    assert tank.body_points_maximum() == 26  # 20 + toughness 2D
    nobody = Character(name="Ghost", kind="npc", importance="stock", abilities=[])
    assert nobody.body_points_maximum() == 20
    strong = Character(
        name="Ox", kind="npc", importance="stock", abilities=[Ability(name="Strength", code="4D+2")]
    )
    assert strong.body_points_maximum() == 34


@pytest.mark.parametrize(
    ("field", "value"), [("wound_level", 7), ("wound_level", -1), ("body_points", -1)]
)
def test_the_sheet_refuses_impossible_values(field: str, value: int) -> None:
    sheet = new_character("Kara")
    with pytest.raises(ValueError):
        setattr(sheet, field, value)
    with pytest.raises(ValueError):
        sheet.body_points_max = 0
