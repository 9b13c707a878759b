"""Scenarios scored in victory points (rulebook pp. 54-56).

* ``victory-points`` (option, :mod:`.points`): the victory kind ``victory-points``, its
  params scenario data (awards for enemy ships surrendered, exited or aground; points a turn
  for conditions held, tested by predicates named by data, :mod:`.predicates`: a ship's state,
  a building's state; points when a condition never held; points when a test holds at the end,
  ``final``; exits without penalty once a condition reached its max or while a test holds; the
  game's end); the end of the game shows each side's points line by line. :mod:`.checks`
  checks the params and words the lines.
"""

from __future__ import annotations

from sog.rules import Rule
from sog.plugins.system import ALL_LEVELS, sails_rule
from sog.plugins.scoring import points

__all__ = ["rules"]


def rules() -> list[Rule]:
    """The scoring rules."""
    return [
        sails_rule(points.NAME, "Victory kind victory-points: points from the scenario's data, most points win.",
                   ALL_LEVELS, points, pages="rulebook pp. 54-56"),
    ]
