"""Bots: controllers that decide from a seat's view only.

``make_bot(name, seed, seat)`` builds one by name; ``BOTS`` lists them. A bot's own random
choices use its own generator seeded from the game seed and seat, never the game's RNG, so
replays (which take decisions from the log) draw exactly the same counters.
"""

from __future__ import annotations

from collections.abc import Callable

from sog.bots.captain import CaptainBot
from sog.bots.random_bot import RandomBot
from sog.game import Controller

__all__ = ["BOTS", "CaptainBot", "RandomBot", "make_bot"]

#: Bot names and their classes; ``captain`` is the better bot.
BOTS: dict[str, Callable[[int], Controller]] = {"random": RandomBot, "captain": CaptainBot}


def bot_seed(game_seed: int, seat: str) -> int:
    """A per-seat seed derived from the game seed (stable across runs and platforms)."""
    return (game_seed * 1_000_003 + sum((i + 1) * ord(ch) for i, ch in enumerate(seat))) & 0xFFFFFFFF


def make_bot(name: str, game_seed: int, seat: str) -> Controller:
    """The bot called ``name`` for ``seat``.

    :raises KeyError: unknown bot name.
    """
    return BOTS[name](bot_seed(game_seed, seat))
