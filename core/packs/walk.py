"""Find the YAML files of a pack folder, safely: no hang, no crash, odd entries reported.

A pack folder is walked depth-first, in name order, skipping hidden entries (``.name``) and
``__pycache__``. Symbolic links are followed, each folder read once: a link leading back to
a folder already read (a loop) is a problem, not a hang. What cannot be a document file is
reported rather than skipped in silence, since its documents would be missing from the game
without a word: a folder named ``*.yaml`` (its files are still read), a ``*.yaml`` that is
not a regular file (a pipe, a device), a broken or looping link, a folder that cannot be
listed. The walk is bounded: ``MAX_FOLDER_DEPTH`` folders deep, ``MAX_ENTRIES`` entries
looked at, ``MAX_FILES`` YAML files.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Iterator

from .errors import Problem

__all__ = ["MAX_FOLDER_DEPTH", "MAX_ENTRIES", "MAX_FILES", "yaml_files", "holds_yaml"]

MAX_FOLDER_DEPTH = 16
"""Deepest folder read below a pack folder."""
MAX_ENTRIES = 100_000
"""Most folder entries (files, folders, links) looked at under one pack folder."""
MAX_FILES = 10_000
"""Most YAML files in one pack."""

SUFFIX = ".yaml"


def _hidden(name: str) -> bool:
    return name.startswith(".") or name == "__pycache__"


def _problem(path: Path, message: str) -> Problem:
    return Problem(str(path), None, None, "/", message)


def _walk(root: Path) -> Iterator[Path | Problem]:
    """Yield each YAML file under ``root`` and each problem met, bounded (module docstring)."""
    try:
        first = os.stat(root)
    except OSError as exc:
        yield _problem(root, f"cannot read the folder: {exc.strerror or exc}")
        return
    seen = {(first.st_dev, first.st_ino): root}
    stack: list[tuple[Path, int]] = [(root, 0)]
    entries = files = 0
    while stack:
        folder, depth = stack.pop()
        try:
            with os.scandir(folder) as listing:
                names = sorted(entry.name for entry in listing)
        except OSError as exc:
            yield _problem(folder, f"cannot read the folder: {exc.strerror or exc}")
            continue
        subfolders: list[tuple[Path, int]] = []
        for name in names:
            entries += 1
            if entries > MAX_ENTRIES:
                yield _problem(root, f"more than {MAX_ENTRIES} entries under this folder: is it really a pack?")
                return
            if _hidden(name):
                continue
            path = folder / name
            try:
                info = os.stat(path)  # follows symbolic links
            except OSError as exc:
                if name.endswith(SUFFIX) or exc.errno == errno.ELOOP:
                    yield _problem(path, f"cannot be read: {_reason(path, exc)}")
                continue
            if stat.S_ISDIR(info.st_mode):
                key = (info.st_dev, info.st_ino)
                if name.endswith(SUFFIX):
                    yield _problem(path, f"a folder named like a YAML file: rename it (the {SUFFIX} files "
                                         "inside are read as usual)")
                if key in seen:
                    yield _problem(path, f"a symbolic link leads back to {seen[key]}, already read: remove the link")
                elif depth + 1 > MAX_FOLDER_DEPTH:
                    yield _problem(path, f"folders nest more than {MAX_FOLDER_DEPTH} deep in this pack: not read")
                else:
                    seen[key] = path
                    subfolders.append((path, depth + 1))
            elif name.endswith(SUFFIX):
                if not stat.S_ISREG(info.st_mode):
                    yield _problem(path, "not a regular file (a pipe, a device, ...): not read")
                    continue
                files += 1
                if files > MAX_FILES:
                    yield _problem(root, f"more than {MAX_FILES} YAML files in this pack")
                    return
                yield path
        stack.extend(reversed(subfolders))


def _reason(path: Path, exc: OSError) -> str:
    if os.path.islink(path):
        loop = exc.errno == errno.ELOOP
        return "a symbolic link that loops" if loop else "a broken symbolic link"
    return exc.strerror or str(exc)


def yaml_files(folder: Path, skip: Path | None = None) -> tuple[list[Path], list[Problem]]:
    """Every visible ``*.yaml`` file under ``folder`` but ``skip`` (the manifest), sorted by
    relative path, and the problems met on the way."""
    files: list[Path] = []
    problems: list[Problem] = []
    for item in _walk(folder):
        if isinstance(item, Problem):
            problems.append(item)
        elif item != skip:
            files.append(item)
    return sorted(files, key=lambda p: p.relative_to(folder).as_posix()), problems


def holds_yaml(folder: Path) -> bool:
    """Whether ``folder`` holds a visible ``*.yaml`` file (at any depth); stops at the first."""
    return any(isinstance(item, Path) for item in _walk(folder))
