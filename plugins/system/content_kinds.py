"""The content kinds of Sails of Glory: ship cards, maneuver decks, bases, the combat ruler,
the abilities, captains and crew cards a ship may carry, terrain elements and battery logs.

Declared to the loader through the ``sog_content_kinds`` hook of :mod:`sog.plugins`: each
kind has its JSON Schema (bundled with the core's in ``schemas/``, read by
:func:`sog.packs.kinds.load_schema`), its model (:mod:`.content_models`,
:mod:`.content_captains`) and its checks and references (:mod:`.content_checks`,
:mod:`.content_captain_checks`). A scenario's ships are ``ship`` documents
(:attr:`sog.systems.GameSystem.ship_kind`) and may carry a captain and crew cards
(:attr:`sog.systems.GameSystem.attachments`); a scenario names its ``ruler`` and places
``terrain`` elements in its ``setup:`` (:mod:`.content_terrain`, :mod:`.content_terrain_checks`),
and coastal ``battery`` logs on them (:mod:`.content_battery`, :mod:`.content_battery_checks`).
"""

from __future__ import annotations

from typing import Mapping

from sog.packs.fields import FrozenDict
from sog.packs.kinds import ContentKind, load_schema

from . import content_battery_checks as battery_checks
from . import content_captain_checks as captain_checks
from . import content_checks as checks
from . import content_terrain_checks as terrain_checks
from .content_battery import Battery
from .content_captains import Ability, Captain, CrewCard
from .content_models import Base, ManeuverDeck, Ruler, Ship
from .content_terrain import TerrainElement

__all__ = ["KINDS"]


def _kinds() -> dict[str, ContentKind]:
    kinds = [
        ContentKind("ship", load_schema("ship"), Ship,
                    "A ship card: characteristics, damage tracks, maneuver deck and base.",
                    checks.check_ship, checks.ship_refs),
        ContentKind("maneuver-deck", load_schema("maneuver-deck"), ManeuverDeck,
                    "The maneuver cards of one deck letter and their movement lines.",
                    checks.check_deck),
        ContentKind("base", load_schema("base"), Base,
                    "A ship base: size, main mast, firing arcs, attitude to the wind.",
                    checks.check_base),
        ContentKind("ruler", load_schema("ruler"), Ruler,
                    "The combat ruler: range bands and their counter pools.",
                    checks.check_ruler, checks.ruler_refs),
        ContentKind("ability", load_schema("ability"), Ability,
                    "An ability card: an effect a rule implements, its uses, level, timing and points.",
                    captain_checks.check_ability),
        ContentKind("captain", load_schema("captain"), Captain,
                    "A captain card: name, nationality, the ships it may command, its abilities and points.",
                    captain_checks.check_captain, captain_checks.holder_refs),
        ContentKind("crew-card", load_schema("crew-card"), CrewCard,
                    "A crew card: abilities of a ship's crew (not the captain's) and points.",
                    captain_checks.check_crew_card, captain_checks.holder_refs),
        ContentKind("terrain", load_schema("terrain"), TerrainElement,
                    "A terrain element: reef, shoal, coast or island, its outline polygon (mm), coastline and danger distance.",
                    terrain_checks.check_terrain),
        ContentKind("battery", load_schema("battery"), Battery,
                    "A coastal battery log: fortification rating, battery and crew tracks, firing arcs from red dots.",
                    battery_checks.check_battery),
    ]
    return {kind.name: kind for kind in kinds}


KINDS: Mapping[str, ContentKind] = FrozenDict(_kinds())
"""The nine kinds of the system: ship, maneuver-deck, base, ruler, ability, captain, crew-card, terrain, battery."""
