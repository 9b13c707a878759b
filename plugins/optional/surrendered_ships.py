"""Surrendered ships (rulebook p. 41): a ship that strikes its colours stays on the table as a wreck.

A ship that surrenders leaves play as usual (its side loses it; its damage counters go back
to their pools; flagship and victory rules see it go), but its model stays on the table:

* it executes the maneuver cards it had already planned (Standard and Advanced rules: the
  card in slot 2 when it surrendered), planning none: it *drifts*;
* then it stops for good: a *wreck*, which never moves, fires or acts again;
* while on the table it is an obstacle: ships stop at first contact with it, and it blocks
  the ruler's line of sight;
* Standard and Advanced rules: a drifting ship still inflicts collision damage on friendly
  ships it collides with; a wreck inflicts it on friendly and enemy ships alike.

A ship that surrenders by leaving the table (or sinks, explodes, or surrenders with a fire
or a leak on board: Advanced optional rules) is removed as usual.

The ships on the table out of play are public: ``game.state.ext["surrendered-ships"]``
holds ``drifting`` and ``wrecks`` (ship ids). The rule declares them as the core's
*obstacles* (``sog_table_obstacles``): the movement rule moves them with the ships in play
(a wreck's move is held to "no card") and stops ships against them, the ruler does not cross
them, and no rule offers them as targets. A drifting ship whose model leaves the table gets
the ``left-table`` status from the movement rule; this rule then stops listing it (at once,
and drops it from its lists at the end of the step).

Rulings:

* ``COLLISION_POOL`` (ruling R4, as friendly collisions): the counters of a collision with a
  wreck come from pool A; an enemy ship takes as many as the wreck's burden.
* ``COLLISION_LEVELS``: collision damage exists only with the Standard collision rule (Standard
  and Advanced rules).
* ``WRECK_REASONS`` / ``REMOVED_SPECIAL``: the removals that leave a model on the table, and the
  open special damage (a fire on board, a leak) that makes a surrendered ship's model leave too.
* ``AFLOAT``: a ship with open special damage that a rule keeps from sinking (``sog_can_sink``:
  aground on a shoal) stays on the table as a wreck.
* ``ENEMY_SCOPE``: as for friendly collisions, a ship counts the enemy wrecks of its overlap
  group (the ships whose final bases overlap, directly or through a chain).
"""

from __future__ import annotations

import sys
from typing import Any

from sog import hookimpl
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.system.hooktypes import Move
from sog.plugins.optional.levels import ALL_LEVELS
from sog.plugins.optional.shared import covered
from sog.plugins.system import sails_rule
from sog.plugins.system.state import SailsShipState

NAME = "surrendered-ships"
MOVEMENT = "movement"
SURRENDERED = "surrendered"
#: Where the Advanced special-damage rule counts a ship's fires on board and leaks.
SPECIAL = "special-damage"
#: Ruling R4: the pool of collision counters.
COLLISION_POOL = "A"
#: Ruling: the levels with collision damage.
COLLISION_LEVELS = ("standard", "advanced")
#: Ruling: the removal reasons that leave a model on the table (any other reason — left the
#: table, sunk, exploded — takes it away).
WRECK_REASONS = (SURRENDERED,)
#: Ruling: open special damage (Advanced rules: counts in ``ship.ext["special-damage"]``) that
#: takes a surrendering ship's model off the table: a fire on board or a leak.
REMOVED_SPECIAL = ("fire", "leak")
#: Ruling: a ship that cannot sink stays on the table with a fire or a leak on board.
AFLOAT = "wreck"
#: Ruling: whose wrecks count against a ship that collided.
ENEMY_SCOPE = "group"


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "drifting": "A surrendered ship stays on the table and will execute its last planned card.",
        "wreck": "A surrendered ship stopped for good: a wreck, an obstacle on the table.",
        "wreck-collision": "A ship collided with an enemy wreck and drew counters equal to the wrecks' burden.",
    }


def _own(game: Game) -> dict[str, Any]:
    return game.state.ext.setdefault(NAME, {"drifting": [], "wrecks": []})


def on_table(game: Game) -> list[str]:
    """Ids of the surrendered ships still on the table (drifting, then wrecks).

    A listed ship whose model has left the table since (its status is no longer one of
    ``WRECK_REASONS``) is not on it.
    """
    own = game.state.ext.get(NAME, {})
    return [s for s in (*own.get("drifting", []), *own.get("wrecks", [])) if game.ship(s).status in WRECK_REASONS]


def _prune(game: Game) -> None:
    """Drop the listed ships whose model has left the table (e.g. drifted off an edge)."""
    own = game.state.ext.get(NAME)
    if not own:
        return
    for key in ("drifting", "wrecks"):
        own[key] = [s for s in own[key] if game.ship(s).status in WRECK_REASONS]


@hookimpl
def sog_table_obstacles(game: Game) -> list[str]:
    """The drifting ships and the wrecks: obstacles on the table, never targets."""
    return on_table(game)


def _leaves_table(game: Game, ship: SailsShipState, reason: str) -> bool:
    if reason not in WRECK_REASONS:
        return True
    special = ship.ext.get(SPECIAL, {})
    if not any(int(special.get(key, 0)) > 0 for key in REMOVED_SPECIAL):
        return False
    return game.hook.sog_can_sink(game=game, ship=ship) is not False  # ruling AFLOAT


def _become_wreck(game: Game, ship: SailsShipState) -> None:
    own = _own(game)
    if ship.id in own["drifting"]:
        own["drifting"].remove(ship.id)
    own["wrecks"].append(ship.id)
    game.emit("wreck", ship=ship.id, pose=ship.pose.model_dump())


@hookimpl
def sog_ship_removed(game: Game, ship: SailsShipState, reason: str) -> None:
    own = _own(game)
    if _leaves_table(game, ship, reason):
        return
    if any(card is not None for card in ship.planned):
        own["drifting"].append(ship.id)
        game.emit("drifting", ship=ship.id, cards=sum(card is not None for card in ship.planned))
    else:
        _become_wreck(game, ship)


@hookimpl
def sog_modify_movement(game: Game, ship: SailsShipState, move: Move) -> Move | None:
    """A wreck never moves; a drifting ship executes its planned card."""
    if ship.id in game.state.ext.get(NAME, {}).get("wrecks", []) and move.card is not None:
        return Move(ship=move.ship, card=None, line=None, colour=None, start=move.start, attitude=move.attitude)
    return None


@hookimpl
def sog_movement_overlaps(game: Game, groups: list[list[str]]) -> None:
    """Note the overlap groups holding a wreck: enemies in them take collision damage."""
    wrecks = set(game.state.ext.get(NAME, {}).get("wrecks", []))
    if game.state.level in COLLISION_LEVELS and wrecks:
        found = [{"ships": g, "wrecks": [s for s in g if s in wrecks]} for g in groups if wrecks & set(g)]
        _own(game).setdefault("groups", []).extend(found)


@hookimpl
def sog_step_end(game: Game, step: Step) -> None:
    """Models gone from the table are dropped; movement: drifted ships become wrecks; wreck collisions."""
    _prune(game)
    if step.name != MOVEMENT:
        return
    own = _own(game)
    for ship_id in list(own["drifting"]):
        ship = game.ship(ship_id)
        if all(card is None for card in ship.planned):
            _become_wreck(game, ship)
    _wreck_collisions(game, own.pop("groups", []))


def _wreck_collisions(game: Game, groups: list[dict[str, list[str]]]) -> None:
    """Each ship in play that overlapped enemy wrecks draws counters equal to their burden."""
    damaged = []
    for group in groups:
        for ship_id in group["ships"]:
            ship = game.ship(ship_id)
            hit = [w for w in group["wrecks"] if game.ship(w).side != ship.side]
            if not ship.in_play or not hit:
                continue
            burden = sum(int(game.ship_doc(game.ship(w)).burden) for w in hit)
            counters = game.draw(COLLISION_POOL, burden)
            game.emit("wreck-collision", ship=ship_id, wrecks=hit, pool=COLLISION_POOL, counters=[c.label() for c in counters])
            game.hook.sog_apply_damage(game=game, ship=ship, counters=counters, attacks=[])
            damaged.append(ship)
    for ship in damaged:
        if ship.in_play and (covered(ship.ship_track) or covered(ship.crew_track)):
            game.remove_ship(ship.id, SURRENDERED, cause="wreck-collision")


RULE = sails_rule(NAME, "A surrendered ship stays on the table: it drifts through its planned cards, then is a wreck "
            "that blocks movement and line of sight.",
            ALL_LEVELS, sys.modules[__name__], kind="option", pages="rulebook p. 41")
