"""Heavy seas: a house rule for sog, shipped as its own distribution.

With the option ``heavy-seas`` on, every artillery attack whose ruler band is ``long``
draws ``penalty`` counters fewer (setting, 1 to 3, default 1); never fewer than 0 (the
combat rule clamps the final count). Short-range fire and musketry are unchanged.

This module is the *provider* found through the ``sog`` entry-point group: its
``sog_rules`` hook declares the rule. The game hooks live on :data:`PLUGIN`, which a game
registers only when the option is on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sog import hookimpl
from sog.plugins.system.hooktypes import Attack, AttackModifier
from sog.rules import Rule

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game

NAME = "heavy-seas"
#: Counters removed from a long-range attack when the settings do not say.
DEFAULT_PENALTY = 1
SETTINGS_SCHEMA = {
    "type": "object",
    "properties": {
        "penalty": {"type": "integer", "minimum": 1, "maximum": 3, "default": DEFAULT_PENALTY,
                    "description": "Counters fewer for a long-range attack."},
    },
    "additionalProperties": False,
}


class HeavySeas:
    """The hooks that run in a game with ``heavy-seas`` on."""

    @hookimpl
    def sog_attack_modifiers(self, game: Game, attack: Attack) -> list[AttackModifier]:
        if attack.kind != "artillery" or attack.band != "long":
            return []
        penalty = game.settings(NAME).get("penalty", DEFAULT_PENALTY)
        return [AttackModifier(source=NAME, extra_counters=-penalty)]


PLUGIN = HeavySeas()


@hookimpl
def sog_rules() -> list[Rule]:
    return [
        Rule(NAME, "House rule: in heavy seas, long-range artillery draws fewer counters (1 by default, minimum 0).",
             ("basic", "standard", "advanced"), PLUGIN, kind="option", settings_schema=SETTINGS_SCHEMA,
             pages="house rule (examples/house-rule-heavy-seas)"),
    ]
