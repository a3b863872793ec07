"""The engine's commands: each a small frozen dataclass that changes the encounter through
recorded changes (``Changes``) and writes one log entry with its inputs, seed and effects.

A command with dice carries a ``seed``; left None, the engine draws one before running it
and keeps the command with the seed filled in, so a redo or a replay rolls the same dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from sheets.dice import RollResult, new_seed
from sheets.documents import Combatant
from sheets.encounter import log
from sheets.encounter.changes import Changes
from sheets.encounter.state import CommandRefused, EncounterView

if TYPE_CHECKING:
    from sheets.encounter.engine import Engine


ActionKind = Literal["full", "bonus", "free"]
Json = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a command did: the log text, the data logged, and what the UI may show next."""

    text: str
    data: Json = field(default_factory=dict)
    check_id: str | None = None
    ranks: int = 0
    """Ranks the check bought (R4), to spend from the menu."""
    rolls: tuple[RollResult, ...] = ()
    scene_over: bool = False


class Context:
    """What a running command works with."""

    def __init__(self, engine: Engine, changes: Changes) -> None:
        self.engine = engine
        self.view: EncounterView = engine.view
        self.changes = changes
        self.touched: set[str] = set()
        self.notes: list[str] = []
        self.logged: Json = {}

    def touch(self, combatant: Combatant) -> None:
        """A sheet changed: the file to save (or the encounter, for an inline copy)."""
        self.touched.add(combatant.character_file or "encounter")
        self.changes.mark(combatant.id)

    def log(self, actor: str | None, entry_type: str, text: str, data: Json) -> str:
        line = f"{log.prefix(self.view, actor)}: {text}"
        if self.notes:
            line += ". " + "; ".join(self.notes)
            data = {**data, "notes": list(self.notes)}
        self.logged = data
        log.write(self.view, self.changes, actor, entry_type, line, data, self.engine.clock())
        return line


class Command:
    """Base of every command."""

    entry_type: ClassVar[str] = "note"

    def resolved(self) -> Command:
        """This command with every seed it needs drawn (so that redo rolls the same)."""
        if getattr(self, "seed", 0) is None:
            return replace(self, seed=new_seed())  # type: ignore[type-var]
        return self

    def run(self, ctx: Context) -> Outcome:  # pragma: no cover - abstract
        raise NotImplementedError

    def inputs(self) -> Json:
        data: Json = {"command": type(self).__name__}
        for name in self.__dataclass_fields__:  # type: ignore[attr-defined]
            value = getattr(self, name)
            if isinstance(value, tuple):
                value = list(value)
            data[name] = value
        return data


def require_running(view: EncounterView) -> None:
    if view.encounter.state == "ended":
        raise CommandRefused("the scene has ended: nothing more happens in it")
    if view.encounter.state != "running":
        raise CommandRefused("the encounter has not started yet: start it first")


def name_of(view: EncounterView, combatant_id: str) -> str:
    return view.combatant(combatant_id).name


def out_words(view: EncounterView, combatant: Combatant) -> str:
    return " -- Out of Action" if view.is_out(combatant) else ""
