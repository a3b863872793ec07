"""What the selected combatants do: move in the turn order, concede (R6), get action
points (R7), appear and frighten the heroes (R8); who joins mid-fight (from the campaign,
a copy of one on the table, a quick new NPC) and who leaves. Each is one undoable step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog, QWidget

from sheets.conditions import TrackName
from sheets.documents import Character, CheckModifier, Combatant, new_character
from sheets.encounter import (
    AddCombatants,
    AwardActionPoints,
    CommandRecord,
    Concede,
    CreateCondition,
    FearCheck,
    MoveInOrder,
    RemoveCombatant,
    SetHidden,
    SetNotes,
    SetOrder,
)
from sheets.encounter.initiative import move as moved_order
from sheets.encounter.roster import base_name, new_combatants
from sheets.results import Duration
from ui.services.prompter import Prompter
from ui.tracker.encounter_session import EncounterSession
from ui.tracker.window_parts.award_dialog import AwardDialog
from ui.tracker.window_parts.effect_dialog import EffectDialog
from ui.tracker.window_parts.join_dialog import JoinDialog
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

    # --- joining and leaving mid-fight (issue 16) -------------------------------------------

    def _sides(self) -> list[str]:
        enc = self.session.engine.encounter
        names = [side.name for side in enc.sides]
        names += [c.side for c in enc.combatants if c.side not in names]
        return names

    def add_from_campaign(self, path: str, side: str, copies: int = 1) -> CommandRecord | None:
        """The campaign's character at ``path`` joins on ``side``: a Dynamic one by
        reference (once), a Stock one as ``copies`` numbered copies (R2)."""
        engine = self.session.engine
        character = engine.view.characters.get(path)
        if character is None:
            self.refuse(f"{path} is not a character of this campaign")
            return None
        if not side:
            self.refuse("say which side they are on")
            return None
        if character.importance == "dynamic" and any(
            c.character_file == path for c in engine.encounter.combatants
        ):
            self.refuse(f"{character.name} is in the encounter already")
            return None
        made = new_combatants(path, character, side, set(engine.view.by_id), copies, self._names())
        return self._join(made)

    def _names(self) -> set[str]:
        return {c.name.casefold() for c in self.session.engine.encounter.combatants}

    def add_quick(self, sheet: Character, side: str, copies: int = 1) -> CommandRecord | None:
        """A quick NPC made at the table joins on ``side`` (numbered copies)."""
        if not side:
            self.refuse("say which side they are on")
            return None
        made = new_combatants(
            "", sheet, side, set(self.session.engine.view.by_id), copies, self._names()
        )
        return self._join(made)

    def duplicate_selected(self) -> CommandRecord | None:
        """A copy of each selected combatant's sheet joins beside it, numbered (issue 16:
        one more guard like that one)."""
        ids = self._selected_or_refuse("Select whom to duplicate")
        if not ids:
            return None
        engine = self.session.engine
        taken, names = set(engine.view.by_id), self._names()
        made: list[Combatant] = []
        for cid in ids:
            original = engine.view.by_id[cid]
            sheet = engine.view.character(original).model_copy(deep=True)
            update: dict[str, object] = {"name": base_name(original.name)}
            if sheet.importance == "dynamic":
                update |= {"importance": "stock", "kind": "npc"}
            sheet = sheet.model_copy(update=update)
            source = original.template or original.character_file or ""
            made += new_combatants(source, sheet, original.side, taken, 1, names)
        return self._join(made)

    def _join(self, made: list[Combatant]) -> CommandRecord | None:
        record = self.session.run(AddCombatants(tuple(made)))
        if record is not None and made:
            self.table.select(made[0].id)
        return record

    def remove_selected(self) -> CommandRecord | None:
        ids = self._selected_or_refuse("Select who leaves the encounter")
        if len(ids) != 1:
            if ids:
                self.refuse("Select one combatant to take out of the encounter")
            return None
        return self.session.run(RemoveCombatant(ids[0]))

    def ask_who_joins(self) -> CommandRecord | None:
        """The Add combatants dialog, then the join it describes."""
        sheets = self.session.engine.view.characters
        dialog = JoinDialog(dict(sheets), self._sides(), self.dialog_parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        path = dialog.chosen_path()
        if path is not None:
            return self.add_from_campaign(path, dialog.side(), dialog.copies.value())
        quick = dialog.quick_sheet()
        if isinstance(quick, str):
            self.refuse(quick)
            return None
        name, code = quick
        sheet = new_character(name, "npc")
        for ability in sheet.abilities:
            ability.code = code
        return self.add_quick(sheet, dialog.side(), dialog.copies.value())

    # --- effects straight on combatants, without a check (issue 16) --------------------------

    def apply_effect(
        self,
        ids: list[str],
        *,
        name: str = "",
        track: TrackName | None = None,
        ranks: int = 1,
        modifier: CheckModifier | None = None,
        duration: Duration = Duration.ROUNDS,
        rounds: int | None = None,
    ) -> list[CommandRecord]:
        """One condition on each of ``ids`` (one undo step for them all)."""
        if not ids:
            self.refuse("Select who the effect is on")
            return []
        kind: Literal["discrete", "cumulative"] = "cumulative" if track is not None else "discrete"
        records = []
        stack = self.session.undo_stack
        stack.beginMacro(f"Effect on {len(ids)} combatant(s)" if len(ids) > 1 else "Effect")
        try:
            for cid in ids:
                command = CreateCondition(
                    cid,
                    name=name,
                    kind=kind,
                    track=track,
                    ranks=ranks,
                    duration=duration,
                    rounds=rounds if duration == Duration.ROUNDS else None,
                    source="GM",
                    modifier=modifier,
                )
                record = self.session.run(command)
                if record is not None:
                    records.append(record)
        finally:
            stack.endMacro()
        return records

    def ask_effect(self) -> list[CommandRecord]:
        """The Apply effect dialog over the selected combatants, then the effect."""
        ids = self._selected_or_refuse("Select who the effect is on")
        if not ids:
            return []
        engine = self.session.engine
        dialog = EffectDialog([engine.view.by_id[c].name for c in ids], self.dialog_parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:  # it stays open while wrong
            return []
        return self.apply_effect(
            ids,
            name=dialog.name_edit.text().strip(),
            track=dialog.track(),
            ranks=dialog.ranks_spin.value(),
            modifier=dialog.modifier(),
            duration=dialog.duration(),
            rounds=dialog.rounds_spin.value(),
        )

    # --- the GM's own: notes and who the players see (issue 16) -----------------------------

    def edit_notes_selected(self, prompter: Prompter) -> CommandRecord | None:
        ids = self._selected_or_refuse("Select whose notes to edit")
        if len(ids) != 1:
            return None
        combatant = self.session.engine.view.by_id[ids[0]]
        text = prompter.text(
            f"Notes on {combatant.name}",
            "Your notes (never on the player view):",
            combatant.notes,
        )
        if text is None:
            return None
        return self.session.run(SetNotes(ids[0], text))

    def toggle_hidden_selected(self) -> list[CommandRecord]:
        """Hide the selected combatants from the players, or reveal them (one step)."""
        ids = self._selected_or_refuse("Select whom to hide or reveal")
        if not ids:
            return []
        by_id = self.session.engine.view.by_id
        hide = not all(by_id[c].hidden for c in ids)  # any shown: hide them all
        stack = self.session.undo_stack
        records = []
        stack.beginMacro("Hide from the players" if hide else "Reveal to the players")
        try:
            for cid in ids:
                if by_id[cid].hidden != hide:
                    record = self.session.run(SetHidden(cid, hide))
                    if record is not None:
                        records.append(record)
        finally:
            stack.endMacro()
        return records
