"""The JSON Schemas as files for editors: one `$id` convention, a set that resolves by itself.

Content authors write YAML in editors whose language servers (e.g. the YAML extension of
VS Code, yaml-language-server) check a document against a JSON Schema named by a
`$schema` key, a ``# yaml-language-server: $schema=...`` comment or the editor's settings.
`sog schema --all DIR` writes every schema sog knows as ``DIR/NAME.json``: each content
kind (the core's and those game systems and plugins declare), the pack manifest (``pack``),
the game log (``log``) and the save file (``save``).

The convention: the schema called NAME has the `$id` ``https://sog.invalid/schemas/NAME.json``
(`.invalid` is reserved, RFC 6761: nothing is ever fetched from it). The last segment of
the `$id` is the file's name, so a relative `$ref` between schemas (``save.json`` refers to
``log.json#/$defs/header``) resolves to the exported file next to it whether the base a
tool uses is the `$id` or the file's own location; an editor can also map each `$id` to
its file. An exported copy always carries the convention's `$id` (a plugin's schema
without one, or with another, gets it), and every content schema (and the manifest's)
accepts a string ``$schema`` key, which the loader ignores (see :mod:`sog.packs.reader`).
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any, Mapping

from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from .kinds import MANIFEST_SCHEMA, ContentKind, load_schema

__all__ = [
    "SCHEMA_BASE", "EDITOR_KEY", "FILE_SCHEMAS", "RESERVED_NAMES", "schema_id", "exported_schema",
    "all_schemas", "schema_registry", "export_folder_problem", "write_schemas",
]

SCHEMA_BASE = "https://sog.invalid/schemas/"
"""Where every schema's `$id` lives: ``SCHEMA_BASE + NAME + ".json"``."""
EDITOR_KEY = "$schema"
"""The key a document may carry to name its schema for an editor; the loader drops it."""
FILE_SCHEMAS = ("log", "save")
"""Schemas of files sog writes (not content): the game log's lines and the save file."""
RESERVED_NAMES = ("pack", *FILE_SCHEMAS)
"""Schema names that are not content kinds: no kind may be called so."""

_EDITOR_PROPERTY = {
    "description": "The address of this document's JSON Schema, for editors (e.g. a file "
                   "written by `sog schema --all DIR`); sog ignores it.",
    "type": "string",
}


def schema_id(name: str) -> str:
    """The `$id` of the schema called `name` (a kind, ``pack``, ``log`` or ``save``)."""
    return f"{SCHEMA_BASE}{name}.json"


def exported_schema(name: str, schema: Mapping[str, Any], *, content: bool = True) -> dict[str, Any]:
    """A copy of `schema` as exported: the convention's `$id`, and, for a document of a pack
    (`content`), a `$schema` property so an editor does not flag the key the loader ignores.

    The bundled schemas already say both, so their exported copies equal them; a plugin's
    schema gets what it lacks. Only an object schema listing its `properties` (what a kind's
    document is) gets the property; the input is never changed.
    """
    out = copy.deepcopy(dict(schema))
    out.pop("$id", None)
    out = {"$schema": out.pop("$schema", "https://json-schema.org/draft/2020-12/schema"),
           "$id": schema_id(name), **out}
    properties = out.get("properties")
    if content and isinstance(properties, dict) and EDITOR_KEY not in properties:
        out["properties"] = {EDITOR_KEY: dict(_EDITOR_PROPERTY), **properties}
    return out


def all_schemas(kinds: Mapping[str, ContentKind]) -> dict[str, dict[str, Any]]:
    """Every schema by name, as exported: ``pack``, each kind of `kinds`, ``log``, ``save``.

    :raises ValueError: a kind is named like one of ``RESERVED_NAMES``.
    """
    clash = sorted(set(kinds) & set(RESERVED_NAMES))
    if clash:
        raise ValueError(f"content kind {clash[0]!r} is named like the schema of a file sog reads")
    schemas = {"pack": exported_schema("pack", MANIFEST_SCHEMA)}
    schemas.update({name: exported_schema(name, kind.schema) for name, kind in kinds.items()})
    schemas.update({name: exported_schema(name, load_schema(name), content=False) for name in FILE_SCHEMAS})
    return schemas


def schema_registry(schemas: Mapping[str, Mapping[str, Any]]) -> Registry:
    """A `referencing` registry holding exactly `schemas` under their `$id`s: validating
    with it proves that their references resolve among themselves, as the exported files."""
    return Registry().with_resources(
        (schema["$id"], Resource.from_contents(schema, default_specification=DRAFT202012))
        for schema in schemas.values())


def export_folder_problem(folder: Path) -> str | None:
    """Why `folder` cannot receive exported schemas, or None: it must be a folder, or not
    exist yet in a folder that does (it is then created); and it must be writable."""
    if folder.exists() and not folder.is_dir():
        return f"{folder} is not a folder"
    parent = folder if folder.is_dir() else folder.parent
    if not parent.is_dir():
        return f"cannot write into {folder}: the folder {parent} does not exist"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"cannot write into {folder}: the folder {parent} is not writable"
    return None


def write_schemas(schemas: Mapping[str, Mapping[str, Any]], folder: Path) -> list[Path]:
    """Write each schema as ``folder/NAME.json`` (pretty JSON), each file atomically (a
    crash leaves the old file or the new one), creating `folder` if needed; the paths written.

    Check the folder first with :func:`export_folder_problem`.

    :raises OSError: a file cannot be written (those written before it are complete).
    """
    from sog.fileio import write_atomically

    folder.mkdir(exist_ok=True)
    texts = {folder / f"{name}.json": json.dumps(schema, indent=2) + "\n" for name, schema in schemas.items()}
    for path, text in texts.items():
        write_atomically(path, text)
    return list(texts)
