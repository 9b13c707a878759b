"""Validate one YAML document and turn every mistake into a located `Problem`.

Order: JSON Schema first, collecting *all* errors (iter_errors) and mapping each error's
path to the nearest position in the file; only a schema-valid document is given to the
pydantic model (which then almost never objects, since both describe the same shape).
Errors are phrased for content authors: "missing required field 'deck'",
"unknown field 'bruden' (did you mean 'burden'?)".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Mapping

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError as SchemaError, best_match
from pydantic import BaseModel, ValidationError

from .errors import Problem, did_you_mean
from .yamlpos import YamlDocument, display, pointer

__all__ = ["Located", "schema_problems", "build_model"]

MAX_MESSAGE = 200


@dataclass(frozen=True)
class Located:
    """A YAML document together with its file, able to place a pointer in the file."""

    file: str
    doc: YamlDocument

    def problem(self, ptr: str, message: str) -> Problem:
        """A problem at JSON pointer `ptr` (the nearest written position)."""
        line, col = self.doc.position(ptr)
        return Problem(self.file, line + 1, col + 1, display(ptr), message)

    def where(self, ptr: str = "") -> str:
        """`file:line:col` of a pointer, to mention another location in a message."""
        line, col = self.doc.position(ptr)
        return f"{self.file}:{line + 1}:{col + 1}"


def _short(text: str) -> str:
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 1] + "…"


def _refine(error: SchemaError) -> SchemaError:
    """For anyOf/oneOf errors, the most relevant sub-error (jsonschema's best_match)."""
    while error.context:
        error = best_match(error.context)  # type: ignore[assignment]
    return error


_SIZES = {
    "minItems": ("item", "items", "fewer than the minimum"), "maxItems": ("item", "items", "more than the maximum"),
    "minProperties": ("entry", "entries", "fewer than the minimum"),
    "maxProperties": ("entry", "entries", "more than the maximum"),
}


def _messages(error: SchemaError) -> Iterator[tuple[list[Any], str]]:
    """(path, message) pairs for one schema error, reworded for authors."""
    path = list(error.absolute_path)
    schema = error.schema if isinstance(error.schema, Mapping) else {}
    if error.validator == "required":
        missing = re.match(r"'(.*)' is a required property", error.message)
        yield path, f"missing required field {missing.group(1) if missing else error.message!r}"
    elif error.validator == "additionalProperties" and isinstance(error.instance, Mapping):
        known = list(schema.get("properties", {}))
        patterns = list(schema.get("patternProperties", {}))
        for key in error.instance:
            if key not in known and not any(re.search(p, key) for p in patterns):
                yield [*path, key], f"unknown field {key!r}{did_you_mean(key, known)}"
    elif error.validator == "not" and error.validator_value == {}:
        yield path, f"field {path[-1] if path else ''!r} is not allowed here"
    elif error.validator is None:  # a `false` schema (jsonschema omits the key from the path)
        yield path, "a field here is not allowed"
    elif error.validator == "enum" and isinstance(error.instance, str):
        choices = [str(c) for c in error.validator_value]
        hint = did_you_mean(error.instance, choices)
        yield path, f"{error.instance!r} is not one of {choices}{hint}"
    elif error.validator == "const":
        yield path, f"{error.instance!r} should be {error.validator_value!r}"
    elif error.validator in _SIZES and isinstance(error.instance, (list, dict)):
        one, many, compare = _SIZES[error.validator]
        count = len(error.instance)
        yield path, f"has {count} {one if count == 1 else many}, {compare} of {error.validator_value}"
    else:
        yield path, _short(error.message)


def schema_problems(
    data: Any, validator: Draft202012Validator, where: Located, context: str = ""
) -> list[Problem]:
    """Every JSON Schema error of `data`, located; `context` prefixes the messages."""
    problems = []
    for error in validator.iter_errors(data):
        for path, message in _messages(_refine(error)):
            problems.append(where.problem(pointer(path), context + message))
    return problems


def _pointer_of_loc(data: Any, loc: Iterable[Any]) -> str:
    """Map a pydantic error location onto the data: follow the parts present in the data,
    skip the others (union-member labels, the name of a missing field)."""
    tokens: list[Any] = []
    node = data
    for part in loc:
        if isinstance(node, Mapping) and part in node:
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        else:
            continue
        tokens.append(part)
    return pointer(tokens)


def build_model(
    data: Any, model: type[BaseModel], where: Located
) -> tuple[BaseModel | None, list[Problem]]:
    """Build the pydantic model; its errors become located problems."""
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        problems = []
        for err in exc.errors(include_url=False):
            name = err["loc"][-1] if err["loc"] else ""
            if err["type"] == "missing":
                message = f"missing required field {name!r}"
            elif err["type"] == "extra_forbidden":
                message = f"unknown field {name!r}"
            else:
                message = _short(err["msg"])
            problems.append(where.problem(_pointer_of_loc(data, err["loc"]), message))
        return None, problems
