"""The JSON Schema of each document type, generated from the models.

``wilddie schema TYPE`` prints it and ``resources/schemas/TYPE.schema.json`` ships it; a
test keeps the two identical.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic.json_schema import GenerateJsonSchema

from sheets.dice import DieCode
from sheets.documents import MODELS, DocumentType

JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


class _SchemaGenerator(GenerateJsonSchema):
    """Writes a die code default as the text a file holds ("0D"), not as its parts."""

    def encode_default(self, dft: Any) -> Any:
        if isinstance(dft, DieCode):
            return str(dft)
        return super().encode_default(dft)


def json_schema(document_type: DocumentType) -> dict[str, Any]:
    """The schema of what Wild Die accepts for ``document_type`` (validation mode)."""
    schema = MODELS[document_type].model_json_schema(
        mode="validation", schema_generator=_SchemaGenerator
    )
    return {"$schema": JSON_SCHEMA_DIALECT, **schema}


def json_schema_text(document_type: DocumentType) -> str:
    """The schema as stable text: indent 2, UTF-8, trailing newline."""
    return json.dumps(json_schema(document_type), indent=2, ensure_ascii=False) + "\n"


def schema_file_name(document_type: DocumentType) -> str:
    return f"{document_type}.schema.json"
