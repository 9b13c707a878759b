"""Sail settings (rulebook pp. 28-29, 32): full, battle, backing or struck sails.

**Set-up.** Each player puts the sails status counter of each ship on full, battle or
backing sails (decision ``sails`` in the ``setup`` step of turn 1, all ships at once). When
no such step exists (the reloading rule that brings it is switched off), ships keep
``DEFAULT_SAILS``.

**Actions** (immediate, in the action step): ``increase-sails`` moves the counter one place
left (struck → backing → battle → full), ``decrease-sails`` one place right. Sail damage caps
the setting (see ``mat.SAIL_DAMAGE_CAPS``). An increase at full sails or past the cap, or a
decrease at struck sails, may still be planned (p. 29) and has no effect: the event
``action-illegal`` says so.

**Movement.** A blue (normal) card runs on the line of the ship's setting; red and grey
cards ignore it. With struck sails no card is planned any more; the cards already planned
run, one per turn, on the backing line, then the ship stays where it is. When an increase
brings struck sails back to backing, the ship plans again from the next planning step, one
card per turn, and does not move until both card slots are filled (the single card waits
in slot 1). A ship that goes from backing to struck sails with a single card planned puts
it back in its deck, unexecuted (p. 32).

Rulings:

* ``SETUP_CHOICES`` / ``DEFAULT_SAILS``: the rulebook lets the player choose full, battle or
  backing at set-up; battle is the default where nobody chooses.
* ``SAIL_LINE``: struck sails run the cards still planned on the backing line.
* ``STRUCK_PLANNED``: "any maneuver card previously planned" means every card lying in the
  slots when the sails are struck: each is executed in its turn.
* ``SAIL_ORDER``: when both sail actions are revealed together, the increase is applied
  first, then the decrease.
* ``SINGLE_CARD_RETURNS``: the p. 32 case is read literally: whenever a ship goes from backing
  to struck sails with exactly one card planned, that card returns to the deck.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at, acts_on
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.system.hooktypes import Move
from sog.plugins.advanced.mat import DECREASE_SAILS, ILLEGAL_EVENT, INCREASE_SAILS, SAILS, faster, reject, sail_cap
from sog.plugins.system.state import SailsShipState
from sog.views import HIDDEN, hide_from_others
from sog.plugins.system.content_models import deck_issue, scenario_decks, ship_deck

RULE = "sail-settings"
SETUP = "setup"
PLANNING = "planning"
ACTIONS = "actions"
MOVEMENT = "movement"
DECISION = "sails"
STRUCK = "struck"
BACKING = "backing"
#: Ruling: the settings a player may choose at set-up.
SETUP_CHOICES = ("full", "battle", "backing")
#: Ruling: the setting of a ship nobody chose for.
DEFAULT_SAILS = "battle"
#: Ruling: the line of a normal card for each setting.
SAIL_LINE = {"full": "full", "battle": "battle", "backing": "backing", "struck": "backing"}
#: Ruling: cards in the slots when the sails are struck are all executed, one per turn.
STRUCK_PLANNED = "all executed"
#: Ruling: the order in which the two sail actions apply when revealed together.
SAIL_ORDER = (INCREASE_SAILS, DECREASE_SAILS)
#: Ruling: backing -> struck with exactly one card planned returns that card to the deck.
SINGLE_CARD_RETURNS = True
PLAN_KINDS = ("plan", "plan-first")


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return {DECISION: "Set a ship's sails at the start of the game: full, battle or backing."}


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "sails-changed": "A ship's sail setting changed (set-up, action, sail damage).",
        "card-returned": "A planned card went back to the deck unexecuted (struck sails with a single card planned).",
        "ship-waiting": "A ship whose sails were struck holds its single planned card until both slots are filled.",
        **ILLEGAL_EVENT,
    }


def _own(ship: SailsShipState) -> dict[str, Any]:
    return ship.ext.setdefault(RULE, {"restart": False, "planned_turn": None, "waiting": None, "held": None})


@hookimpl
def sog_game_setup(game: Game) -> None:
    for ship in game.ships(in_play=False):
        ship.sails = DEFAULT_SAILS
        _own(ship)


# --------------------------------------------------------------------------- set-up


@hookimpl
@acts_at(SETUP)
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    if step.name != SETUP or game.state.turn != 1 or game.state.step_round > 0:
        return []
    return [game.make_request(rule=RULE, kind=DECISION, seat=s.seat, ship=s.id, prompt=f"{s.name}: set the sails",
                              choices=list(SETUP_CHOICES), labels=[f"{c} sails" for c in SETUP_CHOICES])
            for s in game.ships()]


@hookimpl
@acts_at(SETUP, PLANNING)
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    if step.name == SETUP:
        for request, answer in answers:
            if request.rule == RULE and answer != game.ship(request.ship).sails:
                change(game, game.ship(request.ship), answer, "set-up")
    elif step.name == PLANNING:
        for request, answer in answers:
            ship = game.ship(request.ship) if request.ship else None
            if ship is not None and request.kind in PLAN_KINDS and _own(ship)["restart"]:
                _own(ship)["planned_turn"] = game.state.turn
                if request.kind == "plan-first":
                    _own(ship)["waiting"] = answer


def change(game: Game, ship: SailsShipState, sails: str, reason: str) -> None:
    """Set the sails and log it."""
    before, ship.sails = ship.sails, sails
    game.emit("sails-changed", ship=ship.id, before=before, after=sails, reason=reason)


# --------------------------------------------------------------------------- actions


@hookimpl
def sog_available_actions(game: Game, ship: SailsShipState) -> list[str]:
    """Legal now: increase below full sails and the cap set by sail damage; decrease unless struck."""
    index = SAILS.index(ship.sails)
    found = []
    if index > 0 and not faster(SAILS[index - 1], sail_cap(ship)):
        found.append(INCREASE_SAILS)
    if ship.sails != STRUCK:
        found.append(DECREASE_SAILS)
    return found


def increase(game: Game, ship: SailsShipState) -> None:
    """One place left, up to full sails or the cap; struck -> backing restarts planning."""
    index = SAILS.index(ship.sails)
    if index == 0 or faster(SAILS[index - 1], sail_cap(ship)):
        reject(game, ship, INCREASE_SAILS, "the sails are already full" if index == 0 else "sail damage allows no faster sails")
        return
    if ship.sails == STRUCK:
        _own(ship).update(restart=True, planned_turn=None, waiting=None)
    change(game, ship, SAILS[index - 1], "increase")


def decrease(game: Game, ship: SailsShipState) -> None:
    """One place right, down to struck; backing -> struck with one card returns it (p. 32)."""
    index = SAILS.index(ship.sails)
    if ship.sails == STRUCK:
        reject(game, ship, DECREASE_SAILS, "the sails are already struck")
        return
    if ship.sails == BACKING:
        slots = list(ship.planned) + [None, None]
        if SINGLE_CARD_RETURNS and slots[0] is not None and slots[1] is None:
            game.emit("card-returned", ship=ship.id, card=slots[0], reason="struck sails with a single card planned")
            ship.planned[0] = None
        _own(ship).update(restart=False, planned_turn=None, waiting=None)
    change(game, ship, SAILS[index + 1], "decrease")


@hookimpl
@acts_at(ACTIONS)
def sog_step_begin(game: Game, step: Step) -> None:
    if step.name != ACTIONS:
        return
    effects = {INCREASE_SAILS: increase, DECREASE_SAILS: decrease}
    for ship in game.ships():
        for action in SAIL_ORDER:
            if action in ship.actions:
                effects[action](game, ship)


# --------------------------------------------------------------------------- planning and movement


@hookimpl
@acts_on(*PLAN_KINDS)
def sog_legal_choices(game: Game, request: DecisionRequest, choices: list[Any]) -> list[Any] | None:
    """No card with struck sails; one card per turn while restarting."""
    if request.kind not in PLAN_KINDS or request.ship is None:
        return None
    ship = game.ship(request.ship)
    own = _own(ship)
    if ship.sails == STRUCK or (own["restart"] and own["planned_turn"] == game.state.turn):
        return []
    return None


@hookimpl
def sog_modify_movement(game: Game, ship: SailsShipState, move: Move) -> Move | None:
    """The sails' line for blue cards; a restarting ship with one card waits."""
    if move.card is None:
        return None
    own = _own(ship)
    slots = list(ship.planned) + [None, None]
    if own["restart"] and slots[1] is not None:
        own.update(restart=False, planned_turn=None, waiting=None)
    card = ship_deck(game.content, game.ship_doc(ship)).card(move.card)
    if card.kind != "normal":
        return None
    line = SAIL_LINE[ship.sails]
    return None if line == move.line else dataclasses.replace(move, line=line)


@hookimpl(specname="sog_step_begin", tryfirst=True)  # before the veer and movement rules read slot 1
def hold_waiting_card(game: Game, step: Step) -> None:
    """A restarting ship's single card waits face down: out of slot 1 for this movement, so not revealed."""
    if step.name != MOVEMENT:
        return
    for ship in game.ships():
        own, slots = _own(ship), list(ship.planned) + [None, None]
        if own["restart"] and slots[1] is None and slots[0] is not None and slots[0] == own["waiting"]:
            own["held"], ship.planned[0] = slots[0], None
            game.emit("ship-waiting", ship=ship.id, card=own["held"])


@hookimpl
@acts_at(MOVEMENT)
def sog_step_end(game: Game, step: Step) -> None:
    """Put a waiting card back in slot 1 (the movement rule shifted the slots)."""
    if step.name != MOVEMENT:
        return
    for ship in game.ships():
        own = _own(ship)
        if own["held"] is not None:
            ship.planned[0], own["held"] = own["held"], None


@hookimpl
def sog_redact_view(game: Game, seat: str, view: dict[str, Any]) -> None:
    """A waiting or held card is a planned card: secret to other seats."""
    for ship in view["ships"].values():
        own = ship.get("ext", {}).get(RULE)
        if ship["seat"] != seat and own:
            for key in ("waiting", "held"):
                if own.get(key) is not None:
                    own[key] = HIDDEN


@hookimpl
def sog_redact_event(game: Game, seat: str, event: dict[str, Any]) -> None:
    """The card a ship waits with, or returns unexecuted, stays secret to other seats."""
    hide_from_others(game, seat, event, ("ship-waiting", "card-returned"), "card")


@hookimpl
def sog_check_content(library: Any, scenario: Any) -> list[tuple[Any, str, str]]:
    """Every blue card of the decks in play has the line of each sail setting."""
    return [deck_issue(deck, f"/cards/{i}/lines", f"card {card.id!r} has no {line!r} line, which the {RULE} rule "
                       f"moves a normal card on with {', '.join(s for s, l in SAIL_LINE.items() if l == line)} sails")
            for deck in scenario_decks(library, scenario) for i, card in enumerate(deck.cards) if card.kind == "normal"
            for line in dict.fromkeys(SAIL_LINE.values()) if line not in card.lines]
