"""The loaded content: every document of every pack, by kind and id, read-only.

A `Library` is what the game reads (`game.content`): generic accessors for every kind
(`get(kind, id)`, `all(kind)`, ...), typed ones for the core's own kinds (`pool`, `scenario`),
where each document came from, and the packs loaded. A game system reads its own kinds typed
through its own helpers.
It cannot be changed after loading, so a game cannot alter the data another game shares.
Lookups of unknown ids raise `UnknownId` (a KeyError) with did-you-mean suggestions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable, Mapping, TypeVar

from pydantic import BaseModel

from .errors import Problem, UnknownId, UnknownKind
from .fields import FrozenDict
from .models import CounterPool, Scenario

if TYPE_CHECKING:  # pragma: no cover
    from .documents import Located

__all__ = ["Library", "PackInfo", "Entry", "UnknownId", "UnknownKind"]

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class PackInfo:
    """A loaded pack.

    :ivar origin: `builtin`, `entry-point:NAME`, or the folder path it was given as.
    :ivar folder: the pack's folder.
    :ivar requires: the packs it refers to.
    :ivar documents: kind → ids of the pack's documents, in load order.
    """

    name: str
    version: str
    description: str
    origin: str
    folder: str = ""
    requires: tuple[str, ...] = ()
    documents: Mapping[str, tuple[str, ...]] = field(default_factory=FrozenDict)

    def count(self, kind: str) -> int:
        """How many documents of `kind` the pack holds."""
        return len(self.documents.get(kind, ()))


@dataclass(frozen=True)
class Entry:
    """A document in the library and where it was written (1-based line and column).

    :ivar at: the document as read, able to place any JSON pointer in its file (None for
        an entry not read from a file).
    """

    kind: str
    id: str
    model: BaseModel
    pack: str
    file: str
    line: int
    col: int
    at: Located | None = field(default=None, compare=False, repr=False)

    @property
    def location(self) -> str:
        """`file:line:col` of the document."""
        return f"{self.file}:{self.line}:{self.col}"

    def problem(self, ptr: str, message: str) -> Problem:
        """A problem at JSON pointer `ptr` inside the document, placed where it is written."""
        if self.at is not None:
            return self.at.problem(ptr, message)
        return Problem(self.file, self.line, self.col, ptr or "/", message)


class Library:
    """Read-only collection of content documents, by kind and id."""

    __slots__ = ("_entries", "_packs", "_kinds")

    def __init__(self, packs: Iterable[PackInfo], entries: Iterable[Entry], kinds: Iterable[str]) -> None:
        by_kind: dict[str, dict[str, Entry]] = {kind: {} for kind in kinds}
        for entry in entries:
            by_kind.setdefault(entry.kind, {}).setdefault(entry.id, entry)
        object.__setattr__(self, "_entries", FrozenDict({k: FrozenDict(v) for k, v in by_kind.items()}))
        object.__setattr__(self, "_packs", tuple(packs))
        object.__setattr__(self, "_kinds", tuple(by_kind))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Library is read-only")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Library is read-only")

    def __reduce__(self) -> tuple[Any, ...]:
        entries = [e for table in self._entries.values() for e in table.values()]
        return (Library, (self._packs, entries, self._kinds))

    def __copy__(self) -> "Library":
        return self  # immutable: a copy is the same library

    def __deepcopy__(self, memo: dict[int, Any]) -> "Library":
        return self

    def __repr__(self) -> str:
        counts = ", ".join(f"{k}={len(v)}" for k, v in self._entries.items() if v)
        return f"<Library packs={[p.name for p in self._packs]} {counts}>"

    # --- generic ------------------------------------------------------------------------

    @property
    def packs(self) -> tuple[PackInfo, ...]:
        """The loaded packs, in load order."""
        return self._packs

    @property
    def kinds(self) -> tuple[str, ...]:
        """The registered kind names."""
        return self._kinds

    def pack(self, name: str) -> PackInfo:
        """The loaded pack called `name` (UnknownId if none)."""
        for info in self._packs:
            if info.name == name:
                return info
        raise UnknownId("pack", name, [p.name for p in self._packs])

    def pack_mismatch(self, wanted: Iterable[Mapping[str, str]]) -> str | None:
        """What differs from the packs a game was played with (``{name, version}`` each, as a
        log header lists them): ``"pack N V, which is not loaded (...)"`` or ``"pack N V;
        loaded: N W"`` for the first that differs, else None."""
        have = {p.name: p.version for p in self._packs}
        for pack in wanted:
            name, version = pack["name"], pack["version"]
            if name not in have:
                return f"pack {name} {version}, which is not loaded (give its folder with --pack)"
            if have[name] != version:
                return f"pack {name} {version}; loaded: {name} {have[name]}"
        return None

    def _table(self, kind: str) -> Mapping[str, Entry]:
        try:
            return self._entries[kind]
        except KeyError:
            raise UnknownKind(kind, self._kinds) from None

    def entry(self, kind: str, id: str) -> Entry:
        """The document `id` of `kind` with its pack and location."""
        table = self._table(kind)
        try:
            return table[id]
        except KeyError:
            raise UnknownId(kind, id, list(table)) from None

    def get(self, kind: str, id: str) -> BaseModel:
        """The document `id` of `kind` (UnknownId / UnknownKind if absent)."""
        try:
            return self._entries[kind][id].model  # the usual case, in one look-up (rules ask often)
        except KeyError:
            return self.entry(kind, id).model  # raises the right error

    def has(self, kind: str, id: str) -> bool:
        """Whether a document `id` of `kind` is loaded."""
        return id in self._entries.get(kind, {})

    def all(self, kind: str) -> tuple[BaseModel, ...]:
        """Every document of `kind`, in load order (empty for a known kind without any)."""
        return tuple(e.model for e in self._table(kind).values())

    def ids(self, kind: str) -> tuple[str, ...]:
        """The ids of every document of `kind`, in load order."""
        return tuple(self._table(kind))

    def _typed(self, kind: str, id: str, model: type[M]) -> M:
        doc = self.get(kind, id)
        assert isinstance(doc, model), f"{kind} {id} is a {type(doc).__name__}"
        return doc

    # --- the core's kinds ---------------------------------------------------------------

    def pool(self, id: str) -> CounterPool:
        """The counter-pool document `id`."""
        return self._typed("counter-pool", id, CounterPool)

    def scenario(self, id: str) -> Scenario:
        """The scenario document `id`."""
        return self._typed("scenario", id, Scenario)
