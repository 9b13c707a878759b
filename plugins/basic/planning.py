"""Basic planning (rulebook pp. 10-11): one secret maneuver card per ship each turn.

A ship that is beating, reaching or running may plan any normal (blue) card of its deck;
a ship taken aback may plan only red-bordered cards. No measuring is done: the only
reading is the ship's attitude to the wind, taken at planning.
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.views import hide_from_others
from sog.plugins.system.tabletop import attitude_of
from sog.plugins.system.content_models import deck_issue, scenario_decks, ship_deck

RULE = "basic-planning"
STEP = Step("planning", 100, "Each ship plans its maneuver card, secretly.")


@hookimpl
def sog_turn_steps() -> list[Step]:
    return [STEP]


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return {"plan": "Choose the maneuver card a ship will execute (a card id of its deck)."}


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {"planned": "A ship planned its card (the card is in the omniscient log only)."}


def card_kind_allowed(attitude: str) -> str:
    """The card kind a ship may plan with this attitude: red cards when taken aback."""
    return "taken-aback" if attitude == "taken-aback" else "normal"


def card_label(card: Any) -> str:
    """Short text for a card: id, kind and veer."""
    veer = f" veer {card.veer}" if card.veer is not None else ""
    return f"{card.id} ({card.kind}{veer})"


def plan_request(game: Game, ship_id: str, rule: str = RULE, kind: str = "plan") -> DecisionRequest:
    """The planning request for one ship, with the cards its attitude allows."""
    ship = game.ship(ship_id)
    deck = ship_deck(game.content, game.ship_doc(ship))
    allowed = card_kind_allowed(attitude_of(game, ship))
    choices, labels = _cards(deck, allowed)
    return game.make_request(
        rule=rule, kind=kind, seat=ship.seat, ship=ship.id,
        prompt=f"{ship.name}: plan a maneuver ({allowed} cards)", choices=choices, labels=labels,
    )


_CARDS: dict[tuple[int, str], tuple[Any, list[str], list[str]]] = {}


def _cards(deck: Any, kind: str) -> tuple[list[str], list[str]]:
    """Ids and labels of a deck's cards of one kind (cached: decks are immutable)."""
    cached = _CARDS.get((id(deck), kind))
    if cached is None or cached[0] is not deck:
        cards = [c for c in deck.cards if c.kind == kind]
        cached = _CARDS[(id(deck), kind)] = (deck, [c.id for c in cards], [card_label(c) for c in cards])
    return cached[1], cached[2]


@hookimpl
@acts_at(STEP)
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    if step.name != STEP.name:
        return []
    return [plan_request(game, s.id) for s in game.ships() if s.planned[0] is None]


@hookimpl
@acts_at(STEP)  # its requests are asked at planning (sog_decisions_needed), so answered there
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    for request, answer in answers:
        if request.rule == RULE and request.kind == "plan":
            game.ship(request.ship).planned[0] = answer
            game.emit("planned", ship=request.ship, slot=1, card=answer)


@hookimpl
def sog_redact_event(game: Game, seat: str, event: dict[str, Any]) -> None:
    """Other seats learn that a card was planned, not which."""
    hide_from_others(game, seat, event, ("planned",), "card")


@hookimpl
def sog_check_content(library: Any, scenario: Any) -> list[tuple[Any, str, str]]:
    """Every deck in play has blue cards to plan, and red ones for a ship taken aback."""
    return [deck_issue(deck, "/cards", f"deck {deck.id!r} has no {kind} card: the {RULE} rule plans one {why}")
            for deck in scenario_decks(library, scenario)
            for kind, why in (("normal", "each turn"), ("taken-aback", "for a ship taken aback"))
            if not deck.of_kind(kind)]
