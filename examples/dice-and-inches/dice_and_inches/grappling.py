"""Grappling: who may throw grapples at whom, how many hold, how many are cut.

The text (*Grappling*): the attacker assigns men to throw grapples (they do nothing else in
the boarding action); one die per man, each 5 or 6 is a grapple; the defender assigns as
many men as he likes to cut them, each 6 cutting one grapple, or accepts the grapples and
fights with his whole crew. If a grapple holds the ships are lashed together; a collision
bow to beam entangles them "as if grappled" (the movement rule lists both in ``lashed``).

The counting functions are pure (the boarding rule's cutting of grapples and its cutting loose
of lashed ships both count with :func:`grapples_cut`); :func:`within_reach` reads the ships'
hulls on the table (:func:`dice_and_inches.units.hull`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .units import INCH, hull

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game

__all__ = [
    "CUT_ON", "GRAPPLE_ON", "GRAPPLE_REACH_INCHES", "INCH", "grapples_cut", "grapples_held",
    "grapples_thrown", "lash", "unlash", "within_reach",
]

# --------------------------------------------------------------------------- Rulings

GRAPPLE_ON: tuple[int, ...] = (5, 6)
"""A thrown grapple holds on a 5 or 6 (the text), one die per man assigned."""

CUT_ON: int = 6
"""A grapple is cut on a 6 (the text), one die per man assigned to cut; ruling: each 6 cuts
one grapple, and sixes beyond the grapples thrown are wasted."""

GRAPPLE_REACH_INCHES: float = 1.0
"""Ruling: the text gives no reach for grapples; a ship may throw them at an enemy ship whose
hull is within 1 inch of hers, edge to edge (touching or overlapping counts: 0 inches). The
hull is the rectangle of the ship document's ``length`` × ``beam`` (inches) centred on the
ship's pose. Land batteries are never grappled or boarded (they are not ships afloat)."""


# --------------------------------------------------------------------------- counting


def grapples_thrown(dice: Iterable[int]) -> int:
    """How many grapples hold of those thrown (one die per man)."""
    return sum(1 for d in dice if d in GRAPPLE_ON)


def grapples_cut(grapples: int, dice: Iterable[int]) -> int:
    """How many of ``grapples`` the cutters' ``dice`` cut (a 6 each, at most all of them)."""
    return min(grapples, sum(1 for d in dice if d == CUT_ON))


def grapples_held(grapples: int, dice: Iterable[int]) -> int:
    """How many grapples still hold after the cutters threw ``dice``."""
    return grapples - grapples_cut(grapples, dice)


# --------------------------------------------------------------------------- the table


def within_reach(game: Game, ship: Any, other: Any) -> bool:
    """Whether ``ship`` may throw grapples at ``other`` (see :data:`GRAPPLE_REACH_INCHES`)."""
    if getattr(ship, "battery", None) or getattr(other, "battery", None):
        return False
    return hull(game, ship).distance(hull(game, other)) <= GRAPPLE_REACH_INCHES * INCH + 1e-6


def lash(ship: Any, other: Any) -> None:
    """Lash two ships together: each lists the other in ``lashed``."""
    if other.id not in ship.lashed:
        ship.lashed.append(other.id)
    if ship.id not in other.lashed:
        other.lashed.append(ship.id)


def unlash(ships: Iterable[Any], ship_id: str) -> None:
    """Strike ``ship_id`` from the ``lashed`` list of every ship in ``ships``."""
    for s in ships:
        if ship_id in s.lashed:
            s.lashed.remove(ship_id)
