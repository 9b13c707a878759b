"""Shared building blocks of the content models: strict scalar types, frozen mappings,
the common document base class and the provenance helper.

The models mirror the JSON Schemas in `schemas/` exactly (same fields, same ranges), so a
document the schema accepts is one pydantic accepts. Scalars are strict: YAML `"3"` is not
the number 3, `true` is not 1. Everything is immutable once validated: lists become tuples
and mappings become read-only `FrozenDict`s, so a loaded library cannot be changed.
"""

from __future__ import annotations

from typing import Annotated, Any, Mapping, NamedTuple

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, PlainSerializer, Strict

__all__ = [
    "Int", "Num", "Text", "Id", "Name", "Bearing", "Length", "ProvenanceText", "ProvenanceMap",
    "FrozenJson", "FrozenDict", "Point", "Frozen", "Document", "provenance_of", "freeze", "thaw",
]

ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._-]*$"
NAME_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
PROVENANCE_PATTERN = r"^(rulebook|measured|estimate)\b"

Int = Annotated[int, Strict()]
"""An integer; booleans and numeric strings are refused."""
Num = Annotated[float, Strict(), Field(allow_inf_nan=False)]
"""A finite number (an integer is accepted and becomes a float)."""
Text = Annotated[str, Strict(), Field(min_length=1)]
"""A non-empty string."""
Id = Annotated[str, Strict(), Field(pattern=ID_PATTERN)]
"""A document or item id: letters, digits, `.`, `_`, `-`, not starting with punctuation."""
Name = Annotated[str, Strict(), Field(pattern=NAME_PATTERN)]
"""A lower-case dashed name such as a pack name or a nationality."""
Bearing = Annotated[float, Strict(), Field(ge=0, le=360, allow_inf_nan=False)]
"""A compass or relative bearing in degrees, 0..360, clockwise."""
Length = Annotated[float, Strict(), Field(gt=0, allow_inf_nan=False)]
"""A positive length in millimetres."""
ProvenanceText = Annotated[str, Strict(), Field(pattern=PROVENANCE_PATTERN)]
"""Where a figure comes from: starts with `rulebook`, `measured` or `estimate`."""


class FrozenDict(dict):  # type: ignore[type-arg]
    """A dict that refuses changes after creation; still a dict for JSON, pickle, copy."""

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("content is read-only")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (dict(self),))

    def __copy__(self) -> "FrozenDict":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "FrozenDict":
        return self


def freeze(value: Any) -> Any:
    """Return a deeply read-only copy: dicts become FrozenDicts, lists become tuples.

    Models and named tuples are immutable already and are kept as they are.
    """
    if isinstance(value, BaseModel) or hasattr(value, "_fields"):
        return value
    if isinstance(value, Mapping):
        return FrozenDict({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Inverse of `freeze` for serialisation: plain JSON-like dicts and lists."""
    if isinstance(value, BaseModel):
        return value.model_dump(by_alias=True)
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


ProvenanceMap = Annotated[
    Mapping[Annotated[str, Strict(), Field(min_length=1)], ProvenanceText],
    AfterValidator(freeze),
    PlainSerializer(thaw),
]
"""Field name → provenance text; the key `default` covers fields without an entry."""

FrozenJson = Annotated[Mapping[str, Any], AfterValidator(freeze), PlainSerializer(thaw)]
"""Free-form settings (plugin-defined), frozen deeply."""


class Point(NamedTuple):
    """A position on a ship or base, `[right, forward]` in mm from its centre."""

    right: Num
    forward: Num


class Frozen(BaseModel):
    """Base of every content model: unknown fields refused, instances immutable."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, populate_by_name=True, validate_default=True
    )


class Document(Frozen):
    """A top-level content document: it has a `kind`, an `id` and a `provenance` map."""

    id: Id = Field(description="Unique among the documents of this kind in all loaded packs.")
    provenance: ProvenanceMap = Field(
        default_factory=dict,
        description="Field name → `rulebook p. N` / `measured ...` / `estimate ...`; "
        "`default` covers the rest.",
    )


def provenance_of(doc: Document, field: str) -> str:
    """Where the figure in `field` of `doc` comes from.

    Looks up `field` in the document's provenance, then the `default` entry; returns
    `"unspecified"` when the document gives neither.
    """
    prov = doc.provenance
    return prov.get(field) or prov.get("default") or "unspecified"
