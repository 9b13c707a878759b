"""Ammunition explosion (rulebook p. 40): a ship burning long enough may blow up.

A ship with a fire on board that has already taken two fire damage markers draws, for each
new fire damage marker, from a cup of three fire damage markers and one explosion marker
(see :mod:`sog.plugins.optional.marker_cup`): a fire damage marker is placed as usual; the
explosion marker means the fire reached the powder: the ship is eliminated (status
``exploded``; it leaves the table even with the Surrendered Ships option, which keeps only
ships that surrendered).

Every ship whose base touches the exploding ship's draws one damage counter and applies it
(the turn's Advanced damage placement, special symbols included); unless the counter is a
"0" a fire also starts aboard: one more fire on board, so a counter that shows a fire gives
two fires on board in all. A ship whose track is then covered surrenders.

Rulings:

* ``BLAST_POOL``: the counter's letter was lost; an explosion at point blank draws from the
  short-range pool, B.
* ``BLAST_FIRES``: a counter that is not a "0" adds this many fires on board; a fire symbol on
  it adds its own (the text's "two instead of one"). A crew-only counter is not a "0".
* ``BLAST_AFTER_MARKERS``: the blast strikes after this turn's fire and water damage markers
  are placed, so a fire it starts puts its first marker at the next turn's start.
* ``CONTACT``: the ships in play (friend or foe) whose bases touch the exploding ship's
  (:data:`sog.plugins.optional.shared.CONTACT_TOLERANCE`).
"""

from __future__ import annotations

import sys

from sog import hookimpl
from sog.game import Game
from sog.plugins.advanced.mat import FIRE_DAMAGE, special
from sog.plugins.optional import marker_cup
from sog.plugins.optional.levels import ADVANCED_ONLY
from sog.plugins.optional.shared import covered, in_contact
from sog.plugins.system import sails_rule

NAME = "ammunition-explosion"
KEY, MARKER, DEADLY = "fire", FIRE_DAMAGE, "explosion"
#: The status of an exploded ship.
STATUS = "exploded"
#: Ruling: the pool of the counter a ship in base contact draws.
BLAST_POOL = "B"
#: Ruling: fires on board a counter other than a "0" starts (besides its own fire symbol).
BLAST_FIRES = 1
#: Ruling: when the blast strikes the ships in contact.
BLAST_AFTER_MARKERS = True
#: Ruling: which ships the blast strikes.
CONTACT = "ships in play in base contact, friend or foe"


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        f"{NAME}-draw": "A ship took a fire damage marker beyond its second: the marker drawn from the cup "
                        "(fire damage or explosion).",
        "explosion-damage": "A ship in base contact with an exploding ship drew a counter; fires started aboard.",
    }


def stack(game: Game, draws: list[str]) -> None:
    """Force the next draws of the cup (``"fire-damage"`` or ``"explosion"``), for tests."""
    marker_cup.stack(game, NAME, MARKER, DEADLY, draws)


@hookimpl(tryfirst=True)  # before the sinking-ships option and the special-damage rule place markers
def sog_turn_begin(game: Game) -> None:
    """Draw for the fire damage markers beyond the second; an explosion eliminates the ship."""
    own = game.state.ext.setdefault(NAME, {})
    own["blasts"] = []
    for ship in marker_cup.check(game, NAME, KEY, MARKER, DEADLY):
        near = [s.id for s in game.ships() if s.id != ship.id and in_contact(game, ship, s)]
        game.remove_ship(ship.id, STATUS, cause="ammunition explosion", ships_in_contact=near)
        own["blasts"].append({"ship": ship.id, "near": near})


@hookimpl(trylast=True, specname="sog_turn_begin")  # ruling BLAST_AFTER_MARKERS
def blast(game: Game) -> None:
    """The explosions strike the ships that were in base contact."""
    for boom in game.state.ext.get(NAME, {}).pop("blasts", []):
        for ship_id in boom["near"]:
            ship = game.ship(ship_id)
            if not ship.in_play:
                continue
            counters = game.draw(BLAST_POOL, 1)
            if not counters:
                continue
            game.hook.sog_apply_damage(game=game, ship=ship, counters=counters, attacks=[])
            fires = BLAST_FIRES if counters[0].value != 0 else 0
            special(ship)["fire"] += fires
            game.emit("explosion-damage", ship=ship_id, exploded=boom["ship"], counter=counters[0].label(),
                      fires_started=fires + (counters[0].symbol == KEY), fire_on_board=special(ship)["fire"])
            if ship.in_play and (covered(ship.ship_track) or covered(ship.crew_track)):
                game.remove_ship(ship_id, "surrendered", cause="ammunition explosion")


RULE = sails_rule(NAME, "A burning ship taking a fire damage marker beyond its second may explode (1 in 4); ships in base "
            "contact take a counter and catch fire.",
            ADVANCED_ONLY, sys.modules[__name__], kind="option", requires=("special-damage",), pages="rulebook p. 40")
