"""Turn cost against fleet size: Enemy in Sight! tiled to 4, 8, 16, 32 and 60 ships.

Run: ``python benchmarks/bench_fleet.py`` (with ``sog`` importable). Issue 16's aim: a turn
with 60 ships costs at most 20 times a 4-ship turn (linear growth would be 15 times).

The scenario is built in memory from the built-in ``enemy-in-sight`` document: its 900 x 900
mm table with two British ships in the south set-up zone and two French in the north is one
*block*; a fleet of 4k ships is k blocks laid out in a grid (1x1, 2x1, 2x2, 4x2, 5x3), the
table grown to match, every block's ships and set-up zones shifted with it and given unique
ids (``terpsichore``, ``terpsichore-2``, ...). Every other row of blocks is mirrored north-south,
so that a block's ships start as far from any enemy as in the original (the French of one row
face the French of the next, 100 mm apart, instead of having British at their backs); the wind
stays from the east, so in a mirrored block it blows from the other beam. The density (ships per table area) is the
original's at every size. Every size plays the same seeds 1..R (``--repeats``) with the same
bot on both seats (``--bot``, default random) for up to T turns (``--turns``); a game that
ends earlier counts the turns it played. Only ``Game.run`` is timed (CPU time,
``time.process_time``; the wall-clock figure is printed beside it). After a warm-up game of
each size, the sizes are measured in turn ``--rounds`` times (default 5) and each size keeps
its fastest round. It prints one line per
size: CPU ms per turn, its ratio to the 4-ship turn, then the growth exponent fitted by least
squares to log(time per turn) against log(ships) (1.0 is linear).
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import replace

from sog.bots import bots_for, make_bot
from sog.packs.library import Library
from sog.packs.models import Pose, Zone
from sog.pluginmanager import create_catalogue
from sog.plugins.system.declaration import SYSTEM
from sog.setup import new_game

SCENARIO = "enemy-in-sight"
#: Ships and the grid of blocks (columns, rows) that makes them.
SIZES = {4: (1, 1), 8: (2, 1), 16: (2, 2), 32: (4, 2), 60: (5, 3)}


def tiled_library(library: Library, columns: int, rows: int) -> Library:
    """The library with ``enemy-in-sight`` replaced by its ``columns x rows`` tiling."""
    doc = library.scenario(SCENARIO)
    width, height = doc.table.width, doc.table.height
    ships = []
    for row in range(rows):
        for col in range(columns):
            block = row * columns + col
            dx, dy = col * width, row * height
            flip = row % 2 == 1  # mirrored north-south: its French face the French of the row below
            y_of = (lambda y, dy=dy: dy + height - y) if flip else (lambda y, dy=dy: dy + y)
            for entry in doc.ships:
                zone = entry.zone and Zone(x=(entry.zone.x[0] + dx, entry.zone.x[1] + dx),
                                           y=tuple(sorted((y_of(entry.zone.y[0]), y_of(entry.zone.y[1])))))
                heading = (180 - entry.pose.heading) % 360 if flip else entry.pose.heading
                ships.append(entry.model_copy(update={
                    "id": entry.id if block == 0 else f"{entry.id}-{block + 1}",
                    "pose": Pose(x=entry.pose.x + dx, y=y_of(entry.pose.y), heading=heading),
                    "zone": zone,
                }))
    table = doc.table.model_copy(update={"width": width * columns, "height": height * rows})
    tiled = doc.model_copy(update={"ships": tuple(ships), "table": table})
    entries = []
    for kind in library.kinds:
        for doc_id in library.ids(kind):
            entry = library.entry(kind, doc_id)
            entries.append(replace(entry, model=tiled) if (kind, doc_id) == ("scenario", SCENARIO) else entry)
    return Library(library.packs, entries, library.kinds)


def measure(library: Library, catalogue, bot: str, turns: int, repeats: int, level: str | None) -> tuple[float, float, int, int]:
    """CPU and wall seconds of ``Game.run`` over seeds 1..repeats, turns played, ships."""
    cpu = wall = 0.0
    played = ships = 0
    for seed in range(1, repeats + 1):
        game = new_game(SCENARIO, library=library, catalogue=catalogue, level=level, seed=seed)
        ships = len(game.state.ships)
        controllers = {seat: make_bot(bot, seed, seat, game.system) for seat in game.seats()}
        c0, w0 = time.process_time(), time.perf_counter()
        game.run(controllers, max_turns=turns)
        cpu += time.process_time() - c0
        wall += time.perf_counter() - w0
        played += game.state.turn
    return cpu, wall, played, ships


def slope(xs: list[float], ys: list[float]) -> float:
    """Least-squares slope of ys against xs."""
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=10, help="turns per game at most (default 10)")
    parser.add_argument("--repeats", type=int, default=5, help="games per size, seeds 1..N (default 5)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds over every size, the fastest kept per size (default 5)")
    parser.add_argument("--bot", choices=list(bots_for(SYSTEM)), default="random", help="the bot on both seats (default random)")
    parser.add_argument("--level", default=None, help="rules level (default: the scenario's, basic)")
    args = parser.parse_args()

    catalogue = create_catalogue()
    library = new_game(SCENARIO, catalogue=catalogue).content  # loads the packs once
    libraries = {size: tiled_library(library, columns, rows) for size, (columns, rows) in SIZES.items()}
    for size, tiled in libraries.items():  # warm-up: caches filled, lazy imports done
        assert measure(tiled, catalogue, args.bot, 2, 1, args.level)[3] == size
    best: dict[int, tuple[float, float, int]] = {}
    for _ in range(args.rounds):  # the sizes interleaved, so a busy moment hurts them alike
        for size, tiled in libraries.items():
            cpu, wall, played, _ships = measure(tiled, catalogue, args.bot, args.turns, args.repeats, args.level)
            if size not in best or cpu / played < best[size][0] / best[size][2]:
                best[size] = (cpu, wall, played)
    per_turn = {size: cpu / played for size, (cpu, _, played) in best.items()}
    print(f"{args.bot} bots, up to {args.turns} turns, seeds 1..{args.repeats}, fastest of {args.rounds} rounds")
    for size, (columns, rows) in SIZES.items():
        _cpu, wall, played = best[size]
        print(f"{size:3d} ships ({columns}x{rows} blocks, {columns * 900}x{rows * 900} mm): "
              f"{1000 * per_turn[size]:7.2f} ms CPU/turn ({1000 * wall / played:7.2f} ms wall), "
              f"{played} turns, ratio {per_turn[size] / per_turn[4]:5.2f} x the 4-ship turn", flush=True)
    exponent = slope([math.log(n) for n in per_turn], [math.log(t) for t in per_turn.values()])
    ratio = per_turn[60] / per_turn[4]
    print(f"fitted exponent {exponent:.2f} (time ~ ships^k); 60 ships / 4 ships = {ratio:.1f} x "
          f"(aim <= 20 x: {'met' if ratio <= 20 else 'not met'})")


if __name__ == "__main__":
    main()
