"""Aground (rulebook pp. 44-45): a ship that ran aground stays there for the rest of the game.

A ship runs aground on a shoal, on a sandy coastline's dangerous waters, on land, or when it
takes more damage points from reefs than its burden in one turn (the reefs, shoals and coasts
rules: :func:`sog.plugins.terrain.effects.run_aground`, state ``ship.ext["aground"]``). This
rule, on at every level, makes it so:

* it never moves again: its move is held (no card), and it is asked no plan any more;
* its planned cards are discarded when it runs aground (Standard and Advanced: the card
  planned in slot 2);
* a leak puts no more water damage markers on it (``sog_leak_takes_water``);
* with Sinking Ships or Surrendered Ships, a ship aground on a shoal cannot sink
  (``sog_can_sink``).

Rulings:

* ``NO_PLAN``: an aground ship is asked no plan (its planning requests lose every choice and
  are withdrawn) rather than asked for a plan that is ignored: nothing is hidden or wasted.
* ``ON_SHOAL``: "on a shoal" is a ship that ran aground by a shoal's effect (a shoal element or
  a sandy coastline's dangerous waters), whatever else it also met.
"""

from __future__ import annotations

import sys
from typing import Any

from sog import hookimpl
from sog.dispatch import acts_on
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.plugins.system import ALL_LEVELS, sails_rule
from sog.plugins.system.hooktypes import Move
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.tabletop import rect_of
from sog.plugins.system.terrain_table import placements
from sog.plugins.terrain.effects import AGROUND, aground
from sog.render.svg import svg_xy

NAME = AGROUND
#: The planning requests of the levels (Basic ``plan``; Standard ``plan-first`` and ``plan``).
PLAN_KINDS = ("plan", "plan-first")
#: Ruling: an aground ship is asked no plan.
NO_PLAN = "not asked"
#: Ruling: the effect that makes an aground ship one "on a shoal".
ON_SHOAL = "shoal"


@hookimpl
def sog_rule_idle(game: Game) -> bool:
    """Idle with no terrain on the table and no ship aground."""
    return not placements(game) and not any(aground(s) is not None for s in game.state.ships.values())


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "ran-aground": "A ship ran aground (on a reef, a shoal or land): it never moves again; its planned cards are discarded.",
        "reef-strike": "A ship struck a reef or a coast: the damage counters it drew and the reef points of the turn.",
    }


@hookimpl
@acts_on(*PLAN_KINDS)
def sog_legal_choices(game: Game, request: DecisionRequest, choices: list[Any]) -> list[Any] | None:
    """An aground ship plans nothing (ruling ``NO_PLAN``)."""
    if request.kind in PLAN_KINDS and request.ship is not None and aground(game.ship(request.ship)) is not None:
        return []
    return None


@hookimpl
def sog_modify_movement(game: Game, ship: SailsShipState, move: Move) -> Move | None:
    """An aground ship does not move."""
    if move.card is not None and aground(ship) is not None:
        return Move(ship=move.ship, card=None, line=None, colour=None, start=move.start, attitude=move.attitude)
    return None


@hookimpl
def sog_leak_takes_water(game: Game, ship: SailsShipState) -> bool | None:
    """An aground ship's leaks put no more water damage markers on it."""
    return False if aground(ship) is not None else None


@hookimpl
def sog_can_sink(game: Game, ship: SailsShipState) -> bool | None:
    """A ship aground on a shoal cannot sink (ruling ``ON_SHOAL``)."""
    record = aground(ship)
    return False if record is not None and ON_SHOAL in record["on"] else None


def _name(game: Game, ship_id: str) -> str:
    return game.ship(ship_id).name


def _hazard(hazard: str) -> str:
    """``reef-1``, or ``the waters off island`` for an element's dangerous waters."""
    element, _, part = hazard.partition(":")
    return f"the waters off {element}" if part == "danger" else element


LINES = {
    "ran-aground": lambda g, d: f"  {_name(g, d['ship'])} runs aground ({d['on']}, {_hazard(d['hazard'])}) and will not move again",
    "reef-strike": lambda g, d: (f"  {_name(g, d['ship'])} strikes {_hazard(d['hazard'])}: {', '.join(d['counters']) or 'no counter'} "
                                 f"({d['points']} damage points)"),
}


@hookimpl
def sog_narrate(game: Game, event: dict[str, Any]) -> str | None:
    line = LINES.get(event["kind"])
    return None if line is None else line(game, event["data"])


@hookimpl
def sog_draw_overlays(game: Game) -> list[str]:
    """"aground" under each grounded ship's base, so the picture shows what the table shows."""
    out = []
    for ship in game.ships():
        if aground(ship) is None:
            continue
        rect = rect_of(game, ship)
        x, y = svg_xy(game, ship.pose.x, ship.pose.y)
        out.append(f'<text x="{x:.1f}" y="{y + rect.length / 2 + 16:.1f}" font-size="12" text-anchor="middle" '
                   f'fill="#7a2e12" font-weight="bold">aground</text>')
    return out


RULE = sails_rule(NAME, "A ship aground never moves again, plans nothing, takes no more water from a leak and cannot sink on a shoal.",
                  ALL_LEVELS, sys.modules[__name__], kind="core", pages="rulebook pp. 44-45")
