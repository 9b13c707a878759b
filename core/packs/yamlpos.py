"""Read YAML into plain Python data while remembering where every value was written.

Why: schema errors name a JSON pointer (`/ships/3/pose/x`); an author needs a file line.
ruamel.yaml's round-trip loader keeps the line and column of every mapping key and sequence
item; `load_documents` turns each document into plain dicts/lists/scalars (what jsonschema
and pydantic expect) and a map from JSON pointer to its 0-based (line, col).
"""

from __future__ import annotations

import copy
import datetime as _dt
import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Mapping

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from .yamlguard import MAX_FILE_BYTES, GuardedComposer, GuardedScanner, LimitError

__all__ = [
    "Position", "YamlDocument", "YamlSyntaxError", "load_documents", "pointer", "display",
    "parse_pointer",
]

Position = tuple[int, int]
"""0-based (line, column) in the YAML text."""


def pointer(tokens: Iterable[Any]) -> str:
    """JSON pointer (RFC 6901) of a path of keys and indices; `""` is the whole document."""
    return "".join("/" + str(t).replace("~", "~0").replace("/", "~1") for t in tokens)


def parse_pointer(ptr: str) -> list[str]:
    """The tokens of a JSON pointer (indices stay strings)."""
    if not ptr or ptr == "/":
        return []
    return [t.replace("~1", "/").replace("~0", "~") for t in ptr.split("/")[1:]]


def display(ptr: str) -> str:
    """How a pointer is printed: `/` for the whole document."""
    return ptr or "/"


@dataclass(frozen=True)
class YamlDocument:
    """One YAML document as plain data, with the position of every value.

    `positions` maps a JSON pointer to where its value is written: for a mapping entry the
    position of its key, for a sequence item the position of the item, for `""` the start
    of the document. `index` is the document's rank in its file (0-based).
    """

    data: Any
    positions: Mapping[str, Position]
    index: int = 0

    def position(self, ptr: str) -> Position:
        """Position of `ptr`, or of its nearest ancestor with a known position."""
        tokens = parse_pointer(ptr)
        while True:
            found = self.positions.get(pointer(tokens))
            if found is not None:
                return found
            if not tokens:
                return (0, 0)
            tokens.pop()


@dataclass(frozen=True)
class YamlSyntaxError:
    """Malformed YAML: where the parser gave up and why."""

    line: int
    col: int
    message: str


@dataclass
class _Converter:
    positions: dict[str, Position] = field(default_factory=dict)
    issues: list[tuple[str, str]] = field(default_factory=list)

    def convert(self, node: Any, ptr: str) -> Any:
        if isinstance(node, CommentedMap):
            out: dict[str, Any] = {}
            for key, value in node.items():
                name = _key_text(key)
                child = ptr + pointer([name])
                self.positions[child] = _lc(node, "key", key) or self.positions[ptr]
                out[name] = self.convert(value, child)
            return out
        if isinstance(node, (CommentedSeq, list)):
            items = []
            for i, value in enumerate(node):
                child = f"{ptr}/{i}"
                self.positions[child] = _lc(node, "item", i) or self.positions[ptr]
                items.append(self.convert(value, child))
            return items
        return self.scalar(node, ptr)

    def scalar(self, node: Any, ptr: str) -> Any:
        if node is None or isinstance(node, bool):
            return node
        if type(node).__name__ == "ScalarBoolean":
            return bool(node)
        if isinstance(node, int):
            return int(node)
        if isinstance(node, float):
            if not math.isfinite(node):
                self.issues.append((ptr, "numbers must be finite (no .inf or .nan)"))
            return float(node)
        if isinstance(node, str):
            return str(node)
        if isinstance(node, (_dt.date, _dt.datetime)):
            return node.isoformat()
        value = getattr(node, "value", None)  # TaggedScalar and other wrappers
        if isinstance(value, str):
            return value
        self.issues.append((ptr, f"unsupported YAML value of type {type(node).__name__}"))
        return str(node)


def _key_text(key: Any) -> str:
    if isinstance(key, bool) or type(key).__name__ == "ScalarBoolean":
        return "true" if key else "false"
    return "null" if key is None else str(key)


def _lc(node: Any, what: str, key: Any) -> Position | None:
    try:
        line, col = getattr(node.lc, what)(key)
    except (AttributeError, KeyError, IndexError, TypeError):
        return None  # e.g. a key brought in by a `<<` merge
    return (int(line), int(col))


def _start(node: Any) -> Position | None:
    lc = getattr(node, "lc", None)
    if lc is None or lc.line is None:
        return None
    return (int(lc.line), int(lc.col))


PARSED_TEXTS_KEPT = 128
"""How many parsed file texts :func:`load_documents` keeps: a process that loads the same
packs again (tests, simulations) parses each text once (at most 32 MiB of text kept)."""


def load_documents(
    text: str,
) -> tuple[list[YamlDocument], list[tuple[int, str, str]], YamlSyntaxError | None]:
    """Parse every document of a YAML stream.

    Returns the documents read (empty documents are skipped), the conversion issues as
    `(document index, pointer, message)` (non-finite numbers, exotic values), and the
    syntax error that stopped the parse, if any (documents before it are still returned).
    What `sog.packs.yamlguard` refuses (aliases, tags, deep nesting, ...) stops the parse
    the same way, with a message saying which limit. The same text is parsed once; each
    call gets its own copy of the data.
    """
    docs, issues, syntax = _parsed(text)
    return ([YamlDocument(copy.deepcopy(doc.data), dict(doc.positions), doc.index) for doc in docs],
            list(issues), syntax)


@lru_cache(maxsize=PARSED_TEXTS_KEPT)
def _parsed(
    text: str,
) -> tuple[tuple[YamlDocument, ...], tuple[tuple[int, str, str], ...], YamlSyntaxError | None]:
    docs, issues, syntax = _parse_text(text)
    return tuple(docs), tuple(issues), syntax


def _parse_text(
    text: str,
) -> tuple[list[YamlDocument], list[tuple[int, str, str]], YamlSyntaxError | None]:
    if len(text) > MAX_FILE_BYTES:
        return [], [], YamlSyntaxError(0, 0, f"the text is longer than {MAX_FILE_BYTES} characters, "
                                             "the most a content file may be")
    yaml = YAML(typ="rt")
    yaml.Scanner, yaml.Composer = GuardedScanner, GuardedComposer
    docs: list[YamlDocument] = []
    issues: list[tuple[int, str, str]] = []
    index = 0
    try:
        for node in yaml.load_all(text):
            if node is None:
                index += 1
                continue
            conv = _Converter()
            conv.positions[""] = _start(node) or _guess_start(text, index)
            data = conv.convert(node, "")
            docs.append(YamlDocument(data, dict(conv.positions), index))
            issues.extend((index, p, m) for p, m in conv.issues)
            index += 1
    except LimitError as exc:
        line, col = exc.problem_mark.line, exc.problem_mark.column
        if exc.directive:  # point at the directive, not at the `---` after it
            line, col = _directive_line(text, line), 0
        return docs, issues, YamlSyntaxError(line, col, str(exc.problem))
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        if exc.context_mark is not None and (mark is None or mark.line >= _line_count(text)):
            mark = exc.context_mark  # the stream ended: point where the open construct began
        parts = [p for p in (exc.context, exc.problem) if p]
        message = "; ".join(str(p) for p in parts) or "malformed YAML"
        line, col = (mark.line, mark.column) if mark is not None else (0, 0)
        return docs, issues, YamlSyntaxError(line, col, f"YAML syntax error: {message}")
    except YAMLError as exc:  # errors without a position
        return docs, issues, YamlSyntaxError(0, 0, f"YAML error: {exc}")
    except (ValueError, RecursionError) as exc:  # a value ruamel.yaml cannot build
        return docs, issues, YamlSyntaxError(0, 0, f"YAML error: {type(exc).__name__}: {exc}")
    return docs, issues, None


def _directive_line(text: str, before: int) -> int:
    """The last line before line `before` that starts with `%` (a directive), else `before`."""
    lines = text.splitlines()[:before]
    return next((n for n in range(len(lines) - 1, -1, -1) if lines[n].startswith("%")), before)


def _line_count(text: str) -> int:
    return len(text.splitlines())


def _guess_start(text: str, index: int) -> Position:
    """Start of the `index`-th document of a stream, for scalar documents without `lc`."""
    if index == 0:
        return (0, 0)
    seen = 0
    for number, line in enumerate(text.splitlines()):
        if line.startswith("---"):
            seen += 1
            if seen == index:
                return (number + 1, 0) if line.strip() == "---" else (number, 0)
    return (0, 0)
