"""Bots: controllers that decide from a seat's view only.

``make_bot(name, seed, seat, system)`` builds one by name; ``bots_for(system)`` lists them:
the core's ``random`` bot (any game) and the bots a game system brings (its best first). A bot's own random
choices use its own generator seeded from the game seed and seat, never the game's RNG, so
replays (which take decisions from the log) draw exactly the same counters.
"""

from __future__ import annotations

from collections.abc import Callable

from sog.bots.random_bot import RandomBot
from sog.game import Controller
from sog.systems import GameSystem

__all__ = ["BOTS", "RandomBot", "bots_for", "default_bot", "make_bot"]

#: The bots of every game: a uniformly random legal choice.
BOTS: dict[str, Callable[[int], Controller]] = {"random": RandomBot}


def bots_for(system: GameSystem | None) -> dict[str, Callable[[int], Controller]]:
    """Every bot that can play a game of ``system``: the core's and the system's."""
    return {**BOTS, **(dict(system.bots) if system is not None else {})}


def default_bot(system: GameSystem | None) -> str:
    """The system's first (best) bot, else ``random``."""
    return next(iter(system.bots), "random") if system is not None else "random"


def bot_seed(game_seed: int, seat: str) -> int:
    """A per-seat seed derived from the game seed (stable across runs and platforms)."""
    return (game_seed * 1_000_003 + sum((i + 1) * ord(ch) for i, ch in enumerate(seat))) & 0xFFFFFFFF


def make_bot(name: str, game_seed: int, seat: str, system: GameSystem | None = None) -> Controller:
    """The bot called ``name`` for ``seat`` in a game of ``system``.

    :raises KeyError: unknown bot name.
    """
    return bots_for(system)[name](bot_seed(game_seed, seat))
