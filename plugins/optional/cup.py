"""A cup of plain counters kept in a rule's state: draw at random, return, stack for tests.

The variable-wind rules draw change counters from small cups. A cup is a dict with
``cup`` (the counters still in it, sorted: the cup has no order a view could leak) and
``stacked`` (draws forced by tests, taken first, in order). All randomness is the game's RNG.
"""

from __future__ import annotations

from typing import Any

from sog.errors import PluginError
from sog.game import Game

__all__ = ["back", "draw", "stack"]


def stack(own: dict[str, Any], counters: list[str], what: str) -> None:
    """Force the next draws; each must be in the cup and not stacked already.

    :raises PluginError: naming the ``what`` counter that is not in the cup.
    """
    free = list(own["cup"])
    for name in own["stacked"]:
        free.remove(name)
    for name in counters:
        if name not in free:
            raise PluginError(f"no {name!r} {what} counter left in the cup to stack")
        free.remove(name)
        own["stacked"].append(name)


def draw(game: Game, own: dict[str, Any]) -> str:
    """Take one counter out of the cup (a stacked one first, else at random)."""
    cup: list[str] = own["cup"]
    name = own["stacked"].pop(0) if own["stacked"] else cup[game.rng.randbelow(len(cup))]
    cup.remove(name)
    return name


def back(own: dict[str, Any], *names: str) -> None:
    """Put counters back into the cup."""
    own["cup"].extend(names)
    own["cup"].sort()
