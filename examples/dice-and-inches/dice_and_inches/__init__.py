"""Dice and Inches: a 1970s home-made age-of-sail game, as a sog game system.

This package is the *provider* the ``sog`` entry point names: it declares the game system
(:data:`dice_and_inches.system.SYSTEM`), its ship content kind (``dice-ship``) and its rules.
Each rule's plugin is one module of the package, whose ``@hookimpl`` functions are the hooks:

============== ============================ ==============================================
rule           module                       the text's paragraphs
============== ============================ ==============================================
dice-movement  :mod:`.movement`             movement, luffing, tacking, anchoring, edges,
                                            obstacles, collisions
dice-fire      :mod:`.fire`                 firing, hit results, raking, land cannon,
                                            sharpshooter, hot shot
dice-boarding  :mod:`.boarding`             grappling, defensive fire, boarding melee
dice-damage    :mod:`.damage`               casualties, damage limits, fires, morale
dice-victory   :mod:`.victory`              who wins
============== ============================ ==============================================

Every ruling is indexed in :mod:`dice_and_inches.rulings`. The content pack (ships, land
batteries, the scenarios ``dice-duel`` and ``dice-squadron``) is ``dice_and_inches/content``,
published through the ``sog.packs`` entry point.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from sog import hookimpl
from sog.packs.kinds import ContentKind
from sog.rules import Rule
from sog.systems import GameSystem

from .system import LEVELS, NAME, SHIP_KIND, SYSTEM

__all__ = ["RULES", "sog_systems", "sog_rules", "sog_content_kinds"]

__version__ = "0.1.0"

#: The rules of the system: ``(name, module, summary, the text's paragraphs)``, in the
#: order they are registered.
RULES: tuple[tuple[str, str, str, str], ...] = (
    ("dice-movement", "movement",
     "Half a move before turning, 45 degrees after each half move, 6 or 12 inches by the wind; luffing, "
     "tacking, anchoring, the table edge, rocks and collisions.",
     "Method of movement 2-5; Movement; Odds and ends: anchoring, collision; Playing the game: edge, obstacles"),
    ("dice-fire", "fire",
     "Fire at any time of the own move: ranges 24/6/3 inches, hit results by shot, grape and swivel, carronades, "
     "raking, sharpshooters, land cannon and hot shot.",
     "Firing; Hit result; Raking fire; Land cannon; Ship vs land cannon; Sharpshooter"),
    ("dice-boarding", "boarding",
     "Grappling and cutting grapples, defensive fire of the defender, three rounds of melee a turn; deck lost, ship captured.",
     "Method of movement 1 (defensive fire); Grappling; Boarding"),
    ("dice-damage", "damage",
     "Casualties come off before the own move; hull 8 sinks, rigging 3 dismasts, jury masts; fires and "
     "firefighting; morale when the last officer falls.",
     "Method of movement 1 and 5; Playing the game: damage; Damage limits; Fires and firefighting; Morale"),
    ("dice-victory", "victory",
     "The last side with a ship afloat wins; at the turn limit the side with the fewest losses.",
     "(no text: ruling)"),
)


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{name}")


@hookimpl
def sog_systems() -> list[GameSystem]:
    return [SYSTEM]


@hookimpl
def sog_content_kinds() -> list[ContentKind]:
    return [SHIP_KIND]


@hookimpl
def sog_rules() -> list[Rule]:
    return [
        Rule(name, summary, LEVELS, _module(module), kind="core", pages=pages, system=NAME)
        for name, module, summary, pages in RULES
    ]
