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
* ``OVERLAP_SCOPE``: "the other ships overlapping it" is read on the overlap groups the
  movement rule reports (ships overlapping directly or through a chain). A ship counts the
  burden of every other ship of its side in its group; with two friendly ships — the usual
  case — that is exactly the text. The hook gives no final poses, so a chain such as
  friend-enemy-friend counts the far friend too. (:func:`collision_damage` already takes
  the directly overlapping pairs, for when the movement rule reports them.)
* ``DAMAGE_TIMING``: the counters are drawn and placed at the end of the movement step,
  after every ship has moved; a ship that left the table meanwhile takes none.
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.game import Game
from sog.hooktypes import Step
from sog.state import Box

RULE = "friendly-collisions"
MOVEMENT = "movement"
#: Ruling R4: the pool the collision counters are drawn from.
COLLISION_POOL = "A"
#: Ruling: whose burden counts (see the module docstring).
OVERLAP_SCOPE = "group"
#: Ruling: when the counters are drawn and placed.
DAMAGE_TIMING = "end of movement"


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {"friendly-collision": "Friendly ships collided: a ship, the friends it hit, and the counters it drew."}


def collision_damage(game: Game, groups: list[list[str]], pairs: list[tuple[str, str]] | None = None) -> list[dict[str, Any]]:
    """``{"ship", "others", "counters"}`` for every ship that collided with friends.

    With ``pairs`` (the ships whose final bases overlap directly) a ship counts the friends it
    overlaps, exactly as the text says; without them, every other friend of its overlap group
    (ruling ``OVERLAP_SCOPE``).
    """
    direct = None if pairs is None else {frozenset(p) for p in pairs}
    found = []
    for group in groups:
        for ship_id in group:
            side = game.ship(ship_id).side
            friends = [o for o in group if o != ship_id and game.ship(o).side == side
                       and (direct is None or frozenset((ship_id, o)) in direct)]
            if friends:
                burden = sum(int(game.ship_doc(game.ship(o)).burden) for o in friends)
                found.append({"ship": ship_id, "others": friends, "counters": burden})
    return found


@hookimpl
def sog_movement_overlaps(game: Game, groups: list[list[str]]) -> None:
    """Note the friendly collisions; they are resolved at the end of movement."""
    pending = collision_damage(game, groups)
    if pending:
        game.state.ext.setdefault(RULE, {}).setdefault("pending", []).extend(pending)


def _covered(track: list[Box]) -> bool:
    return all(box.covered for box in track)


@hookimpl
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
        if ship.in_play and (_covered(ship.ship_track) or _covered(ship.crew_track)):
            game.remove_ship(ship.id, "surrendered")
