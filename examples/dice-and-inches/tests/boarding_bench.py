"""A dice duel set up for boarding tests: two ships alongside, the other rules' decisions
answered by defaults, dice forced by the tests.

Movement and fire are switched off (``blocked``) in the tests of the boarding step itself, so
that the ships stay where the test puts them and no other rule throws dice; the whole-game
tests play with every rule.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import dice_and_inches
from sog.decisions import DecisionRequest
from sog.game import Game
from sog.packs.loader import load_library
from sog.pluginmanager import Catalogue, content_kinds, create_catalogue
from sog.setup import new_game
from sog.testing import Bench

CONTENT = Path(dice_and_inches.__file__).parent / "content"
INCH = 25.4
#: The rules that move ships and fire guns, off in the boarding step's own tests.
QUIET = ("dice-movement", "dice-fire")


@lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    return create_catalogue(extra=[dice_and_inches], entry_point_plugins=False)


@lru_cache(maxsize=1)
def library() -> Any:
    return load_library([CONTENT], kinds=content_kinds(catalogue()), entry_points=False)


def _fallback(request: DecisionRequest) -> Any:
    """Any other decision: the least (0 men, no fire, the first choice)."""
    if request.number is not None:
        return request.number.min
    for quiet in (None, "none", "hold"):
        if quiet in request.choices:
            return quiet
    return request.choices[0]


class BoardingBench(Bench):
    """A bench whose unscripted decisions are the least: no grapples, no cutting, no boarding."""

    fallback = staticmethod(_fallback)
    defaults: dict[str, Any] = {}


def duel(scenario: str = "dice-duel", seed: int = 1, blocked: tuple[str, ...] = QUIET) -> Game:
    """A new game with the dice-and-inches rules, ``blocked`` rules off."""
    blocked = tuple(b for b in blocked if b in catalogue().rules)
    return new_game(scenario, seed=seed, catalogue=catalogue(), library=library(), blocked=blocked)


def alongside(game: Game, a: str = "hornet", b: str = "swift", gap_in: float = 0.0) -> BoardingBench:
    """Put ``b`` alongside ``a``'s starboard side, both heading north, ``gap_in`` inches apart
    edge to edge (beams of 2 inches: centres 2 inches + gap apart)."""
    bench = BoardingBench(game)
    bench.put(a, 600.0, 700.0, 0.0)
    bench.put(b, 600.0 + (2.0 + gap_in) * INCH, 700.0, 0.0)
    return bench
