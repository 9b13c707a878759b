"""Let the Men Drink! (rulebook p. 34): a grog ration once per game raises a crew's morale.

Each ship has one grog counter for the whole game. Using it takes one crew damage token off
the ship's crew track and lays it in the "0" box, which gives back the crew values of that
box. It may be used only when no enemy ship is within the first half of the ruler (measured
base edge to base edge, in any direction).

* Basic and Standard rules: in the planning step each ship that may still drink is asked
  (decision ``grog``, yes or no, with its other planning choices); the effect is immediate.
* Advanced rules: grog is an action counter of the ship's set (given at set-up), which may
  be planned any turn until it is drunk, legal or not (p. 29). ``sog_available_actions``
  says when it could take effect now (the planning hint); at the end of the action step a
  revealed grog takes effect if the ship may drink then, and the counter is spent; else it
  has no effect (``action-illegal``) and stays for a later turn.

The counter's use is public (``ship.ext["grog"]["used"]``, the turn it was drunk).

Rulings:

* ``DISTANCE``: "within the first half of the ruler" is half the combat ruler's length,
  edge to edge in any direction (like musketry's reach, ruling R1).
* ``NEEDS_A_TOKEN``: grog is offered only to a ship with a crew damage token to take away
  (drinking to no effect would only waste the counter).
* ``TOKEN_TAKEN``: the token taken is the rightmost on the crew track (see
  :func:`sog.plugins.optional.shared.remove_crew_token`).
* ``ADVANCED_DISTANCE_CHECK``: with Advanced rules the distance and the crew token are
  checked when the revealed action takes effect (end of the action step), as every action's
  legality is (p. 29).
"""

from __future__ import annotations

import sys
from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.advanced.mat import give_counters, reject, take_counter
from sog.plugins.optional.levels import ALL_LEVELS
from sog.plugins.optional.shared import crew_tokens, enemy_within, remove_crew_token
from sog.plugins.system import sails_rule
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.tabletop import ruler_of

NAME = "grog"
PLANNING = "planning"
#: The Advanced rules' action step, and the action counter's name there.
ACTIONS = "actions"
ACTION = "grog"
#: Ruling: the enemy-free distance is the first half of the combat ruler, edge to edge.
DISTANCE = "ruler.half"
#: Ruling: grog is offered only when a crew token lies on the crew track.
NEEDS_A_TOKEN = True
#: Ruling: the rightmost crew token is the one moved to the "0" box.
TOKEN_TAKEN = "rightmost"
#: Ruling: with Advanced rules the distance is checked when the revealed action takes effect.
ADVANCED_DISTANCE_CHECK = "effect"
#: The Advanced rules that own the action counters.
CREW_ACTIONS = "crew-actions"


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return {NAME: "Let the men drink their grog now (true) or keep it (false); once per game."}


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {NAME: "A ship's crew drank its grog: one crew damage token went from the crew track to the 0 box."}


def used(ship: SailsShipState) -> bool:
    """Has the ship drunk its grog already?"""
    return ship.ext.get(NAME, {}).get("used") is not None


def enemy_near(game: Game, ship: SailsShipState) -> bool:
    """Is an enemy base within the first half of the ruler of this ship's base?"""
    return enemy_within(game, ship, ruler_of(game).half)


def may_drink(game: Game, ship: SailsShipState) -> bool:
    """May the ship use its grog now: unused, a crew token to take, no enemy near?"""
    return (ship.in_play and not used(ship) and (crew_tokens(ship) > 0 or not NEEDS_A_TOKEN)
            and not enemy_near(game, ship))


def drink(game: Game, ship: SailsShipState) -> None:
    """Use the ship's grog: take a crew token to the 0 box and mark the counter used."""
    token = remove_crew_token(ship)
    ship.ext.setdefault(NAME, {})["used"] = game.state.turn
    game.emit(NAME, ship=ship.id, token=token)


@hookimpl
@acts_at(PLANNING)
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    if step.name != PLANNING or game.state.step_round > 0 or game.state.level == "advanced":
        return []
    return [
        game.make_request(rule=NAME, kind=NAME, seat=ship.seat, ship=ship.id,
                          prompt=f"{ship.name}: let the men drink (grog, once per game)?",
                          choices=[False, True], labels=["keep the grog", "let the men drink"])
        for ship in game.ships() if may_drink(game, ship)
    ]


@hookimpl
@acts_at(PLANNING)
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    if step.name != PLANNING:
        return
    for request, answer in answers:
        if request.rule == NAME and answer is True:
            drink(game, game.ship(request.ship))


@hookimpl
def sog_available_actions(game: Game, ship: SailsShipState) -> list[str]:
    """Advanced rules: the grog action while the ship may drink (ruling ADVANCED_DISTANCE_CHECK)."""
    return [ACTION] if game.state.level == "advanced" and may_drink(game, ship) else []


@hookimpl
def sog_game_setup(game: Game) -> None:
    """Advanced rules: each ship's mat gets its grog counter."""
    if game.rule_on(CREW_ACTIONS):
        for ship in game.ships():
            give_counters(ship, [ACTION])


@hookimpl
@acts_at(ACTIONS)
def sog_step_end(game: Game, step: Step) -> None:
    """Advanced rules: a revealed grog action takes effect if the ship may drink now (once per game)."""
    if step.name != ACTIONS:
        return
    for ship in game.ships():
        if ACTION not in ship.actions:
            continue
        if may_drink(game, ship):
            drink(game, ship)
            take_counter(ship, ACTION)
        else:
            reason = ("the grog is drunk already" if used(ship) else "an enemy is within half the ruler"
                      if enemy_near(game, ship) else "no crew damage token to take away")
            reject(game, ship, ACTION, reason)


RULE = sails_rule(NAME, "Once per game a ship with no enemy within half a ruler moves a crew damage token to its 0 box "
            "(planning; an action with Advanced rules).",
            ALL_LEVELS, sys.modules[__name__], kind="option", pages="rulebook p. 34")
