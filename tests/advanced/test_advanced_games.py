"""Whole Advanced games of Enemy in Sight! played by bots: they end, replay and account for
every counter, and the same seed gives the same log byte for byte."""

import pytest

from sog.bots import make_bot
from sog.replay import replay

#: An explicit safety limit: Enemy in Sight! states no turn limit (p. 21), so a game is run
#: until it ends, or stops here (a test expecting an end then fails).
TURN_LIMIT = 200
RANDOM_SEEDS = range(20)
CAPTAIN_SEEDS = (1, 2, 3)


def _play(adv_bench, seed, bot):
    game = adv_bench(seed).game
    outcome = game.run({seat: make_bot(bot, seed, seat, game.system) for seat in game.seats()}, max_turns=TURN_LIMIT)
    return game, outcome


def _check_finished(game, outcome):
    assert outcome is not None and game.over and game.pending() == []
    assert game.state.turn <= TURN_LIMIT
    standing = {side for side in game.state.sides if game.ships(side=side)}
    if outcome.winner is not None:
        assert standing == {outcome.winner}
    sizes = {pid: game.content.pool(pid).size for pid in game.state.pools}
    held = dict.fromkeys(sizes, 0)
    for ship in game.ships():
        for counter in ship.zero_box + [c for box in ship.ship_track + ship.crew_track for c in box.counters]:
            held[counter.pool] += 1
    assert {pid: game.pools.remaining(pid) + held[pid] for pid in sizes} == sizes


@pytest.mark.parametrize("seed", RANDOM_SEEDS)
def test_random_bot_advanced_game_finishes(adv_bench, seed):
    game, outcome = _play(adv_bench, seed, "random")
    _check_finished(game, outcome)
    assert game.log.of_kind("actions-revealed")


@pytest.mark.parametrize("seed", CAPTAIN_SEEDS)
def test_captain_advanced_game_finishes_and_replays(adv_bench, adv_library, adv_catalogue, seed):
    game, outcome = _play(adv_bench, seed, "captain")
    _check_finished(game, outcome)
    result = replay(game.log.header, game.log.events, library=adv_library, catalogue=adv_catalogue)
    assert result.events == len(game.log.events)


@pytest.mark.parametrize(("bot", "seed"), [("random", 4), ("random", 11), ("captain", 2)])
def test_same_seed_gives_a_byte_identical_advanced_log(adv_bench, bot, seed):
    first, _ = _play(adv_bench, seed, bot)
    second, _ = _play(adv_bench, seed, bot)
    assert first.log.to_jsonl() == second.log.to_jsonl()


def test_the_captain_plans_sensible_actions(adv_bench):
    game, _ = _play(adv_bench, 1, "captain")
    revealed = [a for e in game.log.of_kind("actions-revealed") for a in e["data"]["actions"]]
    assert "fire-left" in revealed or "fire-right" in revealed
    assert "reload-left" in revealed or "reload-right" in revealed
    assert "increase-sails" not in revealed and "decrease-sails" not in revealed  # battle sails kept
    setup = [a["answer"] for e in game.log.of_kind("decisions") if e["turn"] == 1 for a in e["data"]["answers"] if ".sails." in a["id"]]
    assert setup == ["battle"] * 4 and not [e for e in game.log.of_kind("sails-changed") if e["data"]["reason"] == "set-up"]
    assert not game.log.of_kind("action-illegal")


def test_a_saved_advanced_game_continues_exactly(adv_bench, adv_library, adv_catalogue):
    from sog.savefile import dump_game, load_game

    whole, _ = _play(adv_bench, 7, "captain")
    game = adv_bench(7).game
    bots = {seat: make_bot("captain", 7, seat, game.system) for seat in game.seats()}
    game.run(bots, max_turns=5)
    assert any(s.ext["special-damage"] for s in game.ships(in_play=False))
    loaded = load_game(dump_game(game), library=adv_library, catalogue=adv_catalogue)
    loaded.run(bots, max_turns=TURN_LIMIT)
    assert loaded.log.to_jsonl() == whole.log.to_jsonl()
