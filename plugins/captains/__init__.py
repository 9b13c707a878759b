"""Captains and crew cards (USS Constitution pack): their abilities, and wounded captains.

A scenario's ship may carry a captain and crew cards (``attach:``); their abilities are
data naming *effects*, which rules implement. The rules here, each a plugin:

* ``abilities`` (:mod:`.abilities`) deals each ship's ability cards, asks the seats at
  each ability's timing whether to use one, turns or discards the card, and checks every
  ability document of a library against the effects the rules declare (:mod:`.checks`);
* ``gunnery-abilities`` (:mod:`.effects_fire`): the effects extra-counters,
  ignore-counters and quick-reload;
* ``seamanship-abilities`` (:mod:`.effects_ship`): the effects wet-sails and
  repair-damage;
* ``captain-wounds`` (:mod:`.wounds`): a captain may be wounded or killed as the crew falls.

What they share about the cards at the table is in :mod:`.cards`, which is no rule. Effects
talk to the abilities rule through the Sails of Glory hooks ``sog_ability_effects``,
``sog_ability_options`` and ``sog_ability_used``; other plugins may add effects the same way.
"""

from __future__ import annotations

from sog.plugins.system import ALL_LEVELS, sails_rule
from sog.rules import Rule

from . import abilities, effects_fire, effects_ship, wounds

__all__ = ["rules"]

SPECIAL_RULES = "USS Constitution pack: Special Rules"


def rules() -> list[Rule]:
    """The rules of captains, crew cards and their abilities."""
    return [
        sails_rule(abilities.NAME, "Ships play the abilities of the captain and crew cards they carry, once or twice per game each, "
                   "at each ability's timing; abilities of a rules level not in play are left out.",
                   ALL_LEVELS, abilities, kind="core", pages=SPECIAL_RULES),
        sails_rule(effects_fire.NAME, "Ability effects on fire: extra counters, counters ignored, a broadside reloaded at once.",
                   ALL_LEVELS, effects_fire, kind="core", requires=(abilities.NAME,), pages=SPECIAL_RULES),
        sails_rule(effects_ship.NAME, "Ability effects on sailing and mending: wet sails (the green arrow), damage repaired.",
                   ALL_LEVELS, effects_ship, kind="core", requires=(abilities.NAME,), pages=SPECIAL_RULES),
        sails_rule(wounds.NAME, "Once half its crew boxes are filled, a ship losing crew draws four A counters for its captain: "
                   "three crew symbols wound him, four kill him; his captain-icon abilities suffer.",
                   ALL_LEVELS, wounds, kind="core", requires=(abilities.NAME,), pages="USS Constitution pack: Captain Wounds"),
    ]
