"""The hazards of the placed terrain to navigation (rulebook pp. 43-45); geometry, not a rule.

What: which parts of the table a ship's base must not overlap, and what each does to it.

* a **reef** element, and the dangerous waters of a **rocky** coastline: a ship is treated
  as overlapping a reef (``effect="reef"``);
* a **shoal** element, and the dangerous waters of a **sandy** coastline: as overlapping a
  shoal (``effect="shoal"``);
* a **coast** or **island** element itself: as a reef with twice the burden in counters, and
  the ship always runs aground (``effect="land"``).

The dangerous waters of a coast or island are the element's outline grown by its danger
distance (``ruler-width``: the ruler's width; ``red``: the length of the ruler's red band);
a harbor, a coastline ``none`` or a danger ``none`` has none. A base "within the distance"
of the coastline overlaps that grown outline.

Each hazard's :class:`Zone` is an obstacle for the movement rule's slide (the same interface
as a base's rectangle: :mod:`sog.plugins.system.geometry.paths`), built with shapely from
:func:`sog.plugins.system.terrain_table.placed_terrain` and cached per placed terrain and
ruler. Without placed terrain nothing here does any shapely work.

Rulings:

* ``TOUCHING_AREA``: a base overlaps a hazard when their common area exceeds this (mm²):
  a base touching it, or within a rounding residue of it, does not.
* The danger distances are the system's (:func:`sog.plugins.system.terrain_table.danger_distance`,
  ruling ``DANGER_BAND``: the red part is the ruler's band named ``red``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from shapely import Point, Polygon, prepare

from sog.geometry import Rect
from sog.geometry.tolerance import EPS
from sog.plugins.system.tabletop import ruler_of
from sog.plugins.system.terrain_table import PlacedTerrain, placed_terrain
from sog.plugins.system.terrain_table import danger_distance as table_danger

__all__ = ["Hazard", "TOUCHING_AREA", "Zone", "danger_distance", "hazards", "hazards_met"]

#: Ruling: the common area (mm²) above which a base overlaps a hazard.
TOUCHING_AREA = 1e-4
#: The elements that are land (their own outline grounds a ship).
LAND = ("coast", "island")


class Zone:
    """A polygon as an obstacle of the movement slide (the interface of :class:`Rect`)."""

    __slots__ = ("polygon", "cx", "cy", "radius")

    def __init__(self, polygon: Polygon) -> None:
        prepare(polygon)
        self.polygon = polygon
        c = polygon.centroid
        self.cx, self.cy = c.x, c.y
        self.radius = max(math.hypot(x - self.cx, y - self.cy) for x, y in polygon.exterior.coords)

    def _far(self, rect: Rect) -> bool:
        dx, dy, rr = rect.cx - self.cx, rect.cy - self.cy, rect.radius + self.radius
        return dx * dx + dy * dy >= rr * rr

    def overlaps(self, rect: Rect) -> bool:
        """Whether the base's interior and the zone's meet by more than ``TOUCHING_AREA``."""
        if self._far(rect):
            return False
        shape = Polygon(rect.corners)
        return self.polygon.intersects(shape) and self.polygon.intersection(shape).area > TOUCHING_AREA

    def distance(self, rect: Rect) -> float:
        """Edge-to-edge distance (0 when touching or overlapping)."""
        d = self.polygon.distance(Polygon(rect.corners))
        return 0.0 if d <= EPS else d

    def gap(self, rect: Rect) -> float:
        """The distance when apart; when overlapping, minus how deep they are in one another:
        the deepest corner of either inside the other (the square root of the common area when
        no corner is inside, e.g. a thin spike across the base)."""
        if not self.overlaps(rect):
            return self.distance(rect)
        shape = Polygon(rect.corners)
        depths = [self.polygon.exterior.distance(Point(x, y)) for x, y in rect.corners if self.polygon.contains(Point(x, y))]
        depths += [shape.exterior.distance(Point(x, y)) for x, y in self.polygon.exterior.coords if shape.contains(Point(x, y))]
        return -(max(depths, default=0.0) or math.sqrt(self.polygon.intersection(shape).area))


@dataclass(frozen=True)
class Hazard:
    """One hazard on the table: its id, the placed element, what it does and its zone.

    :ivar id: ``PLACEMENT`` for the element itself, ``PLACEMENT:danger`` for its dangerous waters.
    :ivar effect: ``"reef"``, ``"shoal"`` or ``"land"``.
    """

    id: str
    placed: PlacedTerrain
    effect: str
    zone: Zone


def danger_distance(game: Any, danger: str) -> float:
    """The danger distance ``danger`` names, in mm (0 for ``none``), from the game's ruler
    (:func:`sog.plugins.system.terrain_table.danger_distance`)."""
    return table_danger(ruler_of(game), danger)


def hazards(game: Any, effects: tuple[str, ...] = ("reef", "shoal", "land")) -> tuple[Hazard, ...]:
    """Every hazard of the placed terrain whose effect is in ``effects``, in placing order
    (elements before dangerous waters of the same placement). ``game`` may be a seat's view table."""
    placed = placed_terrain(game)
    if not placed:
        return ()
    dangers = sorted({p.danger for p in placed if p.land and p.danger != "none"})
    distances = tuple((d, danger_distance(game, d)) for d in dangers)
    return tuple(h for h in _hazards(placed, distances) if h.effect in effects)


@lru_cache(maxsize=64)
def _hazards(placed: tuple[PlacedTerrain, ...], distances: tuple[tuple[str, float], ...]) -> tuple[Hazard, ...]:
    out = []
    for p in placed:
        if p.element in LAND:
            out.append(Hazard(p.id, p, "land", Zone(p.polygon)))
            distance = dict(distances).get(p.danger, 0.0)
            if not p.harbor and p.coastline != "none" and distance > 0.0:
                effect = "reef" if p.coastline == "rocky" else "shoal"
                out.append(Hazard(f"{p.id}:danger", p, effect, Zone(p.polygon.buffer(distance, quad_segs=16))))
        else:
            out.append(Hazard(p.id, p, p.element, Zone(p.polygon)))
    return tuple(out)


def hazards_met(game: Any, rect: Rect, effects: tuple[str, ...] = ("reef", "shoal", "land")) -> list[Hazard]:
    """The hazards a base at ``rect`` overlaps (or is within the danger distance of)."""
    return [h for h in hazards(game, effects) if h.zone.overlaps(rect)]
