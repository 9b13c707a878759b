"""Checks of a scenario's buildings (``setup.buildings``) that its schema cannot express.

The schema (:mod:`.setup_schema`) says what an entry looks like; here, with the library: it is
drawn ``on`` a coast or island placement of the same scenario's ``setup.terrain``, its
``building`` is one of that element's document (did-you-mean), its ``side`` is a side of the
scenario, and its id is unique among the scenario's terrain placements, batteries and
buildings. Issues are ``(document, pointer, message)`` as ``sog_check_content`` returns them,
the pointer into the scenario (``/setup/buildings/0/building``), so ``sog validate`` reports
each at its file, line and column. The ``buildings`` rule calls them; the batteries' own
checks (:mod:`.battery_checks`) keep theirs.

The drawing of a building lying inside its element is the document's check
(:func:`building_issues`, called by :mod:`.content_terrain_checks`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from shapely import Polygon

from sog.packs.errors import did_you_mean

from .battery_checks import scenario_batteries
from .building_table import BuildingPlacement, building_doc, world_rect
from .content_terrain import TerrainElement
from .setup_schema import setup_entries
from .terrain_checks import LAND, land_under, scenario_placements

__all__ = ["INSIDE", "building_issues", "check_buildings", "scenario_buildings"]

INSIDE = 0.001
"""Ruling: a building's drawing lies inside its element when every corner is inside the
outline or within ``INSIDE`` mm of it (a drawing touching the coastline is on the element)."""


def scenario_buildings(scenario: Any) -> list[tuple[int, BuildingPlacement]]:
    """The well-formed entries of a scenario's ``setup.buildings`` with their indexes (the
    schema reports the others)."""
    return setup_entries(scenario, "buildings", BuildingPlacement)


def building_issues(element: TerrainElement) -> Iterator[tuple[str, str]]:
    """What is wrong with the buildings of a terrain document: a building on a reef or shoal,
    a repeated id, a drawing not inside the outline. ``(pointer, message)``."""
    seen: dict[str, int] = {}
    shape = Polygon([(float(p[0]), float(p[1])) for p in element.outline])
    outline = shape.buffer(INSIDE, join_style="mitre") if shape.is_valid and shape.area > 0 else None  # else: the outline's issue
    for index, building in enumerate(element.buildings):
        where = f"/buildings/{index}"
        if element.element not in LAND:
            yield where, f"a {element.element} has no buildings: they are drawn on coasts and islands (rulebook p. 54)"
        if building.id in seen:
            yield f"{where}/id", f"building id {building.id!r} is repeated (first at /buildings/{seen[building.id]}/id)"
        else:
            seen[building.id] = index
        if outline is None:
            continue
        drawing = Polygon(world_rect(building, 0.0, 0.0, 0.0).corners)
        if not outline.contains(drawing):
            yield where, (f"building {building.id!r} ({building.length:g} x {building.width:g} mm at "
                          f"({building.x:g}, {building.y:g})) does not lie inside the element's outline")


def check_buildings(library: Any, scenario: Any) -> list[tuple[Any, str, str]]:
    """What is wrong with the scenario's buildings."""
    buildings = scenario_buildings(scenario)
    if not buildings:
        return []
    issues: list[tuple[Any, str, str]] = []
    terrain: dict[str, Any] = {}
    for index, placement in scenario_placements(scenario):
        terrain.setdefault(placement.id, placement)  # a repeated id is the terrain's issue
    seen: dict[str, str] = {}
    for index, placement in scenario_placements(scenario):
        seen.setdefault(placement.id, f"/setup/terrain/{index}/id")
    for index, battery in scenario_batteries(scenario):
        seen.setdefault(battery.id, f"/setup/batteries/{index}/id")
    sides = [side.id for side in scenario.sides]
    for index, entry in buildings:
        where = f"/setup/buildings/{index}"
        if entry.id in seen:
            issues.append((scenario, f"{where}/id", f"id {entry.id!r} is repeated (first at {seen[entry.id]}): terrain, "
                                                    "batteries and buildings have ids of their own"))
        else:
            seen[entry.id] = f"{where}/id"
        if entry.side not in sides:
            hint = did_you_mean(entry.side, sides)
            issues.append((scenario, f"{where}/side", f"unknown side {entry.side!r}{hint}: a building belongs to a side "
                                                      f"of the scenario ({', '.join(sides)})"))
        element = _element(library, scenario, terrain, entry, where, issues)
        if element is not None and building_doc(element, entry.building) is None:
            names = [b.id for b in element.buildings]
            hint = did_you_mean(entry.building, names)
            issues.append((scenario, f"{where}/building", f"terrain element {element.id!r} has no building "
                                                          f"{entry.building!r}{hint} (its buildings: {', '.join(names) or 'none'})"))
    return issues


def _element(library: Any, scenario: Any, terrain: dict[str, Any], entry: BuildingPlacement, where: str,
             issues: list[tuple[Any, str, str]]) -> TerrainElement | None:
    """The document of the coast or island the building is drawn on, or ``None`` (and an issue)."""
    found = land_under(library, scenario, terrain, entry.on, where, "a building is drawn", "rulebook p. 54", issues)
    return None if found is None else found[1]
