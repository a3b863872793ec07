"""What the selected combatants do: move in the turn order, concede (R6), get action
points (R7), appear and frighten the heroes (R8). Each is one undoable step."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog

from sheets.encounter import (
    AwardActionPoints,
    CommandRecord,
    Concede,
    FearCheck,
    MoveInOrder,
    SetOrder,
)
from sheets.encounter.initiative import move as moved_order
from ui.tracker.window_parts import table
from ui.tracker.window_parts.award_dialog import AwardDialog

if TYPE_CHECKING:
    from ui.tracker.window import TrackerWindow


def move_in_order(window: TrackerWindow, combatant: str, steps: int) -> CommandRecord | None:
    """R6: ``combatant`` up (negative ``steps``) or down the turn order; combatants not in
    the order yet get a manual order: the table's rows, with the move applied."""
    enc = window.engine.encounter
    rows = window.model.ids()
    if enc.state == "ended":
        window.show_refusal(window.tr("the scene has ended"))
        return None
    if combatant not in rows or not steps:
        return None
    index = rows.index(combatant)
    target = min(max(index + steps, 0), len(rows) - 1)
    if target == index:
        name = window.engine.view.by_id[combatant].name
        where = window.tr("first") if steps < 0 else window.tr("last")
        window.show_refusal(
            window.tr("%1 is already %2 in the order").replace("%1", name).replace("%2", where)
        )
        return None
    if len(enc.turn_order) == len(rows):
        record = window.run(MoveInOrder(combatant, target - index))
    else:
        record = window.run(SetOrder(tuple(moved_order(rows, combatant, target - index))))
    if record is not None:
        table.unsort(window)
        window.select(combatant)
    return record


def move_selected(window: TrackerWindow, steps: int) -> CommandRecord | None:
    ids = window.selected_ids()
    if len(ids) != 1:
        window.show_refusal(window.tr("Select one combatant to move in the order (R6)"))
        return None
    return window.move_in_order(ids[0], steps)


def concede(window: TrackerWindow, combatant: str | None, side: str | None) -> CommandRecord | None:
    return window.run(Concede(combatant, side))


def award(
    window: TrackerWindow, combatant: str, points: int, at_scene_end: bool, reason: str
) -> CommandRecord | None:
    return window.run(AwardActionPoints(combatant, points, at_scene_end, reason))


def fear_check(
    window: TrackerWindow, creatures: list[str], seed: int | None
) -> CommandRecord | None:
    return window.run(FearCheck(tuple(creatures), seed=seed))


def _selected_or_refuse(window: TrackerWindow, hint: str) -> list[str]:
    ids = window.selected_ids()
    if not ids:
        window.show_refusal(hint)
    return ids


def concede_selected(window: TrackerWindow) -> None:
    ids = _selected_or_refuse(window, "Select who concedes in the table")
    if not ids:
        return
    if len(ids) == 1:
        window.concede(ids[0])
        return
    window.undo_stack.beginMacro("Concede")
    for cid in ids:
        window.concede(cid)
    window.undo_stack.endMacro()


def concede_side(window: TrackerWindow) -> None:
    ids = _selected_or_refuse(window, "Select someone of the side that concedes")
    if ids:
        window.concede(side=window.engine.view.by_id[ids[0]].side)


def award_selected(window: TrackerWindow) -> None:
    ids = _selected_or_refuse(window, "Select who gets the action points")
    if not ids:
        return
    dialog = AwardDialog(window.engine.view.by_id[ids[0]].name, window)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return
    window.award(
        ids[0], dialog.points.value(), dialog.at_scene_end.isChecked(), dialog.reason.text()
    )


def fear_selected(window: TrackerWindow) -> None:
    ids = _selected_or_refuse(window, "Select the creatures that appear (R8)")
    if ids:
        window.fear_check(ids)
