"""Victory of *In Shallow Waters* (rulebook p. 52): the last side standing, with the aground tie-breaks.

The victory kind ``last-side-standing-aground``: the side with ships in play when every enemy
ship has left the table or surrendered wins (as ``last-side-standing``). If ships of both
sides have run aground and that goal can no longer be reached (ruling ``GOAL_IMPOSSIBLE``),
the side with more surviving ships wins; with as many, the side with more surviving ships of
the line (a ship of the line beats a frigate); else it is a draw (same class).

Aground is read from the state: a ship is aground when it has ``ship.ext["aground"]``
(not ``None``: ``AGROUND``, the record the terrain rules write, :mod:`sog.plugins.terrain`). A ship's class is its
document's ``class_name`` (ruling ``SHIP_CLASS``).

Rulings:

* ``GOAL_IMPOSSIBLE``: with ships of both sides in play, and ships of both sides aground (in
  play or not), the goal is impossible when every ship in play is aground and none of them
  has an enemy in reach of a broadside (nobody can move, exit or force a surrender any more),
  or when the game can go no further (its turn limit, or nobody can act).
* ``SURVIVING``: a surviving ship is a ship in play (aground ships included).
* ``SHIP_CLASS``: a ship of the line when its ``class_name`` says "ship of the line", a frigate
  when it says "frigate"; else by its rate (I-IV of the line, V-VI frigates).
* ``MORE_SHIPS_OF_THE_LINE``: with several survivors on each side and as many, the side with
  more ships of the line wins ("a ship of the line beats a frigate", counted).
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.game import Game
from sog.hooktypes import Outcome

from sog.plugins.system.tabletop import SIDES, broadside_options

NAME = "aground-victory"
KIND = "last-side-standing-aground"
AGROUND = "aground"
"""The key of ``ship.ext`` holding the aground record of a ship (absent or ``None``: afloat)."""
GOAL_IMPOSSIBLE = "all in play aground and out of reach, or the game can go no further"
SURVIVING = "in play"
SHIP_CLASS = "class_name, else rate"
MORE_SHIPS_OF_THE_LINE = True
LINE_RATES = ("I", "II", "III", "IV")


@hookimpl
def sog_victory_kinds() -> dict[str, str]:
    return {KIND: "The last side with ships in play wins; if ships of both sides run aground and that cannot "
                  "happen, more surviving ships win, then a ship of the line beats a frigate, else a draw."}


def aground(ship: Any) -> bool:
    """Whether the ship has run aground (``ship.ext["aground"]``)."""
    return ship.ext.get(AGROUND) is not None


def of_the_line(game: Game, ship: Any) -> bool:
    """Whether the ship is a ship of the line (ruling ``SHIP_CLASS``)."""
    doc = game.ship_doc(ship)
    name = (getattr(doc, "class_name", "") or "").lower()
    if "ship of the line" in name:
        return True
    if "frigate" in name:
        return False
    return str(getattr(doc, "rate", "")) in LINE_RATES


def goal_impossible(game: Game) -> bool:
    """Ruling ``GOAL_IMPOSSIBLE`` (with ships of both sides in play)."""
    grounded = {s.side for s in game.ships(in_play=False) if aground(s)}
    if len(grounded) < len(game.state.sides):
        return False
    last = game.log.events[-1]["kind"] if game.log.events else None
    if game.state.turn_limit_reached or last == "nobody-can-act":
        return True
    ships = game.ships()
    if not all(aground(s) for s in ships):
        return False
    return not any(broadside_options(game, s, side) for s in ships for side in SIDES)


def tie_break(game: Game) -> Outcome:
    """More surviving ships, then more ships of the line, else a draw."""
    counts = {side: len(game.ships(side=side)) for side in game.state.sides}
    best = max(counts.values())
    leaders = [side for side, n in counts.items() if n == best]
    if len(leaders) == 1:
        return Outcome(winner=leaders[0], reason=f"ships of both sides ran aground: {leaders[0]} has more surviving ships")
    lines = {side: sum(of_the_line(game, s) for s in game.ships(side=side)) for side in leaders}
    best = max(lines.values())
    top = [side for side, n in lines.items() if n == best]
    if len(top) == 1:
        return Outcome(winner=top[0], reason=f"ships of both sides ran aground: {top[0]} has a surviving ship of the line "
                                             f"against a frigate")
    return Outcome(winner=None, reason="ships of both sides ran aground: as many survivors of the same class, a draw")


@hookimpl
def sog_check_victory(game: Game) -> Outcome | None:
    scenario = game.content.scenario(game.state.scenario)
    if scenario.victory.kind != KIND:
        return None
    standing = [side for side in game.state.sides if game.ships(side=side)]
    if len(standing) == 1:
        return Outcome(winner=standing[0], reason="every enemy ship surrendered or left the table")
    if not standing:
        return Outcome(winner=None, reason="no ship is left in play")
    if len(standing) == len(game.state.sides) and goal_impossible(game):
        return tie_break(game)
    return None
