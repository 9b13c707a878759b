"""Dice: rolled with the game's seeded generator, logged, and forced by tests.

Game systems that roll dice (rather than draw counters) call :meth:`sog.game.Game.roll`.
Each roll is a ``dice-rolled`` event, so a replay checks every result; tests reproduce a
worked example with :meth:`sog.game.Game.stack_dice`, whose forced results are kept in the
state (hidden from every view, like the pools' order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sog.errors import PluginError

if TYPE_CHECKING:  # pragma: no cover
    from sog.game import Game

__all__ = ["roll"]


def roll(game: Game, sides: int, count: int = 1, *, reason: str, **details: Any) -> list[int]:
    """Roll ``count`` dice of ``sides`` sides; forced results (``stack_dice``) come first.

    :raises PluginError: bad dice, or a forced result such a die cannot show.
    """
    if sides < 2 or count < 1:
        raise PluginError(f"cannot roll {count} dice of {sides} sides ({reason})")
    results = []
    for _ in range(count):
        if game.state.stacked_dice:
            value = game.state.stacked_dice.pop(0)
            if not 1 <= value <= sides:
                raise PluginError(f"a forced die result {value} cannot come from a {sides}-sided die ({reason})")
        else:
            value = game.rng.randbelow(sides) + 1
        results.append(value)
    game.emit("dice-rolled", sides=sides, count=count, results=results, reason=reason, **details)
    return results
