"""Special damage (rulebook pp. 32-33): the symbols on damage counters take effect.

Counters are placed exactly as in the Basic rules (their numbers on the ship track, crew
symbols on the crew track: :func:`sog.plugins.basic.damage.place_damage`); then each symbol
adds its marker to the Special Damage box of the ship mat (``mat.special``):

* **fire** — a fire on board. At the beginning of each turn, before planning, each fire on
  board puts a fire damage marker alone in an empty box of the ship track (the box is full:
  nothing else may go there), until the fire is extinguished (``repairs``).
* **leak** — the same with water damage markers, until the leak is repaired; pumping water
  removes water damage markers but does not stop the leak. A rule may stop a ship's leaks
  taking water (``sog_leak_takes_water``: a ship aground).
* **mast** — a broken mast. From the next planning on, the ship plans only grey (broken-mast)
  cards: with one broken mast those with one or two mast symbols, with two only those with
  two. A grey card ignores the sails; a ship taken aback with a grey card executes one of
  the deck's red cards drawn at random. A third broken mast makes the ship surrender.
* **sail** — sail damage: the 2nd forbids full sails (full becomes battle at once), the 4th
  leaves only backing (faster settings become backing at once), the 6th is a broken mast
  that cannot be repaired; later ones do nothing more.
* **rudder** — a damaged rudder: the ship's veer rating drops by 1 (``ship.ext["veer"]
  ["modifier"]``, read by the veer rule); each further rudder hit is a broken mast.

Rulings:

* ``MARKER_BOX``: a fire or water damage marker goes to the leftmost empty box.
* ``MARKER_ORDER``: at the start of a turn the fires' markers are placed before the leaks';
  a ship whose ship track is then covered surrenders.
* ``MAST_CARDS``: the grey cards each number of broken masts may plan (p. 32: "one or two
  broken mast symbols", then "only ... two").
* ``PLANNED_BEFORE``: cards planned before a mast breaks are executed as planned (the
  rulebook's sentence is cut); the restriction applies from the next planning.
* ``ABACK_LINE``: the random red card of a grey card taken aback runs on the Standard
  taken-aback line (one sandglass the first turn in a row, two after).
* ``RUDDER_LIMIT``: a ship has at most one damaged-rudder marker: a rudder hit while the
  rudder is damaged is a broken mast; after a repair the next rudder hit damages it again.
* ``UNLIMITED_MARKERS``: special damage markers never run out.

The effect of each symbol (``apply_symbol``) and the constants ``MARKER_ORDER`` and
``RUDDER_LIMIT`` live in :mod:`sog.plugins.advanced.mat`, because optional rules that deal
special damage (aiming high, variable wind strength, explosions) apply the same effects.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from sog import hookimpl
from sog.dispatch import acts_on
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.plugins.system.hooktypes import Attack, Move
from sog.plugins.advanced.mat import (  # the symbols' effects live in mat: other rules apply them too
    MARKER_ORDER, SPECIAL_RULE, SURRENDER_MASTS, apply_symbol, broken_masts, place_hull_marker, special,
)
from sog.plugins.basic.damage import place_damage, track_summary
from sog.plugins.system.state import track_covered
from sog.state import Counter
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.content_models import ship_deck

RULE = SPECIAL_RULE
ABACK = "taken-aback"
GREY = "broken-mast"
#: The symbols this rule gives effect to (``crew`` is placed by the Basic placement).
SYMBOLS = ("fire", "leak", "mast", "sail", "rudder")
#: Ruling: where a fire or water damage marker goes.
MARKER_BOX = "leftmost empty"
#: Ruling: the mast symbols of the grey cards a ship may plan, by broken masts (2 or more: 2).
MAST_CARDS = {1: (1, 2), 2: (2,)}
#: Ruling: cards planned before a mast breaks are executed as planned.
PLANNED_BEFORE = "executed"
#: Ruling: the line of the random red card of a grey card taken aback, by turns in a row.
ABACK_LINE = {1: ("one-sandglass", "bow"), 2: ("two-sandglass", "stern")}
#: Ruling: special damage markers are unlimited.
UNLIMITED_MARKERS = True


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "damage-applied": "Counters placed on a ship's log; both tracks, the zero box and the Special Damage box after placement.",
        "special-damage": "A damage symbol took effect: fire, leak, broken mast, sail or rudder damage.",
        "marker-placed": "A fire on board or a leak put a fire or water damage marker on the ship track.",
        "sails-changed": "A ship's sail setting changed (set-up, action, sail damage).",
        "card-replaced": "A revealed card was replaced (illegal veer, taken aback): card, replacement, reason.",
    }


@hookimpl
def sog_game_setup(game: Game) -> None:
    for ship in game.ships(in_play=False):
        special(ship)


# --------------------------------------------------------------------------- placing damage


@hookimpl
def sog_apply_damage(game: Game, ship: SailsShipState, counters: list[Counter], attacks: list[Attack]) -> bool:
    """Basic placement of the numbers and crew symbols, then the special symbols in order."""
    place_damage(ship, counters, game.ship_doc(ship).burden)
    effects = [(c.label(), c.symbol, apply_symbol(game, ship, c.symbol)) for c in counters if c.symbol in SYMBOLS]
    game.emit("damage-applied", ship=ship.id, counters=[c.label() for c in counters],
              ship_track=track_summary(ship.ship_track), crew_track=track_summary(ship.crew_track),
              zero_box=[c.label() for c in ship.zero_box], special=dict(special(ship)))
    for label, symbol, effect in effects:
        game.emit("special-damage", ship=ship.id, counter=label, symbol=symbol, effect=effect)
    if ship.in_play and broken_masts(ship) >= SURRENDER_MASTS:
        game.remove_ship(ship.id, "surrendered", cause="third broken mast")
    return True


@hookimpl
def sog_turn_begin(game: Game) -> None:
    """Fires and leaks put their damage markers on the ship track, before planning."""
    for ship in game.ships():
        box = special(ship)
        dry = box["leak"] > 0 and game.hook.sog_leak_takes_water(game=game, ship=ship) is False
        for key, marker in MARKER_ORDER:
            for _ in range(0 if dry and key == "leak" else box[key]):
                index = place_hull_marker(ship.ship_track, marker)
                if index is not None:
                    game.emit("marker-placed", ship=ship.id, marker=marker, box=index + 1)
        if track_covered(ship.ship_track):
            game.remove_ship(ship.id, "surrendered", cause="fire and water damage")


# --------------------------------------------------------------------------- broken masts


def grey_cards(deck: Any, masts: int, avoid: str | None = None) -> list[str]:
    """The grey cards a ship with ``masts`` broken masts may plan (ruling ``MAST_CARDS``)."""
    allowed = MAST_CARDS[min(masts, max(MAST_CARDS))]
    return [c.id for c in deck.of_kind(GREY) if c.masts in allowed and c.id != avoid]


@hookimpl
@acts_on("plan", "plan-first")
def sog_legal_choices(game: Game, request: DecisionRequest, choices: list[Any]) -> list[Any] | None:
    """A ship with broken masts plans grey cards instead of blue ones."""
    if request.kind not in ("plan", "plan-first") or request.ship is None or not choices:
        return None
    ship = game.ship(request.ship)
    masts = broken_masts(ship)
    if masts == 0:
        return None
    deck = ship_deck(game.content, game.ship_doc(ship))
    avoid = ship.planned[0] if request.kind == "plan" and ship.planned else None
    return grey_cards(deck, masts, avoid) or None


@hookimpl
def sog_modify_movement(game: Game, ship: SailsShipState, move: Move) -> Move | None:
    """A grey card taken aback becomes one of the deck's red cards, at random."""
    if move.card is None or move.attitude != ABACK:
        return None
    deck = ship_deck(game.content, game.ship_doc(ship))
    if deck.card(move.card).kind != GREY:
        return None
    red = game.rng.choice(list(deck.of_kind(ABACK)))
    turns = max(int(ship.ext.get(ABACK, {}).get("turns", 1)), 1)
    line, start = ABACK_LINE[min(turns, max(ABACK_LINE))]
    game.emit("card-replaced", ship=ship.id, card=move.card, by=red.id, reason="taken-aback with a broken mast",
              line=line, turns=turns)
    return dataclasses.replace(move, card=red.id, line=line, colour=None, start=start)
