"""Where packs come from: the built-in `sog.content` package, the `sog.packs` entry-point
group of installed distributions, and folders given by the user.

A folder given by the user may be one pack (it has a `pack.yaml`) or a folder of packs
(like `content/`); a folder holding YAML but no manifest is reported, never skipped
silently, since its documents would otherwise be missing from the game without a word.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.resources
import inspect
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from .errors import Problem
from .walk import holds_yaml, yaml_files

__all__ = ["PackSource", "package_folder", "builtin_pack_dirs", "entry_point_packs", "expand_path", "pack_files"]

ENTRY_POINT_GROUP = "sog.packs"
MANIFEST = "pack.yaml"


def package_folder(package: str) -> Path:
    """A package's folder, via importlib.resources (falling back to `__path__` for a
    namespace package, which importlib.resources cannot open in an editable install)."""
    try:
        return Path(str(importlib.resources.files(package)))
    except (NotADirectoryError, TypeError):
        module = importlib.import_module(package)
        return next(Path(p) for p in module.__path__ if Path(p).is_dir())


@dataclass(frozen=True)
class PackSource:
    """A pack folder and how it was found: `builtin`, `entry-point:NAME` or the path given."""

    folder: Path
    origin: str


def pack_files(folder: Path) -> tuple[list[Path], list[Problem]]:
    """Every `*.yaml` document file of a pack, sorted by relative path, not the manifest;
    and the problems of what could not be a document file (see `sog.packs.walk`)."""
    return yaml_files(folder, skip=folder / MANIFEST)


def _subfolders(folder: Path) -> Iterator[Path]:
    try:
        children = sorted(folder.iterdir())
    except OSError:
        return  # reported by the caller
    for child in children:
        if child.is_dir() and not child.name.startswith(".") and child.name != "__pycache__":
            yield child


def expand_path(path: Path) -> tuple[list[Path], list[Problem]]:
    """The pack folders at `path`: itself if it has a manifest, else its subfolders that
    have one. Folders with YAML files but no manifest are problems naming the folder."""
    if (path / MANIFEST).is_file():
        return [path], []
    if os.path.lexists(path / MANIFEST):
        return [], [Problem(str(path / MANIFEST), None, None, "/", "not a regular file (a folder, a broken "
                            "or looping link, ...): the manifest must be a YAML file")]
    try:
        with os.scandir(path):
            pass
    except OSError as exc:
        return [], [Problem(str(path), None, None, "/", f"cannot read the folder: {exc.strerror or exc}")]
    packs = [child for child in _subfolders(path) if (child / MANIFEST).is_file()]
    if not packs:
        if holds_yaml(path):
            return [], [_no_manifest(path)]
        return [], [Problem(str(path), None, None, "/", "no content pack here: no pack.yaml in "
                            "this folder or its subfolders")]
    orphans = [c for c in _subfolders(path) if c not in packs and holds_yaml(c)]
    return packs, [_no_manifest(c) for c in orphans]


def _no_manifest(folder: Path) -> Problem:
    return Problem(str(folder), None, None, "/",
                   f"this folder holds YAML documents but no {MANIFEST}: every pack needs a manifest")


def builtin_pack_dirs() -> list[Path]:
    """Each subfolder of the `sog.content` package that has a `pack.yaml`, by name."""
    root = package_folder("sog.content")
    return [child for child in _subfolders(root) if (child / MANIFEST).is_file()]


def _entry_point_folder(obj: Any) -> Path:
    """The folder an entry point designates: a package's folder, or what a callable returns."""
    if inspect.ismodule(obj):
        if hasattr(obj, "__path__"):
            return package_folder(obj.__name__)
        return Path(obj.__file__).parent  # type: ignore[arg-type]
    if callable(obj):
        return Path(str(obj()))
    raise TypeError(f"expected a module or a callable returning a folder, got {type(obj).__name__}")


def entry_point_packs() -> tuple[list[PackSource], list[Problem]]:
    """Packs published by installed distributions in the `sog.packs` entry-point group.

    An entry point loads a module (its package folder is the pack, or a folder of packs) or
    a callable returning such a folder. One that fails to load is a problem, not a crash.
    """
    sources: list[PackSource] = []
    problems: list[Problem] = []
    eps = sorted(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name)
    for ep in eps:
        label = f"entry point {ep.name} ({ep.value})"
        try:
            folder = _entry_point_folder(ep.load())
        except Exception as exc:  # a broken third-party distribution must not crash us
            problems.append(Problem(label, None, None, "/", f"cannot load: {type(exc).__name__}: {exc}"))
            continue
        if not folder.is_dir():
            problems.append(Problem(label, None, None, "/", f"{folder} is not a folder"))
            continue
        folders, found = expand_path(folder)
        problems.extend(found)
        sources.extend(PackSource(f, f"entry-point:{ep.name}") for f in folders)
    return sources, problems
