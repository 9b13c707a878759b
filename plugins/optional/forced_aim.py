"""Forced aim (rulebook p. 36): a broadside may fire only at the nearest ship it bears on.

When a broadside fires, its target must be the nearest ship the ruler reaches from that
side, over all three of its firing arcs (from each arc's dot, inside the arc, with line of
sight, as for any shot). If that nearest ship is a friend, the broadside cannot fire at all.
Firing stays optional.

The rule narrows the choices of every request that aims a broadside — the combat rule's
``fire`` and the continuous-fire rule's ``continuous-fire`` — through ``sog_legal_choices``:
choices aiming at another ship are removed; holding fire, and (Standard rules) firing with
no target to empty the guns, stay.

Rulings:

* ``ANY_ARC``: the broadside may use any of its arcs that reaches the nearest target (the
  text fixes the target, not the arc).
* ``TIE``: ships whose distances differ by at most 0.5 mm are equally near; a friend among
  the nearest stops the broadside; otherwise any of the nearest enemies may be the target.
* ``BATTERY_TARGETS``: a coastal battery is one broadside (p. 47): it keeps only its shots at
  the nearest enemy its arcs reach (its ``battery-fire`` choices carry the distances).
* ``NO_TARGET_SHOT``: emptying the guns with no target (Standard ammunition rule) aims at
  nobody, so this rule leaves it.
* Obstacles (:meth:`sog.game.Game.obstacles`, e.g. the surrendered-ships option's wrecks) are
  no targets and block the ruler like any base; land on the table blocks it as for any shot
  (p. 45, :func:`sog.plugins.system.tabletop.sight_reach`).
"""

from __future__ import annotations

import sys
from typing import Any

from sog import hookimpl
from sog.dispatch import acts_on
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.plugins.optional.levels import ALL_LEVELS
from sog.plugins.system import sails_rule
from sog.plugins.system.state import SailsShipState
from sog.plugins.system.nearest import broadside_distances, nearest_targets
from sog.plugins.system.tabletop import SIDES

NAME = "forced-aim"
#: Request kinds that aim a broadside at a target.
AIMED_KINDS = ("fire", "continuous-fire")
#: Ruling: any arc reaching the nearest target may be used.
ANY_ARC = True
#: Ruling: distances within this many mm are equally near.
TIE = 0.5
#: The decision of a coastal battery's fire (the battery-fire rule's).
BATTERY_FIRE = "battery-fire"
#: Ruling: a battery measures only the enemies its arcs reach (its choices): its red dots
#: stand on land where no friend blocks as a base does.
BATTERY_TARGETS = "the nearest of the targets its choices reach"
#: Ruling: a shot with no target is left to the player.
NO_TARGET_SHOT = "allowed"


def distances(game: Game, ship: SailsShipState, side: str) -> dict[str, float]:
    """The ruler distance from ``side``'s arcs to every ship and target on land it reaches, friend or foe
    (:func:`sog.plugins.system.nearest.broadside_distances`)."""
    return broadside_distances(game, ship, side)


def allowed_targets(game: Game, ship: SailsShipState, side: str) -> set[str]:
    """The enemies ``side`` may fire at: the nearest ships, unless a friend is among them."""
    return set(nearest_targets(game, ship, side, TIE))


def _aims(choice: Any) -> bool:
    return isinstance(choice, dict) and choice.get("target") is not None


@hookimpl
@acts_on(BATTERY_FIRE, *AIMED_KINDS)
def sog_legal_choices(game: Game, request: DecisionRequest, choices: list[Any]) -> list[Any] | None:
    """Keep only the shots at the nearest target (none if a friend is nearest)."""
    if request.kind == BATTERY_FIRE:
        return _battery_nearest(choices)
    if request.kind not in AIMED_KINDS or request.ship is None:
        return None
    side = next((c["side"] for c in choices if _aims(c) and c.get("side") in SIDES), None)
    if side is None:
        return None
    allowed = allowed_targets(game, game.ship(request.ship), side)
    kept = [c for c in choices if not _aims(c) or c["target"] in allowed]
    return None if kept == choices else kept


def _battery_nearest(choices: list[Any]) -> list[Any] | None:
    """A coastal battery, one broadside (p. 47), keeps only its shots at the nearest target its
    arcs reach (ruling ``BATTERY_TARGETS``), through any arc that reaches it (``ANY_ARC``)."""
    aimed = [c for c in choices if _aims(c)]
    if not aimed:
        return None
    nearest = {}
    for c in aimed:
        nearest[c["target"]] = min(nearest.get(c["target"], c["distance"]), c["distance"])
    best = min(nearest.values())
    kept = [c for c in choices if not _aims(c) or nearest[c["target"]] <= best + TIE]
    return None if kept == choices else kept


RULE = sails_rule(NAME, "A broadside fires only at the nearest ship it reaches (all arcs); if that ship is a friend it cannot fire.",
            ALL_LEVELS, sys.modules[__name__], kind="option", pages="rulebook p. 36")
