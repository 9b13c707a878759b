"""The optional rules (rulebook pp. 34-47): each its own module, off unless a game asks.

Each module declares its rule as a module constant ``RULE`` (a ``kind="option"``
:class:`sog.rules.Rule` whose plugin is the module itself) and is listed in ``MODULES``;
``sog.plugins`` adds them to the built-in catalogue. Level gating follows ruling R7 of
RULES-NOTES (the rulebook's level pictograms were lost); the level tuples are in
:mod:`sog.plugins.optional.levels`.
"""

from __future__ import annotations

from types import ModuleType

from sog.plugins.optional import boarding, continuous_fire, double_shot, first_broadside
from sog.plugins.optional import entanglement, flagship, forced_aim, grog, lacking_training
from sog.plugins.optional import surrendered_ships, variable_wind_direction, variable_wind_strength
from sog.plugins.optional import aiming_high, ammunition_explosion, sinking_ships, spreading_fires
from sog.rules import Rule

#: Every optional rule module, in the order of the rulebook.
MODULES: list[ModuleType] = [
    grog,
    lacking_training,
    entanglement,
    continuous_fire,
    first_broadside,
    forced_aim,
    double_shot,
    aiming_high,
    boarding,
    flagship,
    ammunition_explosion,
    sinking_ships,
    spreading_fires,
    surrendered_ships,
    variable_wind_direction,
    variable_wind_strength,
]


def rules() -> list[Rule]:
    """Every optional rule."""
    return [module.RULE for module in MODULES]
