"""The rule ``dice-fire``: broadsides, swivels, muskets and the sharpshooter, in three windows.

What: the text lets a side fire "at any time during own move"; the lead's turn ruling gives
each part three fire windows — ``fire-1`` before the move, ``fire-2`` after the first half
move and ``fire-3`` after the move (steps 200, 400 and 600, played side by side). In each
window every ship of the side playing gets one request at a time listing what it may fire
now — a broadside (``left``/``right``) at a target with its ammunition, the muskets or the
sharpshooter at a target — or ``None`` to hold its fire for the window. Each gun and each
marine fires at most once a part. Hits go to the target's ``pending`` (:func:`wound`): the
defender removes them in his next casualties step.

Why here: this module is the plugin (its hookimpls are the rule); the numbers live in
:mod:`dice_and_inches.fire_tables` and the geometry in :mod:`dice_and_inches.fire_geometry`.
:func:`options` (the legal fire orders of a ship now) and :func:`shoot` (carry one out) are
public for bots and tests; the boarding rule's defensive fire reads the same tables and the
crew rulings below.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from sog import hookimpl
from sog.geometry import Pose
from sog.hooktypes import Step

from .damage import free_men as men_aboard
from .fire_geometry import in_arc, line_clear, rakes
from .fire_tables import (
    HOT_SHOT_FIRE_ON,
    MUSKET_HIT,
    SHARPSHOOTER_HIT,
    SHARPSHOOTER_NEEDS,
    SHARPSHOOTER_RANGE,
    hit_result,
    to_hit,
)
from .state import DiceShip, Gun, wound
from .units import foremast, hull, inches, rocks

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from sog.decisions import DecisionRequest
    from sog.game import Game

__all__ = [
    "RULE",
    "FIRE_STEPS",
    "DECISION",
    "GUN_CREW",
    "GUN_CREW_FROM",
    "MUSKETEERS",
    "DOUBLINGS_STACK",
    "RAKING_DOUBLES",
    "HOT_SHOT_HEATING_PARTS",
    "HOLD",
    "options",
    "shoot",
    "free_men",
    "free_marines",
    "sighting",
    "sog_turn_steps",
    "sog_decision_kinds",
    "sog_event_kinds",
    "sog_decisions_needed",
    "sog_step_resolve",
]

RULE = "dice-fire"
#: The fire windows of a part: step name -> order (before, during and after the move).
FIRE_STEPS = {"fire-1": 200, "fire-2": 400, "fire-3": 600}
#: The decision kind: what to fire now (or ``None``: hold fire for this window).
DECISION = "fire-order"
#: The answer that holds fire for the rest of the window.
HOLD = None

# Rulings ----------------------------------------------------------------------------------

#: Ruling GUN_CREW: "minimum gun crew = 1 man": each gun fired in a part takes one man for the
#: part; a ship fires no more guns in a part than it has men free (guns fire in the order of
#: the ship's gun list).
GUN_CREW = 1

#: Ruling GUN_CREW_FROM: any man aboard may serve a gun (the damage rule's ``free_men``: men
#: not fighting fire); the marines are counted last, so guns take sailors and officers
#: first; a marine who fired small arms this part serves no gun, and a man at a gun fires no
#: musket.
GUN_CREW_FROM = ("sailors", "officers", "marines")

#: Ruling MUSKETEERS: small arms are the marines': a musket volley throws one die per marine
#: still free this part (not at a gun, not fighting fire, not the sharpshooter), at one
#: target within 3" in any direction (marines line either rail), once a part. The
#: sharpshooter is one of those marines (he fires before the volley, or not at all that part).
MUSKETEERS = "marines"

#: Ruling DOUBLINGS_STACK: the doublings (carronade, large land gun, raking) multiply: a
#: carronade raking a ship does four times the hit result.
DOUBLINGS_STACK = True

#: Ruling RAKING_DOUBLES: raking doubles the hits of cannon and carronades (any ammunition),
#: not swivels or small arms; a land battery has no length to rake.
RAKING_DOUBLES = frozenset({"cannon", "carronade"})

#: Ruling HOT_SHOT_HEATING_PARTS: a large battery's side heats hot shot for two whole parts
#: (not necessarily consecutive; its guns of that side fire nothing in a part they heat), then
#: may fire it in any later part. Firing that side with any ammunition uses the heated shot.
#: Hot shot is fired at ships only (a battery does not burn); it does shot damage, and each
#: hit throws a third die: 5 or 6 sets the target on fire.
HOT_SHOT_HEATING_PARTS = 2


# ------------------------------------------------------------------------------ reading


def _is_battery(ship: DiceShip) -> bool:
    return ship.battery is not None


def _pose(ship: DiceShip) -> Pose:
    return Pose(float(ship.pose.x), float(ship.pose.y), float(ship.pose.heading))


def _mast(game: Game, ship: DiceShip) -> tuple[float, float]:
    return foremast(game.ship_doc(ship), _pose(ship))


def _part(ship: DiceShip, turn: int, *, write: bool = False) -> dict[str, Any]:
    """This rule's record of the ship's current part: what fired, who held, hot shot heated.

    A record of an earlier part reads as a fresh one (hot shot heated carries over); it is
    only stored when ``write`` (so that asking changes nothing in the state).
    """
    data = ship.ext.get(RULE)
    if data is None or data.get("part") != turn:
        hot = dict((data or {}).get("hot_shot", {"left": 0, "right": 0}))
        data = {"part": turn, "crews": 0, "marines": 0, "muskets": False, "sharpshooter": False,
                "held": [], "heated": [], "hot_shot": hot}
        if write:
            ship.ext[RULE] = data
    return data


def free_men(ship: DiceShip, turn: int) -> int:
    """Men who may still serve a gun this part (ruling GUN_CREW_FROM)."""
    data = _part(ship, turn)
    return max(0, men_aboard(ship) - data["crews"] - data["marines"])


def free_marines(ship: DiceShip, turn: int) -> int:
    """Marines who may still fire small arms this part (ruling MUSKETEERS)."""
    data = _part(ship, turn)
    return max(0, min(ship.crew.marines - data["marines"], free_men(ship, turn)))


def sighting(game: Game, firer: DiceShip, target: DiceShip) -> tuple[float, bool]:
    """Distance in inches foremast to foremast, and whether the line between is clear."""
    a, b = _mast(game, firer), _mast(game, target)
    hulls = [hull(game, s) for s in game.ships_on_table() if s.id not in (firer.id, target.id)]
    return inches(math.dist(a, b)), line_clear(a, b, hulls, rocks(game))


def _unfired(ship: DiceShip, side: str, turn: int) -> list[tuple[int, Gun]]:
    return [(i, g) for i, g in enumerate(ship.guns) if g.side == side and g.fired_turn != turn]


def _enemies(game: Game, ship: DiceShip) -> list[DiceShip]:
    return [s for s in game.ships() if s.side != ship.side and isinstance(s, DiceShip)]


def options(game: Game, ship: DiceShip) -> list[dict[str, Any]]:
    """What ``ship`` may fire now: ``{"side", "target", "ammunition"}`` choices (``side`` is
    ``left``, ``right``, ``muskets`` or ``sharpshooter``; ``heat`` for hot shot), hold aside."""
    turn = game.state.turn
    data = _part(ship, turn)
    battery = _is_battery(ship)
    men = free_men(ship, turn)
    mast = _mast(game, ship)
    here = Pose(mast[0], mast[1], float(ship.pose.heading))
    seen = {t.id: (_mast(game, t), *sighting(game, ship, t)) for t in _enemies(game, ship)}
    found: list[dict[str, Any]] = []
    for side in ("left", "right"):
        guns = _unfired(ship, side, turn)
        if side in data["heated"] or not guns or men < GUN_CREW:
            continue
        for target_id, (point, distance, clear) in seen.items():
            if not clear or not in_arc(here, side, point, battery=battery):
                continue
            reach = [g for _, g in guns if to_hit(g.kind, distance, land=battery) is not None]
            if not reach:
                continue
            if all(g.kind == "swivel" for g in reach):
                ammunition: list[str | None] = [None]
            else:
                ammunition = ["shot", "grape"]
                target = game.ship(target_id)
                if data["hot_shot"][side] >= HOT_SHOT_HEATING_PARTS and not _is_battery(target):
                    ammunition.append("hot-shot")
            found += [{"side": side, "target": target_id, "ammunition": a} for a in ammunition]
        heatable = ship.battery == "large" and all(g.fired_turn != turn for g in ship.guns if g.side == side)
        if heatable and any(g.kind != "swivel" for _, g in guns) and data["hot_shot"][side] < HOT_SHOT_HEATING_PARTS:
            found.append({"side": side, "target": None, "ammunition": "heat"})
    marines = free_marines(ship, turn)
    for target_id, (_point, distance, clear) in seen.items():
        target = game.ship(target_id)
        if not clear or marines < 1:
            continue
        if not data["sharpshooter"] and distance <= SHARPSHOOTER_RANGE + 1e-9 \
                and target.crew.officers - target.pending.officers > 0:
            found.append({"side": "sharpshooter", "target": target_id, "ammunition": None})
        if not data["muskets"] and to_hit("musket", distance) is not None:
            found.append({"side": "muskets", "target": target_id, "ammunition": None})
    return found


# ------------------------------------------------------------------------------ firing


def _multiplier(firer: DiceShip, gun: Gun, raking: bool) -> int:
    factor = 1
    for doubled in (gun.kind == "carronade", firer.battery == "large", raking and gun.kind in RAKING_DOUBLES):
        if doubled:
            factor = factor * 2 if DOUBLINGS_STACK else 2
    return factor


def shoot(game: Game, firer: DiceShip, order: dict[str, Any]) -> None:
    """Carry out one fire order (a choice of :func:`options`): roll, and wound the target."""
    turn = game.state.turn
    data = _part(firer, turn, write=True)
    side, ammunition = order["side"], order.get("ammunition")
    if ammunition == "heat":
        data["heated"].append(side)
        data["hot_shot"][side] += 1
        game.emit("hot-shot-heated", ship=firer.id, side=side, parts=data["hot_shot"][side],
                  ready=data["hot_shot"][side] >= HOT_SHOT_HEATING_PARTS)
        return
    target: DiceShip = game.ship(order["target"])
    distance, _clear = sighting(game, firer, target)
    if side in ("muskets", "sharpshooter"):
        _small_arms(game, firer, target, side, distance)
        return
    body = hull(game, target)
    raking = None if _is_battery(target) else rakes(_pose(target), body.length, body.width, _mast(game, firer))
    for index, gun in _unfired(firer, side, turn):
        if free_men(firer, turn) < GUN_CREW:
            break
        need = to_hit(gun.kind, distance, land=_is_battery(firer))
        if need is None:
            continue  # out of this gun's range: it stays loaded
        gun.fired_turn = turn
        data["crews"] += GUN_CREW
        _fire_gun(game, firer, target, index, gun, ammunition, distance, need, raking)
    if _is_battery(firer):
        data["hot_shot"][side] = 0  # the heated shot is spent (or cold) once the side fires


def _fire_gun(game: Game, firer: DiceShip, target: DiceShip, index: int, gun: Gun, ammunition: str | None,
              distance: float, need: int, raking: str | None) -> None:
    [die] = game.roll(6, reason="fire-to-hit", ship=firer.id, target=target.id)
    result: int | None = None
    effect: dict[str, int] = {}
    fire: int | None = None
    if die >= need:
        column = "swivel" if gun.kind == "swivel" else ("grape" if ammunition == "grape" else "shot")
        [result] = game.roll(6, reason="hit-result", ship=firer.id, target=target.id)
        effect = hit_result(column, result, at_battery=_is_battery(target), small_battery=firer.battery == "small",
                            multiplier=_multiplier(firer, gun, raking is not None))
        wound(target, **effect)
        if ammunition == "hot-shot" and gun.kind != "swivel":
            [fire] = game.roll(6, reason="hot-shot", ship=firer.id, target=target.id)
            if fire in HOT_SHOT_FIRE_ON:
                target.fires += 1
                game.emit("fire-started", ship=target.id, by=firer.id, fires=target.fires)
    game.emit("gun-fired", ship=firer.id, gun=index, weapon=gun.kind, side=gun.side, target=target.id,
              ammunition=None if gun.kind == "swivel" else ammunition, range=round(distance, 2), need=need,
              die=die, result=result, hits=effect, raking=raking, fire_die=fire, line=_line(game, firer, target))


def _line(game: Game, firer: DiceShip, target: DiceShip) -> list[list[float]]:
    """The line of fire for the event (and the pictures): foremast to foremast, mm, to 0.1."""
    return [[round(x, 1), round(y, 1)] for x, y in (_mast(game, firer), _mast(game, target))]


def _small_arms(game: Game, firer: DiceShip, target: DiceShip, side: str, distance: float) -> None:
    data = _part(firer, game.state.turn, write=True)
    if side == "sharpshooter":
        dice = game.roll(6, reason="sharpshooter", ship=firer.id, target=target.id)
        data["sharpshooter"] = True
        data["marines"] += 1
        scored = sum(1 for d in dice if d >= SHARPSHOOTER_NEEDS)
        effect = {k: v * scored for k, v in SHARPSHOOTER_HIT.items()} if scored else {}
    else:
        count = free_marines(firer, game.state.turn)
        need = to_hit("musket", distance) or 7
        dice = game.roll(6, count, reason="muskets", ship=firer.id, target=target.id)
        data["muskets"] = True
        data["marines"] += count
        scored = sum(1 for d in dice if d >= need)
        effect = {k: v * scored for k, v in MUSKET_HIT.items()} if scored else {}
    wound(target, **effect)
    game.emit("small-arms-fired", ship=firer.id, by=side, target=target.id, range=round(distance, 2),
              dice=dice, hits=effect, line=_line(game, firer, target))


# ------------------------------------------------------------------------------ hooks


def _label(game: Game, ship: DiceShip, order: dict[str, Any] | None) -> str:
    """``right broadside, grape at Viper (4.5")``, ``muskets at Viper (2.0")``, ``hold fire``."""
    if order is None:
        return "hold fire"
    if order["ammunition"] == "heat":
        return f"{order['side']} guns: heat hot shot"
    target = game.ship(order["target"])
    distance, _clear = sighting(game, ship, target)
    side, ammunition = order["side"], order["ammunition"]
    if side in ("left", "right"):
        what = f"{side} swivels" if ammunition is None else f"{side} broadside, {ammunition}"
    else:
        what = side
    return f'{what} at {target.name} ({distance:.1f}")'


@hookimpl
def sog_turn_steps(game: Game) -> list[Step]:
    summaries = {"fire-1": "fire before moving", "fire-2": "fire after the first half move",
                 "fire-3": "fire after the move"}
    return [Step(name, order, summaries[name], per_side=True) for name, order in FIRE_STEPS.items()]


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return {DECISION: "what a ship fires now (a broadside with its ammunition, muskets, the sharpshooter, "
                      "hot shot to heat) and at whom, or hold fire for this window"}


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return {
        "gun-fired": "one gun fired: range, die needed and thrown, hit result and the hits scored, the line "
                     "of fire (foremast to foremast, mm)",
        "small-arms-fired": "a ship's muskets or sharpshooter fired: the dice and the hits scored, the line of fire",
        "hot-shot-heated": "a large battery's side heated hot shot for a part",
        "fire-started": "hot shot set a ship on fire",
    }


@hookimpl
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    if step.name not in FIRE_STEPS or game.active_side is None:
        return []
    requests = []
    for ship in game.ships(side=game.active_side):
        if not isinstance(ship, DiceShip) or step.name in _part(ship, game.state.turn)["held"]:
            continue
        found = options(game, ship)
        if not found:
            continue
        choices = [HOLD, *found]
        requests.append(game.make_request(
            rule=RULE, kind=DECISION, seat=ship.seat, ship=ship.id,
            prompt=f"{ship.name}: fire now, or hold fire?", choices=choices,
            labels=[_label(game, ship, c) for c in choices]))
    return requests


@hookimpl
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    for request, answer in answers:
        if request.rule != RULE:
            continue
        ship = game.ship(request.ship)
        if answer is HOLD:
            _part(ship, game.state.turn, write=True)["held"].append(step.name)
        else:
            shoot(game, ship, answer)
