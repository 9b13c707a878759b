"""Where a player may put a terrain element at set-up: the constraints of the scenarios'
set-up orders (rulebook pp. 54-56), as data, and the grid of legal centres.

A scenario's set-up phases (:mod:`.setup_phases`) say, for each element a side places,
which constraints hold (a :class:`Constraints`): how near one named table edge its outline
lies, how far from the two edges next to that one, how near another element, how far from
every other element and from every table edge. :func:`problem` says why a centre breaks
one (a sentence, for the ``IllegalDecision`` refusals and the tests) and
:func:`legal_centres` lists the grid points that break none, as the reef placement of
*In Shallow Waters* does (:func:`sog.plugins.setup.terrain_placement.legal_points`).

Lengths in the settings are millimetres or the ruler's names (:data:`LENGTH_NAMES`):
``half-ruler``, ``ruler``, ``ruler-width``, read from the scenario's ruler.

Rulings (the text is silent):

* ``EDGE_DISTANCE``: "at half-ruler distance from the side" is *within* that distance,
  measured from the nearest point of the element's outline to the table edge, the whole
  outline on the table.
* ``ADJACENT_MARGIN``: "at least one ruler from both adjacent sides" is the nearest point of
  the outline at least that far from each of the two edges next to the named one.
* ``NEAR_DISTANCE``: "at half-ruler distance from the island" is the outline within that
  distance of the island's outline, without touching it.
* ``APART_FROM``: "at least half a ruler from each other" holds between the new element and
  every element already placed except the one it must lie near (reefs, and in the variant
  the other island and its reefs).
* ``CLEAR_OF_SHIPS``: an element may not be put over a ship already deployed (Supplies are
  Coming deploys the French ships before its island and reefs).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shapely import Polygon, box

from sog.game import Game

from sog.plugins.system.tabletop import rect_of, ruler_of
from sog.plugins.system.terrain_table import placed_terrain, placements, world_polygon

__all__ = ["ADJACENT", "Constraints", "EDGES", "LENGTH", "LENGTH_NAMES", "edge_gap", "legal_centres",
           "length_of", "move_placement", "problem"]

EDGES = ("south", "north", "west", "east")
"""The table edges (the frame: x right, y up; south is y = 0)."""
ADJACENT = {"south": ("west", "east"), "north": ("west", "east"), "west": ("south", "north"), "east": ("south", "north")}
"""The two edges next to each edge."""
LENGTH_NAMES = ("half-ruler", "ruler", "ruler-width")
"""The lengths a setting may name instead of millimetres."""
LENGTH: dict[str, Any] = {
    "description": "A length: millimetres, or half-ruler, ruler or ruler-width (the scenario's ruler).",
    "anyOf": [{"type": "number", "minimum": 0, "maximum": 10000}, {"enum": list(LENGTH_NAMES)}],
}
"""The JSON Schema of a length in the settings."""

EDGE_DISTANCE = "within the distance, outline's nearest point to the table edge"
"""Ruling: what "at half-ruler distance from the side" means (module docstring)."""
ADJACENT_MARGIN = "outline's nearest point at least the margin from both adjacent edges"
"""Ruling: what "at least one ruler from both adjacent sides" means."""
NEAR_DISTANCE = "outline within the distance of the other outline, not touching it"
"""Ruling: what "at half-ruler distance from the island" means."""
APART_FROM = "every element placed before, except the one it lies near"
"""Ruling: which elements "at least half a ruler from each other" keeps away."""
CLEAR_OF_SHIPS = True
"""Ruling: an element may not be put over a deployed ship's base."""
EPS = 1e-6


def length_of(game: Game, value: float | str) -> float:
    """A length of the settings in millimetres (a ruler name read from the game's ruler)."""
    if isinstance(value, str):
        ruler = ruler_of(game)
        return {"half-ruler": ruler.length / 2, "ruler": float(ruler.length), "ruler-width": float(ruler.width)}[value]
    return float(value)


def edge_gap(game: Game, polygon: Polygon, edge: str) -> float:
    """How far the polygon's nearest point lies from a table edge (negative: beyond it)."""
    minx, miny, maxx, maxy = polygon.bounds
    width, height = game.state.table["width"], game.state.table["height"]
    return {"south": miny, "north": height - maxy, "west": minx, "east": width - maxx}[edge]


@dataclass(frozen=True)
class Constraints:
    """What a placed element must respect (lengths in mm; ``None``: no such constraint).

    :ivar edge: the table edge its outline must lie within ``within`` of.
    :ivar margin: the least distance from the two edges next to ``edge``.
    :ivar near: the placement id whose outline it must lie within ``near_within`` of.
    :ivar apart: the least distance from every other placed element (not ``near``).
    :ivar sides: the least distance from every table edge.
    """

    edge: str | None = None
    within: float | None = None
    margin: float | None = None
    near: str | None = None
    near_within: float | None = None
    apart: float = 0.0
    sides: float = 0.0


def _deployed_bases(game: Game) -> list[Polygon]:
    deployed = game.state.ext.get("deployment", {}).get("deployed", [])
    return [Polygon(rect_of(game, game.state.ships[s]).corners) for s in deployed
            if s in game.state.ships and game.state.ships[s].in_play]


def problem(game: Game, element: str, x: float, y: float, heading: float, rules: Constraints,
            moving: str | None = None) -> str | None:
    """Why the terrain document ``element`` centred at ``(x, y)`` breaks ``rules``, or ``None``.

    ``moving`` is the id of the placement being moved (it is not an obstacle to itself).
    """
    outline = world_polygon(game.content.get("terrain", element), x, y, heading)
    at = f"at ({x:g}, {y:g})"
    table = box(0, 0, game.state.table["width"], game.state.table["height"])
    if not table.covers(outline):
        return f"{element} {at} would lie partly off the table"
    for edge in EDGES:
        gap = edge_gap(game, outline, edge)
        if gap < rules.sides - EPS:
            return f"{element} {at} would be {gap:.0f} mm from the {edge} edge, less than {rules.sides:g} mm"
    if rules.edge is not None and rules.within is not None:
        gap = edge_gap(game, outline, rules.edge)
        if gap > rules.within + EPS:
            return f"{element} {at} would be {gap:.0f} mm from the {rules.edge} edge, more than {rules.within:g} mm"
        for edge in ADJACENT[rules.edge] if rules.margin else ():
            gap = edge_gap(game, outline, edge)
            if gap < rules.margin - EPS:
                return f"{element} {at} would be {gap:.0f} mm from the {edge} edge, less than {rules.margin:g} mm"
    others = [t for t in placed_terrain(game) if t.id != moving]
    if rules.near is not None:
        target = next((t for t in others if t.id == rules.near), None)
        if target is None:
            return f"{rules.near} is not on the table"
        gap = outline.distance(target.polygon)
        if gap <= EPS:
            return f"{element} {at} would touch {target.id}"
        if rules.near_within is not None and gap > rules.near_within + EPS:
            return f"{element} {at} would be {gap:.0f} mm from {target.id}, more than {rules.near_within:g} mm"
    for other in others:
        if other.id == rules.near:
            continue
        gap = outline.distance(other.polygon)
        if gap <= EPS:
            return f"{element} {at} would touch {other.id}"
        if gap < rules.apart - EPS:
            return f"{element} {at} would be {gap:.0f} mm from {other.id}, less than {rules.apart:g} mm"
    if CLEAR_OF_SHIPS and any(outline.intersects(base) for base in _deployed_bases(game)):
        return f"{element} {at} would lie over a deployed ship"
    return None


def legal_centres(game: Game, element: str, heading: float, rules: Constraints, grid: float,
                  moving: str | None = None) -> list[dict[str, float]]:
    """The grid points (``grid`` mm apart, row by row from the bottom left) where ``element``
    may be centred under ``rules``."""
    width, height = game.state.table["width"], game.state.table["height"]
    points = []
    y = grid
    while y < height:
        x = grid
        while x < width:
            if problem(game, element, x, y, heading, rules, moving) is None:
                points.append({"x": x, "y": y})
            x += grid
        y += grid
    return points


def move_placement(game: Game, placement_id: str, x: float, y: float) -> dict[str, Any]:
    """Move a placed element's centre to ``(x, y)`` (its record in the public terrain state,
    which every reader of the table follows); returns the record."""
    record = next(r for r in placements(game) if r["id"] == placement_id)
    record["x"], record["y"] = x, y
    return record
