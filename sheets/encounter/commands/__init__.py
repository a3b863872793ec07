"""The engine's commands: each a small frozen dataclass that changes the encounter through
recorded changes (``Changes``) and writes one log entry with its inputs, seed and effects.

A command with dice carries a ``seed``; left None, the engine draws one before running it
and keeps the command with the seed filled in, so a redo or a replay rolls the same dice.
"""

from sheets.encounter.commands.base import ActionKind, Command, Context, Outcome
from sheets.encounter.commands.check import Check
from sheets.encounter.commands.damage import Damage
from sheets.encounter.commands.ending import EndEncounter, EndScene
from sheets.encounter.commands.flow import (
    AdjustActions,
    DeclareIntention,
    GiveTurn,
    MoveInOrder,
    NextTurn,
    Note,
    RollInitiative,
    SetGoal,
    SetOrder,
    SetScene,
    SpendAction,
    StartEncounter,
)
from sheets.encounter.commands.joining import AddCombatants, RemoveCombatant
from sheets.encounter.commands.marks import (
    ChangeDuration,
    CreateCondition,
    RemoveCondition,
    ShiftAttitude,
    StatusTest,
)
from sheets.encounter.commands.people import AwardActionPoints, Concede, FearCheck, Help
from sheets.encounter.commands.points import SpendPoint
from sheets.encounter.commands.ranks import SpendRanks
from sheets.encounter.commands.table_talk import ResetEncounter, SetHidden, SetNotes
from sheets.encounter.commands.waiting import DelayTurn, GroupCopies

# Every command the engine knows, for the UI and for the random-sequence test.
COMMANDS: tuple[type[Command], ...] = (
    StartEncounter,
    SetScene,
    SetGoal,
    DeclareIntention,
    Note,
    RollInitiative,
    SetOrder,
    MoveInOrder,
    NextTurn,
    GiveTurn,
    SpendAction,
    AdjustActions,
    Check,
    SpendRanks,
    Damage,
    CreateCondition,
    ChangeDuration,
    RemoveCondition,
    ShiftAttitude,
    StatusTest,
    Concede,
    AwardActionPoints,
    SpendPoint,
    AddCombatants,
    RemoveCombatant,
    DelayTurn,
    GroupCopies,
    SetNotes,
    SetHidden,
    ResetEncounter,
    Help,
    FearCheck,
    EndEncounter,
    EndScene,
)


__all__ = [
    "COMMANDS",
    "ActionKind",
    "AddCombatants",
    "AdjustActions",
    "AwardActionPoints",
    "ChangeDuration",
    "Check",
    "Command",
    "Concede",
    "Context",
    "CreateCondition",
    "Damage",
    "DeclareIntention",
    "DelayTurn",
    "EndEncounter",
    "EndScene",
    "FearCheck",
    "GiveTurn",
    "GroupCopies",
    "Help",
    "MoveInOrder",
    "NextTurn",
    "Note",
    "Outcome",
    "RemoveCombatant",
    "RemoveCondition",
    "ResetEncounter",
    "RollInitiative",
    "SetGoal",
    "SetHidden",
    "SetNotes",
    "SetOrder",
    "SetScene",
    "ShiftAttitude",
    "SpendAction",
    "SpendPoint",
    "SpendRanks",
    "StartEncounter",
    "StatusTest",
]
