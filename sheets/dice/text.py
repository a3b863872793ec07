"""Rolls in words and as plain data: one rendering shared by the command line, the dice
panel's history and the encounter log."""

from __future__ import annotations

from typing import Any

from sheets.dice.codes import DieCode
from sheets.dice.pipeline import DieRoll, RollResult
from sheets.dice.spec import RollSpec
from sheets.results import rank_of, result_points, succeeds

_DROP_WORDS = {
    "critical": "left on a critical failure",
    "critical_highest": "left with the critical failure",
    "boost": "discarded for Boost",
    "penalty": "discarded for Penalty",
}


def describe_spec(spec: RollSpec) -> str:
    """`5D+2, 1 Wild Die, Advantage, Boost 2, flips F1 F6` (the options in force)."""
    parts = [str(spec.code) if spec.sides == 6 else f"{spec.code} (D{spec.sides})"]
    if spec.luck:
        parts.append("luck point (dice doubled)")
    wild = spec.wild_count
    parts.append(f"{wild} Wild Di{'e' if wild == 1 else 'ce'}")
    if wild and spec.critical_failure != "complication":
        parts.append(f"critical failure: {spec.critical_failure.replace('_', ' ')}")
    if spec.advantage_sign:
        parts.append("Advantage" if spec.advantage_sign > 0 else "Disadvantage")
    if spec.net_boost:
        kind = "Boost" if spec.net_boost > 0 else "Penalty"
        parts.append(f"{kind} {abs(spec.net_boost)}")
    if spec.flips:
        parts.append("flips " + " ".join(f"F{f}" for f in sorted(spec.flips)))
    if spec.modifier:
        parts.append(f"modifier {spec.modifier:+d}")
    if spec.count_successes:
        parts.append("counting successes")
    return ", ".join(parts)


def die_token(die: DieRoll) -> str:
    """`5`, `6→1` (flipped), `W[6+6+2]` (a Wild Die chain), `(3)` (dropped)."""
    faces = [
        f"{face}→{shown}" if face != shown else str(face)
        for face, shown in zip(die.faces, die.shown, strict=True)
    ]
    text = "+".join(faces)
    prefix = {
        "wild": "W",
        "boost": "B",
        "penalty": "P",
        "character_point": "CP",
        "action_point": "AP",
        "luck": "L",
    }.get(die.kind, "")
    if die.kind == "wild" or prefix:
        text = f"{prefix}[{text}]"
    if die.critical:
        text += "!"
    return f"({text})" if die.dropped else text


def describe_roll(result: RollResult, against: int | None = None) -> list[str]:
    """The roll log as lines a table can read."""
    spec = result.spec
    lines = [f"Roll {describe_spec(spec)}"]
    sets = sorted({d.set_index for d in result.dice})
    for index in sets:
        dice = [d for d in result.dice if d.set_index == index]
        label = "Dice" if len(sets) == 1 else f"Set {index + 1}"
        mark = ""
        if len(sets) > 1:
            mark = f"  (dice total {result.set_totals[index]}"
            mark += ", kept)" if index == result.kept_set else ")"
        lines.append(f"  {label}: " + " ".join(die_token(d) for d in dice) + mark)
    for die in result.dice:
        if die.dropped and die.set_index == result.kept_set:
            lines.append(f"  {die_token(die)} {_DROP_WORDS[die.dropped]}")
    if result.critical_failure:
        lines.append("  Critical failure on the Wild Die: tell the Game Master")
    for spend in result.spends:
        lines.append(f"  Spent: {spend.replace('_', ' ')}")
    if result.other_roll is not None:
        lines.append(f"  Rerolled: the other total was {result.other_roll.total}")
    if spec.added_pips:
        lines.append(f"  Pips: +{spec.added_pips}")
    unit = " successes" if spec.count_successes else ""
    lines.append(f"Total: {result.total}{unit}")
    if against is not None:
        lines.append(outcome_line(result.total, against))
    if result.seed is not None:
        lines.append(f"Seed: {result.seed}")
    return lines


def outcome_line(total: int, against: int) -> str:
    """`vs 15: Success, +8 result points, rank 2 (adequate), lasts one full round`: the
    verdict first, then what it buys (R4)."""
    points = result_points(total, against)
    rank = rank_of(points)
    verdict = "Success" if succeeds(points) else "Failure"
    text = f"vs {against}: {verdict}, {points:+d} result points"
    if rank is None:
        return text + (", no rank (a tie)" if points == 0 else "")
    return f"{text}, rank {rank.number} ({rank.severity}), lasts {rank.duration.label}"


def spec_as_dict(spec: RollSpec) -> dict[str, Any]:
    return {
        "code": str(spec.code),
        "wild_dice": spec.wild_dice,
        "critical_failure": spec.critical_failure,
        "luck": spec.luck,
        "advantage": spec.advantage,
        "disadvantage": spec.disadvantage,
        "boost": spec.boost,
        "penalty": spec.penalty,
        "flips": sorted(spec.flips),
        "sides": spec.sides,
        "modifier": spec.modifier,
        "count_successes": spec.count_successes,
    }


def spec_from_dict(data: dict[str, Any]) -> RollSpec:
    """The spec ``spec_as_dict`` wrote (ValueError, TypeError or KeyError when it is not
    one: a caller reading a file skips that roll)."""
    return RollSpec(
        code=DieCode.parse(str(data["code"])),
        wild_dice=int(data.get("wild_dice", 1)),
        critical_failure=data.get("critical_failure", "complication"),
        luck=bool(data.get("luck", False)),
        advantage=int(data.get("advantage", 0)),
        disadvantage=int(data.get("disadvantage", 0)),
        boost=int(data.get("boost", 0)),
        penalty=int(data.get("penalty", 0)),
        flips=frozenset(int(f) for f in data.get("flips", ())),
        sides=int(data.get("sides", 6)),
        modifier=int(data.get("modifier", 0)),
        count_successes=bool(data.get("count_successes", False)),
    )


def roll_as_dict(result: RollResult, against: int | None = None) -> dict[str, Any]:
    """Everything in the log as JSON-ready data; enough to draw the roll and replay it."""
    data: dict[str, Any] = {
        "spec": spec_as_dict(result.spec),
        "seed": result.seed,
        "dice": [
            {
                "kind": d.kind,
                "faces": list(d.faces),
                "shown": list(d.shown),
                "flipped": list(d.flipped) or [False] * len(d.faces),
                "set": d.set_index,
                "dropped": d.dropped,
                "critical": d.critical,
            }
            for d in result.dice
        ],
        "kept_set": result.kept_set,
        "set_totals": list(result.set_totals),
        "critical_failure": result.critical_failure,
        "spends": list(result.spends),
        "total": result.total,
    }
    if result.other_roll is not None:
        data["other_roll"] = roll_as_dict(result.other_roll)
    if against is not None:
        points = result_points(result.total, against)
        rank = rank_of(points)
        data["against"] = against
        data["result_points"] = points
        data["rank"] = rank.number if rank else 0
        data["severity"] = rank.severity if rank else None
        data["duration"] = rank.duration.value if rank else None
    return data
