"""Moving a hull on the table: pivots, straight runs stopped at contact, what a contact is.

What: pure geometry in millimetres on :class:`sog.geometry.Pose` and
:class:`sog.geometry.Rect` (a hull is a rectangle ``beam`` wide and ``length`` long centred
on its pose), with rocks as circles. :func:`sail` runs a hull straight ahead (or drifts it
in any direction) until it would first overlap another hull or a rock (:class:`.units.Rock`,
read from the scenario by :func:`.units.rocks`); :func:`pivot` turns
a hull about its foremast; :func:`sweep_clear` says whether a turn's sweep meets anything;
:func:`collision_kind` judges a contact between two hulls; :func:`deflect` sets a deflected
hull aside; :func:`edge_shift` finds the slide that brings a hull back onto the table.

Why: the ``dice-movement`` rule (:mod:`.movement`) needs these answers with no game at
hand, and they are where the text is least precise, so each ruling sits here, named.

Rulings
-------
``BOW_FRACTION``
    The *bow* of a hull, for collisions, is its forward quarter: a contact point at most a
    quarter of the hull's length from the stem. The *beam* is either long side of a hull
    (its corners included), bow to stern.
``DEFLECT_ANGLE``
    Two hulls in contact whose lines (headings, either way round) make less than 45
    degrees: the moving ship is deflected and they are not entangled. Otherwise, when one
    ship's bow touches the other's beam, they are entangled (as if grappled); any other
    contact (a bow on a transom, for instance) is a plain collision.
``DEFLECT_ASIDE``
    A deflected ship glances off: she is set aside, square to her own heading and away from
    the ship she struck, just far enough to lie alongside her clear of her along her course
    (touching, so grappling may still be tried), keeping her heading; her movement ends. If
    that spot is taken (by a hull, a rock or the table's edge) she stays at the contact.
``SWEEP_STEP``
    A turn or an anchor swing is checked every 5 degrees of its sweep (and at its end):
    a turn whose sweep meets a hull or a rock is not open to the ship; a swing stops at
    the last clear angle.
``EDGE_SLIDE``
    The text's "slide the ships an equal distance in any direction": when a hull would
    end partly off the table, every ship on the table (in play or a wreck) is slid by the
    same shortest vector, square to the edge(s) crossed, that brings that hull flush with
    the edge. The land does not move: rocks and land batteries stay where they are. See
    :mod:`.movement_table` for when the ships cannot all slide (``EDGE_SLIDE_BLOCKED``) and
    how a ship stopped there sails on (``EDGE_TURN``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from sog.geometry import EPS, Pose, Rect, Transform, normalize_relative

from .units import Rock

__all__ = [
    "BOW_FRACTION",
    "DEFLECT_ANGLE",
    "DEFLECT_ASIDE",
    "EDGE_SLIDE",
    "SWEEP_STEP",
    "Hit",
    "Rock",
    "Sailed",
    "blocked",
    "collision_kind",
    "contact_point",
    "deflect",
    "edge_shift",
    "lines_angle",
    "pivot",
    "rotate_about",
    "sail",
    "sweep_clear",
    "swing",
]

# Rulings
#: The bow is this fraction of the hull length, from the stem.
BOW_FRACTION = 0.25
#: Below this angle between two hulls' lines a collision deflects instead of entangling.
DEFLECT_ANGLE = 45.0
#: A deflected ship is set aside just clear of the other (see the docstring): no constant
#: distance; this names the ruling.
DEFLECT_ASIDE = "alongside, clear along her course"
#: Sweeps of turns and swings are checked at least every this many degrees.
SWEEP_STEP = 5.0
#: At the table's edge every ship slides by the same shortest vector square to the edge (see
#: the docstring); rocks and batteries stay. This names the ruling (:func:`edge_shift`).
EDGE_SLIDE = "every ship alike, square to the edge; the land stays"

_MARCH = 2.0  # mm: a straight run is checked this often, then the contact is bisected
_BISECT = 40  # halvings of the last march step: contact within 2 mm / 2**40
_SIDE_TOL = 0.5  # mm: a contact point this near a long side is on the beam


@dataclass(frozen=True, slots=True)
class Hit:
    """What stopped a hull: another hull (``key`` = its id) or a rock (``key`` = its index)."""

    kind: Literal["ship", "rock"]
    key: str | int


@dataclass(frozen=True, slots=True)
class Sailed:
    """The end of a run: the pose reached, the distance run (mm), what stopped it if anything."""

    pose: Pose
    travelled: float
    hit: Hit | None


def _rock_overlaps(rect: Rect, rock: Rock) -> bool:
    return rect.point_distance(rock.x, rock.y) < rock.radius - EPS


def blocked(rect: Rect, ships: Mapping[str, Rect], rocks: Sequence[Rock]) -> Hit | None:
    """The first hull (in mapping order) or rock that ``rect`` overlaps, else ``None``.
    Touching is not overlapping."""
    for key, other in ships.items():
        if rect.overlaps(other):
            return Hit("ship", key)
    for i, rock in enumerate(rocks):
        if _rock_overlaps(rect, rock):
            return Hit("rock", i)
    return None


def _clear_of(rect: Rect, ships: Mapping[str, Rect], rocks: Sequence[Rock]) -> tuple[dict[str, Rect], list[Rock | None]]:
    """The obstacles ``rect`` does not already overlap (one met at the start cannot stop it;
    rocks keep their indices, an excluded one is ``None``)."""
    near_ships = {k: r for k, r in ships.items() if not rect.overlaps(r)}
    near_rocks = [None if _rock_overlaps(rect, rock) else rock for rock in rocks]
    return near_ships, near_rocks


def _blocked_kept(rect: Rect, ships: Mapping[str, Rect], rocks: Sequence[Rock | None]) -> Hit | None:
    for key, other in ships.items():
        if rect.overlaps(other):
            return Hit("ship", key)
    for i, rock in enumerate(rocks):
        if rock is not None and _rock_overlaps(rect, rock):
            return Hit("rock", i)
    return None


def sail(pose: Pose, width: float, length: float, distance: float,
         ships: Mapping[str, Rect] = {}, rocks: Sequence[Rock] = (),
         direction: float | None = None) -> Sailed:
    """Run the hull ``distance`` mm along ``direction`` (default: her heading, the heading
    kept) until she would first overlap a hull or a rock; she stops touching it."""
    course = pose.heading if direction is None else direction
    ux, uy = math.sin(math.radians(course)), math.cos(math.radians(course))

    def at(t: float) -> Pose:
        return Pose(pose.x + ux * t, pose.y + uy * t, pose.heading)

    start = Rect.of_base(pose, width, length)
    near_ships, near_rocks = _clear_of(start, ships, rocks)
    if distance <= 0.0:
        return Sailed(pose, 0.0, None)
    n = max(1, math.ceil(distance / _MARCH))
    prev = 0.0
    for i in range(1, n + 1):
        t = distance * i / n
        hit = _blocked_kept(Rect.of_base(at(t), width, length), near_ships, near_rocks)
        if hit is None:
            prev = t
            continue
        lo, hi = prev, t
        for _ in range(_BISECT):
            mid = 0.5 * (lo + hi)
            found = _blocked_kept(Rect.of_base(at(mid), width, length), near_ships, near_rocks)
            if found is None:
                lo = mid
            else:
                hi, hit = mid, found
        return Sailed(at(lo), lo, hit)
    return Sailed(at(distance), distance, None)


def rotate_about(pose: Pose, point: tuple[float, float], heading: float) -> Pose:
    """The pose turned about the table point ``point`` until its heading is ``heading``."""
    turn = normalize_relative(heading - pose.heading)
    rot = Transform(rotation_deg=turn)
    dx, dy = rot.point(pose.x - point[0], pose.y - point[1])
    return Pose(point[0] + dx, point[1] + dy, pose.heading + turn)


def pivot(pose: Pose, foremast: float, turn: float) -> Pose:
    """The hull turned by ``turn`` degrees about her foremast, ``foremast`` mm ahead of her
    centre (the text: always pivot on the foremast)."""
    return rotate_about(pose, pose.local_to_world(0.0, foremast), pose.heading + turn)


def _sweep(pose: Pose, point: tuple[float, float], turn: float) -> list[Pose]:
    steps = max(1, math.ceil(abs(turn) / SWEEP_STEP))
    return [rotate_about(pose, point, pose.heading + turn * i / steps) for i in range(1, steps + 1)]


def sweep_clear(pose: Pose, width: float, length: float, foremast: float, turn: float,
                ships: Mapping[str, Rect] = {}, rocks: Sequence[Rock] = ()) -> bool:
    """Does a turn of ``turn`` degrees about the foremast meet no hull and no rock
    (``SWEEP_STEP``)? Obstacles already overlapped at the start are ignored."""
    near_ships, near_rocks = _clear_of(Rect.of_base(pose, width, length), ships, rocks)
    point = pose.local_to_world(0.0, foremast)
    return all(_blocked_kept(Rect.of_base(p, width, length), near_ships, near_rocks) is None
               for p in _sweep(pose, point, turn))


def swing(pose: Pose, width: float, length: float, heading: float,
          ships: Mapping[str, Rect] = {}, rocks: Sequence[Rock] = ()) -> Pose:
    """Swing a hull about the tip of her bow (an anchored ship) the shorter way round until
    her heading is ``heading``, stopping at the last clear angle of the sweep."""
    near_ships, near_rocks = _clear_of(Rect.of_base(pose, width, length), ships, rocks)
    tip = pose.local_to_world(0.0, length / 2.0)
    best = pose
    for p in _sweep(pose, tip, normalize_relative(heading - pose.heading)):
        if _blocked_kept(Rect.of_base(p, width, length), near_ships, near_rocks) is not None:
            break
        best = p
    return best


def contact_point(a: Rect, b: Rect) -> tuple[float, float]:
    """The point where two touching (or nearly touching) hulls meet: the corner of either
    that is nearest the other."""
    best, point = math.inf, (a.cx, a.cy)
    for corner in a.corners:
        d = b.point_distance(*corner)
        if d < best:
            best, point = d, corner
    for corner in b.corners:
        d = a.point_distance(*corner)
        if d < best:
            best, point = d, corner
    return point


def _in_bow(rect: Rect, point: tuple[float, float]) -> bool:
    _, forward = rect.local(*point)
    return forward >= rect.hl - 2.0 * rect.hl * BOW_FRACTION - _SIDE_TOL


def _on_beam(rect: Rect, point: tuple[float, float]) -> bool:
    right, _ = rect.local(*point)
    return abs(right) >= rect.hw - _SIDE_TOL


def lines_angle(a: float, b: float) -> float:
    """The angle (0..90) between two hulls' lines, whichever way each one points."""
    d = abs(normalize_relative(a - b))
    return min(d, 180.0 - d)


def collision_kind(mover: Rect, other: Rect) -> Literal["deflected", "entangled", "struck"]:
    """Judge a contact (``DEFLECT_ANGLE``, ``BOW_FRACTION``): ``deflected`` under 45
    degrees, ``entangled`` when a bow meets a beam, else ``struck``."""
    if lines_angle(mover.heading, other.heading) < DEFLECT_ANGLE - 1e-9:
        return "deflected"
    p = contact_point(mover, other)
    if (_in_bow(mover, p) and _on_beam(other, p)) or (_in_bow(other, p) and _on_beam(mover, p)):
        return "entangled"
    return "struck"


def deflect(pose: Pose, width: float, length: float, other: Rect,
            ships: Mapping[str, Rect] = {}, rocks: Sequence[Rock] = (),
            table: tuple[float, float] | None = None) -> Pose:
    """Set a deflected hull aside, square to her heading and away from ``other``, just far
    enough that she lies alongside it, clear of it along her course (``DEFLECT_ASIDE``); she
    stays where she is if that spot is taken or off the table."""
    right, _ = pose.world_to_local(other.cx, other.cy)
    a = math.radians(other.heading - pose.heading)
    reach = other.hw * abs(math.cos(a)) + other.hl * abs(math.sin(a)) + 0.5 * width
    aside = right - reach if right >= 0.0 else right + reach
    moved = pose.moved(right=aside)
    rect = Rect.of_base(moved, width, length)
    if blocked(rect, ships, rocks) is not None or rect.overlaps(other):
        return pose
    if table is not None and not rect.inside(*table):
        return pose
    return moved


def edge_shift(rect: Rect, table_w: float, table_h: float) -> tuple[float, float]:
    """The shortest slide ``(dx, dy)`` square to the edges that brings ``rect`` wholly back
    onto the table (``EDGE_SLIDE``); ``(0, 0)`` when it is on."""
    x0, y0, x1, y1 = rect.extent()
    dx = -x0 if x0 < -EPS else (table_w - x1 if x1 > table_w + EPS else 0.0)
    dy = -y0 if y0 < -EPS else (table_h - y1 if y1 > table_h + EPS else 0.0)
    return (dx, dy)
