"""What a coastal battery can fire at (rulebook p. 47): the battery's side of the fire geometry.

A battery is handled as one broadside of a ship, with one ruler per arc laid from the arc's
red dot (it has no base). These functions only *read* the table, for the rules (the battery
rules, raking) and for bots alike (``game`` may be a :class:`~.view_table.ViewTable`):

* :func:`battery_options`: every ``{target, arc, band, distance}`` one of its arcs reaches:
  enemy ships in play (the ruler inside the arc, past other bases and obstacles, the land
  blocking as for ships except the battery's own element and the target's: p. 45) and enemy
  targets on land (other batteries, buildings: reached at their red dots or drawing);
* :func:`battery_musketry_targets`: the targets some arc reaches within the ruler's red band
  (p. 47: musketry when the red/purple part of the ruler reaches the base);
* :func:`battery_firepower`, :func:`battery_musketry`: the numbers of the leftmost empty box
  of each track.

Rulings:

* :data:`MUSKETRY_REACH`: a battery's musketry is laid like its artillery (from a red dot,
  inside the arc, in line of sight) and reaches what the red band reaches.
"""

from __future__ import annotations

from typing import Any

from sog.plugins.system.geometry import reach, ruler_band

from .battery_table import KIND, PlacedBattery
from .content_battery import Battery
from .geometry.sight import on_land, reach_over_land
from .state import Box
from .tabletop import land_reach, leftmost_empty, rect_of, ruler_of
from .land_targets import land_targets
from .terrain_table import land_of

__all__ = ["MUSKETRY_REACH", "battery_doc", "battery_firepower", "battery_musketry", "battery_musketry_targets",
           "battery_options", "boxes"]

MUSKETRY_REACH = "red band from a red dot, inside an arc, in line of sight"
"""Ruling: how a battery's musketry reaches (see the module docstring)."""
CLOSE_BAND = "red"
"""The ruler band that is the red/purple part."""


def battery_doc(game: Any, battery: PlacedBattery) -> Battery:
    """The battery's log document."""
    doc = game.content.get(KIND, battery.battery_id)
    assert isinstance(doc, Battery)
    return doc


def boxes(battery: PlacedBattery, track: str) -> list[Box]:
    """A track of the battery's log as boxes (``battery_track`` or ``crew_track``), read-only."""
    return [Box.model_validate(b) for b in battery.record[track]]


def battery_firepower(game: Any, battery: PlacedBattery, arc: str) -> int:
    """Artillery firepower of ``arc`` from the leftmost empty box of the Battery Damage track."""
    index = leftmost_empty(boxes(battery, "battery_track"))
    return 0 if index is None else int(battery_doc(game, battery).battery_track[index].firepower.get(arc, 0))


def battery_musketry(game: Any, battery: PlacedBattery) -> int:
    """Musketry firepower from the leftmost empty box of the Crew Damage track."""
    index = leftmost_empty(boxes(battery, "crew_track"))
    return 0 if index is None else int(battery_doc(game, battery).crew_track[index].musketry)


def battery_options(game: Any, battery: PlacedBattery) -> list[dict[str, Any]]:
    """Every ``{target, arc, band, distance}`` that an arc of the battery reaches, enemy ships
    first (scenario order), then enemy targets on land, arcs in the log's order."""
    ruler = ruler_of(game)
    bands = [(b.name, b.from_, b.to) for b in ruler.bands]
    rects = {s.id: rect_of(game, s) for s in game.ships()}
    obstacles = [rect_of(game, s) for s in game.obstacles()]
    lands = land_of(game)
    found: list[dict[str, Any]] = []

    def add(target: str, arc: str, hit: Any) -> None:
        if hit is not None:
            found.append({"target": target, "arc": arc, "band": ruler_band(hit.distance, bands),
                          "distance": round(hit.distance, 1)})

    for ship in game.ships():
        if ship.side == battery.side:
            continue
        target = rects[ship.id]
        blockers = [r for sid, r in rects.items() if sid != ship.id] + obstacles
        own = frozenset({battery.on}) | (on_land(lands, target) if lands else frozenset())
        for arc in battery.arcs:
            if lands:
                add(ship.id, arc.name, reach_over_land(arc.dot, arc.start, arc.to, ruler.length, target, blockers, lands, own))
            else:
                add(ship.id, arc.name, reach(arc.dot, arc.start, arc.to, ruler.length, target, blockers))
    for other in land_targets(game):
        if other.side == battery.side or other.id == battery.id:
            continue
        for arc in battery.arcs:
            add(other.id, arc.name, land_reach(game, arc.dot, arc.start, arc.to, ruler.length, other,
                                               [*rects.values(), *obstacles], {battery.on}))
    return found


def battery_musketry_targets(game: Any, battery: PlacedBattery) -> list[str]:
    """The targets one of the battery's arcs reaches with the red band (:data:`MUSKETRY_REACH`),
    each once, in :func:`battery_options` order."""
    land = {t.id: t for t in land_targets(game)}
    return list(dict.fromkeys(o["target"] for o in battery_options(game, battery)
                              if o["band"] == CLOSE_BAND and (o["target"] not in land or land[o["target"]].musketry)))
