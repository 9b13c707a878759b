"""Time to react (rulebook pp. 22-24): every ship has two planned maneuver cards.

Slot 1 holds the card the ship executes this turn, slot 2 the one it executes next turn.
The game starts with one card planned: before the first movement each ship chooses a blue
(normal) card for slot 1 (decision ``plan-first``). In the planning phase of every turn,
the first included, each ship then secretly chooses an unused blue card for slot 2
(decision ``plan``); "unused" means any card of the deck but the one lying in slot 1. The
movement rule reveals slot 1, moves, and shifts slot 2 into slot 1.

The attitude to the wind is not checked at planning (p. 24): only normal cards are ever
planned here, and the taken-aback rule swaps in a red card at movement.

Rulings:

* ``FIRST_CARD_STEP``: the slot-1 card of the first turn is chosen in the planning step of
  turn 1, in a round of its own before the slot-2 card, so the player knows it when choosing
  the slot-2 card, as at set-up (the rulebook has it chosen at set-up; nothing else happens
  between). The veer limit is not applied here: it is judged at reveal (the veer rule).
* A ship whose slot 1 is empty at planning in a later turn (no Standard rule empties it;
  an Advanced rule might) chooses a slot-1 card first, the same way.
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.views import hide_from_others
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.content_models import deck_issue, scenario_decks, ship_deck

RULE = "time-to-react"
STEP = Step("planning", 100, "Each ship plans the maneuver it will execute next turn (slot 2), secretly.")
#: How many planned-card slots a ship mat has in the Standard rules.
SLOTS = 2
#: Ruling: the step in which the first turn's slot-1 card is chosen (see the module docstring).
FIRST_CARD_STEP = STEP.name
#: The card kind that may be planned: blue-bordered (normal) cards only.
PLANNED_KIND = "normal"


@hookimpl
def sog_turn_steps() -> list[Step]:
    return [STEP]


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return {
        "plan-first": "Choose the blue maneuver card a ship executes this turn (slot 1; the first turn only).",
        "plan": "Choose an unused blue maneuver card the ship will execute next turn (slot 2).",
    }


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {"planned": "A ship planned a card into a slot (the card is in the omniscient log only)."}


@hookimpl
def sog_game_setup(game: Game) -> None:
    """Give every ship mat its two slots, both empty."""
    for ship in game.ships(in_play=False):
        ship.planned = _slots(ship)


def _slots(ship: SailsShipState) -> list[str | None]:
    """The ship's planned cards as exactly ``SLOTS`` entries (a copy)."""
    return (list(ship.planned) + [None] * SLOTS)[:SLOTS]


def _label(card: Any) -> str:
    return f"{card.id} (veer {card.veer})"


def _request(game: Game, ship: SailsShipState, kind: str) -> DecisionRequest:
    """The request for slot 1 (``plan-first``) or slot 2 (``plan``) of ``ship``."""
    deck = ship_deck(game.content, game.ship_doc(ship))
    in_slot_1 = ship.planned[0] if kind == "plan" else None
    choices, labels = _choices(deck.of_kind(PLANNED_KIND), in_slot_1)
    what = "this turn's maneuver (slot 1)" if kind == "plan-first" else "next turn's maneuver (slot 2)"
    return game.make_request(
        rule=RULE, kind=kind, seat=ship.seat, ship=ship.id, prompt=f"{ship.name}: plan {what}",
        choices=choices, labels=labels,
    )


def _choices(cards: tuple[Any, ...], in_slot_1: str | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The ids and labels of ``cards`` but the one in slot 1, kept by the identity of the
    (immutable) card tuple: a game asks this for every ship and turn."""
    key = (id(cards), in_slot_1)
    cached = _CHOICES.get(key)
    if cached is None or cached[0] is not cards:
        if len(_CHOICES) >= 1024:
            _CHOICES.clear()
        kept = [c for c in cards if c.id != in_slot_1]
        cached = _CHOICES[key] = (cards, tuple(c.id for c in kept), tuple(_label(c) for c in kept))
    return cached[1], cached[2]


#: ``_choices`` by card tuple identity and the card in slot 1 (the tuple kept: its id stays its own).
_CHOICES: dict[tuple[int, str | None], tuple[tuple[Any, ...], tuple[str, ...], tuple[str, ...]]] = {}


@hookimpl
@acts_at(STEP)
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    if step.name != STEP.name:
        return []
    requests = []
    for ship in game.ships():  # _slots(ship) read in place: asked at every planning round
        planned = ship.planned
        if not planned or planned[0] is None:
            requests.append(_request(game, ship, "plan-first"))
        elif len(planned) < 2 or planned[1] is None:
            requests.append(_request(game, ship, "plan"))
    return requests


@hookimpl
@acts_at(STEP)
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    if step.name != STEP.name:
        return
    for request, answer in answers:
        if request.rule != RULE:
            continue
        slot = 1 if request.kind == "plan-first" else 2
        ship = game.ship(request.ship)
        ship.planned = _slots(ship)
        ship.planned[slot - 1] = answer
        game.emit("planned", ship=request.ship, slot=slot, card=answer)


@hookimpl
def sog_redact_event(game: Game, seat: str, event: dict[str, Any]) -> None:
    """Other seats learn that a card was planned, not which."""
    hide_from_others(game, seat, event, ("planned",), "card")


@hookimpl
def sog_check_content(library: Any, scenario: Any) -> list[tuple[Any, str, str]]:
    """Every deck in play has two blue cards: one in slot 1, an unused one to plan."""
    return [deck_issue(deck, "/cards", f"deck {deck.id!r} has {len(deck.of_kind(PLANNED_KIND))} {PLANNED_KIND} "
                       f"card(s): the {RULE} rule plans one not lying in slot 1, so it needs at least {SLOTS}")
            for deck in scenario_decks(library, scenario) if len(deck.of_kind(PLANNED_KIND)) < SLOTS]
