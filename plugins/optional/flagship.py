"""Flagship (rulebook p. 40): losing the admiral's ship shakes one fleet and cheers the other.

Each side may have one flagship, named by the settings ``{"ships": {side: ship id}}`` (a
scenario gives them in its ``option_settings``). When a flagship leaves play for any reason
but leaving the table (ruling R11):

* every other ship of its side in play lays two crew-loss markers on its crew track (leftmost
  empty boxes); a ship whose crew track is then covered surrenders;
* every ship of the other sides in play takes one crew damage token off its crew track (if
  it has any) to its "0" box — two tokens if it fired artillery or musketry at the flagship
  in the current turn (read from the turn's ``attack`` events).

Rulings:

* R11 (``NO_MORALE_REASONS``): a flagship leaving the table has no effect on either side.
* ``DEFAULT_FLAGSHIP``: a side not named in the settings has the first of its ships in the
  scenario as flagship (so the option works with no settings).
* ``TOKEN_TAKEN``: the token removed is the rightmost on the crew track (see
  :func:`sog.plugins.optional.shared.remove_crew_token`).
* ``SIMULTANEOUS``: the cheering of the other side is applied before the surrenders the
  markers cause, so a ship surrendering from the markers does not change who cheers.
"""

from __future__ import annotations

import sys

from sog import hookimpl
from sog.errors import ConfigError
from sog.game import Game
from sog.plugins.optional.levels import ALL_LEVELS
from sog.plugins.optional.shared import add_crew_markers, covered, remove_crew_token
from sog.plugins.system import sails_rule
from sog.plugins.system.state import SailsShipState

NAME = "flagship"
#: Ruling R11: removal reasons with no morale effect.
NO_MORALE_REASONS = ("left-table",)
#: Ruling: with no flagship named for a side, its first ship in the scenario is the flagship.
DEFAULT_FLAGSHIP = "first"
#: Crew-loss markers every other ship of the flagship's side takes.
MARKERS = 2
#: Crew tokens an enemy removes: (did not shoot at the flagship this turn, did).
REMOVED = (1, 2)
#: Ruling: cheering is applied before the surrenders the markers cause.
SIMULTANEOUS = True

SETTINGS = {
    "type": "object",
    "properties": {
        "ships": {
            "type": "object",
            "description": "The flagship of each side: side id -> ship id.",
            "additionalProperties": {"type": "string"},
        },
    },
    "additionalProperties": False,
}


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "flagships": "The flagship of each side.",
        "flagship-lost": "A flagship left play: markers laid on its side's ships, tokens removed from its enemies'.",
    }


def flagships(game: Game) -> dict[str, str]:
    """The flagship of each side (side id -> ship id)."""
    return dict(game.state.ext.get(NAME, {}).get("ships", {}))


@hookimpl
def sog_game_setup(game: Game) -> None:
    """Fix the flagships from the settings (and the default); check them."""
    named = dict(game.settings(NAME).get("ships", {}))
    chosen: dict[str, str] = {}
    for side in game.state.sides:
        ship_id = named.pop(side, None)
        if ship_id is None:
            ships = game.ships(in_play=False, side=side)
            if not ships:
                continue
            ship_id = ships[0].id
        if ship_id not in game.state.ships or game.ship(ship_id).side != side:
            raise ConfigError(f"flagship {ship_id!r} of side {side!r} is not a ship of that side in this scenario")
        chosen[side] = ship_id
    if named:
        raise ConfigError(f"flagship settings name unknown sides: {', '.join(sorted(named))}")
    game.state.ext[NAME] = {"ships": chosen}
    game.emit("flagships", ships=chosen)


def shooters(game: Game, target: str) -> set[str]:
    """Ships that fired artillery or musketry at ``target`` in the current turn."""
    turn = game.state.turn
    return {e["data"]["attacker"] for e in game.log.of_kind("attack")
            if e["turn"] == turn and e["data"].get("target") == target}


@hookimpl
def sog_ship_removed(game: Game, ship: SailsShipState, reason: str) -> None:
    if flagships(game).get(ship.side) != ship.id or reason in NO_MORALE_REASONS:
        return
    fired = shooters(game, ship.id)
    cheered: dict[str, list[str | None]] = {}
    for enemy in game.ships():
        if enemy.side != ship.side:
            count = REMOVED[enemy.id in fired]
            cheered[enemy.id] = [t for t in (remove_crew_token(enemy) for _ in range(count)) if t is not None]
    shaken = {friend.id: add_crew_markers(friend, MARKERS) for friend in game.ships(side=ship.side)}
    game.emit("flagship-lost", ship=ship.id, side=ship.side, reason=reason, markers=shaken, removed=cheered)
    for friend_id in shaken:
        friend = game.ship(friend_id)
        if friend.in_play and covered(friend.crew_track):
            game.remove_ship(friend_id, "surrendered", cause="flagship-lost")


RULE = sails_rule(NAME, "When a flagship is eliminated its side's ships take two crew markers and the enemy's remove one "
            "crew token (two if they shot at it).",
            ALL_LEVELS, sys.modules[__name__], kind="option", settings_schema=SETTINGS, pages="rulebook p. 40")
