"""Load content packs into a `Library`, or report every problem they have.

Steps: find pack folders (built-in, entry points, paths given); read and validate each pack
(`reader.py`); then, with all packs known, check what spans documents: pack names and ids
unique per kind, `requires` satisfied, references resolved (and into required packs only),
each kind's own checks. Any problem → `ContentError` listing all of them, file order.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Iterable, Mapping

from .checks import Ref
from .errors import ContentError, Problem, did_you_mean
from .fields import FrozenDict
from .kinds import ContentKind
from .library import Entry, Library, PackInfo
from .reader import DocRead, PackRead, read_pack
from .sources import PackSource, builtin_pack_dirs, entry_point_packs, expand_path
from .yamlpos import pointer

__all__ = ["load_library", "given_sources", "installed_sources"]


def given_sources(paths: Iterable[str | os.PathLike[str]]) -> tuple[list[PackSource], list[Problem]]:
    """The pack folders at the given paths (each a pack or a folder of packs)."""
    problems: list[Problem] = []
    sources: list[PackSource] = []
    for raw in paths:
        path = Path(raw)
        if not path.is_dir():
            problems.append(Problem(str(path), None, None, "/", "not a folder"))
            continue
        folders, found = expand_path(path)
        problems.extend(found)
        sources.extend(PackSource(folder, str(folder)) for folder in folders)
    return sources, problems


def installed_sources(*, builtin: bool = True, entry_points: bool = True) -> tuple[list[PackSource], list[Problem]]:
    """The built-in packs, then those of the `sog.packs` entry points."""
    sources = [PackSource(folder, "builtin") for folder in builtin_pack_dirs()] if builtin else []
    problems: list[Problem] = []
    if entry_points:
        found_sources, problems = entry_point_packs()
        sources.extend(found_sources)
    return sources, problems


def _unique(sources: Iterable[PackSource], seen: set[Path]) -> list[PackSource]:
    """Drop folders already in `seen` (a folder reached twice is loaded once)."""
    out = []
    for source in sources:
        key = source.folder.resolve()
        if key not in seen:
            seen.add(key)
            out.append(source)
    return out


def _select(given: list[PackRead], installed: list[PackRead], on_demand: bool) -> list[PackRead]:
    """The packs to load: all, or (on demand) those given plus what they require."""
    if not on_demand:
        return installed + given
    chosen = {id(p) for p in given}
    names = {p.name for p in given}
    available: dict[str, PackRead] = {}
    for pack in installed:
        available.setdefault(pack.name, pack)
    wanted = [name for pack in given for name in pack.requires]
    while wanted:
        name = wanted.pop(0)
        if name in names or name not in available:
            continue
        names.add(name)
        chosen.add(id(available[name]))
        wanted.extend(available[name].requires)
    return [p for p in installed + given if id(p) in chosen]


def _check_pack_names(packs: list[PackRead]) -> list[Problem]:
    first: dict[str, PackRead] = {}
    problems = []
    for pack in packs:
        if pack.name in first and pack.manifest_at is not None:
            other = first[pack.name]
            problems.append(pack.manifest_at.problem(
                "/name", f"pack name {pack.name!r} is already used by {other.source.folder}"))
        first.setdefault(pack.name, pack)
    return problems


def _check_requires(packs: list[PackRead]) -> list[Problem]:
    names = {p.name for p in packs}
    problems = []
    for pack in packs:
        for i, name in enumerate(pack.requires):
            if name not in names and pack.manifest_at is not None:
                problems.append(pack.manifest_at.problem(
                    f"/requires/{i}", f"requires pack {name!r}, which is not loaded{did_you_mean(name, names)}"))
    return problems


def _register(packs: list[PackRead]) -> tuple[dict[tuple[str, str], tuple[PackRead, DocRead]], list[Problem]]:
    """Index documents by (kind, id); a repeated id is reported at both places."""
    index: dict[tuple[str, str], tuple[PackRead, DocRead]] = {}
    problems = []
    for pack in packs:
        for doc in pack.docs:
            if doc.id is None:
                continue
            key = (doc.kind.name, doc.id)
            if key in index:
                first = index[key][1]
                label = f"duplicate {doc.kind.name} id {doc.id!r}"
                problems.append(doc.at.problem("/id", f"{label}: also defined at {first.at.where('/id')}"))
                problems.append(first.at.problem("/id", f"{label}: also defined at {doc.at.where('/id')}"))
            else:
                index[key] = (pack, doc)
    return index, problems


def _check_refs(
    pack: PackRead, doc: DocRead, refs: Iterable[Ref],
    index: Mapping[tuple[str, str], tuple[PackRead, DocRead]], library: Library,
    misspelt: set[tuple[str, str]], unparsed: list[str],
) -> list[Problem]:
    problems = []
    hint = f" (it may be in {unparsed[0]}, which could not be parsed)" if unparsed else ""
    for ref in refs:
        target = index.get((ref.kind, ref.id))
        if target is None and (ref.kind, ref.id) in misspelt:
            continue  # the document exists with a misspelt kind, reported there
        if target is None:
            known = library.ids(ref.kind) if ref.kind in library.kinds else ()
            problems.append(doc.at.problem(
                ref.pointer, f"no {ref.kind} with id {ref.id!r} is loaded{did_you_mean(ref.id, known)}{hint}"))
        elif target[0].name != pack.name and target[0].name not in pack.requires:
            problems.append(doc.at.problem(
                ref.pointer, f"{ref.kind} {ref.id!r} is in pack {target[0].name!r}, which pack "
                f"{pack.name!r} does not list in `requires`"))
    return problems


def _cross_check(
    packs: list[PackRead], index: Mapping[tuple[str, str], tuple[PackRead, DocRead]], library: Library
) -> list[Problem]:
    problems: list[Problem] = []
    misspelt = {key for pack in packs for key in pack.misspelt}
    unparsed = [file for pack in packs for file in pack.unparsed]
    for pack in packs:
        for doc in pack.docs:
            if doc.model is None:
                continue
            kind = doc.kind
            try:
                if kind.references is not None:
                    problems += _check_refs(pack, doc, kind.references(doc.model), index, library, misspelt, unparsed)
                if kind.cross_refs is not None:
                    for issue in kind.cross_refs(doc.model, library):
                        ptr, message = ("", issue) if isinstance(issue, str) else issue
                        problems.append(doc.at.problem(ptr, message))
            except Exception as exc:  # a plugin's check must not crash loading
                problems.append(doc.at.problem("", f"the {kind.name} checks failed: {type(exc).__name__}: {exc}"))
    return problems


def _pack_info(pack: PackRead) -> PackInfo:
    documents: dict[str, list[str]] = {}
    for doc in pack.docs:
        if doc.id is not None:
            documents.setdefault(doc.kind.name, []).append(doc.id)
    manifest = pack.manifest
    return PackInfo(
        name=pack.name,
        version=manifest.version if manifest else "?",
        description=manifest.description if manifest else "",
        origin=pack.source.origin,
        folder=str(pack.source.folder),
        requires=pack.requires,
        documents=FrozenDict({k: tuple(v) for k, v in documents.items()}),
    )


def load_library(
    paths: Iterable[str | os.PathLike[str]] = (),
    *,
    builtin: bool = True,
    entry_points: bool | None = None,
    kinds: Mapping[str, ContentKind] | None = None,
    on_demand: bool = False,
    checks: Iterable[Callable[[Library], Iterable[Problem]]] = (),
) -> Library:
    """Load packs and return the library, or raise `ContentError` with every problem.

    :param paths: pack folders, or folders of pack folders, to load besides the installed ones.
    :param builtin: load the packs bundled in `sog.content`.
    :param entry_points: load the packs of the `sog.packs` entry-point group; ``None`` means
        "unless ``SOG_DISABLE_PLUGIN_AUTOLOAD`` is set" (the packs of installed distributions
        are off with their plugins, whose content kinds they may need).
    :param kinds: the document kinds (default: the core's and those every installed
        provider declares, see :func:`sog.pluginmanager.content_kinds`).
    :param on_demand: load built-in and entry-point packs only when a pack from `paths`
        requires them (used to validate a pack on its own).
    :param checks: further checks of the loaded library, run after the loader's own (on
        the documents that are valid), their problems reported with the others; e.g.
        `sog.packs.playable.playable_problems` for `sog validate`.
    """
    if kinds is None:
        from sog.pluginmanager import content_kinds, create_catalogue

        kinds = content_kinds(create_catalogue())
    from_paths, problems = given_sources(paths)
    if entry_points is None:
        from sog.pluginmanager import AUTOLOAD_ENV

        entry_points = not os.environ.get(AUTOLOAD_ENV)
    from_installed, installed_problems = installed_sources(builtin=builtin, entry_points=entry_points)
    seen: set[Path] = set()
    given = [read_pack(s, kinds) for s in _unique(from_paths, seen)]
    installed = [read_pack(s, kinds) for s in _unique(from_installed, seen)]
    packs = _select(given, installed, on_demand)
    problems += [p for pack in packs for p in pack.problems]
    requires_problems = _check_requires(packs)
    if not on_demand or requires_problems:
        problems += installed_problems  # on demand, a broken unrelated entry point is not ours
    problems += requires_problems + _check_pack_names(packs)
    index, found = _register(packs)
    problems += found
    entries = [
        Entry(kind, doc_id, doc.model, pack.name, doc.at.file, *_position(doc), at=doc.at)
        for (kind, doc_id), (pack, doc) in index.items() if doc.model is not None
    ]
    library = Library([_pack_info(p) for p in packs], entries, kinds)
    problems += _cross_check(packs, index, library)
    for check in checks:
        problems += check(library)
    if problems:
        raise ContentError(problems)
    return library


def _position(doc: DocRead) -> tuple[int, int]:
    line, col = doc.at.doc.position(pointer([]))
    return line + 1, col + 1
