"""Content packs: load, validate and look up the data the rules play with.

Everything a game uses — its pieces and their components, counter pools, scenarios — is
YAML in packs (see content/README.md for the format), each document of a kind the core
(`sog.packs.kinds`) or a game system declares. `load_library()` reads the built-in packs,
those published through the `sog.packs` entry-point group and any folders given, validates
them against their kinds' JSON Schemas (bundled in `sog.schemas`) and pydantic models, and
returns a read-only `Library`, or raises `ContentError` listing every problem as
`file:line:col: /json/pointer: message`. `playable_problems()` checks that every scenario
of a library can be played by the rules (what `sog validate` adds).
Reading is bounded (`sog.packs.yamlguard`, `sog.packs.walk`): no file can hang the loader.
"""

from __future__ import annotations

from .errors import ContentError, Problem, UnknownId, UnknownKind
from .fields import provenance_of
from .kinds import BUILTIN_KINDS, ContentKind, load_schema
from .library import Entry, Library, PackInfo
from .loader import load_library
from .playable import playable_problems
from .sources import builtin_pack_dirs, entry_point_packs

__all__ = [
    "BUILTIN_KINDS", "ContentError", "ContentKind", "Entry", "Library", "PackInfo", "Problem",
    "UnknownId", "UnknownKind", "builtin_pack_dirs", "entry_point_packs", "load_library",
    "load_schema", "playable_problems", "provenance_of",
]
