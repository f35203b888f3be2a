"""The bases of every JSON request and success body: strict types, as the OpenAPI document states
them.

Pydantic's default (lax) mode took ``"yes"``, ``1`` or ``"on"`` for a boolean and ``"10"`` for an
integer, so the server answered 200 to bodies its own schema refuses; a client trusting the document
could not tell. Strict mode refuses them with a 422 naming the field.

A success body is validated against its model before it is sent: a handler that returns a key the
model does not declare, or a value of another type, is a bug answered 500 (and logged), not an
answer the document does not describe.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema


class RequestBody(BaseModel):
    model_config = ConfigDict(strict=True)


class ResponseBody(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


def _no_default(schema: dict[str, Any]) -> None:
    schema.pop("default", None)  # the key is left out, not sent as null


def sometimes(description: str) -> Any:
    """A field some answers leave out (absent, never null). Its route sets
    ``response_model_exclude_unset=True`` so that a key the handler did not return stays out."""
    return Field(None, description=description, json_schema_extra=_no_default)


#: A JSON number kept as the handler made it: an int stays ``3`` (a float field would send ``3.0``).
Number = Annotated[int | float, WithJsonSchema({"type": "number"})]
