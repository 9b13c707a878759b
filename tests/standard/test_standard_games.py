"""Whole Standard games of Enemy in Sight! played by bots: they end, replay, and repeat exactly."""

import pytest
from click.testing import CliRunner

from sog.bots import make_bot
from sog.cli.main import main
from sog.replay import replay

STANDARD_RULES = {"time-to-react", "veer", "taken-aback", "friendly-collisions", "raking", "ammunition"}


#: The turn limit of these games, set here (not taken from the scenario).
MAX_TURNS = 40


def _play(std_bench, seed, bot):
    game = std_bench(seed).game
    game.state.max_turns = MAX_TURNS
    outcome = game.run({seat: make_bot(bot, seed, seat, game.system) for seat in game.seats()}, max_turns=MAX_TURNS)
    return game, outcome


def _ended(game, outcome):
    assert outcome is not None and game.over and game.pending() == []
    assert game.state.turn <= MAX_TURNS
    standing = {side for side in game.state.sides if game.ships(side=side)}
    assert standing == {outcome.winner} if outcome.winner else len(standing) != 1


def test_the_standard_level_runs_every_standard_rule_on_top_of_the_basic_ones(std_bench):
    names = set(std_bench().game.rules.names)
    assert STANDARD_RULES <= names and {"movement", "combat", "damage", "reloading", "victory"} <= names
    assert "basic-planning" not in names
    order = list(std_bench().game.rules.names)
    assert order.index("veer") < order.index("taken-aback")  # the movement pipeline's order


@pytest.mark.parametrize("seed", range(20))
def test_random_bot_games_end(std_bench, seed):
    _ended(*_play(std_bench, seed, "random"))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_captain_bot_games_end_and_use_the_standard_rules(std_bench, seed):
    game, outcome = _play(std_bench, seed, "captain")
    _ended(game, outcome)
    planned = game.log.of_kind("planned")
    assert {e["data"]["slot"] for e in planned} == {1, 2}
    assert all(e["data"]["slot"] == 2 for e in planned if e["turn"] > 1)
    for attack in game.log.of_kind("attack"):
        if attack["data"]["ammunition"] in ("chain", "grapeshot"):
            assert attack["data"]["band"] == "red"  # the captain never wastes them beyond it
    loads = [a["answer"] for e in game.log.of_kind("decisions") for a in e["data"]["answers"] if ".load." in a["id"]]
    assert loads and all(a["ammunition"] is not None for a in loads)  # the captain always reloads


@pytest.mark.parametrize(("bot", "seed"), [("random", 4), ("captain", 5)])
def test_same_seed_gives_an_identical_log_and_the_log_replays(std_bench, library, bot, seed):
    first, _ = _play(std_bench, seed, bot)
    second, _ = _play(std_bench, seed, bot)
    assert first.log.to_jsonl() == second.log.to_jsonl() and len(first.log.events) > 20
    result = replay(first.log.header, first.log.events, library=library)
    assert result.events == len(first.log.events)


def test_sog_play_standard_plays_to_a_result():
    result = CliRunner().invoke(main, ["play", "enemy-in-sight", "--rules", "standard", "--quiet"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("result: ")
