"""What the players may see of an encounter (the player view's projection, pure).

:func:`public_state` keeps the order, whose turn, the round, each visible combatant's
condition *words* (Hurt, Demoralized; R5) and whether it conceded or is Out of Action (R6),
and drops hidden combatants, every die code and the GM's notes. Under an OpenD6 damage
system (R10) a player side's own combatants also show their wound level or body points.
:func:`turn_rows` moves a projection on by a new round without reading everyone again.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheets.conditions import OUT_OF_ACTION, TRACK_LEVELS, TRACK_NAMES
from sheets.documents import Combatant
from sheets.encounter import Engine
from sheets.encounter.state import EncounterView
from ui.tracker.rows import DamageCell, damage_cell


@dataclass(frozen=True, slots=True)
class PublicCombatant:
    """What the players may know about one combatant."""

    position: int | None
    name: str
    side: str
    acting: bool
    done: bool
    conditions: tuple[str, ...]
    """Track words only: "Hurt", "Demoralized" (R5) -- never codes or modifiers."""
    status: str
    """"Acting", "Conceded", "Out of Action", "Done" or ""."""
    damage: DamageCell | None = None
    """R10: the wound level (everyone shown) or body points (player sides only); None
    under the ``conditions`` system (``_public_damage``)."""

    @property
    def condition_text(self) -> str:
        """The Condition column's words: the R10 label first, then the R5 words."""
        words = ([self.damage.word] if self.damage is not None else []) + list(self.conditions)
        return ", ".join(words)


@dataclass(frozen=True, slots=True)
class PublicState:
    title: str
    round: int
    current: str | None
    """The name of who acts, or None (nobody, or a hidden combatant)."""
    combatants: tuple[PublicCombatant, ...]
    scene_ended: bool


def public_order(engine: Engine) -> list[str]:
    """Who the players see, in the order they see them: the turn order, then the rest;
    never a hidden combatant."""
    view = engine.view
    ordered = list(engine.encounter.turn_order)
    known = set(ordered)
    ordered += [c.id for c in engine.encounter.combatants if c.id not in known]
    return [cid for cid in ordered if not view.by_id[cid].hidden]


def public_row(
    engine: Engine, cid: str, position: int | None, actor: str | None
) -> PublicCombatant:
    """What the players may know of one combatant (pure); ``actor``: whose turn it is
    (``engine.current()``, asked once for a whole projection)."""
    view = engine.view
    c = view.by_id[cid]
    rnd = engine.encounter.round
    words = []
    levels = view.track_levels(c)  # one pass over the conditions, for the words and R5's out
    for track in TRACK_NAMES:
        level = levels[track]
        if level > 0:
            words.append(TRACK_LEVELS[track][min(level, OUT_OF_ACTION)])
    acting = cid == actor
    done = rnd > 0 and c.last_turn >= rnd
    if c.conceded:
        status = "Conceded"
    elif view.is_out(c, levels):
        status = "Out of Action"
    else:
        status = _turn_status(acting, done)
    system = view.rules.damage_system
    return PublicCombatant(
        position,
        c.name,
        c.side,
        acting,
        done,
        tuple(dict.fromkeys(words)),
        status,
        damage_cell(system, view.character(c)) if _public_damage(view, c) else None,
    )


OUT_STATUSES = frozenset({"Conceded", "Out of Action"})
"""Statuses a combatant's own state decides (R6 conceding, R5/R10 Out of Action)."""


def _turn_status(acting: bool, done: bool) -> str:
    return "Acting" if acting else "Done" if done else ""


def turn_rows(
    engine: Engine,
    rows: tuple[PublicCombatant, ...],
    ids: list[str],
    marked: frozenset[str],
) -> tuple[PublicCombatant, ...] | None:
    """The public rows after a change every row shows (a new round, R6), from the rows
    before: only ``marked`` combatants (the command changed them: conditions that expired,
    R5) are projected afresh; the others keep their words and move only whose turn it is,
    who is done and their place. None when the players see other people now (one hidden,
    revealed, joined or gone): project the whole table."""
    if public_order(engine) != ids:
        return None
    enc = engine.encounter
    by_id = engine.view.by_id
    in_order = set(enc.turn_order)
    rnd = enc.round
    actor = engine.current()
    position = 0
    new: list[PublicCombatant] = []
    for cid, row in zip(ids, rows, strict=True):
        ordered = cid in in_order
        if ordered:
            position += 1
        place = position if ordered else None
        if cid in marked:
            new.append(public_row(engine, cid, place, actor))
            continue
        acting = cid == actor
        done = rnd > 0 and by_id[cid].last_turn >= rnd
        if (acting, done, place) == (row.acting, row.done, row.position):
            new.append(row)
            continue
        status = row.status if row.status in OUT_STATUSES else _turn_status(acting, done)
        # Built afresh rather than through ``dataclasses.replace``, which costs five times
        # as much: at a new round every row moves on (~3 ms of the player view's update).
        new.append(
            PublicCombatant(
                place, row.name, row.side, acting, done, row.conditions, status, row.damage
            )
        )
    return tuple(new)


def public_state(engine: Engine) -> PublicState:
    """The public projection (pure): no hidden combatants, no die codes, no GM notes."""
    enc = engine.encounter
    in_order = set(enc.turn_order)
    people = []
    position = 0
    actor = engine.current()
    for cid in public_order(engine):
        if cid in in_order:
            position += 1
        people.append(public_row(engine, cid, position if cid in in_order else None, actor))
    current = engine.view.by_id[actor] if actor is not None else None
    current_name = current.name if current is not None and not current.hidden else None
    return PublicState(enc.name, enc.round, current_name, tuple(people), enc.state == "ended")


def _public_damage(view: EncounterView, combatant: Combatant) -> bool:
    """Whose R10 damage the players see. Ruling (ours): a wound level is as public as an
    R5 track word ("the guard looks Wounded"), for everyone shown; body points are a
    number the GM keeps for the other sides (players see their own)."""
    return view.rules.damage_system == "wounds" or view.side_is_players(combatant.side)
