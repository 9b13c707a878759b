"""Maneuver movement: final poses, the movement line as a curve, sliding to first contact.

What: ``end_pose`` (where a maneuver line puts a ship), ``ManeuverPath`` (the line as a smooth
curve) and ``slide_until_contact`` / ``choose_slide_mode`` (moving along the line until the
first contact with another base, for collisions).

Card lines (content convention): a line's end ``(right, forward, turn)`` is where the ship's
STERN centre ends, relative to the line's start point, in the ship's frame before the move;
the heading changes by ``turn`` (degrees, positive to starboard). The start is the bow
centre for lines placed in front of the ship (``start='bow'``) and the stern centre for lines
placed behind it (``start='stern'``, then ``forward`` is negative).

Engine reading of the collision rule (documented ruling):

* The path is a cubic Bezier from the start point, tangent to the initial heading, to the end
  point, tangent to the final heading, with tangent lengths of 1/3 of the chord (for a line
  behind the ship both tangents point astern). Its heading at ``t`` is the ship heading (the
  curve's tangent, reversed for a line behind the ship).
* Mode ``'stern'`` (rule a): if the ship can be placed "on top of the card", at the line's
  start with its stern on the start point (bow line: moved forward by its own length, heading
  unchanged; stern line: where it is) without overlapping any obstacle, it is placed there and
  its STERN centre slides along the line. At ``t = 1`` it is exactly at ``end_pose``.
* Mode ``'bow'`` (rule b, bow lines only): otherwise its BOW centre slides along the line from
  the current pose, heading = curve heading. Without contact it ends with its bow on the line's
  end (``t = 1``); callers only slide when the normal final pose collides.
* The ship stops at the last pose before the first overlap with any obstacle: advancement is
  conservative (no point of the base moves more than the known clearance, and at most
  ``MAX_STEP`` = 2 mm once closer than that; steps are halved until the corners' real motion
  respects it, at the step's end and middle), then bisection until no point of the base
  moves more than ``RESOLUTION`` = 0.1 mm across the bracket, so the final pose is within
  0.1 mm of touching. If the pose at ``t = 0`` already overlaps, the ship stays put (its
  current pose, ``t = 0``), unless the overlap is a residue of at most ``CONTACT_RESIDUE``
  (ruling, ``sog.geometry.tolerance``): then that base stops the ship only where it would
  be pushed deeper in than at the start, so a ship touching another by a float residue
  moves on.
* Stored poses (ruling): a caller that stores poses rounded passes its rounding as ``snap``.
  Rounding a pose within a hair of touching can push it into the other base (and the next
  move would start overlapping), so the stop pose is snapped and checked with the exact
  overlap test; while the snapped pose overlaps a base, the ship backs off along its line
  (``BACKOFF`` = 0.001 mm of motion, doubling each time) and is snapped again; at the start
  of the line it stays put. A snapped end pose that comes into contact only by the rounding
  counts as stopped by that base.
* Obstacles (ruling ``OBSTACLES``): an obstacle is a ship's base (:class:`Rect`) or any shape
  with the same *obstacle* interface, read from the obstacle's side with the moving base as
  the argument — ``cx``, ``cy``, ``radius`` (a bounding circle), ``overlaps(rect)``,
  ``gap(rect)`` (negative: how deep in) and ``distance(rect)`` — e.g. a terrain element (the
  terrain rules' polygons). A rectangle's tests are symmetric, so ships behave as before.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Literal, NamedTuple

from sog.geometry.pose import Pose, heading_vector, normalize_heading, normalize_relative
from sog.geometry.shapes import Rect
from sog.geometry.tolerance import CONTACT_RESIDUE, EPS

__all__ = [
    "LineEnd",
    "end_pose",
    "ManeuverPath",
    "Slide",
    "Snap",
    "choose_slide_mode",
    "slide_until_contact",
    "MAX_STEP",
    "RESOLUTION",
    "BACKOFF",
    "PIVOT_CHORD",
]

LineEnd = tuple[float, float, float]  # (right, forward, turn)
Start = Literal["bow", "stern"]
Mode = Literal["stern", "bow"]
#: How a caller stores a pose (e.g. rounded to its state's precision).
Snap = Callable[[Pose], Pose]

MAX_STEP = 2.0  # mm of motion of any point of the base between two collision checks
RESOLUTION = 0.1  # mm of motion: bisection stops below this
#: Ruling (see the module doc): mm of motion of the first step back along the line when the
#: snapped (stored) stop pose overlaps a base; each further step doubles.
BACKOFF = 0.001
PIVOT_CHORD = 0.5  # mm: a shorter line is a pivot (see ManeuverPath)
#: Ruling: what may stop a sliding ship (see the module doc): bases and shapes with their interface.
OBSTACLES = "Rect or any shape with cx, cy, radius, overlaps, gap and distance against a Rect"


def _start_point(pose: Pose, length: float, start: str) -> tuple[float, float]:
    if start == "bow":
        return pose.local_to_world(0.0, 0.5 * length)
    if start == "stern":
        return pose.local_to_world(0.0, -0.5 * length)
    raise ValueError(f"start must be 'bow' or 'stern', not {start!r}")


def end_pose(pose: Pose, length: float, end: LineEnd, start: Start = "bow") -> Pose:
    """Final pose (base centre) of a ship of ``length`` moved by a card line from ``pose``.

    The stern ends at ``start point + end[:2]`` (in the initial frame), the heading turns by
    ``end[2]``, and the centre is half a length ahead of the stern along the new heading.
    """
    right, forward, turn = end
    off = 0.5 * length if start == "bow" else -0.5 * length
    if start not in ("bow", "stern"):
        raise ValueError(f"start must be 'bow' or 'stern', not {start!r}")
    sx, sy = pose.local_to_world(right, forward + off)
    h = normalize_heading(pose.heading + turn)
    fx, fy = heading_vector(h)
    return Pose(sx + 0.5 * length * fx, sy + 0.5 * length * fy, h)


class ManeuverPath:
    """The movement line as a cubic Bezier curve, parameter ``t`` in ``[0, 1]``.

    ``heading0``/``heading1`` are the ship's headings at the ends; ``backward`` marks a line
    placed behind the ship (the ship travels astern, the curve runs opposite to its heading).
    The ship's heading is the curve's tangent, or its reverse where the curve runs astern
    (whichever is within 90 degrees of the heading turning evenly from start to end), so a ship
    never spins round on a line that doubles back. A line shorter than ``PIVOT_CHORD``
    (0.5 mm) has no usable tangent: the heading turns evenly along it (a pivot).
    """

    __slots__ = ("p0", "p1", "p2", "p3", "heading0", "heading1", "backward", "pivot")

    def __init__(self, start: tuple[float, float], end: tuple[float, float],
                 heading0: float, heading1: float, backward: bool = False) -> None:
        self.p0 = start
        self.p3 = end
        self.heading0 = normalize_heading(heading0)
        self.heading1 = normalize_heading(heading1)
        self.backward = backward
        chord = math.hypot(end[0] - start[0], end[1] - start[1])
        self.pivot = chord < PIVOT_CHORD
        k = chord / 3.0
        if backward:
            k = -k
        ax, ay = heading_vector(heading0)
        bx, by = heading_vector(heading1)
        self.p1 = (start[0] + k * ax, start[1] + k * ay)
        self.p2 = (end[0] - k * bx, end[1] - k * by)

    @classmethod
    def of_move(cls, pose: Pose, length: float, end: LineEnd, start: Start = "bow") -> ManeuverPath:
        """The line of a card placed at ``start`` of a ship of ``length`` at ``pose``."""
        sp = _start_point(pose, length, start)
        ex, ey = pose.local_to_world(end[0], end[1] + (0.5 if start == "bow" else -0.5) * length)
        return cls(sp, (ex, ey), pose.heading, pose.heading + end[2], backward=start == "stern")

    def point(self, t: float) -> tuple[float, float]:
        """The point of the line at parameter ``t``."""
        if t <= 0.0:
            return self.p0
        if t >= 1.0:
            return self.p3
        u = 1.0 - t
        a, b, c, d = u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t
        p0, p1, p2, p3 = self.p0, self.p1, self.p2, self.p3
        return (a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1])

    def derivative(self, t: float) -> tuple[float, float]:
        """``dB/dt`` at ``t``."""
        u = 1.0 - t
        a, b, c = 3.0 * u * u, 6.0 * u * t, 3.0 * t * t
        p0, p1, p2, p3 = self.p0, self.p1, self.p2, self.p3
        return (a * (p1[0] - p0[0]) + b * (p2[0] - p1[0]) + c * (p3[0] - p2[0]),
                a * (p1[1] - p0[1]) + b * (p2[1] - p1[1]) + c * (p3[1] - p2[1]))

    def heading(self, t: float) -> float:
        """The ship's heading at ``t`` (the exact card headings at both ends)."""
        if t <= 0.0:
            return self.heading0
        if t >= 1.0:
            return self.heading1
        even = self.heading0 + t * normalize_relative(self.heading1 - self.heading0)
        dx, dy = self.derivative(t)
        if self.pivot or dx * dx + dy * dy < 1e-18:  # no usable direction: turn evenly
            return normalize_heading(even)
        h = math.degrees(math.atan2(dx, dy))
        if abs(normalize_relative(h - even)) > 90.0:
            h += 180.0  # travelling astern on this part of the line: the ship does not spin
        return normalize_heading(h)

    def ship_pose(self, t: float, length: float, on_path: Mode = "stern") -> Pose:
        """Pose of a ship of ``length`` whose stern (or bow) centre is on the line at ``t``,
        heading along the line."""
        x, y = self.point(t)
        h = self.heading(t)
        fx, fy = heading_vector(h)
        k = 0.5 * length if on_path == "stern" else -0.5 * length
        return Pose(x + k * fx, y + k * fy, h)

    def length(self, n: int = 64) -> float:
        """Arc length, by a polyline of ``n`` segments."""
        total = 0.0
        x0, y0 = self.p0
        for i in range(1, n + 1):
            x1, y1 = self.point(i / n)
            total += math.hypot(x1 - x0, y1 - y0)
            x0, y0 = x1, y1
        return total

    def max_speed(self) -> float:
        """Upper bound of ``|dB/dt|`` (hull of the derivative's control points)."""
        p = (self.p0, self.p1, self.p2, self.p3)
        return 3.0 * max(math.hypot(p[i + 1][0] - p[i][0], p[i + 1][1] - p[i][1]) for i in range(3))

    def max_turn_rate(self, n: int = 32) -> float:
        """Estimated maximum of ``|dheading/dt|`` in rad per unit ``t`` (sampled, x1.5)."""
        best = abs(math.radians(normalize_relative(self.heading1 - self.heading0)))
        if self.pivot:
            return best
        p0, p1, p2, p3 = self.p0, self.p1, self.p2, self.p3
        ddx0 = 6.0 * (p2[0] - 2.0 * p1[0] + p0[0])
        ddy0 = 6.0 * (p2[1] - 2.0 * p1[1] + p0[1])
        ddx1 = 6.0 * (p3[0] - 2.0 * p2[0] + p1[0])
        ddy1 = 6.0 * (p3[1] - 2.0 * p2[1] + p1[1])
        for i in range(n + 1):
            t = i / n
            dx, dy = self.derivative(t)
            ddx = ddx0 + t * (ddx1 - ddx0)
            ddy = ddy0 + t * (ddy1 - ddy0)
            s2 = dx * dx + dy * dy
            if s2 > 1e-12:
                best = max(best, abs(dx * ddy - dy * ddx) / s2)
        return 1.5 * best


class Slide(NamedTuple):
    """Result of ``slide_until_contact``: final pose, path parameter reached, mode used,
    and the index in ``obstacles`` of the base that stopped the ship (``None`` if none)."""

    pose: Pose
    t: float
    mode: Mode
    hit: int | None


def _motion(a: Rect, b: Rect) -> float:
    """Upper bound of the displacement of any point of the base between ``a`` and ``b`` (same
    size): centre shift plus the chord swept at the bounding radius by the change of heading."""
    dh = abs(a.heading - b.heading)
    if dh > 180.0:
        dh = 360.0 - dh
    return math.hypot(b.cx - a.cx, b.cy - a.cy) + 2.0 * math.sin(math.radians(0.5 * dh)) * a.radius


def _on_card(pose: Pose, length: float, start: str) -> Pose:
    return pose.moved(0.0, length, 0.0) if start == "bow" else pose


def choose_slide_mode(pose: Pose, width: float, length: float, start: Start,
                      obstacles: Sequence[Rect]) -> Mode:
    """``'stern'`` when the ship can be placed on top of the card without overlapping any
    obstacle (always the case for a line behind the ship that starts clear), else ``'bow'``."""
    if start == "stern":
        return "stern"
    r = Rect.of_base(_on_card(pose, length, start), width, length)
    return "bow" if any(o.overlaps(r) for o in obstacles) else "stern"


def slide_until_contact(
    pose: Pose,
    width: float,
    length: float,
    end: LineEnd,
    start: Start = "bow",
    obstacles: Sequence[Rect] = (),
    mode: Literal["auto", "stern", "bow"] = "auto",
    snap: Snap | None = None,
) -> Slide:
    """Move the ship along the card line until just before its first overlap (see module doc).

    ``mode='auto'`` applies ``choose_slide_mode``. ``snap`` is how the caller stores a pose
    (e.g. rounded): the returned pose is then a snapped one, backed off along the line until
    it overlaps nothing (see the module doc). Returns ``Slide(pose, t, mode, hit)``; the final
    pose overlaps nothing (save a starting residue, ``CONTACT_RESIDUE``) and, when stopped by
    an obstacle, is within ``RESOLUTION`` (plus the back-off) of motion from touching it.
    """
    _start_point(pose, length, start)  # validates start
    if mode == "auto":
        mode = choose_slide_mode(pose, width, length, start, obstacles)
    if mode == "bow" and start != "bow":
        raise ValueError("the bow can only slide along a line placed in front of the ship")
    if mode not in ("stern", "bow"):
        raise ValueError(f"mode must be 'auto', 'stern' or 'bow', not {mode!r}")
    path = ManeuverPath.of_move(pose, length, end, start)

    def rect_at(t: float) -> Rect:
        return Rect.of_base(path.ship_pose(t, length, mode), width, length)

    # Only obstacles near the curve's control hull can be met (1 mm spare for ``snap``).
    xs = [p[0] for p in (path.p0, path.p1, path.p2, path.p3)]
    ys = [p[1] for p in (path.p0, path.p1, path.p2, path.p3)]
    margin = length + 0.5 * width + 1.0
    near = [(i, o) for i, o in enumerate(obstacles)
            if min(xs) - margin - o.radius <= o.cx <= max(xs) + margin + o.radius
            and min(ys) - margin - o.radius <= o.cy <= max(ys) + margin + o.radius]

    cur = rect_at(0.0)
    # A base met within CONTACT_RESIDUE at the start stops the ship only deeper than that.
    floor: dict[int, float] = {}
    for i, o in near:
        if o.overlaps(cur):
            gap = o.gap(cur)
            if gap < -CONTACT_RESIDUE:
                return Slide(pose, 0.0, mode, i)  # overlapping from the start: stay put
            floor[i] = gap - EPS

    def first_hit(r: Rect) -> int | None:
        for i, o in near:
            if (o.gap(r) < floor[i]) if i in floor else o.overlaps(r):
                return i
        return None

    # Bound on the speed of any point of the base, per unit t.
    reach_r = math.hypot(0.5 * width, length)
    speed = path.max_speed() + path.max_turn_rate() * reach_r + 1e-9

    def stop(t: float, hit: int | None) -> Slide:
        if snap is None:
            return Slide(rect_at(t).pose, t, mode, hit)
        return _settle(path, t, hit, mode, pose, width, length, snap, first_hit, speed)

    if not near:
        return stop(1.0, None)
    t = 0.0
    while t < 1.0:
        clear = math.inf
        for _, o in near:
            dx = o.cx - cur.cx
            dy = o.cy - cur.cy
            d = math.sqrt(dx * dx + dy * dy) - o.radius - cur.radius
            if d <= MAX_STEP:
                d = o.distance(cur)
            if d < clear:
                clear = d
        allowed = max(clear, MAX_STEP)
        dt = allowed / speed
        while True:  # the speed bound is an estimate: check the real motion of the corners
            t_next = min(1.0, t + dt)
            nxt = rect_at(t_next)
            if dt < 1e-12 or (_motion(cur, nxt) <= allowed and
                              _motion(cur, rect_at(0.5 * (t + t_next))) <= 0.75 * allowed):
                break
            dt *= 0.5
        hit = first_hit(nxt)
        if hit is not None:
            lo, hi, r_hi = t, t_next, nxt
            for _ in range(100):
                if _motion(cur, r_hi) <= RESOLUTION:
                    break
                mid = 0.5 * (lo + hi)
                r = rect_at(mid)
                h = first_hit(r)
                if h is None:
                    lo, cur = mid, r
                else:
                    hi, hit, r_hi = mid, h, r
            return stop(lo, hit)
        t, cur = t_next, nxt
    return stop(1.0, None)


def _settle(path: ManeuverPath, t: float, hit: int | None, mode: Mode, pose: Pose, width: float,
            length: float, snap: Snap, first_hit: Callable[[Rect], int | None], speed: float) -> Slide:
    """The slide's result as the caller stores it: the snapped pose at ``t``, or, if that one
    overlaps a base, at the latest ``t`` backed off along the line whose snapped pose does not
    (steps of ``BACKOFF`` mm of motion, doubling); the start ``pose`` if none is clear."""
    back = BACKOFF / speed
    while True:
        snapped = snap(path.ship_pose(t, length, mode))
        met = first_hit(Rect.of_base(snapped, width, length))
        if met is None:
            return Slide(snapped, t, mode, hit)
        if hit is None:
            hit = met  # the rounding alone brought it into contact: it stops there
        if t <= 0.0:
            return Slide(pose, 0.0, mode, hit)
        t = max(0.0, t - back)
        back *= 2.0
