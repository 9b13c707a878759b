"""Terrain elements (rulebook pp. 43-46): reefs, shoals, coasts and islands on the table.

The content model of an element and of its placement is the system's
(:mod:`sog.plugins.system.content_terrain`), and so is the placed terrain of a game
(:mod:`sog.plugins.system.terrain_table`: ``game.state.ext["terrain"]``, read as world
polygons) and the line of sight across land (:mod:`sog.plugins.system.geometry.sight`, read by
the fire geometry). The rules here, each a plugin:

* ``terrain`` (:mod:`.placed`): the scenario's terrain is put on the table at set-up, checked
  by ``sog validate``, and drawn.
* ``buildings`` (:mod:`.buildings`): the scenario's buildings (p. 54) stand on its coasts and
  islands, are fired upon, take damage (R16) and surrender; checked and drawn.

Coastal batteries stand on coasts and islands but fight: their rules are
:mod:`sog.plugins.batteries`.
"""

from __future__ import annotations

from sog.plugins.system import ALL_LEVELS, sails_rule
from sog.rules import Rule

from . import buildings, placed

__all__ = ["rules"]

PAGES = "rulebook pp. 43-46"


def rules() -> list[Rule]:
    """The terrain rules (a plain list: each rule of the package appends its declaration)."""
    return [
        sails_rule(placed.NAME, "The scenario's reefs, shoals, coasts and islands lie on the table; land blocks the line of sight.",
                   ALL_LEVELS, placed, kind="core", pages=PAGES),
        sails_rule(buildings.NAME, "The scenario's buildings stand on its coasts and islands; fired upon, they surrender.",
                   ALL_LEVELS, buildings, kind="core", pages="rulebook p. 54"),
        *_movement_rules(),
    ]


def _movement_rules() -> list[Rule]:
    """Terrain's effects on movement (engineer B): the aground state and the three options."""
    from . import aground, coasts, reefs, shoals

    return [aground.RULE, reefs.RULE, shoals.RULE, coasts.RULE]
