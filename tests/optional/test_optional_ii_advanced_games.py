"""Whole random-bot games at the Advanced level with every pair of aiming high, ammunition explosion,
sinking ships, spreading fires and boarding; and the five together, replayed.

Two starts: the melee start of :mod:`opt2_bench` (the lines broadside to broadside within
range), and a *boarding* start where the four ships lie base against base on one line, HMS
Terpsichore and the Généreux already burning and leaking with two fire and two water damage
markers on their tracks, so that explosions, sinkings, spreading fires and boardings can all
happen at once. The replays start from the scenario's own set-up (a log replays only that).
"""

import itertools

import pytest

from opt2_bench import SCENARIO, random_game  # noqa: F401  (fixtures)
from opt3_bench import LINE
from sog.bots import make_bot
from sog.plugins.advanced.mat import FIRE_DAMAGE, WATER_DAMAGE, place_hull_marker, special
from sog.replay import replay
from sog.setup import new_game
from sog.state import PoseState

OPTIONS = ("aiming-high", "ammunition-explosion", "sinking-ships", "spreading-fires", "boarding")
MAX_TURNS = 5
BURNING = ("terpsichore", "genereux")


def boarding_start_game(library, catalogue, options, seed, max_turns):  # noqa: F811
    game = new_game(SCENARIO, level="advanced", seed=seed, library=library, catalogue=catalogue, options=list(options))
    for ship in game.ships():
        ship.pose = PoseState(x=LINE[ship.id], y=450.0, heading=0.0)
        if ship.id in BURNING:
            special(ship).update(fire=1, leak=1)
            for marker in (FIRE_DAMAGE, FIRE_DAMAGE, WATER_DAMAGE, WATER_DAMAGE):
                place_hull_marker(ship.ship_track, marker)
    game.run({seat: make_bot("random", seed, seat) for seat in game.seats()}, max_turns=max_turns)
    return game


@pytest.mark.parametrize("pair", list(itertools.combinations(OPTIONS, 2)), ids="+".join)
def test_every_pair_plays_a_random_bot_game_from_the_melee_start(library, catalogue, pair):  # noqa: F811
    game = random_game(library, catalogue, "advanced", pair, seed=len(pair[0]) + len(pair[1]), max_turns=MAX_TURNS, melee=True)
    assert set(pair) <= set(game.rules.names)
    assert game.over or game.state.turn == MAX_TURNS


@pytest.mark.parametrize("pair", list(itertools.combinations(OPTIONS, 2)), ids="+".join)
def test_every_pair_plays_a_random_bot_game_from_the_boarding_start(library, catalogue, pair):  # noqa: F811
    game = boarding_start_game(library, catalogue, pair, seed=len(pair[0]) * len(pair[1]), max_turns=MAX_TURNS)
    assert game.over or game.state.turn == MAX_TURNS
    kinds = {e["kind"] for e in game.log.events}
    if "ammunition-explosion" in pair:
        assert "ammunition-explosion-draw" in kinds
    if "sinking-ships" in pair:
        assert "sinking-ships-draw" in kinds


@pytest.mark.parametrize("seed", [1, 2])
def test_all_five_together_replay_exactly(library, catalogue, seed):  # noqa: F811
    game = random_game(library, catalogue, "advanced", OPTIONS, seed=seed, max_turns=40)
    result = replay(game.log.header, game.log.events, library=library)
    assert result.events == len(game.log.events) > 50


def test_the_five_options_all_act_in_random_games_and_repeat_exactly(library, catalogue):  # noqa: F811
    kinds = set()
    for seed in range(1, 13):
        burning = boarding_start_game(library, catalogue, OPTIONS, seed=seed, max_turns=12)
        assert boarding_start_game(library, catalogue, OPTIONS, seed=seed, max_turns=12).log.to_jsonl() == burning.log.to_jsonl()
        for game in (burning, random_game(library, catalogue, "advanced", OPTIONS, seed=seed, max_turns=40, melee=True)):
            kinds |= {e["kind"] for e in game.log.events}
            kinds |= {e["data"]["status"] for e in game.log.of_kind("ship-removed")}
    assert {"aimed-high", "ammunition-explosion-draw", "explosion-damage", "sinking-ships-draw", "boarding-round"} <= kinds
    assert {"exploded", "sunk"} <= kinds
