"""Poses, compass bearings and rigid motions of the table.

What: a ship's pose ``Pose(x, y, heading)`` on the table and the conversions between the
table frame and a ship's own frame, compass bearings between points, and ``Transform``, a
rigid motion (rotation about the origin then translation) of the whole table.

Why: every rule speaks either in table coordinates (where is the ship) or in the ship's frame
(``[right, forward]`` positions of points on a piece, the ends of its moves); this module is
the one place where the two meet, with the project's conventions:

* lengths in mm; table frame x right, y up, origin at the lower-left corner;
* headings and bearings in compass degrees: 0 = north (+y), clockwise positive;
* a position on a ship is ``(right, forward)`` relative to the base centre (right = starboard).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

__all__ = [
    "Pose",
    "Transform",
    "normalize_heading",
    "normalize_relative",
    "bearing",
    "relative_bearing",
    "heading_vector",
]

_RAD = math.pi / 180.0


def normalize_heading(deg: float) -> float:
    """Return ``deg`` brought into ``[0, 360)``."""
    r = deg % 360.0
    # -1e-18 % 360 == 360.0 in floating point: fold it back.
    return 0.0 if r >= 360.0 else r


def normalize_relative(deg: float) -> float:
    """Return ``deg`` brought into ``(-180, 180]`` (a clockwise-positive relative angle)."""
    r = normalize_heading(deg)
    return r - 360.0 if r > 180.0 else r


def heading_vector(heading: float) -> tuple[float, float]:
    """Unit vector ``(x, y)`` pointing along compass ``heading``."""
    a = heading * _RAD
    return (math.sin(a), math.cos(a))


def bearing(from_xy: tuple[float, float], to_xy: tuple[float, float]) -> float:
    """Compass bearing in ``[0, 360)`` from ``from_xy`` to ``to_xy``; 0.0 for equal points."""
    dx = to_xy[0] - from_xy[0]
    dy = to_xy[1] - from_xy[1]
    if dx == 0.0 and dy == 0.0:
        return 0.0
    return normalize_heading(math.degrees(math.atan2(dx, dy)))


def relative_bearing(pose: Pose, xy: tuple[float, float]) -> float:
    """Bearing of ``xy`` seen from ``pose``, clockwise from the bow, in ``(-180, 180]``.

    Positive = to starboard, negative = to port, 180 = dead astern.
    """
    return normalize_relative(bearing((pose.x, pose.y), xy) - pose.heading)


@dataclass(frozen=True, slots=True)
class Pose:
    """Position of a base centre (mm) and its compass heading (degrees).

    The heading is normalised into ``[0, 360)`` at construction, so equal poses compare equal
    whatever turn produced them. Sine and cosine are cached (they are needed by every
    conversion on the hot path).
    """

    x: float
    y: float
    heading: float
    _s: float = field(init=False, repr=False, compare=False)
    _c: float = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        h = self.heading
        if not 0.0 <= h < 360.0:
            h = normalize_heading(h)
            object.__setattr__(self, "heading", h)
        a = h * _RAD
        object.__setattr__(self, "_s", math.sin(a))
        object.__setattr__(self, "_c", math.cos(a))

    @property
    def xy(self) -> tuple[float, float]:
        """The centre as an ``(x, y)`` tuple."""
        return (self.x, self.y)

    @property
    def forward_vector(self) -> tuple[float, float]:
        """Unit vector along the heading, in table coordinates."""
        return (self._s, self._c)

    @property
    def right_vector(self) -> tuple[float, float]:
        """Unit vector to starboard (90 degrees clockwise from the heading)."""
        return (self._c, -self._s)

    def local_to_world(self, right: float, forward: float) -> tuple[float, float]:
        """Table coordinates of the ship-frame point ``(right, forward)``."""
        s, c = self._s, self._c
        return (self.x + right * c + forward * s, self.y - right * s + forward * c)

    def world_to_local(self, x: float, y: float) -> tuple[float, float]:
        """Ship-frame ``(right, forward)`` of the table point ``(x, y)``."""
        s, c = self._s, self._c
        dx = x - self.x
        dy = y - self.y
        return (dx * c - dy * s, dx * s + dy * c)

    def moved(self, right: float = 0.0, forward: float = 0.0, turn: float = 0.0) -> Pose:
        """Move by ``(right, forward)`` in this pose's frame, then turn by ``turn`` degrees."""
        x, y = self.local_to_world(right, forward)
        return Pose(x, y, self.heading + turn)

    def distance_to(self, other: Pose) -> float:
        """Centre-to-centre distance."""
        return math.hypot(other.x - self.x, other.y - self.y)


@dataclass(frozen=True, slots=True)
class Transform:
    """A rigid motion of the whole table: rotate clockwise by ``rotation_deg`` about the
    origin, then translate by ``(dx, dy)``.

    Applies to points, poses and compass directions (headings, bearings, the wind), so that a
    whole game situation can be moved at once; rules must not care (property tests check it).
    Reflections are not included: a mirror swaps port and starboard.
    """

    rotation_deg: float = 0.0
    dx: float = 0.0
    dy: float = 0.0

    def point(self, x: float, y: float) -> tuple[float, float]:
        """Image of the table point ``(x, y)``."""
        a = self.rotation_deg * _RAD
        s, c = math.sin(a), math.cos(a)
        # Clockwise rotation: north (0, 1) goes to east (1, 0) for +90 degrees.
        return (x * c + y * s + self.dx, -x * s + y * c + self.dy)

    def direction(self, deg: float) -> float:
        """Image of a compass direction (heading, bearing or wind origin), in ``[0, 360)``."""
        return normalize_heading(deg + self.rotation_deg)

    def pose(self, p: Pose) -> Pose:
        """Image of a pose."""
        x, y = self.point(p.x, p.y)
        return Pose(x, y, p.heading + self.rotation_deg)

    def __call__(self, x: float, y: float) -> tuple[float, float]:
        return self.point(x, y)

    def inverse(self) -> Transform:
        """The motion that undoes this one."""
        a = -self.rotation_deg * _RAD
        s, c = math.sin(a), math.cos(a)
        x, y = -self.dx, -self.dy
        return Transform(-self.rotation_deg, x * c + y * s, -x * s + y * c)

    def then(self, other: Transform) -> Transform:
        """The motion ``other`` applied after this one."""
        ox, oy = other.point(self.dx, self.dy)
        return Transform(self.rotation_deg + other.rotation_deg, ox, oy)
