"""Terrain elements (rulebook pp. 43-46): the content model, and where a scenario places them.

A ``terrain`` document is one cardboard element: a reef, a shoal, a coast or an island, its
outline a polygon in millimetres around the element's own centre (``[x, y]``, x to the right,
y up when the element lies at heading 0), with the coastline and danger distance it has by
default and whether it is a harbor. A scenario places elements on the table in its
``setup:`` (``terrain:`` list of :class:`TerrainPlacement`), and may override the coastline,
danger distance and harbor of each placement (the rulebook's scenarios say them).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from sog.packs.fields import Bearing, Document, Frozen, Id, Length, Num, Point, ProvenanceMap, Text

__all__ = ["COASTLINES", "DANGERS", "ELEMENTS", "TerrainBuilding", "TerrainElement", "TerrainPlacement"]

ELEMENTS = ("reef", "shoal", "coast", "island")
"""What an element is: reefs and shoals are hazards at sea; coasts and islands are land."""
COASTLINES = ("sandy", "rocky", "none")
"""A coast's or island's coastline: near a sandy one is a shoal, near a rocky one a reef."""
DANGERS = ("ruler-width", "red", "none")
"""How far from a coastline is dangerous: the ruler's width, the red part of the ruler, or not at all."""


class TerrainBuilding(Frozen):
    """A building drawn on a coast or island (p. 54): its id in the document, its name, and its
    drawing, a rectangle centred on ``(x, y)`` (mm, the element's frame), its ``length`` along
    ``heading`` (compass degrees relative to the element's) and its ``width`` across."""

    id: Id = Field(description="Unique among the buildings of the document; a scenario's setup.buildings names it.")
    name: Text
    x: Num
    y: Num
    width: Length = Field(le=1000, description="Across the heading, mm.")
    length: Length = Field(le=1000, description="Along the heading, mm.")
    heading: Bearing = 0.0


class TerrainElement(Document):
    """One terrain element: what it is, its outline, and the buildings drawn on it."""

    kind: Literal["terrain"] = "terrain"
    name: Text
    element: Literal[ELEMENTS]  # type: ignore[valid-type]
    outline: tuple[Point, ...] = Field(min_length=3, max_length=200,
                                       description="Polygon corners [x, y], mm around the element's centre.")
    coastline: Literal[COASTLINES] = "none"  # type: ignore[valid-type]
    danger: Literal[DANGERS] = "none"  # type: ignore[valid-type]
    harbor: bool = False
    buildings: tuple[TerrainBuilding, ...] = Field(default=(), max_length=20,
                                                   description="Buildings drawn on a coast or island (p. 54).")
    provenance: ProvenanceMap = Field(min_length=1)


class TerrainPlacement(Frozen):
    """A terrain element on the table: its id in the game, its document, where and how turned,
    and the scenario's coastline, danger distance and harbor when they differ from the document's."""

    id: Id
    element: Id = Field(description="Id of a terrain document.")
    x: Num
    y: Num
    heading: Bearing = 0.0
    coastline: Literal[COASTLINES] | None = None  # type: ignore[valid-type]
    danger: Literal[DANGERS] | None = None  # type: ignore[valid-type]
    harbor: bool | None = None
