"""The :class:`sog.systems.GameSystem` of Sails of Glory, declared by :mod:`sog.plugins`."""

from __future__ import annotations

from sog.systems import Attachment, GameSystem

from sog.plugins.system import LEVELS, NAME, bench, hookspecs, listing, showing
from sog.plugins.system.setup_schema import SETUP_SCHEMA
from sog.plugins.system import content_captain_checks as captain_checks
from sog.plugins.system.admiral import AdmiralBot
from sog.plugins.system.captain import CaptainBot
from sog.plugins.system.observation import OBSERVER
from sog.plugins.system.state import SailsShipState

__all__ = ["SYSTEM"]

SYSTEM = GameSystem(
    name=NAME,
    title="Sails of Glory",
    summary="Ship cards, maneuver decks and damage counters: the Basic, Standard and Advanced rules.",
    levels=LEVELS,
    ship_kind="ship",
    ship_model=SailsShipState,
    plugin=showing,
    hookspecs=(hookspecs,),
    bots={"captain": CaptainBot, "admiral": AdmiralBot},
    scenario_schema=SETUP_SCHEMA,
    bench_defaults=bench.DEFAULTS,
    bench_side_of=bench.side_of,
    attachments=(
        Attachment("captain", 1, rule="abilities", fits=captain_checks.captain_fits,
                   summary="The ship's captain: the abilities on the captain's card (USS Constitution pack)."),
        Attachment("crew-card", 4, rule="abilities", fits=captain_checks.crew_card_fits,
                   summary="Crew cards: abilities of the ship's crew, not the captain's."),
    ),
    points=listing.points,
    describe=listing.describe,
    observer=OBSERVER,
)
