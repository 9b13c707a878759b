"""The built-in rules of Sails of Glory, each a plugin.

This package is the provider the core loads by name: its ``sog_rules`` hook declares every
built-in rule with the module that implements it. Rule modules never import one another's
internals; what they share goes through hooks, the game state, and the helpers of
:mod:`sog.tabletop` (reading the table: bases, attitude, firepower).
"""

from __future__ import annotations

from sog import hookimpl
from sog.plugins.basic import combat, damage, movement, planning, reloading, victory
from sog.rules import Rule

ALL_LEVELS = ("basic", "standard", "advanced")


@hookimpl
def sog_rules() -> list[Rule]:
    """Every built-in rule."""
    return [
        Rule("basic-planning", "Plan one maneuver card per ship, secretly; red cards only when taken aback.",
             ("basic",), planning, kind="core", pages="rulebook pp. 10-11"),
        Rule("movement", "Reveal and move; overlapping ships move by burden and attitude and stop at first contact; leaving the table eliminates.",
             ALL_LEVELS, movement, kind="core", pages="rulebook pp. 11-14"),
        Rule("combat", "Artillery by arc and range band with line of sight, and musketry; all fire is simultaneous.",
             ALL_LEVELS, combat, kind="core", pages="rulebook pp. 14-17"),
        Rule("damage", "Damage counters on the ship and crew tracks; a ship with a covered track surrenders.",
             ALL_LEVELS, damage, kind="core", pages="rulebook pp. 18-19"),
        Rule("reloading", "A broadside that fired goes to storage and comes back a turn later.",
             ALL_LEVELS, reloading, kind="core", pages="rulebook p. 20"),
        Rule("victory", "The scenario's victory conditions (last side with ships in play).",
             ALL_LEVELS, victory, kind="core", pages="rulebook pp. 20-21, 50"),
    ]
