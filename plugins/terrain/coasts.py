"""Coasts and islands (rulebook p. 45): land, and the dangerous waters along its coastline.

The scenario (or the element) gives each coast or island a coastline — sandy, rocky or
neither — and a danger distance: the ruler's width or the length of its red part. A ship
whose final base would come within that distance of the coastline is moved as for a reef
(stopping at first contact with the dangerous waters) and:

* within the distance of a **sandy** coastline: as overlapping a shoal (it runs aground);
* within the distance of a **rocky** coastline: as overlapping a reef (its burden in A
  counters; reef points above its burden in a turn ground it);
* both apply when both hold (e.g. between a sandy coast and a rocky island);
* overlapping the element itself: as a reef with twice the burden in counters, and it always
  runs aground.

A **harbor** (the placement's or the element's ``harbor``) is safe to approach: it has no
dangerous waters; a ship overlapping it still takes the damage and runs aground.

Rulings:

* ``LAND_REPLACES``: a ship that met an element's land is not struck again by the same
  element's dangerous waters (the land is the worse of the two and includes them).
* ``DANGER_FROM`` (:mod:`sog.plugins.terrain.hazards`): the dangerous waters are the outline
  grown by the distance; a coast element's sides along the table edge are coastline too
  (beyond the edge nothing sails).
"""

from __future__ import annotations

import sys

from sog import hookimpl
from sog.game import Game
from sog.plugins.system import ALL_LEVELS, sails_rule
from sog.plugins.system.hooktypes import Barrier
from sog.plugins.system.state import SailsShipState
from sog.plugins.terrain.effects import AGROUND, run_aground, strike, strike_reef
from sog.plugins.terrain.hazards import LAND, Hazard, hazards

NAME = "coasts"
#: Ruling: land met replaces the same element's dangerous waters.
LAND_REPLACES = True
#: Ruling: the dangerous waters as the grown outline, table-edge sides included.
DANGER_FROM = "the whole outline"


def _own(game: Game) -> dict[str, Hazard]:
    return {h.id: h for h in hazards(game) if h.placed.element in LAND}


@hookimpl
def sog_movement_barriers(game: Game) -> list[Barrier]:
    """The coasts and islands on the table, and their dangerous waters."""
    return [Barrier(h.id, h.zone) for h in _own(game).values()]


@hookimpl
def sog_barriers_met(game: Game, ship: SailsShipState, barriers: list[str]) -> None:
    """Land: twice the burden and aground; rocky waters: a reef; sandy waters: a shoal."""
    own = _own(game)
    met = [own[b] for b in barriers if b in own]
    land = {h.placed.id for h in met if h.effect == "land"}
    for h in met:
        if not ship.in_play:
            return
        if h.effect == "land":
            strike(game, ship, h.id, times=2)
            if ship.in_play:
                run_aground(game, ship, "land", h.id)
        elif h.placed.id in land:
            continue  # ruling LAND_REPLACES
        elif h.effect == "reef":
            strike_reef(game, ship, h.id)
        else:
            run_aground(game, ship, "shoal", h.id)


RULE = sails_rule(NAME, "Coasts and islands: near a sandy coastline as a shoal, near a rocky one as a reef; on land "
                  "twice the burden and aground; a harbor is safe to approach.",
                  ALL_LEVELS, sys.modules[__name__], kind="option", requires=(AGROUND,), pages="rulebook p. 45")
