"""Spreading fires (rulebook p. 41): set an enemy alongside on fire, and the flames may leap across.

A broadside fired at an enemy ship whose base touches the firing ship's that starts a fire
aboard the enemy (a fire counter it dealt) starts a fire aboard the firing ship too: one
more fire on board for each fire counter of that broadside (event ``fire-spread``). Fires
started by other ships' fire, and fires already burning, do not spread.

Buckets of water: a ship may plan its Extinguish Fire action *on the enemy* (action
``extinguish-fire-enemy``, below). Then a fire her broadsides deal to an enemy in base
contact does not start at all: neither aboard the enemy nor aboard her (event
``fire-prevented``; the fire counters still count their points).

Rulings:

* ``ON_ENEMY``: the ship mat has one Extinguish Fire counter; planning it "on the enemy" is
  its own choice in the crew-actions planning, ``extinguish-fire-enemy``, shown as such when
  the counters are revealed — the text's declaration at the reveal, fixed when the counter
  is planned. It takes one crew action, acts only this turn (not delayed) and on every enemy
  in base contact its broadsides hit. It cannot be planned with the Extinguish Fire action,
  nor while that counter is delayed or at work (the same counter).
* ``OFFERED``: the action could take effect while an enemy base lies within half the ruler
  (ships may come into base contact during this turn's movement): the planning hint. It may
  be planned any time the Extinguish Fire counter is free (p. 29); revealed with no enemy
  that near, it has no effect (``action-illegal``).
* ``SPREAD_PER``: one fire spreads per fire counter of the broadside.
* ``CONTACT``: base contact is read in the damage step, where the ships stand as they fired
  (:data:`sog.plugins.optional.shared.CONTACT_TOLERANCE`).
* ``WHEN``: the fires are added or prevented as each target's counters are placed (a wrapper
  around ``sog_apply_damage``), before any ship surrenders to this turn's damage, so the
  Surrendered Ships option sees the right fires on board.
"""

from __future__ import annotations

import sys
from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at, acts_on
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.system.hooktypes import Attack
from sog.plugins.advanced.mat import EXTINGUISH_FIRE, counters as action_counters, give_counters, in_use, reject, special
from sog.plugins.optional.levels import ADVANCED_ONLY
from sog.plugins.optional.shared import enemy_within, in_contact
from sog.plugins.optional.volleys import volleys
from sog.plugins.system import sails_rule
from sog.state import Counter
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.tabletop import ruler_of

NAME = "spreading-fires"
DAMAGE = "damage"
FIRE = "fire"
#: Ruling ON_ENEMY: the action counter planned on the enemy.
ON_ENEMY = "extinguish-fire-enemy"
#: Ruling: the action is offered with an enemy within this fraction of the ruler.
OFFERED = 0.5
#: Ruling: fires spread per fire counter of the broadside.
SPREAD_PER = "fire counter"
#: Ruling: when base contact is read.
CONTACT = "damage step"
#: Ruling: when fires are added or prevented.
WHEN = "as the target's counters are placed"
ACTION_KIND = "action"
ACTIONS = "actions"


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "fire-spread": "A broadside set an enemy in base contact on fire: the fire spread to the firing ship.",
        "fire-prevented": "A ship throwing water on the enemy set it on fire: the fire started on neither ship.",
    }


def _enemy_near(game: Game, ship: SailsShipState) -> bool:
    return enemy_within(game, ship, ruler_of(game).length * OFFERED)


@hookimpl
def sog_game_setup(game: Game) -> None:
    """Every ship may plan its Extinguish Fire counter on the enemy."""
    for ship in game.ships():
        give_counters(ship, [ON_ENEMY])


@hookimpl
def sog_available_actions(game: Game, ship: SailsShipState) -> list[str]:
    """Extinguish Fire on the enemy could act now: an enemy near and the counter free."""
    return [ON_ENEMY] if EXTINGUISH_FIRE not in in_use(ship) and _enemy_near(game, ship) else []


@hookimpl
@acts_at(ACTIONS)
def sog_step_end(game: Game, step: Step) -> None:
    """Revealed on the enemy with no enemy near: no effect."""
    if step.name != ACTIONS:
        return
    for ship in game.ships():
        if ON_ENEMY in ship.actions and not _enemy_near(game, ship):
            reject(game, ship, ON_ENEMY, "no enemy within half the ruler")


@hookimpl
@acts_on(ACTION_KIND)
def sog_legal_choices(game: Game, request: DecisionRequest, choices: list[Any]) -> list[Any] | None:
    """One Extinguish Fire counter: on the own ship or on the enemy, not both, and not while it is in use."""
    if request.kind != ACTION_KIND or request.ship is None:
        return None
    ship = game.ship(request.ship)
    planned = action_counters(ship)["planned"]
    barred = {ON_ENEMY} if EXTINGUISH_FIRE in planned or EXTINGUISH_FIRE in in_use(ship) else {EXTINGUISH_FIRE} if ON_ENEMY in planned else set()
    kept = [c for c in choices if c not in barred]
    return None if kept == choices else kept


def fire_counters(labels: list[str]) -> int:
    """How many of these counters show a fire symbol (``B2+fire``, ``C:fire``)."""
    return sum(label.endswith((f"+{FIRE}", f":{FIRE}")) for label in labels)


@hookimpl(wrapper=True)
def sog_apply_damage(game: Game, ship: SailsShipState, counters: list[Counter], attacks: list[Attack]) -> Any:
    """After a target's counters are placed: spread or prevent the fires of broadsides in contact."""
    result = yield
    step = game.step
    if step is None or step.name != DAMAGE:
        return result
    for (attacker_id, side), volley in volleys(game).items():
        attacker = game.ship(attacker_id)
        fires = fire_counters(volley["counters"])
        if volley["target"] != ship.id or not fires or attacker.side == ship.side or not in_contact(game, attacker, ship):
            continue
        if ON_ENEMY in attacker.actions:
            box = special(ship)
            put_out = min(fires, box[FIRE])
            box[FIRE] -= put_out
            game.emit("fire-prevented", ship=attacker_id, side=side, target=ship.id, fires=put_out)
        elif attacker.in_play:
            special(attacker)[FIRE] += fires
            game.emit("fire-spread", ship=attacker_id, side=side, target=ship.id, fires=fires)
    return result


RULE = sails_rule(NAME, "A broadside that sets an enemy in base contact on fire sets the firing ship on fire too, unless it "
            "throws water on the enemy (Extinguish Fire planned on the enemy): then neither burns.",
            ADVANCED_ONLY, sys.modules[__name__], kind="option", requires=("special-damage",), pages="rulebook p. 41")
