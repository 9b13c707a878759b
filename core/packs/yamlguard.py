"""Limits on what a content file may hold, so reading one takes bounded time and memory.

A pack is data from anyone: a file must not be able to hang or exhaust the loader. Every
limit below is checked while the YAML is composed (one pass, nothing is built past the
first violation) and a violation is a located problem, never an exception:

* the file is at most ``MAX_FILE_BYTES`` long (checked before parsing);
* at most ``MAX_DOCUMENTS`` documents and ``MAX_NODES`` values per file;
* collections nest at most ``MAX_DEPTH`` deep;
* a scalar (key or value) is at most ``MAX_SCALAR`` characters, a number ``MAX_NUMBER``;
* no YAML directives (``%YAML``, ``%TAG``), no tags (``!foo``, ``!!python/object``, even
  ``!!str``), no anchors (``&a``) and no aliases (``*a``): content is plain data, and an
  alias is what makes "billion laughs" bombs, so it is refused outright rather than
  counted.
"""

from __future__ import annotations

import os
from typing import Any

from ruamel.yaml.composer import Composer
from ruamel.yaml.error import MarkedYAMLError
from ruamel.yaml.events import AliasEvent, CollectionStartEvent, ScalarEvent
from ruamel.yaml.scanner import RoundTripScanner

__all__ = [
    "MAX_FILE_BYTES", "MAX_DOCUMENTS", "MAX_NODES", "MAX_DEPTH", "MAX_SCALAR", "MAX_NUMBER", "LimitError",
    "GuardedComposer", "GuardedScanner", "read_limited",
]

MAX_FILE_BYTES = 256 * 1024
"""Largest content file, in bytes (256 KiB; the biggest Starter Set file is about 10 KiB:
split a bigger file in several)."""
MAX_NODES = 20_000
"""Most values (scalars, mappings, sequences; keys included) in one file: reading costs
time by the value (a Starter Set deck has about 1400)."""
MAX_DOCUMENTS = 1000
"""Most documents (``---``-separated, empty ones included) in one file."""
MAX_DEPTH = 32
"""Deepest nesting of mappings and sequences (a deck's line end is at depth 6)."""
MAX_SCALAR = 10_000
"""Longest scalar, in characters."""
MAX_NUMBER = 50
"""Longest number, in characters (Python refuses integers of more than 4300 digits)."""


class LimitError(MarkedYAMLError):
    """The YAML breaks one of the content limits, at ``problem_mark``."""

    def __init__(self, message: str, mark: Any, directive: bool = False) -> None:
        super().__init__(problem=message, problem_mark=mark)
        self.directive = directive


def read_limited(path: str | os.PathLike[str]) -> str:
    """The text of a content file (UTF-8), refusing one longer than ``MAX_FILE_BYTES``.

    Reads at most one byte past the limit, whatever the file claims to be.

    :raises ValueError: the file is too long (the message says so).
    :raises OSError: the file cannot be read.
    :raises UnicodeDecodeError: the file is not UTF-8.
    """
    with open(path, "rb") as stream:
        data = stream.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise ValueError(f"the file is longer than {MAX_FILE_BYTES} bytes, the most a content file may be")
    return data.decode("utf-8")


def _shown(tag: Any) -> str:
    """A tag as written: `!!str` rather than `tag:yaml.org,2002:str`."""
    text = str(tag)
    return "!!" + text[len(_CORE):] if text.startswith(_CORE) else text


_CORE = "tag:yaml.org,2002:"


def _is_number(node: Any) -> bool:
    return str(node.tag).rsplit(":", 1)[-1] in ("int", "float")


class GuardedScanner(RoundTripScanner):
    """ruamel.yaml's round-trip scanner, refusing flow collections (`[`, `{`) nested more
    than ``MAX_DEPTH`` deep as soon as it meets the opening bracket: the scanner looks up to
    1024 characters ahead for simple keys, at a cost that grows with the square of the
    open brackets, so ``[[[[...`` must be stopped here, before the composer sees it."""

    def fetch_flow_collection_start(self, TokenClass: Any, to_push: Any) -> None:
        if self.flow_level >= MAX_DEPTH:
            raise LimitError(f"mappings and sequences nest more than {MAX_DEPTH} deep", self.reader.get_mark())
        super().fetch_flow_collection_start(TokenClass, to_push)


class GuardedComposer(Composer):
    """ruamel.yaml's composer, refusing what content may not contain (module docstring)."""

    def __init__(self, loader: Any = None) -> None:
        super().__init__(loader=loader)
        self.documents = 0
        self.nodes = 0

    def compose_document(self) -> Any:
        event = self.parser.peek_event()
        self.documents += 1
        if self.documents > MAX_DOCUMENTS:
            raise LimitError(f"more than {MAX_DOCUMENTS} documents in one file", event.start_mark)
        if getattr(event, "version", None) or getattr(event, "tags", None):
            raise LimitError("YAML directives (%YAML, %TAG) are not allowed in content", event.start_mark, True)
        return super().compose_document()

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.parser.peek_event()
        mark = event.start_mark
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise LimitError(f"more than {MAX_NODES} values in one file: split it", mark)
        if isinstance(event, AliasEvent):
            raise LimitError(f"aliases (*{event.anchor}) are not allowed in content: write the value out", mark)
        if event.anchor is not None:
            raise LimitError(f"anchors (&{event.anchor}) are not allowed in content", mark)
        if getattr(event, "ctag", None) is not None:
            raise LimitError(f"tags ({_shown(event.ctag)}) are not allowed in content: write plain values", mark)
        if isinstance(event, CollectionStartEvent) and self.depth >= MAX_DEPTH:
            raise LimitError(f"mappings and sequences nest more than {MAX_DEPTH} deep", mark)
        if isinstance(event, ScalarEvent) and len(event.value) > MAX_SCALAR:
            raise LimitError(f"a value of {len(event.value)} characters, more than the maximum of {MAX_SCALAR}", mark)
        node = super().compose_node(parent, index)
        if isinstance(event, ScalarEvent) and len(event.value) > MAX_NUMBER and _is_number(node):
            raise LimitError(f"a number of {len(event.value)} characters, more than the maximum of {MAX_NUMBER}", mark)
        return node
