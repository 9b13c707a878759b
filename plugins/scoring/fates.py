"""What befell each ship, for the victory kinds of *Force the Blockade* (p. 53) and *Sitting
Ducks* (p. 57) and the match of two blockade games: a record written when a ship leaves play,
the boxes of its ship log that are filled, and the checks of a kind's params.

When a ship leaves play the damage rule puts its counters back in their pools, so its log is
read first (``tryfirst``) and kept in the public state, ``game.state.ext[owner]["removed"]
[ship_id]``: ``{"status", "edge", "filled", "boxes"}``.

Rulings:

* ``FILLED_BOX``: a box of the ship or crew track is filled (damaged) when anything lies in it
  (a counter or a special-damage marker, the state's ``Box.covered``); a ship's damage boxes
  are the boxes of both tracks.
* ``ELIMINATED``: a ship is eliminated when it left play for any reason but leaving the table
  (surrendered, sunk, blown up, struck).
* ``EXIT_EDGE``: the edge a ship left by is the table edge nearest its base centre (as the
  victory points' ruling of that name, :func:`sog.plugins.scoring.points.exit_edge`).
"""

from __future__ import annotations

from typing import Any

import jsonschema

from sog.game import Game
from sog.packs.fields import thaw

from .points import EXITED, exit_edge

__all__ = ["EDGES", "ELIMINATED", "FILLED_BOX", "SIDE", "boxes", "damage_of", "eliminated", "filled", "params_issues",
           "record_removal", "removal"]

FILLED_BOX = "anything in the box, both tracks"
"""Ruling: a filled (damaged) box holds a counter or a marker; both tracks count."""
ELIMINATED = "out of play by any status but left-table"
"""Ruling: which ships are eliminated."""
EDGES = ("north", "south", "east", "west")
SIDE = {"type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$", "description": "A side of the scenario."}


def boxes(ship: Any) -> int:
    """The damage boxes of a ship: both tracks."""
    return len(ship.ship_track) + len(ship.crew_track)


def filled(ship: Any) -> int:
    """The filled boxes of a ship in play (ruling ``FILLED_BOX``)."""
    return sum(1 for box in (*ship.ship_track, *ship.crew_track) if box.covered)


def record_removal(game: Game, owner: str, ship: Any) -> None:
    """Keep what a ship leaving play was: its status, the edge it left by, its filled boxes."""
    own = game.state.ext.setdefault(owner, {})
    own.setdefault("removed", {})[ship.id] = {
        "status": ship.status, "edge": exit_edge(game, ship) if ship.status == EXITED else None,
        "filled": filled(ship), "boxes": boxes(ship)}


def removal(game: Game, owner: str, ship_id: str) -> dict[str, Any] | None:
    """The record of a ship that left play (``None`` for a ship in play)."""
    return game.state.ext.get(owner, {}).get("removed", {}).get(ship_id)


def eliminated(ship: Any) -> bool:
    """Whether the ship is out of play by any status but leaving the table (ruling ``ELIMINATED``)."""
    return not ship.in_play and ship.status != EXITED


def damage_of(game: Game, owner: str, ship: Any) -> int:
    """The filled boxes of a ship, in play (now) or not (when it left)."""
    if ship.in_play:
        return filled(ship)
    record = removal(game, owner, ship.id)
    return int(record["filled"]) if record else 0


def params_issues(scenario: Any, schema: dict[str, Any], kind: str, side_keys: tuple[str, ...]) -> list[tuple[Any, str, str]]:
    """``(scenario, pointer, message)`` issues of the victory params: the schema, the sides named
    (``side_keys``) being the scenario's, and two sides in all."""
    params = thaw(scenario.victory.params)
    validator = jsonschema.Draft202012Validator(schema)
    issues = []
    for error in sorted(validator.iter_errors(params), key=lambda e: (list(map(str, e.absolute_path)), e.message)):
        at = "".join(f"/{part}" for part in error.absolute_path)
        issues.append((scenario, f"/victory/params{at}", f"{kind} params: {error.message}"))
    if issues:
        return issues
    sides = [s.id for s in scenario.sides]
    for key in side_keys:
        if params[key] not in sides:
            issues.append((scenario, f"/victory/params/{key}", f"no side {params[key]!r} in the scenario ({', '.join(sides)})"))
    if len(sides) != 2:
        issues.append((scenario, "/sides", f"the {kind} victory needs two sides, not {len(sides)}"))
    return issues
