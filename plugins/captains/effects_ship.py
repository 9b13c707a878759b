"""Seamanship abilities: the effects of ability cards that change how a ship sails or mends.

* ``wet-sails`` {}, before movement: this turn the ship's move uses the green end of its
  card's line where it would use the orange one (``sog_modify_movement``): wetted sails
  draw as well close-hauled or running as reaching.
* ``repair-damage`` {count 1..2}, at the end of the turn: when counters lie on the ship
  track, the last-placed ``count`` of them go back to their pools.

What an effect keeps for the rest of the turn is in ``ship.ext["seamanship-abilities"]``
(public), cleared at the end of the turn.

Rulings:

* ``WET_SAILS_USABLE``: wet sails are offered to a ship with a card planned whose attitude
  gives the orange arrow (not reaching); a red card (no colour) is left as it is.
* ``LAST_PLACED``: the last-placed counter is the last one in the rightmost box of the ship
  track holding counters; a box left with nothing in it is taken out and the later boxes
  shift left (so no empty box lies between covered ones, as with the Advanced repairs), and
  a box is full again only while its counters add up to the ship's burden.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from sog import hookimpl
from sog.game import Game
from sog.plugins.system.content_captains import Ability
from sog.plugins.system.hooktypes import AbilityEffect, AbilityOption, Move
from sog.plugins.system.state import Box, SailsShipState
from sog.plugins.system.tabletop import attitude_of
from sog.state import Counter

from . import cards

NAME = "seamanship-abilities"
WET_SAILS, REPAIR = "wet-sails", "repair-damage"
#: The attitude whose arrow is green; every other normal attitude uses the orange one.
GREEN_ATTITUDE = "reaching"
#: Ruling: wet sails are offered with a planned card and an attitude that would use orange.
WET_SAILS_USABLE = "a planned card, not reaching"
#: Ruling: the last-placed counters: the rightmost box holding counters, its last one first.
LAST_PLACED = "rightmost box, last counter; an emptied box shifts out"

EFFECTS = [
    AbilityEffect(WET_SAILS, "This turn the ship moves to the green end of its card's line instead of the orange one.",
                  ("before-movement",), {"type": "object", "additionalProperties": False}),
    AbilityEffect(REPAIR, "The last-placed counters of the ship track go back to their pools.", ("end-of-turn",), {
        "type": "object", "additionalProperties": False, "required": ["count"],
        "properties": {"count": {"type": "integer", "minimum": 1, "maximum": 2}},
    }),
]
MINE = {effect.name for effect in EFFECTS}


@hookimpl
def sog_rule_idle(game: Game) -> bool:
    """Idle when no ship carries a captain or a crew card (they are attached at set-up)."""
    return not cards.carries_anything(game)


@hookimpl
def sog_ability_effects() -> list[AbilityEffect]:
    return list(EFFECTS)


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {"damage-repaired": "An ability took the last-placed counters off a ship track, back to their pools."}


def _has_counters(ship: SailsShipState) -> bool:
    return any(box.counters for box in ship.ship_track)


@hookimpl
def sog_ability_options(game: Game, ship: SailsShipState, ability: Ability) -> list[AbilityOption] | None:
    if ability.effect not in MINE:
        return None
    if ability.effect == WET_SAILS:
        usable = bool(ship.planned) and ship.planned[0] is not None and attitude_of(game, ship) != GREEN_ATTITUDE
    else:
        usable = _has_counters(ship)
    return [AbilityOption()] if usable else []


def take_last(track: list[Box], burden: int) -> Counter | None:
    """Take the last-placed counter off a ship track (ruling ``LAST_PLACED``)."""
    index = next((i for i in reversed(range(len(track))) if track[i].counters), None)
    if index is None:
        return None
    box = track[index]
    counter = box.counters.pop()
    box.full = bool(box.markers) or sum(c.value or 0 for c in box.counters) >= burden
    if not box.covered:
        track.append(track.pop(index))
    return counter


@hookimpl
def sog_ability_used(game: Game, ship: SailsShipState, ability: Ability, choice: Any) -> None:
    if ability.effect == WET_SAILS:
        ship.ext.setdefault(NAME, {})[WET_SAILS] = True
    elif ability.effect == REPAIR:
        burden = game.ship_doc(ship).burden
        taken = [c for c in (take_last(ship.ship_track, burden) for _ in range(ability.params["count"])) if c is not None]
        game.pools.put_back(taken)
        game.emit("damage-repaired", ship=ship.id, ability=ability.id, counters=[c.label() for c in taken],
                  ship_track=[[c.label() for c in box.counters] + list(box.markers) for box in ship.ship_track])


@hookimpl
def sog_modify_movement(game: Game, ship: SailsShipState, move: Move) -> Move | None:
    if move.colour == "orange" and ship.ext.get(NAME, {}).get(WET_SAILS):
        return dataclasses.replace(move, colour="green")
    return None


@hookimpl
def sog_turn_end(game: Game) -> None:
    """What the effects kept for this turn is over."""
    for ship in game.state.ships.values():
        ship.ext.pop(NAME, None)


@hookimpl
def sog_narrate(game: Game, event: dict[str, Any]) -> str | None:
    if event["kind"] != "damage-repaired":
        return None
    d = event["data"]
    return f"  {game.state.ships[d['ship']].name} repairs {' '.join(d['counters'])}: back to their pools"
