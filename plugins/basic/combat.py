"""Combat (rulebook pp. 14-17): artillery and musketry, all simultaneous.

Artillery: each broadside has three arcs (forward, central, rear) from three dots. An enemy
is a target of an arc when the ruler from that dot, staying inside the arc and not crossing
another ship's base, reaches any part of its base. A loaded side may fire once per turn at
one target through one arc (the attacker picks the arc, hence the range band, when several
reach); firing is never forced. The counters drawn equal the arc's firepower read from the
leftmost empty ship box at the start of combat; the band gives the pool (first half of the
ruler = short range, second half = long).

Musketry: always available, one target per turn, any enemy base within the ruler's width
(edge to edge, in any direction: ruling R1); counters = the leftmost empty crew box's number.

Counters are drawn here and kept, per target, in ``state.ext["combat"]``; the damage step
places them, so no damage changes any firepower this turn.
"""

from __future__ import annotations

from typing import Any

from sog import hookimpl
from sog.dispatch import acts_at
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Step
from sog.plugins.system.attacks import artillery_attack, musketry_attack, resolve_attack
from sog.plugins.system.hooktypes import Attack
from sog.plugins.system.table_index import pinned
from sog.plugins.system.tabletop import SIDES, broadside_options, musketry_targets

RULE = "combat"
STEP = Step("combat", 400, "Choose targets; all attacks are drawn simultaneously.")


@hookimpl
def sog_turn_steps() -> list[Step]:
    return [STEP]


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return {
        "fire": "Choose a target and arc for one loaded broadside, or null to hold fire.",
        "musketry": "Choose a musketry target, or null.",
    }


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {"attack": "An attack: attacker, kind, side, arc, target, band, pool, firepower, counters drawn."}


@hookimpl
@acts_at(STEP)
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    if step.name != STEP.name or game.state.step_round > 0:
        return []
    with pinned(game):  # one table for every question: nothing moves while combat asks
        return _requests(game)


def _requests(game: Game) -> list[DecisionRequest]:
    requests = []
    for ship in game.ships():
        for side in SIDES:
            if ship.broadsides[side].loaded is None:
                continue
            # Asked even with no target (then answered at once with "hold fire"): other rules
            # may add choices through sog_legal_choices, e.g. firing to empty the guns.
            options = broadside_options(game, ship, side)
            requests.append(game.make_request(
                rule=RULE, kind="fire", seat=ship.seat, ship=ship.id, subject=f"{ship.id}.{side}",
                prompt=f"{ship.name}: fire the {side} broadside?", choices=[None, *options],
                labels=["hold fire"] + [f"{o['target']} {o['arc']} arc, {o['band']} ({o['distance']} mm)" for o in options],
            ))
        targets = musketry_targets(game, ship)
        if targets:
            requests.append(game.make_request(
                rule=RULE, kind="musketry", seat=ship.seat, ship=ship.id,
                prompt=f"{ship.name}: musketry?", choices=[None, *({"target": t} for t in targets)],
                labels=["none"] + targets,
            ))
    return requests


def _attack_for(game: Game, request: DecisionRequest, answer: dict[str, Any]) -> Attack:
    ship = game.ship(request.ship)
    if request.kind == "musketry":
        return musketry_attack(game, ship, answer["target"])
    return artillery_attack(game, ship, answer, ship.broadsides[answer["side"]].loaded)


@hookimpl
@acts_at(STEP)
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    if step.name != STEP.name:
        return
    # An answer with no target (a rule's "fire to empty the guns") is that rule's business.
    attacks = [_attack_for(game, r, a) for r, a in answers
               if r.rule == RULE and a is not None and a.get("target") is not None]
    for attack in attacks:
        if attack.side is not None:
            broadside = game.ship(attack.attacker).broadsides[attack.side]
            broadside.fired, broadside.loaded = broadside.loaded, None
        resolve_attack(game, attack)
