"""The flow of a scene: its type (R6), the start, initiative, turns and rounds, and its
end with the action points it awards (R7). Each is one undoable step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from PySide6.QtCore import QObject

from sheets.documents.encounter import SceneType, TacticalType
from sheets.encounter import (
    CommandRecord,
    EndScene,
    NextTurn,
    ResetEncounter,
    RollInitiative,
    SetScene,
    StartEncounter,
)
from ui.services.prompter import Choice, Prompter, Question
from ui.tracker.encounter_session import EncounterSession

SCENES: Final[tuple[tuple[str, SceneType, TacticalType | None], ...]] = (
    ("Tactical: melee", "tactical", "melee"),
    ("Tactical: chase", "tactical", "chase"),
    ("Tactical: debate", "tactical", "debate"),
    ("Dramatic scene", "dramatic", None),
    ("Quick check", "quick", None),
)


def awards_summary(record: CommandRecord) -> str:
    """The end of the scene in words: awards (R7), fear memories (R8), what ended."""
    notes = record.outcome.data.get("notes")
    lines = [str(n) for n in notes] if isinstance(notes, list) else []
    awards = [n for n in lines if "action point" in n]
    rest = [n for n in lines if "action point" not in n]
    text = "Action points (R7):\n" + ("\n".join(f"  {a}" for a in awards) if awards else "  none")
    if rest:
        text += "\n\nAlso:\n" + "\n".join(f"  {r}" for r in rest)
    return text


class SceneFlow(QObject):
    def __init__(
        self,
        session: EncounterSession,
        prompter: Prompter,
        refuse: Callable[[str], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.prompter = prompter
        self.refuse = refuse

    def scene_index(self) -> int:
        """Where the encounter's scene type is in ``SCENES``."""
        enc = self.session.engine.encounter
        return next(
            (
                index
                for index, (_, scene, tactical) in enumerate(SCENES)
                if scene == enc.scene_type and (tactical is None or tactical == enc.tactical_type)
            ),
            0,
        )

    def choose_scene(self, index: int) -> bool:
        """The GM picked ``SCENES[index]``; False when the rules refuse the change."""
        if index == self.scene_index():
            return True
        _, scene, tactical = SCENES[index]
        return self.session.run(SetScene(scene, tactical)) is not None

    def start(self) -> CommandRecord | None:
        return self.session.run(StartEncounter())

    def roll_initiative(self, seed: int | None = None) -> CommandRecord | None:
        """R6 initiative; in setup, the start and the roll as one undoable step."""
        session = self.session
        if session.engine.encounter.state == "setup":
            session.undo_stack.beginMacro("Start and roll initiative")
            record = self.start()
            if record is not None:
                record = session.run(RollInitiative(seed))
            session.undo_stack.endMacro()
            return record
        return session.run(RollInitiative(seed))

    def next_turn(self) -> CommandRecord | None:
        return self.session.run(NextTurn())

    def previous_turn(self) -> None:
        if isinstance(self.session.controller.last_command(), NextTurn):
            self.session.undo_stack.undo()
        else:
            self.refuse("Previous turn undoes a Next turn: undo the later commands first")

    def next_round(self) -> None:
        """Every remaining turn of the round, as one undoable step."""
        session = self.session
        engine = session.engine
        start_round = engine.round
        session.undo_stack.beginMacro("Next round")
        for _ in range(len(engine.encounter.turn_order) + 1):
            if session.run(NextTurn()) is None or engine.round != start_round:
                break
        session.undo_stack.endMacro()

    def end_scene(self) -> CommandRecord | None:
        record = self.session.run(EndScene())
        if record is not None:
            self.prompter.tell(self.tr("The scene ends"), awards_summary(record))
        return record

    def reset(self) -> CommandRecord | None:
        """Run the encounter again from its setup, after asking (undo brings it back)."""
        enc = self.session.engine.encounter
        if enc.state == "setup":
            self.refuse("the encounter has not started: there is nothing to reset")
            return None
        question = Question(
            "Run the encounter again?",
            "The order, the rounds, the conditions made in this fight and the concessions "
            "start over. The characters' sheets keep what happened to them. Undo brings the "
            "fight back.",
            (Choice.YES, Choice.CANCEL),
            Choice.CANCEL,
        )
        if self.prompter.ask(question) != Choice.YES:
            return None
        return self.session.run(ResetEncounter())
