"""What a position is worth to the admiral bot: fire brought and taken, safety on the table.

All measuring is the engine's own (:mod:`sog.plugins.system.tabletop`) on a table rebuilt from a
seat's view; a ship is tried elsewhere by swapping a moved copy of its state in for a moment
(:func:`placed`). Fire is weighed by range band and by how worn the target is, so a broadside
aimed at a ship nearly beaten counts more (fire concentrated on the weakest).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from sog.geometry import Pose
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.tabletop import (
    SIDES, broadside_options, pose_state, rect_of, ship_firepower,
)
from .view_table import ViewTable

__all__ = ["Weights", "fire_value", "placed", "safety", "wear"]

#: Ammunition that hits only in the ruler's red band (Standard rules).
CLOSE_AMMUNITION = ("chain", "grapeshot")
RED_BAND = "red"
#: Extra counters of a raking shot: one per this many, by the side entered.
TERRAIN = "terrain"
EXIT_GOALS = "exit-goals"
#: Moves beyond the next one a way out must leave the ship on the table for.
ESCAPE_DEPTH = 2


class Weights:
    """The admiral's scoring constants (a class so a test or a tuned bot may change them)."""

    short_range = 1.5
    #: Worth of a shot at a target per unit of its wear (covered share of its ship track).
    focus = 1.0
    off_table = -1000.0
    trapped = -500.0
    cornered = -15.0
    ramming = -30.0
    hazard = -400.0
    aback = -8.0
    exit_goal = 1000.0
    goal_pull = 0.1


def wear(ship: SailsShipState) -> float:
    """The covered share of a ship's ship track (0 fresh, near 1 about to surrender)."""
    track = ship.ship_track
    return sum(1 for box in track if box.covered) / len(track) if track else 0.0


@contextmanager
def placed(table: ViewTable, poses: Mapping[str, Pose]) -> Iterator[dict[str, SailsShipState]]:
    """Ships of the view moved to ``poses`` for the duration of the block (then put back)."""
    ships = table.state.ships
    originals = {sid: ships[sid] for sid in poses}
    moved = {sid: s.model_copy(update={"pose": pose_state(poses[sid])}) for sid, s in originals.items()}
    ships.update(moved)
    try:
        yield moved
    finally:
        ships.update(originals)


def fire_value(table: ViewTable, shooter: SailsShipState, side: str, target: str | None = None,
               weights: type[Weights] = Weights) -> float:
    """The best weighted fire ``side`` of ``shooter`` brings (at ``target`` only, if named)."""
    loaded = shooter.broadsides[side].loaded
    if loaded is None:
        return 0.0
    best = 0.0
    close_only = loaded in CLOSE_AMMUNITION
    for option in broadside_options(table, shooter, side):
        if target is not None and option["target"] != target:
            continue
        if close_only and option["band"] != RED_BAND:
            continue
        victim = table.state.ships.get(option["target"])
        weight = 1.0 if option["band"] == "long" else weights.short_range
        focus = 1.0 + weights.focus * wear(victim) if victim is not None else 1.0
        best = max(best, ship_firepower(table, shooter, option["arc"]) * weight * focus)
    return best


def goal_edge(table: ViewTable, ship: SailsShipState) -> str | None:
    """The edge the ship's side must leave the table by, if any (public ``ext["exit-goals"]``)."""
    return (getattr(table.state, "ext", {}) or {}).get(EXIT_GOALS, {}).get(ship.side)


def _nearest_edge(pose: Pose, width: float, height: float) -> str:
    return min((("west", pose.x), ("east", width - pose.x), ("south", pose.y), ("north", height - pose.y)),
               key=lambda e: e[1])[0]


def _edge_gap(pose: Pose, edge: str, width: float, height: float) -> float:
    return {"west": pose.x, "east": width - pose.x, "south": pose.y, "north": height - pose.y}[edge]


def _on_hazard(table: ViewTable, rect: Any) -> bool:
    if not (getattr(table.state, "ext", {}) or {}).get(TERRAIN):
        return False
    from sog.plugins.terrain.hazards import hazards_met  # the terrain rules load after the system

    return bool(hazards_met(table, rect))


def _on_table(table: ViewTable, ship: SailsShipState, pose: Pose) -> bool:
    return rect_of(table, ship, pose).inside(table.state.table["width"], table.state.table["height"])


def safety(table: ViewTable, ship: SailsShipState, pose: Pose, mover: Any, others: Mapping[str, Pose],
           weights: type[Weights] = Weights) -> float:
    """What ending at ``pose`` is worth apart from fire: on the table (or off by the goal edge),
    ways out next turn, no ramming (``others``: where the other ships are expected), no hazard,
    not taken aback, nearer the goal edge."""
    width, height = table.state.table["width"], table.state.table["height"]
    goal = goal_edge(table, ship)
    rect = rect_of(table, ship, pose)
    if not rect.inside(width, height):
        if goal is not None and _nearest_edge(pose, width, height) == goal:
            return weights.exit_goal
        return weights.off_table - min(width, height)
    score = 0.0
    if goal is not None:
        score -= weights.goal_pull * _edge_gap(pose, goal, width, height)
    ways = _ways_out(table, ship, pose, mover, goal)
    if ways == 0:
        score += weights.trapped
    elif ways < 3:
        score += weights.cornered
    if any(rect.overlaps(rect_of(table, table.state.ships[sid], p)) for sid, p in others.items() if sid != ship.id):
        score += weights.ramming
    if _on_hazard(table, rect):
        score += weights.hazard
    if mover.attitude(pose) == "taken-aback":
        score += weights.aback
    return score


def _ways_out(table: ViewTable, ship: SailsShipState, pose: Pose, mover: Any, goal: str | None) -> int:
    """Distinct moves from ``pose`` (by the cards the ship may plan there) after which the ship
    can still stay on the table and off hazards for :data:`ESCAPE_DEPTH` more moves."""
    width, height = table.state.table["width"], table.state.table["height"]
    terrain = bool((getattr(table.state, "ext", {}) or {}).get(TERRAIN))
    memo = mover.survival

    def off(after: Pose) -> bool | None:
        """``None`` on the table and safe, else whether leaving there is a way out (the goal edge)."""
        rect = rect_of(table, ship, after)
        if not rect.inside(width, height):
            return goal is not None and _nearest_edge(after, width, height) == goal
        return False if terrain and _on_hazard(table, rect) else None

    def survives(at: Pose, depth: int) -> bool:
        if not terrain and min(at.x, at.y, width - at.x, height - at.y) > (depth + 1) * mover.stride:
            return True  # no move sequence this short can reach an edge
        key = (round(at.x), round(at.y), round(at.heading), depth)
        if key not in memo:
            left = off(at)
            if left is not None:
                memo[key] = left
            else:
                memo[key] = depth == 0 or any(survives(after, depth - 1) for after in mover.nexts(at))
        return memo[key]

    return sum(1 for after in mover.nexts(pose) if survives(after, ESCAPE_DEPTH))


def fire_exchange(table: ViewTable, me: str, foe: str) -> tuple[dict[str, float], float]:
    """With both ships where the table has them: what each of ``me``'s sides brings at ``foe``,
    and the fire ``foe``'s sides bring at ``me``."""
    ships = table.state.ships
    mine = {side: fire_value(table, ships[me], side, foe) for side in SIDES}
    theirs = sum(fire_value(table, ships[foe], side, me) for side in SIDES)
    return mine, theirs
