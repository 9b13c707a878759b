"""One snapshot of the table: the bases in play and out, their rectangles, a neighbour index.

What: :class:`TableSnapshot` holds what every geometric question of a step reads — the ships in
play (scenario order), the obstacles, their base documents and rectangles, the scenario's
ruler — with a :class:`~sog.geometry.grid.GridIndex` of the bases' centres, so a broadside or a
musketry search looks only at the bases within the ruler's reach. :func:`table_snapshot` gives
the game's snapshot: the one *pinned* for it (:func:`pinned`), else a cached one checked against
the state (each ship's status, side, document and pose, the obstacles, the content), else a new
one. A pose that changes, a ship that leaves or an obstacle that appears makes a new snapshot.

Why: combat asks every ship and side which enemies it reaches; rebuilding every other ship's
rectangle for each question grows with the square of the fleet. The index only narrows the
candidates and keeps their order, so the answers are the same, float for float.

Pinning: a rule whose questions all read one unchanged table (the combat step asking its fire
requests) pins the snapshot for that block, which saves checking the state at every question;
nothing in the block may move a ship. Pins and cache are per thread and keep no game alive.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from sog.geometry import GridIndex, Pose, Rect

from .content_models import base_doc, ruler_doc

__all__ = ["TableSnapshot", "base_of", "base_rect", "pinned", "table_snapshot"]

#: Up to this many bases a search tests every one (no grid).
FEW = 12
#: A base is a candidate within ``r`` of a point when its centre is within ``r`` plus the
#: largest base's half diagonal plus this margin (mm); the exact tests come after.
MARGIN = 1.0


class TableSnapshot:
    """The bases on the table at one moment, indexed by position.

    ``pieces`` are the ships in play (scenario order) then the obstacles, as ``(id, rect)``:
    the order in which every rule lists blockers; ``ships`` are the first ``len(ships)``.
    """

    __slots__ = ("__weakref__", "_sides", "bands", "bases", "index", "max_radius", "pieces", "ruler", "ships")

    def __init__(self, game: Any, ships: list[Any], obstacles: list[Any]) -> None:
        bases = [_base(game, s) for s in ships] + [_base(game, s) for s in obstacles]
        placed = [*ships, *obstacles]
        self.ships: tuple[Any, ...] = tuple(ships)
        self.bases: tuple[Any, ...] = tuple(bases)
        self.pieces: tuple[tuple[str, Rect], ...] = tuple(
            (s.id, _rect(s.pose.x, s.pose.y, s.pose.heading, b.width, b.length)) for s, b in zip(placed, bases))
        self.max_radius = max((r.radius for _, r in self.pieces), default=0.0)
        self.ruler, self.bands = _ruler(game.content, game.state.scenario)
        if len(self.pieces) > FEW:
            # Cells twice a broadside's reach: a search visits about four of them.
            cell = 2.0 * (max(float(self.ruler.length), 1.0) + 2.0 * self.max_radius)
            self.index: GridIndex | None = GridIndex([(r.cx, r.cy) for _, r in self.pieces], cell)
        else:
            self.index = None
        self._sides: dict[str, list[Any]] = {}

    def enemies(self, side: str) -> list[Any]:
        """Ships in play not of ``side``, in scenario order (a new list)."""
        found = self._sides.get(side)
        if found is None:
            found = self._sides[side] = [s for s in self.ships if s.side != side]
        return list(found)

    def near(self, x: float, y: float, reach: float) -> list[int]:
        """Indices into :attr:`pieces`, ascending, of every base that may come within ``reach``
        of ``(x, y)`` (a superset: centre within ``reach`` + the largest radius + ``MARGIN``)."""
        if self.index is None:
            return list(range(len(self.pieces)))  # so few that testing each costs less than sorting them out
        return self.index.near(x, y, reach + self.max_radius + MARGIN)

    def rect(self, ship_id: str) -> Rect | None:
        """The base of the piece ``ship_id`` (``None`` when it is not on the table)."""
        return next((r for pid, r in self.pieces if pid == ship_id), None)


@lru_cache(maxsize=4096)
def base_rect(x: float, y: float, heading: float, width: float, length: float) -> Rect:
    """The base rectangle at a pose (cached: rectangles are immutable and asked for often)."""
    return Rect.of_base(Pose(x, y, heading), width, length)


_rect = base_rect


def base_of(game: Any, ship: Any) -> Any:
    """The ``base`` content document of a ship (cached per ship document)."""
    doc = game.ship_doc(ship)
    cached = _BASES.get(id(doc))
    if cached is None or cached[0] is not doc:
        cached = _BASES[id(doc)] = (doc, base_doc(game.content, doc.base))
    return cached[1]


_base = base_of
#: Base documents by ship-document identity; the ship document is kept so its id stays unique.
_BASES: dict[int, tuple[Any, Any]] = {}


def _ruler(content: Any, scenario: str) -> tuple[Any, list[tuple[str, float, float]]]:
    """The scenario's ruler document and its bands ``(name, from, to)`` (cached per content)."""
    cached = _RULERS.get((id(content), scenario))
    if cached is None or cached[0] is not content:
        if len(_RULERS) >= 64:
            _RULERS.clear()  # libraries come and go: keep none for ever
        ruler = ruler_doc(content, content.scenario(scenario).ruler)
        cached = _RULERS[(id(content), scenario)] = (content, ruler, [(b.name, b.from_, b.to) for b in ruler.bands])
    return cached[1], cached[2]


#: Rulers by (content identity, scenario); the content is kept so its id cannot be reused.
_RULERS: dict[tuple[int, str], tuple[Any, Any, list[tuple[str, float, float]]]] = {}


class _PerThread(threading.local):
    """The pins and the cache of one thread (games may be played in threads side by side)."""

    def __init__(self) -> None:
        #: Snapshots pinned by :func:`pinned`, innermost last, with their game.
        self.pins: list[tuple[Any, TableSnapshot]] = []
        #: The last snapshot of each game, with the state it was built from (and the objects
        #: whose ids that key holds, so the ids stay unique).
        self.cache: weakref.WeakKeyDictionary[Any, tuple[list[Any], list[Any], TableSnapshot]] = weakref.WeakKeyDictionary()


_LOCAL = _PerThread()


def _state_key(game: Any) -> tuple[list[Any], list[Any], list[Any]]:
    """What a snapshot is built from: every ship's identity, status, side, document and pose
    (compared by value: a pose changed in place counts), the obstacles, the content."""
    ships = game.state.ships.values()
    key: list[Any] = [id(game.content), game.state.scenario]
    key += [(id(s), s.status, s.side, s.ship, p.x, p.y, p.heading) for s in ships for p in (s.pose,)]
    in_play = [s for s in ships if s.in_play]
    # Obstacles are ships out of play: with every ship in play there is none to ask for.
    obstacles = game.obstacles() if len(in_play) < len(game.state.ships) else []
    key.append(tuple(s.id for s in obstacles))
    return key, in_play, obstacles


def table_snapshot(game: Any) -> TableSnapshot:
    """The table of ``game`` now (pinned, cached or new; see the module docstring)."""
    local = _LOCAL
    for pinned_game, snapshot in reversed(local.pins):
        if pinned_game is game:
            return snapshot
    key, in_play, obstacles = _state_key(game)
    try:
        cached = local.cache.get(game)
    except TypeError:  # an unhashable reading surface: no cache
        return TableSnapshot(game, in_play, obstacles)
    if cached is not None and cached[0] == key:
        return cached[2]
    snapshot = TableSnapshot(game, in_play, obstacles)
    try:
        local.cache[game] = (key, [game.content, *game.state.ships.values()], snapshot)
    except TypeError:
        pass
    return snapshot


@contextmanager
def pinned(game: Any) -> Iterator[TableSnapshot]:
    """Use one snapshot of ``game`` for every question inside the block (nothing may move)."""
    snapshot = table_snapshot(game)
    entry = (game, snapshot)
    pins = _LOCAL.pins
    pins.append(entry)
    try:
        yield snapshot
    finally:
        del pins[max(i for i, pin in enumerate(pins) if pin is entry)]  # this block's pin, whatever the order
