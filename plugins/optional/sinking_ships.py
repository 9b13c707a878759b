"""Sinking ships (rulebook p. 40): a leaking ship full of water may founder.

A ship with a leak that has already taken two water damage markers draws, for each new water
damage marker, from a cup of three water damage markers and one sinking marker (see
:mod:`sog.plugins.optional.marker_cup`): a water damage marker is placed as usual; the
sinking marker means the hull gives way: the ship sinks and is eliminated (status ``sunk``;
it leaves the table even with the Surrendered Ships option, which keeps only ships that
surrendered).

The count is of the water damage markers the ship has *received* (p. 40), not of those still
on its track: pumping water takes a marker off the track but not out of the count. This rule
keeps it in ``ship.ext["sinking-ships"]["received"]``: each turn, after its draws, it adds the
markers the leaks are about to place (:func:`sog.plugins.optional.marker_cup.coming`, the
special-damage rule's placement).

Rulings:

* ``RECEIVED``: markers the rule did not see arrive (laid on the track by a scenario's or a
  test's set-up, or by another rule) count as received while they lie on the track: the count
  is never below the markers on the track.
* ``ORDER``: a ship's fire damage markers are drawn for before its water damage markers (the
  special-damage rule places them in that order), so the Ammunition Explosion option draws
  first (``tryfirst``) and this rule after it, in the plain order, which still comes before
  the special-damage rule places any marker (options are registered after the core rules,
  and pluggy calls the latest first).
* ``CANNOT_SINK``: a ship a rule keeps afloat (``sog_can_sink``: aground on a shoal) that draws
  the sinking marker does not sink: the draw counts as a water damage marker.
"""

from __future__ import annotations

import sys

from sog import hookimpl
from sog.game import Game
from sog.plugins.advanced.mat import WATER_DAMAGE
from sog.plugins.optional import marker_cup
from sog.plugins.optional.levels import ADVANCED_ONLY
from sog.plugins.system import sails_rule
from sog.plugins.system.state import SailsShipState

NAME = "sinking-ships"
KEY, MARKER, DEADLY = "leak", WATER_DAMAGE, "sinking"
#: The status of a sunk ship.
STATUS = "sunk"
#: Ruling: explosion draws first, then these (see the module docstring).
ORDER = "after ammunition explosion, before the markers are placed"
#: Ruling: the water damage markers received are those counted by this rule, and at least
#: those on the ship track (see the module docstring).
RECEIVED = "counted as taken, never fewer than on the track"
#: Ruling: a ship that cannot sink and draws the sinking marker takes a water damage marker instead.
CANNOT_SINK = "water damage marker"


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {f"{NAME}-draw": "A ship took a water damage marker beyond its second: the marker drawn from the cup "
                            "(water damage or sinking)."}


def stack(game: Game, draws: list[str]) -> None:
    """Force the next draws of the cup (``"water-damage"`` or ``"sinking"``), for tests."""
    marker_cup.stack(game, NAME, MARKER, DEADLY, draws)


def received(ship: SailsShipState) -> int:
    """The water damage markers the ship has received so far, pumped out or not (ruling ``RECEIVED``)."""
    counted = int(ship.ext.get(NAME, {}).get("received", 0))
    return max(counted, marker_cup.on_track(ship, MARKER))


@hookimpl
def sog_turn_begin(game: Game) -> None:
    """Draw for the water damage markers beyond the second; a sinking marker sinks the ship.

    The markers the surviving ships take now are added to their count of markers received.
    """
    doomed = marker_cup.check(game, NAME, KEY, MARKER, DEADLY, received=received)
    saved = [s for s in doomed if game.hook.sog_can_sink(game=game, ship=s) is False]
    doomed = [s for s in doomed if s not in saved]
    for ship in game.ships():
        if ship not in doomed:
            taken = marker_cup.coming(ship, KEY, game)
            if taken:
                ship.ext.setdefault(NAME, {})["received"] = received(ship) + taken
    for ship in doomed:
        game.remove_ship(ship.id, STATUS, cause="the hull gave way")


RULE = sails_rule(NAME, "A leaking ship taking a water damage marker beyond its second may sink (1 in 4).",
            ADVANCED_ONLY, sys.modules[__name__], kind="option", requires=("special-damage",), pages="rulebook p. 40")
