"""Property tests: random documents round-trip byte for byte; damaged files never crash.

Hypothesis builds valid characters, encounters and campaigns (with unknown fields mixed
in), mutates valid files, and throws random bytes at the loader.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheets.conditions import (
    ATTITUDES,
    CONDITION_KINDS,
    ENCOUNTER_LENGTHS,
    STATUS_SCALES,
    TRACK_NAMES,
    WILLPOWERS,
)
from sheets.dice import DieCode
from sheets.documents import CHARACTER_KINDS, Campaign, Character, Document, Encounter, EngineState
from sheets.results import Duration
from sheets.storage import (
    DocumentError,
    SaveError,
    dump_document,
    load_character,
    parse_document,
    save_document,
)
from tests import locations
from tests.locations import SAMPLE

FIXTURES = locations.FIXTURES / "documents" / "v1"
VALID_FILES = sorted([*SAMPLE.rglob("*.json"), *FIXTURES.glob("*.json")])

FAST = settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow], deadline=None)

# --- strategies for valid documents ----------------------------------------------------------

_name_chars = st.characters(categories=("L", "N"), include_characters=" -'.\"&/é")
names = st.text(_name_chars, min_size=1, max_size=16).map(str.strip).filter(bool)
texts = st.text(st.characters(codec="utf-8"), max_size=30)
codes = st.integers(0, 40).map(DieCode.from_pips).map(str)
small = st.integers(0, 20)
ENGINE_STATE_FIELDS = frozenset(EngineState.model_fields)
ids = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz0123456789-_"), min_size=1, max_size=10)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**53), 2**53)
    | st.floats(allow_nan=False, allow_infinity=False)
    | texts,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)
# Unknown fields, as a newer minor version would write them (never a known field's name).
extras = st.dictionaries(st.text(max_size=8).map(lambda k: f"x_{k}"), json_values, max_size=2)


def unique_by_name(item: st.SearchStrategy[dict[str, Any]], size: int) -> Any:
    return st.lists(item, max_size=size, unique_by=lambda d: str(d["name"]).casefold())


def with_extras(fields: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    return st.tuples(extras, fields).map(lambda pair: {**pair[0], **pair[1]})


specializations = with_extras(
    st.fixed_dictionaries({"name": names, "code": codes, "trained_only": st.booleans()})
)
skills = with_extras(
    st.fixed_dictionaries(
        {
            "name": names,
            "code": codes,
            "trained_only": st.booleans(),
            "specializations": unique_by_name(specializations, 2),
            "notes": texts,
        }
    )
)
abilities = with_extras(
    st.fixed_dictionaries(
        {
            "name": names,
            "code": codes,
            "extranormal": st.booleans(),
            "skills": unique_by_name(skills, 3),
        }
    )
)
weapons = with_extras(
    st.fixed_dictionaries(
        {
            "name": names,
            "skill": names,
            "damage": codes,
            "penetration": codes,
            "performance_level": st.integers(0, 20),
            "scale": st.integers(-100, 100),
        }
    )
)


@st.composite
def condition_instances(draw: st.DrawFn) -> dict[str, Any]:
    track = draw(st.none() | st.sampled_from(TRACK_NAMES))
    duration = draw(st.sampled_from(list(Duration)))
    return {
        "id": draw(ids),
        "name": draw(names) if track is None else draw(st.just("") | names),
        "kind": "cumulative" if track else draw(st.sampled_from(CONDITION_KINDS)),
        "track": track,
        "ranks": draw(st.integers(1, 5 if track else 6)),
        "duration": duration,
        "remaining_rounds": draw(st.integers(0, 6)) if duration == "rounds" else None,
        "created_round": draw(st.none() | small),
        "source": draw(texts),
        **draw(extras),
    }


statuses = st.fixed_dictionaries(
    {"name": names, "scale": st.sampled_from(STATUS_SCALES), "level": st.integers(0, 4)}
)
condition_states = with_extras(
    st.fixed_dictionaries(
        {
            "attitude": st.sampled_from(ATTITUDES),
            "willpower": st.sampled_from(WILLPOWERS),
            "statuses": unique_by_name(statuses, 2),
            "instances": st.lists(condition_instances(), max_size=3, unique_by=lambda d: d["id"]),
        }
    )
)


@st.composite
def characters(draw: st.DrawFn, stock_only: bool = False) -> dict[str, Any]:
    kind = draw(st.sampled_from(CHARACTER_KINDS))
    importance = "dynamic" if kind == "character" else draw(st.sampled_from(["dynamic", "stock"]))
    if stock_only:
        kind, importance = draw(st.sampled_from(["npc", "creature"])), "stock"
    return {
        "schema_version": "1.0",
        "kind": kind,
        "name": draw(names),
        "player": draw(st.just("") | names),
        "importance": importance,
        "background": draw(texts),
        "hooks": draw(st.lists(texts.filter(str.strip), max_size=2)),
        "abilities": draw(unique_by_name(abilities, 4)),
        "action_points": draw(small),
        "fame": draw(small),
        "fear_rating": draw(small),
        "encounter_length": draw(st.sampled_from(ENCOUNTER_LENGTHS)),
        "conditions": draw(condition_states),
        "weapons": draw(unique_by_name(weapons, 2)),
        "armour": {"front": draw(codes), "side": draw(codes), "rear": draw(codes)},
        "toughness": draw(st.none() | codes),
        "scale": draw(st.integers(-100, 100)),
        **draw(extras),
    }


@st.composite
def encounters(draw: st.DrawFn) -> dict[str, Any]:
    sides = draw(st.lists(names, min_size=1, max_size=3, unique_by=str.casefold))
    combatant_ids = draw(st.lists(ids, max_size=4, unique=True))
    combatants = []
    for cid in combatant_ids:
        inline = draw(st.booleans())
        combatants.append(
            {
                "id": cid,
                "name": draw(names),
                "side": draw(st.sampled_from(sides)),
                "character_file": None if inline else f"characters/{cid}.json",
                "character": draw(characters(stock_only=True)) if inline else None,
                "initiative": draw(st.none() | small),
                "conditions": draw(
                    st.lists(condition_instances(), max_size=2, unique_by=lambda d: d["id"])
                ),
                "conceded": draw(st.booleans()),
                **draw(extras),
            }
        )
    order = draw(st.permutations(combatant_ids))
    return {
        "schema_version": "1.0",
        "kind": "encounter",
        "name": draw(names),
        "scene_type": draw(st.sampled_from(["quick", "dramatic", "tactical"])),
        "sides": [{"name": s, "player_side": draw(st.booleans())} for s in sides],
        "combatants": combatants,
        "round": draw(small),
        "turn_order": list(order),
        "current_turn": draw(st.integers(0, max(0, len(order) - 1))),
        "log": draw(
            st.lists(
                st.fixed_dictionaries(
                    {
                        "round": small,
                        "text": texts,
                        "data": st.dictionaries(st.text(max_size=5), json_values, max_size=2),
                    }
                ),
                max_size=3,
            )
        ),
        # Keys an older engine wrote (or any other) are kept beside the typed ones.
        "engine_state": draw(
            st.dictionaries(
                st.text(max_size=5).filter(lambda k: k not in ENGINE_STATE_FIELDS),
                json_values,
                max_size=2,
            )
            | st.fixed_dictionaries(
                {},
                optional={
                    "next_check": st.integers(1, 99),
                    "fear": st.dictionaries(names, st.lists(names, max_size=2), max_size=2),
                    "reordered_in_round": st.none() | small,
                },
            )
        ),
        **draw(extras),
    }


campaigns = st.fixed_dictionaries(
    {
        "schema_version": st.just("1.0"),
        "kind": st.just("campaign"),
        "title": names,
        "house_rules": with_extras(
            st.fixed_dictionaries(
                {
                    "wild_dice": st.integers(0, 10),
                    "critical_failure": st.sampled_from(["complication", "zero", "drop_highest"]),
                    "damage_system": st.sampled_from(["conditions", "wounds", "body_points"]),
                    "initiative_ability": names,
                }
            )
        ),
        "session": small,
    }
).flatmap(lambda d: extras.map(lambda e: {**e, **d}))

MODEL_OF = {"character": Character, "encounter": Encounter, "campaign": Campaign}


def assert_round_trip(raw: dict[str, Any], model: type[Document]) -> None:
    document = model.model_validate(raw)
    first = dump_document(document)
    again, migrated = parse_document(first)
    assert migrated is None
    assert again == document
    assert dump_document(again) == first
    # Unknown fields survive, wherever they were.
    assert json.loads(first) == json.loads(dump_document(model.model_validate(json.loads(first))))


@FAST
@given(characters())
def test_random_characters_round_trip(raw: dict[str, Any]) -> None:
    assert_round_trip(raw, Character)
    for key, value in raw.items():
        if key.startswith("x_"):
            assert json.loads(dump_document(Character.model_validate(raw)))[key] == value


@settings(FAST, max_examples=40)
@given(encounters())
def test_random_encounters_round_trip(raw: dict[str, Any]) -> None:
    assert_round_trip(raw, Encounter)


@FAST
@given(campaigns)
def test_random_campaigns_round_trip(raw: dict[str, Any]) -> None:
    assert_round_trip(raw, Campaign)


# --- damaged files ---------------------------------------------------------------------------


def assert_loads_or_explains(data: bytes) -> None:
    """The loader's contract: a document, or DocumentError with readable lines. Nothing else."""
    try:
        document, _ = parse_document(data, source="f.json")
    except DocumentError as error:
        assert error.problems
        for problem in error.problems:
            line = str(problem)
            assert line.startswith("f.json: ")
            assert "\n" not in line and "Traceback" not in line
            assert problem.message.strip()
        return
    # If it loaded, it saves, and what it saves loads to the same document.
    first = dump_document(document)
    again, _ = parse_document(first)
    assert dump_document(again) == first


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=600))
def test_random_bytes_never_crash_the_loader(data: bytes) -> None:
    assert_loads_or_explains(data)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=200).map(lambda b: b'{"schema_version": "1.0", "kind": "character"' + b))
def test_random_tails_never_crash_the_loader(data: bytes) -> None:
    assert_loads_or_explains(data)


@st.composite
def byte_mutations(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(st.sampled_from(VALID_FILES)).read_bytes())
    for _ in range(draw(st.integers(1, 4))):
        position = draw(st.integers(0, len(data)))
        action = draw(st.sampled_from(["delete", "insert", "flip", "truncate"]))
        if action == "delete":
            del data[position : position + draw(st.integers(1, 20))]
        elif action == "insert":
            data[position:position] = draw(st.binary(min_size=1, max_size=8))
        elif action == "flip" and position < len(data):
            data[position] ^= 1 << draw(st.integers(0, 7))
        else:
            del data[position:]
    return bytes(data)


@settings(max_examples=150, deadline=None)
@given(byte_mutations())
def test_damaged_bytes_never_crash_the_loader(data: bytes) -> None:
    assert_loads_or_explains(data)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*prefix, index))
    return found


@st.composite
def json_mutations(draw: st.DrawFn) -> bytes:
    raw = json.loads(draw(st.sampled_from(VALID_FILES)).read_bytes())
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(raw)))
        if not path:
            continue
        parent = raw
        for key in path[:-1]:
            parent = parent[key]
        action = draw(st.sampled_from(["replace", "delete", "duplicate"]))
        if action == "replace":
            parent[path[-1]] = draw(
                json_values | st.sampled_from(["3X", "-1D", "", "2D+7", -1, 10**30])
            )
        elif action == "delete":
            del parent[path[-1]]
        elif isinstance(parent, list):
            parent.append(parent[path[-1]])
    return json.dumps(raw, ensure_ascii=draw(st.booleans())).encode()


@settings(max_examples=200, deadline=None)
@given(json_mutations())
def test_damaged_documents_never_crash_the_loader(data: bytes) -> None:
    assert_loads_or_explains(data)


# --- interrupted saves -----------------------------------------------------------------------


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(first=characters(), second=characters(), crash_at=st.sampled_from(["fsync", "replace"]))
def test_a_crash_during_save_keeps_the_old_file(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    first: dict[str, Any],
    second: dict[str, Any],
    crash_at: str,
) -> None:
    folder = tmp_path / f"crash-{os.urandom(4).hex()}"
    folder.mkdir()
    path = folder / "sheet.json"
    stamp = save_document(Character.model_validate(first), path)
    before = path.read_bytes()
    real_replace, real_fsync = os.replace, os.fsync

    def crash(*args: Any) -> None:
        raise OSError(5, "simulated crash")

    with monkeypatch.context() as patch:
        if crash_at == "replace":
            patch.setattr(
                os, "replace", lambda s, d: crash() if Path(d) == path else real_replace(s, d)
            )
        else:
            patch.setattr(os, "fsync", crash)
        new = Character.model_validate(second)
        if dump_document(new) != before:
            with pytest.raises(SaveError):
                save_document(new, path, opened=stamp)
    assert os.fsync is real_fsync
    assert path.read_bytes() == before
    assert load_character(path).document == Character.model_validate(first)
    assert not list(folder.rglob("*.tmp"))
