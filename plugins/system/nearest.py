"""The nearest target a broadside bears on (rulebook p. 36), measured as the Forced Aim rule does.

Shared geometry: the forced-aim option narrows players' fire to what :func:`nearest_targets`
returns, and the rules of solitaire play (p. 49) choose an automatic ship's target with it.

* :func:`broadside_distances`: the ruler distance from a broadside's three arcs to every ship
  and target on land it reaches, friend or foe (from each arc's dot, inside the arc, with line
  of sight past the other bases and obstacles, land blocking as for any shot: p. 45);
* :func:`nearest_targets`: the nearest of them (within ``tie`` mm of the nearest), or nothing
  when a friend is among the nearest (that broadside may not fire).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from sog.plugins.system.geometry.sight import on_land
from sog.plugins.system.land_targets import land_targets
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.table_index import table_snapshot
from sog.plugins.system.tabletop import (
    ARCS,
    arc_of,
    base_of,
    land_reach,
    pose_of,
    rect_of,
    sight_reach,
)
from sog.plugins.system.terrain_table import land_of

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game

__all__ = ["broadside_distances", "nearest_targets"]


def broadside_distances(game: Game, ship: SailsShipState, side: str) -> dict[str, float]:
    """The ruler distance from ``side``'s arcs to every ship and target on land it reaches, friend or foe."""
    table = table_snapshot(game)
    base, pose, length = base_of(game, ship), pose_of(ship), table.ruler.length
    ships, pieces = table.ships, table.pieces
    rects = [r for s, (_, r) in zip(ships, pieces) if s.id != ship.id]
    obstacles = [r for _, r in pieces[len(ships):]]
    own = rect_of(game, ship)
    lands = land_of(game)
    # Only the bases within a dot's ruler (plus their size) are reached or in the way, in
    # table order: the others change nothing.
    dot_reach = max(math.hypot(base.width, base.length) / 2,
                    *(math.hypot(*arc_of(base, side, name).dot) for name in ARCS))
    near = [(k, *pieces[k]) for k in table.near(pose.x, pose.y, length + dot_reach)
            if k >= len(ships) or pieces[k][0] != ship.id]
    found: dict[str, float] = {}
    for arc_name in ARCS:
        arc = arc_of(base, side, arc_name)
        dot = pose.local_to_world(arc.dot[0], arc.dot[1])
        for k, target, rect in near:
            if k >= len(ships):
                continue  # obstacles are never targets
            blockers = [r for j, _, r in near if j != k]
            hit = sight_reach(game, dot, pose.heading + arc.from_, pose.heading + arc.to, length, rect, blockers, own)
            if hit is not None:
                found[target] = min(found.get(target, math.inf), hit.distance)
        for target in land_targets(game):  # batteries and buildings are targets too, friend or foe
            hit = land_reach(game, dot, pose.heading + arc.from_, pose.heading + arc.to, length, target,
                             [*rects, *obstacles], on_land(lands, own) if lands else frozenset())
            if hit is not None:
                found[target.id] = min(found.get(target.id, math.inf), hit.distance)
    return found


def nearest_targets(game: Game, ship: SailsShipState, side: str, tie: float) -> list[str]:
    """The enemies ``side`` may fire at: the nearest ships or targets on land (distances within
    ``tie`` mm of the nearest), in the order :func:`broadside_distances` found them; none when a
    friend is among the nearest."""
    reached = broadside_distances(game, ship, side)
    if not reached:
        return []
    nearest = min(reached.values())
    closest = [t for t, d in reached.items() if d <= nearest + tie]
    sides = {t.id: t.side for t in land_targets(game)}
    if any((sides[t] if t in sides else game.ship(t).side) == ship.side for t in closest):
        return []
    return closest
