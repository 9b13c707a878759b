"""How the captain bot sails: captain-vs-captain games per rules level, counted from their events.

Run: ``python benchmarks/bench_captain.py`` (with ``sog`` importable). For each level it plays
seeds 1..N of a scenario (default *Enemy in Sight!*) with the captain on every seat and prints
one line per level, e.g.::

    basic: 30 games, 80 eliminated: 28 left the table, 52 other {'left-table': 28, 'surrendered': 52};
    2281 moves, 30.1% end taken aback (4.2% begun free), 27.9% made taken aback; british 12, french 18,
    draws 0; mean 24.8 turns; 10.8 s CPU

* *left the table*: ``ship-removed`` events with the status ``left-table`` (the movement rule's);
  *other*: every other ``ship-removed`` (surrendered, sunk, exploded, ...);
* *moves*: ``ship-moved`` events of the captain's ships; *end taken aback*: those whose final
  heading faces the wind as it blows when the move is seen, and *begun free*: those of them that
  began with the ship not taken aback (a move into the wind, the choice that costs the next
  moves); *made taken aback*: those executed taken aback (the event's attitude: a Standard red
  card, a Basic backing card);
* wins by side, draws (no winner, or the turn limit), mean turns, CPU time (``time.process_time``).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from sog.bots import make_bot
from sog.pluginmanager import create_catalogue
from sog.plugins.system import LEVELS
from sog.plugins.system.tabletop import attitude_of
from sog.setup import new_game

SCENARIO = "enemy-in-sight"
LEFT_TABLE = "left-table"
ABACK = "taken-aback"
MAX_TURNS = 200


@dataclass
class Tally:
    """What the games of one level add up to."""

    games: int = 0
    left: int = 0
    other: int = 0
    moves: int = 0
    end_aback: int = 0
    entered_aback: int = 0
    moved_aback: int = 0
    turns: int = 0
    wins: Counter = field(default_factory=Counter)
    statuses: Counter = field(default_factory=Counter)


def play(seed: int, level: str, scenario: str, options: list[str], library: Any, catalogue: Any, tally: Tally) -> None:
    """Play one captain-vs-captain game and add its events to ``tally``."""
    game = new_game(scenario, library=library, catalogue=catalogue, level=level, add_options=options, seed=seed)

    def observe(events: list[dict[str, Any]]) -> None:
        for event in events:
            data = event["data"]
            if event["kind"] == "ship-removed" and not data.get("model_only"):
                tally.statuses[data["status"]] += 1
                if data["status"] == LEFT_TABLE:
                    tally.left += 1
                else:
                    tally.other += 1
            elif event["kind"] == "ship-moved" and data.get("card") is not None:
                ship = game.state.ships[data["ship"]]
                tally.moves += 1
                began, ended = data.get("attitude") == ABACK, attitude_of(game, ship, heading=data["after"]["heading"]) == ABACK
                tally.moved_aback += began
                tally.end_aback += ended
                tally.entered_aback += ended and not began

    bots = {seat: make_bot("captain", seed, seat, game.system) for seat in game.seats()}
    outcome = game.run(bots, max_turns=MAX_TURNS, observer=observe)
    tally.games += 1
    tally.turns += game.state.turn
    tally.wins[outcome.winner if outcome is not None and outcome.winner else "draw"] += 1


def report(level: str, tally: Tally, cpu: float) -> str:
    moves = max(tally.moves, 1)
    wins = ", ".join(f"{side} {n}" for side, n in sorted(tally.wins.items()) if side != "draw")
    return (f"{level}: {tally.games} games, {tally.left + tally.other} eliminated: {tally.left} left the table, "
            f"{tally.other} other {dict(sorted(tally.statuses.items()))}; {tally.moves} moves, "
            f"{100 * tally.end_aback / moves:.1f}% end taken aback ({100 * tally.entered_aback / moves:.1f}% begun free), "
            f"{100 * tally.moved_aback / moves:.1f}% made taken aback; {wins}, draws {tally.wins['draw']}; mean {tally.turns / max(tally.games, 1):.1f} turns; "
            f"{cpu:.1f} s CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per level (seeds 1..N; default 20)")
    parser.add_argument("--level", choices=[*LEVELS, "all"], default="all", help="rules level (default: each in turn)")
    parser.add_argument("--scenario", default=SCENARIO, help=f"scenario id (default {SCENARIO})")
    parser.add_argument("--option", action="append", default=[], help="an optional rule to switch on (repeatable)")
    args = parser.parse_args()

    catalogue = create_catalogue()
    levels = list(LEVELS) if args.level == "all" else [args.level]
    library = new_game(args.scenario, catalogue=catalogue, level=levels[0]).content  # loads the packs once
    for level in levels:
        tally = Tally()
        cpu = time.process_time()
        for seed in range(1, args.games + 1):
            play(seed, level, args.scenario, args.option, library, catalogue, tally)
        print(report(level, tally, time.process_time() - cpu), flush=True)


if __name__ == "__main__":
    main()
