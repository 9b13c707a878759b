"""Continuous fire (rulebook p. 35): a broadside that is not loaded may still fire, for half.

The gun crews keep firing whatever they can ram home instead of waiting for a full,
orderly reload. With this option a broadside whose broadside box is empty may fire in the
combat phase; the target takes half the counters the attack would give (fractions round
down), and that broadside cannot be reloaded in the turn it fires this way.

How it fits the other rules:

* The combat rule asks only loaded broadsides, so this rule asks its own decision,
  ``continuous-fire``, in the combat step (round 0), for every unloaded side of a ship in
  play that some enemy is within reach of; the choices are the combat rule's targets and
  arcs, each with the ammunition type fired (``None`` holds fire).
* The fired ammunition counter is taken from the side's storage and turned face up
  (``broadsides[side].fired``): the reloading rule then offers no reload to that side this
  turn (it reloads only sides with nothing face up), and stores the counter again at the end
  of the reloading phase. This is the "no reload in the same turn" of the text.
* The halving is an :class:`~sog.hooktypes.AttackModifier` multiplier; the combat rule
  adds every extra counter (raking, first broadside) before applying multipliers, which is
  the Standard text's "the raking modifier is added before halving".
* Standard rules: the ammunition of each broadside firing continuously is chosen secretly
  from its storage together with the target (one decision), and every choice is revealed at
  once before any counter is drawn. Double shot may not be fired continuously.
* Advanced rules: the side needs a planned Fire Broadside action (read from
  ``ship.actions``). This rule lists the Fire Broadside action of an unloaded side that may
  fire continuously as legal (``sog_available_actions``), so the crew-actions rule lets it
  take effect in combat. A Reload Broadside action may not be planned on that side as well
  (p. 36); like any illegal action it can still be planned (p. 29) and has no effect: when
  the actions are revealed, this rule rejects a Reload action revealed with the Fire action
  of the same side (ruling ``FIRE_AND_RELOAD``).

Rulings:

* ``MULTIPLIER``: half, rounding down, applied last by the combat rule.
* ``NEVER_CONTINUOUS``: double shot is never offered to continuous fire (p. 35).
* ``FIRE_ACTION`` / ``RELOAD_ACTION``: the names of the Advanced action counters this rule
  reads in ``ship.actions`` (``fire-left``, ``reload-right``, ...), as the crew-actions rule
  names them.
* ``FIRE_AND_RELOAD``: with both actions revealed on one broadside, the Reload action is the
  illegal one (the text forbids planning it where a Fire action is planned); the Fire action
  stands, whether the side then fires or not.
* With Basic rules the stored counter is ball, the only type; the choice still names it, so
  every level has the same decision shape.
* ``RESOLUTION``: continuous attacks are drawn after the combat rule's attacks of the same
  round. Fire is simultaneous (firepower read at the start of combat, damage placed in the
  damage step), so only the order of draws changes.

Attacks are built, drawn and logged with :mod:`sog.plugins.system.attacks`, as the combat rule does.
"""

from __future__ import annotations

import sys
from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.system.hooktypes import Attack, AttackModifier
from sog.plugins.advanced.mat import reject
from sog.plugins.optional.levels import ALL_LEVELS
from sog.plugins.system import sails_rule
from sog.plugins.system.attacks import artillery_attack, resolve_attack
from sog.plugins.system.tabletop import SIDES, broadside_options

NAME = "continuous-fire"
KIND = "continuous-fire"
COMBAT = "combat"
#: Ruling: the factor on the counters of a continuous attack (rounded down).
MULTIPLIER = 0.5
#: Ruling: ammunition that can never be fired continuously (Standard rules, p. 35).
NEVER_CONTINUOUS = ("double-shot",)
#: Ruling: the Advanced action counters read in ``ship.actions``, by broadside.
FIRE_ACTION = "fire-{side}"
RELOAD_ACTION = "reload-{side}"
#: The Advanced rules' action step, where the actions are revealed.
ACTIONS = "actions"
#: Ruling: a Reload action revealed with the Fire action of the same broadside has no effect.
FIRE_AND_RELOAD = "the reload is illegal"
#: Ruling: continuous attacks are drawn after the combat rule's attacks.
RESOLUTION = "after-combat"
#: Key of ``Attack.extra`` marking a continuous attack (other rules may read it).
MARK = "continuous-fire"


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return {KIND: "Fire an unloaded broadside for half the counters: target, arc and ammunition, or null to hold fire."}


def unloaded_with_ammunition(ship: Any, side: str) -> bool:
    """Is ``side`` of ``ship`` empty, not fired this turn, with a counter it may fire in storage?"""
    broadside = ship.broadsides[side]
    return broadside.loaded is None and broadside.fired is None and bool(ammunition_choices(broadside.storage))


def may_fire_continuously(game: Game, ship: Any, side: str) -> bool:
    """Is ``side`` of ``ship`` unloaded, with a counter in storage, and (Advanced) ordered to fire?"""
    if not unloaded_with_ammunition(ship, side):
        return False
    if game.state.level == "advanced":
        actions = set(ship.actions)
        return FIRE_ACTION.format(side=side) in actions and RELOAD_ACTION.format(side=side) not in actions
    return True


def ammunition_choices(storage: list[str]) -> list[str]:
    """The stored ammunition types that may be fired continuously, sorted."""
    return sorted({a for a in storage if a not in NEVER_CONTINUOUS})


@hookimpl
def sog_available_actions(game: Game, ship: Any) -> list[str]:
    """Advanced rules: an unloaded side that may fire continuously may plan its Fire action."""
    return [FIRE_ACTION.format(side=side) for side in SIDES if unloaded_with_ammunition(ship, side)]


@hookimpl
@acts_at(ACTIONS)
def sog_step_begin(game: Game, step: Step) -> None:
    """Advanced rules: a Reload action revealed with the Fire action of its side has no effect."""
    if step.name != ACTIONS:
        return
    for ship in game.ships():
        for side in SIDES:
            fire, reload = FIRE_ACTION.format(side=side), RELOAD_ACTION.format(side=side)
            if fire in ship.actions and reload in ship.actions:
                reject(game, ship, reload, f"a Fire action is planned on the {side} broadside (continuous fire)")


@hookimpl
@acts_at(COMBAT)
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    if step.name != COMBAT or game.state.step_round > 0:
        return []
    requests = []
    for ship in game.ships():
        for side in SIDES:
            if not may_fire_continuously(game, ship, side):
                continue
            options = broadside_options(game, ship, side)
            if not options:
                continue
            types = ammunition_choices(ship.broadsides[side].storage)
            choices = [{**o, "ammunition": t} for o in options for t in types]
            requests.append(game.make_request(
                rule=NAME, kind=KIND, seat=ship.seat, ship=ship.id, subject=f"{ship.id}.{side}",
                prompt=f"{ship.name}: fire the unloaded {side} broadside continuously (half the counters)?",
                choices=[None, *choices],
                labels=["hold fire"] + [f"{c['target']} {c['arc']} arc, {c['band']} ({c['distance']} mm), {c['ammunition']}"
                                        for c in choices],
            ))
    return requests


def attack_for(game: Game, ship: Any, answer: dict[str, Any]) -> Attack:
    """The attack of a continuous-fire answer, before modifiers (marked for halving)."""
    return artillery_attack(game, ship, answer, answer["ammunition"], **{MARK: True})


@hookimpl
def sog_attack_modifiers(game: Game, attack: Attack) -> list[AttackModifier]:
    """Halve a continuous attack (after every extra counter)."""
    if not attack.extra.get(MARK):
        return []
    return [AttackModifier(source=NAME, multiplier=MULTIPLIER)]


@hookimpl(trylast=True)
@acts_at(COMBAT)
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    """Draw the continuous attacks, after the combat rule has drawn (and stored) its own."""
    if step.name != COMBAT:
        return
    for request, answer in answers:
        if request.rule != NAME or answer is None:
            continue
        ship = game.ship(request.ship)
        broadside = ship.broadsides[answer["side"]]
        broadside.storage.remove(answer["ammunition"])
        broadside.fired = answer["ammunition"]  # face up: no reload this turn, stored again after
        resolve_attack(game, attack_for(game, ship, answer))


RULE = sails_rule(NAME, "An unloaded broadside may fire for half the counters (round down); it is not reloaded that turn.",
            ALL_LEVELS, sys.modules[__name__], kind="option", pages="rulebook p. 35")
