"""Coastal batteries (rulebook pp. 46-48): guns on a coast or island that fight as ships do.

The battery log is content (:mod:`sog.plugins.system.content_battery`); the batteries of a
game, their logs and red dots are public state (:mod:`sog.plugins.system.battery_table`), and
what a battery reaches is fire geometry (:mod:`sog.plugins.system.battery_fire`), shared with
the raking rule and the bots. The rules here, each a plugin, all idle in a game without
batteries:

* ``batteries`` (:mod:`.placed`): the scenario's batteries stand on its coasts and islands from
  set-up, with their empty logs, checked by ``sog validate`` and drawn.
* ``battery-fire`` (:mod:`.fire`): in combat a battery is one broadside: one target a turn,
  through the arc its player picks, and musketry within the red band.
* ``battery-guns`` (:mod:`.guns`): its gun is loaded and reloaded as a broadside's.
* ``battery-damage`` (:mod:`.damage`): counters placed with the fortification rating as burden;
  destroyed or surrendered when a track is covered, its counters back in their pools.
* ``battery-actions`` (:mod:`.actions`, Advanced rules): the battery plans actions from its
  short list, burns with fire and puts it out, repairs normal damage.

Ships fire at batteries through the combat rule: a battery in play is a target on land
(:func:`sog.plugins.system.land_targets.land_targets`).
"""

from __future__ import annotations

from sog.plugins.system import ADVANCED_LEVELS, ALL_LEVELS, sails_rule
from sog.rules import Rule

from . import actions, damage, fire, guns, placed

__all__ = ["rules"]

PAGES = "rulebook pp. 46-48"


def rules() -> list[Rule]:
    """The rules of the coastal batteries."""
    return [
        sails_rule(placed.NAME, "The scenario's coastal batteries stand on its coasts and islands, with their logs.",
                   ALL_LEVELS, placed, kind="core", pages=PAGES),
        sails_rule(fire.NAME, "A battery fires as one broadside from its red dots: one target a turn, the arc its player picks; "
                   "musketry in the red band.", ALL_LEVELS, fire, kind="core", pages="rulebook p. 47"),
        sails_rule(guns.NAME, "A battery's gun is loaded and reloaded as a broadside's.", ALL_LEVELS, guns, kind="core",
                   pages="rulebook p. 47"),
        sails_rule(damage.NAME, "A battery takes damage as a ship, its fortification rating as burden; destroyed or "
                   "surrendered when a track is covered.", ALL_LEVELS, damage, kind="core", pages="rulebook pp. 47-48"),
        sails_rule(actions.NAME, "A battery plans actions from its short list: fire, reload, musketry, extinguish fire, "
                   "repair normal damage.", ADVANCED_LEVELS, actions, kind="core", pages="rulebook p. 48"),
    ]
