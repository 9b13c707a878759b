"""The visible part of a target as a shapely polygon (slow path).

What: ``visible_region`` builds (target ∩ arc wedge) minus the shadows of the blockers, with
shapely; ``reach_by_region`` derives the same answer as :func:`.fire.reach` from it, and
``line_of_sight_by_region`` the answer of :func:`.fire.line_of_sight`.

Why: rendering wants the region itself (to draw what a broadside can hit), and the tests use
it as an independent reference for the fast exact ``reach``. The wedge and the shadows are
exact polygons (straight edges from the dot, far edges beyond every point of interest), so
the only difference from ``reach`` is at grazing contacts: shapely's closed shadows hide a
line of sight that only grazes a blocker, which the rules (and ``reach``) allow.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from sog.geometry.pose import heading_vector
from sog.geometry.shapes import Rect
from sog.geometry.tolerance import EPS

from .fire import Reach, arc_width

__all__ = ["visible_region", "reach_by_region", "line_of_sight_by_region"]

_STEP = 20.0  # degrees between far points: chords stay far beyond the region of interest


def _fan(ox: float, oy: float, start: float, width: float,
         radius: float) -> list[tuple[float, float]]:
    """Points at ``radius`` from ``o`` on bearings from ``start`` clockwise over ``width``."""
    n = max(1, math.ceil(width / _STEP))
    pts = []
    for i in range(n + 1):
        fx, fy = heading_vector(start + width * i / n)
        pts.append((ox + radius * fx, oy + radius * fy))
    return pts


def _bearing_span(r: Rect, ox: float, oy: float) -> tuple[float, float]:
    """Compass bearing of the first corner clockwise and the angular width of ``r`` from o."""
    cb = math.degrees(math.atan2(r.cx - ox, r.cy - oy))
    rel = []
    for x, y in r.corners:
        if abs(x - ox) <= EPS and abs(y - oy) <= EPS:
            continue
        b = math.degrees(math.atan2(x - ox, y - oy))
        rel.append((b - cb + 180.0) % 360.0 - 180.0)
    return cb + min(rel), max(rel) - min(rel)


def visible_region(
    dot: tuple[float, float],
    arc_from: float,
    arc_to: float,
    ruler_length: float,
    target: Rect,
    blockers: Sequence[Rect] = (),
    clip_to_ruler: bool = True,
) -> Any:
    """Shapely geometry of the part of ``target`` inside the arc, in line of sight from
    ``dot`` and (if ``clip_to_ruler``) within ``ruler_length`` (disk approximated by a
    256-gon inscribed, so slightly short). May be empty."""
    from shapely.geometry import Point, Polygon
    from shapely.ops import unary_union

    ox, oy = dot
    big = math.hypot(target.cx - ox, target.cy - oy) + target.radius + ruler_length + 100.0
    big *= 2.0
    region = target.to_polygon()
    w = arc_width(arc_from, arc_to)
    if w < 360.0:
        wedge = Polygon([(ox, oy), *_fan(ox, oy, arc_from, w, big)])
        region = region.intersection(wedge)
    shadows = []
    for bl in blockers:
        if bl.contains_point(ox, oy, -EPS):
            return Polygon()
        if bl.point_distance(ox, oy) > big:
            continue
        start, width = _bearing_span(bl, ox, oy)
        pts = list(bl.corners) + _fan(ox, oy, start, width, big)
        shadows.append(Polygon(pts).convex_hull)
    if shadows:
        region = region.difference(unary_union(shadows))
    if clip_to_ruler:
        region = region.intersection(Point(ox, oy).buffer(ruler_length, quad_segs=64))
    return region


def reach_by_region(
    dot: tuple[float, float],
    arc_from: float,
    arc_to: float,
    ruler_length: float,
    target: Rect,
    blockers: Sequence[Rect] = (),
) -> Reach | None:
    """Reference implementation of ``reach`` through ``visible_region`` (slow)."""
    from shapely.geometry import Point
    from shapely.ops import nearest_points

    region = visible_region(dot, arc_from, arc_to, ruler_length, target, blockers,
                            clip_to_ruler=False)
    if region.is_empty:
        return None
    p = Point(dot)
    d = region.distance(p)
    if d > ruler_length + EPS:
        return None
    q = nearest_points(region, p)[0]
    return Reach(d, (q.x, q.y))


def line_of_sight_by_region(from_xy: tuple[float, float], to_xy: tuple[float, float],
                            blockers: Sequence[Rect] = ()) -> bool:
    """Reference implementation of ``line_of_sight`` (slow): the line's interior meets no
    blocker's interior (so grazing an edge or a corner does not block)."""
    from shapely.geometry import LineString, Point

    line = Point(from_xy) if from_xy == to_xy else LineString([from_xy, to_xy])
    return not any(line.relate_pattern(bl.to_polygon(), "T********") for bl in blockers)
