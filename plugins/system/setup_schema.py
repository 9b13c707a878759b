"""What a Sails of Glory scenario's ``setup:`` may hold: the system's ``scenario_schema``.

The core validates a scenario's ``setup:`` mapping against this JSON Schema
(:attr:`sog.systems.GameSystem.scenario_schema`, :mod:`sog.packs.scenario_rules`) and reports
each mistake at its file, line and column. What the schema cannot say (the element of a
placement is a ``terrain`` document, ids are unique, the element lies on the table) is
checked by :mod:`.terrain_checks` (and, for batteries, by :mod:`.battery_checks`).

* ``terrain``: the terrain elements on the table from the start (rulebook pp. 43-46), each a
  :class:`~.content_terrain.TerrainPlacement`; the ``terrain`` rule puts them on the table.
* ``batteries``: the coastal batteries (rulebook pp. 46-48), each a
  :class:`~.content_battery.BatteryPlacement` on a coast or island of ``terrain``; the
  ``batteries`` rule puts them on the table.
* ``buildings``: the buildings in play (rulebook p. 54), each a
  :class:`~.building_table.BuildingPlacement`: a building drawn on a coast or island document,
  on a placement of ``terrain``, its side and when it surrenders; the ``buildings`` rule puts
  them in play (:mod:`.building_checks` checks them).
"""

from __future__ import annotations

from typing import Any, Mapping, TypeVar

from pydantic import BaseModel, ValidationError

__all__ = ["BATTERY_SCHEMA", "BUILDING_SCHEMA", "PLACEMENT_SCHEMA", "SETUP_SCHEMA", "setup_entries"]

M = TypeVar("M", bound=BaseModel)

PLACEMENT_SCHEMA: Mapping[str, Any] = {
    "description": "A terrain element on the table: a terrain document placed at (x, y), turned by heading; "
                   "the scenario may give the coastline, danger distance and harbor (p. 45) instead of the document's.",
    "type": "object",
    "additionalProperties": False,
    "required": ["id", "element", "x", "y"],
    "properties": {
        "id": {"description": "Id of the placed element in the game, unique in the scenario.",
               "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$"},
        "element": {"description": "Id of a terrain document.", "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$"},
        "x": {"description": "Where the element's centre lies, mm from the table's left edge.", "type": "number"},
        "y": {"description": "Where the element's centre lies, mm from the table's bottom edge.", "type": "number"},
        "heading": {"description": "How the element is turned, compass degrees clockwise (0: as drawn in its document).",
                    "type": "number", "minimum": 0, "maximum": 360},
        "coastline": {"description": "The coastline in this scenario (p. 45), instead of the document's.",
                      "enum": ["sandy", "rocky", "none"]},
        "danger": {"description": "How far from the coastline is dangerous in this scenario: the ruler's width, "
                                  "the red part of the ruler, or none.", "enum": ["ruler-width", "red", "none"]},
        "harbor": {"description": "Whether the element is a harbor (safe to approach) in this scenario.", "type": "boolean"},
    },
}
"""One placement of ``setup.terrain`` (the fields of :class:`~.content_terrain.TerrainPlacement`)."""

BATTERY_SCHEMA: Mapping[str, Any] = {
    "description": "A coastal battery on the table (pp. 46-48): a battery document standing on a coast or island "
                   "placement of setup.terrain, its log's frame put at (x, y) and turned by heading (the red dots and arcs follow).",
    "type": "object",
    "additionalProperties": False,
    "required": ["id", "battery", "side", "on", "x", "y"],
    "properties": {
        "id": {"description": "Id of the battery in the game, unique in the scenario (terrain placements included).",
               "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$"},
        "battery": {"description": "Id of a battery document.", "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$"},
        "side": {"description": "Id of the scenario side the battery fights for.",
                 "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$"},
        "seat": {"description": "The seat of that side that controls the battery (default: the side's first seat).",
                 "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$"},
        "on": {"description": "Id of the coast or island placement of setup.terrain the battery stands on; its red dots lie on it.",
               "type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$"},
        "x": {"description": "Where the battery's origin lies, mm from the table's left edge.", "type": "number"},
        "y": {"description": "Where the battery's origin lies, mm from the table's bottom edge.", "type": "number"},
        "heading": {"description": "How the battery is turned, compass degrees clockwise (0: as drawn in its document); "
                                   "its arcs' bearings are relative to it.", "type": "number", "minimum": 0, "maximum": 360},
    },
}
"""One placement of ``setup.batteries`` (the fields of :class:`~.content_battery.BatteryPlacement`)."""

_ID = {"type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$"}

BUILDING_SCHEMA: Mapping[str, Any] = {
    "description": "A building in play (p. 54): a building drawn on the document of a coast or island placement of "
                   "setup.terrain (its drawing follows the element), the side it belongs to, and when it surrenders.",
    "type": "object",
    "additionalProperties": False,
    "required": ["id", "building", "on", "side"],
    "properties": {
        "id": {**_ID, "description": "Id of the building in the game, unique in the scenario (terrain placements and batteries included)."},
        "building": {**_ID, "description": "Id of a building of the element's document (its buildings list)."},
        "on": {**_ID, "description": "Id of the coast or island placement of setup.terrain the building is drawn on."},
        "side": {**_ID, "description": "Id of the scenario side the building belongs to (the other sides fire at it)."},
        "surrender": {
            "description": "When the building surrenders: at damage_points points of damage, at crew_damages crew damages "
                           "(ruling R16; either left out: never so), and with fleet_defeated when its side's fleet is defeated. "
                           "Left out: it never surrenders.",
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "damage_points": {"description": "The damage points (the sum of the numbers of its counters) it surrenders at.",
                                  "type": "integer", "minimum": 1, "maximum": 1000},
                "crew_damages": {"description": "The crew damages (crew symbols of its counters) it surrenders at.",
                                 "type": "integer", "minimum": 1, "maximum": 1000},
                "fleet_defeated": {"description": "true: it surrenders when every ship of its side is out of play while an "
                                                  "enemy ship is in play, unless every enemy ship in play is aground.",
                                   "type": "boolean"},
            },
        },
    },
}
"""One entry of ``setup.buildings`` (the fields of :class:`~.building_table.BuildingPlacement`)."""

SETUP_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "terrain": {
            "description": "The terrain elements on the table from the start (rulebook pp. 43-46).",
            "type": "array",
            "maxItems": 100,
            "items": PLACEMENT_SCHEMA,
        },
        "batteries": {
            "description": "The coastal batteries on the table from the start, each on a coast or island of terrain (rulebook pp. 46-48).",
            "type": "array",
            "maxItems": 50,
            "items": BATTERY_SCHEMA,
        },
        "buildings": {
            "description": "The buildings in play, each drawn on a coast or island of terrain (rulebook p. 54).",
            "type": "array",
            "maxItems": 20,
            "items": BUILDING_SCHEMA,
        },
    },
}
"""The ``scenario_schema`` of Sails of Glory."""


def setup_entries(scenario: Any, key: str, model: type[M]) -> list[tuple[int, M]]:
    """The well-formed entries of the scenario's ``setup.<key>`` list as ``model``, with their
    indexes (the schema reports the others)."""
    out = []
    for index, record in enumerate((scenario.setup or {}).get(key, ()) or ()):
        try:
            out.append((index, model.model_validate(dict(record))))
        except (ValidationError, TypeError, ValueError):
            continue
    return out
