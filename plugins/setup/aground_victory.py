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
  when ``STALL_TURNS`` whole turns have passed in which no ship in play took or repaired damage
  and none left play (the fight has stopped: the ships still afloat cannot or do not reach
  the others, e.g. behind the island), or when the game can go no further (its turn limit, or
  nobody can act). The count of quiet turns is public state, ``game.state.ext["aground-victory"]``
  (``quiet``, ``damage``), kept only once ships of both sides are aground.
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
"""Ruling: when the goal can no longer be reached (see the module docstring)."""
SURVIVING = "in play"
"""Ruling: a surviving ship is a ship in play, aground or not."""
SHIP_CLASS = "class_name, else rate"
"""Ruling: how a ship of the line is told from a frigate."""
MORE_SHIPS_OF_THE_LINE = True
"""Ruling: with as many survivors, more ships of the line win."""
LINE_RATES = ("I", "II", "III", "IV")
"""The rates of ships of the line (a document whose class name says neither)."""
STALL_TURNS = 10
"""Ruling ``GOAL_IMPOSSIBLE``: quiet turns (no damage, no ship leaving play) that end the fight."""


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


def both_aground(game: Game) -> bool:
    """Whether ships of every side have run aground (in play or not)."""
    return len({s.side for s in game.ships(in_play=False) if aground(s)}) == len(game.state.sides)


def _damage(game: Game) -> list[Any]:
    """What a fight changes: each ship's status, and the counters and markers on its tracks."""
    return [[s.id, s.status, [len(box.counters) for box in (*s.ship_track, *s.crew_track)], len(s.zero_box),
             sorted(m for box in (*s.ship_track, *s.crew_track) for m in box.markers)] for s in game.state.ships.values()]


@hookimpl
def sog_turn_end(game: Game) -> None:
    if game.content.scenario(game.state.scenario).victory.kind != KIND or not both_aground(game):
        return
    own = game.state.ext.setdefault(NAME, {"quiet": 0, "damage": None})
    damage = _damage(game)
    own["quiet"] = own["quiet"] + 1 if damage == own["damage"] else 0
    own["damage"] = damage


def goal_impossible(game: Game) -> bool:
    """Ruling ``GOAL_IMPOSSIBLE`` (with ships of both sides in play)."""
    if not both_aground(game):
        return False
    last = game.log.events[-1]["kind"] if game.log.events else None
    if game.state.turn_limit_reached or last == "nobody-can-act":
        return True
    if game.state.ext.get(NAME, {}).get("quiet", 0) >= STALL_TURNS:
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
