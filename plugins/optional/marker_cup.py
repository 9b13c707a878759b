"""The small marker cup of Ammunition Explosion and Sinking Ships (rulebook pp. 40-41); not a rule.

What: both rules work the same way on a different marker. At the beginning of a turn, a fire
on board (a leak) puts a fire (water) damage marker on the ship track — the special-damage
rule does that. Each time a ship takes such a marker beyond its second, three such markers
and one explosion (sinking) marker are shuffled and one is drawn: the damage marker is
placed as usual, the other eliminates the ship. :func:`check` makes those draws, just
before the special-damage rule places the markers, for one kind of marker; each rule calls
it from its own ``sog_turn_begin``.

The cup lies in ``game.state.ext[rule]["cup"]`` — its markers, and ``stacked`` draws that
tests force (:func:`stack`) — and is drawn with the game's generator; a drawn marker goes
back at once (the cup is made up afresh for each draw).

Rulings:

* ``COUNTED``: by default the markers "already received" are counted on the ship track,
  which is exact for fire damage (never removed). A rule whose markers can leave the track
  passes its own count (``received``): Sinking Ships counts every water damage marker taken,
  pumped out or not.
* ``DRAWN_BEFORE``: the draws are made at the beginning of the turn, before the markers are
  placed, in the special-damage rule's order (``MARKER_ORDER``: every fire's marker before
  every leak's); only markers that find an empty box are taken; the first explosion or
  sinking ends the ship's turn (no more markers, no surrender to them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sog.game import Game
from sog.plugins.advanced.mat import special
from sog.plugins.advanced.mat import MARKER_ORDER
from sog.plugins.system.state import SailsShipState

#: The cup: this many damage markers and one deadly marker.
DAMAGE_MARKERS = 3
#: A ship draws for each new marker beyond this many already on its ship track.
FREE_MARKERS = 2
#: Ruling: which markers count as "already received" unless the rule gives its own count.
COUNTED = "on the ship track, unless the rule counts them"
#: Ruling: when the draws are made (see the module docstring).
DRAWN_BEFORE = "placement, in MARKER_ORDER"


def cup(game: Game, rule: str, marker: str, deadly: str) -> dict[str, Any]:
    """The rule's cup (made on first use)."""
    return game.state.ext.setdefault(rule, {}).setdefault(
        "cup", {"markers": [marker] * DAMAGE_MARKERS + [deadly], "stacked": []})


def stack(game: Game, rule: str, marker: str, deadly: str, draws: list[str]) -> None:
    """Force the next draws of the rule's cup (tests reproducing a situation)."""
    cup(game, rule, marker, deadly)["stacked"].extend(draws)


def draw(game: Game, rule: str, marker: str, deadly: str) -> str:
    """Shuffle the cup and draw one marker (it goes back at once)."""
    own = cup(game, rule, marker, deadly)
    if own["stacked"]:
        return str(own["stacked"].pop(0))
    return str(own["markers"][game.rng.randbelow(len(own["markers"]))])


def on_track(ship: SailsShipState, marker: str) -> int:
    """How many ``marker``s lie on the ship track (ruling ``COUNTED``)."""
    return sum(box.markers.count(marker) for box in ship.ship_track)


def coming(ship: SailsShipState, key: str, game: Game | None = None) -> int:
    """How many markers of ``key`` (``fire``/``leak``) the ship takes at this turn's start.

    One per fire (leak) on board, in ``MARKER_ORDER``, while an empty box is left; with
    ``game``, no leak's marker when a rule stops the ship's leaks (``sog_leak_takes_water``).
    """
    free = sum(not box.covered for box in ship.ship_track)
    counts = dict(special(ship))
    if game is not None and counts.get("leak") and game.hook.sog_leak_takes_water(game=game, ship=ship) is False:
        counts["leak"] = 0
    for other, _ in MARKER_ORDER:
        taken = min(int(counts[other]), free)
        if other == key:
            return taken
        free -= taken
    return 0


def check(game: Game, rule: str, key: str, marker: str, deadly: str,
          received: Callable[[SailsShipState], int] | None = None) -> list[SailsShipState]:
    """Draw for every marker beyond the second each ship in play takes now; return the doomed ships.

    ``received(ship)`` is how many such markers the ship has already received (default: those
    on its ship track, ruling ``COUNTED``). Each draw is logged (``<rule>-draw``: ship, marker
    number, marker drawn); the caller eliminates the returned ships.
    """
    doomed = []
    for ship in game.ships():
        already = received(ship) if received is not None else on_track(ship, marker)
        for number in range(already + 1, already + coming(ship, key, game) + 1):
            if number <= FREE_MARKERS:
                continue
            drawn = draw(game, rule, marker, deadly)
            game.emit(f"{rule}-draw", ship=ship.id, marker_number=number, drawn=drawn)
            if drawn == deadly:
                doomed.append(ship)
                break
    return doomed
