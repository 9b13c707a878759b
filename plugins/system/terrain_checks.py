"""Checks of a scenario's terrain placements (``setup.terrain``) that its schema cannot express.

The schema (:mod:`.setup_schema`) says what a placement looks like; here, with the library:
its element is a ``terrain`` document, placement ids are unique, and the element lies on the
table (:data:`ON_TABLE`). Issues are ``(document, pointer, message)`` as ``sog_check_content``
returns them, the pointer into the scenario (``/setup/terrain/2/element``), so ``sog validate``
reports each at its file, line and column. The ``terrain`` rule calls them.
"""

from __future__ import annotations

from typing import Any

from shapely import box

from sog.packs.errors import did_you_mean

from .content_terrain import TerrainElement, TerrainPlacement
from .terrain_table import KIND, world_polygon
from .setup_schema import setup_entries

__all__ = ["LAND", "ON_TABLE", "check_placements", "land_under", "scenario_placements"]

LAND = ("coast", "island")
"""The elements batteries stand on and buildings are drawn on (pp. 46, 54)."""

ON_TABLE = 0.001
"""Ruling: a reef, shoal or island lies wholly on the table (within ``ON_TABLE`` mm); a coast,
designed to lie at the edge of the gaming area (p. 45), only needs to overlap it."""


def scenario_placements(scenario: Any) -> list[tuple[int, TerrainPlacement]]:
    """The well-formed placements of a scenario's ``setup.terrain`` with their indexes (the
    schema reports the others)."""
    return setup_entries(scenario, "terrain", TerrainPlacement)


def check_placements(library: Any, scenario: Any) -> list[tuple[Any, str, str]]:
    """What is wrong with the scenario's terrain placements."""
    issues: list[tuple[Any, str, str]] = []
    known = [doc.id for doc in library.all(KIND)]
    seen: dict[str, int] = {}
    table = box(0.0, 0.0, scenario.table.width, scenario.table.height).buffer(ON_TABLE, join_style="mitre")
    for index, placement in scenario_placements(scenario):
        where = f"/setup/terrain/{index}"
        if placement.id in seen:
            issues.append((scenario, f"{where}/id", f"terrain id {placement.id!r} is repeated (first at /setup/terrain/{seen[placement.id]}/id)"))
        else:
            seen[placement.id] = index
        if not library.has(KIND, placement.element):
            hint = did_you_mean(placement.element, known)
            issues.append((scenario, f"{where}/element", f"unknown terrain element {placement.element!r}{hint}: "
                                                         f"a placement names a terrain document (known: {', '.join(sorted(known)) or 'none'})"))
            continue
        element = library.get(KIND, placement.element)
        assert isinstance(element, TerrainElement)
        try:
            shape = world_polygon(element, placement.x, placement.y, placement.heading)
        except Exception:  # an invalid outline is reported on the terrain document
            continue
        if element.element == "coast":
            if not shape.intersects(table):
                issues.append((scenario, where, f"coast {element.id!r} at ({placement.x:g}, {placement.y:g}) is off the "
                                                f"{scenario.table.width:g}x{scenario.table.height:g} table"))
        elif not table.contains(shape):
            minx, miny, maxx, maxy = shape.bounds
            issues.append((scenario, where, f"{element.element} {element.id!r} at ({placement.x:g}, {placement.y:g}) spans "
                                            f"x {minx:.0f}..{maxx:.0f}, y {miny:.0f}..{maxy:.0f}: it must lie on the "
                                            f"{scenario.table.width:g}x{scenario.table.height:g} table"))
    return issues


def land_under(library: Any, scenario: Any, terrain: dict[str, TerrainPlacement], on: str, where: str, what: str,
               page: str, issues: list[tuple[Any, str, str]]) -> tuple[TerrainPlacement, TerrainElement] | None:
    """The placement ``on`` names in ``terrain`` (the scenario's ``setup.terrain`` by id) and its
    document, when it is a coast or island; else ``None`` and, unless the placement's own check
    reports it (an unknown element), an issue at ``where/on`` saying why ``what`` (``"a battery
    stands"``, ``"a building is drawn"``) cannot be there, citing ``page``."""
    placement = terrain.get(on)
    if placement is None:
        hint = did_you_mean(on, list(terrain))
        issues.append((scenario, f"{where}/on", f"no terrain placement {on!r}{hint} in this scenario: {what} on a coast or "
                                                f"island of setup.terrain (placed: {', '.join(terrain) or 'none'})"))
        return None
    if not library.has(KIND, placement.element):
        return None  # reported on the terrain placement
    element = library.get(KIND, placement.element)
    assert isinstance(element, TerrainElement)
    if element.element not in LAND:
        issues.append((scenario, f"{where}/on", f"{on!r} is a {element.element}: {what} on a coast or an island ({page})"))
        return None
    return placement, element
