"""Oriented rectangles: ship bases and the tests between them.

What: ``Rect``, an immutable oriented rectangle (a ship base: ``width`` across the beam,
``length`` along the heading, centred on its pose), with the overlap test (separating axes),
the edge-to-edge distance, containment in the table and conversions to corners / shapely.

Why: overlap and distance between two bases are the hot path of movement (collisions, sliding
to contact) and of bots exploring moves, so they are written in plain float arithmetic with
cached unit vectors and an early bounding-circle rejection; shapely is only used by
``to_polygon`` for the slow paths (rendering, reference checks).

Ruling (tolerance ``EPS`` = 1e-6 mm, see ``sog.geometry.tolerance``): two bases *overlap* only
when their interiors interpenetrate by more than EPS along every separating axis; bases that
merely touch (share an edge or a corner, or penetrate by at most EPS) do not overlap and are
at distance 0. ``distance`` reports 0 for any true distance up to EPS.
"""

from __future__ import annotations

import math
from typing import Any

from .pose import Pose, Transform, heading_vector, normalize_heading
from .tolerance import EPS

__all__ = ["Rect"]

_set = object.__setattr__


class Rect:
    """An oriented rectangle centred on ``(cx, cy)``, long axis along compass ``heading``.

    Immutable; equality and hashing use ``(cx, cy, heading, width, length)``.
    """

    __slots__ = ("cx", "cy", "heading", "width", "length", "ux", "uy", "hw", "hl", "radius")

    cx: float
    cy: float
    heading: float
    width: float
    length: float
    ux: float  # forward unit vector x (the right unit vector is (uy, -ux))
    uy: float
    hw: float  # half width
    hl: float  # half length
    radius: float  # half diagonal: radius of the bounding circle

    def __init__(self, cx: float, cy: float, heading: float, width: float, length: float) -> None:
        if width < 0.0 or length < 0.0:
            raise ValueError(f"negative rectangle size {width} x {length}")
        ux, uy = heading_vector(heading)
        self._init(cx, cy, normalize_heading(heading), width, length, ux, uy)

    def _init(self, cx: float, cy: float, heading: float, width: float, length: float,
              ux: float, uy: float) -> None:
        _set(self, "cx", cx)
        _set(self, "cy", cy)
        _set(self, "heading", heading)
        _set(self, "width", width)
        _set(self, "length", length)
        _set(self, "ux", ux)
        _set(self, "uy", uy)
        hw = 0.5 * width
        hl = 0.5 * length
        _set(self, "hw", hw)
        _set(self, "hl", hl)
        _set(self, "radius", math.sqrt(hw * hw + hl * hl))

    @classmethod
    def of_base(cls, pose: Pose, width: float, length: float) -> Rect:
        """The base of a ship at ``pose`` (reuses the pose's cached sine and cosine)."""
        if width < 0.0 or length < 0.0:
            raise ValueError(f"negative rectangle size {width} x {length}")
        r = cls.__new__(cls)
        fx, fy = pose.forward_vector
        r._init(pose.x, pose.y, pose.heading, width, length, fx, fy)
        return r

    # -- value semantics -------------------------------------------------------------------
    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Rect is immutable")

    def _key(self) -> tuple[float, float, float, float, float]:
        return (self.cx, self.cy, self.heading, self.width, self.length)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rect) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Rect(cx={self.cx!r}, cy={self.cy!r}, heading={self.heading!r}, "
                f"width={self.width!r}, length={self.length!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Rect, self._key())

    # -- derived points --------------------------------------------------------------------
    @property
    def pose(self) -> Pose:
        """The pose of the rectangle's centre."""
        return Pose(self.cx, self.cy, self.heading)

    @property
    def center(self) -> tuple[float, float]:
        """The centre ``(x, y)``."""
        return (self.cx, self.cy)

    @property
    def bow_center(self) -> tuple[float, float]:
        """Middle of the front edge."""
        return (self.cx + self.hl * self.ux, self.cy + self.hl * self.uy)

    @property
    def stern_center(self) -> tuple[float, float]:
        """Middle of the rear edge."""
        return (self.cx - self.hl * self.ux, self.cy - self.hl * self.uy)

    @property
    def corners(self) -> tuple[tuple[float, float], ...]:
        """The four corners, counter-clockwise (as seen on the table) from bow-starboard:
        bow-starboard, bow-port, stern-port, stern-starboard."""
        cx, cy, ux, uy = self.cx, self.cy, self.ux, self.uy
        fx, fy = self.hl * ux, self.hl * uy  # half length forward
        rx, ry = self.hw * uy, -self.hw * ux  # half width to starboard
        return (
            (cx + fx + rx, cy + fy + ry),
            (cx + fx - rx, cy + fy - ry),
            (cx - fx - rx, cy - fy - ry),
            (cx - fx + rx, cy - fy + ry),
        )

    def local(self, x: float, y: float) -> tuple[float, float]:
        """``(right, forward)`` of the table point ``(x, y)`` in this rectangle's frame."""
        dx = x - self.cx
        dy = y - self.cy
        return (dx * self.uy - dy * self.ux, dx * self.ux + dy * self.uy)

    def world(self, right: float, forward: float) -> tuple[float, float]:
        """Table coordinates of the point ``(right, forward)`` of this rectangle's frame."""
        ux, uy = self.ux, self.uy
        return (self.cx + right * uy + forward * ux, self.cy - right * ux + forward * uy)

    # -- point queries ---------------------------------------------------------------------
    def closest_point(self, x: float, y: float) -> tuple[float, float]:
        """The point of the (solid) rectangle nearest to ``(x, y)``; the point itself if inside."""
        r, f = self.local(x, y)
        hw, hl = self.hw, self.hl
        r = -hw if r < -hw else (hw if r > hw else r)
        f = -hl if f < -hl else (hl if f > hl else f)
        return self.world(r, f)

    def point_distance(self, x: float, y: float) -> float:
        """Distance from ``(x, y)`` to the solid rectangle (0 inside)."""
        dx = x - self.cx
        dy = y - self.cy
        ux, uy = self.ux, self.uy
        ex = abs(dx * uy - dy * ux) - self.hw
        ey = abs(dx * ux + dy * uy) - self.hl
        if ex <= 0.0:
            return ey if ey > 0.0 else 0.0
        if ey <= 0.0:
            return ex
        return math.sqrt(ex * ex + ey * ey)

    def contains_point(self, x: float, y: float, eps: float = EPS) -> bool:
        """True when ``(x, y)`` is inside or within ``eps`` of the rectangle."""
        r, f = self.local(x, y)
        return abs(r) <= self.hw + eps and abs(f) <= self.hl + eps

    # -- rectangle vs rectangle ------------------------------------------------------------
    def gap(self, o: Rect) -> float:
        """Largest separation along the four edge normals (negative: penetration depth)."""
        dx = o.cx - self.cx
        dy = o.cy - self.cy
        aux, auy, bux, buy = self.ux, self.uy, o.ux, o.uy
        c = abs(aux * bux + auy * buy)  # |cos| of the angle between the headings
        s = abs(aux * buy - auy * bux)  # |sin|
        ahw, ahl, bhw, bhl = self.hw, self.hl, o.hw, o.hl
        g1 = abs(dx * aux + dy * auy) - (ahl + bhl * c + bhw * s)
        g2 = abs(dx * auy - dy * aux) - (ahw + bhl * s + bhw * c)
        g3 = abs(dx * bux + dy * buy) - (bhl + ahl * c + ahw * s)
        g4 = abs(dx * buy - dy * bux) - (bhw + ahl * s + ahw * c)
        return max(g1, g2, g3, g4)

    def overlaps(self, other: Rect) -> bool:
        """True when the interiors interpenetrate by more than ``EPS`` (touching is not
        overlapping). Separating-axis test, symmetric in its arguments."""
        dx = other.cx - self.cx
        dy = other.cy - self.cy
        rr = self.radius + other.radius
        if dx * dx + dy * dy >= rr * rr:
            return False
        aux, auy, bux, buy = self.ux, self.uy, other.ux, other.uy
        c = abs(aux * bux + auy * buy)
        s = abs(aux * buy - auy * bux)
        ahw, ahl, bhw, bhl = self.hw, self.hl, other.hw, other.hl
        lim = -EPS
        if abs(dx * aux + dy * auy) - (ahl + bhl * c + bhw * s) >= lim:
            return False
        if abs(dx * auy - dy * aux) - (ahw + bhl * s + bhw * c) >= lim:
            return False
        if abs(dx * bux + dy * buy) - (bhl + ahl * c + ahw * s) >= lim:
            return False
        return abs(dx * buy - dy * bux) - (bhw + ahl * s + ahw * c) < lim

    def distance(self, other: Rect) -> float:
        """Edge-to-edge minimum distance; 0 when touching or overlapping (true distance <= EPS).

        For two disjoint convex polygons the nearest pair always includes a vertex of one of
        them, so the minimum of the 8 vertex-to-rectangle distances is exact.
        """
        if self.gap(other) <= 0.0:
            return 0.0
        best = math.inf
        for x, y in self.corners:
            d = other.point_distance(x, y)
            if d < best:
                best = d
        for x, y in other.corners:
            d = self.point_distance(x, y)
            if d < best:
                best = d
        return 0.0 if best <= EPS else best

    def touches(self, other: Rect) -> bool:
        """True when the two rectangles are in contact without overlapping."""
        return not self.overlaps(other) and self.distance(other) == 0.0

    # -- table -----------------------------------------------------------------------------
    def extent(self) -> tuple[float, float, float, float]:
        """Axis-aligned bounding box ``(xmin, ymin, xmax, ymax)``."""
        ex = self.hw * abs(self.uy) + self.hl * abs(self.ux)
        ey = self.hw * abs(self.ux) + self.hl * abs(self.uy)
        return (self.cx - ex, self.cy - ey, self.cx + ex, self.cy + ey)

    def inside(self, table_w: float, table_h: float) -> bool:
        """True when the whole rectangle lies within the table ``[0, w] x [0, h]``; a base
        flush with (touching) the table edge is inside, any part beyond it by more than EPS
        is not."""
        x0, y0, x1, y1 = self.extent()
        return x0 >= -EPS and y0 >= -EPS and x1 <= table_w + EPS and y1 <= table_h + EPS

    # -- conversions -----------------------------------------------------------------------
    def to_polygon(self) -> Any:
        """The rectangle as a shapely ``Polygon`` (slow path: rendering, reference checks)."""
        from shapely.geometry import Polygon

        return Polygon(self.corners)

    def moved_to(self, pose: Pose) -> Rect:
        """The same-size rectangle at ``pose``."""
        return Rect.of_base(pose, self.width, self.length)

    def transformed(self, t: Transform) -> Rect:
        """Image of this rectangle under a rigid motion of the table."""
        return Rect.of_base(t.pose(self.pose), self.width, self.length)
