"""Firing reach: is a target within a firing arc, within ruler length, in line of sight?

What: ``reach(dot, arc_from, arc_to, ruler_length, target, blockers)`` returns the shortest
ruler placement from a firing dot to the visible part of a target base, or ``None``;
``line_of_sight(from_xy, to_xy, blockers)`` is the same blocking test for one line to a point
(the raking line to a main mast); plus small helpers to turn a base's relative arcs into
absolute bearings.

Rule text implemented: a target is in an arc if the ruler, placed with its end on the firing
dot and staying inside the arc, can reach any part of the target's base; line of sight is
blocked if the ruler cannot reach any point of the target without crossing another ship's
base. The ruler is treated as a segment from the dot.

Engine reading (rulings):

* The arc is the closed angular sector clockwise from bearing ``arc_from`` to ``arc_to``
  (edges included, within ``ANGLE_EPS``); equal bearings mean the full circle.
* A ruler that only grazes a blocker (touches its boundary, passes along an edge or through a
  corner) is not blocked: angular tolerance ``_GRAZE`` = 1e-9 rad, i.e. ~1e-6 mm at table range.
* The ruler reaches a point at distance ``d`` when ``d <= ruler_length + EPS``.
* A dot strictly inside a blocker sees nothing; a dot on the target's edge reaches it at 0.

How (exact, no polygon clipping): seen from the dot, the target occupies an angular interval;
along each ray the nearest target point is the one the ruler would touch. Two disjoint convex
bases are met in the same order by every ray that crosses both (a separating line is crossed
once), so a blocker either hides a whole open angular interval of the target or nothing.
The visible directions are therefore (target interval) ∩ (arc) minus the open intervals of
the blockers in front: a union of closed angular intervals. On each of them the nearest
target point is either the target's overall nearest point (when its direction lies in the
interval) or on one of the two bounding rays (convexity), found by a ray cast.
``sog.plugins.system.geometry.fire_region`` computes the same with shapely polygons, as a reference.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from sog.geometry.pose import Pose, normalize_heading, normalize_relative
from sog.geometry.shapes import Rect
from sog.geometry.tolerance import ANGLE_EPS, EPS

__all__ = ["Directions", "Reach", "reach", "visible_directions", "nearest_visible", "line_of_sight", "arc_width", "in_arc", "absolute_arc", "mirror_arc"]

_TAU = 2.0 * math.pi
_RAD = math.pi / 180.0
_ARC_TOL = ANGLE_EPS * _RAD
_GRAZE = 1e-9  # rad; see the module docstring


@dataclass(frozen=True, slots=True)
class Reach:
    """The shortest ruler placement: its length and the target point it touches."""

    distance: float
    point: tuple[float, float]


def arc_width(arc_from: float, arc_to: float) -> float:
    """Width in degrees of the arc clockwise from ``arc_from`` to ``arc_to`` (360 if equal)."""
    w = normalize_heading(arc_to - arc_from)
    return 360.0 if w == 0.0 else w


def in_arc(dot: tuple[float, float], arc_from: float, arc_to: float,
           xy: tuple[float, float]) -> bool:
    """True when the point ``xy`` lies in the closed arc sector from ``dot`` (the dot itself
    counts as inside)."""
    dx = xy[0] - dot[0]
    dy = xy[1] - dot[1]
    if dx == 0.0 and dy == 0.0:
        return True
    b = math.degrees(math.atan2(dx, dy))
    return normalize_heading(b - arc_from) <= arc_width(arc_from, arc_to) + ANGLE_EPS or \
        normalize_heading(b - arc_from) >= 360.0 - ANGLE_EPS


def absolute_arc(pose: Pose, rel_from: float, rel_to: float) -> tuple[float, float]:
    """Absolute compass bearings of an arc given relative to the bow (clockwise)."""
    return (normalize_heading(pose.heading + rel_from), normalize_heading(pose.heading + rel_to))


def mirror_arc(rel_from: float, rel_to: float) -> tuple[float, float]:
    """The port-side mirror image of a starboard arc given in relative bearings.

    ``(30, 70)`` becomes ``(-70, -30)`` i.e. ``(290, 330)``: still clockwise from/to.
    """
    return (normalize_heading(-rel_to), normalize_heading(-rel_from))


# -- internals --------------------------------------------------------------------------------

def _span(r: Rect, ox: float, oy: float, vx: float, vy: float) -> tuple[float, float]:
    """Angular interval (rad, clockwise from the unit vector ``v``) of ``r``'s corners seen
    from ``o``; corners lying on ``o`` are skipped. The caller chooses ``v`` towards ``r``'s
    centre, so the interval does not wrap (its width is at most pi when ``o`` is outside)."""
    lo = math.inf
    hi = -math.inf
    atan2 = math.atan2
    for x, y in r.corners:
        px = x - ox
        py = y - oy
        if abs(px) <= EPS and abs(py) <= EPS:
            continue
        a = atan2(vy * px - vx * py, vx * px + vy * py)
        if a < lo:
            lo = a
        if a > hi:
            hi = a
    return lo, hi


def _entry(r: Rect, ox: float, oy: float, dx: float, dy: float, pad: float) -> float:
    """Distance along the unit ray ``o + t d`` (t >= 0) to where it enters ``r`` grown by
    ``pad``; ``inf`` if it misses. Slab method in the rectangle's frame."""
    ux, uy = r.ux, r.uy
    qx = ox - r.cx
    qy = oy - r.cy
    p0 = qx * uy - qy * ux  # right coordinate of the origin
    f0 = qx * ux + qy * uy  # forward coordinate
    pd = dx * uy - dy * ux
    fd = dx * ux + dy * uy
    tmin = 0.0
    tmax = math.inf
    for s0, sd, h in ((p0, pd, r.hw + pad), (f0, fd, r.hl + pad)):
        if abs(sd) < 1e-15:
            if abs(s0) > h:
                return math.inf
            continue
        t1 = (-h - s0) / sd
        t2 = (h - s0) / sd
        if t1 > t2:
            t1, t2 = t2, t1
        if t1 > tmin:
            tmin = t1
        if t2 < tmax:
            tmax = t2
        if tmin > tmax:
            return math.inf
    return tmin


#: ``_shadow``'s answer when the point of view is inside the blocker.
_BLIND = (math.inf, -math.inf)


def _shadow(bl: Rect, ox: float, oy: float, vx: float, vy: float,
            limit: float) -> tuple[float, float] | None:
    """The open angular interval (rad, clockwise from the unit vector ``v``, narrowed by
    ``_GRAZE`` at both ends: a ray that grazes the blocker is not hidden) that blocker ``bl``
    covers seen from ``o``, to be taken modulo 2 pi. ``None`` when it is farther than
    ``limit`` (it cannot hide anything nearer) or centred on ``o``; ``_BLIND`` when ``o`` lies
    strictly inside it (it then sees nothing)."""
    bx = bl.cx - ox
    by = bl.cy - oy
    bn = math.hypot(bx, by)
    if bn - bl.radius > limit + EPS:
        return None
    if bl.point_distance(ox, oy) <= EPS:
        r0, f0 = bl.local(ox, oy)
        if abs(r0) < bl.hw - EPS and abs(f0) < bl.hl - EPS:
            return _BLIND
    if bn == 0.0:
        return None
    lo, hi = _span(bl, ox, oy, bx / bn, by / bn)
    bc = math.atan2(vy * bx - vx * by, vx * bx + vy * by)
    return (bc + lo + _GRAZE, bc + hi - _GRAZE)


def _subtract(intervals: list[tuple[float, float]], a: float,
              b: float) -> list[tuple[float, float]]:
    """Closed intervals minus the open interval ``(a, b)``."""
    out: list[tuple[float, float]] = []
    for x, y in intervals:
        if y <= a or x >= b:
            out.append((x, y))
            continue
        if x <= a:
            out.append((x, a))
        if y >= b:
            out.append((b, y))
    return out


def reach(
    dot: tuple[float, float],
    arc_from: float,
    arc_to: float,
    ruler_length: float,
    target: Rect,
    blockers: Sequence[Rect] = (),
) -> Reach | None:
    """Shortest visible ruler placement from ``dot`` to ``target`` inside the arc, or ``None``.

    ``arc_from``/``arc_to`` are absolute compass bearings (the arc runs clockwise from the
    first to the second); ``blockers`` are the other bases (not the shooter, not the target).
    Returns the minimal distance from the dot to the visible part of (target ∩ arc sector ∩
    disk of radius ``ruler_length``) and the target point where it is attained.
    """
    seen = visible_directions(dot, arc_from, arc_to, ruler_length, target, blockers)
    if seen is None or isinstance(seen, Reach):
        return seen
    return nearest_visible(seen, ruler_length)


@dataclass(frozen=True, slots=True)
class Directions:
    """The directions from ``dot`` in which the ruler sees ``target``: closed angular
    intervals (rad, clockwise from the unit vector ``(vx, vy)`` towards the target's centre).

    ``ray(angle)`` is the unit vector of a direction; :func:`nearest_visible` finds the
    shortest ruler placement over them. Terrain (:mod:`.sight`) narrows them further.
    """

    dot: tuple[float, float]
    target: Rect
    vx: float
    vy: float
    d0: float
    intervals: tuple[tuple[float, float], ...]

    def ray(self, angle: float) -> tuple[float, float]:
        """The unit vector at clockwise angle ``angle`` from ``(vx, vy)``."""
        ca, sa = math.cos(angle), math.sin(angle)
        return (self.vx * ca + self.vy * sa, -self.vx * sa + self.vy * ca)

    def angle(self, x: float, y: float) -> float:
        """The clockwise angle from ``(vx, vy)`` of the direction from the dot to ``(x, y)``."""
        px, py = x - self.dot[0], y - self.dot[1]
        return math.atan2(self.vy * px - self.vx * py, self.vx * px + self.vy * py)

    def entry(self, angle: float) -> float:
        """Distance along direction ``angle`` to where the ruler first touches the target."""
        rx, ry = self.ray(angle)
        ox, oy = self.dot
        t = _entry(self.target, ox, oy, rx, ry, 0.0)
        if t == math.inf:  # a silhouette ray missing by rounding: allow EPS
            t = _entry(self.target, ox, oy, rx, ry, EPS)
        return t


def visible_directions(
    dot: tuple[float, float],
    arc_from: float,
    arc_to: float,
    ruler_length: float,
    target: Rect,
    blockers: Sequence[Rect] = (),
) -> Directions | Reach | None:
    """The directions in which the ruler from ``dot`` sees ``target`` inside the arc, past
    the ``blockers`` (steps 1-3 of :func:`reach`); ``None`` when there is none or the target
    is out of ruler length, a :class:`Reach` at 0 when the dot is at the target's centre."""
    ox, oy = dot
    d0 = target.point_distance(ox, oy)
    if d0 > ruler_length + EPS:
        return None  # early rejection: out of ruler length whatever the direction
    vx = target.cx - ox
    vy = target.cy - oy
    n = math.hypot(vx, vy)
    if n == 0.0:  # dot at the target's centre: degenerate, the target is touched here
        return Reach(0.0, (ox, oy))
    vx /= n
    vy /= n
    atan2 = math.atan2

    # 1. Target interval, relative to the direction of the target's centre.
    if d0 == 0.0 and target.contains_point(ox, oy, -EPS):
        t0, t1 = -math.pi, math.pi  # dot strictly inside the target (invalid position)
    else:
        t0, t1 = _span(target, ox, oy, vx, vy)

    # 2. Intersect with the arc (in the same relative angles).
    w = arc_width(arc_from, arc_to) * _RAD
    if w >= _TAU - _ARC_TOL:
        vis = [(t0, t1)]
    else:
        s = normalize_relative(arc_from - math.degrees(atan2(vx, vy))) * _RAD
        vis = []
        for k in (-_TAU, 0.0, _TAU):
            a = max(t0, s + k - _ARC_TOL)
            b = min(t1, s + k + w + _ARC_TOL)
            if a <= b:
                vis.append((a, b))
        if not vis:
            return None  # target entirely outside the arc

    # 3. Remove the open angular intervals hidden by blockers in front of the target.
    for bl in blockers:
        shadow = _shadow(bl, ox, oy, vx, vy, ruler_length)
        if shadow is _BLIND:
            return None  # the dot is inside a blocker (invalid position): sees nothing
        if shadow is None:
            continue
        for k in (-_TAU, 0.0, _TAU):
            b0 = shadow[0] + k
            b1 = shadow[1] + k
            a = max(b0, t0)
            b = min(b1, t1)
            if b - a <= 0.0:
                continue
            # Is this blocker in front of the target? Same answer on every shared ray.
            m = 0.5 * (a + b)
            cm, sm = math.cos(m), math.sin(m)
            # unit ray at clockwise angle m from v: rotate v clockwise by m
            rx = vx * cm + vy * sm
            ry = -vx * sm + vy * cm
            if _entry(bl, ox, oy, rx, ry, 0.0) < _entry(target, ox, oy, rx, ry, 0.0):
                vis = _subtract(vis, b0, b1)
                if not vis:
                    return None  # line of sight blocked
    return Directions(dot, target, vx, vy, d0, tuple(vis))


def nearest_visible(seen: Directions, ruler_length: float) -> Reach | None:
    """Step 4 of :func:`reach`: the nearest target point over the visible directions, or
    ``None`` when there is none or it is beyond ``ruler_length``."""
    if not seen.intervals:
        return None
    ox, oy = seen.dot
    target, vx, vy, d0 = seen.target, seen.vx, seen.vy, seen.d0
    cx, cy = target.closest_point(ox, oy)
    if d0 <= EPS:
        return Reach(0.0, (cx, cy))  # the dot touches the target in a visible direction
    cang = math.atan2(vy * (cx - ox) - vx * (cy - oy), vx * (cx - ox) + vy * (cy - oy))
    best = math.inf
    best_pt = (cx, cy)
    for a, b in seen.intervals:
        if a - _GRAZE <= cang <= b + _GRAZE:
            best, best_pt = d0, (cx, cy)
            break
        for ang in (a, b):
            ca, sa = math.cos(ang), math.sin(ang)
            rx = vx * ca + vy * sa
            ry = -vx * sa + vy * ca
            t = _entry(target, ox, oy, rx, ry, 0.0)
            if t == math.inf:  # a silhouette ray missing by rounding: allow EPS
                t = _entry(target, ox, oy, rx, ry, EPS)
            if t < best:
                best, best_pt = t, (ox + t * rx, oy + t * ry)
    if best > ruler_length + EPS:
        return None
    return Reach(best, best_pt)


def line_of_sight(from_xy: tuple[float, float], to_xy: tuple[float, float],
                  blockers: Sequence[Rect] = ()) -> bool:
    """True when the straight line from ``from_xy`` to the point ``to_xy`` crosses no blocker.

    The same test as the ruler's in ``reach``, for one line instead of a whole target: a
    blocker hides the line when the line's direction lies strictly inside the blocker's
    shadow (a line that only grazes it, along an edge or through a corner, is not hidden) and
    the line enters the blocker before reaching ``to_xy`` (within ``EPS``); a start strictly
    inside a blocker sees nothing.
    """
    ox, oy = from_xy
    vx = to_xy[0] - ox
    vy = to_xy[1] - oy
    n = math.hypot(vx, vy)
    if n == 0.0:
        return all(_shadow(bl, ox, oy, 0.0, 1.0, 0.0) is not _BLIND for bl in blockers)
    vx /= n
    vy /= n
    for bl in blockers:
        shadow = _shadow(bl, ox, oy, vx, vy, n)
        if shadow is _BLIND:
            return False
        if shadow is None:
            continue
        if any(shadow[0] + k < 0.0 < shadow[1] + k for k in (-_TAU, 0.0, _TAU)) \
                and _entry(bl, ox, oy, vx, vy, 0.0) < n - EPS:
            return False
    return True
