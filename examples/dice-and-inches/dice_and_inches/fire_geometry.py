"""Where guns can reach: arcs of fire, raking and line of sight, on the table's geometry.

What: pure functions over poses and hull sizes (mm) — whether a point lies in a broadside's
arc, whether a shot from a point rakes a hull from end to end, and whether the straight line
between two points is clear of other hulls and of rocks.

Why: the text only says that broadside guns fire to their side, that raking shot passes the
whole length of the ship in a straight line, and (implicitly) that one cannot shoot through
another ship or an island; these rulings turn that into geometry, in one place, so the fire
rule and its tests read them by name. Measurements start at the foremast (the text's point of
measurement, :func:`dice_and_inches.units.foremast`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from sog.geometry import Pose, Rect, relative_bearing

from .units import Rock

__all__ = [
    "ARC_FROM",
    "ARC_TO",
    "BATTERY_ARC",
    "RAKING",
    "LINE_OF_SIGHT",
    "in_arc",
    "rakes",
    "segment_hits_rect",
    "segment_hits_circle",
    "line_clear",
]

# Rulings ----------------------------------------------------------------------------------

#: Ruling ARC_FROM / ARC_TO: a ship's broadside guns fire to their side: the target's foremast
#: must lie between 45 and 135 degrees off the bow on that side, seen from the firer's
#: foremast along its heading (bounds included). Nothing bears dead ahead or astern.
ARC_FROM = 45.0
ARC_TO = 135.0

#: Ruling BATTERY_ARC: a land battery's guns all stand on its seaward (right) side (see the
#: dice-ship schema) and traverse across the whole of it: relative bearings 0 to 180 degrees
#: to the right of its heading.
BATTERY_ARC = (0.0, 180.0)

#: Ruling RAKING (see :func:`rakes`): a shot rakes when the firer's foremast stands beyond the
#: target's bow or stern inside the wedge bounded by the extended diagonals of the target's
#: hull rectangle — exactly the points from which one straight line can enter one end of the
#: hull (where the guns are) and leave by the other. The wedge's half-angle, seen from the
#: hull's centre, is atan(beam / length): a narrow sector about the fore-and-aft line.
RAKING = "diagonal wedge"

#: Ruling LINE_OF_SIGHT (see :func:`line_clear`): a piece fires at a target only when the
#: straight line from its foremast to the target's foremast crosses the hull of no other ship
#: or battery on the table (friend or foe, in play or a wreck) and no rock; touching a hull or
#: a rock is not crossing it. The firer's and the target's own hulls never block.
LINE_OF_SIGHT = "foremast to foremast, clear of other hulls and rocks"

_EPS = 1e-6


def in_arc(pose: Pose, side: str, point: tuple[float, float], *, battery: bool = False) -> bool:
    """Is ``point`` in the arc of the ``side`` (``left``/``right``) guns of a piece at ``pose``?

    ``pose`` is the point of measurement (the foremast) with the piece's heading.
    """
    rb = relative_bearing(pose, point)
    if battery:
        lo, hi = BATTERY_ARC
        return side == "right" and lo - _EPS <= rb <= hi + _EPS
    off = rb if side == "right" else -rb
    return ARC_FROM - _EPS <= off <= ARC_TO + _EPS


def rakes(target: Pose, length: float, beam: float, point: tuple[float, float]) -> str | None:
    """Does a shot fired from ``point`` rake the hull ``length`` x ``beam`` (mm) at ``target``
    (its centre and heading)? Returns ``"bow"`` or ``"stern"`` (the end it enters by) or None.
    """
    right, forward = target.world_to_local(*point)
    half_length = length / 2.0
    if abs(forward) <= half_length + _EPS or length <= 0:
        return None  # abeam of the hull, or on it: no end-to-end line
    if abs(right) * length > abs(forward) * beam + _EPS:
        return None  # outside the wedge of the diagonals
    return "bow" if forward > 0 else "stern"


def segment_hits_rect(a: tuple[float, float], b: tuple[float, float], rect: Rect) -> bool:
    """Does the segment ``a``–``b`` pass through the interior of ``rect`` (grazing an edge or
    a corner does not count)?"""
    ar, af = rect.local(*a)
    br, bf = rect.local(*b)
    t0, t1 = 0.0, 1.0
    for p0, d, half in ((ar, br - ar, rect.hw), (af, bf - af, rect.hl)):
        lo, hi = -half + _EPS, half - _EPS
        if lo > hi:
            return False
        if abs(d) < 1e-12:
            if not lo < p0 < hi:
                return False
            continue
        u0, u1 = (lo - p0) / d, (hi - p0) / d
        if u0 > u1:
            u0, u1 = u1, u0
        t0, t1 = max(t0, u0), min(t1, u1)
        if t0 >= t1:
            return False
    return True


def segment_hits_circle(a: tuple[float, float], b: tuple[float, float], centre: tuple[float, float],
                        radius: float) -> bool:
    """Does the segment ``a``–``b`` pass closer than ``radius`` to ``centre``?"""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    cx, cy = centre
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((cx - ax) * dx + (cy - ay) * dy) / length2))
    return math.hypot(ax + t * dx - cx, ay + t * dy - cy) < radius - _EPS


def line_clear(a: tuple[float, float], b: tuple[float, float], hulls: Iterable[Rect],
               rocks: Iterable[Rock]) -> bool:
    """Is the line ``a``–``b`` clear of ``hulls`` and of ``rocks``? (ruling LINE_OF_SIGHT:
    the caller passes every hull on the table but the firer's and the target's, and the
    scenario's rocks, :func:`dice_and_inches.units.rocks`)."""
    if any(segment_hits_rect(a, b, r) for r in hulls):
        return False
    return not any(segment_hits_circle(a, b, (rock.x, rock.y), rock.radius) for rock in rocks)
