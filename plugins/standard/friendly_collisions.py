"""Collisions between friendly ships (rulebook p. 25): ships of one side that overlap damage each other.

A collision is an overlap of final positions during movement (p. 12: the movement rule
moves such ships one at a time, stopping them at first contact). When the ships involved
belong to the same side, each takes as many damage counters as the total burden of the
other friendly ships overlapping it. Counters are drawn with :meth:`Game.draw` and placed
by the damage rule (``sog_apply_damage``); a ship whose ship or crew track is then wholly
covered surrenders, as after combat.

Rulings:

* R4 (``COLLISION_POOL``): the counters come from pool A (long-range counters); the text
  does not say which.
* ``OVERLAP_SCOPE``: "the other ships overlapping it" are the friendly ships whose final
  base overlaps its own directly (the pairs the movement rule reports); in a chain such as
  friend-enemy-friend the far friend does not count.
* ``DAMAGE_TIMING``: the counters are drawn and placed at the end of the movement step,
  after every ship has moved; a ship that left the table meanwhile takes none.
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.system.state import track_covered

RULE = "friendly-collisions"
MOVEMENT = "movement"
#: Ruling R4: the pool the collision counters are drawn from.
COLLISION_POOL = "A"
#: Ruling: whose burden counts (see the module docstring).
OVERLAP_SCOPE = "direct"
#: Ruling: when the counters are drawn and placed.
DAMAGE_TIMING = "end of movement"


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {"friendly-collision": "Friendly ships collided: a ship, the friends it hit, and the counters it drew."}


def collision_damage(game: Game, groups: list[list[str]], pairs: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """``{"ship", "others", "counters"}`` for every ship that collided with friends.

    A ship counts the friends whose final bases overlap its own directly (``pairs``; ruling
    ``OVERLAP_SCOPE``).
    """
    direct = {frozenset(p) for p in pairs}
    found = []
    for group in groups:
        for ship_id in group:
            side = game.ship(ship_id).side
            friends = [o for o in group if o != ship_id and game.ship(o).side == side
                       and frozenset((ship_id, o)) in direct]
            if friends:
                burden = sum(int(game.ship_doc(game.ship(o)).burden) for o in friends)
                found.append({"ship": ship_id, "others": friends, "counters": burden})
    return found


@hookimpl
def sog_movement_overlaps(game: Game, groups: list[list[str]], pairs: list[tuple[str, str]]) -> None:
    """Note the friendly collisions; they are resolved at the end of movement."""
    pending = collision_damage(game, groups, pairs)
    if pending:
        game.state.ext.setdefault(RULE, {}).setdefault("pending", []).extend(pending)


@hookimpl
@acts_at(MOVEMENT)
def sog_step_end(game: Game, step: Step) -> None:
    if step.name != MOVEMENT:
        return
    pending = game.state.ext.get(RULE, {}).pop("pending", [])
    damaged = []
    for entry in pending:
        ship = game.ship(entry["ship"])
        if not ship.in_play:
            continue
        counters = game.draw(COLLISION_POOL, entry["counters"])
        game.emit("friendly-collision", ship=ship.id, others=entry["others"], pool=COLLISION_POOL,
                  counters=[c.label() for c in counters])
        game.hook.sog_apply_damage(game=game, ship=ship, counters=counters, attacks=[])
        damaged.append(ship)
    for ship in damaged:
        if ship.in_play and (track_covered(ship.ship_track) or track_covered(ship.crew_track)):
            game.remove_ship(ship.id, "surrendered")
