"""The R5 condition tables as data: track levels, attitude and willpower, status conditions.

Documents validate against these tables now; the encounter engine reads the same tables
later, so each table lives here once. Identifiers are the lowercase words stored in
files; display names are what the sheet shows.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

# R5: discrete (a second creation is ignored), progressive (a new one replaces the related
# one), cumulative (each instance created and removed on its own, effects added).
ConditionKind = Literal["discrete", "progressive", "cumulative"]
CONDITION_KINDS: Final[tuple[ConditionKind, ...]] = get_args(ConditionKind)

# R5: the three cumulative condition tracks. Damage resists with Strength, composure with
# discipline or insight, body (objects, vehicles) with toughness.
TrackName = Literal["damage", "composure", "body"]
TRACK_NAMES: Final[tuple[TrackName, ...]] = get_args(TrackName)

OBJECT_KINDS: Final = frozenset({"vehicle", "object", "location"})
"""R5: the elements that are things: body hits (vs toughness), no composure to shake."""


def hit_track(kind: str, has_toughness: bool) -> TrackName:
    """R5: the track a damage hit lands on: body for things and for anything that resists
    with toughness (R9); damage for people and creatures (vs Strength)."""
    return "body" if kind in OBJECT_KINDS or has_toughness else "damage"


def tracks_in_play(
    kind: str, has_toughness: bool, damage_system: str = "conditions"
) -> tuple[TrackName, ...]:
    """R5: the tracks an element uses: the one its hits land on, and composure for people
    and creatures. R10: under wounds or body points hits go there instead, so only
    composure stays in play."""
    wanted: set[TrackName] = set() if kind in OBJECT_KINDS else {"composure"}
    if damage_system == "conditions":
        wanted.add(hit_track(kind, has_toughness))
    return tuple(track for track in TRACK_NAMES if track in wanted)


OUT_OF_ACTION: Final = 5  # R5: level 5 of every track
OUT_OF_ACTION_NAME: Final = "Out of Action"

# R5: level names 0..5 of each track.
TRACK_LEVELS: Final[dict[TrackName, tuple[str, ...]]] = {
    "damage": ("Normal", "Stunned", "Hurt", "Wounded", "Incapacitated", OUT_OF_ACTION_NAME),
    "composure": (
        "Normal",
        "Startled",
        "Disoriented",
        "Discouraged",
        "Demoralized",
        OUT_OF_ACTION_NAME,
    ),
    "body": ("Normal", "Defaced", "Disrupted", "Damaged", "Broken", OUT_OF_ACTION_NAME),
}

# R5: encounter length, per element: the number of ranks that puts it Out of Action.
EncounterLength = Literal["brief", "moderate", "lengthy", "full"]
ENCOUNTER_LENGTHS: Final[tuple[EncounterLength, ...]] = get_args(EncounterLength)
OUT_OF_ACTION_AT: Final[dict[EncounterLength, int]] = {
    "brief": 2,
    "moderate": 3,
    "lengthy": 4,
    "full": OUT_OF_ACTION,  # the default for Dynamic characters
}


def track_level(ranks: int, encounter_length: EncounterLength = "full") -> int:
    """The track level for the summed ranks of its instances (R5 ruling).

    The level is the sum of the instances' ranks, capped at Out of Action; an element with
    a shorter encounter length goes Out of Action sooner, so its level jumps to 5 there.
    """
    if ranks <= 0:
        return 0
    if ranks >= OUT_OF_ACTION_AT[encounter_length]:
        return OUT_OF_ACTION
    return ranks


def track_level_name(
    track: TrackName, ranks: int, encounter_length: EncounterLength = "full"
) -> str:
    """The name of the level the summed ranks reach on a track (R5): ``Hurt``, ``Broken``..."""
    return TRACK_LEVELS[track][track_level(ranks, encounter_length)]


# R5: attitude and willpower are progressive; each level modifies discipline and insight
# resistance. Ordered from -15 to +15.
Attitude = Literal[
    "helpful", "friendly", "cooperative", "neutral", "uncooperative", "unfriendly", "hostile"
]
Willpower = Literal["broken", "stressed", "pressured", "neutral", "engaged", "focused", "centered"]
ATTITUDES: Final[tuple[Attitude, ...]] = get_args(Attitude)
WILLPOWERS: Final[tuple[Willpower, ...]] = get_args(Willpower)
_RESISTANCE_STEPS: Final = (-15, -10, -5, 0, 5, 10, 15)
ATTITUDE_MODIFIERS: Final[dict[Attitude, int]] = dict(
    zip(ATTITUDES, _RESISTANCE_STEPS, strict=True)
)
WILLPOWER_MODIFIERS: Final[dict[Willpower, int]] = dict(
    zip(WILLPOWERS, _RESISTANCE_STEPS, strict=True)
)


def display_name(identifier: str) -> str:
    """``"uncooperative"`` -> ``"Uncooperative"``: how the sheet writes a level."""
    return identifier.replace("_", " ").capitalize()


# R5: status conditions measure quantity or time; progressive; each has four test levels
# (difficulty 9, 12, 15, 18) and a last level with no test. A failed test moves one level
# down, never more; a success stays.
StatusScale = Literal["effect", "quantity", "duration", "coverage"]
STATUS_SCALES: Final[tuple[StatusScale, ...]] = get_args(StatusScale)
STATUS_LEVELS: Final[dict[StatusScale, tuple[str, ...]]] = {
    "effect": ("Full Effect", "3/4 Effect", "1/2 Effect", "1/4 Effect", "No Effect"),
    "quantity": ("Full", "Heavy", "Light", "Depleted", "Empty"),
    "duration": ("Full", "Waning", "Fading", "Diminished", "Expired"),
    "coverage": ("Full", "Covered", "Partial", "Exposed", "Vanished"),
}
STATUS_TEST_DIFFICULTIES: Final[tuple[int, ...]] = (9, 12, 15, 18)
LAST_STATUS_LEVEL: Final = len(STATUS_TEST_DIFFICULTIES)  # 4: nothing left to test


def status_test_difficulty(level: int) -> int | None:
    """The difficulty of testing a status at ``level`` (R5); None once it has run out."""
    if 0 <= level < len(STATUS_TEST_DIFFICULTIES):
        return STATUS_TEST_DIFFICULTIES[level]
    return None


def status_level_name(scale: StatusScale, level: int) -> str:
    """``status_level_name("quantity", 2)`` is ``"Light"`` (R5)."""
    return STATUS_LEVELS[scale][level]
