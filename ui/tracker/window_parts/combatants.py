"""What the selected combatants do: move in the turn order, concede (R6), get action
points (R7), appear and frighten the heroes (R8). Each is one undoable step."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog, QWidget

from sheets.encounter import (
    AwardActionPoints,
    CommandRecord,
    Concede,
    FearCheck,
    MoveInOrder,
    SetOrder,
)
from sheets.encounter.initiative import move as moved_order
from ui.tracker.encounter_session import EncounterSession
from ui.tracker.window_parts.award_dialog import AwardDialog
from ui.tracker.window_parts.table import InitiativeTable


class CombatantActions(QObject):
    def __init__(
        self,
        session: EncounterSession,
        table: InitiativeTable,
        refuse: Callable[[str], None],
        dialog_parent: QWidget,
    ) -> None:
        super().__init__(dialog_parent)
        self.session = session
        self.table = table
        self.refuse = refuse
        self.dialog_parent = dialog_parent

    def move_in_order(self, combatant: str, steps: int) -> CommandRecord | None:
        """R6: ``combatant`` up (negative ``steps``) or down the turn order; combatants not
        in the order yet get a manual order: the table's rows, with the move applied."""
        engine = self.session.engine
        enc = engine.encounter
        rows = self.table.source.ids()
        if enc.state == "ended":
            self.refuse(self.tr("the scene has ended"))
            return None
        if combatant not in rows or not steps:
            return None
        index = rows.index(combatant)
        target = min(max(index + steps, 0), len(rows) - 1)
        if target == index:
            name = engine.view.by_id[combatant].name
            where = self.tr("first") if steps < 0 else self.tr("last")
            self.refuse(
                self.tr("%1 is already %2 in the order").replace("%1", name).replace("%2", where)
            )
            return None
        if len(enc.turn_order) == len(rows):
            record = self.session.run(MoveInOrder(combatant, target - index))
        else:
            record = self.session.run(SetOrder(tuple(moved_order(rows, combatant, target - index))))
        if record is not None:
            self.table.unsort()
            self.table.select(combatant)
        return record

    def move_selected(self, steps: int) -> CommandRecord | None:
        ids = self.table.selected_ids()
        if len(ids) != 1:
            self.refuse(self.tr("Select one combatant to move in the order (R6)"))
            return None
        return self.move_in_order(ids[0], steps)

    def concede(
        self, combatant: str | None = None, side: str | None = None
    ) -> CommandRecord | None:
        return self.session.run(Concede(combatant, side))

    def award(
        self, combatant: str, points: int = 1, at_scene_end: bool = True, reason: str = ""
    ) -> CommandRecord | None:
        return self.session.run(AwardActionPoints(combatant, points, at_scene_end, reason))

    def fear_check(self, creatures: list[str], seed: int | None = None) -> CommandRecord | None:
        return self.session.run(FearCheck(tuple(creatures), seed=seed))

    def _selected_or_refuse(self, hint: str) -> list[str]:
        ids = self.table.selected_ids()
        if not ids:
            self.refuse(hint)
        return ids

    def concede_selected(self) -> None:
        ids = self._selected_or_refuse("Select who concedes in the table")
        if ids:  # one step for all of them: refused whole or applied whole (R6)
            self.session.run(Concede(combatants=tuple(ids)))

    def concede_side(self) -> None:
        ids = self._selected_or_refuse("Select someone of the side that concedes")
        if ids:
            self.concede(side=self.session.engine.view.by_id[ids[0]].side)

    def award_selected(self) -> None:
        ids = self._selected_or_refuse("Select who gets the action points")
        if not ids:
            return
        dialog = AwardDialog(self.session.engine.view.by_id[ids[0]].name, self.dialog_parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        self.award(
            ids[0], dialog.points.value(), dialog.at_scene_end.isChecked(), dialog.reason.text()
        )

    def fear_selected(self) -> None:
        ids = self._selected_or_refuse("Select the creatures that appear (R8)")
        if ids:
            self.fear_check(ids)
