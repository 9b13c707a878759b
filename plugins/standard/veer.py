"""Veer (rulebook pp. 24 and 33): how much a ship's next maneuver may differ from the previous one.

Every ship has a veer rating and every maneuver card a veer value. A card may not have a
veer value differing from the previous card's by more than the ship's veer rating: the
Généreux (veer 5) may follow a 2 with any card from 2 to 7, not with an 8.

The limit is judged when the card is revealed, with the rating of that moment (the note on
p. 33: a rudder damaged or repaired between planning and reveal makes a card illegal or
legal). So planning offers every card the other rules allow; at movement an illegal
revealed card is replaced by a straight maneuver (veer 5, no turn, no sideslip) of the
ship's deck, and a ``card-replaced`` event (after the ``card-revealed`` one) says so.

The rating is read by :func:`ship_veer`: the ship's printed veer plus
``ship.ext["veer"]["modifier"]`` (0 when absent). Other rules change it there (the Advanced
rudder damage: -1 per rudder hit; a repair gives it back) and the next reveal uses it.

Rulings:

* ``JUDGED_AT``: the limit is applied at reveal only, not at planning (the p. 24 planning
  sentence is read through the p. 33 note; a player may plan a card that only a repair
  would make legal).
* ``REFERENCE``: the card a reveal is judged against is the card revealed from slot 1 at the
  previous movement, as planned (before any replacement) — "the last planned card" of the
  p. 24 example. The first card of the game has no previous card and is never illegal.
* ``STRAIGHT_VEER``: a straight card has veer 5 and every line ends with no sideways move
  and no turn. An illegal card that is already straight is kept; the replacement is the
  first straight card of the deck not lying in slot 2.
* Cards with no veer value (grey broken-mast cards, Advanced rules) are not limited.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.system.hooktypes import Move
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.content_models import deck_issue, scenario_decks, ship_deck

RULE = "veer"
#: Ruling: the veer value of a straight maneuver card (see the module docstring).
STRAIGHT_VEER = 5
#: Ruling: an illegal reveal is judged against the card revealed the previous turn.
REFERENCE = "previous-revealed"
#: Ruling: when the veer limit is applied — at reveal, with the rating of that moment.
JUDGED_AT = "reveal"
MOVEMENT = "movement"


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {"card-replaced": "A revealed card was replaced (illegal veer, taken aback): card, replacement, reason."}


def ship_veer(game: Game, ship: SailsShipState) -> int:
    """The ship's current veer rating: printed veer plus ``ext["veer"]["modifier"]``."""
    return int(game.ship_doc(ship).veer) + int(ship.ext.get(RULE, {}).get("modifier", 0))


def within_veer(previous: int, veer: int, rating: int) -> bool:
    """May a card of veer ``veer`` follow one of veer ``previous`` with this rating?"""
    return abs(veer - previous) <= rating


def is_straight(card: Any) -> bool:
    """A normal card of veer 5 whose every line goes straight ahead (ruling ``STRAIGHT_VEER``)."""
    if card.kind != "normal" or card.veer != STRAIGHT_VEER:
        return False
    ends = [end for line in card.lines.values() for end in (line.green, line.orange)]
    return all(end.right == 0 and end.turn == 0 for end in ends)


def straight_card(deck: Any, avoid: Any = None) -> str | None:
    """The first straight card of ``deck`` other than ``avoid`` (then any straight card)."""
    straight = [c.id for c in deck.cards if is_straight(c)]
    return next((c for c in straight if c != avoid), straight[0] if straight else None)


def _deck(game: Game, ship: SailsShipState) -> Any:
    return ship_deck(game.content, game.ship_doc(ship))


@hookimpl(tryfirst=True)
@acts_at(MOVEMENT)
def sog_step_begin(game: Game, step: Step) -> None:
    """Before any ship moves: remember the card revealed last turn and the one revealed now."""
    if step.name != MOVEMENT:
        return
    for ship in game.ships_on_table():  # obstacles move too (drifting ships)
        own = ship.ext.setdefault(RULE, {})
        own["previous"] = own.get("revealed")
        own["revealed"] = ship.planned[0] if ship.planned else None


@hookimpl
def sog_modify_movement(game: Game, ship: SailsShipState, move: Move) -> Move | None:
    """Replace an illegal revealed card by a straight one (ruling ``REFERENCE``)."""
    previous = ship.ext.get(RULE, {}).get("previous")
    if move.card is None or previous is None:
        return None
    deck = _deck(game, ship)
    card, before = deck.card(move.card), deck.card(previous).veer
    if card.kind != "normal" or card.veer is None or before is None or is_straight(card):
        return None
    rating = ship_veer(game, ship)
    if within_veer(before, card.veer, rating):
        return None
    straight = straight_card(deck, avoid=ship.planned[1] if len(ship.planned) > 1 else None)
    if straight is None:
        return None
    game.emit("card-replaced", ship=ship.id, card=move.card, by=straight, reason="veer",
              previous=previous, veer=rating)
    return dataclasses.replace(move, card=straight)


@hookimpl
def sog_check_content(library: Any, scenario: Any) -> list[tuple[Any, str, str]]:
    """Every deck in play has a straight card to put in place of an illegal one."""
    return [deck_issue(deck, "/cards", f"deck {deck.id!r} has no straight card (normal, veer {STRAIGHT_VEER}, no "
                       f"turn or sideways move on any line), which the {RULE} rule plays in place of an illegal card")
            for deck in scenario_decks(library, scenario) if straight_card(deck) is None]
