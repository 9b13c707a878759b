"""Memory over many games in one process (issue 16: no memory growth over 10,000 games).

Run: ``python benchmarks/bench_memory.py`` (``--games 10000 --level basic --bot random``).
It plays *Enemy in Sight!* seeds 1..N one after the other in this process, as ``sog simulate
--workers 1`` does (packs and plugin catalogue loaded once, a new game each time), and every
``--every`` games collects garbage and records the resident set size (``VmRSS``) and the
number of objects the collector tracks. It prints the table, then the growth from the first
checkpoint (after the warm-up: caches filled, allocator arenas grown) to the last, and the
fitted slope per 1,000 games of both figures. A leak shows as a slope that stays positive; a
flat run shows objects within a few hundred and RSS within a few MB.
"""

from __future__ import annotations

import argparse
import gc
import time
from pathlib import Path

from sog.bots import make_bot
from sog.pluginmanager import create_catalogue
from sog.plugins.system import LEVELS
from sog.packs.loader import load_library
from sog.setup import new_game

SCENARIO = "enemy-in-sight"
MAX_TURNS = 200


def rss_mb() -> float:
    """This process's resident set size in MB (Linux ``/proc``)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def slope(xs: list[float], ys: list[float]) -> float:
    """Least-squares slope of ys against xs."""
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den if den else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--every", type=int, default=1_000, help="games between checkpoints (default 1000)")
    parser.add_argument("--warmup", type=int, default=200, help="games before the first checkpoint (default 200)")
    parser.add_argument("--level", choices=LEVELS, default="basic")
    parser.add_argument("--bot", default="random")
    args = parser.parse_args()

    library, catalogue = load_library(), create_catalogue()
    rows: list[tuple[int, float, int]] = []
    start = time.perf_counter()
    for seed in range(1, args.games + 1):
        game = new_game(SCENARIO, library=library, catalogue=catalogue, level=args.level, seed=seed)
        game.run({seat: make_bot(args.bot, seed, seat, game.system) for seat in game.seats()}, max_turns=MAX_TURNS)
        del game
        if seed == args.warmup or (seed > args.warmup and (seed - args.warmup) % args.every == 0) or seed == args.games:
            gc.collect()
            rows.append((seed, rss_mb(), len(gc.get_objects())))
            print(f"{seed:>7} games  RSS {rows[-1][1]:8.1f} MB  objects {rows[-1][2]:>9,}", flush=True)
    elapsed = time.perf_counter() - start
    (g0, r0, o0), (g1, r1, o1) = rows[0], rows[-1]
    xs = [g / 1000 for g, _, _ in rows]
    print(f"{args.games} {args.level} games ({args.bot} bots) in {elapsed:.0f} s; from game {g0} to {g1}: "
          f"RSS {r1 - r0:+.1f} MB, objects {o1 - o0:+,}; slope per 1,000 games: "
          f"RSS {slope(xs, [r for _, r, _ in rows]):+.2f} MB, objects {slope(xs, [float(o) for _, _, o in rows]):+.0f}")


if __name__ == "__main__":
    main()
