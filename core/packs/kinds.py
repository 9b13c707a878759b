"""Content kinds: what a document's `kind` means — its JSON Schema, its model, its checks.

The loader is generic: it validates each document against the schema of its kind, builds
the kind's pydantic model, and runs the kind's checks once every pack is loaded. The core
declares its own kinds here (counter pools, scenarios); a game system or a plugin adds its
own through the `sog_content_kinds` hook by returning more `ContentKind`s, whose schemas may
be bundled in `sog.schemas` too (`load_schema`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

from jsonschema import Draft202012Validator
from pydantic import BaseModel

from . import checks
from .checks import Issue, Ref
from .fields import FrozenDict
from .sources import package_folder
from .models import CounterPool, Scenario

if TYPE_CHECKING:  # pragma: no cover
    from .library import Library

__all__ = [
    "ContentKind", "BUILTIN_KINDS", "MANIFEST_SCHEMA", "load_schema", "schema_dir", "Ref",
    "CrossRefs", "References",
]

CrossRefs = Callable[[Any, "Library"], Iterable["str | Issue"]]
"""Checks run after loading: return messages (about the whole document) or
`(JSON pointer, message)` pairs."""
References = Callable[[Any], Iterable[Ref]]
"""The ids a document refers to; the loader reports those that are not loaded."""

_KIND_NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


@dataclass(frozen=True)
class ContentKind:
    """A document type of content packs.

    :ivar name: the value of `kind:` in the documents (lower-case, dashed).
    :ivar schema: JSON Schema (draft 2020-12) a document must satisfy; checked first, so
        every structural mistake is reported with its position.
    :ivar model: pydantic model built from a valid document (what the library returns).
    :ivar summary: one line describing the kind (for `sog schema` and docs).
    :ivar cross_refs: optional checks needing the whole document or library.
    :ivar references: optional list of the ids the document refers to.
    """

    name: str
    schema: Mapping[str, Any]
    model: type[BaseModel]
    summary: str
    cross_refs: CrossRefs | None = None
    references: References | None = None
    validator: Draft202012Validator = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not _KIND_NAME.match(self.name):
            raise ValueError(f"content kind name {self.name!r} is not lower-case-dashed")
        Draft202012Validator.check_schema(self.schema)  # a broken plugin schema fails loudly
        object.__setattr__(self, "validator", Draft202012Validator(self.schema))

    @property
    def plural(self) -> str:
        """The kind's name in the plural, for summaries ("8 ships", "9 abilities")."""
        if self.name.endswith("y") and self.name[-2:-1] not in ("a", "e", "i", "o", "u"):
            return self.name[:-1] + "ies"
        return self.name + ("es" if self.name.endswith("s") else "s")


def schema_dir() -> Path:
    """The folder of the bundled JSON Schemas (package `sog.schemas`)."""
    return package_folder("sog.schemas")


@lru_cache(maxsize=None)
def load_schema(name: str) -> Mapping[str, Any]:
    """The bundled JSON Schema `schemas/<name>.json`, parsed (cached; do not mutate)."""
    return json.loads((schema_dir() / f"{name}.json").read_text(encoding="utf-8"))


MANIFEST_SCHEMA: Mapping[str, Any] = load_schema("pack")
"""Schema of `pack.yaml`."""


def _builtin() -> dict[str, ContentKind]:
    kinds = [
        ContentKind("counter-pool", load_schema("counter-pool"), CounterPool,
                    "A cup of counters drawn at random (sog.pools)."),
        ContentKind("scenario", load_schema("scenario"), Scenario,
                    "A ready-to-play set-up: table, rules, wind, sides, ships, victory.",
                    checks.check_scenario, checks.scenario_refs),
    ]
    return {kind.name: kind for kind in kinds}


BUILTIN_KINDS: Mapping[str, ContentKind] = FrozenDict(_builtin())
"""The kinds the core knows: counter-pool and scenario (a game system declares the rest)."""
