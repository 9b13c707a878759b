"""Scenarios scored in victory points (rulebook pp. 54-56).

* ``victory-points`` (option, :mod:`.points`): the victory kind ``victory-points``, its
  params scenario data (awards for enemy ships surrendered, exited or aground; points a turn
  for conditions held, tested by predicates named by data, :mod:`.predicates`: a ship's state,
  a building's state; points when a condition never held; points when a test holds at the end,
  ``final``; exits without penalty once a condition reached its max or while a test holds; the
  game's end); the end of the game shows each side's points line by line. :mod:`.checks`
  checks the params and words the lines.
* ``blockade-victory`` (option, :mod:`.blockade`): the victory kind ``force-the-blockade``
  (*Force the Blockade*, p. 53: the fleeing side must leave by its edge) and the match of two
  such games, each player fleeing once (the tie-break chain of p. 53).
* ``sitting-ducks-victory`` (option, :mod:`.sitting_ducks`): the victory kind ``sitting-ducks``
  (*Sitting Ducks*, p. 57: the attacker against ships at anchor). :mod:`.fates` keeps what
  befell each ship for both.
"""

from __future__ import annotations

from sog.rules import Rule
from sog.plugins.system import ALL_LEVELS, sails_rule
from sog.plugins.scoring import blockade, points, sitting_ducks

__all__ = ["rules"]


def rules() -> list[Rule]:
    """The scoring rules."""
    return [
        sails_rule(points.NAME, "Victory kind victory-points: points from the scenario's data, most points win.",
                   ALL_LEVELS, points, pages="rulebook pp. 54-56"),
        sails_rule(blockade.NAME, "Victory kind force-the-blockade: the fleeing ships must leave by their edge; "
                   "the match of two games, sides swapped.", ALL_LEVELS, blockade, kind="option", pages="rulebook p. 53"),
        sails_rule(sitting_ducks.NAME, "Victory kind sitting-ducks: sink the ships at anchor, none aground, "
                   "each ship under half damaged.", ALL_LEVELS, sitting_ducks, kind="option", pages="rulebook p. 57"),
    ]
