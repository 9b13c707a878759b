"""Play a game of Enemy in Sight! through the Python API, then draw the table.

Run: ``python examples/play_api.py [OUTPUT_FOLDER]`` (default: a new temporary folder).
It writes ``table.svg`` (the final table) and ``game.jsonl`` (the replayable log) there.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from sog.bots import make_bot
from sog.pluginmanager import create_catalogue
from sog.render.svg import table_svg
from sog.setup import new_game

#: The scenario has no turn limit (rulebook p. 21): stop here if a game has not ended by then.
MAX_TURNS = 200


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(tempfile.mkdtemp(prefix="sog-example-"))
    out.mkdir(parents=True, exist_ok=True)

    catalogue = create_catalogue()  # built-in rules and installed rule plugins
    print("rules available:", ", ".join(catalogue.rules))

    seed = 7
    # loads the built-in and installed packs; level and options default to the scenario's
    game = new_game("enemy-in-sight", catalogue=catalogue, level="basic", options=[], seed=seed)
    print("packs:", ", ".join(f"{p.name} {p.version}" for p in game.content.packs))
    print("rules in force:", ", ".join(game.rules.names))
    # one controller per seat: the captain commands the British, the French fire at random
    controllers = {"british": make_bot("captain", seed, "british", game.system),
                   "french": make_bot("random", seed, "french")}
    outcome = game.run(controllers, max_turns=MAX_TURNS)

    if outcome is None:
        print(f"stopped after turn {MAX_TURNS}; no result yet")
    else:
        winner = "draw" if outcome.winner is None else f"{outcome.winner} wins"
        print(f"result: {winner} after {game.state.turn} turns: {outcome.reason}")
    print("attacks:", len(game.log.of_kind("attack")), "events:", len(game.log.events))
    (out / "table.svg").write_text(table_svg(game), encoding="utf-8")
    (out / "game.jsonl").write_text(game.log.to_jsonl(), encoding="utf-8")
    print(f"wrote {out / 'table.svg'} and {out / 'game.jsonl'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
