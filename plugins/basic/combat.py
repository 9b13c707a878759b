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
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.hooktypes import Attack, Step
from sog.tabletop import SIDES, broadside_options, musketry_of, musketry_targets, ruler_of, ship_firepower

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
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    if step.name != STEP.name or game.state.step_round > 0:
        return []
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
    ruler = ruler_of(game)
    if request.kind == "musketry":
        return Attack(attacker=ship.id, target=answer["target"], kind="musketry", side=None, arc=None, band=None,
                      distance=0.0, pool=ruler.musketry_pool, firepower=musketry_of(game, ship))
    side = answer["side"]
    band = next(b for b in ruler.bands if b.name == answer["band"])
    return Attack(attacker=ship.id, target=answer["target"], kind="artillery", side=side, arc=answer["arc"],
                  band=answer["band"], distance=answer["distance"], pool=band.pool,
                  firepower=ship_firepower(game, ship, answer["arc"]), ammunition=ship.broadsides[side].loaded)


def modified_counters(game: Game, attack: Attack) -> tuple[int, str, list[str]]:
    """Counters and pool of an attack after every rule's modifiers."""
    count, pool, notes, multipliers = attack.firepower, attack.pool, [], []
    for batch in reversed(game.hook.sog_attack_modifiers(game=game, attack=attack)):
        for mod in batch or []:
            count += mod.extra_counters
            if mod.pool is not None:
                pool = mod.pool
            if mod.multiplier is not None:
                multipliers.append(mod.multiplier)
            notes.append(mod.source)
    for factor in multipliers:
        count = int(count * factor)
    return max(count, 0), pool, notes


@hookimpl
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    if step.name != STEP.name:
        return
    # An answer with no target (a rule's "fire to empty the guns") is that rule's business.
    attacks = [_attack_for(game, r, a) for r, a in answers
               if r.rule == RULE and a is not None and a.get("target") is not None]
    hits: dict[str, dict[str, list[Any]]] = {}
    for attack in attacks:
        count, pool, notes = modified_counters(game, attack)
        counters = game.draw(pool, count)
        if attack.side is not None:
            broadside = game.ship(attack.attacker).broadsides[attack.side]
            broadside.fired, broadside.loaded = broadside.loaded, None
        entry = hits.setdefault(attack.target, {"counters": [], "attacks": []})
        entry["counters"].extend(c.model_dump() for c in counters)
        entry["attacks"].append(_attack_dict(attack))
        game.emit("attack", attacker=attack.attacker, kind=attack.kind, side=attack.side, arc=attack.arc,
                  target=attack.target, band=attack.band, distance=attack.distance, pool=pool,
                  ammunition=attack.ammunition, firepower=attack.firepower, counters=[c.label() for c in counters],
                  modifiers=notes)
    game.state.ext.setdefault(RULE, {})["hits"] = hits


def _attack_dict(attack: Attack) -> dict[str, Any]:
    return {k: getattr(attack, k) for k in attack.__dataclass_fields__}
