"""Buildings on the table (rulebook p. 54, ruling R16): targets drawn on an island.

A building is drawn on a coast or island document (:class:`~.content_terrain.TerrainBuilding`)
and put in play by a scenario's ``setup.buildings`` (:class:`BuildingPlacement`): which
building of which placed element, the side it belongs to, and what makes it surrender.

The placed buildings are part of the game state, in ``game.state.ext["buildings"]["placed"]``
(public), a list of records in placing order, written by :func:`add_building`. Each record
holds ``id``, ``building`` (its id in the element's document), ``name``, ``side``, ``on`` (the
coast or island placement it is drawn on), ``surrender`` (the thresholds), ``status``
(``standing`` until it surrenders, then ``surrendered``), ``damage_points`` and
``crew_damages`` (R16: the sum of the numbers and the count of crew symbols of the counters it
took), ``counters`` (those counters, until they go back to their pools) and ``rect``
``[x, y, heading, width, length]``, its drawing on the table (mm), or ``None`` while its
element is not on the table.

The drawing follows the element: the element's placement may be moved after set-up (a set-up
decision), so :func:`building_rect` computes it from the *current* placement record of ``on``
(``game.state.ext["terrain"]["placed"]``) whenever it is read, falling back on the stored
``rect`` only where the documents are not at hand; :func:`refresh_rects` writes it back.
:func:`building_targets` gives the standing ones as :class:`~.land_target.LandTarget` for the
rules of fire, :func:`building_state` what the scoring reads.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from sog.geometry import Rect
from sog.packs.fields import Frozen, Id, Int

from .battery_table import world_point
from .content_terrain import TerrainBuilding, TerrainElement
from .land_target import LandTarget
from .terrain_table import KIND as TERRAIN, placements

__all__ = ["DAMAGED", "KIND", "OWNER", "STANDING", "STATES", "SURRENDERED", "UNDAMAGED", "BuildingPlacement",
           "Surrender", "add_building", "building_doc", "building_position", "building_record", "building_records",
           "building_rect", "building_state", "building_targets", "refresh_rects"]

OWNER = "buildings"
"""The key of the placed buildings in ``game.state.ext``."""
KIND = "building"
"""The kind of a building as a target on land."""
STANDING = "standing"
"""The status of a building that has not surrendered."""
SURRENDERED = "surrendered"
"""The status of a building that surrendered."""
DAMAGED = "damaged"
"""The state of a standing building with at least one damage point or one crew damage."""
UNDAMAGED = "undamaged"
"""The state of a standing building with neither."""
STATES = (SURRENDERED, DAMAGED, UNDAMAGED)
"""What a building's state may be (:func:`building_state`)."""


class Surrender(Frozen):
    """When a building surrenders: at ``damage_points`` points of damage, at ``crew_damages``
    crew damages (either left out: never so), and with ``fleet_defeated`` when its side's fleet
    is defeated."""

    damage_points: Int | None = Field(default=None, ge=1, le=1000)
    crew_damages: Int | None = Field(default=None, ge=1, le=1000)
    fleet_defeated: bool = False


class BuildingPlacement(Frozen):
    """A building in play: its id in the game, the building of the element's document, the
    coast or island placement of ``setup.terrain`` it is drawn on, its side, when it surrenders."""

    id: Id
    building: Id = Field(description="Id of a building of the element's document.")
    on: Id = Field(description="Id of a coast or island placement of the scenario's setup.terrain.")
    side: Id = Field(description="Id of the scenario side the building belongs to.")
    surrender: Surrender = Surrender()


def building_records(game: Any) -> list[dict[str, Any]]:
    """The building records of the game (the list itself, in placing order); a bot's table
    rebuilt from a view reads them from the view's ``ext`` alike."""
    ext = getattr(game.state, "ext", None) or {}
    return ext.get(OWNER, {}).get("placed", [])


def building_record(game: Any, building_id: str) -> dict[str, Any] | None:
    """The record of the building with this id, or ``None``."""
    return next((r for r in building_records(game) if r["id"] == building_id), None)


def _element_of(game: Any, element_id: str) -> TerrainElement | None:
    content = getattr(game, "content", None)
    if content is None or not content.has(TERRAIN, element_id):
        return None
    element = content.get(TERRAIN, element_id)
    return element if isinstance(element, TerrainElement) else None


def building_doc(element: TerrainElement, building_id: str) -> TerrainBuilding | None:
    """The building of that id drawn on the element, or ``None``."""
    return next((b for b in element.buildings if b.id == building_id), None)


def world_rect(building: TerrainBuilding, x: float, y: float, heading: float) -> Rect:
    """The building's drawing on the table when its element lies at ``(x, y)`` turned by ``heading``."""
    cx, cy = world_point((building.x, building.y), x, y, heading)
    return Rect(cx, cy, (heading + building.heading) % 360.0, building.width, building.length)


def _current_rect(game: Any, record: dict[str, Any]) -> tuple[bool, Rect | None]:
    """``(known, rect)``: the drawing from the current placement of the record's element;
    ``known`` is false when the documents are not at hand (then the stored rect stands)."""
    placement = next((p for p in placements(game) if p.get("id") == record["on"]), None)
    if placement is None:
        return True, None  # the element is not on the table (yet)
    element = _element_of(game, placement["element"])
    building = None if element is None else building_doc(element, record["building"])
    if building is None:
        return False, None
    return True, world_rect(building, float(placement["x"]), float(placement["y"]), float(placement.get("heading", 0.0)))


def _stored(record: dict[str, Any]) -> Rect | None:
    rect = record.get("rect")
    return None if rect is None else Rect(*(float(v) for v in rect))


def building_rect(game: Any, record: dict[str, Any]) -> Rect | None:
    """Where the building's drawing lies now (its element's current placement), or ``None``."""
    known, rect = _current_rect(game, record)
    return rect if known else _stored(record)


def rect_list(rect: Rect | None) -> list[float] | None:
    """A drawing as stored in a record: ``[x, y, heading, width, length]``."""
    return None if rect is None else [rect.cx, rect.cy, rect.heading, rect.width, rect.length]


def refresh_rects(game: Any) -> None:
    """Write each record's ``rect`` from its element's current placement (unchanged records
    untouched)."""
    for record in building_records(game):
        known, rect = _current_rect(game, record)
        if known and record.get("rect") != rect_list(rect):
            record["rect"] = rect_list(rect)


def add_building(game: Any, placement: BuildingPlacement, name: str) -> dict[str, Any]:
    """Put a building in play, undamaged and standing; returns its record."""
    record: dict[str, Any] = {
        "id": placement.id, "building": placement.building, "name": name, "side": placement.side, "on": placement.on,
        "surrender": placement.surrender.model_dump(mode="json", exclude_none=True), "status": STANDING,
        "damage_points": 0, "crew_damages": 0, "counters": [], "rect": None,
    }
    game.state.ext.setdefault(OWNER, {}).setdefault("placed", []).append(record)
    record["rect"] = rect_list(building_rect(game, record))
    game.refresh_idle_rules()  # the buildings rule is idle without a building
    return record


def building_state(record: dict[str, Any]) -> str:
    """``surrendered``, ``damaged`` (standing, at least one damage point or crew damage) or
    ``undamaged``."""
    if record.get("status") == SURRENDERED:
        return SURRENDERED
    return DAMAGED if record.get("damage_points", 0) >= 1 or record.get("crew_damages", 0) >= 1 else UNDAMAGED


def building_targets(game: Any) -> tuple[LandTarget, ...]:
    """The standing buildings whose element is on the table, as targets."""
    out = []
    for record in building_records(game):
        if record.get("status") != STANDING:
            continue
        rect = building_rect(game, record)
        if rect is not None:
            out.append(LandTarget(id=record["id"], kind=KIND, side=record["side"], name=record["name"],
                                  on=record["on"], shapes=(rect,)))
    return tuple(out)


def building_position(game: Any, building_id: str) -> tuple[float, float] | None:
    """The centre of a building's drawing, or ``None`` (no such building on the table)."""
    record = building_record(game, building_id)
    rect = None if record is None else building_rect(game, record)
    return None if rect is None else rect.center
