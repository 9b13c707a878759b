"""Reefs (rulebook pp. 43-44): rocks and coral just beneath the surface.

A ship whose final base would overlap a reef element does not move normally: it goes back to
its start and moves as in an overlap with another ship (p. 12: in the overlap order with the
ships, sliding along its line), stopping as soon as its base touches the reef (the movement
rule's barriers, ``sog_movement_barriers``). It takes damage counters equal to its burden
(pool A, ruling R14; Advanced: only the leak and rudder symbols count, ruling
``REEF_SYMBOLS`` of :mod:`sog.plugins.terrain.effects`). A ship that takes more damage points
from reefs than its burden in one turn runs aground (the ``aground`` rule). Reefs have no
effect on combat.
"""

from __future__ import annotations

import sys

from sog import hookimpl
from sog.game import Game
from sog.plugins.system import ALL_LEVELS, sails_rule
from sog.plugins.system.hooktypes import Barrier
from sog.plugins.system.state import SailsShipState
from sog.plugins.terrain.effects import AGROUND, strike_reef
from sog.plugins.terrain.hazards import hazards

NAME = "reefs"
ELEMENT = "reef"


def _own(game: Game) -> dict[str, object]:
    return {h.id: h for h in hazards(game) if h.placed.element == ELEMENT}


@hookimpl
def sog_movement_barriers(game: Game) -> list[Barrier]:
    """The reef elements on the table."""
    return [Barrier(h.id, h.zone) for h in _own(game).values()]


@hookimpl
def sog_barriers_met(game: Game, ship: SailsShipState, barriers: list[str]) -> None:
    """Each reef met strikes the ship; more reef points than its burden this turn grounds it."""
    own = _own(game)
    for barrier in barriers:
        if barrier in own and ship.in_play:
            strike_reef(game, ship, barrier)


RULE = sails_rule(NAME, "A ship ending on a reef stops at first contact, takes its burden in A counters; more reef "
                  "points than its burden in a turn and it runs aground.",
                  ALL_LEVELS, sys.modules[__name__], kind="option", requires=(AGROUND,), pages="rulebook pp. 43-44")
