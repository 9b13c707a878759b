"""Entanglement (rulebook p. 35): ships whose bases touch may foul each other's rigging.

At the beginning of every planning step, before any card is planned:

1. each entangled pair draws the randomizer (ruling R8): a crew symbol frees the two ships,
   a "0" keeps them entangled;
2. each pair of ships whose bases are in contact, and not entangled, draws the randomizer: a
   crew symbol entangles them (an entanglement counter is placed between them), a "0" does
   nothing. Every pair in contact is checked on its own, friend or foe.

An entangled ship does not move:

* Basic rules: it plans no maneuver card (its ``plan`` request is withdrawn) until freed;
* Standard and Advanced rules: its revealed card is discarded without effect (the move
  becomes "no card"), but it still plans the card for the next turn, which it executes if
  it is freed in the meantime.

The pairs are public: ``game.state.ext["entanglement"]["pairs"]`` (ship ids in scenario
order). A pair ends when one of its ships leaves play.

Rulings:

* ``CONTACT``: bases are in contact when their edges are at most
  :data:`sog.plugins.optional.shared.CONTACT_TOLERANCE` (0.5 mm) apart.
* ``FREED_NOT_RECHECKED``: a pair freed at the start of this planning step is not checked
  again for entanglement in the same step (the draw just said its rigging came free).
* ``ORDER``: pairs are drawn in scenario order (first ship, then second).
"""

from __future__ import annotations

import dataclasses
import sys
from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at, acts_on
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.system.hooktypes import Move
from sog.plugins.optional.levels import ALL_LEVELS
from sog.plugins.optional.shared import CONTACT_TOLERANCE, in_contact, randomizer
from sog.plugins.system import sails_rule
from sog.plugins.system.state import SailsShipState

NAME = "entanglement"
PLANNING = "planning"
#: Ruling: base contact is an edge distance of at most this many mm.
CONTACT = CONTACT_TOLERANCE
#: Ruling: a pair freed this planning step is not checked again in it.
FREED_NOT_RECHECKED = True
#: Ruling: the order of the draws.
ORDER = "scenario"


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "entanglement-check": "Two ships in base contact drew the randomizer: entangled or not.",
        "disentanglement-check": "An entangled pair drew the randomizer: freed or still entangled.",
        "entangled-held": "An entangled ship does not move; its revealed card is discarded.",
    }


def pairs(game: Game) -> list[list[str]]:
    """The entangled pairs, each in scenario order (a live list in the state)."""
    return game.state.ext.setdefault(NAME, {}).setdefault("pairs", [])


def entangled(game: Game, ship_id: str) -> bool:
    """Is the ship entangled with any other?"""
    return any(ship_id in pair for pair in game.state.ext.get(NAME, {}).get("pairs", []))


def _disentangle(game: Game) -> set[frozenset[str]]:
    """Draw for every entangled pair; drop the freed pairs and those with a ship out of play."""
    freed: set[frozenset[str]] = set()
    kept = []
    for a, b in pairs(game):
        if not (game.ship(a).in_play and game.ship(b).in_play):
            continue
        happens, counter = randomizer(game)
        game.emit("disentanglement-check", ships=[a, b], counter=counter, freed=happens)
        if happens:
            freed.add(frozenset((a, b)))
        else:
            kept.append([a, b])
    pairs(game)[:] = kept
    return freed


def _entangle(game: Game, freed: set[frozenset[str]]) -> None:
    """Draw for every pair of ships in contact that is not entangled yet."""
    ships = game.ships()
    current = {frozenset(p) for p in pairs(game)}
    for i, a in enumerate(ships):
        for b in ships[i + 1:]:
            key = frozenset((a.id, b.id))
            if key in current or (FREED_NOT_RECHECKED and key in freed) or not in_contact(game, a, b):
                continue
            happens, counter = randomizer(game)
            game.emit("entanglement-check", ships=[a.id, b.id], counter=counter, entangled=happens)
            if happens:
                pairs(game).append([a.id, b.id])


@hookimpl
@acts_at(PLANNING)
def sog_step_begin(game: Game, step: Step) -> None:
    """At the beginning of planning: disentangle, then entangle (before any card is planned)."""
    if step.name != PLANNING:
        return
    freed = _disentangle(game)
    _entangle(game, freed)


@hookimpl
@acts_on("plan")
def sog_legal_choices(game: Game, request: DecisionRequest, choices: list[Any]) -> list[Any] | None:
    """Basic rules: an entangled ship plans no maneuver card (the request is withdrawn)."""
    if game.state.level == "basic" and request.kind == "plan" and request.ship and entangled(game, request.ship):
        return []
    return None


@hookimpl
def sog_modify_movement(game: Game, ship: SailsShipState, move: Move) -> Move | None:
    """An entangled ship does not move: its revealed card is discarded."""
    if not entangled(game, ship.id) or move.card is None:
        return None
    game.emit("entangled-held", ship=ship.id, card=move.card)
    return dataclasses.replace(move, card=None, line=None, colour=None)


RULE = sails_rule(NAME, "Ships in base contact may become entangled (randomizer) and cannot move until a later draw frees them.",
            ALL_LEVELS, sys.modules[__name__], kind="option", pages="rulebook p. 35")
