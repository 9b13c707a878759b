"""The Sails of Glory game system: its declaration and its rules, each a plugin.

This package is the provider the core loads by name: its ``sog_systems`` hook declares the
system (:mod:`sog.plugins.system`), its ``sog_content_kinds`` hook the system's content kinds
(ship, maneuver-deck, base, ruler: :mod:`sog.plugins.system.content_kinds`) and its
``sog_rules`` hook every built-in rule with the module that implements it. Rule modules never
import one another's internals; what they share goes through hooks, the game state, and the
helpers of :mod:`sog.plugins.system.tabletop` (reading the table: bases, attitude, firepower).
"""

from __future__ import annotations

from sog import hookimpl
from sog.plugins.basic import combat, damage, movement, planning, reloading, victory
from sog.plugins.standard import ammunition, friendly_collisions, raking, taken_aback, time_to_react, veer
from sog.plugins.advanced import crew_actions, repairs, sail_settings, special_damage
from sog.plugins import batteries, captains, optional, scoring, setup, solitaire, terrain
from sog.rules import Rule
from sog.plugins.system import sails_rule

from sog.plugins.system import ADVANCED_LEVELS, ALL_LEVELS, STANDARD_LEVELS
from sog.plugins.system.content_kinds import KINDS
from sog.plugins.system.declaration import SYSTEM
from sog.packs.kinds import ContentKind
from sog.systems import GameSystem


@hookimpl
def sog_systems() -> list[GameSystem]:
    """The Sails of Glory game system."""
    return [SYSTEM]


@hookimpl
def sog_content_kinds() -> list[ContentKind]:
    """The content kinds of the Sails of Glory system."""
    return list(KINDS.values())


@hookimpl
def sog_rules() -> list[Rule]:
    """Every built-in rule."""
    return [
        sails_rule("basic-planning", "Plan one maneuver card per ship, secretly; red cards only when taken aback.",
             ("basic",), planning, kind="core", pages="rulebook pp. 10-11"),
        sails_rule("movement", "Reveal and move; overlapping ships move by burden and attitude and stop at first contact; leaving the table eliminates.",
             ALL_LEVELS, movement, kind="core", pages="rulebook pp. 11-14"),
        sails_rule("combat", "Artillery by arc and range band with line of sight, and musketry; all fire is simultaneous.",
             ALL_LEVELS, combat, kind="core", pages="rulebook pp. 14-17"),
        sails_rule("damage", "Damage counters on the ship and crew tracks; a ship with a covered track surrenders.",
             ALL_LEVELS, damage, kind="core", pages="rulebook pp. 18-19"),
        sails_rule("reloading", "A broadside that fired goes to storage and comes back a turn later.",
             ALL_LEVELS, reloading, kind="core", pages="rulebook p. 20"),
        sails_rule("victory", "The scenario's victory conditions (last side with ships in play).",
             ALL_LEVELS, victory, kind="core", pages="rulebook pp. 20-21, 50"),
        sails_rule("time-to-react", "Two planned cards: slot 1 is revealed this turn, slot 2 (an unused blue card) is planned for the next.",
             STANDARD_LEVELS, time_to_react, kind="core", pages="rulebook pp. 22-24"),
        sails_rule("veer", "A planned card may differ in veer from the previous one by at most the ship's veer; an illegal reveal goes straight.",
             STANDARD_LEVELS, veer, kind="core", pages="rulebook p. 24"),
        sails_rule("taken-aback", "Taken aback at movement: the red card of the card's veer class, one sandglass the first turn, two after.",
             STANDARD_LEVELS, taken_aback, kind="core", requires=("veer",), pages="rulebook pp. 24-25"),
        sails_rule("friendly-collisions", "Friendly ships that overlap at movement each take counters equal to the others' burden.",
             STANDARD_LEVELS, friendly_collisions, kind="core", pages="rulebook p. 25"),
        sails_rule("raking", "Central-arc fire entering the target through the bow (+1 per 3) or stern (+1 per 2).",
             STANDARD_LEVELS, raking, kind="core", pages="rulebook pp. 25-26"),
        sails_rule("ammunition", "Ball as Basic; chain (C) and grapeshot (D) hit only in the red band; a side may fire with no target.",
             STANDARD_LEVELS, ammunition, kind="core", pages="rulebook pp. 26-27"),
        sails_rule("crew-actions", "Action step: action counters planned secretly up to the crew actions, revealed together; fire, musketry and reload need theirs.",
             ADVANCED_LEVELS, crew_actions, kind="core", pages="rulebook pp. 28-30"),
        sails_rule("sail-settings", "Full, battle, backing or struck sails pick a blue card's line; sail actions; struck sails stop planning.",
             ADVANCED_LEVELS, sail_settings, kind="core", pages="rulebook pp. 28-29, 32"),
        sails_rule("special-damage", "Fire, leak, broken mast, sail and rudder damage from the counters' symbols.",
             ADVANCED_LEVELS, special_damage, kind="core", pages="rulebook pp. 32-33"),
        sails_rule("repairs", "Pump water, extinguish fires, repair normal damage, leaks, the rudder and masts.",
             ADVANCED_LEVELS, repairs, kind="core", requires=("crew-actions",), pages="rulebook pp. 29-31"),
        *optional.rules(),
        *captains.rules(),
        *setup.rules(),
        *terrain.rules(),
        *scoring.rules(),
        *batteries.rules(),
        *solitaire.rules(),
    ]
