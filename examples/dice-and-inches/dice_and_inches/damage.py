"""Casualties, damage limits, fires and morale: the ``dice-damage`` rule.

The text's damage paragraphs, as one rule:

* *The defender removes all casualties before his move and fire* (Method of movement, 1):
  hits scored on a ship wait in ``ship.pending`` (:func:`dice_and_inches.state.wound`) and
  come off in the first step of the ship's side's part, ``casualties`` (order 100). In a
  boarding the defender's casualties come off at once: the boarding rule calls
  :func:`take_off`.
* *Damage limits*: hull 8 (the ship sinks), rigging 3 (dismasted: dead in the water for one
  part while a jury mast is rigged, half speed after), jury mast 1 (one rigging hit brings
  it down; another is rigged, again with a part dead in the water). Guns and men are removed
  as lost; a gun needs one man to serve it (*minimum gun crew*, :func:`guns_served`).
* *Fires and firefighting*: hot shot sets a fire (the fire rule adds to ``ship.fires``); in
  the ship's next part its side may set men to fight the fires (a number decision, men who
  then do nothing else: ``ship.fire_fighters``); each man throws a die and each 6 puts out
  one fire. A fire still burning does one hull, one rigging and one crew damage, and a die
  is thrown for it: on a 1 the ship explodes.
* *Morale*: when the last officer is lost a die is thrown: 1-4 the ship surrenders, 5-6 she
  fights on and a man steps up as officer.

Where the text is silent the rulings in :mod:`dice_and_inches.rulings` decide (which men and
guns are lost, what a battery can lose, a ship with no men).

This module is the rule's plugin: its ``@hookimpl`` functions are the hooks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sog import hookimpl
from sog.decisions import NumberRange
from sog.hooktypes import Step

from .rulings import (
    CREW_LOSS_ORDER,
    DISMASTED_PARTS,
    FIRE_DAMAGE,
    HULL_LIMIT,
    JURY_MAST_LIMIT,
    MORALE_FIGHT_ON,
    RIGGING_LIMIT,
    lost_gun_index,
)
from .state import DiceShip, Hits

if TYPE_CHECKING:  # pragma: no cover
    from sog.decisions import DecisionRequest
    from sog.game import Game

__all__ = [
    "RULE_NAME", "STEP", "Effects", "apply_hits", "take_off", "check_morale", "remove_men",
    "free_men", "guns_served", "out_of_action", "burn",
]

RULE_NAME = "dice-damage"
STEP = "casualties"
FIGHT_FIRE = "fight-fire"
_EXPLODES_ON = 1

EVENT_KINDS = {
    "casualties-taken": "A ship took off the hits scored on it: hull, rigging, sailors, marines, officers lost (counts), guns lost (their kinds).",
    "dismasted": "A ship lost all her rigging (or her jury mast): dead in the water while a jury mast is rigged.",
    "fire-fought": "Men fought the fires aboard a ship: how many, how many fires were put out.",
    "fire-burns": "Fires still burning damaged their ship (hull, rigging, men lost) and a die was thrown for each (1: she explodes).",
    "morale-check": "A ship lost her last officer and threw a die: surrender (1-4) or fight on (5-6).",
}
DECISION_KINDS = {
    FIGHT_FIRE: "How many men fight the fires aboard (each needs a 6 to put one out; they do nothing else this part).",
}


@dataclass
class Effects:
    """What taking hits off a ship did (for events and tests)."""

    hull: int = 0
    rigging: int = 0
    crew: dict[str, int] = field(default_factory=dict)
    guns: list[str] = field(default_factory=list)
    dismasted: bool = False
    jury_mast_lost: bool = False
    sunk: bool = False
    officers_before: int = 0

    def data(self) -> dict[str, Any]:
        """What was lost, for an event: only the non-zero items (hull, rigging, sailors,
        marines, officers as counts; guns as the list of their kinds)."""
        counts = {"hull": self.hull, "rigging": self.rigging, **self.crew}
        data: dict[str, Any] = {k: v for k, v in counts.items() if v}
        if self.guns:
            data["guns"] = list(self.guns)
        return data


# --------------------------------------------------------------------------- pure parts


def free_men(ship: DiceShip) -> int:
    """Men aboard who are not fighting fire (they may serve guns, fire small arms, board)."""
    return max(0, ship.crew.men - ship.fire_fighters)


def guns_served(ship: DiceShip) -> int:
    """How many guns the ship can fire now: one man serves one gun (minimum gun crew)."""
    return min(len(ship.guns), free_men(ship))


def remove_men(ship: DiceShip, count: int, order: tuple[str, ...] = CREW_LOSS_ORDER) -> dict[str, int]:
    """Take ``count`` men off ``ship``, each from the first kind in ``order`` that has one.

    :return: men removed by kind (``sailors``, ``marines``, ``officers``).
    """
    removed: dict[str, int] = {}
    for _ in range(count):
        kind = next((k for k in order if getattr(ship.crew, k) > 0), None)
        if kind is None:
            break
        setattr(ship.crew, kind, getattr(ship.crew, kind) - 1)
        removed[kind] = removed.get(kind, 0) + 1
    return removed


def _merge(into: dict[str, int], more: dict[str, int]) -> None:
    for kind, n in more.items():
        into[kind] = into.get(kind, 0) + n


def _rigging_hit(ship: DiceShip, fx: Effects) -> None:
    handling = ship.handling
    if ship.hits.rigging < RIGGING_LIMIT:
        ship.hits.rigging += 1
        fx.rigging += 1
        if ship.hits.rigging >= RIGGING_LIMIT:
            fx.dismasted = True
            handling.dead_in_water = max(handling.dead_in_water, DISMASTED_PARTS)
            handling.jury_mast = True
        return
    # All rigging gone: what stands is a jury mast; JURY_MAST_LIMIT hits bring it down.
    jury = ship.ext.setdefault(RULE_NAME, {})
    jury["jury_hits"] = jury.get("jury_hits", 0) + 1
    fx.rigging += 1
    if jury["jury_hits"] >= JURY_MAST_LIMIT:
        jury["jury_hits"] = 0
        jury["jury_masts_lost"] = jury.get("jury_masts_lost", 0) + 1
        if handling.dead_in_water == 0:
            fx.jury_mast_lost = True
        handling.dead_in_water = max(handling.dead_in_water, DISMASTED_PARTS)
        handling.jury_mast = True  # another is rigged while she lies dead in the water


def apply_hits(ship: DiceShip, hits: Hits) -> Effects:
    """Put ``hits`` on ``ship``: hull, rigging, guns, men, officers, with the damage limits.

    Pure state change (no dice, no events). A land battery has no hull or rigging to hit:
    such hits are ignored (ruling BATTERY_DAMAGE). ``fx.sunk`` says the hull limit is reached;
    the caller takes the ship out of play.
    """
    fx = Effects(officers_before=ship.crew.officers)
    if ship.battery is None:
        ship.hits.hull += hits.hull
        fx.hull = hits.hull
        for _ in range(hits.rigging):
            _rigging_hit(ship, fx)
        fx.sunk = ship.hits.hull >= HULL_LIMIT
    for _ in range(hits.guns):
        index = lost_gun_index(ship.guns)
        if index is None:
            break
        fx.guns.append(ship.guns.pop(index).kind)
    officers = remove_men(ship, hits.officers, ("officers",))
    _merge(fx.crew, officers)
    _merge(fx.crew, remove_men(ship, hits.crew + hits.officers - officers.get("officers", 0)))
    return fx


def out_of_action(ship: DiceShip) -> str | None:
    """Why a ship with no more fight in her leaves play, or ``None`` (ruling NO_MEN_NO_GUNS):
    a ship with no man aboard is ``abandoned``; a battery with no man or no gun ``silenced``."""
    if ship.battery is not None:
        return "silenced" if ship.crew.men == 0 or not ship.guns else None
    return "abandoned" if ship.crew.men == 0 else None


# --------------------------------------------------------------------------- with the game


def check_morale(game: Game, ship: DiceShip, officers_before: int) -> None:
    """Morale check when ``ship`` has just lost her last officer (she had ``officers_before``):
    1-4 she surrenders, 5-6 she fights on and a sailor (else a marine) becomes her officer."""
    if officers_before == 0 or ship.crew.officers > 0 or not ship.in_play or ship.crew.men == 0:
        return
    (die,) = game.roll(6, reason="morale", ship=ship.id)
    fight_on = die in MORALE_FIGHT_ON
    game.emit("morale-check", ship=ship.id, roll=die, result="fight-on" if fight_on else "surrender")
    if fight_on:
        kind = "sailors" if ship.crew.sailors else "marines"
        setattr(ship.crew, kind, getattr(ship.crew, kind) - 1)
        ship.crew.officers += 1
    else:
        game.remove_ship(ship.id, "surrendered")


def _settle(game: Game, ship: DiceShip, fx: Effects, cause: str) -> None:
    """Events and consequences of hits put on ``ship``: dismasting, sinking, morale, no men."""
    if fx.dismasted or fx.jury_mast_lost:
        game.emit("dismasted", ship=ship.id, jury_mast_lost=fx.jury_mast_lost, cause=cause)
    if fx.sunk:
        game.remove_ship(ship.id, "sunk")
        return
    check_morale(game, ship, fx.officers_before)
    if ship.in_play and (why := out_of_action(ship)):
        game.remove_ship(ship.id, why)


def take_off(game: Game, ship: DiceShip) -> Effects:
    """Take the hits pending on ``ship`` off now (its casualties step, or a boarding's
    defender), with every consequence: dismasting, sinking, morale check, abandonment."""
    hits = ship.pending
    ship.pending = Hits()
    if not hits.any() or not ship.in_play:
        return Effects(officers_before=ship.crew.officers)
    fx = apply_hits(ship, hits)
    game.emit("casualties-taken", ship=ship.id, **fx.data())
    _settle(game, ship, fx, "casualties")
    return fx


def burn(game: Game, ship: DiceShip) -> None:
    """Every fire still burning aboard does its damage now, then a die per fire: 1 explodes."""
    if ship.fires == 0 or not ship.in_play:
        return
    fires = ship.fires
    fx = apply_hits(ship, Hits(hull=FIRE_DAMAGE * fires, rigging=FIRE_DAMAGE * fires, crew=FIRE_DAMAGE * fires))
    dice = game.roll(6, fires, reason="fire-explosion", ship=ship.id)
    game.emit("fire-burns", ship=ship.id, fires=fires, dice=dice, **fx.data())
    if _EXPLODES_ON in dice:
        game.remove_ship(ship.id, "exploded")
        return
    _settle(game, ship, fx, "fire")


def _active(game: Game) -> list[DiceShip]:
    return [s for s in game.ships(side=game.active_side)]  # type: ignore[misc]


def _fire_asked(ship: DiceShip, turn: int) -> bool:
    return ship.ext.get(RULE_NAME, {}).get("fire_turn") == turn


# --------------------------------------------------------------------------- hooks


@hookimpl
def sog_turn_steps(game: Game) -> list[Step]:
    return [Step(STEP, 100, "The side's ships take off the hits scored on them, fight fires, check morale.", per_side=True)]


@hookimpl
def sog_event_kinds() -> dict[str, str]:
    return dict(EVENT_KINDS)


@hookimpl
def sog_decision_kinds() -> dict[str, str]:
    return dict(DECISION_KINDS)


@hookimpl
def sog_step_begin(game: Game, step: Step) -> None:
    if step.name != STEP:
        return
    for ship in _active(game):
        ship.fire_fighters = 0
        take_off(game, ship)


@hookimpl
def sog_decisions_needed(game: Game, step: Step) -> list[DecisionRequest]:
    if step.name != STEP:
        return []
    requests = []
    for ship in _active(game):
        if ship.fires == 0 or _fire_asked(ship, game.state.turn):
            continue
        ship.ext.setdefault(RULE_NAME, {})["fire_turn"] = game.state.turn
        requests.append(game.make_request(
            rule=RULE_NAME, kind=FIGHT_FIRE, seat=ship.seat, ship=ship.id,
            prompt=f"{ship.name} is on fire ({ship.fires}): how many men fight the fire? Each needs a 6.",
            number=NumberRange(min=0, max=ship.crew.men, step=1, unit="men"),
        ))
    return requests


@hookimpl
def sog_step_resolve(game: Game, step: Step, answers: list[tuple[DecisionRequest, Any]]) -> None:
    for request, answer in answers:
        if request.rule != RULE_NAME or request.kind != FIGHT_FIRE:
            continue
        ship = game.ship(request.ship)  # type: ignore[arg-type]
        men = int(answer)
        ship.fire_fighters = men
        dice = game.roll(6, men, reason="fight-fire", ship=ship.id) if men else []
        out = min(ship.fires, dice.count(6))
        ship.fires -= out
        game.emit("fire-fought", ship=ship.id, men=men, dice=dice, extinguished=out, fires=ship.fires)


@hookimpl
def sog_step_end(game: Game, step: Step) -> None:
    if step.name != STEP:
        return
    for ship in _active(game):
        burn(game, ship)
