"""Checks of ``terrain`` documents that a schema cannot express.

Like the other content checks (:mod:`.content_checks`), each sees a whole validated document
and reports ``(JSON pointer, message)`` issues: an outline that is not a simple polygon (it
crosses itself, or encloses no area), and a coastline, danger distance or harbor on a reef or
a shoal (they are the coasts' and islands', p. 45), and buildings that are not drawn inside a
coast's or island's outline or repeat an id (:func:`.building_checks.building_issues`). The
kind is declared in :mod:`.content_kinds`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from shapely import Polygon
from shapely.validation import explain_validity

from sog.packs.checks import Issue

from .building_checks import building_issues
from .content_terrain import TerrainElement

if TYPE_CHECKING:  # pragma: no cover
    from sog.packs.library import Library

__all__ = ["MIN_AREA", "check_terrain", "outline_problem"]

MIN_AREA = 1.0
"""The smallest area (mm²) of an element's outline: less is a line or a point, not an element."""

LAND = ("coast", "island")
"""The elements a coastline belongs to."""


def outline_problem(outline: object) -> str | None:
    """Why an outline (a sequence of ``[x, y]``) is not a simple polygon, or ``None``."""
    points = [(float(p[0]), float(p[1])) for p in outline]  # type: ignore[attr-defined, index]
    if len(set(points)) < 3:
        return f"the outline has {len(set(points))} distinct corners: a polygon needs at least 3"
    shape = Polygon(points)
    if shape.convex_hull.area < 1e-9:
        return "the outline's corners lie on a line: it encloses no area"
    if not shape.is_valid:
        why = explain_validity(shape)
        what = "crosses itself" if "intersection" in why.lower() else "is not a valid polygon"
        return f"the outline {what} ({why}): give the corners in order around the element, without crossing"
    if shape.area < MIN_AREA:
        return f"the outline encloses {shape.area:g} mm², not an area (at least {MIN_AREA:g} mm²)"
    return None


def check_terrain(element: TerrainElement, library: Library | None = None) -> Iterator[Issue]:
    """The outline is a simple polygon with an area; only coasts and islands have a
    coastline, a danger distance, a harbor or buildings, each drawn inside the outline."""
    problem = outline_problem(element.outline)
    if problem is not None:
        yield "/outline", problem
    if element.element not in LAND:
        for name, none in (("coastline", "none"), ("danger", "none"), ("harbor", False)):
            if getattr(element, name) != none:
                yield f"/{name}", f"a {element.element} has no {name}: only coasts and islands have one (rulebook p. 45)"
    yield from building_issues(element)
