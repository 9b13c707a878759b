"""Whole games per second: Enemy in Sight! played by bots on one core.

Run: ``python benchmarks/bench_games.py`` (with ``sog`` importable). It plays seeds 1..N
with the same bot on every seat and prints, per bot, e.g.::

    random: 200 games in 1.9 s = 105 games/s (mean 14.2 turns; 1.8 s CPU = 111 games/s)

The first figures are wall-clock time (``time.perf_counter``); the CPU figures
(``time.process_time``) are steadier when other programs share the machine. Packs and
rules are loaded once, outside the timing; each game's time covers ``new_game`` (state,
plugin manager, setup) and ``Game.run`` to the end. The design aim is 100 random-bot games
per second under the Basic rules. ``--rounds N`` plays the games N times and reports the
fastest round (steadier on a busy machine). ``--profile`` prints the top
functions by cumulative time instead of timing (cProfile slows everything down).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from sog.bots import bots_for, make_bot
from sog.plugins.system.declaration import SYSTEM
from sog.pluginmanager import create_catalogue
from sog.plugins.system import LEVELS
from sog.setup import new_game

SCENARIO = "enemy-in-sight"
#: Games per bot when ``--games`` is not given: the captain tries every card, so fewer.
DEFAULT_GAMES = {"random": 200, "captain": 20}
#: The scenario has no turn limit (rulebook p. 21): a game still going after this many turns fails.
MAX_TURNS = 200


def play(seed: int, bot: str, level: str, library, catalogue) -> int:
    """Play one game to the end; return the number of turns played."""
    game = new_game(SCENARIO, library=library, catalogue=catalogue, level=level, seed=seed)
    outcome = game.run({seat: make_bot(bot, seed, seat, game.system) for seat in game.seats()}, max_turns=MAX_TURNS)
    assert outcome is not None, f"seed {seed}: the game did not end within {MAX_TURNS} turns"
    return game.state.turn


def bench(bot: str, games: int, level: str, library, catalogue, rounds: int = 1) -> str:
    """Play the games ``rounds`` times; report the fastest round (wall-clock and CPU apart)."""
    best_wall = best_cpu = float("inf")
    for _ in range(rounds):
        turns = 0
        cpu, start = time.process_time(), time.perf_counter()
        for seed in range(1, games + 1):
            turns += play(seed, bot, level, library, catalogue)
        best_wall = min(best_wall, time.perf_counter() - start)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    fastest = f", fastest of {rounds} rounds" if rounds > 1 else ""
    return (f"{bot}: {games} games in {best_wall:.1f} s = {games / best_wall:.0f} games/s "
            f"(mean {turns / games:.1f} turns; {best_cpu:.1f} s CPU = {games / best_cpu:.0f} games/s{fastest})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help="games per bot (default: random 200, captain 20)")
    parser.add_argument("--bot", choices=[*bots_for(SYSTEM), "all"], default="all", help="which bot plays (default: each in turn)")
    parser.add_argument("--level", choices=LEVELS, default="basic", help="rules level (default: basic)")
    parser.add_argument("--rounds", type=int, default=1, help="play the games this many times, report the fastest (default: 1)")
    parser.add_argument("--profile", action="store_true", help="profile the games instead; print the top 25 by cumulative time")
    args = parser.parse_args()

    catalogue = create_catalogue()
    library = new_game(SCENARIO, catalogue=catalogue, level=args.level).content  # loads the packs once
    bots = list(bots_for(SYSTEM)) if args.bot == "all" else [args.bot]
    bots.sort(key=lambda b: b != "random")
    for bot in bots:
        games = args.games or DEFAULT_GAMES.get(bot, 20)
        if args.profile:
            profiler = cProfile.Profile()
            profiler.runcall(bench, bot, games, args.level, library, catalogue)
            print(f"{bot}: profile of {games} games")
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
        else:
            print(bench(bot, games, args.level, library, catalogue, args.rounds), flush=True)


if __name__ == "__main__":
    main()
