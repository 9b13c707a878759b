"""Errors of the content-pack system.

A content problem is never an exception on its own: loading collects every `Problem`
(file, line, column, JSON pointer, message) so an author sees all mistakes at once, then
raises a single `ContentError` carrying them. Looking up an id that is not in a loaded
library raises `UnknownId`, a `KeyError` that suggests the nearest ids.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Iterable, Sequence

from sog.errors import SogError

__all__ = ["Problem", "ContentError", "UnknownId", "UnknownKind", "did_you_mean"]


@dataclass(frozen=True)
class Problem:
    """One mistake in the content, located as precisely as the loader could.

    `line` and `col` are 1-based; they are None when the problem has no position in a file
    (a pack folder without a manifest, an entry point that does not load). `pointer` is the
    JSON pointer of the offending value inside its YAML document, `/` for the whole document.
    """

    file: str
    line: int | None
    col: int | None
    pointer: str
    message: str

    def __str__(self) -> str:
        if self.line is None:
            return f"{self.file}: {self.message}"
        return f"{self.file}:{self.line}:{self.col or 1}: {self.pointer}: {self.message}"

    def sort_key(self) -> tuple[str, int, int, str, str]:
        """Order by file, then position, so reports read top to bottom."""
        return (self.file, self.line or 0, self.col or 0, self.pointer, self.message)


class ContentError(SogError):
    """Loading content found problems; `.problems` lists all of them, in file order."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(sorted(problems, key=Problem.sort_key))
        count = len(self.problems)
        head = f"{count} content problem{'s' if count != 1 else ''}"
        super().__init__("\n".join([head, *map(str, self.problems)]))


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """Return ` (did you mean 'x'?)` for the closest choices, or an empty string."""
    close = difflib.get_close_matches(str(word), sorted(set(choices)), n=3, cutoff=0.6)
    if not close:
        return ""
    return " (did you mean " + " or ".join(repr(c) for c in close) + "?)"


class UnknownId(KeyError):
    """A library lookup named an id that no loaded pack defines."""

    def __init__(self, kind: str, id: str, known: Sequence[str]) -> None:
        super().__init__(kind, id)
        self.kind = kind
        self.id = id
        self.known = tuple(known)

    def __str__(self) -> str:
        return f"no {self.kind} with id {self.id!r}{did_you_mean(self.id, self.known)}"


class UnknownKind(KeyError):
    """A library lookup named a document kind that is not registered."""

    def __init__(self, kind: str, known: Sequence[str]) -> None:
        super().__init__(kind)
        self.kind = kind
        self.known = tuple(known)

    def __str__(self) -> str:
        return f"unknown content kind {self.kind!r}{did_you_mean(self.kind, self.known)}"
