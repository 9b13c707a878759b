"""Set-up as decisions (rulebook pp. 21, 50-56): players deploy their ships and place terrain.

* ``deployment`` (option, :mod:`.deployment`): each ship is deployed by its seat within its
  set-up zone, in turn or secretly, in the sides' order and zones the scenario's settings say
  (:mod:`.setup_zones`: a strip along an edge, the disc about the table's centre).
* ``terrain-placement`` (option, :mod:`.terrain_placement`): the seats alternate placing
  reefs, then the table sides and the wind are drawn (*In Shallow Waters*); or the
  scenario's set-up phases, in its order: a side moves an island near its edge, places reefs
  near it, deploys its ships (:mod:`.setup_phases`, :mod:`.placement_rules`: *Against the
  Outpost*, *Supplies are Coming*).
* ``aground-victory`` (option, :mod:`.aground_victory`): the victory kind
  ``last-side-standing-aground`` of *In Shallow Waters* (an option, so that the kind is known
  only to the scenarios that switch it on).
* ``scenario-levels`` (option, :mod:`.scenario_levels`): the rules levels a scenario is
  played at (*Supplies are Coming*: Advanced only); a game at another level is refused.

Both set-up steps run in the first turn, before any other step (orders 2 and 4); the rules
share the public state key ``game.state.ext["setup-zones"]``, and a deploy phase of
``terrain-placement`` deploys through the public functions of :mod:`.deployment`.
"""

from __future__ import annotations

from sog.rules import Rule
from sog.plugins.system import ALL_LEVELS, sails_rule
from sog.plugins.setup import aground_victory, deployment, scenario_levels, terrain_placement
from sog.plugins.setup.settings_check import lenient

__all__ = ["rules"]


def rules() -> list[Rule]:
    """The set-up rules."""
    return [
        sails_rule(deployment.NAME, "The players deploy their ships in their set-up zones, in turn or secretly (the scenario says).",
                   ALL_LEVELS, deployment, settings_schema=lenient(deployment.SETTINGS), pages="rulebook pp. 21, 50-56"),
        sails_rule(terrain_placement.NAME, "The players alternate placing reefs half a ruler apart, then the table sides and the wind are drawn; "
                                             "or the scenario's set-up phases (islands, reefs, ships) in its order.",
                   ALL_LEVELS, terrain_placement, settings_schema=lenient(terrain_placement.SETTINGS), pages="rulebook pp. 52, 54-56"),
        sails_rule(aground_victory.NAME, "Victory kind last-side-standing-aground: the aground tie-breaks of In Shallow Waters.",
                   ALL_LEVELS, aground_victory, pages="rulebook p. 52"),
        sails_rule(scenario_levels.NAME, "The scenario is played only at the rules levels its settings name.",
                   ALL_LEVELS, scenario_levels, settings_schema=lenient(scenario_levels.SETTINGS), pages="rulebook p. 56"),
    ]
