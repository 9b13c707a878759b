"""Bots play games among reefs, a shoal and a rocky island at every level: every counter is
somewhere exactly once, aground ships stay put, and the captain bot strikes less than the random one."""

import pytest

from sog.bots.random_bot import RandomBot
from sog.game import SeatView
from sog.plugins.system import LEVELS
from sog.plugins.system.captain import CaptainBot
from sog.plugins.terrain.effects import aground

OPTIONS = ("reefs", "shoals", "coasts")


def _play(b, bot, turns=8):
    game = b.game
    b.place("reef-1", "test-reef", 300.0, 450.0)
    b.place("reef-2", "test-reef", 600.0, 450.0)
    b.place("shoal-1", "test-shoal", 450.0, 250.0, heading=45.0)
    b.place("isle", "test-island", 450.0, 650.0, heading=30.0)
    bots = {seat: bot(seed) for seed, seat in enumerate(("british", "french"))}
    grounded: dict[str, tuple] = {}
    game.advance()
    while not game.over and game.state.turn <= turns:
        for request in game.pending():
            game.submit(request.seat, request.id, bots[request.seat].decide(SeatView(game, request.seat), request))
        game.advance()
        for ship in game.ships():
            if aground(ship) is not None:
                pose = (ship.pose.x, ship.pose.y, ship.pose.heading)
                assert grounded.setdefault(ship.id, pose) == pose
    return game


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_bots_play_among_the_terrain(bench, level, seed):
    game = _play(bench(level=level, options=OPTIONS, seed=seed), RandomBot)
    placed = [(c.pool, c.index) for s in game.state.ships.values() for b in s.ship_track + s.crew_track for c in b.counters]
    placed += [(c.pool, c.index) for s in game.state.ships.values() for c in s.zero_box]
    in_cups = [(pid, i) for pid, pool in game.state.pools.items() for i in pool.bag]
    assert len(set(placed)) == len(placed) and not set(placed) & set(in_cups)


@pytest.mark.parametrize("level", LEVELS)
def test_captain_bots_play_among_the_terrain(bench, level):
    game = _play(bench(level=level, options=OPTIONS, seed=4), CaptainBot)
    assert game.state.turn >= 2


def test_random_bots_meet_the_terrain(bench):
    """Over a few games the random bots do strike reefs and run aground (the games above test something)."""
    kinds = set()
    for seed in range(1, 7):
        game = _play(bench(level="standard", options=OPTIONS, seed=seed), RandomBot, turns=12)
        kinds |= {kind for kind in ("reef-strike", "ran-aground") if game.log.of_kind(kind)}
    assert kinds == {"reef-strike", "ran-aground"}


@pytest.mark.parametrize("level", LEVELS)
def test_in_shallow_waters_games_with_reef_strikes_replay_exactly(library, catalogue, level):
    """A game of In Shallow Waters (its reefs and rocky island) played by random bots replays
    event for event (the terrain rules draw only with the game's generator and pools)."""
    from sog.replay import replay
    from sog.setup import new_game

    for seed in range(1, 12):
        game = new_game("in-shallow-waters", seed=seed, library=library, catalogue=catalogue, level=level)
        bots: dict[str, RandomBot] = {}
        game.advance()
        while not game.over and game.state.turn <= 12:
            for request in game.pending():
                bot = bots.setdefault(request.seat, RandomBot(seed + len(bots)))
                game.submit(request.seat, request.id, bot.decide(SeatView(game, request.seat), request))
            game.advance()
        if game.log.of_kind("reef-strike"):
            break
    assert game.log.of_kind("reef-strike")
    result = replay(game.log.header, game.log.events, library=library)
    assert result.events == len(game.log.events)
