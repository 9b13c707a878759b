"""Shoals (rulebook p. 44): sandbanks and sandbars, too shallow to sail over.

A ship whose final base would overlap a shoal element runs aground (the ``aground`` rule: it
never moves again). Shoals have no effect on combat.

Ruling ``SHOAL_STOP``: the text says only that the ship "runs aground"; the engine moves it as
for a reef (p. 12: in the overlap order, sliding along its line) and it stops as soon as its
base touches the shoal, without damage: a ship is never left on top of a terrain element
it could not have sailed onto, and shoals and reefs share one movement.
"""

from __future__ import annotations

import sys

from sog import hookimpl
from sog.game import Game
from sog.plugins.system import ALL_LEVELS, sails_rule
from sog.plugins.system.hooktypes import Barrier
from sog.plugins.system.state import SailsShipState
from sog.plugins.terrain.effects import AGROUND, run_aground
from sog.plugins.terrain.hazards import hazards

NAME = "shoals"
ELEMENT = "shoal"
#: Ruling: a ship running onto a shoal stops at first contact, as on a reef, without damage.
SHOAL_STOP = "first contact, no damage"


def _own(game: Game) -> set[str]:
    return {h.id for h in hazards(game) if h.placed.element == ELEMENT}


@hookimpl
def sog_movement_barriers(game: Game) -> list[Barrier]:
    """The shoal elements on the table."""
    return [Barrier(h.id, h.zone) for h in hazards(game) if h.placed.element == ELEMENT]


@hookimpl
def sog_barriers_met(game: Game, ship: SailsShipState, barriers: list[str]) -> None:
    """A ship that met a shoal runs aground."""
    own = _own(game)
    for barrier in barriers:
        if barrier in own and ship.in_play:
            run_aground(game, ship, "shoal", barrier)


RULE = sails_rule(NAME, "A ship ending on a shoal stops at first contact and runs aground.",
                  ALL_LEVELS, sys.modules[__name__], kind="option", requires=(AGROUND,), pages="rulebook p. 44")
