"""Helpers shared by the content-pack tests: fixture packs, copies to break, loading."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sog.packs import ContentError, Library, Problem, load_library

FIXTURES = Path(__file__).parent / "fixtures"
MINI = FIXTURES / "mini"
ADDON = FIXTURES / "addon"


def load(*paths: Path, **kwargs) -> Library:
    """Load only the given folders (no built-in or installed packs)."""
    kwargs.setdefault("builtin", False)
    kwargs.setdefault("entry_points", False)
    return load_library(paths, **kwargs)


def problems(*paths: Path, **kwargs) -> list[Problem]:
    """The problems loading the given folders reports (fails if it loads)."""
    with pytest.raises(ContentError) as info:
        load(*paths, **kwargs)
    return list(info.value.problems)


def copy_pack(tmp_path: Path, source: Path = MINI, name: str | None = None) -> Path:
    """A copy of a fixture pack under tmp_path, to break."""
    target = tmp_path / (name or source.name)
    shutil.copytree(source, target)
    return target


def write(path: Path, text: str) -> Path:
    """Write a file (creating folders) and return its path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def replace_line(path: Path, old: str, new: str) -> int:
    """Replace the (single) line equal to `old` by `new`; return its 1-based number."""
    lines = path.read_text(encoding="utf-8").split("\n")
    numbers = [i for i, line in enumerate(lines) if line == old]
    assert len(numbers) == 1, f"{old!r} occurs {len(numbers)} times in {path}"
    lines[numbers[0]] = new
    path.write_text("\n".join(lines), encoding="utf-8")
    return numbers[0] + 1


def located(found: list[Problem]) -> list[tuple[str, int | None, str]]:
    """(file name, line, pointer) of each problem, for compact exact assertions."""
    return [(Path(p.file).name, p.line, p.pointer) for p in found]
