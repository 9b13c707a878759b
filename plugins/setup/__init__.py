"""Set-up as decisions (rulebook pp. 21, 50-53): players deploy their ships and place terrain.

* ``deployment`` (option, :mod:`.deployment`): each ship is deployed by its seat within its
  set-up zone, in turn or secretly, as the scenario's settings say.
* ``terrain-placement`` (option, :mod:`.terrain_placement`): the seats alternate placing
  reefs, then the table sides and the wind are drawn (*In Shallow Waters*).
* ``aground-victory`` (option, :mod:`.aground_victory`): the victory kind
  ``last-side-standing-aground`` of *In Shallow Waters* (an option, so that the kind is known
  only to the scenarios that switch it on).

Both set-up steps run in the first turn, before any other step (orders 2 and 4); the rules
share only the public state key ``game.state.ext["setup-zones"]``.
"""

from __future__ import annotations

from sog.rules import Rule
from sog.plugins.system import ALL_LEVELS, sails_rule
from sog.plugins.setup import aground_victory, deployment, terrain_placement

__all__ = ["rules"]


def rules() -> list[Rule]:
    """The set-up rules."""
    return [
        sails_rule(deployment.NAME, "The players deploy their ships in their set-up zones, in turn or secretly (the scenario says).",
                   ALL_LEVELS, deployment, settings_schema=deployment.SETTINGS, pages="rulebook pp. 21, 50-53"),
        sails_rule(terrain_placement.NAME, "The players alternate placing reefs half a ruler apart; then the table sides and the wind are drawn.",
                   ALL_LEVELS, terrain_placement, settings_schema=terrain_placement.SETTINGS, pages="rulebook p. 52"),
        sails_rule(aground_victory.NAME, "Victory kind last-side-standing-aground: the aground tie-breaks of In Shallow Waters.",
                   ALL_LEVELS, aground_victory, pages="rulebook p. 52"),
    ]
