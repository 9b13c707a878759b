"""Automatic movement (rulebook pp. 48-49): ships the rules sail by a shuffled deck.

Core rule ``automatic-movement``, on at every level; it does nothing in a game without
automatic ships (the option ``solitaire`` names them: :mod:`.automatic`).

* **No decision.** The movement requests about an automatic ship (anchored ones included)
  — planning a card, slot 1 or 2, and the Advanced set-up of the sails — are withdrawn
  through ``sog_legal_choices``: the seat is never asked, not even a one-choice question, so
  the log's ``decisions`` events never name them. This rule does the text's choice itself;
  the other rules of automatic play (fire, actions) withdraw and do theirs.
* **The automatic deck.** At set-up each automatic ship that is not anchored gets its deck's
  blue cards of veer 3 to 7 (:func:`.deck.automatic_cards`), shuffled by the game's
  generator; the other cards are out of the game. ``game.state.ext["automatic-movement"]
  ["ships"][ship]`` holds ``deck`` (top first: secret, every view shows only how many cards
  it has), ``discard`` (public, in discard order) and ``stacked`` (test draws, secret).
* **Movement.** When the movement step begins, before any other rule reads the ships'
  planned cards, each automatic ship in play turns over the top card (event
  ``automatic-card``, public) and it lies in slot 1 as a planned card: the movement rule and
  every rule changing a move treat it as such. After the ships moved, the card goes to the
  ship's discard pile, and the pile gives back what the reshuffle rules say
  (:func:`.deck.returns`, event ``automatic-reshuffle``).
* **Anchored ships** never move: they plan nothing, draw nothing and have no deck.

Rulings:

* ``NO_REQUESTS``: the request kinds this rule withdraws for an automatic ship
  (``MOVEMENT_KINDS``): only those it answers itself, so that a rule asking one ship at a time
  (deployment in turn, boarding's grapple queue) is never left waiting on a withdrawn one.
* ``NO_PLANNING``: with Standard or Advanced rules an automatic ship plans nothing ahead;
  slot 2 stays empty, and slot 1 holds the card drawn only during its movement.
* ``TAKEN_ABACK``: a ship taken aback at movement executes the red card of the drawn card's
  veer class, and the drawn card is discarded as usual. With Standard and Advanced rules the
  taken-aback rule swaps it (one sandglass, then two); with the Basic rules this rule plans
  the deck's red card nearest in veer to the drawn card (the red 4 for a 3 or a 4, the 5 for
  a 5, the 6 for a 6 or a 7), which the Basic movement runs backing on its two-sandglass line.
* ``VEER_LIMIT``: the drawn card is judged by the Standard veer rule as any revealed card
  (an illegal one runs as a straight); it is discarded all the same.
* ``SAILS``: with the Advanced rules an automatic ship sets battle sails at set-up and never
  changes them by choice (sail damage still lowers them).
* ``BROKEN_MASTS``: an automatic ship with broken masts still draws from its automatic deck
  (the grey cards are out of the game).
* ``RESHUFFLE``: whenever cards go back, the whole deck (the cards left and those returned)
  is shuffled by the game's generator, once the cards of that discard are all back.
* ``EMPTY_DECK``: a ship that must draw from an empty deck first shuffles its whole discard
  pile into a new deck (event ``automatic-reshuffle``, reason ``empty deck``).
* ``SURRENDERED``: only ships in play draw: a surrendered automatic ship has no planned card,
  so it never drifts.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at, acts_on
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.views import HIDDEN
from sog.plugins.system.content_models import deck_issue, ship_deck, ship_of
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.tabletop import attitude_of

from . import deck as cards
from .automatic import NAME as SOLITAIRE, automatic_ids, is_anchored, is_automatic

NAME = "automatic-movement"
OWNER = NAME
"""The key of the automatic decks in ``game.state.ext``."""
MOVEMENT = "movement"
ABACK = "taken-aback"

#: The requests about an automatic ship this rule withdraws: planning (Basic; Standard slots 1
#: and 2) and the Advanced sails at set-up.
MOVEMENT_KINDS = frozenset({"plan", "plan-first", "sails"})
#: Ruling: the movement requests about an automatic ship are withdrawn (this rule decides them).
NO_REQUESTS = "movement requests about an automatic ship"
#: Ruling: no card is planned ahead (no slot 2); slot 1 holds the drawn card during movement only.
NO_PLANNING = "drawn at movement, nothing planned ahead"
#: Ruling: taken aback, the red card of the drawn card's veer class runs; the drawn card is discarded.
TAKEN_ABACK = "red card of the drawn card's veer class"
#: Ruling: the Standard veer limit judges the drawn card like any revealed card.
VEER_LIMIT = "judged as a revealed card"
#: Ruling: the sails of an automatic ship with the Advanced rules.
SAILS = "battle"
#: Ruling: broken masts do not change the automatic deck.
BROKEN_MASTS = "automatic deck as before"
#: Ruling: the deck is shuffled by the game's generator after every return.
RESHUFFLE = "whole deck, after every return"
#: Ruling: an empty deck takes the whole discard pile, shuffled.
EMPTY_DECK = "discard pile shuffled in"
#: Ruling: only automatic ships in play draw a card.
SURRENDERED = "no card once out of play"

__all__ = [
    "BROKEN_MASTS", "EMPTY_DECK", "MOVEMENT_KINDS", "NAME", "NO_PLANNING", "NO_REQUESTS", "RESHUFFLE", "SAILS", "SURRENDERED",
    "TAKEN_ABACK", "VEER_LIMIT", "automatic_deck", "stack",
]


# --------------------------------------------------------------------------- state


def _records(game: Game) -> dict[str, dict[str, Any]]:
    """The automatic decks by ship id (empty in a game without any)."""
    own = (getattr(game.state, "ext", None) or {}).get(OWNER)
    return own["ships"] if own else {}


def automatic_deck(game: Game, ship_id: str) -> dict[str, Any] | None:
    """The ship's automatic deck (``deck`` top first, ``discard``, ``stacked``), or ``None``."""
    return _records(game).get(ship_id)


def stack(game: Game, ship_id: str, draws: list[str]) -> None:
    """Force the ship's next draws (tests reproducing a worked example).

    Each named card is taken out of the deck, wherever it lies, at its draw (after any
    reshuffle); a card not in the deck then is an error. Nobody's view shows the list.
    """
    record = automatic_deck(game, ship_id)
    if record is None:
        raise KeyError(f"{ship_id!r} has no automatic deck")
    record["stacked"].extend(draws)


def _deck(game: Game, ship: SailsShipState) -> Any:
    return ship_deck(game.content, game.ship_doc(ship))


@hookimpl
def sog_rule_idle(game: Game) -> bool:
    """Idle with no automatic piece (they are named at set-up)."""
    return not automatic_ids(game)


@hookimpl(trylast=True)  # after the solitaire option wrote which ships are automatic
def sog_game_setup(game: Game) -> None:
    """Build and shuffle each automatic deck; battle sails with the Advanced rules."""
    ships = [s for s in game.ships(in_play=False) if is_automatic(game, s.id)]
    if not ships:
        return
    records: dict[str, dict[str, Any]] = {}
    for ship in ships:
        if game.rule_on("sail-settings"):
            ship.sails = SAILS
        if is_anchored(game, ship.id):
            continue
        deck = cards.automatic_cards(_deck(game, ship))
        game.rng.shuffle(deck)
        records[ship.id] = {"deck": deck, "discard": [], "stacked": []}
    if records:
        game.state.ext[OWNER] = {"ships": records}


# --------------------------------------------------------------------------- no decisions


@hookimpl(tryfirst=True)  # the pipeline runs in registration order: tryfirst puts this last
@acts_on(*MOVEMENT_KINDS)
def sog_legal_choices(game: Game, request: DecisionRequest, choices: list[Any]) -> list[Any] | None:
    """Withdraw the movement requests about an automatic ship (ruling ``NO_REQUESTS``)."""
    if request.kind not in MOVEMENT_KINDS or request.ship is None or not is_automatic(game, request.ship):
        return None
    return []


# --------------------------------------------------------------------------- drawing and discarding


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "automatic-card": "An automatic ship turned over the top card of its automatic deck (public): card, cards left.",
        "automatic-reshuffle": "Cards of an automatic ship's discard pile went back into its deck, then shuffled.",
    }


def _draw(game: Game, ship_id: str, record: dict[str, Any]) -> str | None:
    """The top card (or the next stacked one); an empty deck takes the pile first (``EMPTY_DECK``)."""
    if not record["deck"]:
        if not record["discard"]:
            return None
        back, record["discard"] = record["discard"], []
        record["deck"] = list(back)
        game.rng.shuffle(record["deck"])
        game.emit("automatic-reshuffle", ship=ship_id, cards=back, reason="empty deck", deck=len(record["deck"]))
    if record["stacked"]:
        card = str(record["stacked"].pop(0))
        if card not in record["deck"]:
            raise KeyError(f"stacked card {card!r} of {ship_id!r} is not in its automatic deck")
        record["deck"].remove(card)
        return card
    return str(record["deck"].pop(0))


def _red_card(deck: Any, veer: int) -> str | None:
    """Basic rules: the deck's red card nearest in veer (ruling ``TAKEN_ABACK``; lower on a tie)."""
    reds = [c for c in deck.of_kind(ABACK) if c.veer is not None]
    return min(reds, key=lambda c: (abs(c.veer - veer), c.veer)).id if reds else None


def _plan(game: Game, ship: SailsShipState, card_id: str) -> None:
    """Turn the card over and lay it in slot 1 (a red card instead at Basic, when taken aback)."""
    executed = card_id
    details: dict[str, Any] = {}
    if game.rule_on("basic-planning") and attitude_of(game, ship) == ABACK:
        red = _red_card(_deck(game, ship), int(_deck(game, ship).card(card_id).veer))
        if red is not None:
            executed = details["taken_aback"] = red
    record = automatic_deck(game, ship.id)
    game.emit("automatic-card", ship=ship.id, card=card_id, deck=len(record["deck"]) if record else 0, **details)
    if not ship.planned:
        ship.planned = [None]
    ship.planned[0] = executed


def _discard(game: Game, ship: SailsShipState, record: dict[str, Any], card_id: str) -> None:
    """The used card to the pile, then the returns and one shuffle (ruling ``RESHUFFLE``)."""
    record["discard"].append(card_id)
    deck = _deck(game, ship)
    groups = cards.returns(record["discard"], lambda c: cards.maneuver_class(deck.card(c)))
    if not groups:
        return
    for reason, back in groups:
        record["discard"] = [c for c in record["discard"] if c not in back]
        record["deck"].extend(back)
        game.emit("automatic-reshuffle", ship=ship.id, cards=back, reason=reason, deck=len(record["deck"]))
    game.rng.shuffle(record["deck"])


@hookimpl(wrapper=True)  # around every rule's movement begin: the card lies in slot 1 before any reads it
@acts_at(MOVEMENT)
def sog_step_begin(game: Game, step: Step) -> Generator[None, Any, Any]:
    """Draw before the ships move, discard after (rulings ``NO_PLANNING``, ``SURRENDERED``)."""
    records = _records(game) if step.name == MOVEMENT else {}  # acts_at aside: pluggy's own caller (tracing) calls it at every step
    drawn: dict[str, str] = {}
    for ship in game.ships() if records else ():
        record = records.get(ship.id)
        if record is None:
            continue
        card = _draw(game, ship.id, record)
        if card is not None:
            drawn[ship.id] = card
            _plan(game, ship, card)
    result = yield
    for ship_id, card in drawn.items():
        _discard(game, game.ship(ship_id), records[ship_id], card)
    return result


# --------------------------------------------------------------------------- views, words, content


@hookimpl
def sog_redact_view(game: Game, seat: str, view: dict[str, Any]) -> None:
    """Nobody sees a deck's order (only how many cards it has) nor the stacked draws."""
    for record in ((view.get("ext") or {}).get(OWNER) or {}).get("ships", {}).values():
        record["deck"] = [HIDDEN] * len(record["deck"])
        record.pop("stacked", None)


def _name(game: Game, ship_id: str) -> str:
    ship = game.state.ships.get(ship_id)
    return ship.name if ship is not None else ship_id


@hookimpl
def sog_narrate(game: Game, event: dict[str, Any]) -> str | None:
    kind, d = event["kind"], event["data"]
    if kind == "automatic-card":
        ship = game.state.ships.get(d["ship"])
        veer = _deck(game, ship).card(d["card"]).veer if ship is not None else "?"
        aback = f"; taken aback, it runs {d['taken_aback']}" if d.get("taken_aback") else ""
        return f"  {_name(game, d['ship'])} turns over {d['card']} (veer {veer}) from its automatic deck{aback}"
    if kind == "automatic-reshuffle":
        why = {"sideslips": "a right and a left sideslip", "turns": "a right and a left turn totalling 10",
               "empty deck": "the deck was empty"}.get(d["reason"], d["reason"])
        return (f"  {_name(game, d['ship'])}: {', '.join(d['cards'])} back into the automatic deck ({why}), "
                f"shuffled: {d['deck']} cards")
    return None


@hookimpl
def sog_check_content(library: Any, scenario: Any, rules: Any) -> list[tuple[Any, str, str]]:
    """Every automatic ship that is not anchored has cards for its automatic deck."""
    if SOLITAIRE not in rules.names:
        return []
    settings = rules.settings.get(SOLITAIRE, {})
    anchored = set(settings.get("anchored", ()) or ())
    placed = {s.id: s for s in scenario.ships}
    issues = []
    for ship_id in settings.get("automatic", ()) or ():
        entry = placed.get(ship_id)
        if entry is None or ship_id in anchored or not library.has("ship", entry.ship):
            continue
        deck = ship_deck(library, ship_of(library, entry.ship))
        if not cards.automatic_cards(deck):
            low, high = cards.VEER_RANGE
            issues.append(deck_issue(deck, "/cards", f"deck {deck.id!r} has no blue card of veer {low} to {high}: "
                                     f"{ship_id!r} has nothing to draw for the {NAME} rule"))
    return issues
