"""Rules for Solitaire Play (rulebook pp. 48-50, 53, 57): ships and batteries run by the rules.

* ``solitaire`` (option, :mod:`.automatic`): the scenario names the automatic and anchored
  pieces; they are public state, read by the rules below, which idle without it.
* ``automatic-movement`` (core, :mod:`.movement`): automatic ships draw their maneuvers from
  a shuffled deck of veer 3-7 cards, with its reshuffle rules; anchored ships never move; no
  seat is asked to plan for them.
* ``automatic-fire`` (core, :mod:`.fire`): automatic ships and batteries fire whenever loaded
  with a target (the Forced Aim rule's), reload as soon as they can, choose no ammunition
  (Standard, Advanced: the ruler's band table, R12); no fire or load decision about them.
* ``automatic-actions`` (core, Advanced, :mod:`.actions`): their actions are planned by the
  priorities of p. 49 (ships) and p. 50 (batteries), due repairs chosen by the rules.
"""

from __future__ import annotations

from sog.plugins.setup.settings_check import lenient
from sog.plugins.system import ADVANCED_LEVELS, ALL_LEVELS, sails_rule
from sog.rules import Rule

from . import actions, automatic, fire, movement

__all__ = ["rules"]

PAGES = "rulebook pp. 48-50"


def rules() -> list[Rule]:
    """The rules of solitaire play."""
    return [
        sails_rule(automatic.NAME, "The scenario's automatic ships and batteries are moved and fought by the rules, "
                   "anchored ships never move.", ALL_LEVELS, automatic, kind="option",
                   settings_schema=lenient(automatic.SETTINGS), pages=PAGES),
        sails_rule(movement.NAME, "Automatic ships draw each maneuver from a shuffled deck of their veer 3-7 cards, "
                   "with the discard pile's reshuffle rules; anchored ships never move; nobody plans for them.",
                   ALL_LEVELS, movement, kind="core", pages="rulebook pp. 48-49"),
        sails_rule(fire.NAME, "Automatic ships and batteries fire whenever loaded with a target (the nearest, as Forced Aim), "
                   "reload as soon as they can and choose no ammunition (the ruler's band table).", ALL_LEVELS, fire,
                   kind="core", pages="rulebook pp. 49-50"),
        sails_rule(actions.NAME, "Automatic ships and batteries plan their actions by the priorities of pp. 49-50.",
                   ADVANCED_LEVELS, actions, kind="core", pages="rulebook pp. 49-50"),
    ]
