"""Which R5 tracks an element uses and where its hits land: one rule (sheets.conditions)
for the sheet, the printed sheet, the tracker and the damage roll."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheets.conditions import OBJECT_KINDS, TRACK_NAMES, hit_track, tracks_in_play
from sheets.dice import DieCode
from sheets.documents import new_character
from sheets.documents.character import CharacterKind
from sheets.encounter.resolve import damage_track

KINDS: tuple[CharacterKind, ...] = ("character", "npc", "creature", "vehicle", "object", "location")


@pytest.mark.parametrize(
    ("kind", "toughness", "tracks"),
    [
        ("character", False, ("damage", "composure")),
        ("creature", False, ("damage", "composure")),
        ("npc", True, ("composure", "body")),  # a robot resists with toughness (R9)
        ("vehicle", True, ("body",)),
        ("location", False, ("body",)),  # a thing, with or without a toughness
    ],
)
def test_tracks_in_play_under_conditions(kind: str, toughness: bool, tracks: tuple) -> None:
    assert tracks_in_play(kind, toughness) == tracks


@given(st.sampled_from(KINDS), st.booleans(), st.sampled_from(["wounds", "body_points"]))
def test_under_r10_only_composure_stays(kind: str, toughness: bool, system: str) -> None:
    expected = () if kind in OBJECT_KINDS else ("composure",)
    assert tracks_in_play(kind, toughness, system) == expected


@given(st.sampled_from(KINDS), st.booleans())
def test_hits_land_on_a_track_in_play(kind: CharacterKind, toughness: bool) -> None:
    """The damage roll (R5, R9) and the sheet agree: the hit track is always drawn."""
    sheet = new_character("X", kind)
    sheet.toughness = DieCode(2) if toughness else None
    track = damage_track(sheet)
    assert track == hit_track(kind, toughness)
    assert track in tracks_in_play(kind, toughness)
    assert set(tracks_in_play(kind, toughness)) <= set(TRACK_NAMES)
