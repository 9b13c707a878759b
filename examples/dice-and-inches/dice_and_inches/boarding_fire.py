"""Defensive fire in a boarding: the one time a ship fires outside her own part.

The text (*Method of movement*, 1): while a boarding action is in progress the defender,
having removed his casualties, may fire: small arms of the survivors in all cases, and the
swivels and cannon that did not fire during his previous part. The numbers are the fire
rule's tables (:mod:`dice_and_inches.fire_tables`: the range table's 3" band, the hit-result
table) and its rulings on who serves guns and fires muskets (:mod:`dice_and_inches.fire`);
the men are lost through the damage rule (:mod:`dice_and_inches.damage`).

Dice are thrown in a fixed order, so a test can force them: each gun that fires, in the
order of the defender's gun list (a to-hit die, then a hit-result die if it hit), then one
die per musket, all in one throw.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from sog.geometry import relative_bearing

from .damage import apply_hits, check_morale, out_of_action
from .fire import GUN_CREW_FROM
from .fire_tables import MUSKET_HIT, hit_result, hits, to_hit
from .melee import take_men
from .state import DiceShip, Gun, Hits, wound

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game

__all__ = [
    "DEFENSIVE_CANNON_COLUMN", "DEFENSIVE_FIRE_MEN_AT_ONCE", "DEFENSIVE_GUNS_ONCE_PER_PART",
    "DEFENSIVE_GUN_CREW", "DEFENSIVE_GUN_READY", "DEFENSIVE_FIRE_SIDE", "DEFENSIVE_SMALL_ARMS",
    "defensive_fire", "facing_side", "musketeers", "previous_part_turn", "ready_guns",
]

# --------------------------------------------------------------------------- Rulings

DEFENSIVE_GUN_READY = "not fired in the defender's latest part"
"""Ruling: "did not fire during the previous turn of the defender" = the gun's ``fired_turn``
is not the turn of the defender's latest part before this boarding: this turn if his side's
part came before the attacker's in this turn's order, else the previous turn
(:func:`previous_part_turn`). A gun that fired earlier than that may fire; one that never
fired may fire."""

DEFENSIVE_GUNS_ONCE_PER_PART = True
"""Ruling: a gun gives defensive fire at most once in an attacker's part (against the first
boarding of the defender in it that it bears on); small arms fire at every boarding ("in all
cases").
Defensive fire does not mark the gun's ``fired_turn``: the text limits it only by the
defender's previous part, and it does not take the gun's fire in his own next part."""

DEFENSIVE_FIRE_SIDE = "the side facing the boarder"
"""Ruling: the defender's guns (cannon, carronades, swivels) that may fire are those of the
broadside facing the boarder: ``right`` when the boarder's hull centre lies to starboard of
the defender's heading (relative bearing 0 to 180 degrees, both included), else ``left``.
Ships lashed together lie alongside, so no arc test is needed; there is no raking."""

DEFENSIVE_GUN_CREW = 1
"""Ruling (minimum gun crew = 1 man): each gun fired needs one man free (not fighting fire,
not cutting grapples); guns are served first, in gun-list order, by the men the fire rule
sets to guns (its ``GUN_CREW_FROM``: sailors, then officers, marines last); a man at a gun
fires no musket."""

DEFENSIVE_SMALL_ARMS = "the surviving marines"
"""Ruling: the "small arms of survivors" are the muskets of the marines who survived the
casualties (one ruling for the system on who fires small arms: the fire rule's
``MUSKETEERS``): one die per marine aboard who is not fighting fire, cutting grapples or
serving a gun, every time the ship is boarded. The sharpshooter fires only in his own side's
part."""

DEFENSIVE_CANNON_COLUMN = "grape"
"""Ruling: cannon and carronades firing at boarders read the hit-result table's grape column
(the load against men); carronades double every hit (the text). Swivels read the swivel
column; muskets hit on 5 or 6 within 3" and each hit kills a man (the fire rule's
``MUSKET_HIT``). The range is the hulls' edge-to-edge distance (for lashed ships, within the
3" band)."""

DEFENSIVE_FIRE_MEN_AT_ONCE = True
"""Ruling: the boarders' men hit by defensive fire fall at once, before the melee (the
defensive fire exists to thin the boarding party); the other hits it scores (hull, rigging,
guns) wait in ``pending`` for the attacker's next casualties step, like any fire. Losing
his last officer this way makes the attacker check morale at once."""


# --------------------------------------------------------------------------- pure parts


def previous_part_turn(side_order: Sequence[str], attacker_side: str, defender_side: str, turn: int) -> int:
    """The turn of the defender's latest part before the attacker's part of ``turn``."""
    order = list(side_order)
    if defender_side in order and attacker_side in order and order.index(defender_side) < order.index(attacker_side):
        return turn
    return turn - 1


def facing_side(defender_pose: Any, attacker_xy: tuple[float, float]) -> str:
    """The broadside of the defender facing a point (see :data:`DEFENSIVE_FIRE_SIDE`)."""
    rb = relative_bearing(defender_pose, attacker_xy)
    return "right" if 0.0 <= rb <= 180.0 else "left"


def ready_guns(guns: Sequence[Gun], side: str, previous_turn: int) -> list[int]:
    """Indices of the guns of ``side`` that may give defensive fire."""
    return [i for i, g in enumerate(guns) if g.side == side and g.fired_turn != previous_turn]


def musketeers(free: Mapping[str, int], gun_crews: int) -> int:
    """Muskets of a defensive fire: the free marines left once ``gun_crews`` men serve guns."""
    return take_men(free, gun_crews, GUN_CREW_FROM)[0]["marines"]


# --------------------------------------------------------------------------- with the game


def _side_order(game: Game) -> list[str]:
    order = list(getattr(game.state, "side_order", None) or [])
    return order or list(game.state.sides)


def defensive_fire(game: Game, defender: DiceShip, attacker: DiceShip, distance_in: float,
                   free: Mapping[str, int], spent: Sequence[int] = ()) -> dict[str, Any]:
    """The defender fires at the boarders; returns the event data (what fired, what hit).

    :param distance_in: the hulls' edge-to-edge distance, in inches.
    :param free: the defender's men free to fire, by kind (not fighting fire, not cutting
        grapples: :func:`dice_and_inches.boarding.available_men`).
    :param spent: indices of the defender's guns that already gave defensive fire in this
        part (:data:`DEFENSIVE_GUNS_ONCE_PER_PART`).
    """
    previous = previous_part_turn(_side_order(game), attacker.side, defender.side, game.state.turn)
    side = facing_side(defender.pose, (attacker.pose.x, attacker.pose.y))
    ready = [i for i in ready_guns(defender.guns, side, previous)
             if i not in spent and to_hit(defender.guns[i].kind, distance_in) is not None]
    guns = ready[:max(0, sum(free.values()) // DEFENSIVE_GUN_CREW)]
    total = Hits()
    fired: list[dict[str, Any]] = []
    for index in guns:
        gun = defender.guns[index]
        need = to_hit(gun.kind, distance_in) or 7
        (die,) = game.roll(6, reason="defensive-fire", ship=defender.id, gun=index)
        shot: dict[str, Any] = {"gun": index, "kind": gun.kind, "need": need, "die": die, "effect": {}}
        if hits(die, need):
            (result,) = game.roll(6, reason="hit-result", ship=defender.id, gun=index)
            column = "swivel" if gun.kind == "swivel" else DEFENSIVE_CANNON_COLUMN
            effect = hit_result(column, result, multiplier=2 if gun.kind == "carronade" else 1)
            shot.update(result=result, effect=effect)
            for kind, n in effect.items():
                setattr(total, kind, getattr(total, kind) + n)
        fired.append(shot)
    muskets = musketeers(free, DEFENSIVE_GUN_CREW * len(guns))
    musket_need = to_hit("musket", distance_in)
    musket_dice: list[int] = []
    if muskets and musket_need is not None:
        musket_dice = game.roll(6, muskets, reason="small-arms", ship=defender.id)
        for _ in range(sum(1 for d in musket_dice if hits(d, musket_need))):
            for kind, n in MUSKET_HIT.items():
                setattr(total, kind, getattr(total, kind) + n)
    men = Hits(crew=total.crew, officers=total.officers)
    fx = apply_hits(attacker, men)
    wound(attacker, hull=total.hull, rigging=total.rigging, guns=total.guns)
    data = {"ship": defender.id, "target": attacker.id, "side": side, "guns": fired,
            "muskets": muskets, "musket_dice": musket_dice, "men_lost": dict(fx.crew),
            "pending": {"hull": total.hull, "rigging": total.rigging, "guns": total.guns}}
    game.emit("defensive-fire", **data)
    check_morale(game, attacker, fx.officers_before)
    if attacker.in_play and (why := out_of_action(attacker)):
        game.remove_ship(attacker.id, why)
    return data
