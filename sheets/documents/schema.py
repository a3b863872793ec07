"""The JSON Schema of each document type, generated from the models.

``wilddie schema TYPE`` prints it and ``resources/schemas/TYPE.schema.json`` ships it; a
test keeps the two identical.
"""

from __future__ import annotations

import inspect
import json
from typing import Any

from pydantic.json_schema import GenerateJsonSchema

from sheets.dice import DieCode
from sheets.documents import MODELS, DocumentType
from sheets.documents.common import Part

JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


class _SchemaGenerator(GenerateJsonSchema):
    """Writes a die code default as the text a file holds ("0D"), not as its parts."""

    def encode_default(self, dft: Any) -> Any:
        if isinstance(dft, DieCode):
            return str(dft)
        return super().encode_default(dft)


_described = False
_docs: dict[type[Part], dict[str, str]] = {}


def _docstrings(cls: type[Part]) -> dict[str, str]:
    """The field docstrings ``cls`` declares (empty without source: a frozen build)."""
    if cls not in _docs:
        from pydantic._internal._docs_extraction import extract_docstrings_from_cls

        try:
            _docs[cls] = extract_docstrings_from_cls(cls, use_inspect=True)
        except (OSError, TypeError):
            _docs[cls] = {}
    return _docs[cls]


def field_doc(model: type[Part], name: str) -> str:
    """What a field is, from its docstring (the UI's tooltips and the schema agree)."""
    field = model.model_fields.get(name)
    if field is not None and field.description:
        return field.description
    for owner in model.__mro__:  # the class that declares the field says what it is
        if issubclass(owner, Part) and name in inspect.get_annotations(owner):
            return _docstrings(owner).get(name, "")
    return ""


def _parts() -> list[type[Part]]:
    """Every document model, parents after the parts they were made from."""
    found: list[type[Part]] = []
    pending: list[type[Part]] = [Part]
    while pending:
        cls = pending.pop(0)
        found.append(cls)
        pending.extend(cls.__subclasses__())
    return found


def describe_fields() -> None:
    """Give every field without a description its docstring (read from the source now,
    not at import: the first screen does not wait for it), then rebuild the models so
    their schemas carry them. Twice: a model built before its parts learnt theirs."""
    global _described
    if _described:
        return
    parts = _parts()
    for cls in parts:
        for name, field in cls.model_fields.items():
            if field.description is None:
                field.description = field_doc(cls, name) or None
    for _ in range(2):
        for cls in parts:
            cls.model_rebuild(force=True)
    _described = True


def json_schema(document_type: DocumentType) -> dict[str, Any]:
    """The schema of what Wild Die accepts for ``document_type`` (validation mode)."""
    describe_fields()
    schema = MODELS[document_type].model_json_schema(
        mode="validation", schema_generator=_SchemaGenerator
    )
    return {"$schema": JSON_SCHEMA_DIALECT, **schema}


def json_schema_text(document_type: DocumentType) -> str:
    """The schema as stable text: indent 2, UTF-8, trailing newline."""
    return json.dumps(json_schema(document_type), indent=2, ensure_ascii=False) + "\n"


def schema_file_name(document_type: DocumentType) -> str:
    return f"{document_type}.schema.json"
