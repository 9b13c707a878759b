"""Buildings (rulebook p. 54, ruling R16): targets drawn on an island, fired upon until they surrender.

Core rule ``buildings``, at every level, idle when a scenario has none: nothing is written and
no event logged, so a game without buildings is what it was.

* Set-up: the scenario's ``setup.buildings`` (:mod:`sog.plugins.system.setup_schema`) are put in
  play, in their order, with :func:`~sog.plugins.system.building_table.add_building`
  (``game.state.ext["buildings"]["placed"]``, public): standing, no damage, no counter. Their
  drawing follows their element's current placement (:func:`~sog.plugins.system.building_table.building_rect`);
  the stored ``rect`` is refreshed at the beginning of every step.
* Fire: ships fire (and use musketry) at a standing building of another side as at any target
  on land (:func:`sog.plugins.system.land_targets.land_targets`), aiming at any part of its
  drawing; the combat rule keeps the counters drawn for the damage step.
* Damage step (``damage``): the rule takes its buildings' counters
  (:func:`~sog.plugins.system.attacks.take_hits`): R16, the damage points are the sum of their
  numbers, the crew damages their crew symbols (a counter may show both). Event
  ``building-damaged``. A building surrenders when its damage points reach its surrender's
  ``damage_points``, or its crew damages its ``crew_damages`` (event ``building-surrendered``,
  ``why``: ``damage-points`` or ``crew-damages``); its counters go back to their pools.
* Fleet defeated (``surrender.fleet_defeated``): when a ship leaves play and then no ship of
  the building's side is in play while an enemy ship is, the building surrenders
  (``why: fleet-defeated``), unless every enemy ship in play is aground (rulings
  :data:`FLEET_DEFEATED`, :data:`AGROUND_EXCEPTION`). It is decided as the ship is removed, so
  before any check of victory sees the position.
* ``sog validate``: :mod:`sog.plugins.system.building_checks` (and, for the document's
  drawings, :mod:`sog.plugins.system.content_terrain_checks`).
* Pictures: a brown rectangle, the name, and the damage taken or "surrendered".

Rulings:

* :data:`FLEET_DEFEATED`, :data:`AGROUND_EXCEPTION`, :data:`WHY_ORDER`, :data:`ZEROS`.
"""

from __future__ import annotations

from html import escape
from typing import Any

from sog import hookimpl
from sog.game import Game
from sog.hooktypes import Step
from sog.render.svg import svg_points, svg_xy
from sog.state import Counter

from sog.plugins.system.attacks import take_hits
from sog.plugins.system.building_checks import check_buildings, scenario_buildings
from sog.plugins.system.building_table import (
    STANDING, SURRENDERED, add_building, building_doc, building_rect, building_records, refresh_rects,
)
from sog.plugins.system.content_terrain import TerrainElement
from sog.plugins.system.terrain_checks import scenario_placements
from sog.plugins.system.terrain_table import KIND as TERRAIN, placements

from .effects import aground

__all__ = ["AGROUND_EXCEPTION", "CREW", "DAMAGE_STEP", "FILL", "FLEET_DEFEATED", "NAME", "WHY_ORDER", "ZEROS",
           "fleet_defeated", "take_counters"]

NAME = "buildings"
DAMAGE_STEP = "damage"
"""The step at which the counters drawn this turn are placed (the damage rule's)."""
CREW = "crew"
"""The symbol of a crew damage on a counter."""
FLEET_DEFEATED = "no ship of the building's side in play, some enemy ship in play"
"""Ruling: the fleet of a building's side is defeated when every ship of that side is out of
play (surrendered, left the table, sunk...) while at least one ship of another side is still in
play; it is decided each time a ship leaves play."""
AGROUND_EXCEPTION = "the aground exception qualifies the fleet's defeat only"
"""Ruling: "unless all remaining ships are aground" stops the surrender for the fleet's defeat
(every enemy ship in play aground: nobody is left to take the building), not the surrender for
damage points or crew damages, which aground ships may still inflict by fire."""
WHY_ORDER = ("damage-points", "crew-damages")
"""Ruling: when one damage step reaches both thresholds, the surrender is told for the first in
this order (the event gives both totals)."""
ZEROS = "a building's counters stay with it; its zeros go back when their pool is exhausted"
"""Ruling: a building keeps the counters it took until it surrenders (as R16 tallies them);
when a pool is exhausted its counters of that pool without a number or with a 0, and no crew
symbol, go back to it, as the zero boxes of the ships do (R2)."""
#: The drawing: fill, outline, and the colour of the words under it.
FILL = ("#8b5a2b", "#4a2c12", "#ffffff")


@hookimpl
def sog_rule_idle(game: Game) -> bool:
    """Idle with no building on the table (placing one asks again)."""
    return not building_records(game)


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "building-damaged": "A building took counters at the damage step: building, counters, points and crew this turn, "
                            "damage_points and crew_damages in all.",
        "building-surrendered": "A building surrendered: building, why (damage-points, crew-damages, fleet-defeated), "
                                "damage_points, crew_damages.",
    }


def _element(game: Game, on: str) -> TerrainElement | None:
    """The document of the element placed as ``on`` (on the table, else in the scenario's setup.terrain)."""
    scenario = game.content.scenario(game.state.scenario)
    placed = next((p["element"] for p in placements(game) if p.get("id") == on), None)
    element_id = placed or next((p.element for _, p in scenario_placements(scenario) if p.id == on), None)
    if element_id is None or not game.content.has(TERRAIN, element_id):
        return None
    element = game.content.get(TERRAIN, element_id)
    return element if isinstance(element, TerrainElement) else None


@hookimpl(trylast=True)
def sog_game_setup(game: Game) -> None:
    """The scenario's buildings, after the terrain they are drawn on."""
    scenario = game.content.scenario(game.state.scenario)
    for _, entry in scenario_buildings(scenario):
        element = _element(game, entry.on)
        doc = None if element is None else building_doc(element, entry.building)
        add_building(game, entry, doc.name if doc is not None else entry.id)


@hookimpl
def sog_check_content(library: Any, scenario: Any, rules: Any) -> list[tuple[Any, str, str]]:
    return check_buildings(library, scenario)


def _counters(record: dict[str, Any]) -> list[Counter]:
    return [Counter.model_validate(c) for c in record["counters"]]


def surrender(game: Game, record: dict[str, Any], why: str) -> None:
    """The building surrenders: no longer a target; its counters go back to their pools."""
    record["status"] = SURRENDERED
    record["why"] = why
    game.pools.put_back(_counters(record))
    record["counters"] = []
    game.emit("building-surrendered", building=record["id"], why=why, damage_points=record["damage_points"],
              crew_damages=record["crew_damages"])


def take_counters(game: Game, record: dict[str, Any], counters: list[Counter]) -> None:
    """A standing building takes one damage step's counters (R16), then surrenders if a
    threshold is reached (:data:`WHY_ORDER`)."""
    points = sum(c.value or 0 for c in counters)
    crew = sum(1 for c in counters if c.symbol == CREW)
    record["damage_points"] += points
    record["crew_damages"] += crew
    record["counters"].extend(c.model_dump(mode="json") for c in counters)
    game.emit("building-damaged", building=record["id"], counters=[c.label() for c in counters], points=points, crew=crew,
              damage_points=record["damage_points"], crew_damages=record["crew_damages"])
    limits = record.get("surrender", {})
    reached = {"damage-points": record["damage_points"] >= limits.get("damage_points", float("inf")),
               "crew-damages": record["crew_damages"] >= limits.get("crew_damages", float("inf"))}
    why = next((w for w in WHY_ORDER if reached[w]), None)
    if why is not None:
        surrender(game, record, why)


@hookimpl
def sog_step_begin(game: Game, step: Step) -> None:
    records = building_records(game)
    if not records:
        return
    refresh_rects(game)
    if step.name != DAMAGE_STEP:
        return
    hits = take_hits(game, {r["id"] for r in records})
    for record in records:
        if record["id"] not in hits:
            continue
        counters, _ = hits[record["id"]]
        if record["status"] == STANDING:
            take_counters(game, record, counters)
        else:  # fired at before it surrendered this turn: nothing left to damage
            game.pools.put_back(counters)


def fleet_defeated(game: Any, side: str) -> bool:
    """Whether the fleet of ``side`` is defeated now, an enemy still in play and not every
    enemy in play aground (:data:`FLEET_DEFEATED`, :data:`AGROUND_EXCEPTION`)."""
    if game.ships(side=side):
        return False
    enemies = [s for s in game.ships() if s.side != side]
    return bool(enemies) and not all(aground(s) is not None for s in enemies)


@hookimpl
def sog_ship_removed(game: Game, ship: Any, reason: str) -> None:
    """A ship left play: a building whose fleet is now defeated surrenders."""
    for record in building_records(game):
        if (record["status"] == STANDING and record.get("surrender", {}).get("fleet_defeated")
                and record["side"] == ship.side and fleet_defeated(game, record["side"])):
            surrender(game, record, "fleet-defeated")


@hookimpl
def sog_pool_exhausted(game: Game, pool: str) -> None:
    """Ruling :data:`ZEROS`: the buildings' zeros of this pool go back to it."""
    for record in building_records(game):
        back = [c for c in _counters(record) if c.pool == pool and not c.value and c.symbol != CREW]
        if back:
            keep = {(c.pool, c.index) for c in back}
            record["counters"] = [c for c in record["counters"] if (c["pool"], c["index"]) not in keep]
            game.pools.put_back(back)


def _name(game: Game, building_id: str) -> str:
    return next((r["name"] for r in building_records(game) if r["id"] == building_id), building_id)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _surrendered(game: Game, data: dict[str, Any]) -> str:
    name, points, crew = _name(game, data["building"]), data["damage_points"], data["crew_damages"]
    if data["why"] == "damage-points":
        return f"  {name} surrenders at {_plural(points, 'damage point')} ({_plural(crew, 'crew damage')})"
    if data["why"] == "crew-damages":
        return f"  {name} surrenders at {_plural(crew, 'crew damage')} ({_plural(points, 'damage point')})"
    return f"  {name} surrenders: its fleet is defeated"


LINES = {
    "building-damaged": lambda g, d: (f"  {_name(g, d['building'])} takes {', '.join(d['counters']) or 'no counter'}: "
                                      f"{_plural(d['points'], 'damage point')}, {_plural(d['crew'], 'crew damage')} "
                                      f"({d['damage_points']} and {d['crew_damages']} in all)"),
    "building-surrendered": _surrendered,
}


@hookimpl
def sog_narrate(game: Game, event: dict[str, Any]) -> str | None:
    line = LINES.get(event["kind"])
    return None if line is None else line(game, event["data"])


@hookimpl
def sog_draw_overlays(game: Game) -> list[str]:
    """Each building on the table: its brown drawing, its name, its damage or its surrender."""
    out: list[str] = []
    fill, stroke, words = FILL
    for record in building_records(game):
        rect = building_rect(game, record)
        if rect is None:
            continue
        surrendered = record["status"] == SURRENDERED
        dashes = ' stroke-dasharray="3 2"' if surrendered else ""
        out.append(f'<polygon class="building" points="{svg_points(game, rect.corners)}" fill="{fill}" stroke="{stroke}" '
                   f'stroke-width="1.2"{dashes}/>')
        x, y = svg_xy(game, *rect.center)
        out.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="10" text-anchor="middle" fill="{words}">'
                   f'{escape(record["name"])}</text>')
        if surrendered:
            mark = "surrendered"
        elif record["damage_points"] or record["crew_damages"]:
            mark = f'{record["damage_points"]} dmg, {record["crew_damages"]} crew'
        else:
            continue
        out.append(f'<text class="building-state" x="{x:.1f}" y="{y - rect.radius - 4:.1f}" font-size="10" '
                   f'text-anchor="middle" fill="{words}" font-weight="bold">{escape(mark)}</text>')
    return out
