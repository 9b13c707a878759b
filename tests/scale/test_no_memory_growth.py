"""Many games in one process keep no memory (issue 16; ``benchmarks/bench_memory.py`` runs
10,000): after the warm-up games fill the bounded caches (about 100 games), the objects the garbage
collector tracks stay the same from game to game."""

from __future__ import annotations

import gc

from sog.bots import make_bot
from sog.packs.loader import load_library
from sog.pluginmanager import create_catalogue
from sog.setup import new_game


def _tracked_after(games: range, library: object, catalogue: object, level: str) -> int:
    for seed in games:
        game = new_game("enemy-in-sight", library=library, catalogue=catalogue, level=level, seed=seed)
        game.run({seat: make_bot("random", seed, seat, game.system) for seat in game.seats()}, max_turns=30)
        del game
    gc.collect()
    return len(gc.get_objects())


def test_games_played_one_after_another_leave_no_objects_behind() -> None:
    library, catalogue = load_library(), create_catalogue()
    warm = _tracked_after(range(1, 151), library, catalogue, "basic")
    later = _tracked_after(range(151, 231), library, catalogue, "basic")
    assert later - warm < 100, f"{later - warm} more objects after 80 more games"
