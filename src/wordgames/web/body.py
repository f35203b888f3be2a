"""The base of every JSON request body: strict types, as the OpenAPI document states them.

Pydantic's default (lax) mode took ``"yes"``, ``1`` or ``"on"`` for a boolean and ``"10"`` for an
integer, so the server answered 200 to bodies its own schema refuses; a client trusting the document
could not tell. Strict mode refuses them with a 422 naming the field.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class RequestBody(BaseModel):
    model_config = ConfigDict(strict=True)
