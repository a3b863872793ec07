"""The flow of a scene: its type (R6), the start, initiative, turns and rounds, and its
end with the action points it awards (R7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from sheets.encounter import (
    CommandRecord,
    EndScene,
    NextTurn,
    RollInitiative,
    SetScene,
    StartEncounter,
)

if TYPE_CHECKING:
    from ui.tracker.window import TrackerWindow

SCENES: Final = (
    ("Tactical: melee", "tactical", "melee"),
    ("Tactical: chase", "tactical", "chase"),
    ("Tactical: debate", "tactical", "debate"),
    ("Dramatic scene", "dramatic", None),
    ("Quick check", "quick", None),
)


def _is_scene(window: TrackerWindow, scene: str, tactical: str | None) -> bool:
    enc = window.engine.encounter
    return scene == enc.scene_type and (tactical is None or tactical == enc.tactical_type)


def scene_chosen(window: TrackerWindow, index: int) -> None:
    scene, tactical = window.scene_combo.itemData(index)
    if _is_scene(window, scene, tactical):
        return
    if window.run(SetScene(scene, tactical)) is None:
        show_scene(window)


def show_scene(window: TrackerWindow) -> None:
    """The scene combo on the encounter's scene type."""
    for index, (_, scene, tactical) in enumerate(SCENES):
        if _is_scene(window, scene, tactical):
            window.scene_combo.setCurrentIndex(index)
            return


def start(window: TrackerWindow) -> CommandRecord | None:
    return window.run(StartEncounter())


def roll_initiative(window: TrackerWindow, seed: int | None) -> CommandRecord | None:
    """R6 initiative; in setup, the start and the roll as one undoable step."""
    if window.engine.encounter.state == "setup":
        window.undo_stack.beginMacro("Start and roll initiative")
        record = window.start()
        if record is not None:
            record = window.run(RollInitiative(seed))
        window.undo_stack.endMacro()
        return record
    return window.run(RollInitiative(seed))


def previous_turn(window: TrackerWindow) -> None:
    if isinstance(window.controller.last_command(), NextTurn):
        window.undo_stack.undo()
    else:
        window.show_refusal("Previous turn undoes a Next turn: undo the later commands first")


def next_round(window: TrackerWindow) -> None:
    """Every remaining turn of the round, as one undoable step."""
    engine = window.engine
    start_round = engine.round
    window.undo_stack.beginMacro("Next round")
    for _ in range(len(engine.encounter.turn_order) + 1):
        if window.run(NextTurn()) is None or engine.round != start_round:
            break
    window.undo_stack.endMacro()


def end_scene(window: TrackerWindow) -> CommandRecord | None:
    record = window.run(EndScene())
    if record is not None:
        window.prompter.tell(window.tr("The scene ends"), awards_summary(record))
    return record


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
