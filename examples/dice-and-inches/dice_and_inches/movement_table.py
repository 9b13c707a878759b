"""Ships on the table of a dice-and-inches game: poses, turns and the table's edge.

What: the helpers the ``dice-movement`` rule (:mod:`.movement`) uses to read and move the
pieces of a running game: a ship's pose, the other hulls she may meet (the hulls and rocks
themselves are :func:`.units.hull` and :func:`.units.rocks`), a pivot on her foremast
(:func:`turn_to`), the table's edge (:func:`keep_on_table`) and the turns open to a ship
stopped there (:func:`edge_turns`). Why: apart from the rule's steps and decisions, so that
each module keeps one job (and under 500 lines); the pure geometry is :mod:`.collision`.

Rulings
-------
``EDGE_SLIDE_BLOCKED``
    When the slide of :mod:`.collision`'s ``EDGE_SLIDE`` would put a ship off the table or
    onto a rock or a battery, nothing slides and the ship that reached the edge stops flush
    with it (moved back square to the edge; if even that spot is taken, where she was
    before that move), her movement over for the part: she is *edge-stopped*.
``EDGE_TURN``
    A ship must always be able to sail on (the text never lets the edge of the world hold
    a ship: the world slides). An edge-stopped ship still makes her helm order, at once, in
    the leg in which she reached the edge; and at the edge that order may turn her,
    pivoting on her foremast, to any heading in 45 degree steps (as a ship warped round)
    from which her next half move stays on the table: not into the wind's eye, her sweep
    clear of hulls and rocks, and set flush with the edge if her stern swings over it (that
    spot clear). She may also hold her course (she stays against the edge); if no heading
    leads her back on, the plain 45 degree turns that are clear are open instead.
``POSE_ROUNDING``
    Poses are stored to 0.001 mm and 0.001 degree (as the Sails of Glory system stores
    its own), never rounded over the edge or into a hull or rock (:func:`tidy`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from sog.geometry import EPS, Pose, Rect, normalize_heading
from sog.state import PoseState

from . import handling as hd
from .collision import edge_shift, rotate_about, sweep_clear
from .state import DiceShip
from .units import foremast_offset, hull, mm, rocks

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game

__all__ = ["EDGE_SLIDE_BLOCKED", "EDGE_TURN", "POSE_DECIMALS", "POSE_ROUNDING", "edge_turns", "keep_on_table", "others", "place", "pose_of",
           "sweep_is_clear", "tidy", "turn_to", "turned"]

# Rulings
#: The world cannot slide: the ship that reached the edge stops flush with it (see above).
EDGE_SLIDE_BLOCKED = "stop flush with the edge"
#: An edge-stopped ship makes her helm order at once, to any heading she can sail on from.
EDGE_TURN = (0, -45, 45, -90, 90, -135, 135, 180)
#: Poses are stored rounded to 0.001 mm where that adds no clash (see :data:`POSE_DECIMALS`).
POSE_ROUNDING = "0.001 mm, never into a clash"


def pose_of(ship: DiceShip) -> Pose:
    """The ship's pose (her hull's centre, mm, and heading)."""
    return Pose(ship.pose.x, ship.pose.y, ship.pose.heading)


#: Ruling POSE_ROUNDING: a pose is stored to POSE_DECIMALS decimals (0.001 mm, 0.001 degree;
#: heading in [0, 360)), as the Sails of Glory system stores its own, so that float noise
#: (``y 816.8000009999984``) stays out of saves and logs. Rounding never puts a ship over the
#: table's edge or into a hull or rock she did not already overlap (a ship stopped touching
#: another could otherwise interpenetrate it by 0.0005 mm, and a run ignores what it starts
#: in): the nearest 0.001 mm is taken if it is clear, else the first clear of the other
#: three corners of the 0.001 mm square around the pose, else the pose unrounded.
POSE_DECIMALS = 3


def _clashes(game: Game, ship: DiceShip, pose: Pose) -> set[str]:
    """What the ship at ``pose`` would overlap: ``edge``, other pieces' ids, ``rock<i>``."""
    rect = hull(game, ship, pose)
    found = {key for key, other in others(game, ship).items() if rect.overlaps(other)}
    found |= {f"rock{i}" for i, k in enumerate(rocks(game)) if rect.point_distance(k.x, k.y) < k.radius - EPS}
    if not rect.inside(*_table(game)):
        found.add("edge")
    return found


def tidy(game: Game, ship: DiceShip, pose: Pose) -> Pose:
    """``pose`` rounded to POSE_DECIMALS where that adds no clash (``POSE_ROUNDING``)."""
    scale = 10 ** POSE_DECIMALS
    heading = round(pose.heading % 360.0, POSE_DECIMALS) % 360.0 + 0.0
    x, y = pose.x * scale, pose.y * scale
    nearest = (round(x), round(y))
    candidates = [nearest] + [c for c in ((math.floor(x), math.floor(y)), (math.floor(x), math.ceil(y)),
                                          (math.ceil(x), math.floor(y)), (math.ceil(x), math.ceil(y)))
                              if c != nearest]
    before = _clashes(game, ship, pose)
    for cx, cy in candidates:
        rounded = Pose(cx / scale + 0.0, cy / scale + 0.0, heading)
        if _clashes(game, ship, rounded) <= before:
            return rounded
    return pose


def place(game: Game, ship: DiceShip, pose: Pose) -> None:
    """Put the ship at ``pose``, rounded (``POSE_ROUNDING``)."""
    at = tidy(game, ship, pose)
    ship.pose = PoseState(x=at.x, y=at.y, heading=at.heading)


def others(game: Game, ship: DiceShip) -> dict[str, Rect]:
    """Every other model on the table (ships, wrecks, batteries), by id."""
    return {o.id: hull(game, o) for o in game.ships_on_table() if o.id != ship.id}


def _table(game: Game) -> tuple[float, float]:
    return float(game.state.table["width"]), float(game.state.table["height"])


def _taken(game: Game, ship: DiceShip, rect: Rect) -> bool:
    """Does ``rect`` (the ship somewhere else) overlap another hull or a rock?"""
    return any(rect.overlaps(r) for r in others(game, ship).values()) or any(
        rect.point_distance(k.x, k.y) < k.radius for k in rocks(game))


def _flush(game: Game, ship: DiceShip, pose: Pose) -> Pose:
    """``pose`` moved square to the edge(s) until her hull is wholly on the table."""
    dx, dy = edge_shift(hull(game, ship, pose), *_table(game))
    return Pose(pose.x + dx, pose.y + dy, pose.heading)


def keep_on_table(game: Game, ship: DiceShip, before: Pose) -> str:
    """Keep a ship that has just moved (from ``before``) on the table (``EDGE_SLIDE``,
    ``EDGE_SLIDE_BLOCKED``). Returns ``on`` (she was on it), ``slid`` (the world slid) or
    ``stopped`` (she is edge-stopped: ``Handling.stopped`` and ``Handling.edge_stopped``)."""
    width, height = _table(game)
    dx, dy = edge_shift(hull(game, ship), width, height)
    if dx == 0.0 and dy == 0.0:
        return "on"
    pieces = game.ships_on_table()
    sliding = [o for o in pieces if not (isinstance(o, DiceShip) and o.rig == "none")]
    fixed = [hull(game, o) for o in pieces if isinstance(o, DiceShip) and o.rig == "none"]
    moved = {o.id: hull(game, o, Pose(o.pose.x + dx, o.pose.y + dy, o.pose.heading)) for o in sliding}
    stones = rocks(game)
    if all(r.inside(width, height) and not any(r.overlaps(f) for f in fixed)
           and not any(r.point_distance(k.x, k.y) < k.radius for k in stones) for r in moved.values()):
        for o in sliding:
            place(game, o, moved[o.id].pose)
        game.emit("table-slid", ship=ship.id, dx=dx, dy=dy)
        return "slid"
    back = moved[ship.id]
    place(game, ship, before if _taken(game, ship, back) else back.pose)
    ship.handling.stopped = ship.handling.edge_stopped = True
    game.emit("edge-stopped", ship=ship.id)
    return "stopped"


def turned(game: Game, ship: DiceShip, heading: float) -> Pose:
    """Her pose pivoted on her foremast to ``heading`` (not yet checked against the edge)."""
    start = pose_of(ship)
    return rotate_about(start, start.local_to_world(0.0, foremast_offset(game.ship_doc(ship))), heading)


def turn_to(game: Game, ship: DiceShip, heading: float) -> None:
    """Pivot on the foremast to ``heading`` (the sweep was checked when the turn was offered)."""
    start = pose_of(ship)
    place(game, ship, turned(game, ship, heading))
    game.emit("ship-turned", ship=ship.id, heading=ship.pose.heading)
    keep_on_table(game, ship, start)


def sweep_is_clear(game: Game, ship: DiceShip, turn: float) -> bool:
    """Does a turn of ``turn`` degrees on her foremast meet no hull and no rock?"""
    body = hull(game, ship)
    fore = foremast_offset(game.ship_doc(ship))
    return sweep_clear(pose_of(ship), body.width, body.length, fore, turn, others(game, ship), rocks(game))


def _sails_on(game: Game, ship: DiceShip, pose: Pose, wind: float) -> bool:
    """From ``pose`` (on the table, spot clear), does her next half move stay on the table?"""
    half = hd.half_move(ship.rig, pose.heading, wind, ship.handling.jury_mast)
    if half <= 0.0:
        return False  # the wind's eye: she could only point
    run = mm(half)
    rad = math.radians(pose.heading)
    ahead = Pose(pose.x + math.sin(rad) * run, pose.y + math.cos(rad) * run, pose.heading)
    return edge_shift(hull(game, ship, ahead), *_table(game)) == (0.0, 0.0)


def edge_turns(game: Game, ship: DiceShip, wind: float) -> list[int]:
    """The helm orders of an edge-stopped ship (``EDGE_TURN``): hold her course, or turn to
    any heading (45 degree steps) she can sail on from; failing any, the clear 45s."""
    options = [0]
    for turn in EDGE_TURN[1:]:
        heading = normalize_heading(ship.pose.heading + turn)
        if hd.in_wind_eye(heading, wind) or not sweep_is_clear(game, ship, turn):
            continue
        pose = _flush(game, ship, turned(game, ship, heading))
        if not _taken(game, ship, hull(game, ship, pose)) and _sails_on(game, ship, pose, wind):
            options.append(turn)
    if len(options) == 1:
        options += [t for t in (-45, 45) if not hd.in_wind_eye(ship.pose.heading + t, wind)
                    and sweep_is_clear(game, ship, t)]
    return options
