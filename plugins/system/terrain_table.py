"""The terrain on the table: the elements placed in a game, as world polygons.

The placed elements are part of the game state, in ``game.state.ext["terrain"]["placed"]``
(public: everybody sees the table), a list of :class:`~.content_terrain.TerrainPlacement`
dicts; the scenario's fixed elements are copied there at set-up and placement decisions add
more, always through :func:`add_placement`. Rules read them with :func:`placed_terrain`:
shapely polygons in table millimetres, prepared for fast tests, cached per placement list.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from shapely import Polygon, prepare
from shapely.affinity import rotate, translate

from .content_terrain import TerrainElement, TerrainPlacement
from .geometry.sight import Land

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game
    from sog.packs.library import Library

__all__ = ["DANGER_BAND", "OWNER", "PlacedTerrain", "add_placement", "danger_distance", "land_of", "placed_terrain", "placements"]

OWNER = "terrain"
"""The key of the placed terrain in ``game.state.ext``."""
KIND = "terrain"
"""The content kind of terrain elements."""


@dataclass(frozen=True)
class PlacedTerrain:
    """An element on the table: the placement's values, the document's where it gives none.

    :ivar polygon: the outline in table millimetres (prepared: fast ``intersects``/``contains``).
    """

    id: str
    element_id: str
    element: str
    name: str
    coastline: str
    danger: str
    harbor: bool
    polygon: Polygon

    @property
    def land(self) -> bool:
        """Coasts and islands are land (they block the line of sight); reefs and shoals are not."""
        return self.element in ("coast", "island")


def placements(game: Game) -> list[dict[str, Any]]:
    """The placement records of the game (the list itself, in placing order); a bot's table
    rebuilt from a view reads them from the view's ``ext`` alike."""
    ext = getattr(game.state, "ext", None) or {}
    return ext.get(OWNER, {}).get("placed", [])


def add_placement(game: Game, placement: TerrainPlacement) -> None:
    """Put an element on the table (set-up or a placement decision)."""
    game.state.ext.setdefault(OWNER, {}).setdefault("placed", []).append(placement.model_dump(mode="json", exclude_none=True))
    game.refresh_idle_rules()  # the terrain rules are idle without terrain


def world_polygon(element: TerrainElement, x: float, y: float, heading: float) -> Polygon:
    """The element's outline turned by ``heading`` (compass degrees, clockwise) and moved to ``(x, y)``."""
    shape = Polygon([(p[0], p[1]) for p in element.outline])
    return translate(rotate(shape, -heading, origin=(0, 0)), x, y)


def placed_terrain(game: Game) -> tuple[PlacedTerrain, ...]:
    """Every element on the table, in placing order."""
    records = placements(game)
    if not records:
        return ()
    key = tuple(tuple(sorted(r.items())) for r in records)
    return _placed(game.content, key)


@lru_cache(maxsize=256)
def _placed(library: Library, key: tuple[tuple[tuple[str, Any], ...], ...]) -> tuple[PlacedTerrain, ...]:
    out = []
    for items in key:
        record = TerrainPlacement.model_validate(dict(items))
        element = library.get(KIND, record.element)
        assert isinstance(element, TerrainElement)
        polygon = world_polygon(element, record.x, record.y, record.heading)
        prepare(polygon)
        out.append(PlacedTerrain(
            id=record.id, element_id=element.id, element=element.element, name=element.name,
            coastline=record.coastline or element.coastline, danger=record.danger or element.danger,
            harbor=element.harbor if record.harbor is None else record.harbor, polygon=polygon,
        ))
    return tuple(out)


def land_of(game: Game) -> tuple[Land, ...]:
    """The coasts and islands on the table, for the line of sight (reefs and shoals have no
    effect on combat, p. 44); empty without land, at once (no shapely)."""
    if not placements(game):
        return ()
    placed = placed_terrain(game)
    cached = _LANDS.get(id(placed))
    if cached is None or cached[0] is not placed:
        cached = _LANDS[id(placed)] = (placed, tuple(Land(p.id, p.polygon) for p in placed if p.land))
    return cached[1]


#: Lands by identity of the placed terrain they were made from (kept, so the id stays unique).
_LANDS: dict[int, tuple[tuple[PlacedTerrain, ...], tuple[Land, ...]]] = {}

DANGER_BAND = "red"
"""Ruling: "the red/purple part of the ruler" (p. 45) is the ruler's band named ``red``."""


def danger_distance(ruler: Any, danger: str) -> float:
    """How far from a coastline is dangerous (p. 45), mm: the ruler's width, the end of its
    red band, or 0 for ``none``."""
    if danger == "ruler-width":
        return float(ruler.width)
    if danger == "red":
        return float(next(b.to for b in ruler.bands if b.name == DANGER_BAND))
    return 0.0
