"""Reading the table for rules and bots: bases, attitude to wind, the numbers a log shows.

These helpers only *read* the components — where a base is, which colour of its edge faces
the wind, which number the leftmost empty box of a track shows — and decide nothing.

``game`` may be a :class:`sog.game.Game` or anything with the same reading surface
(``content``, ``state.wind.from_``, ``state.table``, ``state.ships``, ``ship_doc(ship)``,
``ships()``, ``obstacles()``), such as the bots' :class:`sog.plugins.system.view_table.ViewTable` built from a seat's view.

*Obstacles* (:meth:`sog.game.Game.obstacles`: ships out of play whose model stays on the
table, such as wrecks) block the ruler like any base but are never targets.

*Land* (coasts and islands placed on the table, :func:`.terrain_table.land_of`) blocks the
ruler too, for every arc and for musketry, as :mod:`sog.plugins.system.geometry.sight` reads
p. 45; without land on the table the rulers are measured exactly as before, with no shapely.

The searches over the other bases (targets, blockers, musketry, :func:`other_rects`) read the
table's :mod:`.table_index` snapshot and look only at the bases within reach.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from sog.geometry import Pose, Rect
from sog.plugins.system.geometry import attitude as wind_attitude
from sog.plugins.system.geometry import (
    line_of_sight,
    reach,
    ruler_band,
    within_distance,
)
from sog.plugins.system.geometry.sight import (
    closest_ruler,
    lands_near,
    on_land,
    reach_over_land,
    ruler_clear,
)
from sog.plugins.system.state import Box, SailsShipState
from sog.state import PoseState

from .content_models import ruler_doc
from .land_target import LandTarget
from .land_targets import land_targets
from .table_index import base_of, table_snapshot
from .table_index import base_rect as _rect
from .terrain_table import land_of

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game

__all__ = [
    "ARCS",
    "ATTITUDE_COLOUR",
    "ATTITUDE_RANK",
    "MUSKETRY_LINE",
    "SIDES",
    "arc_of",
    "attitude_of",
    "base_of",
    "broadside_options",
    "enemies",
    "land_reach",
    "leftmost_empty",
    "musketry_of",
    "musketry_targets",
    "pose_of",
    "rect_of",
    "ruler_of",
    "ship_firepower",
    "sight_line",
    "sight_reach",
]

#: The broadsides, as the rulebook names them.
SIDES = ("left", "right")
#: The three firing arcs of each broadside.
ARCS = ("forward", "central", "rear")
#: The content's name for each broadside's side of the base.
BASE_SIDE = {"left": "port", "right": "starboard"}
#: Colour of each attitude's base edge.
ATTITUDE_COLOUR = {"taken-aback": "red", "beating": "orange", "reaching": "green", "running": "orange"}
#: Movement priority by attitude for overlapping ships (p. 13): green, then orange, then red.
ATTITUDE_RANK = {"reaching": 0, "beating": 1, "running": 1, "taken-aback": 2}


def pose_of(ship: SailsShipState) -> Pose:
    """The ship's pose as a geometry value."""
    return Pose(ship.pose.x, ship.pose.y, ship.pose.heading)


def pose_state(pose: Pose) -> PoseState:
    """A geometry pose as state, rounded to 1/1000 mm and degree so logs stay stable."""
    return PoseState(x=round(pose.x, 3), y=round(pose.y, 3), heading=round(pose.heading % 360.0, 3))


def rect_of(game: Game, ship: SailsShipState, pose: Pose | None = None) -> Rect:
    """The ship's base rectangle, at its pose or at ``pose``."""
    base = base_of(game, ship)
    if pose is None:
        p = ship.pose
        return _rect(p.x, p.y, p.heading, base.width, base.length)
    return _rect(pose.x, pose.y, pose.heading, base.width, base.length)


def attitude_of(game: Game, ship: SailsShipState, heading: float | None = None) -> str:
    """The ship's attitude to the wind: ``taken-aback``, ``beating``, ``reaching`` or ``running``.

    Exact borders go to the faster attitude (RULES-NOTES checklist item 2).
    """
    sectors = _sectors(base_of(game, ship))
    return wind_attitude(ship.pose.heading if heading is None else heading, game.state.wind.from_, sectors)


def _sectors(base: Any) -> list[tuple[float, str]]:
    """The base's wind sectors ``(upto, attitude)`` (cached per base)."""
    cached = _SECTORS.get(id(base))
    if cached is None or cached[0] is not base:
        if len(_SECTORS) >= 512:
            _SECTORS.clear()  # bases come and go with their libraries: keep none for ever
        cached = _SECTORS[id(base)] = (base, [(s.upto, s.attitude) for s in base.attitude])
    return cached[1]


#: Wind sectors by base identity; the base is kept so its id cannot be reused.
_SECTORS: dict[int, tuple[Any, list[tuple[float, str]]]] = {}


def leftmost_empty(boxes: Iterable[Box]) -> int | None:
    """Index of the leftmost box with nothing in it, or ``None`` if all are covered."""
    for index, box in enumerate(boxes):
        if not box.covered:
            return index
    return None


def ship_firepower(game: Game, ship: SailsShipState, arc: str) -> int:
    """Artillery firepower of ``arc`` (forward, central, rear) from the leftmost empty ship box."""
    index = leftmost_empty(ship.ship_track)
    if index is None:
        return 0
    box = game.ship_doc(ship).ship_track[index]
    return {"forward": box.forward, "central": box.full, "rear": box.rear}[arc]


def musketry_of(game: Game, ship: SailsShipState) -> int:
    """Musketry firepower from the leftmost empty crew box."""
    index = leftmost_empty(ship.crew_track)
    if index is None:
        return 0
    return game.ship_doc(ship).crew_track[index].musketry


def other_rects(game: Game, exclude: Iterable[str]) -> list[tuple[str, Rect]]:
    """Bases on the table other than ``exclude``, with their ids: ships in play, then obstacles."""
    skip = set(exclude)
    return [(pid, rect) for pid, rect in table_snapshot(game).pieces if pid not in skip]


def arc_of(base: Any, side: str, arc: str) -> Any:
    """The firing arc ``arc`` of broadside ``side`` (left/right) of a base document."""
    key = (id(base), side, arc)
    cached = _ARCS.get(key)
    if cached is None or cached[0] is not base:
        cached = _ARCS[key] = (base, base.arc(BASE_SIDE[side], arc))
    return cached[1]


#: Arcs by (base identity, side, arc); the base is kept so its id cannot be reused.
_ARCS: dict[tuple[int, str, str], tuple[Any, Any]] = {}


def ruler_of(game: Game) -> Any:
    """The scenario's combat ruler document."""
    return ruler_doc(game.content, game.content.scenario(game.state.scenario).ruler)


def enemies(game: Game, ship: SailsShipState) -> list[SailsShipState]:
    """Enemy ships in play, in scenario order."""
    return table_snapshot(game).enemies(ship.side)


def broadside_options(game: Game, ship: SailsShipState, side: str, pose: Pose | None = None) -> list[dict[str, Any]]:
    """Every ``{side, target, arc, band, distance}`` that ``side``'s arcs reach.

    An arc reaches an enemy when the ruler from its dot, inside the arc and not crossing any
    other base (ships in play and obstacles alike) nor land it may not cross (p. 45), touches
    the enemy's base; ``band`` is where the ruler touches it. Obstacles are never targets.
    ``pose`` puts the firing ship elsewhere (bots try moves with it).
    """
    table = table_snapshot(game)
    base = base_of(game, ship)
    pose = pose or pose_of(ship)
    bands, length = table.bands, table.ruler.length
    arcs, half_diagonal, dot_reach = _broadside(base, side)
    reach_limit = length + half_diagonal
    pieces, ships, own_side, x, y = table.pieces, table.ships, ship.side, pose.x, pose.y
    # Only the bases near enough to matter, in table order: a base whose centre is farther
    # than every dot's ruler plus its radius neither is reached nor hides anything.
    near = [pieces[k] + (k,) for k in table.near(x, y, length + dot_reach) if pieces[k][0] != ship.id]
    targets = [(target_id, target_rect) for target_id, target_rect, k in near
               if k < len(ships) and ships[k].side != own_side  # not an obstacle nor a friend
               and target_rect.point_distance(x, y) <= reach_limit]  # else no dot of this base reaches it
    on_land_targets = [t for t in land_targets(game)
                       if t.side != own_side and t.shapes[0].point_distance(x, y) <= reach_limit]
    if not targets and not on_land_targets:
        return []  # nothing within reach: the arcs need not be laid
    heading = pose.heading
    dots = [(arc_name, pose.local_to_world(right, forward), heading + arc_from, heading + arc_to)
            for arc_name, right, forward, arc_from, arc_to in arcs]
    lands = land_of(game)
    shooter_on = on_land(lands, rect_of(game, ship, pose)) if lands else frozenset()
    found: list[dict[str, Any]] = []
    land_blockers = [r for pid, r in pieces if pid != ship.id] if on_land_targets else []
    for land_target in on_land_targets:
        for arc_name, dot, start, end in dots:
            hit = land_reach(game, dot, start, end, length, land_target, land_blockers, shooter_on)
            if hit is not None:
                found.append({"side": side, "target": land_target.id, "arc": arc_name,
                              "band": ruler_band(hit.distance, bands), "distance": round(hit.distance, 1)})
    for target_id, target_rect in targets:
        blockers = [r for pid, r, _ in near if pid != target_id]
        own = shooter_on | on_land(lands, target_rect) if lands else frozenset()
        for arc_name, dot, start, end in dots:
            if lands:
                hit = reach_over_land(dot, start, end, length, target_rect, blockers, lands, own)
            else:
                hit = reach(dot, start, end, length, target_rect, blockers)
            if hit is not None:
                found.append({"side": side, "target": target_id, "arc": arc_name,
                              "band": ruler_band(hit.distance, bands), "distance": round(hit.distance, 1)})
    return found


def _broadside(base: Any, side: str) -> tuple[tuple[tuple[str, float, float, float, float], ...], float, float]:
    """A broadside's arcs ``(name, dot right, dot forward, from, to)``, the base's half
    diagonal and the farthest a dot lies from the base's centre (cached per base and side)."""
    key = (id(base), side)
    cached = _BROADSIDES.get(key)
    if cached is None or cached[0] is not base:
        arcs = tuple((name, arc.dot[0], arc.dot[1], arc.from_, arc.to) for name in ARCS for arc in [arc_of(base, side, name)])
        half = math.hypot(base.width, base.length) / 2
        if len(_BROADSIDES) >= 512:
            _BROADSIDES.clear()  # bases come and go with their libraries: keep none for ever
        cached = _BROADSIDES[key] = (base, arcs, half, max([half, *(math.hypot(a[1], a[2]) for a in arcs)]))
    return cached[1], cached[2], cached[3]


#: Broadside geometry by (base identity, side); the base is kept so its id cannot be reused.
_BROADSIDES: dict[tuple[int, str], tuple[Any, tuple[tuple[str, float, float, float, float], ...], float, float]] = {}


def land_reach(game: Any, dot: tuple[float, float], arc_from: float, arc_to: float, length: float,
               target: LandTarget, blockers: list[Rect], shooter_on: frozenset[str] | set[str]) -> Any:
    """The shortest ruler placement from ``dot`` inside the arc to any shape of a target on
    land (a battery's red dots, a building's drawing), past ``blockers`` and the land; the
    shooter's elements (``shooter_on``) and the target's own are not in the way (p. 45)."""
    lands = land_of(game)
    own = frozenset(shooter_on) | {target.on}
    best = None
    for shape in target.shapes:
        if lands:
            hit = reach_over_land(dot, arc_from, arc_to, length, shape, blockers, lands, own)
        else:
            hit = reach(dot, arc_from, arc_to, length, shape, blockers)
        if hit is not None and (best is None or hit.distance < best.distance):
            best = hit
    return best


def sight_reach(game: Game, dot: tuple[float, float], arc_from: float, arc_to: float, length: float,
                target: Rect, blockers: list[Rect], shooter: Rect) -> Any:
    """:func:`~sog.plugins.system.geometry.reach` with the land on the table (a rule laying its
    own rulers, e.g. forced aim's distances): ``shooter`` is the firing base."""
    lands = land_of(game)
    if not lands:
        return reach(dot, arc_from, arc_to, length, target, blockers)
    return reach_over_land(dot, arc_from, arc_to, length, target, blockers, lands, on_land(lands, shooter) | on_land(lands, target))


def sight_line(game: Game, from_xy: tuple[float, float], to_xy: tuple[float, float], blockers: list[Rect],
               ends: tuple[Rect, Rect], own: frozenset[str] = frozenset()) -> bool:
    """:func:`~sog.plugins.system.geometry.line_of_sight` with the land on the table (the raking
    line): ``ends`` are the bases the line goes from and to, whose elements are their own, as
    are the elements ``own`` names (a battery's)."""
    if not line_of_sight(from_xy, to_xy, blockers):
        return False
    lands = land_of(game)
    if not lands:
        return True
    near = lands_near(lands, [from_xy, to_xy])
    return not near or ruler_clear(from_xy, to_xy, near, on_land(near, ends[0]) | on_land(near, ends[1]) | own)


MUSKETRY_LINE = "nearest points"
"""Ruling: musketry (edge to edge, R1) is stopped by land when the line between the two
bases' nearest points may not be used as a ruler (p. 45: land blocks the line of sight)."""


def musketry_targets(game: Game, ship: SailsShipState, pose: Pose | None = None) -> list[str]:
    """Enemy ships whose base is within the ruler's width, edge to edge (ruling R1), and not
    behind land (:data:`MUSKETRY_LINE`); then enemy targets on land with a shape so near
    (:data:`LAND_MUSKETRY`)."""
    table = table_snapshot(game)
    width = table.ruler.width
    rect = rect_of(game, ship, pose)
    ships, pieces, own_side = table.ships, table.pieces, ship.side
    found = [pieces[k][0] for k in table.near(rect.cx, rect.cy, rect.radius + width)  # the rest are too far
             if k < len(ships) and ships[k].side != own_side and within_distance(rect, pieces[k][1], width)]
    lands = land_of(game)
    if lands and found:
        found = [tid for tid in found if _musketry_clear(lands, rect, rect_of(game, game.state.ships[tid]))]
    for target in land_targets(game):
        if target.side != ship.side and target.musketry and any(
                within_distance(rect, shape, width) and _musketry_clear(lands, rect, shape, {target.on})
                for shape in target.shapes):
            found.append(target.id)
    return found


LAND_MUSKETRY = "a shape within the ruler's width"
"""Ruling: a ship's musketry reaches a target on land when one of its shapes (a battery's red
dot, a building's drawing) is within the ruler's width of the ship's base, edge to edge as
R1, and the line between the nearest points is clear (its element is its own)."""


def _musketry_clear(lands: Any, rect: Rect, other: Rect, own: set[str] | None = None) -> bool:
    if not lands:
        return True
    near = lands_near(lands, [*rect.corners, *other.corners])
    if not near:
        return True
    p, q = closest_ruler(rect, other)
    return ruler_clear(p, q, near, on_land(near, rect) | on_land(near, other) | (own or set()))
