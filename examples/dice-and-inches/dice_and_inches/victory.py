"""Who wins a dice-and-inches battle: the ``dice-victory`` rule.

The text sets no victory condition: its battles go on until one side has no ship left
fighting. The rule declares the victory kind ``last-side-afloat``
(:data:`dice_and_inches.rulings.VICTORY_KIND`):

* a side wins as soon as every other side has no ship in play (land batteries do not count:
  :data:`~dice_and_inches.rulings.BATTERIES_DO_NOT_HOLD_THE_SEA`); when no side has one
  left, the game is a draw;
* at the scenario's ``max_turns`` the side whose pieces suffered the fewest loss points
  wins, equal losses are a draw (:data:`~dice_and_inches.rulings.LOSS_POINTS`).

This module is the rule's plugin.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sog import hookimpl
from sog.hooktypes import Outcome

from .rulings import SHIP_LOST_POINTS, VICTORY_KIND

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game

__all__ = ["RULE_NAME", "VICTORY_KIND", "loss_points", "side_losses", "decide"]

RULE_NAME = "dice-victory"


def _count(doc: Any, name: str) -> int:
    crew = doc.crew
    return crew.sailors + crew.marines + crew.officers if name == "men" else len(doc.guns)


def loss_points(ship: Any, doc: Any) -> int:
    """A piece's loss points: hull and rigging hits, men and guns lost since the start, hits
    scored on her but not yet taken off, and :data:`SHIP_LOST_POINTS` more if she is out of
    play."""
    jury = ship.ext.get("dice-damage", {}).get("jury_masts_lost", 0)
    pending = ship.pending
    points = ship.hits.hull + ship.hits.rigging + jury
    points += pending.hull + pending.rigging + pending.crew + pending.guns + pending.officers
    points += max(0, _count(doc, "men") - ship.crew.men) + max(0, _count(doc, "guns") - len(ship.guns))
    return points + (0 if ship.in_play else SHIP_LOST_POINTS)


def side_losses(game: Game) -> dict[str, int]:
    """Loss points of every side, in the scenario's side order."""
    losses = {side.id: 0 for side in game.content.scenario(game.state.scenario).sides}
    for ship in game.ships(in_play=False):
        losses[ship.side] = losses.get(ship.side, 0) + loss_points(ship, game.ship_doc(ship))
    return losses


def decide(game: Game) -> Outcome | None:
    """The outcome now, or ``None`` to play on (see the module docstring)."""
    sides = [side.id for side in game.content.scenario(game.state.scenario).sides]
    afloat = [s for s in sides if any(ship.battery is None for ship in game.ships(side=s))]  # type: ignore[attr-defined]
    if len(afloat) == 1:
        return Outcome(afloat[0], f"{afloat[0]} is the last side with a ship afloat")
    if not afloat:
        return Outcome(None, "no side has a ship afloat")
    if not game.state.turn_limit_reached:
        return None
    losses = side_losses(game)
    best = min(losses[s] for s in sides)
    winners = [s for s in sides if losses[s] == best]
    summary = ", ".join(f"{s} {losses[s]}" for s in sides)
    if len(winners) == 1:
        return Outcome(winners[0], f"turn limit: {winners[0]} suffered the fewest losses ({summary})")
    return Outcome(None, f"turn limit: equal losses ({summary})")


@hookimpl
def sog_victory_kinds() -> dict[str, str]:
    return {VICTORY_KIND: "The last side with a ship afloat wins; at the turn limit, the side with the fewest losses."}


@hookimpl
def sog_check_victory(game: Game) -> Outcome | None:
    if game.content.scenario(game.state.scenario).victory.kind != VICTORY_KIND:
        return None
    return decide(game)
