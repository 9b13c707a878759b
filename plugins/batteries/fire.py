"""Batteries in combat (rulebook p. 47): one broadside, one target a turn, from its red dots.

Rule ``battery-fire``. In the combat step every battery in play whose gun is loaded is asked
(decision ``battery-fire``) for one of :func:`~sog.plugins.system.battery_fire.battery_options`
(a target and the arc to fire through: the player picks the arc when several reach, since
their firepower may differ) or to hold fire; and, when some arc's red band reaches a target,
for a musketry target (``battery-musketry``). The firepower is the leftmost empty box's
number for the chosen arc (musketry: the crew box's), read at the start of combat; the attack
is drawn and kept for the damage step as every attack is
(:func:`~sog.plugins.system.attacks.resolve_attack`), so other rules' modifiers apply
(ammunition, raking at Standard). A battery eliminated by this turn's fire has fired already:
fire is simultaneous.

Ruling ``MUSKETRY_POOL`` (R15): a battery's musketry draws from the ruler's musketry pool (E),
as a ship's.
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.system.attacks import resolve_attack
from sog.plugins.system.battery_fire import battery_firepower, battery_musketry, battery_musketry_targets, battery_options
from sog.plugins.system.battery_table import PlacedBattery, battery_records
from sog.plugins.system.hooktypes import Attack
from sog.plugins.system.land_targets import target_name
from sog.plugins.system.tabletop import ruler_of

from .log import BatteryLog, battery, in_play, subject_of

NAME = "battery-fire"
COMBAT = "combat"
FIRE, MUSKETRY = "battery-fire", "battery-musketry"
MUSKETRY_POOL = "the ruler's musketry pool (R15)"
"""Ruling: where a battery's musketry counters come from."""


@hookimpl
def sog_rule_idle(game: Game) -> bool:
    """Idle with no battery on the table (placing one asks again)."""
    return not battery_records(game)


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return {FIRE: "Choose a target and arc for a loaded coastal battery, or null to hold fire.",
            MUSKETRY: "Choose a musketry target for a coastal battery, or null."}


def fire_request(game: Game, placed: PlacedBattery) -> DecisionRequest:
    """The ``battery-fire`` request of a loaded battery (asked with no target too: hold fire)."""
    options = battery_options(game, placed)
    return game.make_request(
        rule=NAME, kind=FIRE, seat=placed.seat, subject=placed.id, prompt=f"{placed.name}: fire the battery?",
        choices=[None, *options],
        labels=["hold fire"] + [f"{target_name(game, o['target'])} from the {o['arc']} arc, {o['band']} ({o['distance']} mm), "
                                f"{battery_firepower(game, placed, o['arc'])} counters" for o in options],
    )


@hookimpl
@acts_at(COMBAT)
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    if step.name != COMBAT or game.state.step_round > 0:
        return []
    requests = []
    for placed in in_play(game):
        if placed.record["gun"]["loaded"] is not None:
            requests.append(fire_request(game, placed))
        targets = battery_musketry_targets(game, placed)
        if targets and battery_musketry(game, placed) > 0:
            requests.append(game.make_request(
                rule=NAME, kind=MUSKETRY, seat=placed.seat, subject=placed.id, prompt=f"{placed.name}: musketry?",
                choices=[None, *({"target": t} for t in targets)], labels=["none", *(target_name(game, t) for t in targets)],
            ))
    return requests


def battery_attack(game: Game, placed: PlacedBattery, kind: str, answer: dict[str, Any]) -> Attack:
    """The attack of a battery's answer, before modifiers; ``extra`` says it is a battery's and
    from which red dot."""
    if kind == MUSKETRY:
        return Attack(attacker=placed.id, target=answer["target"], kind="musketry", side=None, arc=None, band=None,
                      distance=0.0, pool=ruler_of(game).musketry_pool, firepower=battery_musketry(game, placed),
                      extra={"battery": True})
    arc = next(a for a in placed.arcs if a.name == answer["arc"])
    band = next(b for b in ruler_of(game).bands if b.name == answer["band"])
    return Attack(attacker=placed.id, target=answer["target"], kind="artillery", side=None, arc=answer["arc"],
                  band=answer["band"], distance=answer["distance"], pool=band.pool,
                  firepower=battery_firepower(game, placed, answer["arc"]), ammunition=placed.record["gun"]["loaded"],
                  extra={"battery": True, "dot": list(arc.dot)})


@hookimpl
@acts_at(COMBAT)
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    if step.name != COMBAT:
        return
    chosen = [(r, a) for r, a in answers if r.rule == NAME and a is not None and a.get("target") is not None]
    attacks = []
    for request, answer in chosen:  # every firepower is read before any attack is drawn
        placed = battery(game, subject_of(request))
        attacks.append((placed, request.kind, battery_attack(game, placed, request.kind, answer)))
    for placed, kind, attack in attacks:
        if kind == FIRE:
            log = BatteryLog.of(placed)
            log.gun.fired, log.gun.loaded = log.gun.loaded, None
            log.save()
        resolve_attack(game, attack)
