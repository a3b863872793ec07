"""Small records as plain slotted classes: equality, hashing, repr, immutability and
``replace`` written once here, not compiled per class.

Why not dataclasses: a dataclass compiles its ``__init__``, ``__eq__``, ``__repr__``,
``__hash__`` and frozen ``__setattr__`` from source text (``exec``) when the class is made,
and importing ``dataclasses`` costs too. The dice panel's records (die codes, roll specs,
results, the odds' outcomes) are made right after the first paint, and their dataclasses
were ~40 M instructions of the start-up to the odds shown (issue 17).

A record declares its fields as annotations, in the order of its ``__init__`` (which each
class writes out, so type checkers see it), and names them again as its ``__slots__``. It
behaves like the dataclass it replaces: ``==`` compares the fields of two records of the
very same class (otherwise ``NotImplemented``), ``repr`` is ``Name(field=value, ...)``; a
``FrozenRecord`` also hashes by its fields, refuses assignment and deletion
(``FrozenRecordError``, an ``AttributeError`` as dataclasses' ``FrozenInstanceError`` is),
pickles and copies, and ``replace(**changes)`` makes a changed copy through ``__init__``
(its checks run again), as ``dataclasses.replace`` does. Type checkers do not see the
immutability: the tests do.
"""

from __future__ import annotations

import inspect  # loaded already: PySide's signatures use it
from collections.abc import Callable
from operator import attrgetter
from typing import Any, ClassVar, Self


class FrozenRecordError(AttributeError):
    """Assignment to, or deletion of, a field of a frozen record."""


def _values_of(fields: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    if len(fields) == 1:  # attrgetter of one name gives the value, not a 1-tuple
        (name,) = fields
        return lambda record: (getattr(record, name),)
    return attrgetter(*fields)


class Record:
    """A record of the fields its class annotates (and slots); compared field by field."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _values: ClassVar[Callable[[Any], tuple[Any, ...]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # The fields in the order the class body declares them (as dataclasses read them).
        own = tuple(
            name
            for name, kind in inspect.get_annotations(cls).items()
            if not str(kind).startswith(("ClassVar", "typing.ClassVar"))
        )
        slots = cls.__dict__.get("__slots__", ())
        if set(own) != set((slots,) if isinstance(slots, str) else slots):
            raise TypeError(f"{cls.__qualname__}: its __slots__ are not its fields {own}")
        if own:  # a subclass's fields follow its base's
            cls._fields = (*cls._fields, *own)
            cls._values = staticmethod(_values_of(cls._fields))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self.__class__._values(self) == self.__class__._values(other)
        return NotImplemented

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{self.__class__.__qualname__}({shown})"


class FrozenRecord(Record):
    """An immutable, hashable record (a frozen dataclass with slots)."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(self.__class__._values(self))

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenRecordError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenRecordError(f"cannot delete field {name!r}")

    def __getstate__(self) -> tuple[Any, ...]:
        return self.__class__._values(self)

    def __setstate__(self, state: tuple[Any, ...]) -> None:  # pickle and copy
        for name, value in zip(self._fields, state, strict=True):
            object.__setattr__(self, name, value)

    def replace(self, **changes: Any) -> Self:
        """A copy with ``changes``, made by ``__init__`` (as ``dataclasses.replace``)."""
        values = dict(zip(self._fields, self.__class__._values(self), strict=True))
        values.update(changes)
        return self.__class__(**values)
