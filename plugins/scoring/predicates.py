"""The named tests of a victory-points scenario's conditions: implemented here, named by data.

A condition of the ``victory-points`` kind (:mod:`.points`) names its test as
``{predicate: NAME, params: {...}}``; :data:`PREDICATES` maps each name to a
:class:`Predicate`: the JSON Schema of its params (checked by ``sog validate``), the function
that says whether it holds now, a check of what it names against the scenario, and a label
for the score lines. A new predicate (e.g. a building's state) is one more entry.

``ship-state`` — ``{ship, sails, still, within: {terrain, band}}``: the ship is in play; its
sails are at ``sails`` (the ``sail-settings`` rule's setting; without that rule a ship is
never ``struck``); with ``still: true`` its base is where it stood when the turn began
(ruling ``STILL``); with ``within``, the distance from the placed terrain element's outline
to its base is at most the end of the ruler's band ``band`` (ruling ``WITHIN``).

``building-state`` — ``{building, state}``: the building (an id of ``setup.buildings``, the
``buildings`` rule's records) is ``surrendered``, ``damaged`` (standing with at least one
damage point or one crew damage) or ``undamaged``
(:func:`sog.plugins.system.building_table.building_state`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from shapely import Polygon

from sog.game import Game
from sog.plugins.system.building_table import STATES, building_record, building_state
from sog.plugins.system.tabletop import rect_of, ruler_of
from sog.plugins.system.terrain_table import placed_terrain

__all__ = ["BUILDING_STATE", "PREDICATES", "Predicate", "SHIP_STATE", "STILL", "WITHIN", "poses_key"]

STILL = "the base stands where it stood when the turn began"
"""Ruling: "stands still" means the ship did not move this turn (its pose at the turn's end
equals its pose at the turn's beginning)."""
WITHIN = "outline-to-base distance at most the band's end"
"""Ruling: "within the red part of the ruler from the edge of the island" is the shortest
distance from the element's outline to the ship's base, at most where the ruler's band ends."""
POSES = "poses"
"""The key, in the victory-points state, of the poses at the turn's beginning."""

ID = {"type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$"}

SHIP_STATE = {
    "type": "object",
    "additionalProperties": False,
    "required": ["ship"],
    "properties": {
        "ship": {**ID, "description": "The id of a ship of the scenario."},
        "sails": {"enum": ["full", "battle", "backing", "struck"], "description": "Its sail setting."},
        "still": {"type": "boolean", "description": "true: it did not move this turn."},
        "within": {
            "type": "object", "additionalProperties": False, "required": ["terrain", "band"],
            "properties": {"terrain": {**ID, "description": "The id of a placement of /setup/terrain."},
                           "band": {**ID, "description": "A band of the scenario's ruler (its end is the distance)."}},
        },
    },
}


BUILDING_STATE = {
    "type": "object",
    "additionalProperties": False,
    "required": ["building", "state"],
    "properties": {
        "building": {**ID, "description": "The id of a building of the scenario's setup.buildings."},
        "state": {"enum": list(STATES), "description": "surrendered; damaged (standing, at least 1 damage point or "
                                                      "1 crew damage); undamaged."},
    },
}


@dataclass(frozen=True)
class Predicate:
    """A named test: ``holds(game, params, state)``, ``check(library, scenario, params)``
    (``(pointer in params, message)`` issues), ``label(game, params)``."""

    schema: dict[str, Any]
    holds: Callable[[Game, dict[str, Any], dict[str, Any]], bool]
    check: Callable[[Any, Any, dict[str, Any]], list[tuple[str, str]]]
    label: Callable[[Game, dict[str, Any]], str]


def poses_key(ship: Any) -> list[float]:
    """A ship's pose as kept in the state."""
    return [round(ship.pose.x, 3), round(ship.pose.y, 3), round(ship.pose.heading, 3)]


def _ship_state(game: Game, params: dict[str, Any], state: dict[str, Any]) -> bool:
    ship = game.state.ships.get(params["ship"])
    if ship is None or not ship.in_play:
        return False
    if "sails" in params and getattr(ship, "sails", None) != params["sails"]:
        return False
    if params.get("still") and state.get(POSES, {}).get(ship.id) != poses_key(ship):
        return False
    within = params.get("within")
    if within is not None:
        element = next((t for t in placed_terrain(game) if t.id == within["terrain"]), None)
        band = next((b for b in ruler_of(game).bands if b.name == within["band"]), None)
        if element is None or band is None:
            return False
        base = Polygon(rect_of(game, ship).corners)
        if element.polygon.distance(base) > float(band.to) + 1e-9:
            return False
    return True


def _check_ship_state(library: Any, scenario: Any, params: dict[str, Any]) -> list[tuple[str, str]]:
    issues = []
    if params.get("ship") not in {s.id for s in scenario.ships}:
        issues.append(("/ship", f"no ship {params.get('ship')!r} in the scenario"))
    within = params.get("within")
    if isinstance(within, dict):
        placed = {t.get("id") for t in (scenario.setup.get("terrain") or ())}
        if within.get("terrain") not in placed:
            issues.append(("/within/terrain", f"no placement {within.get('terrain')!r} in /setup/terrain"))
        ruler = library.get("ruler", scenario.ruler) if scenario.ruler and library.has("ruler", scenario.ruler) else None
        if ruler is not None and within.get("band") not in {b.name for b in ruler.bands}:
            known = ", ".join(b.name for b in ruler.bands)
            issues.append(("/within/band", f"the ruler {ruler.id!r} has no band {within.get('band')!r} (its bands: {known})"))
    return issues


def _label_ship_state(game: Game, params: dict[str, Any]) -> str:
    ship = game.state.ships.get(params["ship"])
    parts = [ship.name if ship is not None else params["ship"]]
    if "sails" in params:
        parts.append(f"{params['sails']} sails")
    if params.get("still"):
        parts.append("still")
    within = params.get("within")
    if within is not None:
        parts.append(f"within the {within['band']} band of {within['terrain']}")
    return " ".join(parts[:1]) + (" " + ", ".join(parts[1:]) if len(parts) > 1 else "")


def _building_state(game: Game, params: dict[str, Any], state: dict[str, Any]) -> bool:
    record = building_record(game, params["building"])
    return record is not None and building_state(record) == params["state"]


def _check_building_state(library: Any, scenario: Any, params: dict[str, Any]) -> list[tuple[str, str]]:
    placed = [b.get("id") for b in ((scenario.setup or {}).get("buildings") or ())]
    if params.get("building") not in placed:
        known = ", ".join(str(b) for b in placed) or "none"
        return [("/building", f"no building {params.get('building')!r} in /setup/buildings (its buildings: {known})")]
    return []


def _label_building_state(game: Game, params: dict[str, Any]) -> str:
    record = building_record(game, params["building"])
    return f"{record['name'] if record is not None else params['building']} {params['state']}"


PREDICATES: dict[str, Predicate] = {
    "ship-state": Predicate(SHIP_STATE, _ship_state, _check_ship_state, _label_ship_state),
    "building-state": Predicate(BUILDING_STATE, _building_state, _check_building_state, _label_building_state),
}
"""Every predicate a condition may name."""
