"""Whole Basic games of Enemy in Sight! played by bots: they end, and they replay exactly."""

import pytest

from sog.bots import make_bot

SEEDS = range(30)
#: An explicit safety limit: Enemy in Sight! states no turn limit (p. 21), so a game is run
#: until it ends, or stops here (a test expecting an end then fails).
TURN_LIMIT = 200


def _play(bench, seed, bot):
    b = bench(seed)
    game = b.game
    outcome = game.run({seat: make_bot(bot, seed, seat, game.system) for seat in game.seats()}, max_turns=TURN_LIMIT)
    return game, outcome


def test_enemy_in_sight_sets_up_two_ships_a_side_within_half_a_ruler_of_their_edge(bench):
    """Rulebook p. 21: 90 x 90 cm; each side within half a ruler of its own edge; the wind from
    the right of the British side (the British face north, so it blows from the east)."""
    from sog.plugins.system.tabletop import rect_of, ruler_of

    game = bench().game
    half = ruler_of(game).length / 2
    assert game.state.table == {"width": 900.0, "height": 900.0} and game.state.wind.from_ == 90.0
    for side, inside in (("british", lambda r: r.extent()[3] <= half), ("french", lambda r: r.extent()[1] >= 900.0 - half)):
        ships = game.ships(side=side)
        assert len(ships) == 2 and all(inside(rect_of(game, s)) for s in ships)
    assert {s.pose.heading for s in game.ships(side="british")} == {0.0}
    assert all(s.broadsides[side].loaded == "ball" for s in game.ships() for side in ("left", "right"))


def test_enemy_in_sight_states_no_turn_limit(bench, library):
    """Rulebook p. 21 gives no turn limit: the scenario sets none, and games run past turn 40
    until one side has no ship left."""
    assert library.scenario("enemy-in-sight").max_turns is None
    games = [_play(bench, seed, "random")[0] for seed in range(60)]
    assert all(g.over and g.state.max_turns is None and not g.log.of_kind("turn-limit") for g in games)
    assert max(g.state.turn for g in games) > 40


@pytest.mark.parametrize("seed", SEEDS)
def test_random_bot_game_ends_with_a_result_within_the_turn_limit(bench, seed):
    game, outcome = _play(bench, seed, "random")
    assert outcome is not None and game.over
    assert game.state.turn <= TURN_LIMIT and game.state.max_turns is None
    standing = {side for side in game.state.sides if game.ships(side=side)}
    if outcome.winner is not None:
        assert standing == {outcome.winner}
    else:
        assert len(standing) != 1
    assert game.log.of_kind("game-over")[-1]["data"] == {"winner": outcome.winner, "reason": outcome.reason}
    assert game.pending() == []


@pytest.mark.parametrize(("bot", "seed"), [("random", 4), ("random", 11), ("captain", 3), ("captain", 8)])
def test_same_seed_and_bots_give_a_byte_identical_log(bench, bot, seed):
    first, _ = _play(bench, seed, bot)
    second, _ = _play(bench, seed, bot)
    assert first.log.to_jsonl() == second.log.to_jsonl()
    assert len(first.log.events) > 20


def test_different_seeds_give_different_games(bench):
    assert _play(bench, 1, "random")[0].log.to_jsonl() != _play(bench, 2, "random")[0].log.to_jsonl()


def test_every_counter_is_accounted_for_at_the_end(bench):
    """Counters are only ever in a cup, on a ship in play, or in a zero box: none lost or doubled."""
    for seed in (5, 17):
        game, _ = _play(bench, seed, "random")
        sizes = {pid: game.content.pool(pid).size for pid in game.state.pools}
        held = {pid: 0 for pid in sizes}
        for ship in game.ships():
            for counter in ship.zero_box + [c for box in ship.ship_track + ship.crew_track for c in box.counters]:
                held[counter.pool] += 1
        assert {pid: game.pools.remaining(pid) + held[pid] for pid in sizes} == sizes
