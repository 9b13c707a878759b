"""Victory of *Sitting Ducks* (rulebook p. 57, a solitaire scenario) and of its swapped variant.

Option rule ``sitting-ducks-victory``; it decides the victory kind ``sitting-ducks``, whose
params name the ``attacker`` side (the player's); the other side's ships lie at anchor. The
attacker wins only if none of his ships ran aground, every enemy ship is eliminated and each
of his ships has less than half of its damage boxes filled at the end (ruling ``HALF``);
otherwise the anchored side wins.

When the game ends (the text does not say; ruling ``GAME_END``):

* as soon as an attacking ship runs aground or leaves play (eliminated or off the table): the
  attacker can no longer win, the anchored side wins;
* when every anchored ship has left play: the attacker wins if each of his ships has less than
  half of its boxes filled, else the anchored side;
* at the scenario's turn limit (``max_turns``) or when nobody can act: the anchored side.

Rulings:

* ``HALF``: a ship has less than half of its damage boxes filled when fewer than half of the
  boxes of its Ship Damage track hold anything (the crew track counts crew losses, not damage).
* ``GAME_END``: above.
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.game import Game
from sog.hooktypes import Outcome
from sog.packs.fields import thaw

from sog.plugins.setup.aground_victory import aground

from . import fates

NAME = "sitting-ducks-victory"
KIND = "sitting-ducks"
HALF = "filled boxes of the ship damage track fewer than half of its boxes"
"""Ruling: when a ship has less than half of its damage boxes filled."""
GAME_END = "an attacker aground or out of play; every anchored ship out of play; the turn limit"
"""Ruling: when the game ends (module docstring)."""

PARAMS: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["attacker"],
    "properties": {"attacker": {**fates.SIDE, "description": "The player's side, attacking the ships at anchor."}},
}
"""The JSON Schema of the params of the ``sitting-ducks`` kind."""


@hookimpl
def sog_victory_kinds() -> dict[str, str]:
    return {KIND: "The attacker wins if none of his ships ran aground, every anchored enemy is eliminated and each of "
                  "his ships has less than half of its damage boxes filled at the end; else the anchored side."}


def params_of(game: Game) -> dict[str, Any] | None:
    """The scenario's params of this kind (``None`` when its victory is of another kind)."""
    victory = game.content.scenario(game.state.scenario).victory
    return thaw(victory.params) if victory.kind == KIND else None


def under_half(ship: Any) -> bool:
    """Whether fewer than half of the ship's damage boxes are filled (ruling ``HALF``)."""
    track = ship.ship_track  # the damage boxes: the Ship Damage track (crew losses are the crew track's)
    return 2 * sum(1 for box in track if box.covered) < len(track)


@hookimpl
def sog_check_victory(game: Game) -> Outcome | None:
    params = params_of(game)
    if params is None:
        return None
    attacker = params["attacker"]
    defender = next(side for side in game.state.sides if side != attacker)
    for ship in game.ships(side=attacker, in_play=False):
        if aground(ship):
            return Outcome(winner=defender, reason=f"{ship.name} ran aground")
        if not ship.in_play:
            return Outcome(winner=defender, reason=f"{ship.name} is out of the fight ({ship.status})")
    if not game.ships(side=defender):
        damaged = [s.name for s in game.ships(side=attacker) if not under_half(s)]
        if damaged:
            return Outcome(winner=defender, reason=f"every {defender} ship is eliminated, but {' and '.join(damaged)} "
                                                   "has half or more of its damage boxes filled")
        return Outcome(winner=attacker, reason=f"every {defender} ship is eliminated, no {attacker} ship ran aground and "
                                               "each has less than half of its damage boxes filled")
    last = game.log.events[-1]["kind"] if game.log.events else None
    if game.state.turn_limit_reached or last == "nobody-can-act":
        left = len(game.ships(side=defender))
        return Outcome(winner=defender, reason=f"{left} {defender} ship(s) still at anchor when the game ended")
    return None


@hookimpl
def sog_check_content(library: Any, scenario: Any) -> list[tuple[Any, str, str]]:
    """The params: the schema, the attacker a side of the scenario, two sides."""
    if scenario.victory.kind != KIND:
        return []
    return fates.params_issues(scenario, PARAMS, KIND, ("attacker",))
