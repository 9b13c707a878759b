"""Taken aback (rulebook pp. 24-25): a ship facing the wind at movement executes a red card.

The attitude is checked at movement only. A ship taken aback then has its revealed card
replaced by the deck's red-bordered card of the same veer class — "4 or less", "exactly 5"
or "6 or more" (a revealed 7 becomes the "6 or more" card):

* on the first turn in a row that it is taken aback, the one-sandglass line is used, with
  the card in front of the ship, like a normal card;
* from the second consecutive turn on, the two-sandglass line is used, with the card behind
  the stern: the ship backs.

The red card stays face up as a reminder that the ship was taken aback this turn; it is
recorded in ``ship.ext["taken-aback"]["reminder"]`` (public, so every view shows it) until a
movement in which the ship is not taken aback. ``ship.ext["taken-aback"]["turns"]`` counts
the consecutive movements the ship has been taken aback, the current one included.

The veer rule runs first in the movement pipeline (this rule requires it), so a card it
replaced by a straight maneuver is judged by its replacement's veer, 5.

Rulings:

* ``VEER_CLASSES``: a red card answers the class its own veer value falls in (a deck's red
  cards carry veer 4, 5 and 6); the first red card of the class, in deck order, is used.
* A revealed card with no veer value (a grey broken-mast card, Advanced rules) is left to
  the rule that brings such cards (the Advanced rules draw a red card at random).
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
from sog.plugins.system.tabletop import attitude_of
from sog.plugins.system.content_models import deck_issue, scenario_decks, ship_deck

RULE = "taken-aback"
MOVEMENT = "movement"
ABACK = "taken-aback"
#: Ruling: the three veer classes of the red cards, as (name, lowest veer, highest veer).
VEER_CLASSES = (("4 or less", None, 4), ("exactly 5", 5, 5), ("6 or more", 6, None))
#: Line and card position on the first turn taken aback, and from the second in a row on.
FIRST_TURN = ("one-sandglass", "bow")
LATER_TURNS = ("two-sandglass", "stern")


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {"card-replaced": "A revealed card was replaced (illegal veer, taken aback): card, replacement, reason."}


def veer_class(veer: int) -> str:
    """The red-card class of a veer value: ``"4 or less"``, ``"exactly 5"`` or ``"6 or more"``."""
    for name, low, high in VEER_CLASSES:
        if (low is None or veer >= low) and (high is None or veer <= high):
            return name
    raise ValueError(f"no veer class for {veer!r}")  # pragma: no cover - the classes cover every int


def red_card_for(deck: Any, veer: int) -> Any:
    """The deck's red (taken-aback) card answering ``veer``'s class.

    :raises KeyError: the deck has no red card of that class (a content error).
    """
    wanted = veer_class(veer)
    for card in deck.of_kind(ABACK):
        if card.veer is not None and veer_class(card.veer) == wanted:
            return card
    raise KeyError(f"deck {deck.id} has no red card for veer class {wanted!r}")


def line_for(turns: int) -> tuple[str, str]:
    """``(line, start)`` for the ``turns``-th consecutive movement taken aback (1 = first)."""
    return FIRST_TURN if turns <= 1 else LATER_TURNS


@hookimpl(tryfirst=True)
@acts_at(MOVEMENT)
def sog_step_begin(game: Game, step: Step) -> None:
    """Before any ship moves: count consecutive turns taken aback, clear old reminders."""
    if step.name != MOVEMENT:
        return
    for ship in game.ships_on_table():  # obstacles move too (drifting ships)
        own = ship.ext.setdefault(RULE, {})
        if attitude_of(game, ship) == ABACK:
            own["turns"] = int(own.get("turns", 0)) + 1
        else:
            own["turns"] = 0
            own["reminder"] = None


@hookimpl
def sog_modify_movement(game: Game, ship: SailsShipState, move: Move) -> Move | None:
    """Swap the revealed card for the red card of its veer class, with the right line."""
    if move.attitude != ABACK or move.card is None:
        return None
    deck = ship_deck(game.content, game.ship_doc(ship))
    card = deck.card(move.card)
    if card.kind == ABACK or card.veer is None:
        return None
    own = ship.ext.setdefault(RULE, {})
    turns = max(int(own.get("turns", 0)), 1)
    line, start = line_for(turns)
    red = red_card_for(deck, card.veer)
    own["reminder"] = red.id
    game.emit("card-replaced", ship=ship.id, card=move.card, by=red.id, reason=ABACK,
              veer_class=veer_class(card.veer), line=line, turns=turns)
    return dataclasses.replace(move, card=red.id, line=line, colour=None, start=start)


@hookimpl
def sog_check_content(library: Any, scenario: Any) -> list[tuple[Any, str, str]]:
    """Every deck in play has, for each veer class of its blue cards, a red card with both lines."""
    issues: list[tuple[Any, str, str]] = []
    for deck in scenario_decks(library, scenario):
        veers = {veer_class(c.veer): c for c in deck.of_kind("normal") if c.veer is not None}
        for name, card in veers.items():
            try:
                red = red_card_for(deck, card.veer)
            except KeyError:
                issues.append(deck_issue(deck, "/cards", f"deck {deck.id!r} has no red ({ABACK}) card of veer class "
                                         f"{name!r}, which the {RULE} rule plays for a card like {card.id!r} "
                                         f"(veer {card.veer})"))
                continue
            where = f"/cards/{deck.cards.index(red)}/lines"
            issues += [deck_issue(deck, where, f"card {red.id!r} has no {line!r} line, which the {RULE} rule "
                                  f"moves it on")
                       for line in (FIRST_TURN[0], LATER_TURNS[0]) if line not in red.lines]
    return issues
