"""Set-up zones named by the ``deployment`` rule's settings (rulebook pp. 51-56): a strip along
a table edge, or the waters about a point (*within half a ruler of the table's centre*).

A zone is a dict, as in the public ``game.state.ext["setup-zones"]``: ``{"x": [lo, hi],
"y": [lo, hi], "heading": h}`` (a rectangle), and for a zone about a point also
``"circle": [cx, cy, r]`` (then ``x`` and ``y`` are the circle's bounding box). A ship is in
its zone when every corner of its base is (ruling ``WHOLE_BASE``, as for a rectangle).

The setting ``zones`` maps a side to a zone spec (:data:`ZONE`):

* ``{edge, within, margin}``: the strip along ``edge`` that is ``within`` deep, its ends
  ``margin`` from the two edges next to it (default 0);
* ``{point, within}``: the disc of radius ``within`` about ``point`` (``centre``: the
  table's centre, or ``[x, y]`` in mm);

each with an optional ``heading`` (default the ship's scenario heading, ruling
``DEPTH_AND_HEADING`` of :mod:`.deployment`). Lengths as :data:`.placement_rules.LENGTH`.

Rulings:

* ``WHOLE_BASE``: "within half a ruler of the table's centre" means the whole base within
  that distance of the centre point.
* ``DISC_AXIS``: in a zone about a point the ships are placed along the line across their
  heading (x for headings nearer north or south, else y), at the scenario pose's depth.
"""

from __future__ import annotations

from typing import Any

from sog.game import Game

from sog.plugins.setup.placement_rules import EDGES, LENGTH, length_of

__all__ = ["ZONE", "axis_of", "corners_inside", "spec_issues", "zone_from_spec"]

ZONE: dict[str, Any] = {
    "description": "A set-up zone: a strip along a table edge ({edge, within, margin}) or the disc about a point "
                   "({point: centre or [x, y], within}); heading: the ships' heading (default the scenario's).",
    "type": "object",
    "additionalProperties": False,
    "required": ["within"],
    "properties": {
        "edge": {"enum": list(EDGES), "description": "The table edge the strip runs along."},
        "point": {"anyOf": [{"const": "centre"},
                            {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "number", "minimum": 0}}],
                  "description": "The centre of a disc zone: centre (the table's) or [x, y] mm."},
        "within": {**LENGTH, "description": "The strip's depth, or the disc's radius."},
        "margin": {**LENGTH, "description": "A strip's ends: the least distance from the edges next to its edge."},
        "heading": {"type": "number", "minimum": 0, "maximum": 360, "description": "The ships' heading in the zone."},
    },
    "oneOf": [{"required": ["edge"]}, {"required": ["point"]}],
}
"""The JSON Schema of a zone spec (one of ``edge`` or ``point``)."""

WHOLE_BASE = "every corner of the base within the distance of the point"
"""Ruling: a ship is in a zone about a point when its whole base is."""
DISC_AXIS = "across the heading, at the scenario depth"
"""Ruling: the line ships are placed along in a zone about a point."""
EPS = 1e-6


def zone_from_spec(game: Game, spec: dict[str, Any], heading: float) -> dict[str, Any]:
    """The zone a spec names, for a ship of scenario heading ``heading``."""
    width, height = game.state.table["width"], game.state.table["height"]
    within = length_of(game, spec["within"])
    heading = float(spec.get("heading", heading))
    if "point" in spec:
        cx, cy = (width / 2, height / 2) if spec["point"] == "centre" else (float(spec["point"][0]), float(spec["point"][1]))
        return {"x": [cx - within, cx + within], "y": [cy - within, cy + within], "heading": heading,
                "circle": [cx, cy, within]}
    edge = spec["edge"]
    margin = length_of(game, spec.get("margin", 0))
    along = [margin, (width if edge in ("south", "north") else height) - margin]
    depth = {"south": [0, within], "north": [height - within, height],
             "west": [0, within], "east": [width - within, width]}[edge]
    if edge in ("south", "north"):
        return {"x": along, "y": depth, "heading": heading}
    return {"x": depth, "y": along, "heading": heading}


def axis_of(zone: dict[str, Any]) -> str:
    """The axis ships are placed along: a rectangle's longer one, a disc's across the heading."""
    if "circle" in zone:
        heading = float(zone.get("heading", 0.0)) % 180.0
        return "x" if heading <= 45.0 or heading >= 135.0 else "y"
    return "x" if zone["x"][1] - zone["x"][0] >= zone["y"][1] - zone["y"][0] else "y"


def corners_inside(corners: Any, zone: dict[str, Any]) -> bool:
    """Whether every corner lies in the zone (ruling ``WHOLE_BASE`` for a disc)."""
    if not all(zone["x"][0] - EPS <= x <= zone["x"][1] + EPS and zone["y"][0] - EPS <= y <= zone["y"][1] + EPS
               for x, y in corners):
        return False
    if "circle" in zone:
        cx, cy, r = zone["circle"]
        return all((x - cx) ** 2 + (y - cy) ** 2 <= (r + EPS) ** 2 for x, y in corners)
    return True


def spec_issues(scenario: Any, zones: dict[str, Any], where: str) -> list[tuple[str, str]]:
    """``(pointer, message)`` issues of the ``zones`` setting: sides named, discs on the table."""
    issues = []
    sides = {s.id for s in scenario.sides}
    for side, spec in zones.items():
        if side not in sides:
            issues.append((f"{where}/{side}", f"no side {side!r} in the scenario (sides: {', '.join(sorted(sides))})"))
        point = spec.get("point")
        if isinstance(point, list) and not (point[0] <= scenario.table.width and point[1] <= scenario.table.height):
            issues.append((f"{where}/{side}/point", f"the point ({point[0]:g}, {point[1]:g}) is off the table"))
    return issues
