"""The tracker's rows projection: what one combatant's row shows, from engine queries.

No Qt here: the initiative model and the player view paint from these values, and a test
compares them before and after every command with the combatants the engine says it
changed (``CommandRecord.rows``), so a row that changed is never left stale.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from sheets.conditions import OUT_OF_ACTION_AT, TRACK_LEVELS, TRACK_NAMES, TrackName, tracks_in_play
from sheets.damage import (
    BODY_POINTS_BASE,
    DEAD,
    HEALTHY,
    OUT_OF_ACTION_WOUND,
    DamageSystem,
    body_points_out,
    wound_band,
    wound_is_out,
    wound_name,
)
from sheets.documents import Character
from sheets.encounter import Engine

COL_ORDER: Final = 0
COL_NAME: Final = 1
COL_SIDE: Final = 2
COL_INITIATIVE: Final = 3
COL_ACTIONS: Final = 4
COL_CONDITIONS: Final = 5
COL_MODIFIERS: Final = 6
COL_STATE: Final = 7
COL_POINTS: Final = 8
COLUMN_COUNT: Final = 9


@dataclass(frozen=True, slots=True)
class TrackCell:
    """One track drawn as steps: Normal ... Out of Action (R5)."""

    track: TrackName
    level: int
    steps: int
    """How many steps until Out of Action for this element's encounter length (R5)."""
    word: str


@dataclass(frozen=True, slots=True)
class DamageCell:
    """R10: one combatant's wound level or body points, under an OpenD6 damage system."""

    system: DamageSystem
    """``wounds`` or ``body_points`` (never ``conditions``: no cell then)."""
    level: int
    """The wound level, 0 Healthy ... 6 Dead (``sheets.damage.WOUND_LEVELS``)."""
    left: int
    """Body points left."""
    maximum: int
    """The body points maximum (the sheet's, or the default pool)."""
    word: str
    """The short label: ``"Wounded"``, ``"14/23 BP"``."""
    tip: str
    """What it means, citing R10."""

    @property
    def out(self) -> bool:
        """R10: no wounds or body points left ("toast")."""
        if self.system == "wounds":
            return wound_is_out(self.level)
        return body_points_out(self.left)

    @property
    def severity(self) -> float:
        """0 (unhurt) .. 1 (dead or no body points left): for sorting and colours."""
        if self.system == "wounds":
            return self.level / DEAD
        return 1.0 - self.left / self.maximum if self.maximum > 0 else 1.0


def damage_cell(system: DamageSystem, sheet: Character) -> DamageCell | None:
    """The R10 cell for ``sheet`` under ``system``; None under ``conditions`` (R5 tracks)."""
    if system == "wounds":
        level = sheet.wound_level
        name = wound_name(level)
        if level == HEALTHY:
            tip = f"Wounds (R10): {name}: no wound"
        elif level == DEAD:
            tip = f"Wounds (R10): {name}: a mortally wounded character wounded again"
        else:
            tip = (
                f"Wounds (R10): {name}: damage \u2212 resistance {wound_band(level)} on the "
                "wound chart (ruling: the standard OpenD6 chart)"
            )
        if level == DEAD:
            tip += "; out of action"
        elif wound_is_out(level):
            tip += "; out of action: no wounds left"
        else:
            steps = OUT_OF_ACTION_WOUND - level
            tip += f"; {steps} more level{'s' if steps != 1 else ''} to out of action"
        return DamageCell("wounds", level, 0, 0, name, tip)
    if system == "body_points":
        maximum = sheet.body_points_maximum()
        left = sheet.body_points_left()
        tip = (
            f"Body points (R10): {left} of {maximum} left; a hit takes the damage less "
            "armour (ruling); 0 is out of action"
        )
        if sheet.body_points_max is None:
            tip += (
                f"\nMaximum by default: {BODY_POINTS_BASE} + the fixed value of "
                f"{'toughness' if sheet.toughness is not None else 'Strength'} (R10 ruling)"
            )
        return DamageCell("body_points", HEALTHY, left, maximum, f"{left}/{maximum} BP", tip)
    return None


@dataclass(frozen=True, slots=True)
class RowData:
    combatant: str
    position: int | None
    name: str
    side: str
    initiative: int | None
    acting: bool
    done: bool
    state: str
    reason: str | None
    actions: tuple[int, int, int, int]
    tracks: tuple[TrackCell, ...]
    modifiers: tuple[str, ...]
    hidden: bool
    notes: str
    damage: DamageCell | None = None
    """R10: the wound level or body points; None under ``conditions``."""
    points: tuple[int, int, int] = (0, 0, 0)
    """R7: action points, Character Points, Fate Points on the sheet."""
    display: tuple[str, ...] = ()
    """The text of each column, computed once per change."""


STATE_WORDS: Final = {
    "acting": "Acting",
    "done": "Done",
    "waiting": "Waiting",
    "conceded": "Conceded",
    "out": "Out of Action",
    "incapacitated": "Incapacitated",
    "unresisting": "Unresisting",
    "setup": "Ready",
}


def row_data(engine: Engine, combatant_id: str, position: int | None) -> RowData:
    """Everything one row shows, from engine queries."""
    view = engine.view
    c = view.by_id[combatant_id]
    sheet = view.character(c)
    actor = engine.current()
    rnd = engine.round
    full_left, bonus_left = engine.actions_left(combatant_id)
    budget = c.actions
    length = sheet.encounter_length
    steps = OUT_OF_ACTION_AT[length]
    levels = engine.tracks(combatant_id)
    system = view.rules.damage_system
    wanted = tracks_in_play(sheet.kind, sheet.toughness is not None, system)
    tracks = tuple(
        TrackCell(track, levels[track], steps, TRACK_LEVELS[track][levels[track]])
        for track in TRACK_NAMES
        if track in wanted or levels[track] > 0
    )
    modifiers = tuple(
        f"{m.name}"
        + (f": {m.effect}" if m.effect and m.effect != m.name else "")
        + f" ({m.remaining})"
        for m in engine.active_modifiers(combatant_id)
        if m.name not in TRACK_NAMES
    )
    # The track levels read once for every question below (a round change builds every
    # row on screen again).
    reason = view.cannot_act(c, levels)
    done = rnd > 0 and c.last_turn >= rnd
    if c.conceded:
        state = "conceded"
    elif view.is_out(c, levels):
        state = "out"
    elif combatant_id == actor:
        state = "acting"
    elif reason is not None:
        state = "incapacitated"
    elif view.unresisting(c, levels) is not None:
        state = "unresisting"  # R5: can act, cannot decide
    elif engine.encounter.state == "setup" or rnd == 0:
        state = "setup"
    elif done:
        state = "done"
    else:
        state = "waiting"
    name, initiative = c.name, c.initiative
    actions = (full_left, budget.full, bonus_left, budget.bonus)
    damage = damage_cell(system, sheet)
    points = (sheet.action_points, sheet.character_points, sheet.fate_points)
    # Each column's text, in column order (COL_ORDER ... COL_POINTS), computed once per
    # change: at a round change every row on screen is built again.
    display = (
        "" if position is None else str(position),
        name + " (hidden)" if c.hidden else name,
        c.side,
        "" if initiative is None else str(initiative),
        f"{full_left}/{budget.full} full, {bonus_left}/{budget.bonus} bonus",
        _track_words(tracks, damage),
        "; ".join(modifiers),
        STATE_WORDS[state],
        f"AP {points[0]} · CP {points[1]} · FP {points[2]}",
    )
    return RowData(
        combatant_id,
        position,
        name,
        c.side,
        initiative,
        combatant_id == actor,
        done,
        state,
        reason,
        actions,
        tracks,
        modifiers,
        c.hidden,
        c.notes,
        damage,
        points,
        display,
    )


def _track_words(cells: tuple[TrackCell, ...], damage: DamageCell | None = None) -> str:
    words = [cell.word for cell in cells if cell.level > 0]
    if damage is not None:
        words.insert(0, damage.word)
    return ", ".join(words) if words else "Normal"


def changed_spans(before: RowData, after: RowData) -> tuple[tuple[int, int], ...]:
    """The runs of columns (first, last) whose cells differ between two builds of one
    row: a new round changes the budgets, the state and the rounds left, not the names,
    sides or tracks, and a cell that did not change need not be painted again. The
    actor's mark or a faded row (conceded, out) changes every cell."""
    if before == after:
        return ()
    last = COLUMN_COUNT - 1
    if before.acting != after.acting or faded(before) != faded(after):
        return ((0, last),)
    columns = {c for c in range(COLUMN_COUNT) if before.display[c] != after.display[c]}
    if (before.tracks, before.damage) != (after.tracks, after.damage):
        columns.add(COL_CONDITIONS)
    if before.actions != after.actions:
        columns.add(COL_ACTIONS)
    if not columns:  # what differs shows in tooltips only (why it cannot act, notes)
        return ((0, last),)
    spans: list[tuple[int, int]] = []
    for column in sorted(columns):
        if spans and spans[-1][1] == column - 1:
            spans[-1] = (spans[-1][0], column)
        else:
            spans.append((column, column))
    return tuple(spans)


def faded(row: RowData) -> bool:
    """A row shown faded: its combatant conceded or is out of the scene."""
    return row.state in ("conceded", "out")


def all_rows(engine: Engine) -> dict[str, RowData]:
    """Every combatant's row (position by the turn order), keyed by combatant id."""
    order = {cid: i + 1 for i, cid in enumerate(engine.encounter.turn_order)}
    return {c.id: row_data(engine, c.id, order.get(c.id)) for c in engine.encounter.combatants}
