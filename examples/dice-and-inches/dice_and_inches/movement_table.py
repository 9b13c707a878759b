"""Ships on the table of a dice-and-inches game: hulls, poses, turns and the table's edge.

What: the helpers the ``dice-movement`` rule (:mod:`.movement`) uses to read and move the
pieces of a running game: a ship's hull in mm from her document (:func:`hull`), her pose,
the other hulls and the rocks she may meet, a pivot on her foremast (:func:`turn_to`) and
the table's edge (:func:`keep_on_table`). Why: apart from the rule's steps and decisions, so
that each module keeps one job (and under 500 lines); the pure geometry is
:mod:`.collision`.

Rulings
-------
``EDGE_SLIDE_BLOCKED`` (no constant)
    When the slide of :mod:`.collision`'s ``EDGE_SLIDE`` would put a ship off the table or
    onto a rock or a battery, nothing slides and the ship that reached the edge stops flush
    with it (moved back square to the edge; if even that spot is taken, where she was
    before that move), her movement over for the part.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sog.geometry import Pose, Rect
from sog.state import PoseState

from .collision import Rock, edge_shift, rotate_about, sweep_clear
from .state import DiceShip
from .units import foremast_offset, mm

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game

__all__ = ["hull", "keep_on_table", "others", "place", "pose_of", "rect", "rocks", "sweep_is_clear", "turn_to"]


def hull(game: Game, ship: DiceShip) -> tuple[float, float, float]:
    """``(beam, length, foremast)`` of a ship's hull in mm (the foremast ahead of the centre)."""
    doc = game.ship_doc(ship)
    return mm(float(doc.beam)), mm(float(doc.length)), foremast_offset(doc)


def pose_of(ship: DiceShip) -> Pose:
    """The ship's pose (her hull's centre, mm, and heading)."""
    return Pose(ship.pose.x, ship.pose.y, ship.pose.heading)


def place(ship: DiceShip, pose: Pose) -> None:
    """Put the ship at ``pose``."""
    ship.pose = PoseState(x=pose.x, y=pose.y, heading=pose.heading)


def rect(game: Game, ship: DiceShip, pose: Pose | None = None) -> Rect:
    """The ship's hull as a rectangle, where she is or at ``pose``."""
    w, l, _ = hull(game, ship)
    return Rect.of_base(pose or pose_of(ship), w, l)


def others(game: Game, ship: DiceShip) -> dict[str, Rect]:
    """Every other model on the table (ships, wrecks, batteries), by id."""
    return {o.id: rect(game, o) for o in game.ships_on_table() if o.id != ship.id}


def rocks(game: Game) -> list[Rock]:
    """The scenario's rocks (fixed: they do not slide with the ships, ``EDGE_SLIDE``)."""
    from .system import rocks as setup_rocks

    return [Rock(float(r["x"]), float(r["y"]), float(r["radius"])) for r in setup_rocks(game)]


def keep_on_table(game: Game, ship: DiceShip, before: Pose) -> None:
    """Keep a ship that has just moved (from ``before``) on the table (``EDGE_SLIDE``,
    ``EDGE_SLIDE_BLOCKED``)."""
    width, height = game.state.table["width"], game.state.table["height"]
    dx, dy = edge_shift(rect(game, ship), width, height)
    if dx == 0.0 and dy == 0.0:
        return
    pieces = game.ships_on_table()
    sliding = [o for o in pieces if not (isinstance(o, DiceShip) and o.rig == "none")]
    fixed = [rect(game, o) for o in pieces if isinstance(o, DiceShip) and o.rig == "none"]
    moved = {o.id: rect(game, o, Pose(o.pose.x + dx, o.pose.y + dy, o.pose.heading)) for o in sliding}
    stones = rocks(game)
    if all(r.inside(width, height) and not any(r.overlaps(f) for f in fixed)
           and not any(r.point_distance(k.x, k.y) < k.radius for k in stones) for r in moved.values()):
        for o in sliding:
            place(o, moved[o.id].pose)
        game.emit("table-slid", ship=ship.id, dx=dx, dy=dy)
        return
    back = moved[ship.id]
    taken = any(back.overlaps(r) for r in others(game, ship).values()) or any(
        back.point_distance(k.x, k.y) < k.radius for k in stones)
    place(ship, before if taken else back.pose)
    ship.handling.stopped = True
    game.emit("edge-stopped", ship=ship.id)


def turn_to(game: Game, ship: DiceShip, heading: float) -> None:
    """Pivot on the foremast to ``heading`` (the sweep was checked when the turn was offered)."""
    _, _, fore = hull(game, ship)
    start = pose_of(ship)
    place(ship, rotate_about(start, start.local_to_world(0.0, fore), heading))
    game.emit("ship-turned", ship=ship.id, heading=ship.pose.heading)
    keep_on_table(game, ship, start)


def sweep_is_clear(game: Game, ship: DiceShip, turn: float) -> bool:
    """Does a turn of ``turn`` degrees on her foremast meet no hull and no rock?"""
    w, l, fore = hull(game, ship)
    return sweep_clear(pose_of(ship), w, l, fore, turn, others(game, ship), rocks(game))
