"""Checks of a scenario's coastal batteries (``setup.batteries``) that its schema cannot express.

The schema (:mod:`.setup_schema`) says what a placement looks like; here, with the library:
its battery is a ``battery`` document, its side and seat are the scenario's, it stands ``on`` a coast or island placement of the
same scenario's ``setup.terrain``, each of its red dots lies on that element (within
:data:`ON_ELEMENT`), and its id is unique among the scenario's terrain and batteries. Issues
are ``(document, pointer, message)`` as ``sog_check_content`` returns them, the pointer into
the scenario (``/setup/batteries/0/on``), so ``sog validate`` reports each at its file, line
and column. The ``batteries`` rule calls them.
"""

from __future__ import annotations

from typing import Any

from shapely import Point

from sog.packs.errors import did_you_mean

from .battery_table import KIND, world_arcs
from .content_battery import Battery, BatteryPlacement
from .terrain_checks import LAND, land_under, scenario_placements
from .terrain_table import world_polygon
from .setup_schema import setup_entries

__all__ = ["LAND", "ON_ELEMENT", "check_batteries", "scenario_batteries"]

ON_ELEMENT = 0.001
"""Ruling: a red dot lies on its element when it is inside its outline or within
``ON_ELEMENT`` mm of it (a dot printed on the coastline is on the element)."""


def scenario_batteries(scenario: Any) -> list[tuple[int, BatteryPlacement]]:
    """The well-formed placements of a scenario's ``setup.batteries`` with their indexes (the
    schema reports the others)."""
    return setup_entries(scenario, "batteries", BatteryPlacement)


def check_batteries(library: Any, scenario: Any) -> list[tuple[Any, str, str]]:
    """What is wrong with the scenario's battery placements."""
    batteries = scenario_batteries(scenario)
    if not batteries:
        return []
    issues: list[tuple[Any, str, str]] = []
    terrain: dict[str, tuple[int, Any]] = {}
    for index, placement in scenario_placements(scenario):
        terrain.setdefault(placement.id, (index, placement))  # a repeated id is the terrain's issue
    seen: dict[str, str] = {pid: f"/setup/terrain/{index}/id" for pid, (index, _) in terrain.items()}
    known = [doc.id for doc in library.all(KIND)] if KIND in library.kinds else []
    for index, placement in batteries:
        where = f"/setup/batteries/{index}"
        if placement.id in seen:
            issues.append((scenario, f"{where}/id", f"id {placement.id!r} is repeated (first at {seen[placement.id]}): "
                                                    "terrain and batteries have ids of their own"))
        else:
            seen[placement.id] = f"{where}/id"
        battery = None
        if placement.battery not in known:
            hint = did_you_mean(placement.battery, known)
            issues.append((scenario, f"{where}/battery", f"unknown battery {placement.battery!r}{hint}: a placement names a "
                                                         f"battery document (known: {', '.join(sorted(known)) or 'none'})"))
        else:
            battery = library.get(KIND, placement.battery)
            assert isinstance(battery, Battery)
        issues.extend(_side_issues(scenario, placement, where))
        element = _land(library, scenario, terrain, placement, where, issues)
        if battery is None or element is None:
            continue
        for arc in world_arcs(battery, placement.x, placement.y, placement.heading):
            if element.distance(Point(arc.dot)) > ON_ELEMENT:
                number = battery.arc_names.index(arc.name)
                issues.append((scenario, where, f"the red dot of arc {arc.name!r} (/arcs/{number}/dot of battery "
                                                f"{battery.id!r}) lies at ({arc.dot[0]:.0f}, {arc.dot[1]:.0f}), off "
                                                f"{placement.on!r}: a battery's red dots lie on the coast or island it stands on"))
    return issues


def _side_issues(scenario: Any, placement: BatteryPlacement, where: str) -> list[tuple[Any, str, str]]:
    """The battery's side is a side of the scenario and its seat one of that side's seats."""
    sides = {side.id: list(side.seats) for side in scenario.sides}
    if placement.side not in sides:
        hint = did_you_mean(placement.side, list(sides))
        return [(scenario, f"{where}/side", f"unknown side {placement.side!r}{hint}: a battery fights for a side of "
                                            f"the scenario ({', '.join(sides)})")]
    seats = sides[placement.side]
    if placement.seat is not None and placement.seat not in seats:
        hint = did_you_mean(placement.seat, seats)
        return [(scenario, f"{where}/seat", f"seat {placement.seat!r}{hint} is not a seat of side {placement.side!r} "
                                            f"({', '.join(seats)})")]
    return []


def _land(library: Any, scenario: Any, terrain: dict[str, Any], placement: BatteryPlacement, where: str,
          issues: list[tuple[Any, str, str]]) -> Any:
    """The world polygon of the coast or island the battery stands on, or ``None`` (and an issue)."""
    found = land_under(library, scenario, {pid: p for pid, (_, p) in terrain.items()}, placement.on, where,
                       "a battery stands", "rulebook p. 46", issues)
    if found is None:
        return None
    land, element = found
    try:
        return world_polygon(element, land.x, land.y, land.heading)
    except Exception:  # an invalid outline is reported on the terrain document
        return None
