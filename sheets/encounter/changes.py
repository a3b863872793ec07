"""Exact undo: every change a command makes is recorded with its inverse.

A command never snapshots the document: it changes it through a ``Changes`` recorder,
which keeps a before-image of only what it touched (one field, one list slot, one dict
key). Undo runs the inverses backwards; redo runs the same changes forwards again. Both
restore the very objects, so the saved bytes after undo equal the bytes before.

Fields are written straight into the model (no re-validation): the engine builds every
new value from validated parts, and a 500-combatant turn must stay under a millisecond.

The recorder also notes whose rows a command changed (``rows``; ``every_row`` when a new
round, a start or an end changes what every row shows), so the tracker repaints exactly
those (Anki's OpChanges: an operation says what it changed). A write to a combatant's own
fields marks it by itself; the helpers that change lists inside a combatant or its sheet
mark the owner (``mark``), and the engine adds every combatant of a character file the
command touched.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping, MutableSequence
from typing import Any

from pydantic import BaseModel

from sheets.documents import Combatant, Encounter

Step = tuple[Callable[[], None], Callable[[], None]]
"""One change: (undo, redo)."""

_MISSING: Any = object()

EVERY_ROW_FIELDS = frozenset({"round", "state"})
"""Encounter fields every row shows: the round (actions, expiries), the state (ready,
running, ended). ``current_turn`` is not among them: the turn code marks the two actors."""


def write_field(model: BaseModel, name: str, value: Any) -> None:
    """Set a model field without validation (the engine validated the value already)."""
    model.__dict__[name] = value


class Changes:
    """The recorder a command writes through; ``steps`` undo and redo it exactly."""

    __slots__ = ("every_row", "rows", "steps")

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.rows: set[str] = set()
        """Combatants whose rows this command changed."""
        self.every_row = False
        """A change every row shows (the round, the encounter's state, the turn order)."""

    def mark(self, *combatant_ids: str | None) -> None:
        """These combatants' rows changed (a change inside their lists or sheets)."""
        self.rows.update(c for c in combatant_ids if c is not None)

    def mark_every_row(self) -> None:
        self.every_row = True

    def set(self, model: BaseModel, name: str, value: Any) -> None:
        """Set ``model.name``; a write of the same value records nothing."""
        old = model.__dict__[name]
        if old is value or (type(old) is type(value) and old == value):
            return
        write_field(model, name, value)
        if isinstance(model, Combatant):
            self.rows.add(model.id)
        elif isinstance(model, Encounter):
            if name in EVERY_ROW_FIELDS:
                self.every_row = True
            elif name == "current_turn":  # the actor before and after: "Acting" moved
                order = model.turn_order
                self.mark(*(order[i] for i in (old, value) if 0 <= i < len(order)))
        self.steps.append(
            (lambda: write_field(model, name, old), lambda: write_field(model, name, value))
        )

    def set_fields(self, model: BaseModel, values: dict[str, Any]) -> None:
        """Set several fields of one model as one step: a new round resets every
        combatant's action budget (R6), four fields each, and 2,000 steps of their own
        cost a round change of 500 combatants 2-3 ms (bench/bench_tracker.py). Not for
        the encounter's own fields: ``set`` marks the rows those change."""
        data = model.__dict__
        old = {
            name: data[name]
            for name, value in values.items()
            if not (
                data[name] is value or (type(value) is type(data[name]) and value == data[name])
            )
        }
        if not old:
            return
        new = {name: values[name] for name in old}
        data.update(new)
        if isinstance(model, Combatant):
            self.rows.add(model.id)
        self.steps.append((lambda: data.update(old), lambda: data.update(new)))

    def call(self, undo: Callable[[], None], redo: Callable[[], None]) -> None:
        """A step of the command's own, e.g. refreshing a lookup after the list it indexes
        changed (recorded first, its undo runs last; recorded last, its redo does)."""
        self.steps.append((undo, redo))

    def insert(self, items: MutableSequence[Any], index: int, item: Any) -> None:
        """Insert ``item`` at ``index`` (``len(items)`` appends)."""
        items.insert(index, item)

        def undo() -> None:
            del items[index]

        self.steps.append((undo, lambda: items.insert(index, item)))

    def append(self, items: MutableSequence[Any], item: Any) -> None:
        self.insert(items, len(items), item)

    def pop(self, items: MutableSequence[Any], index: int) -> Any:
        """Remove and return the item at ``index``."""
        item = items.pop(index)

        def redo() -> None:
            del items[index]

        self.steps.append((lambda: items.insert(index, item), redo))
        return item

    def replace_list(self, items: MutableSequence[Any], new: list[Any]) -> None:
        """Replace the whole content of a list (a new turn order)."""
        old = list(items)
        if old == new:
            return

        def put(content: list[Any]) -> Callable[[], None]:
            def run() -> None:
                items[:] = content

            return run

        items[:] = new
        self.steps.append((put(old), put(list(new))))

    def put(self, mapping: MutableMapping[str, Any], key: str, value: Any) -> None:
        """Set ``mapping[key]``; the old value (or its absence) comes back on undo."""
        old = mapping.get(key, _MISSING)
        if old is not _MISSING and old == value and type(old) is type(value):
            return
        mapping[key] = value

        def undo() -> None:
            if old is _MISSING:
                del mapping[key]
            else:
                mapping[key] = old

        def redo() -> None:
            mapping[key] = value

        self.steps.append((undo, redo))

    def delete(self, mapping: MutableMapping[str, Any], key: str) -> None:
        if key not in mapping:
            return
        old = mapping.pop(key)

        def undo() -> None:
            mapping[key] = old

        def redo() -> None:
            del mapping[key]

        self.steps.append((undo, redo))

    def hook(self, undo: Callable[[], None], redo: Callable[[], None]) -> None:
        """Keep a derived cache in step: ``redo`` has been done already."""
        self.steps.append((undo, redo))

    def undo(self) -> None:
        for undo, _ in reversed(self.steps):
            undo()

    def redo(self) -> None:
        for _, redo in self.steps:
            redo()
