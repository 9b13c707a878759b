"""Line of sight across land: coasts and islands on the ruler's way (rulebook p. 45).

What: :class:`Land` is one land element as a prepared shapely polygon; ``ruler_clear(p, q,
lands, own)`` says whether a ruler laid from ``p`` to ``q`` may be used, and
``reach_over_land`` is :func:`.fire.reach` with the land added: the shortest ruler placement
from a dot to a target base inside the arc, past the other bases *and* the land.

Rule text implemented (p. 45): coasts and islands block the line of sight, for every firing
arc; firing from or at an element, the ruler is not blocked by parts of that element itself,
only by another element in between; but it is forbidden to fire when the ruler goes across
sea, then land, then sea again. Reefs and shoals have no effect on combat (they are no
``Land``).

Engine reading (rulings):

* :data:`OWN_OVERLAP`: a base is *on* an element when it overlaps it by more than this area
  (mm²); the shooter's and the target's elements are their *own*.
* :data:`LAND_GRAZE`: a ruler crossing less than this length (mm) of land does not cross it
  (touching a coastline or passing through a corner, as a ruler grazing a base, p. 15).
* ``ruler_clear``: the ruler crosses no land of an element not its own, and its land parts
  (all elements together: adjacent coasts are one land) touch its ends only: a land part
  strictly inside the ruler has sea on both sides (sea, land, sea). So a ship at sea sees a
  target on an island up to its coast, a battery on land fires out to sea and across a bay
  at a battery of the same coast, and nobody fires over a peninsula.

How: along each direction from the dot the ruler that matters ends where it first touches the
target (a longer one only crosses more). Whether that ruler is clear changes only at the
directions of the land's corners and of the points where the target's edge meets a
coastline, so the visible directions of :func:`.fire.visible_directions` are cut there, each
piece is tested once on its middle direction, and the shortest placement is taken over the
clear pieces (:func:`.fire.nearest_visible`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from shapely import LineString, Point, Polygon, prepare
from shapely.ops import nearest_points

from sog.geometry.shapes import Rect

from .fire import Directions, Reach, nearest_visible, visible_directions

__all__ = ["LAND_GRAZE", "OWN_OVERLAP", "Land", "lands_near", "on_land", "reach_over_land", "ruler_clear", "closest_ruler"]

OWN_OVERLAP = 1.0
"""Ruling: a base is on an element when it overlaps it by more than 1 mm²."""
LAND_GRAZE = 0.01
"""Ruling: a ruler crossing less than 0.01 mm of land does not cross it."""
_NARROW = 1e-9  # rad: pieces of directions narrower than this are not tested


@dataclass(frozen=True, eq=False)
class Land:
    """One land element (a coast or an island): its id and its outline in table mm, prepared."""

    id: str
    polygon: Polygon
    bounds: tuple[float, float, float, float] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        prepare(self.polygon)
        object.__setattr__(self, "bounds", tuple(self.polygon.bounds))


def _box(points: Iterable[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = zip(*points)
    return min(xs), min(ys), max(xs), max(ys)


def lands_near(lands: Sequence[Land], points: Iterable[tuple[float, float]]) -> list[Land]:
    """The lands whose bounding box meets the bounding box of ``points`` (pure Python: the
    quick test that keeps shapely away from rulers far from any land)."""
    x0, y0, x1, y1 = _box(points)
    return [land for land in lands
            if land.bounds[0] <= x1 and land.bounds[2] >= x0 and land.bounds[1] <= y1 and land.bounds[3] >= y0]


def on_land(lands: Sequence[Land], rect: Rect) -> frozenset[str]:
    """The ids of the lands a base is on (:data:`OWN_OVERLAP`)."""
    near = lands_near(lands, rect.corners)
    if not near:
        return frozenset()
    shape = rect.to_polygon()
    return frozenset(land.id for land in near
                     if land.polygon.intersects(shape) and land.polygon.intersection(shape).area > OWN_OVERLAP)


def _pieces(geometry: object) -> Iterable[LineString]:
    if isinstance(geometry, LineString):
        yield geometry
    else:
        for part in getattr(geometry, "geoms", ()):
            yield from _pieces(part)


def ruler_clear(p: tuple[float, float], q: tuple[float, float], lands: Sequence[Land],
                own: frozenset[str] = frozenset()) -> bool:
    """True when a ruler from ``p`` to ``q`` crosses no land it may not (module docstring)."""
    length = math.hypot(q[0] - p[0], q[1] - p[1])
    if length <= LAND_GRAZE:
        return True
    ruler = LineString([p, q])
    parts: list[tuple[float, float]] = []
    for land in lands:
        if not land.polygon.intersects(ruler):
            continue
        for piece in _pieces(land.polygon.intersection(ruler)):
            if piece.length <= LAND_GRAZE or not land.polygon.contains(piece.interpolate(0.5, normalized=True)):
                continue  # grazing: too short, or along the coastline
            if land.id not in own:
                return False  # another element in between
            ends = sorted(math.hypot(x - p[0], y - p[1]) for x, y in (piece.coords[0], piece.coords[-1]))
            parts.append((ends[0], ends[1]))
    parts.sort()
    merged: list[list[float]] = []
    for a, b in parts:
        if merged and a <= merged[-1][1] + LAND_GRAZE:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return not any(a > LAND_GRAZE and b < length - LAND_GRAZE for a, b in merged)  # sea, land, sea


def _cuts(seen: Directions, near: Sequence[Land]) -> list[float]:
    """The directions where a ruler's clearance may change (module docstring)."""
    angles = []
    for land in near:
        angles += [seen.angle(x, y) for x, y in land.polygon.exterior.coords]
        meet = land.polygon.exterior.intersection(seen.target.to_polygon().exterior)
        angles += [seen.angle(pt.x, pt.y) for pt in getattr(meet, "geoms", [meet]) if isinstance(pt, Point)]
    return sorted(angles)


def reach_over_land(
    dot: tuple[float, float],
    arc_from: float,
    arc_to: float,
    ruler_length: float,
    target: Rect,
    blockers: Sequence[Rect],
    lands: Sequence[Land],
    own: frozenset[str] = frozenset(),
) -> Reach | None:
    """:func:`.fire.reach` with ``lands`` on the table; ``own`` are the elements the shooter
    or the target is on."""
    seen = visible_directions(dot, arc_from, arc_to, ruler_length, target, blockers)
    if seen is None or isinstance(seen, Reach):
        return seen
    near = lands_near(lands, [dot, *target.corners])
    if not near:
        return nearest_visible(seen, ruler_length)
    best = nearest_visible(seen, ruler_length)
    if best is None or ruler_clear(dot, best.point, near, own):
        return best  # the shortest ruler is clear: no clear one is shorter
    cuts = _cuts(seen, near)
    clear: list[tuple[float, float]] = []
    for a, b in seen.intervals:
        edges = [a, *(c for c in cuts if a < c < b), b]
        for lo, hi in zip(edges, edges[1:]):
            if hi - lo < _NARROW:
                continue
            mid = 0.5 * (lo + hi)
            t = seen.entry(mid)
            if t == math.inf:
                continue
            rx, ry = seen.ray(mid)
            if ruler_clear(dot, (dot[0] + t * rx, dot[1] + t * ry), near, own):
                if clear and clear[-1][1] >= lo:
                    clear[-1] = (clear[-1][0], hi)
                else:
                    clear.append((lo, hi))
    if not clear:
        return None
    return nearest_visible(Directions(seen.dot, seen.target, seen.vx, seen.vy, seen.d0, tuple(clear)), ruler_length)


def closest_ruler(a: Rect, b: Rect) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two nearest points of two bases (the ruler of an edge-to-edge measure)."""
    pa, pb = nearest_points(a.to_polygon(), b.to_polygon())
    return (pa.x, pa.y), (pb.x, pb.y)
