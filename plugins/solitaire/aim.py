"""What an automatic ship or battery fires at (rulebook pp. 36, 49-50): the choices the rules make.

Shared by the rules ``automatic-fire`` (:mod:`.fire`: firing and reloading) and
``automatic-actions`` (:mod:`.actions`: the Advanced priorities, which ask "is there a target
in range?"). Nothing here changes the game: these functions read the table through the
system's fire geometry (:func:`~sog.plugins.system.tabletop.broadside_options`,
:func:`~sog.plugins.system.battery_fire.battery_options`, the Forced Aim measure of
:mod:`sog.plugins.system.nearest`) and return the shot the text prescribes.

Rulings (each a named constant below):

* :data:`FORCED_AIM_IN_FULL`: an automatic broadside's target is the one the Forced Aim rule
  (p. 36) gives, whole: the nearest ship or target on land any arc of that side reaches; when
  a friend is the nearest, that broadside holds its fire.
* :data:`TIE` / :data:`TIE_BREAK`: equally near within 0.5 mm (as the forced-aim option);
  among equally near enemies, the first in scenario order (ships, then targets on land).
* :data:`ARC_CHOICE`: through the arc that gives the most counters (its firepower), then the
  shortest ruler, then forward, central, rear (a battery: its log's arc order).
* :data:`BATTERY_NEAREST`: a battery's nearest target is measured over the enemies its arcs
  reach (its fire geometry measures no friend; a friend's base in the way blocks the ruler).
* :data:`MUSKETRY_TARGET`: musketry goes to the nearest target in reach, edge to edge, ties
  in scenario order.
* :data:`AUTOMATIC_LOAD`: when the rules load an automatic gun they take ball from storage if
  there is one (else the first stored type, by name); the type has no effect on its fire.
* R12 (content): with the Standard and Advanced rules an automatic shot draws from its band's
  ``automatic_pool`` in the ruler document (the Starter Set's: red/purple C, rest of the first
  half B, second half A); with the Basic rules, and for a band without one, the band's pool.
"""

from __future__ import annotations

from typing import Any

from sog.game import Game
from sog.plugins.system.battery_fire import battery_firepower, battery_musketry, battery_musketry_targets, battery_options
from sog.plugins.system.battery_table import PlacedBattery
from sog.plugins.system.land_targets import land_targets
from sog.plugins.system.nearest import nearest_targets
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.tabletop import ARCS, broadside_options, musketry_of, musketry_targets, rect_of, ruler_of, ship_firepower

__all__ = ["ARC_CHOICE", "AUTOMATIC_LOAD", "BATTERY_NEAREST", "FORCED_AIM_IN_FULL", "MUSKETRY_TARGET", "TIE", "TIE_BREAK",
           "automatic_pool", "battery_musketry_target", "battery_shot", "load_type", "musketry_target", "ship_shot"]

FORCED_AIM_IN_FULL = "nearest over the side's three arcs; a friend nearest holds the broadside's fire"
"""Ruling: how an automatic broadside picks its target (p. 49: "according to the Forced Aim rule")."""
TIE = 0.5
"""Ruling: distances within this many mm are equally near (the forced-aim option's figure)."""
TIE_BREAK = "scenario order"
"""Ruling: which of several equally near enemies an automatic piece fires at."""
ARC_CHOICE = "most firepower, then the shortest ruler, then the arc order"
"""Ruling: the arc an automatic piece fires through when several reach its target."""
BATTERY_NEAREST = "nearest of the enemies its arcs reach"
"""Ruling: a battery's Forced Aim measure."""
MUSKETRY_TARGET = "nearest edge to edge, ties in scenario order"
"""Ruling: an automatic piece's musketry target."""
AUTOMATIC_LOAD = "ball"
"""Ruling: the stored type the rules load into an automatic gun (any other if no ball is stored)."""


def load_type(storage: list[str]) -> str | None:
    """The stored counter the rules load (:data:`AUTOMATIC_LOAD`), or ``None`` if storage is empty."""
    if AUTOMATIC_LOAD in storage:
        return AUTOMATIC_LOAD
    return min(storage) if storage else None


def automatic_pool(game: Game, band_name: str) -> str:
    """The pool an automatic shot in ``band_name`` draws from (ruling R12, in the ruler document)."""
    band = next(b for b in ruler_of(game).bands if b.name == band_name)
    if game.state.level == "basic" or band.automatic_pool is None:
        return str(band.pool)
    return str(band.automatic_pool)


def _best_arc(options: list[dict[str, Any]], firepower: Any, order: list[str]) -> dict[str, Any]:
    """:data:`ARC_CHOICE` among the options on one target."""
    return min(options, key=lambda o: (-firepower(o["arc"]), o["distance"], order.index(o["arc"])))


def ship_shot(game: Game, ship: SailsShipState, side: str) -> dict[str, Any] | None:
    """The fire choice ``{side, target, arc, band, distance}`` the rules make for ``side`` now, or
    ``None`` when no target may be fired at (:data:`FORCED_AIM_IN_FULL`, :data:`TIE_BREAK`,
    :data:`ARC_CHOICE`)."""
    options = broadside_options(game, ship, side)
    if not options:
        return None
    nearest = nearest_targets(game, ship, side, TIE)
    for target in _scenario_order(game, nearest):
        on_it = [o for o in options if o["target"] == target]
        if on_it:
            return _best_arc(on_it, lambda arc: ship_firepower(game, ship, arc), list(ARCS))
    return None


def battery_shot(game: Game, placed: PlacedBattery) -> dict[str, Any] | None:
    """The ``battery-fire`` choice ``{target, arc, band, distance}`` the rules make now, or ``None``
    (:data:`BATTERY_NEAREST`, :data:`TIE_BREAK`, :data:`ARC_CHOICE`)."""
    options = battery_options(game, placed)
    if not options:
        return None
    nearest = min(o["distance"] for o in options)
    close = list(dict.fromkeys(o["target"] for o in options if o["distance"] <= nearest + TIE))
    target = _scenario_order(game, close)[0]
    order = [a.name for a in placed.arcs]
    return _best_arc([o for o in options if o["target"] == target], lambda arc: battery_firepower(game, placed, arc), order)


def _scenario_order(game: Game, targets: list[str]) -> list[str]:
    """``targets`` in scenario order: ships first, then targets on land (:data:`TIE_BREAK`)."""
    order = [s.id for s in game.ships()] + [t.id for t in land_targets(game)]
    return sorted(targets, key=lambda t: order.index(t) if t in order else len(order))


def musketry_target(game: Game, ship: SailsShipState) -> str | None:
    """The musketry target the rules choose for ``ship`` (:data:`MUSKETRY_TARGET`), or ``None``."""
    targets = musketry_targets(game, ship)
    if not targets or musketry_of(game, ship) <= 0:
        return None
    own = rect_of(game, ship)
    land = {t.id: t for t in land_targets(game)}

    def gap(target: str) -> float:
        if target in land:
            return min(own.distance(shape) for shape in land[target].shapes)
        return own.distance(rect_of(game, game.ship(target)))

    ordered = _scenario_order(game, targets)
    return min(ordered, key=lambda t: (gap(t), ordered.index(t)))


def battery_musketry_target(game: Game, placed: PlacedBattery) -> str | None:
    """A battery's musketry target (:data:`MUSKETRY_TARGET`: the nearest its red band reaches), or ``None``."""
    targets = battery_musketry_targets(game, placed)
    if not targets or battery_musketry(game, placed) <= 0:
        return None
    distance = {t: min(o["distance"] for o in battery_options(game, placed) if o["target"] == t) for t in targets}
    ordered = _scenario_order(game, targets)
    return min(ordered, key=lambda t: (distance[t], ordered.index(t)))
