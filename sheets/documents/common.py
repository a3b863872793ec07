"""Shared pieces of every document: the base model, die code fields, names, versions.

Every part of a document keeps fields it does not know (``extra="allow"``): a file written
by a newer minor version of Wild Die loses nothing when this version saves it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, Final, Protocol, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    PlainSerializer,
    PlainValidator,
    StringConstraints,
    WithJsonSchema,
)
from pydantic_core import PydanticCustomError, ValidationError

from sheets.dice import DieCode

# The file format version: ``MAJOR.MINOR``. A newer minor only adds optional fields (kept
# as unknown fields by older apps); a newer major needs a migration (sheets.migrations).
SCHEMA_MAJOR: Final = 1
SCHEMA_MINOR: Final = 0
SCHEMA_VERSION: Final = f"{SCHEMA_MAJOR}.{SCHEMA_MINOR}"
SCHEMA_VERSION_PATTERN: Final = r"^[0-9]{1,4}\.[0-9]{1,4}$"


_UNSET: Final = object()


class Part(BaseModel):
    """Base of every model in a document: keeps unknown fields, refuses NaN and infinity."""

    model_config = ConfigDict(
        extra="allow",
        allow_inf_nan=False,
        validate_assignment=True,  # an edit in the GUI is checked like a loaded file
        # The field docstrings become the JSON Schema's descriptions when a schema is made
        # (sheets.documents.schema reads them then): reading every model's source at import
        # cost the first screen ~60 ms.
        use_attribute_docstrings=False,
    )

    def __setattr__(self, name: str, value: Any) -> None:
        # pydantic keeps the new value when a model validator (e.g. "names unique") refuses
        # an assignment; put the old one back so a refused edit leaves the sheet as it was.
        previous = self.__dict__.get(name, _UNSET)
        try:
            super().__setattr__(name, value)
        except ValidationError:
            if previous is not _UNSET and name in type(self).model_fields:
                self.__dict__[name] = previous
            raise


def _parse_die_code(value: Any) -> DieCode:
    if isinstance(value, DieCode):
        return value
    try:
        return DieCode.parse(value)
    except ValueError as error:
        # The message is carried in the context so braces in a typo stay literal.
        raise PydanticCustomError("die_code", "{reason}", {"reason": str(error)}) from None


def _not_negative(code: DieCode) -> DieCode:
    if code.total_pips < 0:
        raise PydanticCustomError(
            "negative_die_code",
            "die code '{code}' is below 0D: a sheet never holds fewer than 0 dice (R1)",
            {"code": str(code)},
        )
    return code


_DIE_CODE_SCHEMA: Final = {
    "type": "string",
    "description": "A die code written like 3D+2 (R1): dice, then +1 or +2 pips.",
    "examples": ["3D", "3D+2", "1D+1"],
}

DieCodeField = Annotated[
    DieCode,
    PlainValidator(_parse_die_code),
    PlainSerializer(str, return_type=str),
    WithJsonSchema(_DIE_CODE_SCHEMA),
]
"""A die code stored as its canonical text (``"3D+2"``); any player spelling is read (R1)."""


def _parse_sheet_code(value: Any) -> DieCode:
    return _not_negative(_parse_die_code(value))


SheetCode = Annotated[
    DieCode,
    PlainValidator(_parse_sheet_code),
    PlainSerializer(str, return_type=str),
    WithJsonSchema(_DIE_CODE_SCHEMA),
]
"""A die code on a sheet (ability, skill, weapon, armour): never below 0D (R1)."""


def _one_line(name: str) -> str:
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        raise PydanticCustomError(
            "name_control_character", "a name is one line: no line breaks or tabs"
        )
    return name


NAME_LENGTH: Final = 120  # a name, a label, a short line
TEXT_LENGTH: Final = 100_000  # notes, background: a long text, never a book

Name = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=NAME_LENGTH),
    AfterValidator(_one_line),
]
"""A name a player types: one line, trimmed, not empty."""

Text = Annotated[str, StringConstraints(max_length=TEXT_LENGTH)]
"""Free text: notes, background, descriptions."""


class Named(Protocol):
    @property
    def name(self) -> str: ...


def require_unique_names(items: Iterable[Named], what: str) -> None:
    """Raise a readable error when two items share a name (case does not count)."""
    seen: dict[str, str] = {}
    for item in items:
        key = item.name.casefold()
        if key in seen:
            raise ValueError(f"two {what} are named '{item.name}': each needs its own name")
        seen[key] = item.name


_N = TypeVar("_N", bound=Named)


def find_named(items: Iterable[_N], name: str) -> _N | None:
    """The item called ``name`` (case does not count), or None."""
    key = name.strip().casefold()
    for item in items:
        if item.name.casefold() == key:
            return item
    return None


class Document(Part):
    """A whole file: a character, an encounter or a campaign. Carries its format version."""

    schema_version: Annotated[str, StringConstraints(pattern=SCHEMA_VERSION_PATTERN)] = (
        SCHEMA_VERSION
    )
    """The file format version, MAJOR.MINOR: migrated on load when older (sheets.migrations)."""
