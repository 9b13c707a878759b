"""Read one pack folder: its manifest and every document, each validated on its own.

The result keeps every problem found and, for each document, its kind, id, model (None when
invalid) and location, so the loader can then check what spans documents and packs:
duplicate ids, references, `requires`.

A document (or the manifest) may carry a `$schema` key naming its JSON Schema for an editor
(:mod:`sog.packs.export`); it is no content: a string is dropped before validation, any
other value is reported (the exported schemas say it is a string too).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from jsonschema import Draft202012Validator
from pydantic import BaseModel

from .checks import check_manifest
from .documents import Located, build_model, schema_problems
from .errors import Problem, did_you_mean
from .export import EDITOR_KEY
from .kinds import MANIFEST_SCHEMA, ContentKind
from .models import PackManifest
from .sources import MANIFEST, PackSource, pack_files
from .yamlguard import read_limited
from .yamlpos import YamlDocument, load_documents

__all__ = ["DocRead", "PackRead", "read_pack"]

_MANIFEST_VALIDATOR = Draft202012Validator(MANIFEST_SCHEMA)


@dataclass
class DocRead:
    """A document as read: `model` is None when it failed validation."""

    kind: ContentKind
    id: str | None
    model: BaseModel | None
    at: Located


@dataclass
class PackRead:
    """A pack as read: manifest (None if broken), documents, problems."""

    source: PackSource
    name: str
    manifest: PackManifest | None
    manifest_at: Located | None
    docs: list[DocRead] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    unparsed: list[str] = field(default_factory=list)
    """Files whose YAML could not be parsed completely (their later documents are lost)."""
    misspelt: set[tuple[str, str]] = field(default_factory=set)
    """(likely kind, id) of documents whose kind is unknown but close to a known one: a
    reference to them is not reported again, the misspelt kind is the problem."""

    @property
    def requires(self) -> tuple[str, ...]:
        return self.manifest.requires if self.manifest else ()


def _parse(
    file: Path, problems: list[Problem], unparsed: list[str] | None = None
) -> list[tuple[Located, bool]]:
    """The documents of one file, located, each with whether it converted cleanly; read,
    syntax and conversion errors go to `problems`."""
    name = str(file)
    try:
        text = read_limited(file)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        problems.append(Problem(name, 1, 1, "/", f"cannot read the file: {exc}"))
        if unparsed is not None:
            unparsed.append(name)
        return []
    docs, issues, syntax = load_documents(text)
    by_index = {doc.index: Located(name, doc) for doc in docs}
    for index, ptr, message in issues:
        problems.append(by_index[index].problem(ptr, message))
    if syntax is not None:
        problems.append(Problem(name, syntax.line + 1, syntax.col + 1, "/", syntax.message))
        if unparsed is not None:
            unparsed.append(name)
    unclean = {index for index, _, _ in issues}
    return [(at, at.doc.index not in unclean) for at in by_index.values()]


def _read_manifest(
    source: PackSource, problems: list[Problem]
) -> tuple[PackManifest | None, Located | None]:
    """The pack's manifest (None when broken) and where it is written."""
    file = source.folder / MANIFEST
    count = len(problems)
    docs = [at for at, _ in _parse(file, problems)]
    at = docs[0] if docs else None
    if len(problems) > count:
        return None, at
    if at is None or len(docs) > 1:
        where = docs[1] if len(docs) > 1 else Located(str(file), YamlDocument({}, {"": (0, 0)}))
        problems.append(where.problem("", "pack.yaml must hold exactly one document: the manifest"))
        return None, at
    data = _without_editor_key(at.doc.data, at, problems)
    found = schema_problems(data, _MANIFEST_VALIDATOR, at)
    model = None
    if not found:
        model, found = build_model(data, PackManifest, at)
    if isinstance(model, PackManifest):
        found = [at.problem(ptr, message) for ptr, message in check_manifest(model)]
    problems.extend(found)
    return (model if isinstance(model, PackManifest) and not found else None), at


def _read_document(
    at: Located, kinds: Mapping[str, ContentKind], pack: PackRead, clean: bool = True
) -> DocRead | None:
    """Validate one document; None when its kind is unknown (reported)."""
    problems = pack.problems
    data: Any = at.doc.data
    if not isinstance(data, dict):
        problems.append(at.problem("", "a document must be a mapping with `kind` and `id`"))
        return None
    kind_name = data.get("kind")
    if "kind" not in data:
        problems.append(at.problem("", "missing required field 'kind'"))
        return None
    if not isinstance(kind_name, str) or kind_name not in kinds:
        hint = did_you_mean(str(kind_name), kinds) or f" (known kinds: {', '.join(sorted(kinds))})"
        problems.append(at.problem("/kind", f"unknown kind {kind_name!r}{hint}"))
        close = difflib.get_close_matches(str(kind_name), list(kinds), n=1)
        if close and isinstance(data.get("id"), str):
            pack.misspelt.add((close[0], data["id"]))
        return None
    kind = kinds[kind_name]
    data = _without_editor_key(data, at, problems)
    doc_id = data.get("id") if isinstance(data.get("id"), str) else None
    if not clean:  # its values could not be read faithfully, already reported
        return DocRead(kind, doc_id, None, at)
    found = schema_problems(data, kind.validator, at)
    model = None
    if not found:
        model, found = build_model(data, kind.model, at)
    problems.extend(found)
    return DocRead(kind, doc_id, model, at)


def _without_editor_key(data: Any, at: Located, problems: list[Problem]) -> Any:
    """`data` without its `$schema` key (an editor's, not content); a value that is not a
    string is reported, as the exported schemas would."""
    if not isinstance(data, dict) or EDITOR_KEY not in data:
        return data
    if not isinstance(data[EDITOR_KEY], str):
        problems.append(at.problem(f"/{EDITOR_KEY}", f"{EDITOR_KEY} must be a string: the address of the "
                                   "document's JSON Schema, for editors"))
    return {key: value for key, value in data.items() if key != EDITOR_KEY}


def read_pack(source: PackSource, kinds: Mapping[str, ContentKind]) -> PackRead:
    """Read and validate the manifest and every document of one pack folder."""
    problems: list[Problem] = []
    manifest, manifest_at = _read_manifest(source, problems)
    name = manifest.name if manifest else _declared_name(manifest_at) or source.folder.name
    pack = PackRead(source, name, manifest, manifest_at, problems=problems)
    files, found = pack_files(source.folder)
    problems.extend(found)
    for file in files:
        for at, clean in _parse(file, problems, pack.unparsed):
            doc = _read_document(at, kinds, pack, clean)
            if doc is not None:
                pack.docs.append(doc)
    return pack


def _declared_name(at: Located | None) -> str | None:
    """The manifest's `name` even when the manifest is otherwise invalid."""
    data = at.doc.data if at else None
    name = data.get("name") if isinstance(data, dict) else None
    return name if isinstance(name, str) else None
